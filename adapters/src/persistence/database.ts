import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexPkg, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { migrationSource } from './migrations/migration-source';

const { knex } = knexPkg;

// timestamptz and date stay as text through `pg`, as PGlite gives them: mappers convert once.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  readonly knex: Knex;
  readonly kind: DatabaseKind;
  /** PostgreSQL: the schema the tables are in when not `public` (DATABASE_SCHEMA, a test file's own); else null. */
  readonly schema: string | null;
  /** Where the data lives, without any password: for logs. */
  readonly description: string;
  /** The LISTEN/NOTIFY channel of this database (and schema) for change events. */
  readonly changeChannel: string;
  /**
   * Calls back on every NOTIFY of the channel, from any server; resolves to an unlisten.
   * `onReconnect` is called when listening resumes after the connection was lost (notifications
   * sent meanwhile are gone).
   */
  listen(
    channel: string,
    callback: (payload: string) => void,
    onReconnect?: () => void,
    /** Told true each time LISTEN is in place (first time and after a reconnect), false when the connection is lost. */
    onStatus?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL schema to work in (created when missing): one per test file. */
  readonly schema?: string;
  readonly poolMax?: number;
  /**
   * PGlite in memory only: start from this data directory (a tarball of `migratedPgliteImage`)
   * instead of an empty database made by initdb. Each database opened from it is its own copy.
   */
  readonly pgliteImage?: Blob;
}

/** Knex over one PGlite instance (its single connection). */
const pgliteKnex = (pglite: PGlite) =>
  knex({
    client: ClientPgLite as unknown as typeof knexPkg.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as never,
    useNullAsDefault: true,
  });

/**
 * Opens the system of record named by a DATABASE_URL: `postgres://…` for a PostgreSQL server,
 * `pglite://memory` or `pglite://PATH` for the embedded PGlite (real PostgreSQL in process).
 */
export const openDatabase = async (url: string, options: OpenDatabaseOptions = {}): Promise<Database> => {
  if (url.startsWith('pglite://')) {
    const location = url.slice('pglite://'.length);
    const dataDir = location === 'memory' || location === '' ? undefined : location;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    if (dataDir && options.pgliteImage) throw new Error('pgliteImage is for pglite://memory only');
    const pglite = new PGlite({ dataDir, extensions: { btree_gist, pg_trgm }, loadDataDir: options.pgliteImage });
    await pglite.waitReady;
    const instance = pgliteKnex(pglite);
    return {
      knex: instance,
      kind: 'pglite',
      schema: null,
      description: dataDir ? `PGlite (${dataDir})` : 'PGlite (memory)',
      changeChannel: 'clinic_changes',
      listen: async (channel, callback, _onReconnect, onStatus) => {
        const unlisten = await pglite.listen(channel, callback);
        onStatus?.(true);
        return async () => {
          if (!pglite.closed) await unlisten();
        };
      },
      close: () => instance.destroy(),
    };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const searchPath = options.schema ? [options.schema, 'public'] : undefined;
    if (options.schema) {
      const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        await admin.raw('create schema if not exists ??', [options.schema]);
      } finally {
        await admin.destroy();
      }
    }
    // Bounded waits: with the database gone a new connection fails within 5 s (503) instead of
    // hanging for knex's default 60 s; a connection that broke is dropped by the pool and a new
    // one is made. Waiting for a free pooled connection is allowed longer (15 s), so a burst of
    // requests queues rather than failing while the database is healthy.
    // The named prepared statements (`preparedAs`: the hot reads and writes) keep one generic plan
    // per connection instead of being planned again at each call: left to choose, PostgreSQL kept
    // planning the availability read afresh (1 ms of planning per search, more than it ran on a
    // small clinic; docs/benchmarks.md, issue 22). Statements without a name are not concerned.
    // PGOPTIONS (libpq's variable, e.g. `-c auto_explain.log_min_duration=0` for a measurement)
    // comes after ours, as node-postgres would not read it beside an explicit `options`.
    // The pool keeps every connection it opened (`min` is its size): a connection closed after a
    // quiet spell comes back cold at the next burst (its backend compiles the triggers and plans the
    // statements again on its first booking; `warmUpConnections`, docs/benchmarks.md).
    const poolMax = options.poolMax ?? 10;
    const instance = knex({
      client: 'pg',
      connection: {
        connectionString: url,
        connectionTimeoutMillis: 5_000,
        options: ['-c plan_cache_mode=force_generic_plan', process.env.PGOPTIONS].filter(Boolean).join(' '),
      },
      searchPath,
      acquireConnectionTimeout: 15_000,
      pool: { min: poolMax, max: poolMax },
    });
    const parsed = new URL(url);
    const listeners = new Set<pg.Client>();
    let closed = false;
    return {
      knex: instance,
      kind: 'postgres',
      schema: options.schema ?? null,
      description: `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${options.schema ? ` (schema ${options.schema})` : ''}`,
      changeChannel: options.schema ? `clinic_changes_${options.schema}` : 'clinic_changes',
      listen: (channel, callback, onReconnect, onStatus) => listenOnPostgres(url, channel, callback, listeners, () => closed, onReconnect, onStatus),
      close: async () => {
        // First, so that the listeners ended below do not reconnect.
        closed = true;
        await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
        await instance.destroy();
      },
    };
  }
  throw new Error(`DATABASE_URL must start with postgres:// or pglite:// (got "${url.split(':')[0]}:")`);
};

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting
 * with a growing pause when the server goes away, so notifications resume by themselves.
 */
const listenOnPostgres = async (
  url: string,
  channel: string,
  callback: (payload: string) => void,
  listeners: Set<pg.Client>,
  /** True once the database is closed: nothing reconnects then. */
  databaseClosed: () => boolean,
  onReconnect?: () => void,
  onStatus?: (listening: boolean) => void,
): Promise<() => Promise<void>> => {
  let stopped = false;
  let listenedBefore = false;
  let current: pg.Client | null = null;
  let pause = 500;
  const connect = async (): Promise<void> => {
    if (stopped || databaseClosed()) return;
    // Keep-alive: a connection that died silently is noticed, so listeners hear that it is gone.
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) callback(message.payload ?? '');
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      listeners.delete(client);
      if (current === client) {
        current = null;
        onStatus?.(false);
      }
      if (!stopped && !databaseClosed()) setTimeout(() => void connect().catch(() => undefined), (pause = Math.min(pause * 2, 10_000)));
    });
    try {
      await client.connect();
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      current = client;
      listeners.add(client);
      pause = 500;
      onStatus?.(true);
      if (listenedBefore) onReconnect?.();
      listenedBefore = true;
    } catch {
      await client.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (current) {
      listeners.delete(current);
      await current.end().catch(() => undefined);
    }
  };
};

/**
 * A fresh in-memory PGlite brought up to date, as a tarball of its data directory (uncompressed:
 * about 45 MB, read back in a fraction of the time initdb and the migrations take). For tests that
 * open many databases of the same schema: `openDatabase('pglite://memory', { pgliteImage })`.
 */
export const migratedPgliteImage = async (): Promise<Blob> => {
  const pglite = new PGlite({ extensions: { btree_gist, pg_trgm } });
  const instance = pgliteKnex(pglite);
  try {
    await pglite.waitReady;
    await instance.migrate.latest({ migrationSource });
    return await pglite.dumpDataDir('none');
  } finally {
    await instance.destroy();
    if (!pglite.closed) await pglite.close();
  }
};

/** Brings the schema up to date; safe to call at every start. */
export const migrateToLatest = async (db: Database): Promise<void> => {
  await db.knex.migrate.latest({ migrationSource });
};
