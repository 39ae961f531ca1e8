/**
 * The availability engine: for one clinic, one menu and a range of days, every start time on the
 * 15-minute grid at which all of the menu's tasks fit one after another, each with an eligible
 * staff member (performs the menu, scheduled, not on a break, not blocked, not booked, assigned to
 * the menu's category when the schedule names one), an eligible room and an eligible machine,
 * inside opening hours and outside clinic breaks and holidays.
 *
 * How it stays fast: each resource's day is an array of 96 quarter-hours. One pass marks what is
 * free; a backward pass turns that into "free run length from here", so "is this resource free for
 * L quarter-hours from s" is one comparison. Tasks occupy disjoint times, so each task's resources
 * can be chosen independently and the first eligible one in priority order is the assignment. No
 * per-slot queries, no allocation per slot.
 *
 * Instants are epoch milliseconds. Day starts come from the caller (computed with luxon in the
 * clinic's zone); inside a day a quarter-hour index is elapsed time from local midnight, which is
 * the wall clock in Asia/Tokyo (no daylight saving time).
 */

export const SLOTS_PER_DAY = 96;
export const SLOT_MS = 15 * 60 * 1000;

export type ResourceType = 'STAFF' | 'ROOM' | 'MACHINE';

export interface EngineTask {
  /** A multiple of 15. */
  readonly durationMinutes: number;
  readonly needsStaff: boolean;
  /** Eligible rooms; empty = the task needs no room. */
  readonly roomIds: readonly string[];
  /** Eligible machines; empty = the task needs no machine. */
  readonly machineIds: readonly string[];
}

export interface EngineSchedule {
  readonly staffId: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly breaks: ReadonlyArray<readonly [number, number]>;
  readonly categoryId: string | null;
}

export interface EngineBusy {
  readonly type: ResourceType;
  readonly id: string;
  readonly startMs: number;
  readonly endMs: number;
}

export interface EngineDay {
  /** Epoch ms of local midnight. */
  readonly startMs: number;
  /** Quarter-hours during which the clinic takes bookings (opening hours minus breaks); empty on holidays. */
  readonly openRanges: ReadonlyArray<readonly [number, number]>;
}

export interface AvailabilityQuery {
  readonly days: readonly EngineDay[];
  readonly tasks: readonly EngineTask[];
  readonly menuCategoryId: string | null;
  /** Staff who perform the menu, best priority first. */
  readonly staffIds: readonly string[];
  /** Enabled rooms and machines of the clinic (eligibility comes from the tasks). */
  readonly roomIds: readonly string[];
  readonly machineIds: readonly string[];
  readonly schedules: readonly EngineSchedule[];
  readonly busy: readonly EngineBusy[];
  /** No start before this instant (now + minimum lead time). */
  readonly earliestStartMs: number;
  /** No start at or after this instant (today + 90 days). */
  readonly latestStartMs: number;
}

export interface TaskAssignment {
  readonly startMs: number;
  readonly endMs: number;
  readonly staffId: string | null;
  readonly roomId: string | null;
  readonly machineId: string | null;
}

export interface Slot {
  readonly startMs: number;
  readonly endMs: number;
  readonly tasks: readonly TaskAssignment[];
}

interface Pool {
  readonly ids: readonly string[];
  /** Free run lengths: index (resource * days + day) * 96 + slot. */
  readonly run: Uint8Array;
}

const clampSlot = (value: number): number => (value < 0 ? 0 : value > SLOTS_PER_DAY ? SLOTS_PER_DAY : value);

export class AvailabilityEngine {
  private readonly dayCount: number;
  private readonly firstDayMs: number;
  private readonly lastDayEndMs: number;

  constructor(private readonly query: AvailabilityQuery) {
    this.dayCount = query.days.length;
    this.firstDayMs = query.days[0]?.startMs ?? 0;
    this.lastDayEndMs = this.dayCount > 0 ? query.days[this.dayCount - 1]!.startMs + SLOTS_PER_DAY * SLOT_MS : 0;
  }

