import { DateTime } from 'luxon';
import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { placeSchedule, type PlacedSchedule, type Schedule, type ScheduleTimes } from '../domain/schedule.entity';
import type { ScheduleLookupsPort } from '../ports/schedule-lookups.port';
import type { ScheduleRepositoryPort } from '../ports/schedule-repository.port';
import type { FreedTimePort } from '../ports/freed-time.port';
import { clinicZone } from '../../shared/zone-offset';

export interface ScheduleCommand extends ScheduleTimes {
  readonly staffId: string;
  readonly categoryId: string | null;
}

export type ScheduleError = 'VALIDATION_FAILED' | 'STAFF_NOT_FOUND' | 'CATEGORY_NOT_FOUND';

/**
 * Resolves whose schedule it is and where: the staff member's clinic; a category, when given, of
 * that clinic. Staff of any clinic may enter schedules of the chain (DOMAIN.md, "Who may do what").
 * Shared by single and weekly entry.
 */
export const resolveScheduleOwner = async (
  deps: { staffs: StaffRepositoryPort; lookups: ScheduleLookupsPort },
  staffId: string,
  categoryId: string | null,
): Promise<Result<{ clinicId: string; staffId: string; categoryId: string | null }, ScheduleError>> => {
  const staff = await deps.staffs.findById(staffId);
  if (!staff) return fail('STAFF_NOT_FOUND');
  if (staff.clinicId === null) {
    return fail('VALIDATION_FAILED', { fields: [{ path: 'staffId', message: '所属院のないスタッフには勤務を登録できません。' }] });
  }
  if (categoryId !== null && (await deps.lookups.clinicOfCategory(categoryId)) !== staff.clinicId) return fail('CATEGORY_NOT_FOUND');
  return ok({ clinicId: staff.clinicId, staffId, categoryId });
};

/** Enters, changes or removes one schedule. Overlaps with the person's other schedules are refused by the database. */
export class SaveScheduleUseCase {
  constructor(
    private readonly schedules: ScheduleRepositoryPort,
    private readonly staffs: StaffRepositoryPort,
    private readonly lookups: ScheduleLookupsPort,
    private readonly audit: AuditLogPort,
    /** Offers the time a new or longer shift makes bookable to the waitlist (optional). */
    private readonly freedTime?: FreedTimePort,
  ) {}

  /** The schedule's day, as the time it may free. */
  private async tellFreed(schedule: Schedule): Promise<void> {
    if (!this.freedTime) return;
    const day = DateTime.fromISO(schedule.date, { zone: clinicZone }).startOf('day');
    await this.freedTime.freed({ clinicId: schedule.clinicId, fromMs: day.toMillis(), toMs: day.plus({ days: 1 }).toMillis() });
  }

  async create(actor: Staff, command: ScheduleCommand): Promise<Result<Schedule, ScheduleError | 'SCHEDULE_EXISTS'>> {
    const placed = await this.place(command);
    if (!placed.ok) return placed;
    const schedule = await this.schedules.create(placed.value);
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'schedule.create', entity: 'schedule', entityId: schedule.id, after: schedule });
    await this.tellFreed(schedule);
    return ok(schedule);
  }

  async update(actor: Staff, id: string, command: ScheduleCommand): Promise<Result<Schedule, ScheduleError | 'SCHEDULE_EXISTS' | 'SCHEDULE_NOT_FOUND'>> {
    const before = await this.schedules.findById(id);
    if (!before) return fail('SCHEDULE_NOT_FOUND');
    const placed = await this.place(command);
    if (!placed.ok) return placed;
    const schedule = await this.schedules.update(id, placed.value);
    if (!schedule) return fail('SCHEDULE_NOT_FOUND');
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'schedule.update', entity: 'schedule', entityId: id, before, after: schedule });
    await this.tellFreed(schedule);
    return ok(schedule);
  }

  async delete(actor: Staff, id: string): Promise<Result<void, 'SCHEDULE_NOT_FOUND'>> {
    const before = await this.schedules.findById(id);
    if (!before) return fail('SCHEDULE_NOT_FOUND');
    if (!(await this.schedules.delete(id))) return fail('SCHEDULE_NOT_FOUND');
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'schedule.delete', entity: 'schedule', entityId: id, before });
    return ok(undefined);
  }

  private async place(command: ScheduleCommand): Promise<Result<PlacedSchedule, ScheduleError>> {
    const owner = await resolveScheduleOwner({ staffs: this.staffs, lookups: this.lookups }, command.staffId, command.categoryId);
    if (!owner.ok) return owner;
    return placeSchedule(command, owner.value);
  }
}
