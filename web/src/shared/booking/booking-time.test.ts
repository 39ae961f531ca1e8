import { describe, expect, it } from 'vitest';
import { addDays, bookingWindow, dateLabel, dateTimeLabel, longDateLabel, slotsByDay, tokyoTime, weekday, weekdayLabel } from './booking-time';

describe('the 30-day window in Asia/Tokyo', () => {
  it('starts on the Tokyo date, not the UTC one', () => {
    // 2026-11-30 23:30 UTC is already 1 December in Tokyo.
    const w = bookingWindow(new Date('2026-11-30T23:30:00Z'));
    expect(w.from).toBe('2026-12-01');
    expect(w.to).toBe('2026-12-30');
    expect(w.days).toHaveLength(30);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekday('2026-12-06')).toBe(0);
  });

  it('groups slots by Tokyo day and shows HH:mm in Tokyo', () => {
    const byDay = slotsByDay([
      { startsAt: '2026-12-02T10:00:00+09:00', endsAt: '2026-12-02T11:00:00+09:00' },
      { startsAt: '2026-12-01T15:45:00Z', endsAt: '2026-12-01T16:45:00Z' }, // 00:45 on the 2nd in Tokyo
      { startsAt: '2026-12-01T09:30:00+09:00', endsAt: '2026-12-01T10:30:00+09:00' },
    ]);
    expect([...byDay.keys()]).toEqual(['2026-12-01', '2026-12-02']);
    expect(byDay.get('2026-12-02')!.map((s) => tokyoTime(s.startsAt))).toEqual(['00:45', '10:00']);
  });
});

describe('date texts in each language', () => {
  it('writes a day, its weekday, and a date with its year from Intl', () => {
    expect(dateLabel('2026-12-01')).toBe('12月1日(火)');
    expect(dateLabel('2026-12-01', 'en')).toBe('Tue, Dec 1');
    expect(weekdayLabel('2026-12-01')).toBe('(火)');
    expect(weekdayLabel('2026-12-01', 'en')).toBe('Tue');
    expect(dateTimeLabel('2026-12-01T09:30:00+09:00')).toBe('2026年12月1日(火) 09:30');
    expect(dateTimeLabel('2026-12-01T09:30:00+09:00', 'en')).toBe('Tue, December 1, 2026 09:30');
  });

  it('takes the Tokyo date of an instant', () => {
    expect(longDateLabel('2026-12-01')).toBe('2026年12月1日(火)');
    expect(longDateLabel('2026-11-30T15:30:00Z')).toBe('2026年12月1日(火)');
  });
});
