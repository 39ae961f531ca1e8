import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { canManageClinic, isAdmin, mayWriteStaffAccount, type Staff } from '../domain/staff.entity';
import type { StaffRepositoryPort } from '../ports/staff-repository.port';
import type { TwoFactorRepositoryPort } from '../ports/two-factor-repository.port';
import type { RequestFacts } from './manage-two-factor.use-case';

export interface ClinicTwoFactorRequirement {
  readonly staffRequired: boolean;
  readonly since: Date | null;
}

/** What an ADMIN decides about others' two-factor login: resetting an account, requiring it per clinic. */
export class AdministerTwoFactorUseCase {
  constructor(
    private readonly repository: TwoFactorRepositoryPort,
    private readonly staffs: Pick<StaffRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
  ) {}

  /**
   * For a staff member who lost their phone: removes their secret and recovery codes. They enrol
   * again at their next login; a new grace period starts now.
   */
  async reset(admin: Staff, staffId: string, facts: RequestFacts = {}): Promise<Result<void, 'STAFF_NOT_FOUND' | 'FORBIDDEN'>> {
    if (!isAdmin(admin)) return fail('FORBIDDEN');
    const staff = await this.staffs.findById(staffId);
    if (!staff) return fail('STAFF_NOT_FOUND');
    // An ADMIN of a clinic resets the STAFF of that clinic only: never a head-office account,
    // another ADMIN, or another clinic's staff (docs/decisions.md).
    if (!mayWriteStaffAccount(admin, staff)) return fail('FORBIDDEN');
    const before = await this.repository.state(staffId);
    await this.repository.disable(staffId, this.clock.now().toJSDate());
    await this.audit.append({
      actorType: 'staff',
      actorId: admin.id,
      action: 'two-factor.reset',
      entity: 'staff',
      entityId: staffId,
      before: { enabled: before?.enabledAt != null },
      after: { enabled: false },
      requestId: facts.requestId ?? null,
      ip: facts.ip ?? null,
    });
    return ok(undefined);
  }

  async clinicRequirement(admin: Staff, clinicId: string): Promise<Result<ClinicTwoFactorRequirement, 'CLINIC_NOT_FOUND' | 'FORBIDDEN'>> {
    if (!isAdmin(admin) || !canManageClinic(admin, clinicId)) return fail('FORBIDDEN');
    const since = await this.repository.clinicRequirement(clinicId);
    if (since === undefined) return fail('CLINIC_NOT_FOUND');
    return ok({ staffRequired: since !== null, since });
  }

  /** Requires two-factor login of the clinic's STAFF (from now, each with a grace period), or makes it optional. */
  async setClinicRequirement(
    admin: Staff,
    clinicId: string,
    staffRequired: boolean,
    facts: RequestFacts = {},
  ): Promise<Result<ClinicTwoFactorRequirement, 'CLINIC_NOT_FOUND' | 'FORBIDDEN'>> {
    if (!isAdmin(admin) || !canManageClinic(admin, clinicId)) return fail('FORBIDDEN');
    const before = await this.repository.clinicRequirement(clinicId);
    if (before === undefined) return fail('CLINIC_NOT_FOUND');
    await this.repository.setClinicRequirement(clinicId, staffRequired ? this.clock.now().toJSDate() : null);
    const after = await this.repository.clinicRequirement(clinicId);
    if ((before !== null) !== staffRequired) {
      await this.audit.append({
        actorType: 'staff',
        actorId: admin.id,
        action: 'two-factor.clinic-requirement',
        entity: 'clinic',
        entityId: clinicId,
        before: { staffRequired: before !== null },
        after: { staffRequired },
        requestId: facts.requestId ?? null,
        ip: facts.ip ?? null,
      });
    }
    return ok({ staffRequired: after != null, since: after ?? null });
  }
}
