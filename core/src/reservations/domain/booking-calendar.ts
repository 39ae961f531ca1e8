import { DateTime } from 'luxon';
import { zoneOf } from '../../shared/zone-offset';
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
 *
 * Called once per search, so it avoids luxon in its loop (which cost ~0.5 ms for 30 days, a
 * quarter of a search): dates are stepped in UTC calendar arithmetic, the opening of a weekday
 * is worked out once per call, and each date's local midnight in the zone comes from a small
 * cache (luxon on a miss). Anything but a plain YYYY-MM-DD goes the luxon way throughout.
 */
export const bookingDays = (calendar: ClinicCalendar, from: string, to: string): EngineDay[] => {
  const firstDay = epochDayOf(from);
  const lastDay = epochDayOf(to);
  if (firstDay === null || lastDay === null) return bookingDaysByLuxon(calendar, from, to);
  const byWeekday: Array<Array<[number, number]> | undefined> = [];
  const days: EngineDay[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const date = new Date(day * DAY_MS);
    const iso = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    const openRanges = calendar.holidays.has(iso) ? [] : (byWeekday[weekday] ??= rangesOfWeekday(calendar, weekday));
    days.push({ startMs: localMidnight(calendar.zone, iso), openRanges });
  }
  return days;
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid YYYY-MM-DD, else null. */
export const epochDayOf = (text: string): number | null => {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (year < 100 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
};

/** Local midnights by zone and date; a clinic's searches ask for the same few hundred dates. */
const MIDNIGHTS = new Map<string, number>();
const MIDNIGHTS_KEPT = 10_000;
const localMidnight = (zone: string, iso: string): number => {
  const key = `${zone} ${iso}`;
  let ms = MIDNIGHTS.get(key);
  if (ms === undefined) {
    ms = DateTime.fromISO(iso, { zone: zoneOf(zone) })
      .startOf('day')
      .toMillis();
    if (MIDNIGHTS.size >= MIDNIGHTS_KEPT) MIDNIGHTS.clear();
    MIDNIGHTS.set(key, ms);
  }
  return ms;
};

/** The way of the first version, for input that is not a plain date. */
const bookingDaysByLuxon = (calendar: ClinicCalendar, from: string, to: string): EngineDay[] => {
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
  return rangesOfWeekday(calendar, weekdayOf(date));
};

/** Opening hours minus clinic breaks of one weekday (0 = Sunday), in quarter-hours. */
const rangesOfWeekday = (calendar: ClinicCalendar, weekday: number): Array<[number, number]> => {
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
