import { DateTime } from 'luxon';
import { zoneOf } from './zone-offset';
import { fail, ok, type Result } from './result';

/**
 * The order of a period's two ends, the one rule every search and list by period shares (issue 22:
 * decided in the core, not in each router). Dates (`YYYY-MM-DD`) include both ends, so `to` may be
 * `from`; instants are half-open, so the end must be after the start. `path` names the later end
 * in the answer.
 */
export const datesInOrder = (from: string, to: string, path: string): Result<void, 'VALIDATION_FAILED'> =>
  from <= to ? ok(undefined) : fail('VALIDATION_FAILED', { fields: [{ path, message: '終了日は開始日以降にしてください。' }] });

export const instantsInOrder = (startMs: number, endMs: number, path: string): Result<void, 'VALIDATION_FAILED'> =>
  startMs < endMs ? ok(undefined) : fail('VALIDATION_FAILED', { fields: [{ path, message: '終了は開始より後にしてください。' }] });

/** Midnights already worked out: the calendar and the searches ask for the same few days all day, and each costs luxon a lookup of the zone's offset. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 4096;

/** The start of the day `plusDays` after the date `iso` (YYYY-MM-DD), in `zone`, as epoch milliseconds (NaN when `iso` is not a date). */
export const dayStartMs = (zone: string, iso: string, plusDays = 0): number => {
  const key = `${zone} ${iso} ${plusDays}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const ms = DateTime.fromISO(iso, { zone: zoneOf(zone) })
    .plus({ days: plusDays })
    .startOf('day')
    .toMillis();
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, ms);
  return ms;
};
