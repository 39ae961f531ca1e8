import type { PlacedSchedule, Schedule } from '../domain/schedule.entity';

export interface ScheduleQuery {
  readonly clinicId: string;
  /** Inclusive dates `YYYY-MM-DD`. */
  readonly from: string;
  readonly to: string;
}

export interface ScheduleRepositoryPort {
  findById(id: string): Promise<Schedule | null>;
  /** The clinic's schedules on the dates, ordered by date, start, then id. */
  list(query: ScheduleQuery): Promise<Schedule[]>;
  /** One staff member's schedules on the dates (inclusive), ordered by date and start. */
  listForStaff(staffId: string, from: string, to: string): Promise<Schedule[]>;
  /** With its breaks, in one transaction; throws DomainRuleViolation(SCHEDULE_EXISTS) on an overlap with the person's other schedules. */
  create(schedule: PlacedSchedule): Promise<Schedule>;
  /**
   * Each schedule in a step of its own (with its breaks, or not at all): those that would
   * overlap another schedule of the person are left out and their dates reported.
   */
  createEach(schedules: readonly PlacedSchedule[]): Promise<{ created: Schedule[]; overlapping: string[] }>;
  /** Null when not found; throws DomainRuleViolation(SCHEDULE_EXISTS) on an overlap. Breaks are replaced. */
  update(id: string, schedule: PlacedSchedule): Promise<Schedule | null>;
  delete(id: string): Promise<boolean>;
}
