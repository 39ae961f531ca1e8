import { DateTime } from 'luxon';

/**
 * The standard benchmark clinic of shared/BENCH.md, generated with a fixed seed so that figures
 * compare across runs: Asia/Tokyo, open 09:00–20:00 every day; 30 staff scheduled 09:00–20:00
 * with a break 13:00–14:00 for the next 90 days; 15 rooms; 10 machines; for each staff member and
 * day six non-overlapping 60-minute bookings on the 15-minute grid, each holding one room and one
 * machine when one is free at that time (never double-booked), plus past history up to 60,000
 * reservations in all. Menus: A (60 min: staff, one of 5 rooms, one of 3 machines) and B
 * (counselling 30 min staff + room; treatment 60 min staff + room + machine; cooling 15 min room).
 */
export const ZONE = 'Asia/Tokyo';
const HOUR = 3_600_000;
const QUARTER = 900_000;

export interface StandardBooking {
  readonly startMs: number;
  readonly endMs: number;
  readonly staffId: string;
  readonly roomId: string | null;
  readonly machineId: string | null;
}

export interface StandardClinic {
  readonly today: string;
  readonly staffIds: string[];
  readonly roomIds: string[];
  readonly machineIds: string[];
  readonly schedules: Array<{ staffId: string; date: string; startMs: number; endMs: number; breakStartMs: number; breakEndMs: number }>;
  /** Bookings from today on (the ones availability has to avoid). */
  readonly future: StandardBooking[];
  /** Bookings before today, for the database's weight. */
  readonly history: StandardBooking[];
  readonly menuA: { durationMinutes: number; needsStaff: boolean; roomIds: string[]; machineIds: string[] }[];
  readonly menuB: { durationMinutes: number; needsStaff: boolean; roomIds: string[]; machineIds: string[] }[];
}

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const generateStandardClinic = (today: string, options: { historyTotal?: number; seed?: number } = {}): StandardClinic => {
  const random = mulberry32(options.seed ?? 42);
  const staffIds = Array.from({ length: 30 }, (_, i) => String(i + 1));
  const roomIds = Array.from({ length: 15 }, (_, i) => String(i + 1));
  const machineIds = Array.from({ length: 10 }, (_, i) => String(i + 1));
  const first = DateTime.fromISO(today, { zone: ZONE }).startOf('day');

  const schedules: StandardClinic['schedules'] = [];
  const bookingsFor = (date: DateTime): StandardBooking[] => {
    const open = date.set({ hour: 9 }).toMillis();
    const breakStart = date.set({ hour: 13 }).toMillis();
    const breakEnd = date.set({ hour: 14 }).toMillis();
    const close = date.set({ hour: 20 }).toMillis();
    const roomBusy = new Map<string, Array<[number, number]>>();
    const machineBusy = new Map<string, Array<[number, number]>>();
    const isFree = (map: Map<string, Array<[number, number]>>, id: string, a: number, b: number) =>
      !(map.get(id) ?? []).some(([x, y]) => a < y && x < b);
    const take = (map: Map<string, Array<[number, number]>>, ids: string[], a: number, b: number): string | null => {
      const offset = Math.floor(random() * ids.length);
      for (let k = 0; k < ids.length; k++) {
        const id = ids[(offset + k) % ids.length]!;
        if (isFree(map, id, a, b)) {
          map.set(id, [...(map.get(id) ?? []), [a, b]]);
          return id;
        }
      }
      return null;
    };
    const result: StandardBooking[] = [];
    for (const staffId of staffIds) {
      // Six one-hour bookings in the ten working hours: choose six of the 40 quarter-hour starts
      // that keep them apart and out of the break.
      const taken: Array<[number, number]> = [];
      let attempts = 0;
      while (taken.length < 6 && attempts++ < 500) {
        const start = open + Math.floor(random() * ((close - HOUR - open) / QUARTER + 1)) * QUARTER;
        const end = start + HOUR;
        if (start < breakEnd && breakStart < end) continue;
        if (taken.some(([a, b]) => start < b && a < end)) continue;
        taken.push([start, end]);
      }
      for (const [start, end] of taken.sort((x, y) => x[0] - y[0])) {
        result.push({ startMs: start, endMs: end, staffId, roomId: take(roomBusy, roomIds, start, end), machineId: take(machineBusy, machineIds, start, end) });
      }
    }
    return result;
  };

  const future: StandardBooking[] = [];
  for (let day = 0; day < 90; day++) {
    const date = first.plus({ days: day });
    for (const staffId of staffIds) {
      schedules.push({
        staffId,
        date: date.toISODate()!,
        startMs: date.set({ hour: 9 }).toMillis(),
        endMs: date.set({ hour: 20 }).toMillis(),
        breakStartMs: date.set({ hour: 13 }).toMillis(),
        breakEndMs: date.set({ hour: 14 }).toMillis(),
      });
    }
    future.push(...bookingsFor(date));
  }
  const history: StandardBooking[] = [];
  const historyTotal = options.historyTotal ?? 60_000;
  for (let day = 1; future.length + history.length < historyTotal; day++) {
    history.push(...bookingsFor(first.minus({ days: day })));
  }
  history.length = Math.max(0, historyTotal - future.length);

  return {
    today,
    staffIds,
    roomIds,
    machineIds,
    schedules,
    future,
    history,
    menuA: [{ durationMinutes: 60, needsStaff: true, roomIds: roomIds.slice(0, 5), machineIds: machineIds.slice(0, 3) }],
    menuB: [
      { durationMinutes: 30, needsStaff: true, roomIds: roomIds.slice(0, 5), machineIds: [] },
      { durationMinutes: 60, needsStaff: true, roomIds: roomIds.slice(0, 5), machineIds: machineIds.slice(0, 3) },
      { durationMinutes: 15, needsStaff: false, roomIds: roomIds.slice(5, 10), machineIds: [] },
    ],
  };
};
