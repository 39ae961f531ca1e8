import 'reflect-metadata';
import { KnexAvailabilitySource, migrateToLatest, openDatabase } from '@clinic/adapters/persistence';
import { DateTime } from 'luxon';
import { existsSync, readFileSync } from 'node:fs';
import { seed } from './database.bench';
import { ZONE } from './standard-clinic';
import { summarize } from './stats';

/**
 * The availability read of a 30-day member search (menu A) on the standard clinic, alone, as the
 * booking reads it (every live hold) and as the search reads it (busy quarter-hours, migration 0090):
 * PostgreSQL's own CPU per read (the backend's /proc schedstat, which does not count waiting for
 * a core), the server's CPU per read (driver and parsing), and EXPLAIN (ANALYZE, BUFFERS) of the
 * generic plan, which the server's prepared statement uses from its sixth run on.
 *
 *   cd test && AVAILABILITY_SCHEMA=search_read npx tsx bench/availability-read.ts
 *
 * PostgreSQL only (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`). The standard clinic is seeded
 * into `AVAILABILITY_SCHEMA` when that schema has none (a minute on a quiet machine) and kept for
 * the next run; `drop schema search_read cascade` when done. `AVAILABILITY_RUNS` reads (200).
 */
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL: a PostgreSQL URL');
const schema = process.env.AVAILABILITY_SCHEMA ?? 'availability_read';
const runs = Number(process.env.AVAILABILITY_RUNS ?? 200);
const db = await openDatabase(url, { schema, poolMax: 1 });
const today = DateTime.now().setZone(ZONE).toISODate()!;
const seeded = (await db.knex.raw(`select to_regclass(?) is not null as found`, [`${schema}.allocations`])).rows[0].found as boolean;
// A kept schema is brought up to date too (migration 0090 computes its busy quarter-hours).
await migrateToLatest(db);
if (!seeded || !(await db.knex('clinics').first())) {
  console.log(`Seeding the standard clinic into ${schema}…`);
  await seed(db, today);
}
const clinicId = String((await db.knex('clinics').orderBy('id').first()).id);
const menuA = String((await db.knex('menus').where({ clinic_id: clinicId, name: 'メニューA' }).first()).id);

// The range a member's 30-day search from today asks for (search-availability.use-case.ts).
const fromMs = DateTime.fromISO(today, { zone: ZONE }).startOf('day').toMillis();
const toMs = DateTime.fromISO(today, { zone: ZONE }).plus({ days: 30 }).startOf('day').toMillis();
const source = new KnexAvailabilitySource(db.knex);
const { pid } = (await db.knex.raw('select pg_backend_pid() as pid')).rows[0] as { pid: number };
const schedstat = `/proc/${pid}/schedstat`;
const backendNs = () => (existsSync(schedstat) ? Number(readFileSync(schedstat, 'utf8').split(' ')[0]) : NaN);

/** The statements the two reads sent, by the text that names each. */
const statements = new Map<string, { sql: string; bindings: readonly unknown[] }>();
db.knex.on('query', (query: { sql: string; bindings: readonly unknown[] }) => {
  if (query.sql.includes('with performers as')) statements.set(query.sql.includes('busy_quarters') ? 'quarters' : 'holds', query);
});
const line = (name: string, values: number[]) => {
  const s = summarize(values);
  return `| ${name} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} |`;
};

// The booking's read (every live hold, to the millisecond) and the search's (busy quarter-hours per resource and day, migration 0090), in turn.
const reads = {
  holds: async () => (await source.load(clinicId, menuA, fromMs, toMs))!.busy.length,
  quarters: async () => (await source.loadForSearch(clinicId, menuA, fromMs, toMs))!.busyDays.length,
};
for (const [name, read] of Object.entries(reads)) {
  const wall: number[] = [];
  const server: number[] = [];
  const backend: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs + 10; i++) {
    const backendBefore = backendNs();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    rows = await read();
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const backendAfter = backendNs();
    if (i < 10) continue;
    wall.push(elapsed);
    server.push((cpu.user + cpu.system) / 1000);
    backend.push((backendAfter - backendBefore) / 1e6);
  }
  console.log(
    `\nThe availability read of a 30-day member search, menu A, as ${name} (${rows} ${name === 'holds' ? 'holds' : 'resource-days'}), ${runs} reads after 10:\n`,
  );
  console.log('| per read | p50 ms | p95 ms |\n|---|---|---|');
  console.log(line('wall clock', wall));
  console.log(line("PostgreSQL's CPU (its backend)", backend));
  console.log(line("the server's CPU (driver, parsing)", server));
}

// The same statements as the prepared ones run after five executions: their generic plans.
for (const [name, { sql, bindings }] of statements) {
  await db.knex.transaction(async (trx) => {
    await trx.raw('set local plan_cache_mode = force_generic_plan');
    await trx.raw(`prepare availability_read as ${sql}`);
    const args = bindings.map((value) => (value === null || value === undefined ? 'null' : `'${String(value).replace(/'/g, "''")}'`)).join(', ');
    const plan = (await trx.raw(`explain (analyze, buffers) execute availability_read(${args})`)).rows as { 'QUERY PLAN': string }[];
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS), generic plan, ${name}:\n`);
    console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    await trx.raw('deallocate availability_read');
  });
}
await db.close();
process.exit(0);
