import type { Translate } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import { isOnGrid, parseWholeNumber, toMinutes, WEEKDAYS_MON_FIRST } from '../shared/time';
import type { Clinic, ReminderRule } from '../shared/types';

export interface DayForm {
  weekday: number;
  closed: boolean;
  open: string;
  close: string;
}

export interface BreakForm {
  key: string;
  /** `null`: every day. */
  weekday: number | null;
  start: string;
  end: string;
}

export interface ReminderForm {
  key: string;
  kind: ReminderRule['kind'];
  /** DAY_BEFORE: the time of day. */
  at: string;
  /** HOURS_BEFORE: whole hours, as typed. */
  hours: string;
}

export const MAX_REMINDERS = 3;
export const MAX_REMINDER_HOURS = 72;

let reminderSeq = 0;
export const newReminder = (overrides: Partial<ReminderForm> = {}): ReminderForm => ({
  key: `reminder-${++reminderSeq}`,
  kind: 'DAY_BEFORE',
  at: '18:00',
  hours: '2',
  ...overrides,
});

const DEFAULT_REMINDERS: ReminderRule[] = [{ kind: 'DAY_BEFORE', at: '18:00' }];

export interface ClinicForm {
  name: string;
  phone: string;
  homepageUrl: string;
  webBookingEnabled: boolean;
  hokenCategoryId: string | null;
  /** Monday first. */
  days: DayForm[];
  breaks: BreakForm[];
  updateDeadlineHours: string;
  cancelDeadlineHours: string;
  minLeadMinutes: string;
  reminders: ReminderForm[];
  waitlistHoldMinutes: string;
  /** Empty: no limit. */
  noShowLimit: string;
  noShowWindowDays: string;
}

let breakSeq = 0;
export const newBreak = (overrides: Partial<BreakForm> = {}): BreakForm => ({
  key: `break-${++breakSeq}`,
  weekday: null,
  start: '13:00',
  end: '14:00',
  ...overrides,
});

export function clinicToForm(clinic?: Clinic): ClinicForm {
  return {
    name: clinic?.name ?? '',
    phone: clinic?.phone ?? '',
    homepageUrl: clinic?.homepageUrl ?? '',
    webBookingEnabled: clinic?.webBookingEnabled ?? true,
    hokenCategoryId: clinic?.hokenCategoryId ?? null,
    days: WEEKDAYS_MON_FIRST.map((weekday) => {
      const hours = clinic?.openingHours.find((h) => h.weekday === weekday);
      return hours
        ? { weekday, closed: false, open: hours.open, close: hours.close }
        : { weekday, closed: clinic !== undefined, open: '10:00', close: '19:00' };
    }),
    breaks: (clinic?.breaks ?? []).map((b) => newBreak({ weekday: b.weekday, start: b.start, end: b.end })),
    updateDeadlineHours: String(clinic?.updateDeadlineHours ?? 24),
    cancelDeadlineHours: String(clinic?.cancelDeadlineHours ?? 24),
    minLeadMinutes: String(clinic?.minLeadMinutes ?? 60),
    waitlistHoldMinutes: String(clinic?.waitlistHoldMinutes ?? 30),
    noShowLimit: clinic?.noShowLimit === null || clinic?.noShowLimit === undefined ? '' : String(clinic.noShowLimit),
    noShowWindowDays: String(clinic?.noShowWindowDays ?? 180),
    reminders: (clinic?.reminderRules ?? DEFAULT_REMINDERS).map((rule) =>
      rule.kind === 'DAY_BEFORE' ? newReminder({ kind: 'DAY_BEFORE', at: rule.at }) : newReminder({ kind: 'HOURS_BEFORE', hours: String(rule.hours) }),
    ),
  };
}

const PHONE = /^[0-9+\-() ]*$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/;

