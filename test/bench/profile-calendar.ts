import 'reflect-metadata';
import { migrateToLatest, openDatabase } from '@clinic/adapters/persistence';
import { ACCOUNTS, composeApplication, createLogger, loadConfig } from '@clinic/server';
import type { AddressInfo } from 'node:net';
import { seed } from './database.bench';
const db = await openDatabase('postgres://postgres@127.0.0.1:5432/test', { schema: 'prof_' + Date.now().toString(36), poolMax: 20 });
await migrateToLatest(db);
const today = new Date().toISOString().slice(0, 10);
const f = await seed(db, today);
const app = await composeApplication({ ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off' }), webRoot: null }, db, createLogger('silent'));
await db
  .knex('staffs')
  .where('id', f.staffIds[0])
  .update({ password_hash: await app.container.get(ACCOUNTS.hasher).hash('bench-password') });
const server = app.http.koa.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const cookie = (
  await fetch(`${base}/api/login`, { method: 'POST', body: new URLSearchParams({ username: 'staffBENCH1', password: 'bench-password' }) })
).headers
  .getSetCookie()[0]!
  .split(';')[0]!;
const starts = new Map<string, number>();
const log: string[] = [];
db.knex.on('query', (q: { __knexQueryUid: string }) => starts.set(q.__knexQueryUid, performance.now()));
db.knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) =>
  log.push(`${(performance.now() - starts.get(q.__knexQueryUid)!).toFixed(1)}ms ${q.sql.slice(0, 90)}`),
);
const day = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
for (const [name, run] of [
  ['calendar', () => fetch(`${base}/api/staffs/reservations?clinicId=${f.clinicId}&from=${day}&to=${day}`, { headers: { Cookie: cookie } })],
  [
    'search',
    () =>
      fetch(`${base}/api/staffs/reservations/search-available`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ clinicId: f.clinicId, menuId: f.menuA, from: today, to: new Date(Date.now() + 29 * 86400000).toISOString().slice(0, 10) }),
      }),
  ],
] as const) {
  for (let i = 0; i < 20; i++) await (await run()).arrayBuffer();
  log.length = 0;
  const t = performance.now();
  const r = await run();
  const body = await r.arrayBuffer();
  console.log(`== ${name} ${r.status} ${(performance.now() - t).toFixed(1)}ms ${body.byteLength} bytes`);
  console.log(log.join('\n'));
}
server.close();
await app.stop();
const schema = db.description.match(/schema (\S+)\)/)![1];
await db.knex.raw(`drop schema ${schema} cascade`);
await db.knex.raw(`drop schema if exists ${schema}_jobs cascade`); // the job queue's (jobSchemaOf)
await db.close();
process.exit(0);
