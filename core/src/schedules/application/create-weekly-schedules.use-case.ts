import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { datesOnWeekdays, placeSchedule, validateDateRange, type PlacedSchedule, type ScheduleBreak } from '../domain/schedule.entity';
import type { ScheduleLookupsPort } from '../ports/schedule-lookups.port';
import type { ScheduleRepositoryPort } from '../ports/schedule-repository.port';
import { resolveScheduleOwner, type ScheduleError } from './save-schedule.use-case';

export interface WeeklyScheduleCommand {
  readonly staffId: string;
  readonly from: string;
  readonly to: string;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekdays: readonly number[];
  readonly start: string;
  readonly end: string;
  readonly breaks: readonly ScheduleBreak[];
  readonly categoryId: string | null;
  /** Leave out the clinic's holidays (default). */
  readonly skipHolidays: boolean;
}

export type SkipReason = 'HOLIDAY' | 'SCHEDULE_EXISTS';

export interface WeeklyScheduleOutcome {
  readonly created: number;
  readonly skipped: readonly { readonly date: string; readonly reason: SkipReason }[];
}

/**
 * Enters one schedule per matching date of a range of up to 92 days. Each date is written whole
 * or not at all: a date that would overlap the person's other schedules (or a holiday) is skipped
 * and reported, the others are kept.
 */
export class CreateWeeklySchedulesUseCase {
  constructor(
    private readonly schedules: ScheduleRepositoryPort,
    private readonly staffs: StaffRepositoryPort,
    private readonly lookups: ScheduleLookupsPort,
    private readonly audit: AuditLogPort,
  ) {}

  async execute(actor: Staff, command: WeeklyScheduleCommand): Promise<Result<WeeklyScheduleOutcome, ScheduleError>> {
    const range = validateDateRange(command.from, command.to);
    const fields: FieldError[] = range.ok ? [] : [...(range.error.fields ?? [])];
    if (command.weekdays.length === 0 || command.weekdays.some((day) => !Number.isInteger(day) || day < 0 || day > 6)) {
      fields.push({ path: 'weekdays', message: '曜日を1つ以上選んでください（0＝日曜〜6＝土曜）。' });
    }
    const times = placeSchedule(
      { date: command.from, start: command.start, end: command.end, breaks: command.breaks },
      { clinicId: '0', staffId: command.staffId, categoryId: null },
    );
    if (!times.ok) fields.push(...(times.error.fields ?? []).filter((field) => field.path !== 'date'));
    if (fields.length > 0 || !range.ok) return fail('VALIDATION_FAILED', { fields });

    const owner = await resolveScheduleOwner({ staffs: this.staffs, lookups: this.lookups }, command.staffId, command.categoryId);
    if (!owner.ok) return owner;

    const holidays = new Set(command.skipHolidays ? await this.lookups.holidays(owner.value.clinicId, command.from, command.to) : []);
    const skipped: { date: string; reason: SkipReason }[] = [];
    const wanted: PlacedSchedule[] = [];
    for (const date of datesOnWeekdays(range.value.from, range.value.to, command.weekdays)) {
      if (holidays.has(date)) {
        skipped.push({ date, reason: 'HOLIDAY' });
        continue;
      }
      const placed = placeSchedule({ date, start: command.start, end: command.end, breaks: command.breaks }, owner.value);
      if (placed.ok) wanted.push(placed.value);
    }
    const { created, overlapping } = await this.schedules.createEach(wanted);
    skipped.push(...overlapping.map((date) => ({ date, reason: 'SCHEDULE_EXISTS' as const })));
    skipped.sort((a, b) => a.date.localeCompare(b.date));
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'schedule.bulk-create',
      entity: 'schedule',
      entityId: null,
      after: { command, createdIds: created.map((schedule) => schedule.id), skipped },
    });
    return ok({ created: created.length, skipped });
  }
}
