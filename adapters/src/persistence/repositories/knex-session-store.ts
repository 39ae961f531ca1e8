import type { SessionPrincipal, SessionRevokerPort, SessionStorePort, StoredSession } from '@clinic/core';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * What the `sessions` table keeps of a session id: its SHA-256 (hex). The cookie's 256-bit id is
 * never stored, so a copy of the table or of a backup opens no session. The digest is also the
 * name the account cache and the change notices use.
 */
export const sessionDigest = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Sessions in PostgreSQL, so any server of a deployment can serve any request. */
export class KnexSessionStore implements SessionStorePort, SessionRevokerPort {
  constructor(private readonly knex: Knex) {}

  async get(id: string): Promise<StoredSession | null> {
    const row = await this.knex('sessions').select('data', 'created_at').where('id', sessionDigest(id)).andWhere('expires_at', '>', this.knex.fn.now()).first();
    if (!row) return null;
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    return { data, createdAt: new Date(row.created_at) };
  }

  async set(id: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
    await this.knex('sessions')
      .insert({ id: sessionDigest(id), data: JSON.stringify(data), expires_at: expiresAt.toISOString() })
      .onConflict('id')
      .merge(['data', 'expires_at']);
  }

  async destroy(id: string): Promise<void> {
    await this.knex('sessions').where('id', sessionDigest(id)).delete();
  }

  /** One statement; the row triggers tell every server's cache (migration 0017, and sec-auth's). */
  async endSessionsOf(principal: SessionPrincipal, exceptId: string | null = null): Promise<number> {
    const query = this.knex('sessions')
      .whereRaw(`data->'principal'->>'type' = ?`, [principal.type])
      .andWhereRaw(`data->'principal'->>'id' = ?`, [principal.id]);
    if (exceptId !== null) query.andWhereNot('id', sessionDigest(exceptId));
    // `returning` rather than the count: PGlite's Knex dialect answers a delete without one.
    return (await query.delete().returning('id')).length;
  }

  /** Removes expired sessions; called now and then by the server. */
  async purgeExpired(): Promise<number> {
    return this.knex('sessions').where('expires_at', '<=', this.knex.fn.now()).delete();
  }
}
