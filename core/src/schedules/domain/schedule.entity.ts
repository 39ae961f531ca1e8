import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { formatTimeOfDay, isOnSlotGrid, parseTimeOfDay } from '../../shared/time-of-day';

/** A break inside a working block, as times of day. */
export interface ScheduleBreak {
  readonly start: string;
  readonly end: string;
}

/** A staff member's working block (勤務) on a date at their clinic, optionally tied to a menu category. */
export interface Schedule {
  readonly id: string;
  readonly clinicId: string;
  readonly staffId: string;
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly breaks: readonly ScheduleBreak[];
  readonly categoryId: string | null;
}

/** The times of a schedule, as a person enters them. */
export interface ScheduleTimes {
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly breaks: readonly ScheduleBreak[];
}

/** A schedule placed in time: each time of day also as an instant (ISO 8601, Asia/Tokyo). */
export interface PlacedSchedule extends Omit<Schedule, 'id' | 'breaks'> {
  readonly startsAt: string;
  readonly endsAt: string;
  readonly breaks: readonly (ScheduleBreak & { readonly startsAt: string; readonly endsAt: string })[];
}

/** The longest range of dates a schedule listing or a weekly pattern may cover. */
export const SCHEDULE_RANGE_MAX_DAYS = 92;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date in Asia/Tokyo, or null when the text is not a real `YYYY-MM-DD` date. */
export const parseDate = (text: string): DateTime | null => {
  if (!DATE.test(text)) return null;
  const date = DateTime.fromISO(text, { zone: clinicZone });
  return date.isValid ? date.startOf('day') : null;
};

/** The instant `minutes` after midnight of `date` in Asia/Tokyo (1440 = the next midnight). */
export const instantOn = (date: string, minutes: number): string =>
  DateTime.fromISO(date, { zone: clinicZone }).startOf('day').plus({ minutes }).toISO({ suppressMilliseconds: true })!;

/** The time of day of an instant on `date` (Asia/Tokyo), `24:00` for the next midnight. */
export const timeOfDayOn = (date: string, instant: Date | string): string => {
  const at = typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant);
  const midnight = DateTime.fromISO(date, { zone: clinicZone }).startOf('day');
  return formatTimeOfDay(Math.round(at.diff(midnight, 'minutes').minutes));
};

/** The day of the week, 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: DateTime): number => date.weekday % 7;

const gridTime = (text: string, path: string, label: string, fields: FieldError[]): number | null => {
  const minutes = parseTimeOfDay(text);
  if (minutes === null || !isOnSlotGrid(minutes)) {
    fields.push({ path, message: `${label}は15分単位のHH:mm形式で入力してください。` });
    return null;
  }
  return minutes;
};

/**
 * Checks the times of a schedule — a real date, 15-minute times, start before end, breaks inside
 * the block and not overlapping one another — and places it in time.
 */
export const placeSchedule = (
  times: ScheduleTimes,
  owner: { readonly clinicId: string; readonly staffId: string; readonly categoryId: string | null },
): Result<PlacedSchedule, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  if (!parseDate(times.date)) fields.push({ path: 'date', message: '日付はYYYY-MM-DD形式で入力してください。' });
  const start = gridTime(times.start, 'start', '開始時刻', fields);
  const end = gridTime(times.end, 'end', '終了時刻', fields);
  if (start !== null && end !== null && start >= end) fields.push({ path: 'end', message: '終了時刻は開始時刻より後にしてください。' });
  const breaks: { start: number; end: number; index: number }[] = [];
  times.breaks.forEach((pause, index) => {
    const path = `breaks.${index}`;
    const from = gridTime(pause.start, `${path}.start`, '休憩の開始時刻', fields);
    const to = gridTime(pause.end, `${path}.end`, '休憩の終了時刻', fields);
    if (from === null || to === null) return;
    if (from >= to) {
      fields.push({ path: `${path}.end`, message: '休憩の終了時刻は開始時刻より後にしてください。' });
      return;
    }
    if (start !== null && end !== null && (from < start || to > end)) {
      fields.push({ path, message: '休憩は勤務時間内に設定してください。' });
      return;
    }
    breaks.push({ start: from, end: to, index });
  });
  breaks.sort((a, b) => a.start - b.start);
  for (let i = 1; i < breaks.length; i++) {
    if (breaks[i]!.start < breaks[i - 1]!.end) fields.push({ path: `breaks.${breaks[i]!.index}`, message: '休憩時間が重なっています。' });
  }
  if (fields.length > 0 || start === null || end === null) return fail('VALIDATION_FAILED', { fields });
  return ok({
    ...owner,
    date: times.date,
    start: formatTimeOfDay(start),
    end: formatTimeOfDay(end),
    startsAt: instantOn(times.date, start),
    endsAt: instantOn(times.date, end),
    breaks: breaks.map((pause) => ({
      start: formatTimeOfDay(pause.start),
      end: formatTimeOfDay(pause.end),
      startsAt: instantOn(times.date, pause.start),
      endsAt: instantOn(times.date, pause.end),
    })),
  });
};

/** Checks an inclusive range of dates: real dates, `from` ≤ `to`, at most `maxDays` days. */
export const validateDateRange = (
  from: string,
  to: string,
  maxDays = SCHEDULE_RANGE_MAX_DAYS,
): Result<{ from: DateTime; to: DateTime }, 'VALIDATION_FAILED'> => {
  const start = parseDate(from);
  const end = parseDate(to);
  const fields: FieldError[] = [];
  if (!start) fields.push({ path: 'from', message: '日付はYYYY-MM-DD形式で入力してください。' });
  if (!end) fields.push({ path: 'to', message: '日付はYYYY-MM-DD形式で入力してください。' });
  if (start && end && end < start) fields.push({ path: 'to', message: '終了日は開始日以降にしてください。' });
  if (start && end && end >= start && end.diff(start, 'days').days + 1 > maxDays) {
    fields.push({ path: 'to', message: `期間は${maxDays}日以内で指定してください。` });
  }
  if (fields.length > 0 || !start || !end) return fail('VALIDATION_FAILED', { fields });
  return ok({ from: start, to: end });
};

/** Every date of the range that falls on one of the weekdays (0 = Sunday), ascending. */
export const datesOnWeekdays = (from: DateTime, to: DateTime, weekdays: readonly number[]): string[] => {
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  for (let day = from; day <= to; day = day.plus({ days: 1 })) {
    if (wanted.has(weekdayOf(day))) dates.push(day.toISODate()!);
  }
  return dates;
};
