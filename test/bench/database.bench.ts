import 'reflect-metadata';
import { migrateToLatest, openDatabase, type Database } from '@clinic/adapters/persistence';
import { ACCOUNTS, composeApplication, createLogger, loadConfig } from '@clinic/server';
import { DateTime } from 'luxon';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { generateStandardClinic, ZONE, type StandardBooking } from './standard-clinic';
import { summarize, type Summary } from './stats';

const iso = (ms: number) => new Date(ms).toISOString();

/** Booking clients: `clients` loops, each posting its share of `bodies`; answers how many were refused. */
const BOOKING_CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, cookie, clients, bodies } = workerData;
let refused = 0;
const loop = async (first) => {
  for (let i = first; i < bodies.length; i += clients) {
    const response = await fetch(base + '/api/staffs/reservations', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(bodies[i]),
    });
    if (response.status !== 201) refused++;
    await response.arrayBuffer();
  }
};
Promise.all(Array.from({ length: clients }, (_, w) => loop(w))).then(() => parentPort.postMessage(refused));
`;

/** Writes the standard clinic (schedules, 60,000 reservations with tasks and holds) into a database. */
export const seed = async (db: Database, today: string) => {
  const k = db.knex;
  const input = generateStandardClinic(today);
  const [clinic] = await k('clinics').insert({ name: 'ベンチ院', phone: '03-0000-0000', min_lead_minutes: 0 }).returning('id');
  const clinicId = String(clinic.id);
  await k('clinic_opening_hours').insert([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ clinic_id: clinicId, weekday, open_time: '09:00', close_time: '20:00' })));
  const ids = async (table: string, rows: object[]) =>
    (await k.batchInsert(table, rows as never, 1000).returning('id')).map((row: { id: string }) => String(row.id));
  const staffIds = await ids(
    'staffs',
    input.staffIds.map((_, i) => ({
      employee_number: `BENCH${i + 1}`,
      email: `bench${i + 1}@example.jp`,
      name: `スタッフ${i + 1}`,
      role: 'STAFF',
      clinic_id: clinicId,
      priority: i,
    })),
  );
  const roomIds = await ids(
    'rooms',
    input.roomIds.map((_, i) => ({ clinic_id: clinicId, name: `部屋${i + 1}`, display_order: i })),
  );
  const machineIds = await ids(
    'machines',
    input.machineIds.map((_, i) => ({ clinic_id: clinicId, name: `機械${i + 1}`, display_order: i })),
  );
  const staffOf = (id: string) => staffIds[Number(id) - 1]!;
  const roomOf = (id: string) => roomIds[Number(id) - 1]!;
  const machineOf = (id: string) => machineIds[Number(id) - 1]!;
  const [category] = await k('menu_categories').insert({ clinic_id: clinicId, name: 'ベンチ' }).returning('id');
  const menu = async (name: string, tasks: typeof input.menuA) => {
    const [row] = await k('menus').insert({ clinic_id: clinicId, category_id: category.id, name, kind: 'NEW' }).returning('id');
    for (const [position, task] of tasks.entries()) {
      const [t] = await k('menu_tasks')
        .insert({ menu_id: row.id, position, duration_minutes: task.durationMinutes, needs_staff: task.needsStaff })
        .returning('id');
      if (task.roomIds.length) await k('menu_task_rooms').insert(task.roomIds.map((id) => ({ task_id: t.id, room_id: roomOf(id) })));
      if (task.machineIds.length) await k('menu_task_machines').insert(task.machineIds.map((id) => ({ task_id: t.id, machine_id: machineOf(id) })));
    }
    await k('staff_menus').insert(staffIds.map((staff_id) => ({ staff_id, menu_id: row.id })));
    return String(row.id);
  };
  const menuA = await menu('メニューA', input.menuA);
  const menuB = await menu('メニューB', input.menuB);
  const menuQuarter = await menu('15分相談', [{ durationMinutes: 15, needsStaff: true, roomIds: [], machineIds: [] }]);

  const scheduleIds = await ids(
    'schedules',
    input.schedules.map((s) => ({ clinic_id: clinicId, staff_id: staffOf(s.staffId), date: s.date, starts_at: iso(s.startMs), ends_at: iso(s.endMs) })),
  );
  await k.batchInsert(
    'schedule_breaks',
    input.schedules.map((s, i) => ({ schedule_id: scheduleIds[i], starts_at: iso(s.breakStartMs), ends_at: iso(s.breakEndMs) })),
    1000,
  );
  const userIds = await ids(
    'users',
    Array.from({ length: 1000 }, (_, i) => ({ clinic_id: clinicId, name: `会員${i + 1}`, kana: 'カイイン', status: 'FULL', user_number: `B${100000 + i}` })),
  );

  const all: StandardBooking[] = [...input.history, ...input.future];
  for (let offset = 0; offset < all.length; offset += 2000) {
    const chunk = all.slice(offset, offset + 2000);
    const reservationIds = await ids(
      'reservations',
      chunk.map((b, i) => ({
        clinic_id: clinicId,
        user_id: userIds[(offset + i) % userIds.length],
        status: b.startMs < Date.now() ? 'VISITED' : 'RESERVED',
        source: 'STAFF',
        starts_at: iso(b.startMs),
        ends_at: iso(b.endMs),
        created_by_type: 'system',
        created_at: iso(b.startMs - 7 * 86_400_000),
      })),
    );
    await k.batchInsert(
      'reservation_menus',
      reservationIds.map((reservation_id) => ({ reservation_id, position: 0, menu_id: menuA })),
      1000,
    );
    const taskIds = await ids(
      'reservation_tasks',
      chunk.map((b, i) => ({
        reservation_id: reservationIds[i],
        position: 0,
        menu_id: menuA,
        starts_at: iso(b.startMs),
        ends_at: iso(b.endMs),
        staff_id: staffOf(b.staffId),
        room_id: b.roomId ? roomOf(b.roomId) : null,
        machine_id: b.machineId ? machineOf(b.machineId) : null,
      })),
    );
    const holds = chunk.flatMap((b, i) =>
      (
        [
          ['STAFF', staffOf(b.staffId)],
          ['ROOM', b.roomId ? roomOf(b.roomId) : null],
          ['MACHINE', b.machineId ? machineOf(b.machineId) : null],
        ] as const
      )
        .filter(([, id]) => id)
        .map(([type, id]) => ({
          clinic_id: clinicId,
          resource_type: type,
          resource_id: id,
          during: k.raw("tstzrange(?, ?, '[)')", [iso(b.startMs), iso(b.endMs)]),
          reservation_task_id: taskIds[i],
        })),
    );
    await k.batchInsert('allocations', holds as never, 1000);
  }
  // The schema's own tables only: a bare ANALYZE reads every table of the database, another
  // schema's 19 GB chain (bench:chain) included, and took a quarter of an hour beside its build.
  const tables = (await k.raw('select tablename from pg_tables where schemaname = current_schema()')).rows as { tablename: string }[];
  for (const { tablename } of tables) await k.raw('analyze ??', [tablename]);
  return { clinicId, menuA, menuB, menuQuarter, staffIds, userIds, input, total: all.length };
};

/**
 * The client of the timed calls: node:http on one kept-alive connection, reading each answer's
 * whole body (its JSON is checked before the timed runs, not parsed at every call). It runs in
 * the server's process, so whatever it spends is inside each call's time: Node's \`fetch\` cost
 * about 2 ms of CPU per search (docs/benchmarks.md, "The 30-day search's schedules, kept").
 */
const httpClient = (base: string) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  return (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const sent = request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
};

/** Wall-clock times, and the CPU time this process (server and client) spent on each call. */
const time = async (runs: number, run: () => Promise<unknown>): Promise<Summary & { cpu: Summary }> => {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ...summarize(times), cpu: summarize(cpu) };
};

export interface DatabaseBench {
  readonly database: string;
  readonly seeded: { reservations: number; seconds: number };
  readonly rows: Array<{ name: string; summary: Summary & { cpu: Summary }; note: string }>;
  readonly bookings: { count: number; seconds: number; perSecond: number; refused: number; overlaps: number };
}

/** The HTTP API on the standard clinic: searches, the calendar's day, and sustained booking. */
export const benchDatabase = async (url: string, today: string): Promise<DatabaseBench> => {
  const schema = url.startsWith('postgres') ? `bench_${Date.now().toString(36)}` : undefined;
  const db = await openDatabase(url, schema ? { schema, poolMax: 20 } : {});
  try {
    await migrateToLatest(db);
    const seedStarted = performance.now();
    const fixture = await seed(db, today);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off' }), webRoot: null };
    const app = await composeApplication(config, db, createLogger('silent'));
    const hash = await app.container.get(ACCOUNTS.hasher).hash('bench-password');
    await db.knex('staffs').where('id', fixture.staffIds[0]).update({ password_hash: hash });
    await db.knex('users').where('id', fixture.userIds[0]).update({ password_hash: hash });
    const server = app.http.koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = async (username: string) => {
      const response = await fetch(`${base}/api/login`, { method: 'POST', body: new URLSearchParams({ username, password: 'bench-password' }) });
      return response.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const staffCookie = await login('staffBENCH1');
    const memberCookie = await login('userB100000');
    const day = (offset: number) => DateTime.fromISO(today, { zone: ZONE }).plus({ days: offset }).toISODate()!;

    const rows: DatabaseBench['rows'] = [];
    const client = httpClient(base);
    const searchRun = async (cookie: string, audience: string, menuId: string, days: number) => {
      const path = `/api/${audience}/reservations/search-available`;
      const body = JSON.stringify({ clinicId: fixture.clinicId, menuId, from: today, to: day(days - 1) });
      const headers = { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      const answer = await client('POST', path, headers, body);
      const slots = (JSON.parse(answer.body.toString()) as { slots?: unknown[] }).slots;
      if (answer.status !== 200 || !slots?.length) throw new Error(`search answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
      return async () => {
        const response = await client('POST', path, headers, body);
        if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      };
    };
    rows.push({
      name: 'search-available, member, menu A, 30 days',
      summary: await time(100, await searchRun(memberCookie, 'users', fixture.menuA, 30)),
      note: 'target p95 ≤ 10 ms (issue 25)',
    });
    rows.push({
      name: 'search-available, staff, menu B, 90 days',
      summary: await time(50, await searchRun(staffCookie, 'staffs', fixture.menuB, 90)),
      note: '',
    });
    rows.push({
      name: 'calendar day (GET /api/staffs/reservations, ~180 reservations)',
      summary: await (async () => {
        const path = `/api/staffs/reservations?clinicId=${fixture.clinicId}&from=${day(1)}&to=${day(1)}`;
        const first = await client('GET', path, { Cookie: staffCookie });
        if (first.status !== 200 || (JSON.parse(first.body.toString()) as unknown[]).length === 0) throw new Error(`calendar answered ${first.status}`);
        return time(200, async () => {
          const response = await client('GET', path, { Cookie: staffCookie });
          if (response.status !== 200) throw new Error(`calendar answered ${response.status}`);
        });
      })(),
      note: 'target p95 ≤ 20 ms',
    });

    // Sustained booking: 16 clients book free staff quarter-hours (each its own) as fast as they can.
    const booked = new Set<string>();
    for (const b of fixture.input.future) {
      for (let t = b.startMs; t < b.endMs; t += 900_000) booked.add(`${b.staffId}@${Math.floor(t / 900_000)}`);
    }
    const free: Array<{ staffId: string; startMs: number }> = [];
    for (const s of fixture.input.schedules.slice(30 * 3)) {
      for (let t = s.startMs; t < s.endMs; t += 900_000) {
        if (t >= s.breakStartMs && t < s.breakEndMs) continue;
        if (!booked.has(`${s.staffId}@${Math.floor(t / 900_000)}`)) free.push({ staffId: fixture.staffIds[Number(s.staffId) - 1]!, startMs: t });
      }
      if (free.length >= 3000) break;
    }
    // The clients run in a worker thread: their own event loop (and core), not the server's.
    const started = performance.now();
    const refused = await new Promise<number>((resolve, reject) => {
      const worker = new Worker(BOOKING_CLIENTS, {
        eval: true,
        workerData: {
          base,
          cookie: staffCookie,
          clients: 16,
          bodies: free.map((slot, i) => ({
            clinicId: fixture.clinicId,
            userId: fixture.userIds[i % fixture.userIds.length],
            menuIds: [fixture.menuQuarter],
            tasks: [{ startsAt: iso(slot.startMs), endsAt: iso(slot.startMs + 900_000), staffId: slot.staffId }],
          })),
        },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    const overlaps = await db.knex.raw(`
      select count(*) as n from allocations a join allocations b
        on a.id < b.id and a.resource_type = b.resource_type and a.resource_id = b.resource_id and a.during && b.during
      where a.live and b.live and a.resource_type = 'STAFF'`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.stop();
    return {
      database: db.description.replace(/ \(schema .*\)/, ''),
      seeded: { reservations: fixture.total, seconds: seedSeconds },
      rows,
      bookings: { count: free.length, seconds, perSecond: free.length / seconds, refused, overlaps: Number(overlaps.rows[0].n) },
    };
  } finally {
    // And the job queue's own schema (messages.module.ts, jobSchemaOf), which runs had left behind.
    if (schema) for (const name of [schema, `${schema}_jobs`]) await db.knex.raw('drop schema if exists ?? cascade', [name]);
    await db.close();
  }
};
