import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { mayWriteStaff } from '../domain/staff-account.rules';
import type { StaffReferencesPort } from '../ports/staff-references.port';
import { auditedStaff } from './staff-audit';

/**
 * Removes a staff member (soft: the row stays for reports and history). Refused with IN_USE while
 * a live reservation still to come names them: reassign those first.
 */
export class DeleteStaffUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly references: StaffReferencesPort,
    private readonly clock: ClockPort,
    private readonly audit: AuditLogPort,
  ) {}

  async execute(actor: Staff, id: string): Promise<Result<void, 'STAFF_NOT_FOUND' | 'FORBIDDEN' | 'IN_USE'>> {
    const staff = await this.staffs.findById(id);
    if (!staff) return fail('STAFF_NOT_FOUND');
    if (!mayWriteStaff(actor, staff)) return fail('FORBIDDEN');
    const now = this.clock.now().toJSDate();
    if (await this.references.hasFutureLiveReservations(id, now)) return fail('IN_USE');
    if (!(await this.staffs.softDelete(id, now))) return fail('STAFF_NOT_FOUND');
    await this.audit.append({ actorType: 'staff', actorId: actor.id, action: 'staff.delete', entity: 'staff', entityId: id, before: auditedStaff(staff) });
    return ok(undefined);
  }
}
