import type { DateTime } from 'luxon';

/** Where "now" comes from, so that rules about time can be tested at any instant. */
export interface ClockPort {
  now(): DateTime;
}

export const CLINIC_ZONE = 'Asia/Tokyo';
