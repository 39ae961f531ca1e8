import type { AttemptCounterPort } from '@clinic/core';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * rate-limiter-flexible's store client, through Knex. The library sends `{ text, values, name }`
 * with `$1`-style parameters, as node-postgres takes them; its own `storeType: 'knex'` hands that
 * object to the raw connection, which node-postgres understands and PGlite does not. Going through
 * `knex.raw` (parameters rewritten to `?`) works on both, and on the pool of the server.
 */
export const knexRateLimiterStore = (knex: Knex) => ({
  async query(query: { text: string; values?: unknown[] }): Promise<{ rows: unknown[]; rowCount: number }> {
    const values = query.values ?? [];
    const bindings: unknown[] = [];
    const sql = query.text.replace(/\$(\d+)/g, (_, n: string) => {
      bindings.push(values[Number(n) - 1]);
      return '?';
    });
    const result = (await knex.raw(sql, bindings as Knex.RawBinding[])) as { rows?: unknown[]; rowCount?: number | null };
    const rows = result.rows ?? [];
    return { rows, rowCount: rows.length > 0 ? rows.length : (result.rowCount ?? 0) };
  },
});

export interface AttemptCounterOptions {
  /** Names the counter: its keys are `<name>:<key>` in `rate_limits`. */
  readonly name: string;
  readonly windowSeconds: number;
  /** The most attempts the caller will allow in a window (counting goes on past it). */
  readonly limit: number;
  /** Whether this counter's instance deletes expired rows every 5 minutes (one per server is enough). */
  readonly cleansExpired?: boolean;
}

/**
 * Attempts per key in a fixed window, in the `rate_limits` table (migration 0018): one atomic
 * `insert … on conflict do update … returning` per attempt, so every server of the database
 * counts together.
 */
export class PgAttemptCounter implements AttemptCounterPort {
  private readonly limiter: RateLimiterPostgres;

  constructor(knex: Knex, options: AttemptCounterOptions) {
    this.limiter = new RateLimiterPostgres({
      storeClient: knexRateLimiterStore(knex),
      storeType: 'client',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: options.cleansExpired ?? false,
      keyPrefix: options.name,
      points: options.limit,
      duration: options.windowSeconds,
    });
  }

  async hit(key: string): Promise<number> {
    try {
      return (await this.limiter.consume(key)).consumedPoints;
    } catch (error) {
      // Past `limit` the library rejects with the counts; anything else is a storage failure.
      if (error instanceof RateLimiterRes) return error.consumedPoints;
      throw error;
    }
  }

  async count(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
