import type { IdempotencyClaim, IdempotencyStorePort } from '@clinic/core';
import type { Knex } from 'knex';

export class KnexIdempotencyStore implements IdempotencyStorePort {
  constructor(private readonly knex: Knex) {}

  async claim(scope: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    await this.knex('idempotency_keys').where({ scope, key }).where('created_at', '<', this.knex.raw("now() - interval '24 hours'")).delete();
    const inserted = await this.knex('idempotency_keys')
      .insert({ scope, key, request_hash: requestHash })
      .onConflict(['scope', 'key'])
      .ignore()
      .returning('key');
    if (inserted.length > 0) return { kind: 'new' };
    const row = await this.knex('idempotency_keys').where({ scope, key }).first();
    if (!row) return this.claim(scope, key, requestHash);
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.status === null) return { kind: 'in-progress' };
    return { kind: 'replay', status: row.status, body: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
  }

  async complete(scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ scope, key })
      .update({ status, response: JSON.stringify(body ?? null) });
  }

  async release(scope: string, key: string): Promise<void> {
    await this.knex('idempotency_keys').where({ scope, key }).whereNull('status').delete();
  }
}
