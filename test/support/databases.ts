import { migratedPgliteImage, migrateToLatest, openDatabase, type Database } from '@clinic/adapters/persistence';
import { randomBytes } from 'node:crypto';

export interface DatabaseTarget {
  readonly name: 'PGlite' | 'PostgreSQL';
  open(): Promise<Database>;
}

const schemas = new Map<Database, string>();

/**
 * The databases every persistence test runs on: PGlite always, a PostgreSQL server too when
 * TEST_DATABASE_URL is set. Each opened database is private to its test file: its own PGlite in
 * memory, or its own schema on the server (dropped by `closeTestDatabase`).
 */
export const databaseTargets = (): DatabaseTarget[] => {
  const targets: DatabaseTarget[] = [{ name: 'PGlite', open: () => openMigrated('pglite://memory') }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'PostgreSQL', open: () => openMigrated(url) });
  return targets;
};

/** The database the HTTP tests use: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const primaryTarget = (): DatabaseTarget => databaseTargets().at(-1)!;

/**
 * A migrated PGlite's data directory, made once per worker (its files share this module:
 * test/vitest.config.ts, `isolate: false`). Each file's PGlite starts from a copy of it instead of
 * running initdb and every migration again: about 2.5 s of CPU less per PGlite (docs/benchmarks.md,
 * "The test suite"). Made by the same migrations, so a broken one still fails every PGlite test.
 */
let pgliteImage: Promise<Blob> | undefined;

const openMigrated = async (url: string): Promise<Database> => {
  if (url.startsWith('pglite')) {
    pgliteImage ??= migratedPgliteImage();
    const db = await openDatabase(url, { pgliteImage: await pgliteImage });
    // Up to date already: this only checks it against the migrations (a few milliseconds).
    await migrateToLatest(db);
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase(url, { schema, poolMax: 5 });
  schemas.set(db, schema);
  await migrateToLatest(db);
  return db;
};

export const closeTestDatabase = async (db: Database): Promise<void> => {
  const schema = schemas.get(db);
  if (schema) {
    await db.knex.raw('drop schema ?? cascade', [schema]);
    // The message queue's tables (pg-boss) live beside the schema: server/src/container/messages.module.ts.
    await db.knex.raw('drop schema if exists ?? cascade', [`${schema}_jobs`]);
  }
  await db.close();
};

/**
 * Empties every table of the product between tests (keeps the migrations' own tables), as
 * `truncate … restart identity cascade` of them all would, but truncates only the tables that hold
 * rows: on PostgreSQL a truncate gives each table and index new files, 0.6–0.8 s for the ~55
 * tables when most are empty (docs/benchmarks.md, "The test suite"). The sequences the skipped
 * tables own are set back to their start, as `restart identity` would.
 */
export const truncateAll = async (db: Database): Promise<void> => {
  const result = await db.knex.raw(`select tablename from pg_tables where schemaname = current_schema() and tablename not like 'knex_%'`);
  const all = (result.rows as { tablename: string }[]).map((row) => `"${row.tablename.replace(/"/g, '""')}"`);
  if (all.length === 0) return;
  const filled = await db.knex.raw(all.map((table) => `select '${table.replace(/'/g, "''")}' as name where exists (select from ${table})`).join(' union all '));
  const tables = (filled.rows as { name: string }[]).map((row) => row.name);
  await db.knex.raw(
    `select setval(s.seqrelid, s.seqstart, false)
       from pg_sequence s
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.seqrelid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
      where t.relnamespace = current_schema()::regnamespace and t.relname not like 'knex_%'`,
  );
  if (tables.length > 0) {
    await db.knex.raw(`alter table audit_log disable trigger audit_log_no_change`);
    await db.knex.raw(`alter table audit_log disable trigger audit_log_no_truncate`);
    // The forms' records are append-only too (migration 0030): the same for their triggers (all of
    // them: an empty one is truncated too when it refers to a truncated table, by the cascade).
    const formTables = all.filter((table) => table === '"form_responses"' || table === '"form_countersigns"');
    for (const table of formTables) await db.knex.raw(`alter table ${table} disable trigger user`);
    // A server's background work (the message worker, the sweeps) may still be writing when a test
    // ends: the truncate locks table after table and can meet it in a deadlock, in which
    // PostgreSQL may end the truncate (40P01, the whole statement undone). It is simply run again.
    for (let attempt = 1; ; attempt++) {
      try {
        await db.knex.raw(`truncate ${tables.join(', ')} restart identity cascade`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      }
    }
    await db.knex.raw(`alter table audit_log enable trigger audit_log_no_change`);
    await db.knex.raw(`alter table audit_log enable trigger audit_log_no_truncate`);
    for (const table of formTables) await db.knex.raw(`alter table ${table} enable trigger user`);
  }
};
