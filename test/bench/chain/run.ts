import { Argon2PasswordHasher } from '@clinic/adapters/security';
import { migrateToLatest, openDatabase } from '@clinic/adapters/persistence';
import { REPORT_KEYS } from '@clinic/core';
import knexPkg from 'knex';
import { DateTime } from 'luxon';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dropSchema, startServerProcess, type ServerProcess } from '../../ops/server-process';
import { ms, summarize, type Summary } from '../stats';
import { BUILD_VERSION, buildChain, FUTURE_BOOKED_DAYS, GIVEN_NAMES, MENUS_PER_CLINIC, membersPerClinic, SURNAMES, type BuildMarker } from './build';

/**
 * `npm run bench:chain` (shared/API.md, "Chain scale"; docs/benchmarks.md, "Chain scale"): builds a
 * chain of CHAIN_CLINICS clinics (default 250) with CHAIN_DAYS days of history (default 365) on
 * PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) in the schema `bench_chain_<clinics>x<days>`
 * (CHAIN_SCHEMA to name another), or reuses it when its marker says it was built with the same
 * parameters by this version of the builder (CHAIN_REBUILD=1 builds it again); then starts one
 * server process on it and measures over HTTP. Prints a table and, as its last line, the JSON
 * object of the contract. The bookings a run makes are deleted at the start of the next run.
 */
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('npm run bench:chain needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const whole = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};
const clinics = whole('CHAIN_CLINICS', 250);
const days = whole('CHAIN_DAYS', 365);
const runs = whole('CHAIN_RUNS', 200);
const reportRuns = whole('CHAIN_REPORT_RUNS', 10);
const chainReportRuns = whole('CHAIN_CHAIN_REPORT_RUNS', 5);
const bookingCount = whole('CHAIN_BOOKINGS', 400);
const backgroundRate = whole('CHAIN_BACKGROUND_RATE', 50);
/**
 * `CHAIN_BOOKING_RATE=n`: the bookings are sent at n a second whatever the answers (an open loop,
 * as a LINE campaign's members book), each timed from its own send, instead of by four clients
 * that each send the next when the last is answered (the default, a closed loop that keeps the
 * server saturated: its p95 is the wait behind the other three at full load, and the figure of
 * the contract's JSON line).
 */
const bookingRate = process.env.CHAIN_BOOKING_RATE === undefined ? null : whole('CHAIN_BOOKING_RATE', 1);
/**
 * `CHAIN_BOOKING_WARMUP=n`: n bookings made the same way before the timed ones and not counted, so
 * that the figure is the steady state's. Without it (the default, and the contract's figure) the
 * first bookings of the run are timed too: the server's first bookings compile its booking path,
 * and its pool opens connections whose PostgreSQL backends plan the booking's statements and
 * compile its triggers' PL/pgSQL on their first booking (docs/benchmarks.md).
 */
const bookingWarmup = process.env.CHAIN_BOOKING_WARMUP === undefined ? 0 : whole('CHAIN_BOOKING_WARMUP', 1);
/**
 * `CHAIN_BOOKING_PAUSE=s` (with a warm-up): s seconds with no booking between the warm-up and the
 * timed bookings (the calendar reads go on), to see what a quiet spell costs the next burst.
 */
const bookingPause = process.env.CHAIN_BOOKING_PAUSE === undefined ? 0 : whole('CHAIN_BOOKING_PAUSE', 1);
/**
 * `CHAIN_BOOKING_TRACE=file`: each timed booking as a line of that file, in the order sent: when it
 * was sent (ms from the first), how long its answer took (ms) and its status, to see when in a run
 * the slow ones come.
 */
const bookingTrace = process.env.CHAIN_BOOKING_TRACE;
/**
 * `CHAIN_ONLY=reports` measures the report keys only (no calendar, search, member search or
 * bookings); `CHAIN_ONLY=booking` the calendar (which warms the server up as before) and the staff bookings only (no searches or reports).
 */
const only = process.env.CHAIN_ONLY ?? '';
if (only !== '' && only !== 'reports' && only !== 'booking') throw new Error('CHAIN_ONLY: "reports", "booking" or nothing');
const reportsOnly = only === 'reports';
const bookingOnly = only === 'booking';
const schema = process.env.CHAIN_SCHEMA ?? `bench_chain_${clinics}x${days}`;
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema)) throw new Error('CHAIN_SCHEMA: lower-case letters, digits and _ only');
const PASSWORD = 'chain-bench-password';
const ZONE = 'Asia/Tokyo';
const log = (line: string) => console.error(`[bench:chain] ${line}`);
/** The share of the last 60 s in which some task waited for a CPU (Linux PSI), as a measure of how busy the machine was. */
const cpuPressure = (): string => {
  try {
    return `${/avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))![1]} %`;
  } catch {
    return 'unknown';
  }
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** User and system CPU seconds of a process's `/proc/<pid>/stat` line (clock ticks of 10 ms). */
const statCpuSeconds = (stat: string): number => {
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds (user + system) the process `pid` (the server) has used so far. */
const cpuSeconds = (pid: number): number => statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/**
 * The CPU time of every PostgreSQL process on this machine (its backends, writers and workers), or
 * NaN when none runs here (a database elsewhere). A backend that ends between two readings takes
 * its time with it; the server's pool keeps its connections through a phase.
 */
const postgresCpuSeconds = (): number => {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    found = true;
    total += statCpuSeconds(stat);
  }
  return found ? total : Number.NaN;
};

const admin = knexPkg.knex({ client: 'pg', connection: url, searchPath: [schema, 'public'], pool: { min: 0, max: 2 } });

const readMarker = async (): Promise<BuildMarker | null> => {
  const exists = await admin.raw('select to_regclass(?) as t', [`${schema}.chain_bench_build`]);
  if (!exists.rows[0].t) return null;
  const row = (await admin.raw(`select marker from ??.chain_bench_build`, [schema])).rows[0];
  return row ? (row.marker as BuildMarker) : null;
};

/** Builds the chain into a new schema (dropping any older one of that name) and writes its marker. */
const build = async (): Promise<BuildMarker> => {
  await dropSchema(url, schema);
  const today = DateTime.now().setZone(ZONE).toISODate()!;
  log(`building ${clinics} clinics × ${days} days into schema ${schema} (today ${today}); load average ${load()}`);
  const started = performance.now();
  const db = await openDatabase(url, { schema, poolMax: 2 });
  try {
    await migrateToLatest(db);
    const adminPasswordHash = await new Argon2PasswordHasher().hash(PASSWORD);
    const counts = await buildChain(db.knex, { parameters: { clinics, days }, today, adminPasswordHash, log });
    const buildSeconds = (performance.now() - started) / 1000;
    const maxReservationId = String((await db.knex.raw('select max(id) as id from reservations')).rows[0].id);
    const marker: BuildMarker = { version: BUILD_VERSION, clinics, days, today, buildSeconds, maxReservationId, builtAt: new Date().toISOString(), counts };
    await db.knex.raw('create table chain_bench_build (marker jsonb not null)');
    await db.knex.raw('insert into chain_bench_build (marker) values (?)', [JSON.stringify(marker)]);
    log(`built in ${buildSeconds.toFixed(0)} s: ${JSON.stringify(counts)}; load average ${load()}`);
    return marker;
  } finally {
    await db.close();
  }
};

/** Takes away what an earlier run added (its bookings and their messages) so every run measures the same data. */
const restore = async (marker: BuildMarker): Promise<void> => {
  const messages = await admin.raw(`delete from ??.messages where created_at > ?`, [schema, marker.builtAt]);
  const reservations = await admin.raw(`delete from ??.reservations where id > ?`, [schema, marker.maxReservationId]);
  if (messages.rowCount || reservations.rowCount) {
    log(`removed ${reservations.rowCount} reservations and ${messages.rowCount} messages of an earlier run`);
    await admin.raw('vacuum (analyze) ??.reservations, ??.reservation_tasks, ??.allocations, ??.messages', [schema, schema, schema, schema]);
  }
};

/** A small deterministic generator, so that two runs ask the same questions. */
const random = (() => {
  let state = 0x2545f491;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
})();

const time = async (count: number, run: (i: number) => Promise<void>): Promise<Summary> => {
  for (let i = 0; i < Math.min(5, count); i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return summarize(times);
};

/** Calendar reads in a worker thread (their own event loop), `rate` a second until told to stop. */
const BACKGROUND = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, cookie, rate, paths } = workerData;
let i = 0, answered = 0, failed = 0, stop = false, inFlight = 0;
parentPort.on('message', (m) => { if (m === 'count') return parentPort.postMessage({ answered, failed }); stop = true; const wait = () => inFlight === 0 ? parentPort.postMessage({ answered, failed }) : setTimeout(wait, 20); wait(); });
const tick = () => {
  if (stop) return;
  if (inFlight < 50) {
    inFlight++;
    fetch(base + paths[i++ % paths.length], { headers: { Cookie: cookie } })
      .then(async (r) => { await r.arrayBuffer(); r.status === 200 ? answered++ : failed++; })
      .catch(() => failed++).finally(() => inFlight--);
  }
  setTimeout(tick, 1000 / rate);
};
tick();
`;

interface Row {
  readonly name: string;
  readonly summary: Summary;
  readonly budget: number;
  readonly note?: string;
  /** The server process's CPU time per call in this phase (its own JavaScript, not PostgreSQL's). */
  serverCpuMs?: number;
  /** PostgreSQL's CPU time per call in this phase (all its processes on this machine; NaN for a database elsewhere). */
  databaseCpuMs?: number;
  /** This benchmark's own CPU time per call (its clients and the background reader's thread). */
  clientCpuMs?: number;
}

let server: ServerProcess | undefined;
try {
  const loadAtStart = load();
  let marker = process.env.CHAIN_REBUILD === '1' ? null : await readMarker();
  if (marker && (marker.version !== BUILD_VERSION || marker.clinics !== clinics || marker.days !== days)) {
    log(`schema ${schema} holds another build (${JSON.stringify({ version: marker.version, clinics: marker.clinics, days: marker.days })}): rebuilding`);
    marker = null;
  }
  const reused = marker !== null;
  if (marker) log(`reusing the chain in schema ${schema}, built ${marker.builtAt} in ${marker.buildSeconds.toFixed(0)} s (CHAIN_REBUILD=1 to build again)`);
  else marker = await build();
  await restore(marker);
  // Migrations that landed after the build run here, not in the server's start (which has 90 s).
  const migrating = performance.now();
  const db = await openDatabase(url, { schema, poolMax: 1 });
  try {
    const applied = async () => Number((await db.knex.raw('select count(*) as n from knex_migrations')).rows[0].n);
    const before = await applied();
    await migrateToLatest(db);
    // A migration that rewrote rows (e.g. 0073's backfill of the reports' kept values) leaves dead ones behind.
    if ((await applied()) !== before) await db.knex.raw('vacuum (analyze) reservations, schedules');
  } finally {
    await db.close();
  }
  log(`migrations checked in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
  await admin.raw('checkpoint');

  const members = membersPerClinic(days);
  log(`starting the server on schema ${schema}; load average ${load()}`);
  const serverStarted = performance.now();
  server = await startServerProcess({ databaseUrl: url, schema, nodeArgs: process.env.CHAIN_SERVER_NODE_ARGS?.split(' ').filter(Boolean) });
  const startSeconds = (performance.now() - serverStarted) / 1000;
  const base = server.url;
  const login = await fetch(`${base}/api/login`, { method: 'POST', body: new URLSearchParams({ username: 'staffchainadmin', password: PASSWORD }) });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const get = async (path: string, what: string) => {
    const response = await fetch(base + path, { headers: { Cookie: cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${body.slice(0, 300)}`);
    return body;
  };
  const today = DateTime.fromISO(marker.today, { zone: ZONE });
  const day = (offset: number) => today.plus({ days: offset }).toISODate()!;
  const clinic = () => 1 + random(clinics);
  const rows: Row[] = [];
  const pid = server.child.pid!;
  /** Where the CPU counters stand: the server's, PostgreSQL's and this process's. */
  const cpuMark = () => ({ server: cpuSeconds(pid), database: postgresCpuSeconds(), client: process.cpuUsage() });
  /** The CPU per call over the calls since `since` (warm-up calls included), of the server, PostgreSQL and this benchmark. */
  const cpuPerCall = (since: ReturnType<typeof cpuMark>, calls: number) => {
    const client = process.cpuUsage(since.client);
    return {
      serverCpuMs: ((cpuSeconds(pid) - since.server) * 1000) / calls,
      databaseCpuMs: ((postgresCpuSeconds() - since.database) * 1000) / calls,
      clientCpuMs: (client.user + client.system) / 1000 / calls,
    };
  };

  // The staff calendar of one clinic's day: the last 30 days and the next 14, any clinic.
  if (!reportsOnly) {
    const calendarPath = () => {
      const d = day(random(44) - 30);
      return `/api/staffs/reservations?clinicId=${clinic()}&from=${d}&to=${d}`;
    };
    let cpuFrom = cpuMark();
    rows.push({
      name: 'calendar, one clinic, one day (GET /api/staffs/reservations)',
      summary: await time(runs, () => get(calendarPath(), 'calendar').then(() => {})),
      budget: 20,
    });
    Object.assign(rows[rows.length - 1]!, cpuPerCall(cpuFrom, runs + 5));
    // The guest search of 30 days from today, menu 全身脱毛 (staff + one of four rooms), any clinic.
    const realToday = DateTime.now().setZone(ZONE).toISODate()!;
    if (!bookingOnly) {
      const searchTo = DateTime.fromISO(realToday, { zone: ZONE }).plus({ days: 29 }).toISODate()!;
      let slotsSeen = 0;
      cpuFrom = cpuMark();
      rows.push({
        name: 'guest search, 30 days (POST /api/guests/reservations/search-available)',
        summary: await time(runs, async () => {
          const c = clinic();
          const response = await fetch(`${base}/api/guests/reservations/search-available`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ clinicId: String(c), menuId: String((c - 1) * MENUS_PER_CLINIC + 1), from: realToday, to: searchTo }),
          });
          const body = await response.text();
          if (response.status !== 200) throw new Error(`search answered ${response.status}: ${body.slice(0, 300)}`);
          slotsSeen = (JSON.parse(body) as { slots: unknown[] }).slots.length;
        }),
        budget: 10,
      });
      rows[rows.length - 1] = { ...rows[rows.length - 1]!, note: `${slotsSeen} start times in the last answer`, ...cpuPerCall(cpuFrom, runs + 5) };

      // Member search across the chain: by a full name (about 1 in 2,500 members has it) and by a phone.
      const nameKeyword = () => {
        const i = random(SURNAMES.length * GIVEN_NAMES.length);
        return `${SURNAMES[i % SURNAMES.length]![0]} ${GIVEN_NAMES[Math.floor(i / SURNAMES.length)]![0]}`;
      };
      const phoneKeyword = () => {
        const u = 1 + random(clinics * members);
        return `0${7 + (u % 3)}0${String((u * 48271) % 100_000_000).padStart(8, '0')}`;
      };
      let nameTotal = 0;
      cpuFrom = cpuMark();
      rows.push({
        name: 'member search by name, whole chain (GET /api/staffs/users/advanced-search?keyword=山田 花子)',
        summary: await time(Math.ceil(runs / 2), async () => {
          nameTotal = (
            JSON.parse(await get(`/api/staffs/users/advanced-search?keyword=${encodeURIComponent(nameKeyword())}`, 'member search')) as { total: number }
          ).total;
        }),
        budget: 50,
      });
      rows[rows.length - 1] = {
        ...rows[rows.length - 1]!,
        note: `${nameTotal} members match the last name`,
        ...cpuPerCall(cpuFrom, Math.ceil(runs / 2) + 5),
      };
      let phoneTotal = 0;
      cpuFrom = cpuMark();
      rows.push({
        name: 'member search by phone, whole chain (keyword=09012345678)',
        summary: await time(Math.ceil(runs / 2), async () => {
          phoneTotal = (JSON.parse(await get(`/api/staffs/users/advanced-search?keyword=${phoneKeyword()}`, 'member search')) as { total: number }).total;
        }),
        budget: 50,
      });
      rows[rows.length - 1] = {
        ...rows[rows.length - 1]!,
        note: `${phoneTotal} member(s) match the last phone`,
        ...cpuPerCall(cpuFrom, Math.ceil(runs / 2) + 5),
      };
    }

    // Bookings by staff (a 15-minute consultation with a given staff member at a free hour), four
    // clients at once, while a worker thread reads calendars at CHAIN_BACKGROUND_RATE a second.
    const free: Array<{ clinicId: number; staffId: string; startsAt: string }> = (
      await admin.raw(
        `select s.clinic_id, s.staff_id, h.at from ??.schedules s
       cross join lateral (select s.starts_at + k * interval '1 hour' as at from generate_series(0, 9) k) h
       where s.date between ?::date + 2 and ?::date + ?::int and h.at < s.ends_at
         and not exists (select 1 from ??.schedule_breaks b where b.schedule_id = s.id and b.starts_at <= h.at and b.ends_at > h.at)
         and not exists (select 1 from ??.allocations a where a.resource_type = 'STAFF' and a.resource_id = s.staff_id and a.live
                          and a.during && tstzrange(h.at, h.at + interval '15 minutes'))
       order by hashint8(s.id * 10 + extract(hour from h.at)::bigint) limit ?`,
        [schema, realToday, realToday, FUTURE_BOOKED_DAYS - 5, schema, schema, bookingWarmup + bookingCount],
      )
    ).rows.map((row: { clinic_id: string; staff_id: string; at: Date }) => ({
      clinicId: Number(row.clinic_id),
      staffId: String(row.staff_id),
      startsAt: row.at.toISOString(),
    }));
    if (free.length < bookingWarmup + bookingCount) log(`only ${free.length} free hours found for bookings`);
    const backgroundPaths = Array.from({ length: 500 }, calendarPath);
    const worker = new Worker(BACKGROUND, { eval: true, workerData: { base, cookie, rate: backgroundRate, paths: backgroundPaths } });
    let bookingTimes: number[] = [];
    let traceFrom = 0;
    let trace: string[] = [];
    let refused = 0;
    let lateSends = 0;
    const book = async (slot: (typeof free)[number]) => {
      const userId = (slot.clinicId - 1) * members + 1 + random(members);
      const started = performance.now();
      const response = await fetch(`${base}/api/staffs/reservations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          clinicId: String(slot.clinicId),
          userId: String(userId),
          menuIds: [String(slot.clinicId * MENUS_PER_CLINIC)],
          tasks: [{ startsAt: slot.startsAt, endsAt: new Date(Date.parse(slot.startsAt) + 900_000).toISOString(), staffId: slot.staffId }],
        }),
      });
      await response.arrayBuffer();
      bookingTimes.push(performance.now() - started);
      trace.push(`${(started - traceFrom).toFixed(1)} ${(performance.now() - started).toFixed(1)} ${response.status}`);
      if (response.status !== 201) refused++;
    };
    /** Books `slots` by four clients in a closed loop, or at `bookingRate` a second from `from`. */
    const bookAll = async (slots: typeof free, from: number) => {
      if (bookingRate === null) {
        let next = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < slots.length) await book(slots[next++]!);
          }),
        );
        return;
      }
      // Each booking at its own instant of the schedule; one sent more than 10 ms after it is counted as late (the client fell behind).
      const sent: Array<Promise<void>> = [];
      for (let i = 0; i < slots.length; i++) {
        const wait = from + (i * 1000) / bookingRate - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else if (wait < -10) lateSends++;
        sent.push(book(slots[i]!));
      }
      await Promise.all(sent);
    };
    if (bookingWarmup > 0) {
      await bookAll(free.slice(0, bookingWarmup), performance.now());
      if (refused > 0) throw new Error(`${refused} warm-up bookings were refused`);
      bookingTimes = [];
      lateSends = 0;
      if (bookingPause > 0) await new Promise((resolve) => setTimeout(resolve, bookingPause * 1000));
    }
    const timed = free.slice(bookingWarmup);
    const bookingStarted = performance.now();
    traceFrom = bookingStarted;
    trace = [];
    cpuFrom = cpuMark();
    const backgroundFrom = await new Promise<{ answered: number; failed: number }>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('count');
    });
    await bookAll(timed, bookingStarted);
    const bookingSeconds = (performance.now() - bookingStarted) / 1000;
    if (bookingTrace) writeFileSync(bookingTrace, `${trace.sort((a, b) => parseFloat(a) - parseFloat(b)).join('\n')}\n`);
    const backgroundTo = await new Promise<{ answered: number; failed: number }>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('stop');
    });
    await worker.terminate();
    // The calendar reads beside the timed bookings (those beside the warm-up are not counted).
    const background = { answered: backgroundTo.answered - backgroundFrom.answered, failed: backgroundTo.failed - backgroundFrom.failed };
    const bookingCpu = cpuPerCall(cpuFrom, timed.length + background.answered + background.failed);
    rows.push({
      name: `booking by staff (POST /api/staffs/reservations), ${bookingRate === null ? '4 clients' : `${bookingRate} a second (open loop)`}, calendar reads ${backgroundRate}/s beside`,
      summary: summarize(bookingTimes),
      budget: 40,
      note: `${timed.length} bookings in ${bookingSeconds.toFixed(1)} s${bookingWarmup > 0 ? ` after ${bookingWarmup} uncounted${bookingPause > 0 ? ` and ${bookingPause} s without bookings` : ''}` : ''}, ${refused} refused${bookingRate === null ? '' : `, ${lateSends} sent late`}; ${background.answered} calendar reads beside (${background.failed} failed)`,
      ...bookingCpu,
    });
    if (refused > 0) throw new Error(`${refused} bookings were refused`);
  }

  // Every report of the catalogue, for one clinic's month and for the whole chain's month.
  const firstHistory = today.minus({ days });
  const months: string[] = [];
  for (let m = today.startOf('month').minus({ months: 1 }); m >= firstHistory && months.length < 12; m = m.minus({ months: 1 }))
    months.push(m.toFormat('yyyy-MM'));
  if (months.length === 0) months.push(today.toFormat('yyyy-MM'));
  const reportRows: Array<{ key: string; clinic: Summary; chain: Summary }> = [];
  for (const key of bookingOnly ? [] : REPORT_KEYS) {
    const clinicSummary = await time(reportRuns, (i) =>
      get(`/api/admin/reports?type=${key}&month=${months[i % months.length]}&clinicId=${clinic()}`, key).then(() => {}),
    );
    const chainSummary = await time(chainReportRuns, (i) => get(`/api/admin/reports?type=${key}&month=${months[i % months.length]}`, key).then(() => {}));
    reportRows.push({ key, clinic: clinicSummary, chain: chainSummary });
    log(`${key}: clinic p95 ${ms(clinicSummary.p95)} ms, chain p95 ${ms(chainSummary.p95)} ms`);
  }

  const counts = marker.counts;
  console.log(`# Chain scale (${clinics} clinics, ${days} days of history; schema ${schema}${reused ? ', reused' : ''})\n`);
  console.log(
    `Data: ${counts.reservations} reservations, ${counts.reservation_tasks} tasks, ${counts.allocations} allocations, ${counts.users} members, ` +
      `${counts.schedules} schedules, ${counts.messages} messages (${counts.sentMessages} sent), ${counts.check_items} check items; ` +
      `built ${marker.builtAt} in ${marker.buildSeconds.toFixed(0)} s${reused ? ' (reused, not rebuilt)' : ''}. Server start ${startSeconds.toFixed(1)} s. ` +
      `Months of the reports: ${months.join(', ')}.\n`,
  );
  console.log('| call | p50 ms | p95 ms | p99 ms | CPU per call ms: server / PostgreSQL / benchmark | runs | budget p95 | met | note |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const cpuText = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : ms(value));
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${ms(row.summary.p50)} | ${ms(row.summary.p95)} | ${ms(row.summary.p99)} | ${cpuText(row.serverCpuMs)} / ${cpuText(row.databaseCpuMs)} / ${cpuText(row.clientCpuMs)} | ${row.summary.runs} | ${row.budget} | ${row.summary.p95 <= row.budget ? 'yes' : '**no**'} | ${row.note ?? ''} |`,
    );
  }
  console.log('\n| report | clinic p50 ms | clinic p95 ms | chain p50 ms | chain p95 ms | runs (clinic / chain) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of reportRows) {
    console.log(
      `| ${row.key} | ${ms(row.clinic.p50)} | ${ms(row.clinic.p95)} | ${ms(row.chain.p50)} | ${ms(row.chain.p95)} | ${row.clinic.runs} / ${row.chain.runs} |`,
    );
  }
  const slowestClinic = reportRows.length === 0 ? null : reportRows.reduce((a, b) => (b.clinic.p95 > a.clinic.p95 ? b : a));
  const slowestChain = reportRows.length === 0 ? null : reportRows.reduce((a, b) => (b.chain.p95 > a.chain.p95 ? b : a));
  if (slowestClinic && slowestChain)
    console.log(
      `\nSlowest report p95: one clinic's month ${ms(slowestClinic.clinic.p95)} ms (${slowestClinic.key}, budget 200), the chain's month ${ms(slowestChain.chain.p95)} ms (${slowestChain.key}, budget 2000).`,
    );
  console.log(`Load average (1, 5, 15 min): at the start ${loadAtStart}, at the end ${load()}; CPU pressure (some, last 60 s) at the end ${cpuPressure()}.\n`);
  const round = (n: number) => Math.round(n * 100) / 100;
  /** null for a call CHAIN_ONLY left out. */
  const p95 = (name: string) => {
    const row = rows.find((r) => r.name.startsWith(name));
    return row ? round(row.summary.p95) : null;
  };
  console.log(
    JSON.stringify({
      clinics,
      reservations: counts.reservations,
      members: counts.users,
      buildSeconds: Math.round(marker.buildSeconds),
      p95: {
        calendarDay: p95('calendar'),
        search30: p95('guest search'),
        booking: p95('booking'),
        memberSearch: reportsOnly || bookingOnly ? null : Math.max(p95('member search by name')!, p95('member search by phone')!),
        clinicReport: slowestClinic ? round(slowestClinic.clinic.p95) : null,
        chainReport: slowestChain ? round(slowestChain.chain.p95) : null,
      },
    }),
  );
} finally {
  await server?.stop();
  await admin.destroy();
}
