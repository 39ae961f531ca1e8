import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { parseLoginName } from '../domain/login-name.value-object';
import { canLogIn } from '../domain/member.entity';
import type { StaffRole } from '../domain/staff.entity';
import type { LoginAttemptLimiterPort, WiderLoginLimiters } from '../ports/login-attempt-limiter.port';
import type { MemberRepositoryPort } from '../ports/member-repository.port';
import type { PasswordHasherPort } from '../ports/password-hasher.port';
import type { StaffRepositoryPort } from '../ports/staff-repository.port';
import type { ManageTwoFactorUseCase } from './manage-two-factor.use-case';

export interface LogInCommand {
  readonly username: string;
  readonly password: string;
  /** The client's address: failures are counted per account and address. */
  readonly clientAddress: string;
  readonly requestId?: string;
  /** The browser's User-Agent, kept in the access record of a staff login. */
  readonly userAgent?: string | null;
  /** Staff with two-factor login: a TOTP code or a recovery code (ignored for other accounts). */
  readonly code?: string;
}

export type LoggedIn =
  | { readonly type: 'staff'; readonly id: string; readonly name: string; readonly role: StaffRole }
  | { readonly type: 'user'; readonly id: string; readonly name: string };

export type LogInError = 'INVALID_CREDENTIALS' | 'NOT_FULLY_REGISTERED' | 'RATE_LIMITED' | 'TWO_FACTOR_REQUIRED' | 'INVALID_TWO_FACTOR_CODE';

/**
 * Checks a password for staff or a member. Unknown accounts and wrong passwords give the same
 * answer and take the same time, so the form tells nobody which accounts exist. The password is
 * checked before anything about the account is told: an account without a password (staff who
 * have not used their invitation, a 仮会員) answers exactly like a wrong password, and
 * `NOT_FULLY_REGISTERED` or the two-factor step come only after the right password.
 */
export class LogInUseCase {
  private timingHash: Promise<string> | null = null;

  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly members: MemberRepositoryPort,
    private readonly hasher: PasswordHasherPort,
    private readonly limiter: LoginAttemptLimiterPort,
    private readonly audit: AuditLogPort,
    /** Staff two-factor login; without it, staff log in with the password alone. */
    private readonly twoFactor?: Pick<ManageTwoFactorUseCase, 'checkLogin'>,
    /** The per-account and per-address limits (LOGIN_LIMIT_POLICIES); `limiter` keeps account + address. */
    private readonly wider?: WiderLoginLimiters,
  ) {}

  async execute(command: LogInCommand): Promise<Result<LoggedIn, LogInError>> {
    const name = parseLoginName(command.username);
    if (!name || command.password.length === 0) return fail('INVALID_CREDENTIALS');

    const account =
      name.audience === 'staff' ? await this.staffs.findByLoginIdentifier(name.identifier) : await this.members.findByLoginIdentifier(name.identifier);

    // The account by its id, so that its number and its e-mail share one count; an unknown name by itself.
    const accountKey = `login:${name.audience}:${account ? `#${account.id}` : name.identifier.toLowerCase()}`;
    const keys = { pair: `${accountKey}|${command.clientAddress}`, account: accountKey, address: `login:address:${command.clientAddress}` };
    const retryAfter = Math.max(
      await this.limiter.blockedFor(keys.pair),
      this.wider ? await this.wider.account.blockedFor(keys.account) : 0,
      this.wider ? await this.wider.address.blockedFor(keys.address) : 0,
    );
    if (retryAfter > 0) return fail('RATE_LIMITED', { detail: { retryAfterSeconds: retryAfter } });

    const verified = account?.passwordHash ? await this.hasher.verify(account.passwordHash, command.password) : await this.spendEqualTime(command.password);

    if (!account || !verified) {
      await this.recordFailure(keys);
      await this.audit.append({
        actorType: 'anonymous',
        actorId: null,
        action: 'login.failed',
        entity: name.audience,
        entityId: account?.id ?? null,
        after: { identifier: name.identifier },
        requestId: command.requestId ?? null,
        ip: command.clientAddress,
        // A failed staff login is an access record too (staff access audit); members' are not.
        ...(name.audience === 'staff'
          ? {
              access: {
                outcome: 'failed' as const,
                status: 401,
                actorLogin: name.identifier,
                userAgent: command.userAgent ?? null,
                method: 'POST',
                path: '/api/login',
              },
            }
          : {}),
      });
      return fail('INVALID_CREDENTIALS');
    }

    // The code is looked at only after the password was found right: a wrong password never
    // learns whether the account uses two-factor login.
    if ('role' in account && this.twoFactor) {
      const check = await this.twoFactor.checkLogin(account, command.code, { requestId: command.requestId ?? null, ip: command.clientAddress });
      if (check === 'missing') return fail('TWO_FACTOR_REQUIRED');
      if (check === 'invalid') {
        await this.recordFailure(keys);
        await this.audit.append({
          actorType: 'anonymous',
          actorId: null,
          action: 'login.failed',
          entity: 'staff',
          entityId: account.id,
          after: { identifier: name.identifier, reason: 'two-factor' },
          requestId: command.requestId ?? null,
          ip: command.clientAddress,
          access: { outcome: 'failed', status: 401, actorLogin: name.identifier, userAgent: command.userAgent ?? null, method: 'POST', path: '/api/login' },
        });
        return fail('INVALID_TWO_FACTOR_CODE');
      }
    }

    // Only now, with the right password, is the member told that they are not fully registered.
    if ('status' in account && !canLogIn(account)) return fail('NOT_FULLY_REGISTERED');

    await this.limiter.reset(keys.pair);
    await this.wider?.account.reset(keys.account);
    await this.audit.append({
      actorType: name.audience,
      actorId: account.id,
      action: 'login',
      entity: name.audience,
      entityId: account.id,
      requestId: command.requestId ?? null,
      ip: command.clientAddress,
      ...('role' in account
        ? {
            access: {
              outcome: 'ok' as const,
              status: 200,
              actorLogin: account.employeeNumber,
              actorRole: account.role,
              clinicId: account.clinicId,
              userAgent: command.userAgent ?? null,
              method: 'POST',
              path: '/api/login',
            },
          }
        : {}),
    });
    return ok(
      'role' in account ? { type: 'staff', id: account.id, name: account.name, role: account.role } : { type: 'user', id: account.id, name: account.name },
    );
  }

  private async recordFailure(keys: { pair: string; account: string; address: string }): Promise<void> {
    await this.limiter.recordFailure(keys.pair);
    await this.wider?.account.recordFailure(keys.account);
    await this.wider?.address.recordFailure(keys.address);
  }

  /** Verifies against a throw-away hash so an unknown account costs as long as a known one. */
  private async spendEqualTime(password: string): Promise<false> {
    this.timingHash ??= this.hasher.hash('timing-equaliser');
    await this.hasher.verify(await this.timingHash, password);
    return false;
  }
}
