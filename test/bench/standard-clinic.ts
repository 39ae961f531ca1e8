import { DateTime } from 'luxon';

/**
 * The standard benchmark clinic of shared/BENCH.md, generated with a fixed seed so that figures
 * compare across runs: Asia/Tokyo, open 09:00–20:00 every day; 30 staff scheduled 09:00–20:00
 * with a break 13:00–14:00 for the next 90 days; 15 rooms; 10 machines; for each staff member and
 * day six non-overlapping 60-minute bookings on the 15-minute grid; of each day's bookings a third
 * (chosen at random) also hold a room and half of those (a sixth of all) a machine, never
 * double-booked, so that rooms and machines are busy but not saturated; plus past history up to
 * 60,000 reservations in all. Menus: A (60 min: staff, one of 5 rooms, one of 3 machines) and B
 * (counselling 30 min staff + room; treatment 60 min staff + room + machine; cooling 15 min room).
 *
 * The staff bookings are those of the first version (which gave every booking a room and a
 * machine where one was free, and so saturated the machines): the main random stream is drawn
 * exactly as then, and the choice of rooms and machines has a stream of its own. The staff-only
 * part, which the Cal.com reference of BENCH.md was measured on, is therefore unchanged.
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
  const pick = mulberry32(((options.seed ?? 42) ^ 0x5bd1e995) >>> 0);
  const bookingsFor = (date: DateTime): StandardBooking[] => {
    const open = date.set({ hour: 9 }).toMillis();
    const breakStart = date.set({ hour: 13 }).toMillis();
    const breakEnd = date.set({ hour: 14 }).toMillis();
    const close = date.set({ hour: 20 }).toMillis();
    const staffBookings: Array<{ startMs: number; endMs: number; staffId: string; roomOffset: number; machineOffset: number }> = [];
    for (const staffId of staffIds) {
      // Six one-hour bookings in the ten working hours: choose six of the 41 quarter-hour starts
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
        // The first version drew a room's and a machine's search offset here: drawn still, so
        // that the staff bookings of the following staff and days stay what they were.
        staffBookings.push({ startMs: start, endMs: end, staffId, roomOffset: random(), machineOffset: random() });
      }
    }

    // A third of the day's bookings, in a random order, take a room free at their time; the first
    // half of those also a machine. A booking that finds none free passes its turn to the next.
    const roomBusy = new Map<string, Array<[number, number]>>();
    const machineBusy = new Map<string, Array<[number, number]>>();
    const take = (map: Map<string, Array<[number, number]>>, ids: string[], offset: number, a: number, b: number): string | null => {
      const first = Math.floor(offset * ids.length);
      for (let k = 0; k < ids.length; k++) {
        const id = ids[(first + k) % ids.length]!;
        const busy = map.get(id) ?? [];
        if (!busy.some(([x, y]) => a < y && x < b)) {
          map.set(id, [...busy, [a, b]]);
          return id;
        }
      }
      return null;
    };
    const order = staffBookings.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(pick() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const roomTarget = Math.round(staffBookings.length / 3);
    const machineTarget = Math.round(staffBookings.length / 6);
    const rooms = new Map<number, string>();
    const machines = new Map<number, string>();
    for (const i of order) {
      if (rooms.size >= roomTarget) break;
      const b = staffBookings[i]!;
      const roomId = take(roomBusy, roomIds, b.roomOffset, b.startMs, b.endMs);
      if (roomId === null) continue;
      rooms.set(i, roomId);
      if (machines.size < machineTarget) {
        const machineId = take(machineBusy, machineIds, b.machineOffset, b.startMs, b.endMs);
        if (machineId !== null) machines.set(i, machineId);
      }
    }
    return staffBookings.map((b, i) => ({
      startMs: b.startMs,
      endMs: b.endMs,
      staffId: b.staffId,
      roomId: rooms.get(i) ?? null,
      machineId: machines.get(i) ?? null,
    }));
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
