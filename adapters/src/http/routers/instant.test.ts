import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatInstant } from './instant';

const byLuxon = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: false, includeOffset: true })!.replace('.000', '');

describe('formatInstant', () => {
  it('gives luxon’s text for every quarter-hour of more than a year in Asia/Tokyo, first made and then remembered', () => {
    const start = Date.UTC(2026, 0, 1, 15);
    const quarterHours = 41_000; // more than the texts kept, so the store is also emptied on the way
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < quarterHours; i++) {
        const ms = start + i * 900_000;
        const text = formatInstant(ms);
        if (i % 211 === round * 7) expect(text).toBe(byLuxon(ms, 'Asia/Tokyo'));
      }
    }
  });

  it('formats other zones with their own offsets, across a change of summer time', () => {
    for (const iso of ['2026-03-08T06:45:00Z', '2026-03-08T07:00:00Z', '2026-11-01T05:30:00Z', '2026-11-01T06:15:00Z']) {
      const ms = Date.parse(iso);
      expect(formatInstant(ms, 'America/New_York')).toBe(byLuxon(ms, 'America/New_York'));
    }
    expect(formatInstant(Date.parse('2026-12-01T01:15:00Z'))).toBe('2026-12-01T10:15:00+09:00');
  });

  it('keeps each zone’s offsets apart, and an hour in which a zone changes its offset at half past', () => {
    // The same hour in New York first, then in the clinics' zone: each its own offset.
    const ms = Date.parse('2026-06-10T03:15:00Z');
    expect(formatInstant(ms, 'America/New_York')).toBe('2026-06-09T23:15:00-04:00');
    expect(formatInstant(ms + 1_800_000)).toBe('2026-06-10T12:45:00+09:00');
    // Lord Howe Island goes from +10:30 to +11:00 at 15:30 UTC: both halves of that hour, in either order.
    for (const order of [
      ['2026-10-03T15:15:00Z', '2026-10-03T15:45:00Z'],
      ['2026-10-03T15:50:00Z', '2026-10-03T15:20:00Z'],
    ]) {
      for (const iso of order) expect(formatInstant(Date.parse(iso), 'Australia/Lord_Howe')).toBe(byLuxon(Date.parse(iso), 'Australia/Lord_Howe'));
    }
  });
});
