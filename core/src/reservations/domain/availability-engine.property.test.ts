import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  AvailabilityEngine,
  SLOTS_PER_DAY,
  SLOT_MS,
  type AvailabilityQuery,
  type EngineBusy,
  type EngineBusyDay,
  type EngineSchedule,
  type EngineTask,
} from './availability-engine';
import { bookingDays } from './booking-calendar';

const ZONE = 'Asia/Tokyo';
const DAY0 = DateTime.fromISO('2026-12-01', { zone: ZONE }).toMillis();
const Q = SLOT_MS;

/** A clinic with two days, 3 staff, 2 rooms, 2 machines and random schedules, breaks and bookings. */
const scenario = fc
  .record({
    tasks: fc.array(
      fc.record({
        durationMinutes: fc.integer({ min: 1, max: 6 }).map((n) => n * 15),
        needsStaff: fc.boolean(),
        roomIds: fc.subarray(['r1', 'r2']),
        machineIds: fc.subarray(['m1', 'm2']),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    schedules: fc.array(
      fc.record({
        staff: fc.constantFrom('s1', 's2', 's3'),
        day: fc.integer({ min: 0, max: 1 }),
        start: fc.integer({ min: 32, max: 60 }),
        length: fc.integer({ min: 4, max: 40 }),
        breakAt: fc.option(fc.integer({ min: 0, max: 20 })),
        category: fc.constantFrom(null, 'c1', 'c2'),
      }),
      { maxLength: 6 },
    ),
    busy: fc.array(
      fc.record({
        type: fc.constantFrom('STAFF', 'ROOM', 'MACHINE') as fc.Arbitrary<'STAFF' | 'ROOM' | 'MACHINE'>,
        index: fc.integer({ min: 0, max: 2 }),
        startMinute: fc.integer({ min: 8 * 60, max: 21 * 60 }),
        minutes: fc.integer({ min: 5, max: 120 }),
        day: fc.integer({ min: 0, max: 1 }),
      }),
      { maxLength: 10 },
    ),
    lead: fc.integer({ min: 0, max: 200 }),
  })
  .map(({ tasks, schedules, busy, lead }): AvailabilityQuery => {
    const ids = { STAFF: ['s1', 's2', 's3'], ROOM: ['r1', 'r2', 'r1'], MACHINE: ['m1', 'm2', 'm2'] };
    // A person's schedules never overlap (the database refuses it), so neither do the generated ones.
    const engineSchedules: EngineSchedule[] = schedules
      .map((s) => {
        const startMs = DAY0 + s.day * 86_400_000 + s.start * Q;
        const endMs = Math.min(startMs + s.length * Q, DAY0 + (s.day + 1) * 86_400_000);
        const breaks: Array<readonly [number, number]> =
          s.breakAt !== null && s.breakAt < s.length ? [[startMs + s.breakAt * Q, Math.min(endMs, startMs + (s.breakAt + 4) * Q)] as const] : [];
        return { staffId: s.staff, startMs, endMs, breaks, categoryId: s.category };
      })
      .filter((s, i, all) => !all.slice(0, i).some((o) => o.staffId === s.staffId && overlaps(s.startMs, s.endMs, o.startMs, o.endMs)));
    const engineBusy: EngineBusy[] = busy.map((b) => {
      const startMs = DAY0 + b.day * 86_400_000 + b.startMinute * 60_000;
      return { type: b.type, id: ids[b.type][b.index]!, startMs, endMs: startMs + b.minutes * 60_000 };
    });
    return {
      days: bookingDays(
        {
          zone: ZONE,
          openingHours: [
            { weekday: 2, open: '09:00', close: '20:00' },
            { weekday: 3, open: '10:00', close: '18:00' },
          ],
          breaks: [{ weekday: 3, start: '13:00', end: '14:00' }],
          holidays: new Set(),
        },
        '2026-12-01',
        '2026-12-02',
      ),
      tasks: tasks as EngineTask[],
      menuCategoryId: 'c1',
      staffIds: ['s2', 's1', 's3'],
      roomIds: ['r1', 'r2'],
      machineIds: ['m1', 'm2'],
      schedules: engineSchedules,
      busy: engineBusy,
      earliestStartMs: DAY0 + 9 * 3_600_000 + lead * 60_000,
      latestStartMs: DAY0 + 86_400_000 + 17 * 3_600_000,
    };
  });

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/** The obvious, slow way: check every resource of every task at every start by interval arithmetic. */
const oracle = (q: AvailabilityQuery): number[] => {
  const starts: number[] = [];
  const total = q.tasks.reduce((sum, task) => sum + task.durationMinutes, 0) * 60_000;
  const open = (from: number, to: number) => q.days.some((day) => day.openRanges.some(([a, b]) => from >= day.startMs + a * Q && to <= day.startMs + b * Q));
  const free = (type: 'STAFF' | 'ROOM' | 'MACHINE', id: string, from: number, to: number) =>
    !q.busy.some((b) => b.type === type && b.id === id && overlaps(from, to, b.startMs, b.endMs));
  // Working time is the union of the person's schedules (minus each one's breaks) for this
  // menu's category: every quarter-hour of the task must lie in one of them.
  const working = (id: string, from: number, to: number) => {
    for (let t = from; t < to; t += Q) {
      const covered = q.schedules.some(
        (s) =>
          s.staffId === id &&
          (s.categoryId === null || s.categoryId === q.menuCategoryId) &&
          t >= s.startMs &&
          t + Q <= s.endMs &&
          !s.breaks.some(([a, b]) => overlaps(t, t + Q, a, b)),
      );
      if (!covered) return false;
    }
    return true;
  };
  for (const day of q.days) {
    for (let start = day.startMs; start + total <= day.startMs + 86_400_000; start += Q) {
      if (start < q.earliestStartMs || start >= q.latestStartMs || !open(start, start + total)) continue;
      let at = start;
      const ok = q.tasks.every((task) => {
        const from = at;
        const to = (at += task.durationMinutes * 60_000);
        return (
          (!task.needsStaff || q.staffIds.some((id) => working(id, from, to) && free('STAFF', id, from, to))) &&
          (task.roomIds.length === 0 || task.roomIds.some((id) => free('ROOM', id, from, to))) &&
          (task.machineIds.length === 0 || task.machineIds.some((id) => free('MACHINE', id, from, to)))
        );
      });
      if (ok) starts.push(start);
    }
  }
  return starts;
};

/** The holds as busy quarter-hours per resource and day (busy_quarters' reading): any quarter-hour a hold touches. */
const busyDaysOf = (q: AvailabilityQuery): EngineBusyDay[] => {
  const days = new Map<string, { type: EngineBusy['type']; id: string; dayStartMs: number; words: number[] }>();
  for (const hold of q.busy) {
    for (const { startMs: dayStartMs } of q.days) {
      const from = Math.max(0, Math.floor((hold.startMs - dayStartMs) / Q));
      const to = Math.min(SLOTS_PER_DAY, Math.ceil((hold.endMs - dayStartMs) / Q));
      if (from >= to) continue;
      const key = `${hold.type} ${hold.id} ${dayStartMs}`;
      const day = days.get(key) ?? { type: hold.type, id: hold.id, dayStartMs, words: [0, 0, 0] };
      for (let quarter = from; quarter < to; quarter++) day.words[quarter >> 5] = day.words[quarter >> 5]! | (1 << (quarter & 31));
      days.set(key, day);
    }
  }
  return [...days.values()].map(({ type, id, dayStartMs, words: [q0, q1, q2] }) => ({ type, id, dayStartMs, q0: q0!, q1: q1!, q2: q2! }));
};

describe('AvailabilityEngine properties', () => {
  it('answers the same, assignments included, when the busy time comes as quarter-hours per resource and day', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        expect(new AvailabilityEngine({ ...q, busy: [], busyDays: busyDaysOf(q) }).search()).toEqual(new AvailabilityEngine(q).search());
      }),
      { numRuns: 300 },
    );
  });

  it('offers exactly the starts an interval-by-interval check finds', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        expect(new AvailabilityEngine(q).search().map((slot) => slot.startMs)).toEqual(oracle(q));
      }),
      { numRuns: 300 },
    );
  });

  it('every offered slot can be booked: its assignment holds only free, eligible resources, back to back', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        for (const slot of new AvailabilityEngine(q).search()) {
          let cursor = slot.startMs;
          slot.tasks.forEach((task, index) => {
            const spec = q.tasks[index]!;
            expect(task.startMs).toBe(cursor);
            cursor = task.endMs;
            expect(task.endMs - task.startMs).toBe(spec.durationMinutes * 60_000);
            for (const [type, id, eligible] of [
              ['STAFF', task.staffId, spec.needsStaff ? q.staffIds : []],
              ['ROOM', task.roomId, spec.roomIds],
              ['MACHINE', task.machineId, spec.machineIds],
            ] as const) {
              expect(id === null).toBe(eligible.length === 0);
              if (id === null) continue;
              expect(eligible).toContain(id);
              expect(q.busy.some((b) => b.type === type && b.id === id && overlaps(task.startMs, task.endMs, b.startMs, b.endMs))).toBe(false);
            }
          });
          expect(cursor).toBe(slot.endMs);
        }
      }),
      { numRuns: 200 },
    );
  });
});
