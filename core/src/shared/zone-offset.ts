import { DateTime, IANAZone } from 'luxon';
import { CLINIC_ZONE } from './clock.port';

const HOUR_MS = 3_600_000;
/** The offsets already asked for, by zone and UTC hour. Bounded: a zone's entry is emptied past about a year of hours. */
const offsetsByZone = new Map<string, Map<number, number>>();
const HOURS_KEPT = 10_000;
/** The instants `toISOString` writes as a four-digit year (0000-01-01 to 9999-12-31, UTC). */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = 253_402_300_799_999;

/**
 * The offset from UTC in minutes of `zone` at the instant `ms`, as luxon gives it (NaN for a zone
 * luxon does not know). Luxon asks `Intl` for the zone's offset at each `DateTime` it makes in a
 * zone, about 40 µs each; a search made about ten of them (docs/benchmarks.md). Kept per UTC hour,
 * but only for an hour whose first and last millisecond have the same offset: an hour in which the
 * zone changes its offset (at whatever minute) is asked again each time. That assumes no zone
 * changes its offset twice within one hour and back, which no zone of the tz database does.
 */
export const zoneOffsetMinutes = (zone: string, ms: number): number => {
  const hour = Math.floor(ms / HOUR_MS);
  let offsets = offsetsByZone.get(zone);
  const known = offsets?.get(hour);
  if (known !== undefined) return known;
  const offset = DateTime.fromMillis(ms, { zone }).offset;
  if (Number.isNaN(offset)) return offset;
  const start = hour * HOUR_MS;
  if (DateTime.fromMillis(start, { zone }).offset === offset && DateTime.fromMillis(start + HOUR_MS - 1, { zone }).offset === offset) {
    if (!offsets) offsetsByZone.set(zone, (offsets = new Map()));
    if (offsets.size >= HOURS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
};

/**
 * The local date (YYYY-MM-DD) of the instant `ms` in `zone`, as luxon's `toISODate()` gives it;
 * null for a zone luxon does not know or an instant outside the years 0000–9999.
 */
export const localDateOf = (zone: string, ms: number): string | null => {
  const offset = zoneOffsetMinutes(zone, ms);
  const local = ms + offset * 60_000;
  if (Number.isNaN(local) || local < FIRST_MS || local > LAST_MS) return null;
  return new Date(local).toISOString().slice(0, 10);
};

/**
 * An IANA zone whose offsets come from the per-hour cache above instead of `Intl` at every call.
 * Luxon asks a `DateTime`'s zone for its offset whenever it makes one (`now().setZone`, `plus`,
 * `startOf`, `set`): with the zone's name, each ask is a `formatToParts` of about 5 µs, and a staff
 * booking made several hundred of them (the clock's `now()`, the reminders' times, the messages'
 * texts: 13 % of the server's CPU per booking, docs/benchmarks.md). Equal to luxon's own zone of
 * the same name (`equals`, `name`, `type` are IANAZone's), so a `DateTime` in it compares, formats
 * and serialises exactly as before.
 */
export class HourCachedZone extends IANAZone {
  override offset(ts: number): number {
    return zoneOffsetMinutes(this.name, ts);
  }
}

const cachedZones = new Map<string, HourCachedZone>();

/** The cached zone of `name` (one per name), for `DateTime.fromMillis(ms, { zone: zoneOf(name) })` and `setZone`. */
export const zoneOf = (name: string): HourCachedZone => {
  let zone = cachedZones.get(name);
  if (!zone) cachedZones.set(name, (zone = new HourCachedZone(name)));
  return zone;
};

/** The clinics' zone (`CLINIC_ZONE`), cached: the zone of the clock's `now()` and of every `DateTime` made from it. */
export const clinicZone: HourCachedZone = zoneOf(CLINIC_ZONE);
