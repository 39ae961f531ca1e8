import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { checkClinicScope, type ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { type ClockPort } from '../../shared/clock.port';
import { clinicZone } from '../../shared/zone-offset';
import { fail, ok, type Result } from '../../shared/result';
import { type ClinicHoliday, validateHoliday } from '../domain/clinic.entity';
import type { ClinicRepositoryPort } from '../ports/clinic-repository.port';

/** Registers and removes a clinic's holidays (休診日), one date at a time, by those who manage the clinic (`checkClinicScope`). */
export class ManageClinicHolidaysUseCase {
  constructor(
    private readonly clinics: ClinicRepositoryPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
  ) {}

  async add(
    actor: ScopedActor,
    clinicId: string,
    holiday: ClinicHoliday,
  ): Promise<Result<ClinicHoliday, 'VALIDATION_FAILED' | 'CLINIC_NOT_FOUND' | 'HOLIDAY_ALREADY_REGISTERED' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, clinicId);
    if (!scope.ok) return scope;
    const today = this.clock.now().setZone(clinicZone).toISODate()!;
    const valid = validateHoliday(holiday, today);
    if (!valid.ok) return valid;
    const clinic = await this.clinics.findById(clinicId);
    if (!clinic) return fail('CLINIC_NOT_FOUND');
    if (clinic.holidays.some((registered) => registered.date === valid.value.date)) return fail('HOLIDAY_ALREADY_REGISTERED');
    // Two requests at once: the database's primary key decides and the loser gets the same code.
    const added = await this.clinics.addHoliday(clinicId, valid.value);
    if (!added) return fail('CLINIC_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'clinic.holiday.add', entity: 'clinic', entityId: clinicId, after: added });
    return ok(added);
  }

  /** Removing a date that is not a holiday changes nothing and is not an error. */
  async remove(actor: ScopedActor, clinicId: string, date: string): Promise<Result<void, 'CLINIC_NOT_FOUND' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, clinicId);
    if (!scope.ok) return scope;
    const clinic = await this.clinics.findById(clinicId);
    if (!clinic) return fail('CLINIC_NOT_FOUND');
    if (await this.clinics.removeHoliday(clinicId, date)) {
      await this.audit.append({
        actorType: actor.type,
        actorId: actor.id,
        action: 'clinic.holiday.remove',
        entity: 'clinic',
        entityId: clinicId,
        before: { date },
      });
    }
    return ok(undefined);
  }
}
