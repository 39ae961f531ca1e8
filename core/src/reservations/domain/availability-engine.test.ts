import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AvailabilityEngine, SLOT_MS, type AvailabilityQuery, type EngineBusy, type EngineSchedule } from './availability-engine';
import { bookingDays, type ClinicCalendar } from './booking-calendar';

const ZONE = 'Asia/Tokyo';
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const hhmm = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('MM-dd HH:mm');

const calendar = (overrides: Partial<ClinicCalendar> = {}): ClinicCalendar => ({
  zone: ZONE,
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '13:00' })),
  breaks: [],
  holidays: new Set(),
  ...overrides,
});

const schedule = (
  staffId: string,
  date: string,
  start = '10:00',
  end = '13:00',
  breaks: Array<[string, string]> = [],
  categoryId: string | null = null,
): EngineSchedule => ({
  staffId,
  startMs: at(`${date}T${start}`),
  endMs: at(`${date}T${end}`),
  breaks: breaks.map(([a, b]) => [at(`${date}T${a}`), at(`${date}T${b}`)] as const),
  categoryId,
});

const query = (overrides: Partial<AvailabilityQuery> = {}): AvailabilityQuery => ({
  days: bookingDays(calendar(), '2026-12-01', '2026-12-01'),
  tasks: [{ durationMinutes: 60, needsStaff: true, roomIds: ['r1'], machineIds: [] }],
  menuCategoryId: 'c1',
  staffIds: ['s1'],
  roomIds: ['r1'],
  machineIds: [],
  schedules: [schedule('s1', '2026-12-01')],
  busy: [],
  earliestStartMs: 0,
  latestStartMs: Number.MAX_SAFE_INTEGER,
  ...overrides,
});

const starts = (q: AvailabilityQuery) => new AvailabilityEngine(q).search().map((slot) => hhmm(slot.startMs));

