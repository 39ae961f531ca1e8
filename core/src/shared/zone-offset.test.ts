import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localDateOf, zoneOffsetMinutes } from './zone-offset';

/**
 * Zones with and without changes of offset: summer time at a whole hour (New York, London), by
 * half an hour (Lord Howe: +10:30 ↔ +11:00, changing at 15:00 or 15:30 UTC), a change to a
 * quarter-hour offset (Kathmandu, +5:30 → +5:45 on 1985-12-31 at 18:30 UTC), summer time at
 * midnight (Santiago), and the clinics' zone.
 */
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Santiago'];
const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(2100, 0, 1);

const luxonOffset = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

describe('zoneOffsetMinutes and localDateOf', () => {
  it('give luxon’s offset and date for random instants, asked in any order and again', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(fc.integer({ min: MIN_MS, max: MAX_MS }), { minLength: 1, maxLength: 20 }), (zone, instants) => {
        for (const ms of [...instants, ...instants]) {
          expect(zoneOffsetMinutes(zone, ms)).toBe(luxonOffset(zone, ms));
          expect(localDateOf(zone, ms)).toBe(DateTime.fromMillis(ms, { zone }).toISODate());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('are right on both sides of a change of offset inside a UTC hour, whichever side is asked first', () => {
    const changes = [
      // Lord Howe: summer time began 2025-10-05 at 02:00 local (+10:30), i.e. 15:30 UTC.
      { zone: 'Australia/Lord_Howe', at: Date.UTC(2025, 9, 4, 15, 30) },
      // Kathmandu: +5:30 until 1985-12-31 18:30 UTC, then +5:45.
      { zone: 'Asia/Kathmandu', at: Date.UTC(1985, 11, 31, 18, 30) },
    ];
    for (const { zone, at } of changes) {
      const before = at - 60_000;
      const after = at + 60_000;
      expect(luxonOffset(zone, before)).not.toBe(luxonOffset(zone, after));
      for (const order of [
        [before, after],
        [after, before],
      ]) {
        for (const ms of [...order, ...order]) expect(zoneOffsetMinutes(zone, ms)).toBe(luxonOffset(zone, ms));
      }
    }
  });

  it('give luxon’s answer on the hours around each change of New York’s and Santiago’s summer time', () => {
    for (const zone of ['America/New_York', 'America/Santiago']) {
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 15 * 60_000) {
        expect(zoneOffsetMinutes(zone, ms)).toBe(luxonOffset(zone, ms));
      }
    }
  });

  it('answer NaN and null for a zone luxon does not know', () => {
    expect(zoneOffsetMinutes('Asia/Nowhere', 0)).toBeNaN();
    expect(localDateOf('Asia/Nowhere', 0)).toBeNull();
  });

  it('answer null for an instant whose local date has no four-digit year', () => {
    expect(localDateOf('Asia/Tokyo', Date.UTC(9999, 11, 31, 15))).toBeNull();
    expect(localDateOf('Asia/Tokyo', Date.UTC(9999, 11, 31, 14, 59))).toBe('9999-12-31');
  });
});
