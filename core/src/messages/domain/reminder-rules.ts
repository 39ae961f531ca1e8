import { DateTime } from 'luxon';
import { zoneOf } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import { parseTimeOfDay } from '../../shared/time-of-day';

/** "The day before at HH:mm" or "N hours before", in the clinic's zone. */
export type ReminderRule = { readonly kind: 'DAY_BEFORE'; readonly at: string } | { readonly kind: 'HOURS_BEFORE'; readonly hours: number };

export const DEFAULT_REMINDER_RULES: readonly ReminderRule[] = [{ kind: 'DAY_BEFORE', at: '18:00' }];
export const MAX_REMINDER_RULES = 3;
export const MAX_REMINDER_HOURS = 72;

/** Why a clinic's reminder rules cannot be kept, field by field (empty when they can). */
export const validateReminderRules = (rules: readonly ReminderRule[], path = 'reminderRules'): FieldError[] => {
  const fields: FieldError[] = [];
  if (rules.length > MAX_REMINDER_RULES) fields.push({ path, message: `リマインドは${MAX_REMINDER_RULES}件までです。` });
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (rule.kind === 'DAY_BEFORE') {
      const minutes = parseTimeOfDay(rule.at);
      if (minutes === null || minutes >= 24 * 60) fields.push({ path: `${path}.${index}.at`, message: '時刻は00:00〜23:59で入力してください。' });
    } else if (!Number.isInteger(rule.hours) || rule.hours < 1 || rule.hours > MAX_REMINDER_HOURS) {
      fields.push({ path: `${path}.${index}.hours`, message: `時間は1〜${MAX_REMINDER_HOURS}の整数で入力してください。` });
    }
    const key = rule.kind === 'DAY_BEFORE' ? `D${rule.at}` : `H${rule.hours}`;
    if (seen.has(key)) fields.push({ path: `${path}.${index}`, message: '同じリマインドが重複しています。' });
    seen.add(key);
  });
  return fields;
};

/**
 * When the reminders of a visit starting at `startMs` go out: one per rule, in time order; a
 * time already past at `nowMs` (or not before the visit) is skipped, and two rules falling on the
 * same minute send one reminder.
 */
export const reminderTimes = (rules: readonly ReminderRule[], startMs: number, zone: string, nowMs: number): number[] => {
  const times = rules.map((rule) => {
    if (rule.kind === 'HOURS_BEFORE') return startMs - rule.hours * 3_600_000;
    const minutes = parseTimeOfDay(rule.at) ?? 18 * 60;
    return DateTime.fromMillis(startMs, { zone: zoneOf(zone) })
      .startOf('day')
      .minus({ days: 1 })
      .plus({ minutes })
      .toMillis();
  });
  return [...new Set(times)].filter((at) => at > nowMs && at < startMs).sort((a, b) => a - b);
};
