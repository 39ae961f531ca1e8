/** Dates and times of the clinic (Asia/Tokyo), whatever the browser's own zone. */
const ZONE = 'Asia/Tokyo';
export const MEMBER_SEARCH_DAYS = 30;

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
const longDate = new Intl.DateTimeFormat('ja-JP', { timeZone: ZONE, year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });

/** `YYYY-MM-DD` of an instant in Tokyo. */
export function tokyoDate(instant: Date | string | number): string {
  return dateParts.format(new Date(instant));
}

/** `HH:mm` of an instant in Tokyo. */
export function tokyoTime(instant: Date | string | number): string {
  return timeFormat.format(new Date(instant));
}

/** 2026年12月1日(火) of a date (`YYYY-MM-DD`) or an instant. */
export function longDateLabel(value: string): string {
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+09:00` : value;
  return longDate.format(new Date(instant));
}

/** A calendar date plus some days (`YYYY-MM-DD` in, out). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/** The members' search window: today … today + 29 in Tokyo. */
export function searchWindow(now: Date = new Date()): { from: string; to: string } {
  const from = tokyoDate(now);
  return { from, to: addDays(from, MEMBER_SEARCH_DAYS - 1) };
}
