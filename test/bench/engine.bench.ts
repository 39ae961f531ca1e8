import { AvailabilityEngine, bookingDays, type AvailabilityQuery, type EngineBusy } from '@clinic/core';
import { DateTime } from 'luxon';
import { generateStandardClinic, ZONE, type StandardClinic } from './standard-clinic';
import { summarize, type Summary } from './stats';

/** The availability engine in process, on the standard clinic, with the rows already in memory. */
export const benchEngine = (today: string, runs = 300): Array<{ name: string; slots: number; summary: Summary }> => {
  const clinic = generateStandardClinic(today, { historyTotal: 0 });
  const busy: EngineBusy[] = clinic.future.flatMap((b) => [
    { type: 'STAFF' as const, id: b.staffId, startMs: b.startMs, endMs: b.endMs },
    ...(b.roomId ? [{ type: 'ROOM' as const, id: b.roomId, startMs: b.startMs, endMs: b.endMs }] : []),
    ...(b.machineId ? [{ type: 'MACHINE' as const, id: b.machineId, startMs: b.startMs, endMs: b.endMs }] : []),
  ]);
  const staffOnly = [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }];
  const cases = [
    { name: '60 min, staff only (as the Cal.com reference), 30 days', tasks: staffOnly, days: 30 },
    { name: 'menu A, 30 days', tasks: clinic.menuA, days: 30 },
    { name: 'menu A, 90 days', tasks: clinic.menuA, days: 90 },
    { name: 'menu B, 30 days', tasks: clinic.menuB, days: 30 },
    { name: 'menu B, 90 days', tasks: clinic.menuB, days: 90 },
  ];
  return cases.map(({ name, tasks, days }) => {
    const query = queryFor(clinic, busy, tasks, days);
    let slots = 0;
    for (let i = 0; i < 20; i++) slots = new AvailabilityEngine(query).search().length; // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      slots = new AvailabilityEngine(query).search().length;
      times.push(performance.now() - started);
    }
    return { name, slots, summary: summarize(times) };
  });
};

const queryFor = (clinic: StandardClinic, busy: EngineBusy[], tasks: StandardClinic['menuA'], days: number): AvailabilityQuery => {
  const to = DateTime.fromISO(clinic.today, { zone: ZONE }).plus({ days: days - 1 }).toISODate()!;
  const calendar = { zone: ZONE, openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '20:00' })), breaks: [], holidays: new Set<string>() };
  const engineDays = bookingDays(calendar, clinic.today, to);
  const endMs = engineDays.at(-1)!.startMs + 86_400_000;
  return {
    days: engineDays,
    tasks,
    menuCategoryId: null,
    staffIds: clinic.staffIds,
    roomIds: clinic.roomIds,
    machineIds: clinic.machineIds,
    schedules: clinic.schedules
      .filter((s) => s.startMs < endMs)
      .map((s) => ({ staffId: s.staffId, startMs: s.startMs, endMs: s.endMs, breaks: [[s.breakStartMs, s.breakEndMs] as const], categoryId: null })),
    busy: busy.filter((b) => b.startMs < endMs),
    earliestStartMs: engineDays[0]!.startMs,
    latestStartMs: endMs,
  };
};
