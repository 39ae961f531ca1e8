import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { mayManageStaffAt } from '../domain/staff-account.rules';

/** Moves a staff member to a position in their clinic's order and renumbers the clinic 0…n-1. */
export class ReorderStaffUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly audit: AuditLogPort,
  ) {}

  async execute(actor: Staff, id: string, priority: number): Promise<Result<Staff[], 'STAFF_NOT_FOUND' | 'FORBIDDEN'>> {
    const staff = await this.staffs.findById(id);
    if (!staff) return fail('STAFF_NOT_FOUND');
    if (!mayManageStaffAt(actor, staff.clinicId)) return fail('FORBIDDEN');
    const others = (await this.staffs.list({ clinicId: staff.clinicId })).filter((other) => other.id !== id);
    const position = Math.max(0, Math.min(Math.trunc(priority), others.length));
    const ordered = [...others.slice(0, position).map((other) => other.id), id, ...others.slice(position).map((other) => other.id)];
    await this.staffs.setPriorities(ordered);
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'staff.reorder',
      entity: 'staff',
      entityId: id,
      before: { priority: staff.priority },
      after: { priority: position, order: ordered },
    });
    return ok(await this.staffs.list({ clinicId: staff.clinicId }));
  }
}
