import { canLogIn, type Member } from '../../accounts/domain/member.entity';
import { isEmailLike } from '../../accounts/domain/login-name.value-object';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import type { SessionRevokerPort } from '../../accounts/ports/session-store.port';
import type { ResetRequestThrottle } from '../../accounts/application/reset-request-throttle';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { MailPort } from '../../mail/ports/mail.port';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import type { SecretTokensPort } from '../../staff-management/ports/secret-tokens.port';
import { memberPasswordResetMail } from '../domain/member-mails';
import { MEMBER_TOKEN_LIFETIME_MINUTES, memberTokenUrl, type MemberLinks, type MemberTokenPurpose } from '../domain/member-token';
import { validateMemberPassword } from '../domain/member.rules';
import type { MemberTokenRepositoryPort } from '../ports/member-token-repository.port';

type RequestFacts = { requestId?: string | null; ip?: string | null };
type TokenError = 'INVALID_TOKEN' | 'TOKEN_EXPIRED';

/**
 * A member's password: the registration token staff hand over at the clinic (QR code, 24 h), and
 * the reset by mail (30 min). Tokens are single use and stored as SHA-256 digests.
 */
export class MemberAccountUseCase {
  constructor(
    private readonly members: MemberRepositoryPort,
    private readonly tokens: MemberTokenRepositoryPort,
    private readonly secrets: SecretTokensPort,
    private readonly hasher: PasswordHasherPort,
    private readonly mail: MailPort,
    private readonly clock: ClockPort,
    private readonly audit: AuditLogPort,
    private readonly links: MemberLinks,
    private readonly throttle?: ResetRequestThrottle,
    /** Ends the member's sessions when a token sets a new password. */
    private readonly sessions?: SessionRevokerPort,
  ) {}

  /** Staff issue a registration token for a FULL member (earlier unused ones die). */
  async issueRegistration(
    staffId: string,
    userId: string,
  ): Promise<Result<{ token: string; url: string; expiresAt: Date }, 'USER_NOT_FOUND' | 'NOT_FULLY_REGISTERED'>> {
    const member = await this.members.findById(userId);
    if (!member) return fail('USER_NOT_FOUND');
    if (!canLogIn(member)) return fail('NOT_FULLY_REGISTERED');
    const issued = await this.issue(member, 'REGISTER');
    await this.audit.append({
      actorType: 'staff',
      actorId: staffId,
      action: 'member.registration-token',
      entity: 'user',
      entityId: member.id,
      after: { expiresAt: issued.expiresAt },
    });
    return ok(issued);
  }

  /** Who a registration token is for, without using it. */
  async peekRegistration(token: string): Promise<Result<{ member: Member; expiresAt: Date }, TokenError>> {
    if (token.length === 0 || token.length > 200) return fail('INVALID_TOKEN');
    const outcome = await this.tokens.peek(this.secrets.digest(token), 'REGISTER', this.clock.now().toJSDate());
    if (typeof outcome === 'string') return fail(outcome);
    const member = await this.members.findById(outcome.userId);
    return member ? ok({ member, expiresAt: outcome.expiresAt }) : fail('INVALID_TOKEN');
  }

  /** Sets the password with a registration (REGISTER) or reset (RESET) token. */
  async setPassword(
    purpose: MemberTokenPurpose,
    token: string,
    password: string,
    context: RequestFacts = {},
  ): Promise<Result<Member, TokenError | 'VALIDATION_FAILED'>> {
    const valid = validateMemberPassword(password);
    if (!valid.ok) return valid;
    if (token.length === 0 || token.length > 200) return fail('INVALID_TOKEN');
    const passwordHash = await this.hasher.hash(password);
    const outcome = await this.tokens.redeem(this.secrets.digest(token), purpose, this.clock.now().toJSDate(), passwordHash);
    if (typeof outcome === 'string') return fail(outcome);
    // Whoever was logged in with the old password (perhaps the reason for the reset) is logged out.
    const ended = (await this.sessions?.endSessionsOf({ type: 'user', id: outcome.userId })) ?? 0;
    await this.audit.append({
      actorType: 'anonymous',
      actorId: null,
      action: purpose === 'REGISTER' ? 'member.password.register' : 'member.password.reset',
      after: { endedSessions: ended },
      entity: 'user',
      entityId: outcome.userId,
      requestId: context.requestId ?? null,
      ip: context.ip ?? null,
    });
    const member = await this.members.findById(outcome.userId);
    return member ? ok(member) : fail('INVALID_TOKEN');
  }

  /** Mails a 30-minute reset link to a FULL member's address; says nothing about whether it is known. */
  async requestReset(email: string, context: RequestFacts = {}): Promise<Result<void, 'RATE_LIMITED'>> {
    if (this.throttle) {
      const admitted = await this.throttle.admitClient(context.ip);
      if (!admitted.ok) return admitted;
    }
    const trimmed = email.trim();
    const member = isEmailLike(trimmed) && trimmed.length <= 254 ? await this.members.findByLoginIdentifier(trimmed) : null;
    const eligible = member && canLogIn(member) && member.email ? member : null;
    await this.audit.append({
      actorType: 'anonymous',
      actorId: null,
      action: 'member.password.reset-requested',
      entity: 'user',
      entityId: eligible?.id ?? null,
      after: { email: trimmed.slice(0, 254) },
      requestId: context.requestId ?? null,
      ip: context.ip ?? null,
    });
    if (!eligible) return ok(undefined);
    if (this.throttle && !(await this.throttle.mayMail(eligible.email!))) return ok(undefined);
    const issued = await this.issue(eligible, 'RESET');
    // In the member's own language (docs/languages.md).
    await this.mail.send(
      memberPasswordResetMail(
        { email: eligible.email!, name: eligible.name, ...(eligible.language ? { language: eligible.language } : {}) },
        issued.url,
        issued.expiresAt,
      ),
    );
    return ok(undefined);
  }

  private async issue(member: Member, purpose: MemberTokenPurpose): Promise<{ token: string; url: string; expiresAt: Date }> {
    const token = this.secrets.generate();
    const expiresAt = this.clock.now().plus({ minutes: MEMBER_TOKEN_LIFETIME_MINUTES[purpose] }).toJSDate();
    await this.tokens.issue({ tokenHash: this.secrets.digest(token), userId: member.id, purpose, expiresAt });
    return { token, url: memberTokenUrl(this.links, purpose, token), expiresAt };
  }
}
