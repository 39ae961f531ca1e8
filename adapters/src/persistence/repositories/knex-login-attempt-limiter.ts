import type { LoginAttemptLimiterPort, LoginAttemptPolicy } from '@clinic/core';
import type { Knex } from 'knex';

/**
 * Failed-login counter in PostgreSQL: one row per key, a fixed window, one atomic upsert per
 * failure. (rate-limiter-flexible's Postgres store drives the `pg` driver directly and cannot run
 * on PGlite; see docs/decisions.md.)
 */
export class KnexLoginAttemptLimiter implements LoginAttemptLimiterPort {
  constructor(
    private readonly knex: Knex,
    private readonly policy: LoginAttemptPolicy,
  ) {}

  async blockedFor(key: string): Promise<number> {
    const row = await this.knex('login_attempts')
      .select('failures', this.knex.raw('extract(epoch from (window_started_at + make_interval(secs => ?) - now())) as remaining', [this.policy.windowSeconds]))
      .where('key', key)
      .first();
    if (!row) return 0;
    const remaining = Math.ceil(Number(row.remaining));
    return row.failures >= this.policy.maxFailures && remaining > 0 ? remaining : 0;
  }

  async recordFailure(key: string): Promise<void> {
    await this.knex.raw(
      `insert into login_attempts (key, failures, window_started_at) values (?, 1, now())
       on conflict (key) do update set
         failures = case when login_attempts.window_started_at <= now() - make_interval(secs => ?)
                         then 1 else login_attempts.failures + 1 end,
         window_started_at = case when login_attempts.window_started_at <= now() - make_interval(secs => ?)
                         then now() else login_attempts.window_started_at end`,
      [key, this.policy.windowSeconds, this.policy.windowSeconds],
    );
  }

  async reset(key: string): Promise<void> {
    await this.knex('login_attempts').where('key', key).delete();
  }
}
