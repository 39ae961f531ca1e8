import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-harness';
import { eventReader } from './event-stream';
import { dropSchema, newSchemaName, NOT_RUN_REASON, postgresUrl, sqlInSchema, startServerProcess, warnWhenNotRun, type ServerProcess } from './server-process';

warnWhenNotRun(import.meta.url);

/**
 * Two server processes on one PostgreSQL schema, as behind a load balancer: whatever one server
 * knows (sessions, failed logins, reservation changes) the other knows too.
 */
describe.skipIf(!postgresUrl)(`two servers on one database${NOT_RUN_REASON}`, () => {
  const schema = newSchemaName();
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: Knex;
  let clinicId: string;
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    a = await startServerProcess({ databaseUrl: postgresUrl!, schema, demo: true });
    b = await startServerProcess({ databaseUrl: postgresUrl!, schema });
    sql = sqlInSchema(postgresUrl!, schema);
    clinicId = String((await sql('clinics').where('name', '渋谷').first('id')).id);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.destroy();
    if (postgresUrl) await dropSchema(postgresUrl, schema);
  }, 60_000);

  const sameBrowserOn = (client: TestClient, server: ServerProcess): TestClient => {
    const other = new TestClient(server.url);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };

  it('a session made on server A works on server B, and a logout on B ends it on A as soon as A hears of it', async () => {
    const onA = new TestClient(a.url);
    expect((await onA.login('staffS1001', 'clinic-demo')).status).toBe(200);
    const calendar = `/api/staffs/reservations?clinicId=${clinicId}&from=${day}&to=${day}`;
    expect((await onA.get(calendar)).status).toBe(200);

    const onB = sameBrowserOn(onA, b);
    expect((await onB.get(calendar)).status).toBe(200);

    expect((await onB.post('/api/logout')).status).toBe(204);
    // A keeps sessions in memory between requests; the logout's NOTIFY (milliseconds) makes it forget.
    await expect.poll(async () => (await onA.get(calendar)).status, { timeout: 5_000, interval: 10 }).toBe(401);
    const afterLogout = await onA.get(calendar);
    expect(afterLogout.body.error.code).toBe('UNAUTHENTICATED');
  });

  it("a member's password changed on server B ends their session cached on server A", async () => {
    const onA = new TestClient(a.url);
    expect((await onA.login('user100002', 'clinic-demo')).status).toBe(200);
    expect((await onA.get('/api/users/profile')).status).toBe(200);
    const onB = new TestClient(b.url);
    expect((await onB.login('user100002', 'clinic-demo')).status).toBe(200);
    expect((await onB.put('/api/users', { currentPassword: 'clinic-demo', newPassword: 'a brand new password' })).status).toBe(200);
    await expect.poll(async () => (await onA.get('/api/users/profile')).status, { timeout: 5_000, interval: 10 }).toBe(401);
    expect((await onB.get('/api/users/profile')).status).toBe(200);
  });

  it('a demotion made through server B is answered on server A as soon as A hears of it', async () => {
    const onA = new TestClient(a.url);
    expect((await onA.login('staffS2001', 'clinic-demo')).status).toBe(200);
    const onB = new TestClient(b.url);
    expect((await onB.login('staffadmin', 'clinic-demo')).status).toBe(200);
    const staff = await onB.get('/api/staffs/profile');
    expect(staff.status).toBe(200);
    const s2001 = await sql('staffs').where('employee_number', 'S2001').first('id', 'role', 'clinic_id');
    expect((await onA.get('/api/staffs/profile')).body.role).toBe(s2001.role);
    const other = s2001.role === 'ADMIN' ? 'STAFF' : 'ADMIN';
    const changed = await onB.put(`/api/admin/staffs/${s2001.id}`, {
      ...(await onB.get(`/api/admin/staffs/${s2001.id}`)).body,
      role: other,
    });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await onA.get('/api/staffs/profile')).body.role, { timeout: 5_000, interval: 10 }).toBe(other);
  });

  it('counts failed logins across both servers: 3 on A and 2 on B lock the account on both', async () => {
    const onA = new TestClient(a.url);
    const onB = new TestClient(b.url);
    for (let attempt = 0; attempt < 3; attempt++) expect((await onA.login('user100004', 'wrong password')).status).toBe(401);
    for (let attempt = 0; attempt < 2; attempt++) expect((await onB.login('user100004', 'wrong password')).status).toBe(401);

    for (const client of [onA, onB]) {
      const blocked = await client.login('user100004', 'clinic-demo');
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatchObject({ code: 'RATE_LIMITED', message: '試行回数が上限を超えました。しばらく時間をおいてから再度お試しください。' });
    }
    const member = await sql('users').where('user_number', '100004').first('id');
    expect(await sql('login_attempts').where('key', 'like', `login:user:#${member.id}|%`).select('failures')).toEqual([{ failures: 5 }]);
  });

  it("sends a reservation booked and cancelled on server A to the calendar's live updates on server B", async () => {
    const staffA = new TestClient(a.url);
    const staffB = new TestClient(b.url);
    expect((await staffA.login('staffS1002', 'clinic-demo')).status).toBe(200);
    expect((await staffB.login('staffS1001', 'clinic-demo')).status).toBe(200);

    const stream = await fetch(`${b.url}/api/staffs/events?clinicId=${clinicId}`, { headers: { Cookie: `clinic.sid=${staffB.cookies.get('clinic.sid')}` } });
    expect(stream.status).toBe(200);
    const events = eventReader(stream.body!.getReader());
    try {
      // B listens from its first subscriber on: wait until a probe NOTIFY comes through.
      const channel = `clinic_changes_${schema}`;
      const probe = JSON.stringify({ clinicId, fromMs: 0, toMs: 1 });
      const probed = events.next((data) => data.from === '1970-01-01T09:00:00+09:00');
      const pinger = setInterval(() => void sql.raw('select pg_notify(?, ?)', [channel, probe]).then(() => undefined), 200);
      await probed.finally(() => clearInterval(pinger));

      const menuId = String((await sql('menus').where({ name: 'ピコトーニング', clinic_id: clinicId }).first('id')).id);
      const userId = String((await sql('users').where('user_number', '100001').first('id')).id);
      const search = await staffA.post('/api/staffs/reservations/search-available', { clinicId, menuId, from: day, to: later });
      expect(search.status).toBe(200);
      const slot = search.body.slots[0] as { startsAt: string; endsAt: string };

      const booked = events.next((data) => data.from === slot.startsAt);
      const created = await staffA.post('/api/staffs/reservations', { clinicId, userId, menuId, startsAt: slot.startsAt });
      expect(created.status).toBe(201);
      expect(await booked).toEqual({ clinicId, from: slot.startsAt, to: slot.endsAt });
      const calendarOnB = await staffB.get(`/api/staffs/reservations?clinicId=${clinicId}&from=${slot.startsAt.slice(0, 10)}&to=${slot.startsAt.slice(0, 10)}`);
      expect(calendarOnB.body.map((reservation: { id: string }) => reservation.id)).toContain(created.body.id);

      const cancelled = events.next((data) => data.from === slot.startsAt);
      expect((await staffA.put(`/api/staffs/reservations/${created.body.id}/cancel`)).status).toBe(200);
      expect(await cancelled).toEqual({ clinicId, from: slot.startsAt, to: slot.endsAt });
    } finally {
      await events.close();
    }
  });
});
