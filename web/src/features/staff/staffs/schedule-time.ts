/** Dates and 15-minute times of the schedule screens (pure; Asia/Tokyo wall-clock strings). */
import type { TimeRange } from './staffs.api';

export const STEP_MINUTES = 15;

export const toMinutes = (time: string): number => {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
};

export const fromMinutes = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every time of day on the 15-minute grid, 00:00 to 23:45. */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_, i) => fromMinutes(i * STEP_MINUTES));

export const isOnGrid = (time: string): boolean => /^\d{2}:\d{2}$/.test(time) && toMinutes(time) % STEP_MINUTES === 0 && toMinutes(time) < 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number): string => `${year}-${pad(month)}-${pad(day)}`;

/** Today in Tokyo as `YYYY-MM-DD`. */
export function todayInTokyo(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface Month {
  year: number;
  month: number; // 1–12
}

export const monthOf = (iso: string): Month => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });

export const daysInMonth = ({ year, month }: Month): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const monthRange = (m: Month): { from: string; to: string } => ({
  from: isoDate(m.year, m.month, 1),
  to: isoDate(m.year, m.month, daysInMonth(m)),
});

export const addMonths = ({ year, month }: Month, delta: number): Month => {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** 0 = Sunday … 6 = Saturday, as the API's weekdays. */
export const weekdayOf = (iso: string): number => new Date(`${iso}T00:00:00Z`).getUTCDay();

export const addDays = (iso: string, days: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Days from `from` to `to`, both included (1 for the same day; ≤ 0 when `to` is before). */
export const daysBetweenInclusive = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The cells of a month grid starting on Sunday: `null` pads the first and last week. */
export function monthCells(m: Month): (string | null)[] {
  const first = isoDate(m.year, m.month, 1);
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= daysInMonth(m); day += 1) cells.push(isoDate(m.year, m.month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** An instant in Tokyo for the API: `2026-12-01T10:15:00+09:00`. */
export const tokyoInstant = (date: string, time: string): string => `${date}T${time}:00+09:00`;

/** `2026-12-01T10:15:00+09:00` (or any offset) → Tokyo date and time of day. */
export function tokyoParts(instant: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(instant) + 9 * 60 * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export type ScheduleProblem = 'startRequired' | 'endRequired' | 'grid' | 'startBeforeEnd' | 'breakRequired' | 'breakOrder' | 'breakInside' | 'breakOverlap';

/**
 * The rules the server applies to one working day: 15-minute times, start before end, breaks
 * inside the day and not overlapping each other. Keys: `start`, `end`, `breaks.<i>`.
 */
export function checkWorkingHours(start: string, end: string, breaks: readonly TimeRange[]): Record<string, ScheduleProblem> {
  const problems: Record<string, ScheduleProblem> = {};
  if (!start) problems.start = 'startRequired';
  else if (!isOnGrid(start)) problems.start = 'grid';
  if (!end) problems.end = 'endRequired';
  else if (!isOnGrid(end)) problems.end = 'grid';
  if (!problems.start && !problems.end && toMinutes(start) >= toMinutes(end)) problems.end = 'startBeforeEnd';
  const sorted = breaks.map((b, i) => ({ ...b, i })).sort((a, b) => toMinutes(a.start) - toMinutes(b.start));
  breaks.forEach((b, i) => {
    const key = `breaks.${i}`;
    if (!b.start || !b.end) problems[key] = 'breakRequired';
    else if (!isOnGrid(b.start) || !isOnGrid(b.end)) problems[key] = 'grid';
    else if (toMinutes(b.start) >= toMinutes(b.end)) problems[key] = 'breakOrder';
    else if (!problems.start && !problems.end && (toMinutes(b.start) < toMinutes(start) || toMinutes(b.end) > toMinutes(end))) problems[key] = 'breakInside';
  });
  for (let k = 1; k < sorted.length; k += 1) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.start && prev.end && toMinutes(cur.start) < toMinutes(prev.end) && !problems[`breaks.${cur.i}`]) {
      problems[`breaks.${cur.i}`] = 'breakOverlap';
    }
  }
  return problems;
}
