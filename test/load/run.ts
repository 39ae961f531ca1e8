import type { Knex } from 'knex';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ms, summarize, type Summary } from '../bench/stats';
import { integrityReport } from '../ops/integrity';
import { runOpenLoop, type Stream } from './open-loop';
import { dropSchema, newSchemaName, sqlInSchema, startServerProcess, type ServerProcess } from '../ops/server-process';

/**
 * `npm run load`: a realistic mix at fixed rates against one server process on PostgreSQL with
 * the demo chain (3 clinics, ~5,000 reservations), for LOAD_DURATION seconds (default 60; a soak
 * is LOAD_DURATION=600):
 *   - staff calendar reads, a day of one clinic (1 in 5: a week)  LOAD_CALENDAR_RATE, default 200/s
 *   - staff availability searches, one day, one menu              LOAD_SEARCH_RATE, default 20/s
 *   - staff bookings, automatic assignment, planned slots         LOAD_BOOKING_RATE, default 50/s
 *   - staff cancels of those bookings, oldest first, from 5 s in  LOAD_CANCEL_RATE, default 1.2 × bookings
 *     (a little faster than the bookings, so that over a soak they keep up and the plan never runs
 *     dry; a cancel with nothing booked to cancel is counted as `nothing-to-cancel`)
 * Each stream is open-loop (test/load/open-loop.ts): requests leave at scheduled times whatever the
 * earlier answers — Poisson arrivals, or evenly spaced with LOAD_ARRIVALS=even — and a response
 * time counts from when the request was due.
 * Bookings take start times from a plan of non-overlapping slots found by availability searches
 * before the run; a cancelled booking's slot goes back to the plan, so a soak never runs dry.
 * Prints latency percentiles per kind, status counts, the error rate, the checkpoints PostgreSQL
 * made during the run (one is made just before it, after the seeding), the server's RSS and CPU
 * time, and the integrity check in SQL (double bookings included); exits 1 on any error or double
 * booking. Needs PostgreSQL: LOAD_DATABASE_URL or TEST_DATABASE_URL. Results: docs/benchmarks.md.
 */
const url = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('npm run load needs PostgreSQL: set LOAD_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const seconds = Number(process.env.LOAD_DURATION ?? 60);
/** `poisson` (default: random gaps, as from many independent users) or `even` (evenly spaced). */
const arrivals = process.env.LOAD_ARRIVALS === 'even' ? 'even' : 'poisson';
const rates = {
  calendar: Number(process.env.LOAD_CALENDAR_RATE ?? 200),
  search: Number(process.env.LOAD_SEARCH_RATE ?? 20),
  book: Number(process.env.LOAD_BOOKING_RATE ?? 50),
  cancel: Number(process.env.LOAD_CANCEL_RATE ?? Math.round(1.2 * Number(process.env.LOAD_BOOKING_RATE ?? 50))),
};
const CANCEL_DELAY_S = 5;
const MENU = 'ピコトーニング';

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds of every PostgreSQL process on this machine (0 when PostgreSQL runs elsewhere). */
const postgresCpuSeconds = (): number => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
};
/** CPU seconds the whole machine spent busy (all cores, /proc/stat). */
const machineBusySeconds = (): number => {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
};
/** Checkpoints PostgreSQL has made so far (PostgreSQL 15–16: pg_stat_bgwriter; 17 on: pg_stat_checkpointer); null if unreadable. */
const checkpointsSoFar = async (db: Knex): Promise<number | null> => {
  for (const query of [
    'select checkpoints_timed + checkpoints_req as n from pg_stat_bgwriter',
    'select num_timed + num_requested as n from pg_stat_checkpointer',
  ]) {
    try {
      const { rows } = (await db.raw(query)) as { rows: { n: string | number }[] };
      return Number(rows[0]!.n);
    } catch {
      // the other PostgreSQL version's view
    }
  }
  return null;
};
/**
 * Waits until no message of the demo is due and unsent (the server's worker sends them), at most
 * two minutes, then vacuums and analyzes the schema's tables. Answers how many messages were sent
 * meanwhile.
 */
