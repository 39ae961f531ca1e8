/**
 * The availability engine: for one clinic, one menu and a range of days, every start time on the
 * 15-minute grid at which all of the menu's tasks fit one after another, each with an eligible
 * staff member (performs the menu, scheduled, not on a break, not blocked, not booked, assigned to
 * the menu's category when the schedule names one), an eligible room and an eligible machine,
 * inside opening hours and outside clinic breaks and holidays.
 *
 * How it stays fast: each resource's day is an array of 96 quarter-hours, marked free (schedules)
 * and busy (bookings) in one pass each. The clinic's own day becomes "free run length from here"
 * (a backward pass), so "does a visit of L quarter-hours from s lie in one open stretch" is one
 * comparison; a task's quarter-hours lie inside its visit, so for a resource only its own flags
 * are read, at the starts that ask, stopping at the first busy one. Tasks occupy disjoint times,
 * so each task's resources can be chosen independently and the first eligible one in priority
 * order is the assignment. No per-slot queries, no allocation per slot but the answer's.
 *
 * How it keeps its tail short (docs/benchmarks.md): a search allocates little besides its answer.
 * The quarter-hour arrays of every search live in one scratch buffer kept between searches (a
 * search runs to its end synchronously, so no two ever share it); only the rooms and machines a
 * task can use get arrays (not every room of the clinic), and none when no task needs one; the
 * bookings are read in one pass, not one per resource type; schedules with breaks are cut into
 * working segments in two reused arrays.
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

/**
 * A resource's busy quarter-hours on one day (what `busy` holds reduce to by the engine's rule:
 * busy time blocks any quarter-hour it touches): bit i of `q0` is quarter-hour i from local
 * midnight (0–31), of `q1` quarter-hour 32 + i, of `q2` 64 + i. A search reads these instead of
 * the thousands of holds behind them.
 */
export interface EngineBusyDay {
  readonly type: ResourceType;
  readonly id: string;
  /** Epoch ms of the day's local midnight: one of the query's days (others are ignored). */
  readonly dayStartMs: number;
  readonly q0: number;
  readonly q1: number;
  readonly q2: number;
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
  /** Busy quarter-hours per resource and day, besides (or instead of) `busy`. */
  readonly busyDays?: readonly EngineBusyDay[];
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

const clampSlot = (value: number): number => (value < 0 ? 0 : value > SLOTS_PER_DAY ? SLOTS_PER_DAY : value);

/** Scratch buffers above this size are not kept between searches (a huge clinic or range). */
const SCRATCH_KEEP_BYTES = 8 * 1024 * 1024;
let scratch = new Uint8Array(0);
const scratchOf = (size: number): Uint8Array => {
  if (scratch.length >= size) return scratch;
  const buffer = new Uint8Array(size);
  if (size <= SCRATCH_KEEP_BYTES) scratch = buffer;
  return buffer;
};

/** One working segment at a time, for `mark`. */
const segment = { startMs: 0.5, endMs: 0.5 };

/** Working segment lists, [from, to] pairs flat, reused from schedule to schedule. */
let segments: number[] = [0, 0];
let nextSegments: number[] = [0, 0];

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
    const dayCount = this.dayCount;
    if (dayCount === 0 || tasks.length === 0) return [];
    const taskCount = tasks.length;
    const offsets = new Int32Array(taskCount);
    const lengths = new Int32Array(taskCount);
    let total = 0;
    let needsStaff = false;
    for (let t = 0; t < taskCount; t++) {
      const task = tasks[t]!;
      offsets[t] = total;
      const length = Math.max(1, Math.round(task.durationMinutes / 15));
      lengths[t] = length;
      total += length;
      if (task.needsStaff) needsStaff = true;
    }
    // Only the rooms and machines some task can use, and only when they are enabled.
    const rooms = usedFacilities(tasks, 'roomIds', this.query.roomIds);
    const machines = usedFacilities(tasks, 'machineIds', this.query.machineIds);
    const eligibleRooms: number[][] = [];
    const eligibleMachines: number[][] = [];
    for (let t = 0; t < taskCount; t++) {
      const task = tasks[t]!;
      const taskRooms = eligibleOf(task.roomIds, rooms.index);
      const taskMachines = eligibleOf(task.machineIds, machines.index);
      // A task that names rooms but none of them is usable (deleted, disabled) can never be booked.
      if (task.roomIds.length > 0 && taskRooms.length === 0) return [];
      if (task.machineIds.length > 0 && taskMachines.length === 0) return [];
      eligibleRooms.push(taskRooms);
      eligibleMachines.push(taskMachines);
    }
    const staffIds = needsStaff ? this.query.staffIds : [];
    const staffIndex = needsStaff ? indexOf(staffIds) : EMPTY_INDEX;

