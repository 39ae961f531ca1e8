import { DateTime } from 'luxon';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { isOnSlotGrid, parseTimeOfDay } from '../../shared/time-of-day';
import { validateReminderRules, type ReminderRule } from '../../messages/domain/reminder-rules';

/** Opening hours of one weekday (0 = Sunday … 6 = Saturday); a weekday without an entry is closed. */
export interface OpeningHours {
  readonly weekday: number;
  readonly open: string;
  readonly close: string;
}

/** A break of the whole clinic (no bookings): on one weekday, or every open day when `weekday` is null. */
export interface ClinicBreak {
  readonly id: string;
  readonly weekday: number | null;
  readonly start: string;
  readonly end: string;
}

export type NewClinicBreak = Omit<ClinicBreak, 'id'>;

/** A date the clinic is closed (休診日). */
export interface ClinicHoliday {
  readonly date: string;
  readonly name: string;
}

export interface Clinic {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly homepageUrl: string | null;
  readonly webBookingEnabled: boolean;
  /** The menu category of insurance treatment (保険診療); always a category of this clinic. */
  readonly hokenCategoryId: string | null;
  readonly openingHours: readonly OpeningHours[];
  /** Ordered: every-day breaks first, then by weekday and start. */
  readonly breaks: readonly ClinicBreak[];
  /** Holidays from today (Asia/Tokyo) on, by date. */
  readonly holidays: readonly ClinicHoliday[];
  /** Hours before the start after which members and guests can no longer change online. */
  readonly updateDeadlineHours: number;
  /** Hours before the start after which members and guests can no longer cancel online. */
  readonly cancelDeadlineHours: number;
  /** Earliest online booking, in minutes from now. */
  readonly minLeadMinutes: number;
  /** When reminders go out before a visit (at most three rules; default the day before at 18:00). */
  readonly reminderRules: readonly ReminderRule[];
  /** How long a waitlist offer holds its time, in minutes (default 30). */
  readonly waitlistHoldMinutes: number;
  /** No-shows within `noShowWindowDays` that stop online booking; null = no limit. */
  readonly noShowLimit: number | null;
  readonly noShowWindowDays: number;
}

/**
 * What a clinic's set-up screen writes. `breaks` left out keeps the clinic's current breaks
 * (nothing, for a new clinic); a list replaces them. `reminderRules` left out likewise keeps the
 * current rules (the default rules, for a new clinic). Holidays are registered one by one.
 */
export type ClinicSettings = Omit<Clinic, 'id' | 'breaks' | 'holidays' | 'reminderRules' | 'waitlistHoldMinutes' | 'noShowLimit' | 'noShowWindowDays'> & {
  readonly breaks?: readonly NewClinicBreak[];
  readonly reminderRules?: readonly ReminderRule[];
  /** Waitlist and no-show settings left out keep the clinic's (the defaults, for a new clinic). */
  readonly waitlistHoldMinutes?: number;
  readonly noShowLimit?: number | null;
  readonly noShowWindowDays?: number;
};

export const CLINIC_DEFAULTS = {
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  waitlistHoldMinutes: 30,
  noShowWindowDays: 180,
} as const;

const WEEKDAYS = 7;
export const MAX_CLINIC_BREAKS = 20;

/** Every-day breaks first, then by weekday and start. */
export const orderBreaks = <B extends NewClinicBreak>(breaks: readonly B[]): B[] =>
  [...breaks].sort((a, b) => (a.weekday ?? -1) - (b.weekday ?? -1) || a.start.localeCompare(b.start));

/**
 * Breaks lie on the 15-minute grid, start before they end, fall inside the opening hours of the
 * day they apply to (every open day for a break without weekday) and do not overlap each other.
 */
const breakErrors = (breaks: readonly NewClinicBreak[], openingHours: readonly OpeningHours[]): FieldError[] => {
  const fields: FieldError[] = [];
  if (breaks.length > MAX_CLINIC_BREAKS) {
    return [{ path: 'breaks', message: `休憩時間は${MAX_CLINIC_BREAKS}件までです。` }];
  }
  const hoursOf = new Map(openingHours.map((hours) => [hours.weekday, hours]));
  const parsed: { index: number; days: number[]; start: number; end: number }[] = [];
  breaks.forEach((entry, index) => {
    const path = `breaks.${index}`;
    if (entry.weekday !== null && (!Number.isInteger(entry.weekday) || entry.weekday < 0 || entry.weekday >= WEEKDAYS)) {
      fields.push({ path: `${path}.weekday`, message: '曜日は0（日曜）から6（土曜）で指定してください。' });
      return;
    }
    const start = parseTimeOfDay(entry.start);
    const end = parseTimeOfDay(entry.end);
    let valid = true;
    if (start === null || !isOnSlotGrid(start)) {
      fields.push({ path: `${path}.start`, message: '休憩の開始時刻は15分単位で入力してください。' });
      valid = false;
    }
    if (end === null || !isOnSlotGrid(end)) {
      fields.push({ path: `${path}.end`, message: '休憩の終了時刻は15分単位で入力してください。' });
      valid = false;
    }
    if (!valid || start === null || end === null) return;
    if (start >= end) {
      fields.push({ path: `${path}.end`, message: '休憩の終了時刻は開始時刻より後にしてください。' });
      return;
    }
    const days = entry.weekday === null ? [...hoursOf.keys()] : [entry.weekday];
    const outside =
      days.length === 0 ||
      days.some((day) => {
        const hours = hoursOf.get(day);
        const open = hours ? parseTimeOfDay(hours.open) : null;
        const close = hours ? parseTimeOfDay(hours.close) : null;
        return open === null || close === null || start < open || end > close;
      });
    if (outside) {
      fields.push({
        path: `${path}.start`,
        message: entry.weekday === null ? '毎日の休憩は、すべての診療日の診療時間内にしてください。' : '休憩時間はその曜日の診療時間内にしてください。',
      });
      return;
    }
    const clash = parsed.find((other) => other.days.some((day) => days.includes(day)) && other.start < end && start < other.end);
    if (clash) {
      fields.push({ path: `${path}.start`, message: `休憩時間が${clash.index + 1}件目の休憩と重なっています。` });
      return;
    }
    parsed.push({ index, days, start, end });
  });
  return fields;
};

