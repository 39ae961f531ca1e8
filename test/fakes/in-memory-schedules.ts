import {
  DomainRuleViolation,
  instantOn,
  type Block,
  type BlockQuery,
  type BlockRepositoryPort,
  type NewBlock,
  type PlacedSchedule,
  type Schedule,
  type ScheduleLookupsPort,
  type ScheduleQuery,
  type ScheduleRepositoryPort,
} from '@clinic/core';
import { InMemoryAllocations, blockOwner } from './in-memory-allocations';

/** In-memory twins of the schedule and block ports (test/contracts checks them against the Knex ones). */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

const millis = (iso: string) => new Date(iso).getTime();
const overlaps = (a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }) =>
  millis(a.startsAt) < millis(b.endsAt) && millis(b.startsAt) < millis(a.endsAt);

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const placedTimes = (schedule: Schedule) => ({
  startsAt: instantOn(schedule.date, minutesOf(schedule.start)),
  endsAt: instantOn(schedule.date, minutesOf(schedule.end)),
});

const toSchedule = (id: string, placed: PlacedSchedule): Schedule => ({
  id,
  clinicId: placed.clinicId,
  staffId: placed.staffId,
  date: placed.date,
  start: placed.start,
  end: placed.end,
  breaks: [...placed.breaks].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)).map(({ start, end }) => ({ start, end })),
  categoryId: placed.categoryId,
});

const byDateAndStart = (a: Schedule, b: Schedule) => a.date.localeCompare(b.date) || minutesOf(a.start) - minutesOf(b.start) || Number(a.id) - Number(b.id);

export class InMemoryScheduleRepository implements ScheduleRepositoryPort {
  private readonly rows = new Map<string, Schedule>();
  private readonly nextId = sequence();

  async findById(id: string): Promise<Schedule | null> {
    return this.rows.get(id) ?? null;
  }

  async list(query: ScheduleQuery): Promise<Schedule[]> {
    return [...this.rows.values()].filter((row) => row.clinicId === query.clinicId && row.date >= query.from && row.date <= query.to).sort(byDateAndStart);
  }

  async listForStaff(staffId: string, from: string, to: string): Promise<Schedule[]> {
    return [...this.rows.values()].filter((row) => row.staffId === staffId && row.date >= from && row.date <= to).sort(byDateAndStart);
  }

  async create(schedule: PlacedSchedule): Promise<Schedule> {
    this.assertFree(schedule, null);
    const created = toSchedule(this.nextId(), schedule);
    this.rows.set(created.id, created);
    return created;
  }

  async createEach(schedules: readonly PlacedSchedule[]): Promise<{ created: Schedule[]; overlapping: string[] }> {
    const created: Schedule[] = [];
    const overlapping: string[] = [];
    for (const schedule of schedules) {
      try {
        created.push(await this.create(schedule));
      } catch (error) {
        if (!(error instanceof DomainRuleViolation)) throw error;
        overlapping.push(schedule.date);
      }
    }
    return { created, overlapping };
  }

  async update(id: string, schedule: PlacedSchedule): Promise<Schedule | null> {
    if (!this.rows.has(id)) return null;
    this.assertFree(schedule, id);
    const updated = toSchedule(id, schedule);
    this.rows.set(id, updated);
    return updated;
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  private assertFree(schedule: PlacedSchedule, except: string | null): void {
    for (const other of this.rows.values()) {
      if (other.id !== except && other.staffId === schedule.staffId && overlaps(placedTimes(other), schedule)) {
        throw new DomainRuleViolation({ code: 'SCHEDULE_EXISTS' });
      }
    }
  }
}

/**
 * Blocks, each holding its resource in the allocations it shares with the reservation fake: a
 * block over another block or a live reservation of the same resource is refused.
 */
export class InMemoryBlockRepository implements BlockRepositoryPort {
  private readonly rows = new Map<string, Block>();
  private readonly nextId = sequence();

  constructor(private readonly allocations: InMemoryAllocations = new InMemoryAllocations()) {}

  async list(query: BlockQuery): Promise<Block[]> {
    return [...this.rows.values()]
      .filter((row) => row.clinicId === query.clinicId && overlaps(row, { startsAt: query.from, endsAt: query.to }))
      .sort((a, b) => millis(a.startsAt) - millis(b.startsAt) || Number(a.id) - Number(b.id));
  }

  async findById(id: string): Promise<Block | null> {
    return this.rows.get(id) ?? null;
  }

  async create(block: NewBlock): Promise<Block> {
    const created = { ...block, id: this.nextId() };
    const hold = { type: block.resourceType, resourceId: block.resourceId, startMs: millis(block.startsAt), endMs: millis(block.endsAt) };
    this.allocations.put(blockOwner(created.id), block.clinicId, [hold], true, 'RESOURCE_COLLISION');
    this.rows.set(created.id, created);
    return created;
  }

  async delete(id: string): Promise<boolean> {
    this.allocations.release(blockOwner(id));
    return this.rows.delete(id);
  }
}

/** Categories, rooms, machines and holidays as schedules see them: set by the test. */
export class InMemoryScheduleLookups implements ScheduleLookupsPort {
  readonly categories = new Map<string, string>();
  readonly rooms = new Map<string, string>();
  readonly machines = new Map<string, string>();
  readonly holidayDates = new Map<string, string[]>();

  async clinicOfCategory(categoryId: string): Promise<string | null> {
    return this.categories.get(categoryId) ?? null;
  }

  async clinicOfResource(type: 'ROOM' | 'MACHINE', id: string): Promise<string | null> {
    return (type === 'ROOM' ? this.rooms : this.machines).get(id) ?? null;
  }

  async holidays(clinicId: string, from: string, to: string): Promise<string[]> {
    return (this.holidayDates.get(clinicId) ?? []).filter((date) => date >= from && date <= to).sort();
  }
}
