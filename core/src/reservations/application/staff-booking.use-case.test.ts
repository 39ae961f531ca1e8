import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/system-clock';
import { StaffBookingUseCase, menuListShape, outsideHours } from './staff-booking.use-case';

const zone = 'Asia/Tokyo';
const ms = (local: string) => DateTime.fromISO(local, { zone }).toMillis();
// Open 10:00–19:00 Monday to Saturday, a 13:00–14:00 break every day, closed on Sunday and on 2026-12-08.
const clinic = {
  zone,
  openingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
  breaks: [{ weekday: null, start: '13:00', end: '14:00' }],
  holidays: new Set(['2026-12-08']),
};
const now = ms('2026-12-01T12:00');
const span = (from: string, to: string) => ({ startMs: ms(from), endMs: ms(to) });

describe('staff bookings: what needs a confirmation (issue 16, item 8)', () => {
  it('needs none inside opening hours in the future', () => {
    expect(outsideHours(clinic, [span('2026-12-02T10:00', '2026-12-02T13:00'), span('2026-12-02T14:00', '2026-12-02T19:00')], now)).toEqual([]);
  });

  it.each([
    ['before opening', '2026-12-02T09:45', '2026-12-02T10:15'],
    ['after closing', '2026-12-02T18:30', '2026-12-02T19:15'],
    ['across the break', '2026-12-02T12:30', '2026-12-02T13:30'],
    ['on a Sunday', '2026-12-06T10:00', '2026-12-06T11:00'],
    ['on a holiday', '2026-12-08T10:00', '2026-12-08T11:00'],
  ])('finds OUTSIDE_HOURS %s', (_, from, to) => {
    expect(outsideHours(clinic, [span(from, to)], now)).toEqual(['OUTSIDE_HOURS']);
  });

  it('finds PAST for a start before now, and both reasons in a fixed order', () => {
    expect(outsideHours(clinic, [span('2026-12-01T10:00', '2026-12-01T11:00')], now)).toEqual(['PAST']);
    expect(outsideHours(clinic, [span('2026-12-02T20:00', '2026-12-02T21:00'), span('2026-11-30T10:00', '2026-11-30T11:00')], now)).toEqual([
      'PAST',
      'OUTSIDE_HOURS',
    ]);
  });

  it('checks only the past for an automatic booking (its assignment follows the schedules)', () => {
    expect(outsideHours(clinic, [span('2026-12-06T10:00', '2026-12-06T10:15')], now, true)).toEqual([]);
    expect(outsideHours(clinic, [span('2026-12-01T10:00', '2026-12-01T10:15')], now, true)).toEqual(['PAST']);
  });

  it('wants at least one menu and none twice', () => {
    expect(menuListShape(['1', '2'], 'menuIds')).toEqual({ ok: true, value: undefined });
    expect(menuListShape([], 'menuIds')).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: [{ path: 'menuIds' }] } });
    expect(menuListShape(['1', '2', '1'], 'menuIds')).toMatchObject({ ok: false, error: { fields: [{ path: 'menuIds.2' }] } });
  });
});

describe('staff bookings: the member read beside the others', () => {
  it('leaves no rejection unhandled when the database fails every read (an unhandled one ends the process)', async () => {
    // Reads that fail when the test says so, after the booking has already failed elsewhere.
    const failLater: Array<(error: Error) => void> = [];
    const down = () => new Promise<never>((_, reject) => failLater.push(reject));
    const audit = { append: async () => {} };
    const bookings = new StaffBookingUseCase(
      {
        byStaffAutomatic: async () => Promise.reject(new Error('availability read failed')),
        byStaffExplicit: async () => Promise.reject(new Error('availability read failed')),
      },
      { clinic: down },
      { clinicIdsOf: down },
      { findById: down },
      audit,
      systemClock,
      { updateByStaff: down },
      { findById: down },
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const task = { startMs: ms('2026-12-02T10:00'), endMs: ms('2026-12-02T11:00'), staffId: '1', roomId: null, machineId: null };
      await expect(bookings.explicit('9', { clinicId: '1', userId: '2', menuIds: ['3'], tasks: [task] })).rejects.toThrow('availability read failed');
      await expect(bookings.automatic('9', { clinicId: '1', userId: '2', menuId: '3', startMs: ms('2026-12-02T10:00') })).rejects.toThrow(
        'availability read failed',
      );
      expect(failLater.length).toBeGreaterThanOrEqual(3);
      for (const reject of failLater) reject(new Error('connection refused'));
      // Node reports a rejection left unhandled once the microtasks have run: a turn of the loop later.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