/**
 * Checks the rules a clinic's settings must keep: 15-minute hours, one entry per weekday, open
 * before close, breaks inside the opening hours.
 */
export const validateClinicSettings = (settings: ClinicSettings): Result<ClinicSettings, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  if (settings.name.trim().length === 0) fields.push({ path: 'name', message: '院名を入力してください。' });
  const seen = new Set<number>();
  let hoursValid = true;
  settings.openingHours.forEach((hours, index) => {
    const path = `openingHours.${index}`;
    if (!Number.isInteger(hours.weekday) || hours.weekday < 0 || hours.weekday >= WEEKDAYS) {
      fields.push({ path: `${path}.weekday`, message: '曜日は0（日曜）から6（土曜）で指定してください。' });
      hoursValid = false;
    } else if (seen.has(hours.weekday)) {
      fields.push({ path: `${path}.weekday`, message: '同じ曜日が二度指定されています。' });
      hoursValid = false;
    }
    seen.add(hours.weekday);
    const open = parseTimeOfDay(hours.open);
    const close = parseTimeOfDay(hours.close);
    if (open === null || !isOnSlotGrid(open)) {
      fields.push({ path: `${path}.open`, message: '開始時刻は15分単位で入力してください。' });
      hoursValid = false;
    }
    if (close === null || !isOnSlotGrid(close)) {
      fields.push({ path: `${path}.close`, message: '終了時刻は15分単位で入力してください。' });
      hoursValid = false;
    }
    if (open !== null && close !== null && open >= close) {
      fields.push({ path: `${path}.close`, message: '終了時刻は開始時刻より後にしてください。' });
      hoursValid = false;
    }
  });
  // Breaks are judged against the hours only once the hours themselves are right.
  if (hoursValid && settings.breaks) fields.push(...breakErrors(settings.breaks, settings.openingHours));
  for (const key of ['updateDeadlineHours', 'cancelDeadlineHours', 'minLeadMinutes'] as const) {
    const value = settings[key];
    if (!Number.isInteger(value) || value < 0 || value > 24 * 90) {
      fields.push({ path: key, message: '0以上の整数で入力してください。' });
    }
  }
  if (settings.minLeadMinutes % 15 !== 0) {
    fields.push({ path: 'minLeadMinutes', message: '15分単位で入力してください。' });
  }
  if (settings.reminderRules) fields.push(...validateReminderRules(settings.reminderRules));
  const hold = settings.waitlistHoldMinutes;
  if (hold !== undefined && (!Number.isInteger(hold) || hold < 1 || hold > 1440)) {
    fields.push({ path: 'waitlistHoldMinutes', message: '1〜1440の整数（分）で入力してください。' });
  }
  const limit = settings.noShowLimit;
  if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
    fields.push({ path: 'noShowLimit', message: '1〜100の整数で入力してください（制限しない場合は空欄）。' });
  }
  const window = settings.noShowWindowDays;
  if (window !== undefined && (!Number.isInteger(window) || window < 1 || window > 3650)) {
    fields.push({ path: 'noShowWindowDays', message: '1〜3650の整数（日）で入力してください。' });
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  const openingHours = [...settings.openingHours].sort((a, b) => a.weekday - b.weekday);
  const breaks = settings.breaks ? orderBreaks(settings.breaks.map(({ weekday, start, end }) => ({ weekday, start, end }))) : undefined;
  const reminderRules = settings.reminderRules?.map((rule): ReminderRule =>
    rule.kind === 'DAY_BEFORE' ? { kind: 'DAY_BEFORE', at: rule.at } : { kind: 'HOURS_BEFORE', hours: rule.hours },
  );
  return ok({ ...settings, name: settings.name.trim(), openingHours, ...(breaks ? { breaks } : {}), ...(reminderRules ? { reminderRules } : {}) });
};

/** A holiday's name is optional and short; its date is a real calendar date. */
export const validateHoliday = (holiday: ClinicHoliday, today: string): Result<ClinicHoliday, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const name = holiday.name.trim();
  if (name.length > 50) fields.push({ path: 'name', message: '休診日の名前は50文字以内で入力してください。' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(holiday.date) || !DateTime.fromISO(holiday.date).isValid) {
    fields.push({ path: 'date', message: '日付はYYYY-MM-DD形式で入力してください。' });
  } else if (holiday.date < today) fields.push({ path: 'date', message: '過去の日付は休診日に登録できません。' });
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({ date: holiday.date, name });
};
