import { readFileSync } from 'node:fs';
import { benchReports } from './reports.bench';
import { ms } from './stats';

/** Prints the reports' section of docs/benchmarks.md (also run by `npm run bench`). */
export const printReportBench = async (url: string): Promise<void> => {
  if (!url.startsWith('postgres')) {
    console.log('\n## Reports\n\nSkipped: the reports benchmark needs PostgreSQL (set BENCH_DATABASE_URL).');
    return;
  }
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  const bench = await benchReports(url);
  const loadAfter = load();
  const c = bench.counts;
  console.log(
    `\n## Reports on ${bench.database} (generated chain: ${c.reservations} reservations, ${c.reservation_tasks} tasks, ` +
      `${c.schedules} schedules, ${c.users} members, ${c.check_items} check items; seeded in ${bench.seededSeconds.toFixed(1)} s)\n`,
  );
  console.log('| report | clinic p50 ms | clinic p95 ms | chain p50 ms | chain p95 ms | rows (clinic / chain) | runs |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of bench.rows) {
    console.log(
      `| ${row.key} | ${ms(row.clinic.p50)} | ${ms(row.clinic.p95)} | ${ms(row.chain.p50)} | ${ms(row.chain.p95)} | ${row.clinicRows} / ${row.chainRows} | ${row.clinic.runs} |`,
    );
  }
  const worst = Math.max(...bench.rows.map((row) => Math.max(row.clinic.p95, row.chain.p95)));
  console.log(`\nSlowest p95: **${ms(worst)} ms** (target ≤ 300 ms). Load average of the machine (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await printReportBench(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '');
}