  /** Every bookable start, ascending, each with the resources that would be assigned. */
  search(): Slot[] {
    const { tasks } = this.query;
    if (this.dayCount === 0 || tasks.length === 0) return [];
    const offsets: number[] = [];
    const lengths: number[] = [];
    let total = 0;
    for (const task of tasks) {
      offsets.push(total);
      const length = Math.max(1, Math.round(task.durationMinutes / 15));
      lengths.push(length);
      total += length;
    }
    const clinic = this.clinicMask();
    const staff = this.staffPool(clinic);
    const rooms = this.facilityPool('ROOM', this.query.roomIds, clinic);
    const machines = this.facilityPool('MACHINE', this.query.machineIds, clinic);
    const roomIndex = indexOf(rooms.ids);
    const machineIndex = indexOf(machines.ids);
    const eligibleRooms = tasks.map((task) => task.roomIds.map((id) => roomIndex.get(id)).filter((i): i is number => i !== undefined));
    const eligibleMachines = tasks.map((task) => task.machineIds.map((id) => machineIndex.get(id)).filter((i): i is number => i !== undefined));
    // A task that names rooms but none of them is usable (deleted, disabled) can never be booked.
    for (let t = 0; t < tasks.length; t++) {
      if (tasks[t]!.roomIds.length > 0 && eligibleRooms[t]!.length === 0) return [];
      if (tasks[t]!.machineIds.length > 0 && eligibleMachines[t]!.length === 0) return [];
    }

    const slots: Slot[] = [];
    const chosen = new Int32Array(tasks.length * 3);
    for (let day = 0; day < this.dayCount; day++) {
      const dayStartMs = this.query.days[day]!.startMs;
      const clinicBase = day * SLOTS_PER_DAY;
      for (let start = 0; start + total <= SLOTS_PER_DAY; start++) {
        // The whole visit lies in one open stretch of the clinic.
        if (clinic[clinicBase + start]! < total) continue;
        const startMs = dayStartMs + start * SLOT_MS;
        if (startMs < this.query.earliestStartMs || startMs >= this.query.latestStartMs) continue;
        let fits = true;
        for (let t = 0; t < tasks.length && fits; t++) {
          const at = start + offsets[t]!;
          const need = lengths[t]!;
          const task = tasks[t]!;
          chosen[t * 3] = task.needsStaff ? firstFree(staff, range(staff.ids.length), day, this.dayCount, at, need) : -1;
          chosen[t * 3 + 1] = task.roomIds.length > 0 ? firstFree(rooms, eligibleRooms[t]!, day, this.dayCount, at, need) : -1;
          chosen[t * 3 + 2] = task.machineIds.length > 0 ? firstFree(machines, eligibleMachines[t]!, day, this.dayCount, at, need) : -1;
          fits =
            (!task.needsStaff || chosen[t * 3]! >= 0) &&
            (task.roomIds.length === 0 || chosen[t * 3 + 1]! >= 0) &&
            (task.machineIds.length === 0 || chosen[t * 3 + 2]! >= 0);
        }
        if (!fits) continue;
        const assigned: TaskAssignment[] = [];
        for (let t = 0; t < tasks.length; t++) {
          const taskStart = startMs + offsets[t]! * SLOT_MS;
          assigned.push({
            startMs: taskStart,
            endMs: taskStart + lengths[t]! * SLOT_MS,
            staffId: chosen[t * 3]! >= 0 ? staff.ids[chosen[t * 3]!]! : null,
            roomId: chosen[t * 3 + 1]! >= 0 ? rooms.ids[chosen[t * 3 + 1]!]! : null,
            machineId: chosen[t * 3 + 2]! >= 0 ? machines.ids[chosen[t * 3 + 2]!]! : null,
          });
        }
        slots.push({ startMs, endMs: startMs + total * SLOT_MS, tasks: assigned });
      }
    }
    return slots;
  }

  /** Free run lengths of the clinic itself, per day and quarter-hour. */
  private clinicMask(): Uint8Array {
    const free = new Uint8Array(this.dayCount * SLOTS_PER_DAY);
    this.query.days.forEach((day, index) => {
      for (const [from, to] of day.openRanges) free.fill(1, index * SLOTS_PER_DAY + clampSlot(from), index * SLOTS_PER_DAY + clampSlot(to));
    });
    return toRuns(free, this.dayCount);
  }

  private staffPool(clinicRuns: Uint8Array): Pool {
    const ids = this.query.staffIds;
    const index = indexOf(ids);
    const free = new Uint8Array(ids.length * this.dayCount * SLOTS_PER_DAY);
    for (const schedule of this.query.schedules) {
      const resource = index.get(schedule.staffId);
      if (resource === undefined) continue;
      if (schedule.categoryId !== null && schedule.categoryId !== this.query.menuCategoryId) continue;
      for (const [from, to] of workingSegments(schedule)) this.mark(free, resource, from, to, 1);
    }
    this.markBusy(free, 'STAFF', index);
    return { ids, run: this.withClinic(toRuns(free, ids.length * this.dayCount), clinicRuns, ids.length) };
  }

