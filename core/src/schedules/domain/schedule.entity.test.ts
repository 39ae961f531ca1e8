import { describe, expect, it } from 'vitest';
import { overlapsBreak, validateBlockTimes } from './block.entity';
import { datesOnWeekdays, placeSchedule, timeOfDayOn, validateDateRange } from './schedule.entity';

const owner = { clinicId: '1', staffId: '2', categoryId: null };
const times = (overrides: Partial<Parameters<typeof placeSchedule>[0]> = {}) => ({
  date: '2030-01-07',
  start: '10:00',
  end: '19:00',
  breaks: [{ start: '13:00', end: '14:00' }],
  ...overrides,
});
const paths = (result: ReturnType<typeof placeSchedule>) => (result.ok ? [] : (result.error.fields ?? []).map((field) => field.path));

describe('placeSchedule', () => {
  it('places a schedule in Asia/Tokyo time', () => {
    const placed = placeSchedule(times(), owner);
    expect(placed).toEqual({
      ok: true,
      value: {
        ...owner,
        date: '2030-01-07',
        start: '10:00',
        end: '19:00',
        startsAt: '2030-01-07T10:00:00+09:00',
        endsAt: '2030-01-07T19:00:00+09:00',
        breaks: [{ start: '13:00', end: '14:00', startsAt: '2030-01-07T13:00:00+09:00', endsAt: '2030-01-07T14:00:00+09:00' }],
      },
    });
  });

  it('lets a schedule end at midnight, the next day', () => {
    const placed = placeSchedule(times({ start: '18:00', end: '24:00', breaks: [] }), owner);
    expect(placed.ok && placed.value.endsAt).toBe('2030-01-08T00:00:00+09:00');
  });

  it('keeps times on the 15-minute grid and the end after the start', () => {
    expect(paths(placeSchedule(times({ start: '10:05' }), owner))).toEqual(['start']);
    expect(paths(placeSchedule(times({ end: '25:00' }), owner))).toEqual(['end']);
    expect(paths(placeSchedule(times({ start: '19:00', end: '10:00', breaks: [] }), owner))).toEqual(['end']);
    expect(paths(placeSchedule(times({ date: '2030-13-01' }), owner))).toEqual(['date']);
  });

  it('keeps breaks inside the schedule, in order, and apart', () => {
    expect(paths(placeSchedule(times({ breaks: [{ start: '09:45', end: '10:30' }] }), owner))).toEqual(['breaks.0']);
    expect(paths(placeSchedule(times({ breaks: [{ start: '18:30', end: '19:15' }] }), owner))).toEqual(['breaks.0']);
    expect(paths(placeSchedule(times({ breaks: [{ start: '14:00', end: '13:00' }] }), owner))).toEqual(['breaks.0.end']);
    expect(
      paths(
        placeSchedule(
          times({
            breaks: [
              { start: '15:00', end: '16:00' },
              { start: '13:00', end: '15:15' },
            ],
          }),
          owner,
        ),
      ),
    ).toEqual(['breaks.0']);
    const touching = placeSchedule(
      times({
        breaks: [
          { start: '15:00', end: '15:15' },
          { start: '13:00', end: '15:00' },
        ],
      }),
      owner,
    );
    expect(touching.ok && touching.value.breaks.map((pause) => pause.start)).toEqual(['13:00', '15:00']);
  });

  it('reads an instant back as a time of day on its date', () => {
    expect(timeOfDayOn('2030-01-07', new Date('2030-01-07T01:15:00Z'))).toBe('10:15');
    expect(timeOfDayOn('2030-01-07', '2030-01-08T00:00:00+09:00')).toBe('24:00');
  });
});

describe('date ranges and weekly patterns', () => {
  it('allows at most 92 days, in order', () => {
    expect(validateDateRange('2030-01-01', '2030-04-02').ok).toBe(true);
    expect(validateDateRange('2030-01-01', '2030-04-03')).toMatchObject({ ok: false, error: { fields: [{ path: 'to' }] } });
    expect(validateDateRange('2030-01-02', '2030-01-01').ok).toBe(false);
    expect(validateDateRange('2030-1-1', '2030-01-01').ok).toBe(false);
  });

  it('picks the dates of the weekdays (0 = Sunday)', () => {
    const range = validateDateRange('2030-01-01', '2030-01-14');
    if (!range.ok) throw new Error('range');
    expect(datesOnWeekdays(range.value.from, range.value.to, [0, 1])).toEqual(['2030-01-06', '2030-01-07', '2030-01-13', '2030-01-14']);
  });
});

describe('blocks', () => {
  it('keeps block times on the grid, in order, with an offset', () => {
    expect(validateBlockTimes('2030-01-07T10:00:00+09:00', '2030-01-07T01:30:00Z')).toEqual({
      ok: true,
      value: { startsAt: '2030-01-07T10:00:00+09:00', endsAt: '2030-01-07T10:30:00+09:00' },
    });
    expect(validateBlockTimes('2030-01-07T10:20:00+09:00', '2030-01-07T11:00:00+09:00')).toMatchObject({
      ok: false,
      error: { fields: [{ path: 'startsAt' }] },
    });
    expect(validateBlockTimes('2030-01-07T10:00:00', '2030-01-07T11:00:00+09:00').ok).toBe(false);
    expect(validateBlockTimes('2030-01-07T11:00:00+09:00', '2030-01-07T11:00:00+09:00').ok).toBe(false);
  });

  it('finds an overlap with a break, not with the edges', () => {
    const schedules = [
      { id: '1', clinicId: '1', staffId: '2', date: '2030-01-07', start: '10:00', end: '19:00', breaks: [{ start: '13:00', end: '14:00' }], categoryId: null },
    ];
    expect(overlapsBreak('2030-01-07T12:00:00+09:00', '2030-01-07T13:15:00+09:00', schedules)).toBe(true);
    expect(overlapsBreak('2030-01-07T12:00:00+09:00', '2030-01-07T13:00:00+09:00', schedules)).toBe(false);
    expect(overlapsBreak('2030-01-07T14:00:00+09:00', '2030-01-07T15:00:00+09:00', schedules)).toBe(false);
  });
});
