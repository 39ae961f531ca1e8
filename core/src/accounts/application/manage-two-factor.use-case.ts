import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClockPort } from '../../shared/clock.port';
import type { DomainError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { Staff } from '../domain/staff.entity';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_ISSUER,
  asTotpCode,
  graceDeadline,
  isEnrolled,
  mustUseTwoFactor,
  normaliseRecoveryCode,
  type TwoFactorState,
} from '../domain/two-factor';
import type { LoginAttemptLimiterPort } from '../ports/login-attempt-limiter.port';
import type { RecoveryCodesPort, TotpPort } from '../ports/totp.port';
import type { TwoFactorRepositoryPort } from '../ports/two-factor-repository.port';

export interface TwoFactorSettings {
  /** TWO_FACTOR_GRACE_DAYS. */
  readonly graceDays: number;
}

/** Where a request came from, for the audit trail. */
export interface RequestFacts {
  readonly requestId?: string | null;
  readonly ip?: string | null;
}

export interface TwoFactorStatus {
  readonly enabled: boolean;
  readonly required: boolean;
  /** Must use it but has not enrolled: the end of the grace period. */
  readonly deadline: Date | null;
  readonly recoveryCodesLeft: number;
}

export type TwoFactorLoginCheck = 'not-enrolled' | 'ok' | 'missing' | 'invalid';

type CodeError = 'INVALID_TWO_FACTOR_CODE' | 'RATE_LIMITED';

/**
 * A staff member's own two-factor login (TOTP, RFC 6238, and single-use recovery codes): status,
 * enrolment, recovery codes, turning it off, the check at login and the gate after the grace period.
 */
export class ManageTwoFactorUseCase {
  constructor(
    private readonly repository: TwoFactorRepositoryPort,
    private readonly totp: TotpPort,
    private readonly recoveryCodes: RecoveryCodesPort,
    private readonly limiter: LoginAttemptLimiterPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
    private readonly settings: TwoFactorSettings,
  ) {}

  async status(staff: Staff): Promise<TwoFactorStatus> {
    const state = await this.stateOf(staff);
    const required = mustUseTwoFactor(staff, state);
    const enabled = isEnrolled(state);
    return {
      enabled,
      required,
      deadline: required && !enabled ? await this.deadlineOf(staff, state) : null,
      recoveryCodesLeft: enabled ? state.recoveryCodesLeft : 0,
    };
  }

  /**
   * False once an account that must use two-factor login is past its grace period without it.
   * `stateOf` lets the request guard read the state through its cache (the clock is asked here,
   * on every call, so a kept state never keeps a grace period open).
   */
  async mayProceed(staff: Staff, stateOf: (staffId: string) => Promise<TwoFactorState | null> = (id) => this.repository.state(id)): Promise<boolean> {
    // Null: the account was removed since the guard read it; the next request answers 401.
    const state = await stateOf(staff.id);
    if (!state || !mustUseTwoFactor(staff, state) || isEnrolled(state)) return true;
    return this.clock.now().toJSDate() <= (await this.deadlineOf(staff, state));
  }

  /** A new pending secret (replacing an earlier one) and its otpauth:// URI for the QR code. */
  async setup(staff: Staff): Promise<Result<{ secret: string; otpauthUrl: string }, 'TWO_FACTOR_ALREADY_ENABLED'>> {
    const state = await this.stateOf(staff);
    if (isEnrolled(state)) return fail('TWO_FACTOR_ALREADY_ENABLED');
    const secret = this.totp.generateSecret();
    await this.repository.savePending(staff.id, secret);
    return ok({ secret, otpauthUrl: this.totp.keyUri(staff.employeeNumber, TWO_FACTOR_ISSUER, secret) });
  }

  /** Confirms the pending secret with a code from the app; answers the recovery codes, shown once. */
  async activate(
    staff: Staff,
    code: string,
    facts: RequestFacts = {},
  ): Promise<Result<{ recoveryCodes: string[] }, 'TWO_FACTOR_ALREADY_ENABLED' | 'TWO_FACTOR_SETUP_NOT_STARTED' | CodeError>> {
    const state = await this.stateOf(staff);
    if (isEnrolled(state)) return fail('TWO_FACTOR_ALREADY_ENABLED');
    if (!state.pendingSecret) return fail('TWO_FACTOR_SETUP_NOT_STARTED');
    const blocked = await this.blocked(staff);
    if (blocked) return blocked;
    const now = this.clock.now().toJSDate();
    const totpCode = asTotpCode(code);
    const step = totpCode ? this.totp.verify(state.pendingSecret, totpCode, now) : null;
    if (step === null) return this.wrongCode(staff);
    const codes = this.newRecoveryCodes();
    const activated = await this.repository.activate(staff.id, {
      secret: state.pendingSecret,
      at: now,
      step,
      recoveryCodeDigests: codes.map((one) => this.digest(one)),
    });
    if (!activated) return fail('TWO_FACTOR_SETUP_NOT_STARTED');
    await this.limiter.reset(this.limiterKey(staff));
    await this.record(staff, 'two-factor.enabled', facts);
    return ok({ recoveryCodes: codes });
  }