const settleDemo = async (db: Knex, name: string): Promise<number> => {
  const dueNow = async () =>
    Number(((await db('messages').where('status', 'SCHEDULED').where('scheduled_at', '<=', db.fn.now()).count({ n: '*' })) as { n: string }[])[0]!.n);
  const sentNow = async () => Number(((await db('messages').where('status', 'SENT').count({ n: '*' })) as { n: string }[])[0]!.n);
  const sentBefore = await sentNow();
  const deadline = Date.now() + 120_000;
  while ((await dueNow()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  const tables = (await db.raw('select tablename from pg_tables where schemaname = ?', [name])) as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) await db.raw('vacuum analyze ??.??', [name, tablename]);
  return (await sentNow()) - sentBefore;
};
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const schema = `load_${newSchemaName().slice(2)}`;
const sql = sqlInSchema(url, schema);
let server: ServerProcess | undefined;
// An error thrown inside the load generator's timers does not reach the `finally` below: stop the
// server process anyway, so that no server is left running after a failed run.
process.once('uncaughtException', (error) => {
  console.error(error);
  void Promise.resolve(server?.stop()).finally(() => process.exit(1));
});

const login = async (base: string): Promise<string> => {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'staffadmin', password: 'clinic-demo' }).toString(),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
};

interface Slot {
  readonly clinicId: string;
  readonly startsAt: string;
}

