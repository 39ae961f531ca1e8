import { currentLanguage } from '../../i18n';
import { bookingWindow, longDateLabel as dateInLanguage } from '../../shared/booking';

/*
 * The member pages' dates: the clinic's calendar of `shared/booking` (Asia/Tokyo, whatever the
 * browser's zone) in the language the member chose.
 */

/** 2026年12月1日(火) of a date (`YYYY-MM-DD`) or an instant, in the language shown. */
export const longDateLabel = (value: string): string => dateInLanguage(value, currentLanguage());

/** The members' search window: today … today + 29 in Tokyo. */
export function searchWindow(now: Date = new Date()): { from: string; to: string } {
  const { from, to } = bookingWindow(now);
  return { from, to };
}
