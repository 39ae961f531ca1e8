import { DateTime } from 'luxon';
import type { OpeningHours } from '../../clinics/domain/clinic.entity';
import { parseTimeOfDay } from '../../shared/time-of-day';
import type { EngineDay } from './availability-engine';

export interface ClinicBreakHours {
  /** null: every day. */
  readonly weekday: number | null;
  readonly start: string;
  readonly end: string;
}

export interface ClinicCalendar {
  readonly zone: string;
  readonly openingHours: readonly OpeningHours[];
  readonly breaks: readonly ClinicBreakHours[];
  /** Dates (YYYY-MM-DD) the clinic is closed. */
  readonly holidays: ReadonlySet<string>;
}

const QUARTER = 15;

/** luxon weekday (1 = Monday … 7 = Sunday) to ours (0 = Sunday … 6 = Saturday). */
export const weekdayOf = (date: DateTime): number => date.weekday % 7;

/**
 * The engine's days for an inclusive date range: local midnight of each date and the quarter-hours
 * in which the clinic takes bookings (opening hours minus clinic breaks; nothing on a holiday).
 */
export const bookingDays = (calendar: ClinicCalendar, from: string, to: string): EngineDay[] => {
  const first = DateTime.fromISO(from, { zone: calendar.zone }).startOf('day');
  const last = DateTime.fromISO(to, { zone: calendar.zone }).startOf('day');
  const days: EngineDay[] = [];
  for (let date = first; date <= last; date = date.plus({ days: 1 })) {
    days.push({ startMs: date.toMillis(), openRanges: openRangesOf(calendar, date) });
  }
  return days;
};

export const openRangesOf = (calendar: ClinicCalendar, date: DateTime): Array<[number, number]> => {
  if (calendar.holidays.has(date.toISODate()!)) return [];
  const weekday = weekdayOf(date);
  const hours = calendar.openingHours.find((entry) => entry.weekday === weekday);
  if (!hours) return [];
  const open = (parseTimeOfDay(hours.open) ?? 0) / QUARTER;
  const close = (parseTimeOfDay(hours.close) ?? 0) / QUARTER;
  let ranges: Array<[number, number]> = [[open, close]];
  for (const pause of calendar.breaks) {
    if (pause.weekday !== null && pause.weekday !== weekday) continue;
    const from = Math.floor((parseTimeOfDay(pause.start) ?? 0) / QUARTER);
    const to = Math.ceil((parseTimeOfDay(pause.end) ?? 0) / QUARTER);
    ranges = ranges.flatMap(([a, b]): Array<[number, number]> => {
      if (to <= a || from >= b) return [[a, b]];
      const parts: Array<[number, number]> = [];
      if (from > a) parts.push([a, from]);
      if (to < b) parts.push([to, b]);
      return parts;
    });
  }
  return ranges;
};