describe('AvailabilityEngine', () => {
  it('offers every quarter-hour at which the menu fits inside opening hours', () => {
    expect(starts(query())).toEqual([
      '12-01 10:00',
      '12-01 10:15',
      '12-01 10:30',
      '12-01 10:45',
      '12-01 11:00',
      '12-01 11:15',
      '12-01 11:30',
      '12-01 11:45',
      '12-01 12:00',
    ]);
  });

  it('assigns the staff member and room it would book', () => {
    const [first] = new AvailabilityEngine(query()).search();
    expect(first).toEqual({
      startMs: at('2026-12-01T10:00'),
      endMs: at('2026-12-01T11:00'),
      tasks: [{ startMs: at('2026-12-01T10:00'), endMs: at('2026-12-01T11:00'), staffId: 's1', roomId: 'r1', machineId: null }],
    });
  });

  it('leaves out booked time, but lets back-to-back bookings through', () => {
    const busy: EngineBusy[] = [{ type: 'STAFF', id: 's1', startMs: at('2026-12-01T11:00'), endMs: at('2026-12-01T12:00') }];
    expect(starts(query({ busy }))).toEqual(['12-01 10:00', '12-01 12:00']);
  });

  it('blocks any quarter-hour a busy range touches', () => {
    const busy: EngineBusy[] = [{ type: 'ROOM', id: 'r1', startMs: at('2026-12-01T10:50'), endMs: at('2026-12-01T11:05') }];
    expect(starts(query({ busy }))).toEqual(['12-01 11:15', '12-01 11:30', '12-01 11:45', '12-01 12:00']);
  });

  it('chooses staff by priority, the next one when the first is busy', () => {
    const q = query({
      staffIds: ['s2', 's1'],
      schedules: [schedule('s1', '2026-12-01'), schedule('s2', '2026-12-01')],
      busy: [{ type: 'STAFF', id: 's2', startMs: at('2026-12-01T10:00'), endMs: at('2026-12-01T11:00') }],
      tasks: [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
    });
    const slots = new AvailabilityEngine(q).search();
    expect(slots[0]!.tasks[0]!.staffId).toBe('s1');
    expect(slots.find((slot) => slot.startMs === at('2026-12-01T11:00'))!.tasks[0]!.staffId).toBe('s2');
  });

  it('respects staff breaks, schedules that name another category, and unscheduled staff', () => {
    expect(starts(query({ schedules: [schedule('s1', '2026-12-01', '10:00', '13:00', [['11:00', '12:00']])] }))).toEqual(['12-01 10:00', '12-01 12:00']);
    expect(starts(query({ schedules: [schedule('s1', '2026-12-01', '10:00', '13:00', [], 'other')] }))).toEqual([]);
    expect(starts(query({ schedules: [schedule('s1', '2026-12-01', '10:00', '13:00', [], 'c1')] }))).toHaveLength(9);
    expect(starts(query({ schedules: [] }))).toEqual([]);
  });

  it('fits a task sequence with different resources per task', () => {
    const q = query({
      tasks: [
        { durationMinutes: 30, needsStaff: true, roomIds: ['counsel'], machineIds: [] },
        { durationMinutes: 60, needsStaff: true, roomIds: ['r1'], machineIds: ['m1'] },
        { durationMinutes: 15, needsStaff: false, roomIds: ['r1'], machineIds: [] },
      ],
      roomIds: ['r1', 'counsel'],
      machineIds: ['m1'],
      busy: [{ type: 'MACHINE', id: 'm1', startMs: at('2026-12-01T11:00'), endMs: at('2026-12-01T11:15') }],
    });
    const slots = new AvailabilityEngine(q).search();
    // 105 minutes in 10:00–13:00; the machine is needed from start+30 to start+90, and is busy 11:00–11:15.
    expect(slots.map((slot) => hhmm(slot.startMs))).toEqual(['12-01 10:45', '12-01 11:00', '12-01 11:15']);
    expect(slots[0]!.tasks.map((task) => [hhmm(task.startMs), task.staffId, task.roomId, task.machineId])).toEqual([
      ['12-01 10:45', 's1', 'counsel', null],
      ['12-01 11:15', 's1', 'r1', 'm1'],
      ['12-01 12:15', null, 'r1', null],
    ]);
  });

  it('keeps the visit out of clinic breaks, holidays, the lead time and the 90-day limit', () => {
    const withBreak = bookingDays(calendar({ breaks: [{ weekday: null, start: '11:00', end: '11:30' }] }), '2026-12-01', '2026-12-01');
    expect(starts(query({ days: withBreak }))).toEqual(['12-01 10:00', '12-01 11:30', '12-01 11:45', '12-01 12:00']);
    const holiday = bookingDays(calendar({ holidays: new Set(['2026-12-01']) }), '2026-12-01', '2026-12-01');
    expect(starts(query({ days: holiday }))).toEqual([]);
    expect(starts(query({ earliestStartMs: at('2026-12-01T11:50') }))).toEqual(['12-01 12:00']);
    expect(starts(query({ latestStartMs: at('2026-12-01T10:30') }))).toEqual(['12-01 10:00', '12-01 10:15']);
  });

  it('cuts a schedule by several breaks, unsorted and overlapping', () => {
    const q = query({
      tasks: [{ durationMinutes: 15, needsStaff: true, roomIds: [], machineIds: [] }],
      schedules: [
        schedule('s1', '2026-12-01', '10:00', '13:00', [
          ['12:00', '12:20'],
          ['10:15', '10:45'],
          ['10:30', '11:00'],
        ]),
      ],
    });
    expect(starts(q)).toEqual(['12-01 10:00', '12-01 11:00', '12-01 11:15', '12-01 11:30', '12-01 11:45', '12-01 12:30', '12-01 12:45']);
  });

  it('is not held up by rooms and machines no task can use', () => {
    const busy: EngineBusy[] = [
      { type: 'ROOM', id: 'r2', startMs: at('2026-12-01T10:00'), endMs: at('2026-12-01T13:00') },
      { type: 'MACHINE', id: 'm1', startMs: at('2026-12-01T10:00'), endMs: at('2026-12-01T13:00') },
    ];
    expect(starts(query({ roomIds: ['r2', 'r1'], machineIds: ['m1'], busy }))).toHaveLength(9);
  });

  it('answers the same whatever searched before it (the scratch memory is reset)', () => {
    // s1 works 10:00–12:00 here (the clinic is open until 13:00) and all day in the large search.
    const small = query({
      schedules: [schedule('s1', '2026-12-01', '10:00', '12:00')],
      busy: [{ type: 'STAFF', id: 's1', startMs: at('2026-12-01T11:00'), endMs: at('2026-12-01T11:15') }],
    });
    const first = new AvailabilityEngine(small).search();
    const days = bookingDays(
      calendar({ openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '00:00', close: '23:45' })) }),
      '2026-12-01',
      '2026-12-20',
    );
    const large = query({
      days,
      staffIds: ['s1', 's2', 's3'],
      roomIds: ['r1', 'r2'],
      machineIds: ['m1'],
      tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: ['r1', 'r2'], machineIds: ['m1'] }],
      schedules: ['s1', 's2', 's3'].map((id) => ({
        staffId: id,
        startMs: days[0]!.startMs,
        endMs: days.at(-1)!.startMs + 86_400_000,
        breaks: [],
        categoryId: null,
      })),
    });
    expect(new AvailabilityEngine(large).search().length).toBeGreaterThan(1000);
    expect(new AvailabilityEngine(small).search()).toEqual(first);
    expect(first.map((slot) => hhmm(slot.startMs))).toEqual(['12-01 10:00']);
  });

  it('offers nothing when a task needs a room none of which is usable', () => {
    expect(starts(query({ roomIds: [] }))).toEqual([]);
  });

  it('covers several days, each on its own weekday hours', () => {
    const hours = calendar({ openingHours: [{ weekday: 2, open: '10:00', close: '11:00' }] }); // Tuesdays only
    const days = bookingDays(hours, '2026-11-30', '2026-12-02');
    const q = query({ days, schedules: ['2026-11-30', '2026-12-01', '2026-12-02'].map((date) => schedule('s1', date, '09:00', '20:00')) });
    expect(starts(q)).toEqual(['12-01 10:00']);
    expect(days.map((day) => day.startMs)).toEqual([at('2026-11-30T00:00'), at('2026-12-01T00:00'), at('2026-12-02T00:00')]);
    expect(SLOT_MS).toBe(900_000);
  });
});
