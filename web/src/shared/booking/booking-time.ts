/**
 * The clinic's calendar for booking, shared by the guest and the member booking pages: dates and
 * times in Asia/Tokyo whatever the browser's zone, the 30-day window, free times per day, and the
 * date texts (Intl's calendar text of each language, docs/languages.md). No React, no fetch.
 */
import type { SlotsJson } from '@clinic/contract';

import { LOCALES, type Language } from '../../i18n/languages';

/** A free start time, as the search answers it (the HTTP adapter's schema, @clinic/contract). */
export type Slot = SlotsJson['slots'][number];

export const CLINIC_ZONE = 'Asia/Tokyo';
/** Guests and members search today … today + 29 (shared/DOMAIN.md). */
export const WINDOW_DAYS = 30;

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeParts = new Intl.DateTimeFormat('en-GB', { timeZone: CLINIC_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `YYYY-MM-DD` of an instant in Tokyo. */
export const tokyoDate = (instant: Date | string | number): string => dateParts.format(new Date(instant));
/** `HH:mm` of an instant in Tokyo. */
export const tokyoTime = (instant: Date | string | number): string => timeParts.format(new Date(instant));

/** A calendar date as midnight UTC (pure date arithmetic, no time zone involved). */
const utcDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** A calendar date plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export const weekday = (date: string): number => utcDate(date).getUTCDay();

/** The 30 days one may book: today … today + 29 in Tokyo. */
export function bookingWindow(now: Date = new Date()): { from: string; to: string; days: string[] } {
  const from = tokyoDate(now);
  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(from, i));
  return { from, to: days[WINDOW_DAYS - 1]!, days };
}

/** The slots of each Tokyo day, in time order. */
export function slotsByDay<S extends { startsAt: string }>(slots: readonly S[]): Map<string, S[]> {
  const byDay = new Map<string, S[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const day = tokyoDate(slot.startsAt);
    const list = byDay.get(day);
    if (list) list.push(slot);
    else byDay.set(day, [slot]);
  }
  return byDay;
}

// Made when first needed, one per language and form.
const formats = new Map<string, Intl.DateTimeFormat>();
const calendarFormat = (language: Language, withYear: boolean): Intl.DateTimeFormat => {
  const key = `${language}${withYear}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone: 'UTC',
      ...(withYear ? { year: 'numeric' } : {}),
      month: withYear || language === 'ja' ? 'long' : 'short',
      day: 'numeric',
      weekday: 'short',
    });
    formats.set(key, made);
  }
  return made;
};

/** 2026-12-01 → 12月1日(火); en: Tue, Dec 1; zh-CN: 12月1日周二 */
export const dateLabel = (date: string, language: Language = 'ja'): string => calendarFormat(language, false).format(utcDate(date));

/** A date (`YYYY-MM-DD`) or an instant → 2026年12月1日(火); en: Tue, December 1, 2026 */
export const longDateLabel = (value: string, language: Language = 'ja'): string =>
  calendarFormat(language, true).format(utcDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : tokyoDate(value)));

/** The weekday of a date as the day strip shows it: (火), Tue, 周二. */
export function weekdayLabel(date: string, language: Language = 'ja'): string {
  if (language === 'ja') return dateLabel(date).slice(-3);
  return (
    calendarFormat(language, false)
      .formatToParts(utcDate(date))
      .find((part) => part.type === 'weekday')?.value ?? ''
  );
}

/** 2026-12-01T10:15:00+09:00 → 2026年12月1日(火) 10:15; en: Tue, December 1, 2026 10:15 */
export const dateTimeLabel = (startsAt: string, language: Language = 'ja'): string => `${longDateLabel(startsAt, language)} ${tokyoTime(startsAt)}`;