    // One buffer: the clinic's open flags, its free runs, then one block of days × 96 free flags
    // per staff member, room and machine.
    const perResource = dayCount * SLOTS_PER_DAY;
    const staffBase = 2 * perResource;
    const roomBase = staffBase + staffIds.length * perResource;
    const machineBase = roomBase + rooms.ids.length * perResource;
    const end = machineBase + machines.ids.length * perResource;
    const buffer = scratchOf(end);
    buffer.fill(0, 0, roomBase);
    buffer.fill(1, roomBase, end);

    const days = this.query.days;
    for (let day = 0; day < dayCount; day++) {
      for (const [from, to] of days[day]!.openRanges) buffer.fill(1, day * SLOTS_PER_DAY + clampSlot(from), day * SLOTS_PER_DAY + clampSlot(to));
    }
    buffer.copyWithin(perResource, 0, perResource);
    toRuns(buffer, perResource, perResource);

    if (needsStaff) {
      for (const schedule of this.query.schedules) {
        const resource = staffIndex.get(schedule.staffId);
        if (resource === undefined) continue;
        if (schedule.categoryId !== null && schedule.categoryId !== this.query.menuCategoryId) continue;
        const base = staffBase + resource * perResource;
        if (schedule.breaks.length === 0) {
          this.mark(buffer, base, schedule, 1);
          continue;
        }
        const count = workingSegments(schedule);
        for (let i = 0; i < count; i += 2) {
          segment.startMs = segments[i]!;
          segment.endMs = segments[i + 1]!;
          this.mark(buffer, base, segment, 1);
        }
      }
    }
    /** Where a resource's quarter-hours start in the buffer; undefined for one the menu does not use. */
    const resourceStart = (type: string, id: string): number | undefined => {
      const resource = (type === 'STAFF' ? staffIndex : type === 'ROOM' ? rooms.index : machines.index).get(id);
      if (resource === undefined) return undefined;
      return (type === 'STAFF' ? staffBase : type === 'ROOM' ? roomBase : machineBase) + resource * perResource;
    };
    for (const busy of this.query.busy) {
      const start = resourceStart(busy.type, busy.id);
      if (start !== undefined) this.mark(buffer, start, busy, 0);
    }
    for (const busy of this.query.busyDays ?? []) {
      const start = resourceStart(busy.type, busy.id);
      if (start === undefined) continue;
      const day = this.dayAt({ startMs: busy.dayStartMs });
      if (days[day]?.startMs !== busy.dayStartMs) continue;
      const offset = start + day * SLOTS_PER_DAY;
      clearBits(buffer, offset, busy.q0);
      clearBits(buffer, offset + 32, busy.q1);
      clearBits(buffer, offset + 64, busy.q2);
    }
    // Resources keep their free flags: a task's quarter-hours lie inside the visit, which lies in
    // one open stretch of the clinic, so "free for `need` quarter-hours from `at`" is read from
    // the flags directly, only where a start asks for it.

