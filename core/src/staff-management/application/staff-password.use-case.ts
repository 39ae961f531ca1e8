import { isEmailLike } from '../../accounts/domain/login-name.value-object';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import type { SessionRevokerPort } from '../../accounts/ports/session-store.port';
import type { StaffRepositoryPort } from '../../accounts/ports/staff-repository.port';
import type { ResetRequestThrottle } from '../../accounts/application/reset-request-throttle';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { validatePassword } from '../domain/staff-account.rules';
import type { SecretTokensPort } from '../ports/secret-tokens.port';
import type { StaffTokenRepositoryPort } from '../ports/staff-token-repository.port';
import type { StaffTokenMailer } from './staff-token-mailer';

/** A staff member sets a password with an invitation or reset token, or asks for a reset mail. */
export class StaffPasswordUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly tokens: StaffTokenRepositoryPort,
    private readonly secrets: SecretTokensPort,
    private readonly hasher: PasswordHasherPort,
    private readonly tokenMailer: StaffTokenMailer,
    private readonly clock: ClockPort,
    private readonly audit: AuditLogPort,
    private readonly throttle?: ResetRequestThrottle,
    /** Ends the staff member's sessions when a token sets a new password. */
    private readonly sessions?: SessionRevokerPort,
  ) {}

  async setPassword(
    token: string,
    password: string,
    context: { requestId?: string | null; ip?: string | null } = {},
  ): Promise<Result<{ staffId: string }, 'VALIDATION_FAILED' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED'>> {
    const valid = validatePassword(password);
    if (!valid.ok) return valid;
    if (token.length === 0 || token.length > 200) return fail('INVALID_TOKEN');
    const passwordHash = await this.hasher.hash(password);
    const outcome = await this.tokens.redeem(this.secrets.digest(token), this.clock.now().toJSDate(), passwordHash);
    if (typeof outcome === 'string') return fail(outcome);
    // Whoever was logged in with the old password (perhaps the reason for the reset) is logged out.
    const ended = (await this.sessions?.endSessionsOf({ type: 'staff', id: outcome.staffId })) ?? 0;
    await this.audit.append({
      actorType: 'anonymous',
      actorId: null,
      action: 'staff.password.set',
      after: { endedSessions: ended },
      entity: 'staff',
      entityId: outcome.staffId,
      requestId: context.requestId ?? null,
      ip: context.ip ?? null,
    });
    return ok(outcome);
  }

  /** Mails a 30-minute reset link to a known address; says nothing about whether it is known. */
  async requestReset(email: string, context: { requestId?: string | null; ip?: string | null } = {}): Promise<Result<void, 'RATE_LIMITED'>> {
    if (this.throttle) {
      const admitted = await this.throttle.admitClient(context.ip);
      if (!admitted.ok) return admitted;
    }
    const staff = isEmailLike(email) ? await this.staffs.findByLoginIdentifier(email.trim()) : null;
    await this.audit.append({
      actorType: 'anonymous',
      actorId: null,
      action: 'staff.password.reset-requested',
      entity: 'staff',
      entityId: staff?.id ?? null,
      after: { email },
      requestId: context.requestId ?? null,
      ip: context.ip ?? null,
    });
    if (!staff) return ok(undefined);
    if (this.throttle && !(await this.throttle.mayMail(email))) return ok(undefined);
    await this.tokenMailer.issue(staff, 'RESET');
    return ok(undefined);
  }
}
