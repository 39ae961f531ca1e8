import type { Staff } from '../../accounts/domain/staff.entity';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { mayWriteStaff } from '../domain/staff-account.rules';
import type { IssuedLink, StaffTokenMailer } from './staff-token-mailer';

/** Mails a staff member a new invitation (72 hours, single use); earlier invitations die. */
export class InviteStaffUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly tokenMailer: StaffTokenMailer,
    private readonly audit: AuditLogPort,
  ) {}

  async execute(actor: Staff, id: string): Promise<Result<IssuedLink, 'STAFF_NOT_FOUND' | 'FORBIDDEN'>> {
    const staff = await this.staffs.findById(id);
    if (!staff) return fail('STAFF_NOT_FOUND');
    if (!mayWriteStaff(actor, staff)) return fail('FORBIDDEN');
    const link = await this.tokenMailer.issue(staff, 'INVITE');
    await this.audit.append({
      actorType: 'staff',
      actorId: actor.id,
      action: 'staff.invite',
      entity: 'staff',
      entityId: id,
      after: { expiresAt: link.expiresAt.toISOString() },
    });
    return ok(link);
  }
}
