import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { bookingDays, openRangesOf, type ClinicCalendar } from './booking-calendar';

/** Each date's start in the zone and its opening, by luxon date by date: what bookingDays must answer. */
const reference = (calendar: ClinicCalendar, from: string, to: string) => {
  const days: Array<{ startMs: number; openRanges: Array<[number, number]> }> = [];
  for (let date = DateTime.fromISO(from, { zone: 'UTC' }); date <= DateTime.fromISO(to, { zone: 'UTC' }); date = date.plus({ days: 1 })) {
    const local = DateTime.fromISO(date.toISODate()!, { zone: calendar.zone }).startOf('day');
    days.push({ startMs: local.toMillis(), openRanges: openRangesOf(calendar, date) });
  }
  return days;
};

/** The first version: luxon's plus({ days: 1 }) from the first midnight. */
const firstVersion = (calendar: ClinicCalendar, from: string, to: string) => {
  const first = DateTime.fromISO(from, { zone: calendar.zone }).startOf('day');
  const last = DateTime.fromISO(to, { zone: calendar.zone }).startOf('day');
  const days: Array<{ startMs: number; openRanges: Array<[number, number]> }> = [];
  for (let date = first; date <= last; date = date.plus({ days: 1 })) days.push({ startMs: date.toMillis(), openRanges: openRangesOf(calendar, date) });
  return days;
};

// Tokyo, and zones whose clocks jump (some at midnight, so that local midnight does not exist).
const ZONES = [
  'Asia/Tokyo',
  'Europe/London',
  'America/New_York',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Havana',
  'Asia/Beirut',
  'Australia/Lord_Howe',
  'Pacific/Apia',
];

const calendarOf = (zone: string, holidays: string[]): ClinicCalendar => ({
  zone,
  openingHours: [
    { weekday: 1, open: '09:00', close: '20:00' },
    { weekday: 2, open: '10:00', close: '18:30' },
    { weekday: 3, open: '09:00', close: '24:00' },
    { weekday: 5, open: '11:00', close: '19:00' },
    { weekday: 6, open: '09:30', close: '17:00' },
  ],
  breaks: [
    { weekday: null, start: '13:00', end: '14:00' },
    { weekday: 5, start: '15:10', end: '15:20' },
  ],
  holidays: new Set(holidays),
});

describe('bookingDays', () => {
  it('answers what luxon day by day answers: local midnights (across clock changes), weekday hours, breaks and holidays', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -2, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 5 }),
        (zone, date, length, holidayOffsets) => {
          const from = date.toISOString().slice(0, 10);
          const at = (offset: number) => DateTime.fromISO(from, { zone: 'UTC' }).plus({ days: offset }).toISODate()!;
          const calendar = calendarOf(zone, holidayOffsets.map(at));
          expect(bookingDays(calendar, from, at(length))).toEqual(reference(calendar, from, at(length)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('covers every clock change of the years in those zones', () => {
    for (const zone of ZONES) {
      const calendar = calendarOf(zone, ['2026-03-08']);
      expect(bookingDays(calendar, '2025-01-01', '2027-12-31')).toEqual(reference(calendar, '2025-01-01', '2027-12-31'));
    }
  });

  it('answers in Tokyo (every clinic) exactly what the first version answered', () => {
    const calendar = calendarOf('Asia/Tokyo', ['2026-01-01', '2026-12-31']);
    expect(bookingDays(calendar, '2024-01-01', '2028-12-31')).toEqual(firstVersion(calendar, '2024-01-01', '2028-12-31'));
  });

  it('starts the day after a clock change at midnight at its own midnight (the first version drifted to 01:00)', () => {
    // Beirut skipped 00:00–01:00 on 2026-03-29.
    const calendar = calendarOf('Asia/Beirut', []);
    const days = bookingDays(calendar, '2026-03-28', '2026-03-31');
    expect(days.map((day) => DateTime.fromMillis(day.startMs, { zone: 'Asia/Beirut' }).toFormat('MM-dd HH:mm'))).toEqual([
      '03-28 00:00',
      '03-29 01:00',
      '03-30 00:00',
      '03-31 00:00',
    ]);
    expect(firstVersion(calendar, '2026-03-28', '2026-03-31')).toHaveLength(3);
  });

  it('takes input that is not a plain date the way luxon reads it', () => {
    const calendar = calendarOf('Asia/Tokyo', []);
    for (const [from, to] of [
      ['2026-12-01T10:00', '2026-12-03'],
      ['2026-02-30', '2026-03-02'],
      ['nonsense', '2026-12-01'],
      ['2026-12-05', '2026-12-01'],
      ['0099-12-30', '0100-01-02'],
    ] as const) {
      expect(bookingDays(calendar, from, to)).toEqual(firstVersion(calendar, from, to));
    }
  });
});
