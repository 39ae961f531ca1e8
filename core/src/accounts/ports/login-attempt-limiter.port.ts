/**
 * Counts failed logins per key (account + client address) in shared storage, so that every server
 * of a deployment agrees.
 */
export interface LoginAttemptLimiterPort {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface LoginAttemptPolicy {
  readonly maxFailures: number;
  readonly windowSeconds: number;
}

export const DEFAULT_LOGIN_ATTEMPT_POLICY: LoginAttemptPolicy = { maxFailures: 5, windowSeconds: 15 * 60 };