    const slots: Slot[] = [];
    const chosen = new Int32Array(taskCount * 3);
    const staffCount = staffIds.length;
    const clinicRuns = perResource;
    for (let day = 0; day < dayCount; day++) {
      const dayStartMs = days[day]!.startMs;
      const dayOffset = day * SLOTS_PER_DAY;
      // The starts of this day inside [earliestStartMs, latestStartMs).
      const { earliestStartMs, latestStartMs } = this.query;
      const first = earliestStartMs > dayStartMs ? Math.ceil((earliestStartMs - dayStartMs) / SLOT_MS) : 0;
      const lastPossible = SLOTS_PER_DAY - total;
      const last = latestStartMs <= dayStartMs + lastPossible * SLOT_MS ? Math.ceil((latestStartMs - dayStartMs) / SLOT_MS) - 1 : lastPossible;
      for (let start = first; start <= last; start++) {
        // The whole visit lies in one open stretch of the clinic.
        if (buffer[clinicRuns + dayOffset + start]! < total) continue;
        let fits = true;
        for (let t = 0; t < taskCount && fits; t++) {
          const at = dayOffset + start + offsets[t]!;
          const need = lengths[t]!;
          const task = tasks[t]!;
          let staff = -1;
          let room = -1;
          let machine = -1;
          if (task.needsStaff) {
            for (let r = 0; r < staffCount; r++) {
              if (isFree(buffer, staffBase + r * perResource + at, need)) {
                staff = r;
                break;
              }
            }
            if (staff < 0) fits = false;
          }
          if (fits && task.roomIds.length > 0) {
            room = firstFree(buffer, roomBase, perResource, eligibleRooms[t]!, at, need);
            if (room < 0) fits = false;
          }
          if (fits && task.machineIds.length > 0) {
            machine = firstFree(buffer, machineBase, perResource, eligibleMachines[t]!, at, need);
            if (machine < 0) fits = false;
          }
          chosen[t * 3] = staff;
          chosen[t * 3 + 1] = room;
          chosen[t * 3 + 2] = machine;
        }
        if (!fits) continue;
        const startMs = dayStartMs + start * SLOT_MS;
        // Sized once: an empty array that grows by push reserves room for 16 tasks.
        const assigned = new Array<TaskAssignment>(taskCount);
        for (let t = 0; t < taskCount; t++) {
          const taskStart = startMs + offsets[t]! * SLOT_MS;
          assigned[t] = {
            startMs: taskStart,
            endMs: taskStart + lengths[t]! * SLOT_MS,
            staffId: chosen[t * 3]! >= 0 ? staffIds[chosen[t * 3]!]! : null,
            roomId: chosen[t * 3 + 1]! >= 0 ? rooms.ids[chosen[t * 3 + 1]!]! : null,
            machineId: chosen[t * 3 + 2]! >= 0 ? machines.ids[chosen[t * 3 + 2]!]! : null,
          };
        }
        slots.push({ startMs, endMs: startMs + total * SLOT_MS, tasks: assigned });
      }
    }
    return slots;
  }

  /**
   * Sets `value` on the quarter-hours an instant range touches in one resource's block (from
   * `base`), across days if it spans them. The range comes as an object, not as two numbers:
   * instants are not small integers, and passing them one by one would box each in a new heap
   * number when the call is not inlined.
   */
  private mark(buffer: Uint8Array, base: number, range: { readonly startMs: number; readonly endMs: number }, value: 0 | 1): void {
    const { startMs, endMs } = range;
    if (endMs <= this.firstDayMs || startMs >= this.lastDayEndMs) return;
    const days = this.query.days;
    for (let day = this.dayAt(range); day < this.dayCount; day++) {
      const dayStart = days[day]!.startMs;
      if (dayStart >= endMs) break;
      const dayEnd = dayStart + SLOTS_PER_DAY * SLOT_MS;
      if (startMs >= dayEnd) continue;
      // Free time counts only whole quarter-hours; busy time blocks any quarter-hour it touches.
      // (Clamped inline: a call with these non-integer numbers would box them.)
      let from = value === 1 ? Math.ceil((startMs - dayStart) / SLOT_MS) : Math.floor((startMs - dayStart) / SLOT_MS);
      let to = value === 1 ? Math.floor((endMs - dayStart) / SLOT_MS) : Math.ceil((endMs - dayStart) / SLOT_MS);
      if (from < 0) from = 0;
      if (to > SLOTS_PER_DAY) to = SLOTS_PER_DAY;
      const offset = base + day * SLOTS_PER_DAY;
      for (let i = offset + from; i < offset + to; i++) buffer[i] = value;
    }
  }

  /** Index of the last day starting at or before the range's start (0 when it is before the first). */
  private dayAt(range: { readonly startMs: number }): number {
    const instantMs = range.startMs;
    const days = this.query.days;
    // Days are about 24 hours apart: try the day that arithmetic suggests before searching.
    const guess = Math.floor((instantMs - this.firstDayMs) / 86_400_000);
    if (guess >= 0 && guess < this.dayCount && days[guess]!.startMs <= instantMs && (guess + 1 === this.dayCount || days[guess + 1]!.startMs > instantMs))
      return guess;
    let low = 0;
    let high = this.dayCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (days[middle]!.startMs <= instantMs) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

const EMPTY_INDEX: ReadonlyMap<string, number> = new Map();

const indexOf = (ids: readonly string[]): Map<string, number> => {
  const index = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) index.set(ids[i]!, i);
  return index;
};

