import type { LoginAttemptLimiterPort, LoginAttemptPolicy } from '../ports/login-attempt-limiter.port';
import { fail, ok, type Result } from '../../shared/result';

/**
 * How often password-reset mails may be asked for. A client (IP address) that asks too often is
 * refused outright (429): that says nothing about any account. An address that has already had
 * its mails gets no more for a while, but the answer stays the same 202, so the limit does not
 * reveal which addresses are registered either.
 */
export const RESET_REQUEST_POLICIES: { readonly perClient: LoginAttemptPolicy; readonly perAddress: LoginAttemptPolicy } = {
  perClient: { maxFailures: 10, windowSeconds: 60 * 60 },
  perAddress: { maxFailures: 3, windowSeconds: 60 * 60 },
};

export interface ResetRequestLimiters {
  /** Counts every request per client address; refused past `perClient.maxFailures` an hour. */
  readonly perClient: LoginAttemptLimiterPort;
  /** Counts mails per e-mail address; silent past `perAddress.maxFailures` an hour. */
  readonly perAddress: LoginAttemptLimiterPort;
}

export class ResetRequestThrottle {
  constructor(
    private readonly limiters: ResetRequestLimiters,
    private readonly audience: 'staff' | 'member',
  ) {}

  /** Counts one request from this client; refuses it when the client has asked too often. */
  async admitClient(ip: string | null | undefined): Promise<Result<void, 'RATE_LIMITED'>> {
    const key = `reset:${this.audience}:ip:${ip ?? 'unknown'}`;
    const retryAfter = await this.limiters.perClient.blockedFor(key);
    if (retryAfter > 0) return fail('RATE_LIMITED', { detail: { retryAfterSeconds: retryAfter } });
    await this.limiters.perClient.recordFailure(key);
    return ok(undefined);
  }

  /** Whether one more mail may go to this address now; counts it when it may. */
  async mayMail(email: string): Promise<boolean> {
    const key = `reset:${this.audience}:mail:${email.trim().toLowerCase()}`;
    if ((await this.limiters.perAddress.blockedFor(key)) > 0) return false;
    await this.limiters.perAddress.recordFailure(key);
    return true;
  }
}
