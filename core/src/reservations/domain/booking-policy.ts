import { DateTime } from 'luxon';
import { fail, ok, type Result } from '../../shared/result';
import { epochDayOf, openRangesOf, type ClinicCalendar } from './booking-calendar';
import { SLOT_MS } from './availability-engine';
import type { ErrorCode } from '../../shared/errors';
import { localDateOf, zoneOffsetMinutes, zoneOf } from '../../shared/zone-offset';

/** Online bookings reach at most this far: a start on today + 90 or later is TOO_FAR_AHEAD. */
export const BOOKING_HORIZON_DAYS = 90;
/** Search windows in calendar days from today: members, guests and the general search; staff. */
export const SEARCH_DAYS = { online: 30, staff: 90 } as const;

export const todayIn = (zone: string, nowMs: number): DateTime => DateTime.fromMillis(nowMs, { zone: zoneOf(zone) }).startOf('day');

/**
 * Horizons already worked out, by zone, local date and offset of "now" (all that luxon's answer
 * depends on): a search and a booking ask for it each time, and luxon's three zone lookups cost
 * more than the rest of the check.
 */
const horizons = new Map<string, number>();
const HORIZONS_KEPT = 1024;

/** The first instant no booking may start at: local midnight of today + 90. */
export const horizonMs = (zone: string, nowMs: number): number => {
  const today = localDateOf(zone, nowMs);
  if (today === null) return todayIn(zone, nowMs).plus({ days: BOOKING_HORIZON_DAYS }).toMillis();
  const key = `${zone} ${today} ${zoneOffsetMinutes(zone, nowMs)}`;
  let horizon = horizons.get(key);
  if (horizon === undefined) {
    horizon = todayIn(zone, nowMs).plus({ days: BOOKING_HORIZON_DAYS }).toMillis();
    if (horizons.size >= HORIZONS_KEPT) horizons.clear();
    horizons.set(key, horizon);
  }
  return horizon;
};

/** A search from `from` to `to` (inclusive dates) must lie in today … today + days − 1. */
export const checkSearchWindow = (
  zone: string,
  nowMs: number,
  from: string,
  to: string,
  days: number,
): Result<{ from: string; to: string }, 'SEARCH_PERIOD_TOO_LONG' | 'VALIDATION_FAILED'> => {
  // Plain dates are compared as dates (days since 1970), without a DateTime for each: the same
  // order as their local midnights. Anything else (a time of day, a week date) goes through luxon.
  const firstDay = epochDayOf(from);
  const lastDay = epochDayOf(to);
  const today = localDateOf(zone, nowMs);
  const todayDay = today === null ? null : epochDayOf(today);
  if (firstDay !== null && lastDay !== null && todayDay !== null) {
    if (lastDay < firstDay) return fail('VALIDATION_FAILED', { fields: [{ path: 'to', message: '期間の終わりは始まり以降の日付にしてください。' }] });
    if (firstDay < todayDay || lastDay > todayDay + days - 1) return fail('SEARCH_PERIOD_TOO_LONG', { detail: { maxDays: days } });
    return ok({ from, to });
  }
  return checkSearchWindowByLuxon(zone, nowMs, from, to, days);
};

/** The way of the first version, for input that is not a plain date. */
const checkSearchWindowByLuxon = (
  zone: string,
  nowMs: number,
  from: string,
  to: string,
  days: number,
): Result<{ from: string; to: string }, 'SEARCH_PERIOD_TOO_LONG' | 'VALIDATION_FAILED'> => {
  const first = DateTime.fromISO(from, { zone: zoneOf(zone) });
  const last = DateTime.fromISO(to, { zone: zoneOf(zone) });
  if (!first.isValid || !last.isValid || last < first) {
    return fail('VALIDATION_FAILED', { fields: [{ path: 'to', message: '期間の終わりは始まり以降の日付にしてください。' }] });
  }
  const today = todayIn(zone, nowMs);
  if (first < today || last > today.plus({ days: days - 1 })) return fail('SEARCH_PERIOD_TOO_LONG', { detail: { maxDays: days } });
  return ok({ from, to });
};

/** Why a start time cannot be booked (`checkStart`); the HTTP routes list these in their documented errors. */
export const START_REJECTIONS = ['CLINIC_SETTINGS_INADEQUATE', 'INVALID_TIMESLOT', 'TOO_FAR_AHEAD', 'CLINIC_CLOSED'] as const satisfies readonly ErrorCode[];
export type StartRejection = (typeof START_REJECTIONS)[number];

/**
 * Whether a visit of `durationMs` may start at `startMs`: the clinic has hours at all, the start is
 * on the 15-minute grid, not past `earliestMs` (now + lead time for online bookings), before the
 * 90-day horizon, on an open day and inside one open stretch (opening hours minus breaks).
 */
export const checkStart = (calendar: ClinicCalendar, startMs: number, durationMs: number, nowMs: number, earliestMs: number): Result<void, StartRejection> => {
  if (calendar.openingHours.length === 0) return fail('CLINIC_SETTINGS_INADEQUATE');
  const start = DateTime.fromMillis(startMs, { zone: calendar.zone });
  const dayStart = start.startOf('day');
  if ((startMs - dayStart.toMillis()) % SLOT_MS !== 0) return fail('INVALID_TIMESLOT');
  if (startMs >= horizonMs(calendar.zone, nowMs)) return fail('TOO_FAR_AHEAD');
  if (startMs < earliestMs) return fail('INVALID_TIMESLOT');
  const from = (startMs - dayStart.toMillis()) / SLOT_MS;
  const to = from + Math.ceil(durationMs / SLOT_MS);
  const inside = openRangesOf(calendar, dayStart).some(([a, b]) => from >= a && to <= b);
  return inside ? ok(undefined) : fail('CLINIC_CLOSED');
};
