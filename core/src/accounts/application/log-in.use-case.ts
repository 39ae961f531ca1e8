import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { parseLoginName } from '../domain/login-name.value-object';
import { canLogIn } from '../domain/member.entity';
import type { StaffRole } from '../domain/staff.entity';
import type { LoginAttemptLimiterPort } from '../ports/login-attempt-limiter.port';
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

export type LogInError =
  | 'INVALID_CREDENTIALS'
  | 'NOT_FULLY_REGISTERED'
  | 'STAFF_NO_PASSWORD'
  | 'RATE_LIMITED'
  | 'TWO_FACTOR_REQUIRED'
  | 'INVALID_TWO_FACTOR_CODE';

/**
 * Checks a password for staff or a member. Unknown accounts and wrong passwords give the same
 * answer and take the same time, so the form tells nobody which accounts exist.
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
  ) {}

  async execute(command: LogInCommand): Promise<Result<LoggedIn, LogInError>> {
    const name = parseLoginName(command.username);
    if (!name || command.password.length === 0) return fail('INVALID_CREDENTIALS');

    const key = `${name.audience}:${name.identifier.toLowerCase()}|${command.clientAddress}`;
    const retryAfter = await this.limiter.blockedFor(key);
    if (retryAfter > 0) return fail('RATE_LIMITED', { detail: { retryAfterSeconds: retryAfter } });

    const account =
      name.audience === 'staff'
        ? await this.staffs.findByLoginIdentifier(name.identifier)
        : await this.members.findByLoginIdentifier(name.identifier);

    if (account && name.audience === 'user' && 'status' in account && !canLogIn(account)) {
      return fail('NOT_FULLY_REGISTERED');
    }
    if (account && name.audience === 'staff' && account.passwordHash === null) {
      return fail('STAFF_NO_PASSWORD');
    }

    const verified = account?.passwordHash
      ? await this.hasher.verify(account.passwordHash, command.password)
      : await this.spendEqualTime(command.password);

    if (!account || !verified) {
      await this.limiter.recordFailure(key);
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
          ? { access: { outcome: 'failed' as const, status: 401, actorLogin: name.identifier, userAgent: command.userAgent ?? null, method: 'POST', path: '/api/login' } }
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
        await this.limiter.recordFailure(key);
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

    await this.limiter.reset(key);
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
      'role' in account
        ? { type: 'staff', id: account.id, name: account.name, role: account.role }
        : { type: 'user', id: account.id, name: account.name },
    );
  }

  /** Verifies against a throw-away hash so an unknown account costs as long as a known one. */
  private async spendEqualTime(password: string): Promise<false> {
    this.timingHash ??= this.hasher.hash('timing-equaliser');
    await this.hasher.verify(await this.timingHash, password);
    return false;
  }
}
