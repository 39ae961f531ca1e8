import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import { checkClinicScope, type ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import {
  FACILITY_TERMS,
  nextDisplayOrder,
  validateFacilityChanges,
  type Facility,
  type FacilityExistsCode,
  type FacilityNotFoundCode,
} from '../domain/facility.entity';
import type { FacilityRepositoryPort } from '../ports/facility-repository.port';

export interface NewFacilityCommand {
  readonly clinicId: string;
  readonly name: string;
  readonly displayOrder?: number;
  readonly enabled?: boolean;
}

/** Adds, changes and deletes the rooms (or the machines) of a clinic, by those who manage it (`checkClinicScope`); every write is audited. */
export class ManageFacilitiesUseCase {
  constructor(
    private readonly facilities: FacilityRepositoryPort,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
  ) {}

  private get terms() {
    return FACILITY_TERMS[this.facilities.kind];
  }

  async create(
    actor: ScopedActor,
    command: NewFacilityCommand,
  ): Promise<Result<Facility, 'VALIDATION_FAILED' | 'CLINIC_NOT_FOUND' | FacilityExistsCode | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, command.clinicId);
    if (!scope.ok) return scope;
    if (!(await this.clinics.findById(command.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    const displayOrder = command.displayOrder ?? nextDisplayOrder(await this.facilities.listByClinic(command.clinicId));
    const valid = validateFacilityChanges(this.facilities.kind, { name: command.name, displayOrder, enabled: command.enabled ?? true });
    if (!valid.ok) return valid;
    const created = await this.facilities.create({ clinicId: command.clinicId, ...valid.value });
    await this.record(actor, 'create', created.id, undefined, created);
    return ok(created);
  }

  async update(
    actor: ScopedActor,
    id: string,
    changes: { name: string; displayOrder: number; enabled: boolean },
  ): Promise<Result<Facility, 'VALIDATION_FAILED' | FacilityNotFoundCode | FacilityExistsCode | 'FORBIDDEN'>> {
    const before = await this.facilities.findById(id);
    if (!before) return fail(this.terms.notFound);
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    const valid = validateFacilityChanges(this.facilities.kind, changes);
    if (!valid.ok) return valid;
    const updated = await this.facilities.update(id, valid.value);
    if (!updated) return fail(this.terms.notFound);
    await this.record(actor, 'update', id, before, updated);
    return ok(updated);
  }

  /** Refused with IN_USE while a future live reservation holds it. */
  async delete(actor: ScopedActor, id: string): Promise<Result<null, FacilityNotFoundCode | 'IN_USE' | 'FORBIDDEN'>> {
    const before = await this.facilities.findById(id);
    if (!before) return fail(this.terms.notFound);
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    if (await this.facilities.isInUse(id, this.clock.now())) return fail('IN_USE');
    if (!(await this.facilities.softDelete(id))) return fail(this.terms.notFound);
    await this.record(actor, 'delete', id, before, undefined);
    return ok(null);
  }

  private async record(actor: ScopedActor, verb: string, id: string, before: unknown, after: unknown): Promise<void> {
    const entity = this.terms.entity;
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: `${entity}.${verb}`, entity, entityId: id, before, after });
  }
}
