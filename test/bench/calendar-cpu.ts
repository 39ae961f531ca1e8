/**
 * The staff calendar's cost per read, measured on a server process of its own: wall time, the
 * server's CPU and PostgreSQL's (its backends' CPU, read from /proc), after a warm-up. On a busy
 * machine the two CPU figures are the ones to compare between runs (docs/benchmarks.md).
 *
 *   CALENDAR_SCHEMA=bench_mine TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/calendar-cpu.ts
 *
 * With CALENDAR_SCHEMA a chain built by `npm run bench:chain` (each read writes its access record
 * there, as the chain bench's do); without it the standard clinic is seeded into a schema of its own and
 * dropped afterwards. CALENDAR_RUNS (default 300), CALENDAR_WARMUP (100); CALENDAR_NODE_ARGS
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) for the server process.
 */
import 'reflect-metadata';
import { migrateToLatest, openDatabase } from '@clinic/adapters/persistence';
import { Argon2PasswordHasher } from '@clinic/adapters/security';
import { DateTime } from 'luxon';
import { readFileSync } from 'node:fs';
import { dropSchema, startServerProcess } from '../ops/server-process';
import { seed } from './database.bench';

const url = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const chainSchema = process.env.CALENDAR_SCHEMA;
const runs = Number(process.env.CALENDAR_RUNS ?? 300);
const warmup = Number(process.env.CALENDAR_WARMUP ?? 100);
const ZONE = 'Asia/Tokyo';
const APP = `calendar_cpu_${process.pid}`;

/** CPU seconds (user + system) of a process, from /proc (clock ticks of 10 ms). */
const cpuSeconds = (pid: number, which: 'user' | 'system' | 'both' = 'both'): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((which === 'system' ? 0 : Number(fields[11])) + (which === 'user' ? 0 : Number(fields[12]))) / 100;
  } catch {
    return 0;
  }
};

const standardSchema = process.env.CALENDAR_STANDARD_SCHEMA;
const keep = process.env.CALENDAR_KEEP === '1';
const schema = chainSchema ?? standardSchema ?? `calcpu_${Date.now().toString(36)}`;
const db = await openDatabase(url, { schema, poolMax: 2 });
const note = (line: string) => console.log(`[calendar-cpu ${new Date().toISOString().slice(11, 19)}] ${line}`);
let path: () => string;
let username: string;
let password: string;
try {
  if (chainSchema) {
    const row = (await db.knex('chain_bench_build').first()) as { marker: { today: string; clinics: number; days: number } | string };
    const marker = typeof row.marker === 'string' ? (JSON.parse(row.marker) as { today: string; clinics: number; days: number }) : row.marker;
    const today = marker.today;
    // As the chain bench reads: the last 30 days and the next 14, within the history the chain has.
    const past = Math.min(30, marker.days);
    let seedValue = 42;
    const random = (n: number) => {
      seedValue = (seedValue * 48271) % 2147483647;
      return seedValue % n;
    };
    path = () => {
      const day = DateTime.fromISO(today, { zone: ZONE })
        .plus({ days: random(14 + past) - past })
        .toISODate()!;
      return `/api/staffs/reservations?clinicId=${1 + random(marker.clinics)}&from=${day}&to=${day}`;
    };
    username = 'staffchainadmin';
    password = 'chain-bench-password';
  } else {
    // The standard clinic: seeded here, or one kept by an earlier run (CALENDAR_KEEP=1) and migrated to this code's latest.
    await migrateToLatest(db);
    let today = DateTime.now().setZone(ZONE).toISODate()!;
    if (!standardSchema) {
      note(`seeding the standard clinic into ${schema}`);
      const fixture = await seed(db, today);
      await db
        .knex('staffs')
        .where('id', fixture.staffIds[0])
        .update({ password_hash: await new Argon2PasswordHasher().hash('bench-password') });
      await db.knex.raw('create table calendar_cpu_seed as select ?::text as today', [today]);
      note('seeded');
    } else {
      // Kept as text: the app's driver setup reads dates as their text.
      today = ((await db.knex('calendar_cpu_seed').first()) as { today: string }).today;
    }
    const clinicId = String(((await db.knex('clinics').first('id')) as { id: string | number }).id);
    const day = DateTime.fromISO(today, { zone: ZONE }).plus({ days: 1 }).toISODate()!;
    path = () => `/api/staffs/reservations?clinicId=${clinicId}&from=${day}&to=${day}`;
    username = 'staffBENCH1';
    password = 'bench-password';
  }
} finally {
  await db.close();
}

const server = await startServerProcess({
  databaseUrl: url,
  schema,
  env: { PGAPPNAME: APP },
  nodeArgs: process.env.CALENDAR_NODE_ARGS?.split(' ').filter(Boolean),
});
const admin = await openDatabase(url, { poolMax: 1 });
try {
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  let bytes = 0;
  const read = async () => {
    const response = await fetch(server.url + path(), { headers: { Cookie: cookie } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`calendar answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    bytes = body.byteLength;
  };
  for (let i = 0; i < warmup; i++) await read();
  // The server's own background work (queues, sweeps), with no request: what any phase's CPU figure includes.
  const idle = Number(process.env.CALENDAR_IDLE_SECONDS ?? 0);
  if (idle > 0) {
    const from = cpuSeconds(server.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, idle * 1000));
    console.log(`idle: server CPU ${(((cpuSeconds(server.child.pid!) - from) * 1000) / idle).toFixed(1)} ms a second over ${idle} s`);
  }
  const backends = async () =>
    ((await admin.knex.raw('select pid from pg_stat_activity where application_name = ?', [APP])).rows as { pid: number }[]).map((row) => row.pid);
  const pgCpu = async (which: 'user' | 'system' | 'both' = 'both') => (await backends()).reduce((sum, pid) => sum + cpuSeconds(pid, which), 0);
  const pid = server.child.pid!;
  const pgFrom = await pgCpu();
  const pgSystemFrom = await pgCpu('system');
  const serverFrom = cpuSeconds(pid);
  const systemFrom = cpuSeconds(pid, 'system');
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await read();
    walls.push(performance.now() - t);
  }
  const serverMs = ((cpuSeconds(pid) - serverFrom) * 1000) / runs;
  const systemMs = ((cpuSeconds(pid, 'system') - systemFrom) * 1000) / runs;
  const pgMs = (((await pgCpu()) - pgFrom) * 1000) / runs;
  const pgSystemMs = (((await pgCpu('system')) - pgSystemFrom) * 1000) / runs;
  walls.sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(q * walls.length))]!.toFixed(1);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `calendar ${chainSchema ?? 'standard clinic'}: ${runs} reads after ${warmup}; wall p50 ${at(0.5)} p95 ${at(0.95)} ms; ` +
      `server CPU ${serverMs.toFixed(2)} ms/read (system ${systemMs.toFixed(2)}); PostgreSQL CPU ${pgMs.toFixed(2)} ms/read (system ${pgSystemMs.toFixed(2)}; ${(await backends()).length} backends); ` +
      `last answer ${bytes} B; ${new Date().toISOString().slice(11, 19)} UTC, load ${load}`,
  );
} finally {
  await server.stop();
  await admin.close();
  if (!chainSchema && !keep) await dropSchema(url, schema);
  else if (keep) note(`kept schema ${schema}`);
}
process.exit(0);
