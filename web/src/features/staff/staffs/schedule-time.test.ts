import { describe, expect, it } from 'vitest';
import { reorderedIndex, moveTo } from './reorder';
import { addMonths, checkWorkingHours, monthCells, tokyoInstant, tokyoParts, TIME_OPTIONS } from './schedule-time';

describe('schedule times', () => {
  it('offers the 15-minute grid only', () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
  });

  it('checks start/end and breaks as the server does', () => {
    expect(checkWorkingHours('10:00', '19:00', [{ start: '13:00', end: '14:00' }])).toEqual({});
    expect(checkWorkingHours('19:00', '10:00', [])).toEqual({ end: 'startBeforeEnd' });
    expect(checkWorkingHours('10:00', '19:00', [{ start: '09:00', end: '10:30' }])).toEqual({ 'breaks.0': 'breakInside' });
    expect(checkWorkingHours('10:00', '19:00', [{ start: '14:00', end: '13:00' }])).toEqual({ 'breaks.0': 'breakOrder' });
    expect(
      checkWorkingHours('10:00', '19:00', [
        { start: '13:00', end: '14:00' },
        { start: '13:30', end: '15:00' },
      ]),
    ).toEqual({ 'breaks.1': 'breakOverlap' });
    expect(checkWorkingHours('10:10', '19:00', [])).toEqual({ start: 'grid' });
  });

  it('builds a month grid from Sunday and moves across years', () => {
    const cells = monthCells({ year: 2026, month: 5 }); // 1 May 2026 is a Friday
    expect(cells.slice(0, 6)).toEqual([null, null, null, null, null, '2026-05-01']);
    expect(cells.length % 7).toBe(0);
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('reads and writes Tokyo instants', () => {
    expect(tokyoInstant('2026-12-01', '10:15')).toBe('2026-12-01T10:15:00+09:00');
    expect(tokyoParts('2026-12-01T01:15:00Z')).toEqual({ date: '2026-12-01', time: '10:15' });
  });
});

describe('reordering', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('gives the new index of a dropped item', () => {
    expect(reorderedIndex(ids, 'a', 'c', 'after')).toBe(2);
    expect(reorderedIndex(ids, 'd', 'a', 'before')).toBe(0);
    expect(reorderedIndex(ids, 'b', 'c', 'before')).toBeNull();
    expect(
      moveTo(
        ids.map((id) => ({ id })),
        'a',
        2,
      ).map((x) => x.id),
    ).toEqual(['b', 'c', 'a', 'd']);
  });
});
