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

/**
 * The login limits (docs/security.md). A failed login counts against three keys at once; any one
 * of them past its limit answers 429 until its window ends:
 *   - one account from one address: 5 in 15 minutes (someone who forgot their password);
 *   - one account from any address: 20 in 15 minutes (guessing one password from many addresses);
 *   - one address against any accounts: 30 in 15 minutes (one client spraying many accounts).
 * An account named by its number or by its e-mail is one key (its id). A success clears the first
 * two for that account; the address count runs out on its own, so logging in to an account of
 * one's own does not buy more guesses at others.
 */
export const LOGIN_LIMIT_POLICIES: {
  readonly accountAndAddress: LoginAttemptPolicy;
  readonly account: LoginAttemptPolicy;
  readonly address: LoginAttemptPolicy;
} = {
  accountAndAddress: DEFAULT_LOGIN_ATTEMPT_POLICY,
  account: { maxFailures: 20, windowSeconds: 15 * 60 },
  address: { maxFailures: 30, windowSeconds: 15 * 60 },
};

/** The limiters of the wider login limits (LOGIN_LIMIT_POLICIES.account and .address). */
export interface WiderLoginLimiters {
  readonly account: LoginAttemptLimiterPort;
  readonly address: LoginAttemptLimiterPort;
}
