/**
 * Counts attempts under a key in a fixed window, shared by every server of the database (the
 * adapter is rate-limiter-flexible's PostgreSQL store). Each counter has its own window and key
 * space, chosen where it is made.
 */
export interface AttemptCounterPort {
  /** Counts one attempt under `key` and answers how many were counted in the current window, this one included. */
  hit(key: string): Promise<number>;
  /** How many were counted under `key` in the current window, counting nothing. */
  count(key: string): Promise<number>;
  /** Forgets what was counted under `key`. */
  clear(key: string): Promise<void>;
}

/** A self-hosted proof-of-work challenge (ALTCHA): issued to a browser, solved there, redeemed once. */
export interface ProofOfWorkPort {
  /** A new challenge, as the JSON the browser's solver takes. */
  issue(): Promise<ProofOfWorkChallenge>;
  /**
   * Whether `payload` (the solver's answer) solves a challenge issued by a server of this
   * database, has not expired and has not been redeemed before: true once, false on a replay.
   */
  redeem(payload: string): Promise<boolean>;
}

export interface ProofOfWorkChallenge {
  readonly parameters: Readonly<Record<string, string | number | Readonly<Record<string, string | number | boolean | null>>>>;
  readonly signature: string;
}
