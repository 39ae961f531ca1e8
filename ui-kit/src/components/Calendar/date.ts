import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';

/** `'YYYY-MM-DD'` → CalendarDate; undefined/empty/invalid → undefined. */
export function toCalendarDate(iso: string | null | undefined): CalendarDate | undefined {
  if (!iso) return undefined;
  try {
    return parseDate(iso);
  } catch {
    return undefined;
  }
}

/** Any react-aria date value → `'YYYY-MM-DD'`. */
export function toIso(value: DateValue): string {
  const y = String(value.year).padStart(4, '0');
  const m = String(value.month).padStart(2, '0');
  const d = String(value.day).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