try {
  console.error(`starting the server on ${url.replace(/\/\/[^@]*@/, '//')} (schema ${schema}) with the demo chain…`);
  server = await startServerProcess({
    databaseUrl: url,
    schema,
    demo: true,
    // e.g. LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
    nodeArgs: process.env.LOAD_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  });
  const base = server.url;
  const cookie = await login(base);
  const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
  const clinicIds = (await sql('clinics').orderBy('id').select('id')).map((row) => String(row.id));
  // The menu in each clinic that offers it: bookings and searches go to those clinics.
  const menuOf = new Map((await sql('menus').where('name', MENU).select('id', 'clinic_id')).map((row) => [String(row.clinic_id), String(row.id)]));
  const bookingClinics = [...menuOf.keys()];
  const usersByClinic = new Map<string, string[]>();
  for (const row of await sql('users').whereNotNull('user_number').select('id', 'clinic_id')) {
    usersByClinic.set(String(row.clinic_id), [...(usersByClinic.get(String(row.clinic_id)) ?? []), String(row.id)]);
  }

  // The plan: for each clinic and day, free start times that do not overlap one another.
  const plan: Slot[] = [];
  for (const [clinicId, menuId] of menuOf) {
    for (let day = 2; day + 6 <= 88; day += 7) {
      const response = await fetch(`${base}/api/staffs/reservations/search-available`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ clinicId, menuId, from: isoDay(day), to: isoDay(day + 6) }),
      });
      if (response.status !== 200) throw new Error(`availability search failed: ${response.status} ${await response.text()}`);
      const slots = ((await response.json()) as { slots: { startsAt: string; endsAt: string }[] }).slots;
      let freeFrom = '';
      for (const slot of slots) {
        if (slot.startsAt < freeFrom) continue;
        plan.push({ clinicId, startsAt: slot.startsAt });
        freeFrom = slot.endsAt;
      }
    }
  }
  // Interleave clinics and days so that consecutive bookings do not queue on one clinic.
  plan.sort((a, b) => (a.startsAt.slice(11) + a.clinicId).localeCompare(b.startsAt.slice(11) + b.clinicId) || a.startsAt.localeCompare(b.startsAt));
  console.error(`${plan.length} planned booking slots; running ${seconds} s at ${JSON.stringify(rates)} req/s`);

  const booked: { id: string; slot: Slot; at: number }[] = [];
  let cancelledId: string | undefined;
  let round = 0;
  // Every slot of the plan is booked and cancelled again and again: left in place, a day of a
  // 10-minute soak would end up with dozens of cancelled reservations per slot, and the calendar
  // read would slow down with a data shape no clinic has. So the runner deletes the cancelled
  // reservations it made, in SQL, every 5 s (not through the server: not part of the measured mix).
  const cancelledIds: string[] = [];
  let swept = 0;
  const sweep = async () => {
    // The last one is kept: it is the target of `nothing-to-cancel` requests.
    const ids = cancelledIds.splice(0, Math.max(0, cancelledIds.length - 1));
    if (ids.length > 0) swept += await sql('reservations').whereIn('id', ids).where('status', 'CANCELLED').delete();
  };

  const streams: Stream[] = [
    {
      name: 'calendar',
      rate: rates.calendar,
      next: () => {
        round++;
        const clinicId = clinicIds[round % clinicIds.length]!;
        // The calendar opens on a day (the staff screen's default view); one read in five is a week.
        const from = isoDay(round % 14);
        const to = round % 5 === 0 ? isoDay((round % 14) + 6) : from;
        return { method: 'GET', path: `/api/staffs/reservations?clinicId=${clinicId}&from=${from}&to=${to}` };
      },
    },
    {
      name: 'search',
      rate: rates.search,
      next: () => {
        round++;
        const clinicId = bookingClinics[round % bookingClinics.length]!;
        const day = isoDay(1 + (round % 30));
        return {
          method: 'POST',
          path: '/api/staffs/reservations/search-available',
          body: JSON.stringify({ clinicId, menuId: menuOf.get(clinicId), from: day, to: day }),
        };
      },
    },
    {
      name: 'book',
      rate: rates.book,
      next: () => {
        const slot = plan.shift();
        if (!slot) throw new Error('the booking plan ran dry: lower LOAD_BOOKING_RATE or raise LOAD_CANCEL_RATE');
        const users = usersByClinic.get(slot.clinicId)!;
        const userId = users[Math.floor(Math.random() * users.length)];
        return {
          method: 'POST',
          path: '/api/staffs/reservations',
          body: JSON.stringify({ clinicId: slot.clinicId, userId, menuId: menuOf.get(slot.clinicId), startsAt: slot.startsAt }),
          done: (status, body) => {
            if (status === 201) booked.push({ id: (JSON.parse(body) as { id: string }).id, slot, at: Date.now() });
            else plan.push(slot);
          },
        };
      },
    },
    {
      name: 'cancel',
      rate: rates.cancel,
      delaySeconds: CANCEL_DELAY_S,
      next: () => {
        const target = booked.shift() ?? null;
        // Nothing booked to cancel (bookings lag behind): ask for an already cancelled one,
        // answered 400 and counted as `nothing-to-cancel`.
        return {
          method: 'PUT',
          path: `/api/staffs/reservations/${target?.id ?? cancelledId ?? '1'}/cancel`,
          done: (status) => {
            if (!target) return 'nothing-to-cancel';
            if (status === 200) {
              cancelledId = target.id;
              cancelledIds.push(target.id);
              plan.push(target.slot);
            } else booked.unshift(target);
            return undefined;
          },
        };
      },
    },
  ];

  // The demo chain's own messages (its bookings' confirmations and notices, written with it) go out
  // in the first seconds after the server starts, and the chain's writes leave dead rows for
  // autovacuum: both before the measured run, not in it, so that the run holds its own work only
  // and two versions with different demo data measure the same mix (docs/benchmarks.md, issue 22).
  const demoMessages = await settleDemo(sql, schema);
  // The demo chain was just written: flush it now, so that the checkpoint that would otherwise
  // come during the measured run (every 5 minutes by default) does not land on some runs and not
  // others (docs/benchmarks.md, "measured without checkpoints in the run"). Needs a superuser or
  // pg_checkpoint; without, the run goes on and says so.
  const checkpointed = await sql
    .raw('checkpoint')
    .then(() => true)
    .catch((error: Error) => {
      console.error(`no CHECKPOINT before the run (${error.message}): a checkpoint may fall inside it`);
      return false;
    });
  const checkpointsBefore = await checkpointsSoFar(sql);
  const rssBefore = rssMb(server.child.pid!);
  const cpuBefore = cpuSeconds(server.child.pid!);
  const postgresBefore = postgresCpuSeconds();
  const machineBefore = machineBusySeconds();
  const generatorBefore = process.cpuUsage();
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(rssMb(server!.child.pid!)), 5000);
  const started = Date.now();

  let sweeping = Promise.resolve();
  const sweeper = setInterval(() => (sweeping = sweeping.then(sweep)), 5000);
  const results = await runOpenLoop(base, headers, streams, seconds, arrivals);
  clearInterval(sweeper);
  await sweeping;
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  const rssAfter = rssMb(server.child.pid!);
  const cpuUsed = cpuSeconds(server.child.pid!) - cpuBefore;
  const postgresUsed = postgresCpuSeconds() - postgresBefore;
  const machineUsed = machineBusySeconds() - machineBefore;
  const generator = process.cpuUsage(generatorBefore);
  const generatorUsed = (generator.user + generator.system) / 1e6;
  const checkpointsAfter = await checkpointsSoFar(sql);
  const check = await integrityReport(sql);

  const rows = (['calendar', 'search', 'book', 'cancel'] as const).map((kind) => {
    const result = results.get(kind)!;
    const summary: Summary = summarize(result.times);
    const all = [...result.statuses].sort();
    const errors = all.filter(([status]) => status === 'error' || status === 'timeout' || status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
    return { kind, summary, rate: summary.runs / result.seconds, statuses: all, errors };
  });
  const total = rows.reduce((sum, row) => sum + row.summary.runs, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const growth = ((rssAfter - rssBefore) / rssBefore) * 100;
  const tenth = Math.max(1, Math.floor(rssSamples.length / 10));
  const early = rssSamples.slice(0, tenth);
  const late = rssSamples.slice(-tenth);
  const avg = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  console.log(
    `\n### Load run ${new Date().toISOString()} — ${seconds} s (${elapsed.toFixed(0)} s measured), Node ${process.version}, one server process, ${arrivals} arrivals, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| kind | target req/s | achieved req/s | p50 ms | p95 ms | p99 ms | max ms | answers |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.kind} | ${rates[row.kind]} | ${row.rate.toFixed(1)} | ${ms(row.summary.p50)} | ${ms(row.summary.p95)} | ${ms(row.summary.p99)} | ${ms(row.summary.max)} | ${row.statuses.map(([status, n]) => `${status}×${n}`).join(' ')} |`,
    );
  }
  console.log(`\nRequests: ${total}; errors (5xx, socket errors, timeouts > 10 s): ${errors} (${((errors / Math.max(1, total)) * 100).toFixed(2)} %).`);
  console.log(
    `Server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %); ` +
      `mean of the first tenth of the run ${avg(early).toFixed(0)} MB, of the last tenth ${avg(late).toFixed(0)} MB (${(((avg(late) - avg(early)) / avg(early)) * 100).toFixed(1)} %).`,
  );
  console.log(
    `Server CPU: ${cpuUsed.toFixed(1)} s over ${elapsed.toFixed(0)} s (${((cpuUsed / elapsed) * 100).toFixed(0)} % of one core), ` +
      `${((cpuUsed * 1000) / Math.max(1, total)).toFixed(1)} ms of server CPU per request (PostgreSQL's own CPU not included).`,
  );
  const share = (value: number) => `${value.toFixed(1)} s (${((value / elapsed) * 100).toFixed(0)} % of a core)`;
  console.log(
    `Machine CPU over the run (${cpus().length} cores, ${(cpus().length * elapsed).toFixed(0)} core-seconds): server ${share(cpuUsed)}, ` +
      `PostgreSQL ${share(postgresUsed)}, load generator ${share(generatorUsed)}, everything else ${share(Math.max(0, machineUsed - cpuUsed - postgresUsed - generatorUsed))}; ` +
      `idle ${Math.max(0, cpus().length * elapsed - machineUsed).toFixed(1)} core-seconds.`,
  );
  console.log(
    `PostgreSQL checkpoints during the run: ${checkpointsBefore === null || checkpointsAfter === null ? 'unknown' : checkpointsAfter - checkpointsBefore}` +
      `${checkpointed ? ' (one made just before it)' : ''}; before it, ${demoMessages} of the demo's messages were sent and its tables vacuumed.`,
  );
  console.log(
    `Integrity after the run (SQL): ${JSON.stringify(check)}; reservations booked and kept: ${booked.length}; cancelled ones deleted by the runner as it went: ${swept}.`,
  );
  process.exitCode = errors > 0 || check.doubleBookings > 0 ? 1 : 0;
} finally {
  await server?.stop();
  await sql.destroy();
  await dropSchema(url, schema);
}
