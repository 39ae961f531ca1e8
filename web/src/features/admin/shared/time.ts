/** Times of day on the 15-minute grid, and the small pure helpers the set-up forms share. */

export const SLOT_MINUTES = 15;

const pad = (n: number) => String(n).padStart(2, '0');

export const toMinutes = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export const fromMinutes = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** 00:00, 00:15, … 24:00. */
export const TIMES_OF_DAY: readonly string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES + 1 }, (_, i) => fromMinutes(i * SLOT_MINUTES));

export const isOnGrid = (time: string): boolean => /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/.test(time) && toMinutes(time) % SLOT_MINUTES === 0;

/** Task durations: 15 … 720 minutes in 15-minute steps. */
export const DURATIONS: readonly number[] = Array.from({ length: 720 / SLOT_MINUTES }, (_, i) => (i + 1) * SLOT_MINUTES);

/** Weekdays as the API counts them (0 = Sunday), in the order a Japanese week is shown (月…日). */
export const WEEKDAYS_MON_FIRST: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** Non-negative whole number typed as text, else `null`. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  return Number(trimmed);
}