/** Field reasons for everything the form can tell before sending. */
export function validateClinicForm(form: ClinicForm, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.name.trim()) errors.name = t('adminSetup.common.required', { field: t('adminSetup.clinic.name') });
  if (!PHONE.test(form.phone.trim())) errors.phone = t('adminSetup.clinic.phoneFormat');
  if (form.homepageUrl.trim() && !URL_PATTERN.test(form.homepageUrl.trim())) errors.homepageUrl = t('adminSetup.clinic.urlFormat');
  for (const day of form.days) {
    if (day.closed) continue;
    if (!isOnGrid(day.open) || !isOnGrid(day.close)) errors[`days.${day.weekday}`] = t('adminSetup.common.timeStep');
    else if (toMinutes(day.open) >= toMinutes(day.close)) errors[`days.${day.weekday}`] = t('adminSetup.common.timeOrder');
  }
  form.breaks.forEach((item, index) => {
    const key = `breaks.${index}`;
    if (!isOnGrid(item.start) || !isOnGrid(item.end)) {
      errors[key] = t('adminSetup.common.timeStep');
      return;
    }
    if (toMinutes(item.start) >= toMinutes(item.end)) {
      errors[key] = t('adminSetup.common.timeOrder');
      return;
    }
    const days = form.days.filter((d) => !d.closed && (item.weekday === null || d.weekday === item.weekday));
    const outside = days.some((d) => toMinutes(item.start) < toMinutes(d.open) || toMinutes(item.end) > toMinutes(d.close));
    if (outside || (item.weekday !== null && days.length === 0)) errors[key] = t('adminSetup.clinic.breakOutside');
  });
  for (const key of ['updateDeadlineHours', 'cancelDeadlineHours', 'minLeadMinutes'] as const) {
    if (parseWholeNumber(form[key]) === null) errors[key] = t('adminSetup.common.wholeNumber');
  }
  const hold = parseWholeNumber(form.waitlistHoldMinutes);
  if (hold === null || hold < 1 || hold > 1440) errors.waitlistHoldMinutes = t('adminSetup.clinic.waitlistHoldRange');
  if (form.noShowLimit.trim() !== '') {
    const limit = parseWholeNumber(form.noShowLimit);
    if (limit === null || limit < 1 || limit > 100) errors.noShowLimit = t('adminSetup.clinic.noShowLimitRange');
  }
  const window = parseWholeNumber(form.noShowWindowDays);
  if (window === null || window < 1 || window > 3650) errors.noShowWindowDays = t('adminSetup.clinic.noShowWindowRange');
  const seen = new Set<string>();
  form.reminders.forEach((item, index) => {
    const key = `reminderRules.${index}`;
    if (item.kind === 'HOURS_BEFORE') {
      const hours = parseWholeNumber(item.hours);
      if (hours === null || hours < 1 || hours > MAX_REMINDER_HOURS) {
        errors[key] = t('adminSetup.clinic.reminderHoursRange', { max: MAX_REMINDER_HOURS });
        return;
      }
    }
    const rule = reminderRule(item);
    const same = rule.kind === 'DAY_BEFORE' ? `D${rule.at}` : `H${rule.hours}`;
    if (seen.has(same)) errors[key] = t('adminSetup.clinic.reminderDuplicate');
    seen.add(same);
  });
  if (form.reminders.length > MAX_REMINDERS) errors.reminderRules = t('adminSetup.clinic.reminderMax', { max: MAX_REMINDERS });
  return errors;
}

const reminderRule = (item: ReminderForm): ReminderRule =>
  item.kind === 'DAY_BEFORE' ? { kind: 'DAY_BEFORE', at: item.at } : { kind: 'HOURS_BEFORE', hours: parseWholeNumber(item.hours) ?? 0 };

/** The body of POST and PUT /api/admin/clinics. */
export const clinicBody = (form: ClinicForm) => ({
  name: form.name.trim(),
  phone: form.phone.trim(),
  homepageUrl: form.homepageUrl.trim() || null,
  webBookingEnabled: form.webBookingEnabled,
  hokenCategoryId: form.hokenCategoryId,
  openingHours: form.days
    .filter((d) => !d.closed)
    .sort((a, b) => a.weekday - b.weekday)
    .map((d) => ({ weekday: d.weekday, open: d.open, close: d.close })),
  breaks: form.breaks.map((b) => ({ weekday: b.weekday, start: b.start, end: b.end })),
  updateDeadlineHours: parseWholeNumber(form.updateDeadlineHours) ?? 0,
  cancelDeadlineHours: parseWholeNumber(form.cancelDeadlineHours) ?? 0,
  minLeadMinutes: parseWholeNumber(form.minLeadMinutes) ?? 0,
  reminderRules: form.reminders.map(reminderRule),
  waitlistHoldMinutes: parseWholeNumber(form.waitlistHoldMinutes) ?? 30,
  noShowLimit: form.noShowLimit.trim() === '' ? null : (parseWholeNumber(form.noShowLimit) ?? null),
  noShowWindowDays: parseWholeNumber(form.noShowWindowDays) ?? 180,
});