  private facilityPool(type: ResourceType, ids: readonly string[], clinicRuns: Uint8Array): Pool {
    const index = indexOf(ids);
    const free = new Uint8Array(ids.length * this.dayCount * SLOTS_PER_DAY).fill(1);
    this.markBusy(free, type, index);
    return { ids, run: this.withClinic(toRuns(free, ids.length * this.dayCount), clinicRuns, ids.length) };
  }

  private markBusy(free: Uint8Array, type: ResourceType, index: ReadonlyMap<string, number>): void {
    for (const busy of this.query.busy) {
      if (busy.type !== type) continue;
      const resource = index.get(busy.id);
      if (resource !== undefined) this.mark(free, resource, busy.startMs, busy.endMs, 0);
    }
  }

  /** Sets `value` on the quarter-hours an instant range touches, across days if it spans them. */
  private mark(free: Uint8Array, resource: number, startMs: number, endMs: number, value: 0 | 1): void {
    if (endMs <= this.firstDayMs || startMs >= this.lastDayEndMs) return;
    const days = this.query.days;
    for (let day = this.dayAt(startMs); day < this.dayCount; day++) {
      const dayStart = days[day]!.startMs;
      if (dayStart >= endMs) break;
      const dayEnd = dayStart + SLOTS_PER_DAY * SLOT_MS;
      if (startMs >= dayEnd) continue;
      // Free time counts only whole quarter-hours; busy time blocks any quarter-hour it touches.
      const from = clampSlot(value === 1 ? Math.ceil((startMs - dayStart) / SLOT_MS) : Math.floor((startMs - dayStart) / SLOT_MS));
      const to = clampSlot(value === 1 ? Math.floor((endMs - dayStart) / SLOT_MS) : Math.ceil((endMs - dayStart) / SLOT_MS));
      if (from < to) {
        const base = (resource * this.dayCount + day) * SLOTS_PER_DAY;
        free.fill(value, base + from, base + to);
      }
    }
  }

  /** Index of the last day starting at or before the instant (0 when it is before the first). */
  private dayAt(instantMs: number): number {
    const days = this.query.days;
    let low = 0;
    let high = this.dayCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (days[middle]!.startMs <= instantMs) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** A resource's run at a quarter-hour is at most the clinic's run there. */
  private withClinic(runs: Uint8Array, clinicRuns: Uint8Array, resources: number): Uint8Array {
    const perResource = this.dayCount * SLOTS_PER_DAY;
    for (let resource = 0; resource < resources; resource++) {
      const base = resource * perResource;
      for (let i = 0; i < perResource; i++) {
        const limit = clinicRuns[i]!;
        if (runs[base + i]! > limit) runs[base + i] = limit;
      }
    }
    return runs;
  }
}

/** A schedule's working time without its breaks, as instant ranges. */
const workingSegments = (schedule: EngineSchedule): Array<[number, number]> => {
  let segments: Array<[number, number]> = [[schedule.startMs, schedule.endMs]];
  for (const [from, to] of schedule.breaks) {
    segments = segments.flatMap(([a, b]): Array<[number, number]> => {
      if (to <= a || from >= b) return [[a, b]];
      const parts: Array<[number, number]> = [];
      if (from > a) parts.push([a, from]);
      if (to < b) parts.push([to, b]);
      return parts;
    });
  }
  return segments;
};

const indexOf = (ids: readonly string[]): Map<string, number> => new Map(ids.map((id, i) => [id, i]));

const RANGES = new Map<number, number[]>();
const range = (n: number): number[] => {
  let cached = RANGES.get(n);
  if (!cached) {
    cached = Array.from({ length: n }, (_, i) => i);
    RANGES.set(n, cached);
  }
  return cached;
};

/** Turns free flags into free run lengths, per block of 96, in place. */
const toRuns = (free: Uint8Array, blocks: number): Uint8Array => {
  for (let block = 0; block < blocks; block++) {
    const base = block * SLOTS_PER_DAY;
    let run = 0;
    for (let slot = SLOTS_PER_DAY - 1; slot >= 0; slot--) {
      run = free[base + slot] ? run + 1 : 0;
      free[base + slot] = run;
    }
  }
  return free;
};

const firstFree = (pool: Pool, candidates: readonly number[], day: number, dayCount: number, at: number, need: number): number => {
  for (const resource of candidates) {
    if (pool.run[(resource * dayCount + day) * SLOTS_PER_DAY + at]! >= need) return resource;
  }
  return -1;
};
