import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { AvailabilityEngine, bookingDays } from '@clinic/core';
import { DateTime } from 'luxon';
import { busyOf, CALENDAR, engineCases, queryFor } from './engine.bench';
import { generateStandardClinic, ZONE } from './standard-clinic';
import { summarize } from './stats';

/**
 * The engine of another commit against this one, alternately in one process, on the standard
 * clinic (docs/benchmarks.md, "before / after"):
 *
 *   mkdir -p node_modules/.cache/engine-before
 *   git archive <commit> core | tar -x -C node_modules/.cache/engine-before
 *   cd test && ENGINE_AB_BEFORE=../node_modules/.cache/engine-before npx tsx bench/engine-ab.ts
 *
 * (a folder under the worktree, so that the old core finds luxon; node_modules is not committed).
 *
 * Each run is what the search use case does with rows in memory: bookingDays, then
 * new AvailabilityEngine(query).search(); both sides must answer the same slots. Blocks of 20
 * runs alternate between before and after (`ENGINE_AB_RUNS` per side and search, default 400);
 * wall-clock and CPU time (user + system of the process) per run. `ENGINE_AB_CASE` keeps the
 * searches whose name contains it.
 */
const dir = process.env.ENGINE_AB_BEFORE;
if (!dir) throw new Error('ENGINE_AB_BEFORE: the folder with the core of the commit to compare (git archive <commit> core | tar -x -C <folder>)');
const domain = `${dir}/core/src/reservations/domain`;
const before = {
  Engine: ((await import(pathToFileURL(`${domain}/availability-engine.ts`).href)) as { AvailabilityEngine: typeof AvailabilityEngine }).AvailabilityEngine,
  days: ((await import(pathToFileURL(`${domain}/booking-calendar.ts`).href)) as { bookingDays: typeof bookingDays }).bookingDays,
};
const runs = Number(process.env.ENGINE_AB_RUNS ?? 400);
const today = DateTime.now().setZone(ZONE).toISODate()!;
const clinic = generateStandardClinic(today, { historyTotal: 0 });
const busy = busyOf(clinic);

console.log(`# Engine before (${dir}) / after (this tree), ${today}, Node ${process.version}, ${runs} runs a side\n`);
console.log('| search | start times | before p50 | before p95 | after p50 | after p95 | before CPU p50 / p95 | after CPU p50 / p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const { name, tasks, days, from } of engineCases(clinic)) {
  if (process.env.ENGINE_AB_CASE && !name.includes(process.env.ENGINE_AB_CASE)) continue;
  const query = queryFor(clinic, busy, tasks, days, from);
  const first = DateTime.fromISO(today, { zone: ZONE }).plus({ days: from });
  const range = [first.toISODate()!, first.plus({ days: days - 1 }).toISODate()!] as const;
  const sides = [
    { run: () => new before.Engine({ ...query, days: before.days(CALENDAR, ...range) }).search(), wall: [] as number[], cpu: [] as number[] },
    { run: () => new AvailabilityEngine({ ...query, days: bookingDays(CALENDAR, ...range) }).search(), wall: [] as number[], cpu: [] as number[] },
  ] as const;
  const answer = sides[1].run();
  if (!isDeepStrictEqual(sides[0].run(), answer)) throw new Error(`${name}: before and after answer differently`);
  for (let i = 0; i < 20; i++) for (const side of sides) side.run();
  for (let block = 0; block < runs / 20; block++) {
    for (const side of block % 2 ? [sides[0], sides[1]] : [sides[1], sides[0]]) {
      for (let i = 0; i < 20; i++) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        side.run();
        side.wall.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        side.cpu.push((used.user + used.system) / 1000);
      }
    }
  }
  const [b, a] = sides.map((side) => ({ wall: summarize(side.wall), cpu: summarize(side.cpu) }));
  const f = (value: number) => value.toFixed(2);
  console.log(
    `| ${name} | ${answer.length} | ${f(b!.wall.p50)} | ${f(b!.wall.p95)} | ${f(a!.wall.p50)} | ${f(a!.wall.p95)} | ${f(b!.cpu.p50)} / ${f(b!.cpu.p95)} | ${f(a!.cpu.p50)} / ${f(a!.cpu.p95)} |`,
  );
}
