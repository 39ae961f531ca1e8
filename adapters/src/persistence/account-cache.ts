import type { SessionStorePort, StoredSession } from '@clinic/core';
import type { Database } from './database';
import { sessionDigest } from './repositories/knex-session-store';

/** What the request guard asks of a cache (adapters/src/http/middleware/auth.ts has the same shape). */
export interface PrincipalCache {
  staff<T>(id: string, load: () => Promise<T | null>): Promise<T | null>;
  member<T>(id: string, load: () => Promise<T | null>): Promise<T | null>;
}

/** The channel of the triggers of migration 0017: `<table>:<key>` for every changed or removed row. */
export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';

/** The tables whose rows the caches hold; a write to one clears what was read from it. */
export type CachedTable = 'sessions' | 'staffs' | 'users' | 'clinics';
const TABLES: readonly CachedTable[] = ['sessions', 'staffs', 'users', 'clinics'];

/** Session ids are secrets: the table, its triggers and the cache name a session by the SHA-256 of its id. */
export const sessionKey = (id: string): string => sessionDigest(id);

/**
 * Entries read from the database, kept until a change of their row is announced. A read that was
 * in flight when any change of the table arrived is not kept (the generation moved on), so a
 * cache never keeps what a concurrent write made old. Nothing is kept while the cache is off.
 */
export class InvalidatedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;
  enabled = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (this.enabled) {
      const hit = this.entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
    }
    const generation = this.generation;
    const value = await load();
    // Misses are not kept: unknown ids (a guessed session cookie) must not fill the memory.
    if (value !== null && this.enabled && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    }
    return value;
  }

  invalidate(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A statement that may change rows of a cached table (plain or inside a CTE). */
const WRITES = new RegExp(`\\b(?:update|delete\\s+from|insert\\s+into)\\s+"?(${TABLES.join('|')})\\b`, 'gi');

/**
 * What the request guard reads on every call — the session, the staff member or member it names
 * (and their clinic's rules) — kept in memory, because reading them for each request cost more
 * round trips than the request's own work. Kept correct by:
 *   - triggers on the four tables that NOTIFY `account_changes` for each changed or removed row
 *     (migration 0017), heard by every server of the deployment;
 *   - this process's own writes to those tables, seen as they are sent, clearing the table's
 *     entries at once (so a request that follows a change on the same server never sees the old row);
 *   - caching nothing while the LISTEN connection is down, and starting empty when it is back;
 *   - a time limit on every entry (5 s by default), the most a change can be late should a
 *     LISTEN connection die without the server noticing.
 */
export class AccountCache implements PrincipalCache {
  readonly sessions: InvalidatedCache<unknown>;
  readonly staffs: InvalidatedCache<unknown>;
  readonly members: InvalidatedCache<unknown>;
  /** Each staff member's two-factor state (their row and their clinic's requirement). */
  readonly twoFactor: InvalidatedCache<unknown>;
  private readonly all: Record<CachedTable, InvalidatedCache<unknown>[]>;

  constructor(ttlMs = 5_000) {
    this.sessions = new InvalidatedCache(ttlMs);
    this.staffs = new InvalidatedCache(ttlMs);
    this.members = new InvalidatedCache(ttlMs);
    this.twoFactor = new InvalidatedCache(ttlMs);
    // A clinic's change (its two-factor rule) may change what is kept for its staff.
    this.all = { sessions: [this.sessions], staffs: [this.staffs, this.twoFactor], users: [this.members], clinics: [this.staffs, this.twoFactor] };
  }

  staff<T>(id: string, load: () => Promise<T | null>): Promise<T | null> {
    return this.staffs.get(id, load) as Promise<T | null>;
  }

  member<T>(id: string, load: () => Promise<T | null>): Promise<T | null> {
    return this.members.get(id, load) as Promise<T | null>;
  }

  twoFactorState<T>(staffId: string, load: () => Promise<T | null>): Promise<T | null> {
    return this.twoFactor.get(staffId, load) as Promise<T | null>;
  }

  /** Starts listening and watching this process's writes; resolves to a stop. */
  async start(database: Database): Promise<() => Promise<void>> {
    const watch = (query: { sql?: string }) => this.sawStatement(query.sql ?? '');
    database.knex.on('query', watch);
    const unlisten = await database.listen(
      ACCOUNT_CHANGES_CHANNEL,
      (payload) => this.changed(payload),
      undefined,
      (listening) => this.setEnabled(listening),
    );
    return async () => {
      this.setEnabled(false);
      database.knex.off('query', watch);
      await unlisten();
    };
  }

  /** `<table>:<key>` from a trigger. */
  changed(payload: string): void {
    const colon = payload.indexOf(':');
    const table = payload.slice(0, colon) as CachedTable;
    const key = payload.slice(colon + 1);
    if (table === 'clinics') {
      for (const cache of this.all.clinics) cache.clear();
      return;
    }
    for (const cache of this.all[table] ?? []) cache.invalidate(key);
  }

  sawStatement(sql: string): void {
    if (!/update|delete|insert|truncate/i.test(sql)) return;
    // TRUNCATE fires no row triggers (tests empty tables between cases; ids may start over).
    if (/^\s*truncate\b/i.test(sql)) {
      for (const cache of [this.sessions, this.staffs, this.members, this.twoFactor]) cache.clear();
      return;
    }
    for (const match of sql.matchAll(WRITES)) {
      const table = match[1]!.toLowerCase() as CachedTable;
      // A new row of users or staffs is not in any cache yet; sessions are keyed by id, and the
      // store forgets its own writes itself.
      if (/^insert/i.test(match[0]) && table !== 'clinics') continue;
      for (const cache of this.all[table]) cache.clear();
    }
  }

  private setEnabled(listening: boolean): void {
    for (const cache of [this.sessions, this.staffs, this.members, this.twoFactor]) {
      cache.clear();
      cache.enabled = listening;
    }
  }
}

/** The session store with its reads kept in the sessions cache; its own writes forget the entry. */
export class CachedSessionStore implements SessionStorePort {
  constructor(
    private readonly inner: SessionStorePort,
    private readonly cache: InvalidatedCache<unknown>,
  ) {}

  async get(id: string): Promise<StoredSession | null> {
    const stored = (await this.cache.get(sessionKey(id), () => this.inner.get(id))) as StoredSession | null;
    // A copy each time: koa-session hands the data to the request, which may change it.
    return stored ? { data: structuredClone(stored.data), createdAt: stored.createdAt } : null;
  }

  async set(id: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
    this.cache.invalidate(sessionKey(id));
    await this.inner.set(id, data, expiresAt);
    this.cache.invalidate(sessionKey(id));
  }

  async destroy(id: string): Promise<void> {
    this.cache.invalidate(sessionKey(id));
    await this.inner.destroy(id);
    this.cache.invalidate(sessionKey(id));
  }
}