/** The enabled rooms (or machines) that some task names, each once, with their positions. */
const usedFacilities = (
  tasks: readonly EngineTask[],
  key: 'roomIds' | 'machineIds',
  enabled: readonly string[],
): { ids: string[]; index: Map<string, number> } => {
  const ids: string[] = [];
  const index = new Map<string, number>();
  for (const task of tasks) {
    for (const id of task[key]) {
      if (!index.has(id) && enabled.includes(id)) {
        index.set(id, ids.length);
        ids.push(id);
      }
    }
  }
  return { ids, index };
};

/** A task's eligible resources as positions in the pool, in the task's order of preference. */
const eligibleOf = (ids: readonly string[], index: ReadonlyMap<string, number>): number[] => {
  const positions: number[] = [];
  for (const id of ids) {
    const position = index.get(id);
    if (position !== undefined) positions.push(position);
  }
  return positions;
};

/**
 * A schedule's working time without its breaks, as [from, to] pairs flat in `segments` (module
 * level, reused); answers how many numbers of it are valid, until the next call.
 */
const workingSegments = (schedule: EngineSchedule): number => {
  let current = segments;
  let next = nextSegments;
  current[0] = schedule.startMs;
  current[1] = schedule.endMs;
  let count = 2;
  for (const [from, to] of schedule.breaks) {
    let nextCount = 0;
    for (let i = 0; i < count; i += 2) {
      const a = current[i]!;
      const b = current[i + 1]!;
      if (to <= a || from >= b) {
        next[nextCount++] = a;
        next[nextCount++] = b;
        continue;
      }
      if (from > a) {
        next[nextCount++] = a;
        next[nextCount++] = from;
      }
      if (to < b) {
        next[nextCount++] = to;
        next[nextCount++] = b;
      }
    }
    [current, next] = [next, current];
    count = nextCount;
  }
  segments = current;
  nextSegments = next;
  return count;
};

/** Turns free flags into free run lengths, per block of 96, in place, over `length` bytes from `start`. */
const toRuns = (buffer: Uint8Array, start: number, length: number): void => {
  for (let block = start; block < start + length; block += SLOTS_PER_DAY) {
    let run = 0;
    for (let slot = SLOTS_PER_DAY - 1; slot >= 0; slot--) {
      run = buffer[block + slot] ? run + 1 : 0;
      buffer[block + slot] = run;
    }
  }
};

/** Marks busy (0) the quarter-hours whose bits are set in a 32-bit word, from `offset`. */
const clearBits = (buffer: Uint8Array, offset: number, word: number): void => {
  for (let bits = word | 0; bits !== 0; bits &= bits - 1) buffer[offset + 31 - Math.clz32(bits & -bits)] = 0;
};

/** Whether the `need` quarter-hours from `from` are all free. */
const isFree = (buffer: Uint8Array, from: number, need: number): boolean => {
  for (let i = from; i < from + need; i++) if (buffer[i] === 0) return false;
  return true;
};

const firstFree = (buffer: Uint8Array, base: number, perResource: number, candidates: readonly number[], at: number, need: number): number => {
  for (let i = 0; i < candidates.length; i++) {
    const resource = candidates[i]!;
    if (isFree(buffer, base + resource * perResource + at, need)) return resource;
  }
  return -1;
};
