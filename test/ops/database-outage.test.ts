import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type Answer } from '../support/http-harness';
import { TcpProxy } from '../support/tcp-proxy';
import { eventReader } from './event-stream';
import { CLEAN, integrityReport } from './integrity';
import { dropSchema, newSchemaName, NOT_RUN_REASON, postgresUrl, sqlInSchema, startServerProcess, warnWhenNotRun, type ServerProcess } from './server-process';

/** The longest any request may take while PostgreSQL is away (connect and acquire time out at 5 s). */
const ANSWER_BOUND_MS = 20_000;
const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: 'サーバからの応答がありません。管理者にお問い合わせください。' };

type Phase = 'before' | 'outage' | 'after';
interface Outcome {
  /** The phase when the request was sent. */
  readonly phase: Phase;
  /** The phase when its answer came. */
  readonly ended: Phase;
  readonly kind: 'calendar' | 'search' | 'book';
  readonly status: number | 'timeout' | 'network';
  readonly body: Answer['body'];
  readonly ms: number;
}

warnWhenNotRun(import.meta.url);

/**
 * PostgreSQL goes away under load (a TCP proxy between the server process and the shared
 * PostgreSQL drops every connection and refuses new ones) and comes back.
 */
describe.skipIf(!postgresUrl)(`a server when PostgreSQL becomes unreachable under load${NOT_RUN_REASON}`, () => {
  const schema = newSchemaName();
  let proxy: TcpProxy;
  let server: ServerProcess;
  let sql: Knex;

  beforeAll(async () => {
    const target = new URL(postgresUrl!);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServerProcess({ databaseUrl: proxy.rewrite(postgresUrl!), schema, demo: true });
    sql = sqlInSchema(postgresUrl!, schema);
  }, 240_000);

  afterAll(async () => {
    // SHOW_SERVER_LOG=1 prints what the server logged (its warnings for each 503), to look into a failure.
    if (process.env.SHOW_SERVER_LOG) console.log(server?.output());
    await server?.stop();
    await proxy?.close();
    await sql?.destroy();
    if (postgresUrl) await dropSchema(postgresUrl, schema);
  }, 60_000);

  it('answers 503 with the Japanese message (never 500, never hanging), recovers by itself, and leaves no half-written reservation', async () => {
    const staff = new TestClient(server.url);
    expect((await staff.login('staffS1001', 'clinic-demo')).status).toBe(200);
    const clinicId = String((await sql('clinics').where('name', '渋谷').first('id')).id);
    const menuId = String((await sql('menus').where({ name: 'ピコトーニング', clinic_id: clinicId }).first('id')).id);
    const userIds = (await sql('users').where('clinic_id', clinicId).whereNotNull('user_number').select('id')).map((row) => String(row.id));
    const days = Array.from({ length: 7 }, (_, index) => new Date(Date.now() + (3 + index) * 86_400_000).toISOString().slice(0, 10));
    const search = await staff.post('/api/staffs/reservations/search-available', { clinicId, menuId, from: days[0], to: days.at(-1) });
    const slots = (search.body.slots as { startsAt: string }[]).map((slot) => slot.startsAt);
    expect(slots.length).toBeGreaterThan(20);

    const outcomes: Outcome[] = [];
    let phase: Phase = 'before';
    let stopped = false;
    let next = 0;
    const cookie = () => [...staff.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const call = async (kind: Outcome['kind'], method: string, path: string, json?: unknown) => {
      const started = phase;
      const t0 = performance.now();
      try {
        const response = await fetch(server.url + path, {
          method,
          headers: { Cookie: cookie(), 'X-Requested-With': 'XMLHttpRequest', ...(json ? { 'Content-Type': 'application/json' } : {}) },
          body: json ? JSON.stringify(json) : undefined,
          signal: AbortSignal.timeout(ANSWER_BOUND_MS),
        });
        const text = await response.text();
        outcomes.push({ phase: started, ended: phase, kind, status: response.status, body: text ? JSON.parse(text) : null, ms: performance.now() - t0 });
      } catch (error) {
        outcomes.push({
          phase: started,
          ended: phase,
          kind,
          status: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network',
          body: String(error),
          ms: performance.now() - t0,
        });
      }
    };
    const worker = async (id: number) => {
      for (let round = 0; !stopped; round++) {
        const day = days[(id + round) % days.length]!;
        const which = (id + round) % 3;
        if (which === 0) await call('calendar', 'GET', `/api/staffs/reservations?clinicId=${clinicId}&from=${day}&to=${day}`);
        else if (which === 1) await call('search', 'POST', '/api/staffs/reservations/search-available', { clinicId, menuId, from: day, to: day });
        else {
          const startsAt = slots[next++ % slots.length]!;
          await call('book', 'POST', '/api/staffs/reservations', { clinicId, userId: userIds[next % userIds.length], menuId, startsAt });
        }
      }
    };
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const count = (wanted: Phase) => outcomes.filter((outcome) => outcome.phase === wanted).length;

    const workers = Promise.all(Array.from({ length: 6 }, (_, id) => worker(id)));
    await until(() => count('before') >= 30);
    await proxy.cut();
    phase = 'outage';
    await until(() => count('outage') >= 150);
    await proxy.restore();
    phase = 'after';
    await until(() => outcomes.filter((outcome) => outcome.phase === 'after' && outcome.status === 200).length >= 30);
    stopped = true;
    await workers;

    const summary = (['before', 'outage', 'after'] as const).map((wanted) => {
      const mine = outcomes.filter((outcome) => outcome.phase === wanted);
      const counts = new Map<string, number>();
      for (const outcome of mine) counts.set(String(outcome.status), (counts.get(String(outcome.status)) ?? 0) + 1);
      const byStatus = [...counts].map(([status, n]) => `${status}×${n}`);
      return `${wanted}: ${byStatus.join(' ')} (slowest ${Math.round(Math.max(...mine.map((outcome) => outcome.ms)))} ms)`;
    });
    console.info(`database outage under load — ${summary.join('; ')}`);
    const statuses = (wanted: Phase) => [...new Set(outcomes.filter((outcome) => outcome.phase === wanted).map((outcome) => outcome.status))].sort();
    // Nothing but answers the client can act on: no 500, no request left hanging, no dropped connection.
    for (const outcome of outcomes) expect([200, 201, 409, 503], JSON.stringify(outcome)).toContain(outcome.status);
    for (const outcome of outcomes.filter((candidate) => candidate.status === 503)) expect(outcome.body.error).toEqual(UNAVAILABLE);
    expect(statuses('outage')).toContain(503);
    // What was both asked and answered while PostgreSQL was away could not have read it.
    expect(outcomes.filter((outcome) => outcome.phase === 'outage' && outcome.ended === 'outage' && outcome.status !== 503)).toEqual([]);
    // Back by itself, same process: reads and bookings work again.
    expect(server.child.exitCode).toBeNull();
    expect(outcomes.filter((outcome) => outcome.phase === 'after' && outcome.kind === 'book' && outcome.status === 201).length).toBeGreaterThan(0);

    // Every booking that was answered 201 is there, and nothing is half-written or double-booked.
    const createdIds = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => String(outcome.body.id));
    const stored = await sql('reservations').whereIn('id', createdIds).select('id', 'status');
    expect(stored.map((row) => String(row.id)).sort()).toEqual([...createdIds].sort());
    expect(await integrityReport(sql)).toEqual(CLEAN);
  }, 90_000);
  it("resumes the calendar's live updates after the outage, on the same open event stream", async () => {
    const staff = new TestClient(server.url);
    expect((await staff.login('staffS1002', 'clinic-demo')).status).toBe(200);
    const clinicId = String((await sql('clinics').where('name', '渋谷').first('id')).id);
    const stream = await fetch(`${server.url}/api/staffs/events?clinicId=${clinicId}`, {
      headers: { Cookie: `clinic.sid=${staff.cookies.get('clinic.sid')}` },
    });
    expect(stream.status).toBe(200);
    const events = eventReader(stream.body!.getReader());
    const channel = `clinic_changes_${schema}`;
    let probe = 0;
    // NOTIFYs straight to PostgreSQL (not through the proxy), each with its own time, until the
    // server's LISTEN passes one on to the stream.
    const heard = async () => {
      const fromMs = ++probe * 60_000;
      const from = `${new Date(fromMs + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
      const seen = events.next((data) => data.from === from);
      const pinger = setInterval(
        () => void sql.raw('select pg_notify(?, ?)', [channel, JSON.stringify({ clinicId, fromMs, toMs: fromMs + 1 })]).then(() => undefined),
        200,
      );
      await seen.finally(() => clearInterval(pinger));
    };
    try {
      await heard();
      await proxy.cut();
      // While PostgreSQL is away the stream stays open (the server itself is up) …
      expect((await staff.get(`/api/staffs/reservations?clinicId=${clinicId}&from=2030-01-01&to=2030-01-01`)).status).toBe(503);
      await proxy.restore();
      // … and once it is back the server listens again by itself, tells the stream to reload what
      // it shows (changes made meanwhile were not announced), and a booking reaches the stream.
      expect(events.resyncs()).toBe(0);
      await heard();
      // The resync is sent once LISTEN is back in place; a NOTIFY that PostgreSQL answers in the
      // same packet as the LISTEN may reach the stream just before it (the stream reloads anyway).
      await events.resynced();
      expect(events.resyncs()).toBe(1);
      const menuId = String((await sql('menus').where({ name: 'ピコトーニング', clinic_id: clinicId }).first('id')).id);
      const userId = String((await sql('users').where('user_number', '100001').first('id')).id);
      const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const slot = (await staff.post('/api/staffs/reservations/search-available', { clinicId, menuId, from: day, to: day })).body.slots[0] as {
        startsAt: string;
        endsAt: string;
      };
      const booked = events.next((data) => data.from === slot.startsAt);
      expect((await staff.post('/api/staffs/reservations', { clinicId, userId, menuId, startsAt: slot.startsAt })).status).toBe(201);
      expect(await booked).toEqual({ clinicId, from: slot.startsAt, to: slot.endsAt });
    } finally {
      await events.close();
    }
  }, 60_000);
});
