import { DateTime } from 'luxon';
import { benchEngine } from './engine.bench';
import { ms } from './stats';

/**
 * The engine's part of `npm run bench` alone (seconds, no database): `cd test && npx tsx
 * bench/engine-run.ts`. `ENGINE_BENCH_RUNS` sets the timed runs per search (default 300),
 * `ENGINE_BENCH_REPEAT` repeats the whole table (default 1) to see the spread on a shared machine.
 */
const today = DateTime.now().setZone('Asia/Tokyo').toISODate()!;
const repeat = Number(process.env.ENGINE_BENCH_REPEAT ?? 1);
console.log(`# Availability engine (${today}, Node ${process.version})\n`);
for (let round = 1; round <= repeat; round++) {
  if (repeat > 1) console.log(`Round ${round}\n`);
  console.log('| search | start times | p50 ms | p95 ms | p99 ms | CPU p50 / p95 ms | runs |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of benchEngine(today)) {
    console.log(
      `| ${row.name} | ${row.slots} | ${ms(row.summary.p50)} | ${ms(row.summary.p95)} | ${ms(row.summary.p99)} | ${ms(row.cpu.p50)} / ${ms(row.cpu.p95)} | ${row.summary.runs} |`,
    );
  }
  console.log('');
}
