import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import type { GuestBookingGuard } from './guest-booking-guard';

/**
 * Staff clear a person's guest limits from the member panel (issue 26): the bookings and joins
 * counted against the member's phone and e-mail today are forgotten, so a person held up by the
 * limits (or by someone who used them up) books again at once. Audited as `user.guest_limit.clear`.
 */
export class GuestLimitsUseCase {
  constructor(
    private readonly members: MemberRepositoryPort,
    private readonly guard: GuestBookingGuard,
    private readonly audit: AuditLogPort,
  ) {}

  async clear(staffId: string, userId: string): Promise<Result<void, 'USER_NOT_FOUND'>> {
    const member = await this.members.findById(userId);
    if (!member) return fail('USER_NOT_FOUND');
    await this.guard.clear({ phone: member.phone, email: member.email });
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'user.guest_limit.clear', entity: 'user', entityId: userId });
    return ok(undefined);
  }
}
