import { DateTime } from 'luxon';
import { benchDatabase } from './database.bench';
import { benchEngine } from './engine.bench';
import { benchReminders } from './reminders.bench';
import { generateStandardClinic } from './standard-clinic';
import { printReportBench } from './reports-run';
import { ms } from './stats';

/**
 * `npm run bench`: prints the figures recorded in docs/benchmarks.md. The standard clinic is the
 * input of shared/BENCH.md; "today" is the real date in Asia/Tokyo. `BENCH_ONLY=http` runs only
 * the API over HTTP (searches, calendar, sustained booking): no engine in process, reminders or
 * reports.
 */
const today = DateTime.now().setZone('Asia/Tokyo').toISODate()!;
const onlyHttp = process.env.BENCH_ONLY === 'http';
if (process.env.BENCH_ONLY && !onlyHttp) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "http" is known`);
console.log(`# Benchmarks (${today}, Node ${process.version})\n`);
if (!onlyHttp) printEngineBench();

function printEngineBench() {
  const input = generateStandardClinic(today, { historyTotal: 0 });
  const first30 = input.future.filter((b) => b.startMs < DateTime.fromISO(today, { zone: 'Asia/Tokyo' }).plus({ days: 30 }).toMillis());
  console.log('## Availability engine in process (standard clinic, rows in memory)\n');
  console.log(
    `Input: ${input.staffIds.length} staff, ${input.roomIds.length} rooms, ${input.machineIds.length} machines; ` +
      `${first30.length} bookings in the first 30 days (${input.future.length} in 90), of which ` +
      `${first30.filter((b) => b.roomId).length} hold a room and ${first30.filter((b) => b.machineId).length} a machine; ` +
      `${process.env.ENGINE_BENCH_RUNS ?? 300} timed runs per search after 20 uncounted ones.\n`,
  );
  console.log('| search | start times | p50 ms | p95 ms | p99 ms | CPU p50 / p95 ms | runs |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of benchEngine(today)) {
    console.log(
      `| ${row.name} | ${row.slots} | ${ms(row.summary.p50)} | ${ms(row.summary.p95)} | ${ms(row.summary.p99)} | ${ms(row.cpu.p50)} / ${ms(row.cpu.p95)} | ${row.summary.runs} |`,
    );
  }
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'pglite://memory';
const database = await benchDatabase(url, today);
console.log(
  `\n## Over HTTP on ${database.database} (standard clinic: ${database.seeded.reservations} reservations, seeded in ${database.seeded.seconds.toFixed(1)} s)\n`,
);
console.log('| call | p50 ms | p95 ms | p99 ms | CPU p50 / p95 ms (server and client) | runs | note |');
console.log('|---|---|---|---|---|---|---|');
for (const row of database.rows) {
  const { cpu } = row.summary;
  console.log(
    `| ${row.name} | ${ms(row.summary.p50)} | ${ms(row.summary.p95)} | ${ms(row.summary.p99)} | ${ms(cpu.p50)} / ${ms(cpu.p95)} | ${row.summary.runs} | ${row.note} |`,
  );
}
const b = database.bookings;
console.log(
  `\nSustained booking (16 concurrent staff clients in a second thread, POST /api/staffs/reservations with given tasks): ${b.count} bookings in ${b.seconds.toFixed(1)} s = ` +
    `**${Math.round(b.perSecond)} per second**, ${b.refused} refused, ${b.overlaps} overlapping live holds afterwards.`,
);

// 10,000 reminders due at once, dispatched by two server processes (PostgreSQL only): docs/benchmarks.md.
if (onlyHttp) console.log('\n(BENCH_ONLY=http: the reminder and report benchmarks were not run)');
else if (url.startsWith('postgres')) {
  const reminders = await benchReminders(url);
  console.log(
    `\n## Reminders: ${reminders.messages} due at once, two server processes, fake LINE and the mail outbox\n\n` +
      `All sent in **${reminders.seconds.toFixed(1)} s** (${Math.round(reminders.perSecond)} per second): ${reminders.linePushes} LINE pushes, ${reminders.mails} mails, ` +
      `${reminders.duplicates} duplicates, ${reminders.failed} not sent.`,
  );
} else console.log('\n(the reminder benchmark needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL)');

// The reports on a generated chain of 1,000,000 reservations (PostgreSQL only): docs/reports.md.
// BENCH_REPORTS=off leaves them out (they take minutes to generate).
if (process.env.BENCH_REPORTS === 'off') console.log('\n(BENCH_REPORTS=off: the reports benchmark was not run)');
else if (!onlyHttp) await printReportBench(url);
