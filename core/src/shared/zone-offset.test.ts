import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { CLINIC_ZONE } from './clock.port';
import { clinicZone, localDateOf, zoneOf, zoneOffsetMinutes } from './zone-offset';

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

describe('zoneOf: a luxon zone with the cached offsets', () => {
  /** What a person or the wire sees of a DateTime: its text, its instant, its zone's name, its local fields. */
  const seen = (dt: DateTime) => [dt.toISO(), dt.toMillis(), dt.zoneName, dt.offset, dt.weekday, dt.toFormat('yyyy年M月d日(ccc) HH:mm', { locale: 'ja' })];

  it('makes the same DateTimes as the zone’s name, through the operations the code uses, on random instants', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: MIN_MS, max: MAX_MS }),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (name, ms, days, minutes) => {
          const zone = zoneOf(name);
          const walk = (dt: DateTime) => [
            dt,
            dt.startOf('day'),
            dt.startOf('day').minus({ days: 1 }).plus({ minutes }),
            dt.plus({ days }),
            dt.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }),
            dt.endOf('month'),
          ];
          const cached = walk(DateTime.fromMillis(ms, { zone }));
          const named = walk(DateTime.fromMillis(ms, { zone: name }));
          cached.forEach((dt, i) => expect(seen(dt)).toEqual(seen(named[i]!)));
          const iso = named[0]!.toISODate()!;
          expect(seen(DateTime.fromISO(iso, { zone }))).toEqual(seen(DateTime.fromISO(iso, { zone: name })));
          expect(seen(DateTime.fromMillis(ms).setZone(zone))).toEqual(seen(DateTime.fromMillis(ms).setZone(name)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is equal to the zone of its name, one object per name, and the clinics’ zone is Tokyo’s', () => {
    const ms = Date.UTC(2026, 10, 29, 3);
    expect(DateTime.fromMillis(ms, { zone: clinicZone }).equals(DateTime.fromMillis(ms, { zone: CLINIC_ZONE }))).toBe(true);
    expect(zoneOf('Asia/Tokyo')).toBe(clinicZone);
    expect(clinicZone.name).toBe('Asia/Tokyo');
    expect(zoneOf('Asia/Nowhere').isValid).toBe(false);
    expect(DateTime.fromMillis(ms, { zone: zoneOf('Asia/Nowhere') }).isValid).toBe(false);
  });

  it('gives local times on both sides of New York’s changes of summer time, and a local time in the gap moves forward as luxon’s does', () => {
    const zone = zoneOf('America/New_York');
    for (let ms = Date.UTC(2026, 2, 8, 5); ms < Date.UTC(2026, 2, 8, 9); ms += 15 * 60_000) {
      expect(DateTime.fromMillis(ms, { zone }).toISO()).toBe(DateTime.fromMillis(ms, { zone: 'America/New_York' }).toISO());
    }
    const gap = { year: 2026, month: 3, day: 8, hour: 2, minute: 30 };
    expect(DateTime.fromObject(gap, { zone }).toISO()).toBe(DateTime.fromObject(gap, { zone: 'America/New_York' }).toISO());
    const twice = { year: 2026, month: 11, day: 1, hour: 1, minute: 30 };
    expect(DateTime.fromObject(twice, { zone }).toISO()).toBe(DateTime.fromObject(twice, { zone: 'America/New_York' }).toISO());
  });
});
