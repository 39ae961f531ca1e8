import { AvailabilityEngine, bookingDays, type AvailabilityQuery, type EngineBusy } from '@clinic/core';
import { DateTime } from 'luxon';
import { generateStandardClinic, ZONE, type StandardClinic } from './standard-clinic';
import { summarize, type Summary } from './stats';

/** One 60-minute task needing only a staff member: the task of the Cal.com reference (BENCH.md). */
export const STAFF_ONLY: StandardClinic['menuA'] = [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }];

/** The clinic's future bookings as the engine's busy ranges. */
export const busyOf = (clinic: StandardClinic): EngineBusy[] =>
  clinic.future.flatMap((b) => [
    { type: 'STAFF' as const, id: b.staffId, startMs: b.startMs, endMs: b.endMs },
    ...(b.roomId ? [{ type: 'ROOM' as const, id: b.roomId, startMs: b.startMs, endMs: b.endMs }] : []),
    ...(b.machineId ? [{ type: 'MACHINE' as const, id: b.machineId, startMs: b.startMs, endMs: b.endMs }] : []),
  ]);

export interface EngineCase {
  readonly name: string;
  readonly tasks: StandardClinic['menuA'];
  readonly days: number;
  /** First day of the search, in days from today. */
  readonly from: number;
}

export const engineCases = (clinic: StandardClinic): EngineCase[] => [
  { name: '60 min, staff only, 30 days', tasks: STAFF_ONLY, days: 30, from: 0 },
  { name: '60 min, staff only, 30 days from tomorrow (the Cal.com reference)', tasks: STAFF_ONLY, days: 30, from: 1 },
  { name: 'menu A, 30 days', tasks: clinic.menuA, days: 30, from: 0 },
  { name: 'menu B, 30 days', tasks: clinic.menuB, days: 30, from: 0 },
  { name: '60 min, staff only, 90 days', tasks: STAFF_ONLY, days: 90, from: 0 },
  { name: 'menu A, 90 days', tasks: clinic.menuA, days: 90, from: 0 },
  { name: 'menu B, 90 days (the staff search)', tasks: clinic.menuB, days: 90, from: 0 },
];

/**
 * The availability engine in process, on the standard clinic, with the rows already in memory: a
 * run is what the search use case does with them, `bookingDays` for the range (the clinic's
 * opening per day) then `new AvailabilityEngine(query).search()`, from the rows to the start
 * times with their assignments. `ENGINE_BENCH_RUNS` sets the number of timed runs per search
 * (default 300). Wall-clock time, and the process's CPU time (user + system) of the same runs: on
 * the shared machine the wall clock's tail also holds the time other processes had the core.
 */
export const benchEngine = (
  today: string,
  runs = Number(process.env.ENGINE_BENCH_RUNS ?? 300),
): Array<{ name: string; slots: number; summary: Summary; cpu: Summary }> => {
  const clinic = generateStandardClinic(today, { historyTotal: 0 });
  const busy = busyOf(clinic);
  return engineCases(clinic).map(({ name, tasks, days, from }) => {
    const query = queryFor(clinic, busy, tasks, days, from);
    const range = rangeOf(clinic, days, from);
    const search = () => new AvailabilityEngine({ ...query, days: bookingDays(CALENDAR, range.from, range.to) }).search().length;
    let slots = 0;
    for (let i = 0; i < 20; i++) slots = search(); // warm-up
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const used = process.cpuUsage();
      const started = performance.now();
      slots = search();
      times.push(performance.now() - started);
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1000);
    }
    return { name, slots, summary: summarize(times), cpu: summarize(cpu) };
  });
};

/** The standard clinic's opening: 09:00–20:00 every day, no clinic breaks or holidays. */
export const CALENDAR = {
  zone: ZONE,
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '20:00' })),
  breaks: [],
  holidays: new Set<string>(),
};

const rangeOf = (clinic: StandardClinic, days: number, from: number) => {
  const first = DateTime.fromISO(clinic.today, { zone: ZONE }).plus({ days: from });
  return { from: first.toISODate()!, to: first.plus({ days: days - 1 }).toISODate()! };
};

export const queryFor = (clinic: StandardClinic, busy: EngineBusy[], tasks: StandardClinic['menuA'], days: number, from = 0): AvailabilityQuery => {
  const range = rangeOf(clinic, days, from);
  const engineDays = bookingDays(CALENDAR, range.from, range.to);
  const startMs = engineDays[0]!.startMs;
  const endMs = engineDays.at(-1)!.startMs + 86_400_000;
  return {
    days: engineDays,
    tasks,
    menuCategoryId: null,
    staffIds: clinic.staffIds,
    roomIds: clinic.roomIds,
    machineIds: clinic.machineIds,
    schedules: clinic.schedules
      .filter((s) => s.startMs < endMs && s.endMs > startMs)
      .map((s) => ({ staffId: s.staffId, startMs: s.startMs, endMs: s.endMs, breaks: [[s.breakStartMs, s.breakEndMs] as const], categoryId: null })),
    busy: busy.filter((b) => b.startMs < endMs && b.endMs > startMs),
    earliestStartMs: startMs,
    latestStartMs: endMs,
  };
};
