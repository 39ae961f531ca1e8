import { AvailabilityEngine } from '@clinic/core';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { busyOf, queryFor, STAFF_ONLY } from './engine.bench';
import { generateStandardClinic, ZONE, type StandardBooking } from './standard-clinic';

/** The generated standard clinic has the properties shared/BENCH.md gives it. */
describe('the standard benchmark clinic', () => {
  const today = '2026-12-01';
  const clinic = generateStandardClinic(today);
  const first = DateTime.fromISO(today, { zone: ZONE });
  const dateOf = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toISODate()!;
  const first30 = clinic.future.filter((b) => b.startMs < first.plus({ days: 30 }).toMillis());

  it('has 30 staff, 15 rooms, 10 machines and 90 days of schedules 09:00–20:00 with a break 13:00–14:00', () => {
    expect([clinic.staffIds.length, clinic.roomIds.length, clinic.machineIds.length]).toEqual([30, 15, 10]);
    expect(clinic.schedules).toHaveLength(30 * 90);
    for (const s of clinic.schedules) {
      const local = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('HH:mm');
      expect([local(s.startMs), local(s.breakStartMs), local(s.breakEndMs), local(s.endMs)]).toEqual(['09:00', '13:00', '14:00', '20:00']);
    }
  });

  it('gives every staff member six non-overlapping one-hour bookings a day on the quarter-hour grid, inside the schedule and outside the break', () => {
    const byStaffDay = new Map<string, StandardBooking[]>();
    const offGrid: StandardBooking[] = [];
    for (const b of [...clinic.future, ...clinic.history]) {
      const key = `${b.staffId}@${dateOf(b.startMs)}`;
      const list = byStaffDay.get(key);
      if (list) list.push(b);
      else byStaffDay.set(key, [b]);
      const local = DateTime.fromMillis(b.startMs, { zone: ZONE });
      const minute = local.hour * 60 + local.minute;
      const inMorning = minute >= 9 * 60 && minute <= 12 * 60;
      const inAfternoon = minute >= 14 * 60 && minute <= 19 * 60;
      if (b.endMs - b.startMs !== 3_600_000 || minute % 15 !== 0 || !(inMorning || inAfternoon)) offGrid.push(b);
    }
    expect(offGrid).toEqual([]);
    const futureDays = [...byStaffDay.entries()].filter(([key]) => key.split('@')[1]! >= today);
    expect(futureDays).toHaveLength(30 * 90);
    for (const [, bookings] of futureDays) expect(bookings).toHaveLength(6);
    expect(first30).toHaveLength(30 * 30 * 6);
    expect(clinic.future).toHaveLength(30 * 90 * 6);
  });

  it('holds 60,000 reservations in all, history before today', () => {
    expect(clinic.future.length + clinic.history.length).toBe(60_000);
    expect(clinic.history.every((b) => b.startMs < first.toMillis())).toBe(true);
  });

  it('lets one booking in three hold a room and one in six a machine', () => {
    expect(first30.filter((b) => b.roomId !== null)).toHaveLength(first30.length / 3);
    expect(first30.filter((b) => b.machineId !== null)).toHaveLength(first30.length / 6);
    expect(clinic.future.filter((b) => b.roomId !== null)).toHaveLength(clinic.future.length / 3);
    expect(clinic.future.filter((b) => b.machineId !== null)).toHaveLength(clinic.future.length / 6);
  });

  it('never double-books a staff member, a room or a machine', () => {
    const overlapping = (key: (b: StandardBooking) => string | null) => {
      const byResource = new Map<string, StandardBooking[]>();
      for (const b of [...clinic.history, ...clinic.future]) {
        const id = key(b);
        if (id !== null) byResource.set(id, [...(byResource.get(id) ?? []), b]);
      }
      let count = 0;
      for (const bookings of byResource.values()) {
        bookings.sort((x, y) => x.startMs - y.startMs);
        for (let i = 1; i < bookings.length; i++) if (bookings[i]!.startMs < bookings[i - 1]!.endMs) count++;
      }
      return { resources: byResource.size, count };
    };
    expect(overlapping((b) => b.staffId)).toEqual({ resources: 30, count: 0 });
    expect(overlapping((b) => b.roomId)).toEqual({ resources: 15, count: 0 });
    expect(overlapping((b) => b.machineId)).toEqual({ resources: 10, count: 0 });
  });

  it('is the same input on every run (fixed seed), and another seed gives another one', () => {
    const again = generateStandardClinic(today, { historyTotal: 0 });
    expect(again.future).toEqual(clinic.future);
    expect(generateStandardClinic(today, { historyTotal: 0, seed: 7 }).future).not.toEqual(clinic.future);
  });

  it('leaves rooms and machines busy but not saturated: menu A and B searches over 30 days return hundreds of starts', () => {
    const busy = busyOf(clinic);
    const count = (tasks: typeof clinic.menuA, days: number) => new AvailabilityEngine(queryFor(clinic, busy, tasks, days)).search().length;
    const staffOnly = count(STAFF_ONLY, 30);
    const menuA = count(clinic.menuA, 30);
    const menuB = count(clinic.menuB, 30);
    // The staff-only part is the input the Cal.com reference of BENCH.md was measured on.
    expect(staffOnly).toBe(936);
    expect(menuA).toBeGreaterThanOrEqual(200);
    expect(menuB).toBeGreaterThanOrEqual(200);
    // Rooms and machines take starts away that staff alone would leave.
    expect(menuA).toBeLessThan(staffOnly);
    expect(menuB).toBeLessThan(menuA);
  });
});
