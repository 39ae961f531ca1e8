import type { SessionStorePort, StoredSession } from '@clinic/core';
import type { Knex } from 'knex';

/** Sessions in PostgreSQL, so any server of a deployment can serve any request. */
export class KnexSessionStore implements SessionStorePort {
  constructor(private readonly knex: Knex) {}

  async get(id: string): Promise<StoredSession | null> {
    const row = await this.knex('sessions')
      .select('data', 'created_at')
      .where('id', id)
      .andWhere('expires_at', '>', this.knex.fn.now())
      .first();
    if (!row) return null;
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    return { data, createdAt: new Date(row.created_at) };
  }

  async set(id: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
    await this.knex('sessions')
      .insert({ id, data: JSON.stringify(data), expires_at: expiresAt.toISOString() })
      .onConflict('id')
      .merge(['data', 'expires_at']);
  }

  async destroy(id: string): Promise<void> {
    await this.knex('sessions').where('id', id).delete();
  }

  /** Removes expired sessions; called now and then by the server. */
  async purgeExpired(): Promise<number> {
    return this.knex('sessions').where('expires_at', '<=', this.knex.fn.now()).delete();
  }
}
