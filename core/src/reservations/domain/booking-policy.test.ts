import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_DAYS, checkSearchWindow, horizonMs, todayIn } from './booking-policy';

/** The first versions, through luxon: what the kept and date-wise versions must answer. */
const referenceHorizon = (zone: string, nowMs: number) => todayIn(zone, nowMs).plus({ days: BOOKING_HORIZON_DAYS }).toMillis();
const referenceWindow = (zone: string, nowMs: number, from: string, to: string, days: number) => {
  const first = DateTime.fromISO(from, { zone });
  const last = DateTime.fromISO(to, { zone });
  if (!first.isValid || !last.isValid || last < first) return 'VALIDATION_FAILED';
  const today = todayIn(zone, nowMs);
  if (first < today || last > today.plus({ days: days - 1 })) return 'SEARCH_PERIOD_TOO_LONG';
  return 'ok';
};

/** Zones whose midnights all exist once (summer time changes at another hour), and the clinics'. */
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London'];
const now = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

describe('horizonMs', () => {
  it('is local midnight of today + 90 for random instants, asked again', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(now, { minLength: 1, maxLength: 10 }), (zone, instants) => {
        for (const ms of [...instants, ...instants]) expect(horizonMs(zone, ms)).toBe(referenceHorizon(zone, ms));
      }),
      { numRuns: 300 },
    );
  });

  it('moves at local midnight, not at UTC midnight', () => {
    const midnight = DateTime.fromISO('2026-12-01', { zone: 'Asia/Tokyo' }).toMillis();
    expect(horizonMs('Asia/Tokyo', midnight - 1)).toBe(DateTime.fromISO('2027-02-28', { zone: 'Asia/Tokyo' }).toMillis());
    expect(horizonMs('Asia/Tokyo', midnight)).toBe(DateTime.fromISO('2027-03-01', { zone: 'Asia/Tokyo' }).toMillis());
  });
});

describe('checkSearchWindow', () => {
  it('answers as the luxon version for random dates around today', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        now,
        fc.integer({ min: -3, max: 95 }),
        fc.integer({ min: -3, max: 95 }),
        fc.constantFrom(30, 90),
        (zone, nowMs, fromOffset, toOffset, days) => {
          const today = todayIn(zone, nowMs);
          const from = today.plus({ days: fromOffset }).toISODate()!;
          const to = today.plus({ days: toOffset }).toISODate()!;
          const result = checkSearchWindow(zone, nowMs, from, to, days);
          expect(result.ok ? 'ok' : result.error.code).toBe(referenceWindow(zone, nowMs, from, to, days));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('answers as the luxon version at the edges of today in Tokyo, and for text that is not a plain date', () => {
    const zone = 'Asia/Tokyo';
    const midnight = DateTime.fromISO('2026-12-01', { zone }).toMillis();
    const cases: Array<[number, string, string]> = [
      [midnight - 1, '2026-11-30', '2026-12-29'],
      [midnight - 1, '2026-11-30', '2026-12-30'],
      [midnight, '2026-11-30', '2026-12-30'],
      [midnight, '2026-12-01', '2026-12-30'],
      [midnight, '2026-12-01', '2026-12-31'],
      [midnight, '2026-12-02', '2026-12-01'],
      [midnight, '2026-02-30', '2026-12-01'],
      [midnight, '2026-12-01', 'tomorrow'],
      [midnight, '2026-12-01T10:00', '2026-12-30T10:00'],
      [midnight, '2026-12-01', '2026-W53'],
    ];
    for (const [nowMs, from, to] of cases) {
      const result = checkSearchWindow(zone, nowMs, from, to, 30);
      expect([from, to, result.ok ? 'ok' : result.error.code]).toEqual([from, to, referenceWindow(zone, nowMs, from, to, 30)]);
    }
    expect(checkSearchWindow(zone, midnight, '2026-12-01', '2026-12-31', 30)).toMatchObject({
      ok: false,
      error: { code: 'SEARCH_PERIOD_TOO_LONG', detail: { maxDays: 30 } },
    });
  });
});