  /** New recovery codes for a TOTP or recovery code; the old ones stop working. */
  async regenerateRecoveryCodes(
    staff: Staff,
    code: string,
    facts: RequestFacts = {},
  ): Promise<Result<{ recoveryCodes: string[] }, 'TWO_FACTOR_NOT_ENABLED' | CodeError>> {
    const checked = await this.checkOwnCode(staff, code, facts);
    if (!checked.ok) return checked;
    const codes = this.newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(
      staff.id,
      codes.map((one) => this.digest(one)),
    );
    await this.record(staff, 'two-factor.recovery-codes-regenerated', facts);
    return ok({ recoveryCodes: codes });
  }

  /** Turns two-factor login off, for accounts that need not use it. */
  async disable(staff: Staff, code: string, facts: RequestFacts = {}): Promise<Result<void, 'TWO_FACTOR_NOT_ENABLED' | 'TWO_FACTOR_MANDATORY' | CodeError>> {
    const state = await this.stateOf(staff);
    if (mustUseTwoFactor(staff, state)) return fail('TWO_FACTOR_MANDATORY');
    if (!isEnrolled(state)) return fail('TWO_FACTOR_NOT_ENABLED');
    const checked = await this.checkOwnCode(staff, code, facts, state);
    if (!checked.ok) return checked;
    await this.repository.disable(staff.id, this.clock.now().toJSDate());
    await this.record(staff, 'two-factor.disabled', facts);
    return ok(undefined);
  }

  /**
   * The second step of a staff login, after the password was found right. `not-enrolled`: no code
   * needed (the grace period starts if it must be set up); `missing`: ask for one.
   */
  async checkLogin(staff: Staff, code: string | undefined, facts: RequestFacts = {}): Promise<TwoFactorLoginCheck> {
    const state = await this.stateOf(staff);
    if (!isEnrolled(state)) {
      if (mustUseTwoFactor(staff, state)) await this.deadlineOf(staff, state);
      return 'not-enrolled';
    }
    if (code === undefined || code.trim() === '') return 'missing';
    const used = await this.verifyCode(staff, state, code, facts);
    return used ? 'ok' : 'invalid';
  }

  private async checkOwnCode(
    staff: Staff,
    code: string,
    facts: RequestFacts,
    known?: TwoFactorState,
  ): Promise<Result<void, 'TWO_FACTOR_NOT_ENABLED' | CodeError>> {
    const state = known ?? (await this.stateOf(staff));
    if (!isEnrolled(state)) return fail('TWO_FACTOR_NOT_ENABLED');
    const blocked = await this.blocked(staff);
    if (blocked) return blocked;
    if (!(await this.verifyCode(staff, state, code, facts))) return this.wrongCode(staff);
    await this.limiter.reset(this.limiterKey(staff));
    return ok(undefined);
  }

  /** A TOTP code of a step later than the last used one, or an unused recovery code (then spent). */
  private async verifyCode(staff: Staff, state: TwoFactorState, input: string, facts: RequestFacts): Promise<'totp' | 'recovery' | null> {
    if (!state.secret) return null;
    const now = this.clock.now().toJSDate();
    const totpCode = asTotpCode(input);
    if (totpCode) {
      const step = this.totp.verify(state.secret, totpCode, now);
      if (step === null || (state.lastUsedStep !== null && step <= state.lastUsedStep)) return null;
      return (await this.repository.useStep(staff.id, step)) ? 'totp' : null;
    }
    const recovery = normaliseRecoveryCode(input);
    if (recovery.length < 10 || recovery.length > 64) return null;
    if (!(await this.repository.useRecoveryCode(staff.id, this.digest(recovery), now))) return null;
    await this.record(staff, 'two-factor.recovery-code-used', facts, { recoveryCodesLeft: state.recoveryCodesLeft - 1 });
    return 'recovery';
  }

  private async stateOf(staff: Staff): Promise<TwoFactorState> {
    const state = await this.repository.state(staff.id);
    if (!state) throw new Error(`staff ${staff.id} has no two-factor state`);
    return state;
  }

  /** The grace deadline, starting the grace period now when it has not begun. */
  private async deadlineOf(staff: Staff, state: TwoFactorState): Promise<Date> {
    let from = state.graceFrom;
    if (!from) {
      from = this.clock.now().toJSDate();
      await this.repository.startGrace(staff.id, from);
    }
    return graceDeadline(staff, state, from, this.settings.graceDays);
  }

  private newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () => this.recoveryCodes.generate());
  }

  private digest(code: string): string {
    return this.recoveryCodes.digest(normaliseRecoveryCode(code));
  }

  private limiterKey(staff: Staff): string {
    return `two-factor:${staff.id}`;
  }

  private async blocked(staff: Staff): Promise<{ readonly ok: false; readonly error: DomainError<'RATE_LIMITED'> } | null> {
    const retryAfter = await this.limiter.blockedFor(this.limiterKey(staff));
    return retryAfter > 0 ? fail('RATE_LIMITED', { detail: { retryAfterSeconds: retryAfter } }) : null;
  }

  private async wrongCode(staff: Staff) {
    await this.limiter.recordFailure(this.limiterKey(staff));
    return fail('INVALID_TWO_FACTOR_CODE', { fields: [{ path: 'code', message: '確認コードが正しくありません。' }] });
  }

  private record(staff: Staff, action: string, facts: RequestFacts, after?: unknown): Promise<void> {
    return this.audit.append({
      actorType: 'staff',
      actorId: staff.id,
      action,
      entity: 'staff',
      entityId: staff.id,
      ...(after === undefined ? {} : { after }),
      requestId: facts.requestId ?? null,
      ip: facts.ip ?? null,
    });
  }
}
