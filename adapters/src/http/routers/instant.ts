import { CLINIC_ZONE, zoneOffsetMinutes } from '@clinic/core';

/**
 * The texts already made for the clinics' zone, by instant: searches answer the same quarter-hours
 * over and over (every search of a clinic's next 30 days shares most of them), and a lookup costs a
 * tenth of making the text. Bounded: emptied when it holds more than a year of quarter-hours.
 */
const texts = new Map<number, string>();
const TEXTS_MAX = 40_000;

/**
 * `2026-12-01T10:15:00+09:00` for an instant in the clinics' zone. The zone's offset comes from
 * `zoneOffsetMinutes` (cached per zone and hour); the text is then assembled directly, because a search answers hundreds
 * of start times and formatting each through luxon would cost more than finding them.
 */
export const formatInstant = (ms: number, zone: string = CLINIC_ZONE): string => {
  if (zone !== CLINIC_ZONE) return makeInstantText(ms, zone);
  let text = texts.get(ms);
  if (text === undefined) {
    text = makeInstantText(ms, zone);
    if (texts.size >= TEXTS_MAX) texts.clear();
    texts.set(ms, text);
  }
  return text;
};

const makeInstantText = (ms: number, zone: string): string => {
  const offset = zoneOffsetMinutes(zone, ms);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

// The wire's instants and dates are the contract's (the web validates with the same schemas).
export { dateSchema, instantSchema } from '@clinic/contract';
