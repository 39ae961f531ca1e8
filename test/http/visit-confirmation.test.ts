import type { RegisteredRoute } from '@clinic/adapters/http';
import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type Answer, type TestClient, type TestServer } from '../support/http-harness';

// Tuesday 1 December 2026, 18:05 in Tokyo: the reminder of tomorrow's visits went out at 18:00.
const clock = fixedClock('2026-12-01T18:05:00+09:00');
let server: TestServer;
let fixture: BookingFixture;
let alice: TestClient;
let bob: TestClient;
let staff: TestClient;

const book = async (client: TestClient, startsAt: string, menuId = fixture.menuA): Promise<string> => {
  const answer = await client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId, startsAt });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};
const confirm = (client: TestClient, id: string) => client.put(`/api/users/reservations/${id}/confirm`);

/** The answer matches the 2xx schema the route declares (what /api/openapi.json publishes). */
const expectDeclared = (method: RegisteredRoute['method'], path: string, answer: Answer) => {
  const route = server.app.http.routes.find((r) => r.method === method && r.path === path);
  const schema = route && Object.entries(route.spec.responses).find(([status]) => Number(status) === answer.status)?.[1].schema;
  expect(schema, `${method} ${path} ${answer.status} declares a schema`).toBeDefined();
  const parsed = schema!.safeParse(answer.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
};

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T18:05:00+09:00');
  await server.reset();
  await seedPeople(server.app);
  fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 45, staff: 2, rooms: 2, machines: 1 });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  await memberOf(server.db, fixture.clinicId, hash, '200001');
  await memberOf(server.db, fixture.clinicId, hash, '200002');
  alice = server.client();
  bob = server.client();
  staff = server.client();
  await alice.login('user200001', PASSWORD);
  await bob.login('user200002', PASSWORD);
  await staff.login('staffS0001', PASSWORD);
});

describe('a member confirms the visit', () => {
  it('records the time, shows it to the member and to staff (list and detail), and audits it', async () => {
    const id = await book(alice, at('2026-12-02T10:00'));
    expect((await alice.get(`/api/users/reservations/${id}`)).body.confirmedAt).toBeNull();

    const confirmed = await confirm(alice, id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id, status: 'RESERVED', confirmedAt: '2026-12-01T18:05:00+09:00' });
    expectDeclared('put', '/api/users/reservations/:id/confirm', confirmed);

    const own = await alice.get(`/api/users/reservations/${id}`);
    expect(own.body.confirmedAt).toBe('2026-12-01T18:05:00+09:00');
    expectDeclared('get', '/api/users/reservations/:id', own);
    const list = await staff.get(`/api/staffs/reservations?clinicId=${fixture.clinicId}&from=2026-12-02&to=2026-12-02`);
    expect(list.body.map((r: { id: string; confirmedAt: string | null }) => [r.id, r.confirmedAt])).toEqual([[id, '2026-12-01T18:05:00+09:00']]);
    expectDeclared('get', '/api/staffs/reservations', list);
    const detail = await staff.get(`/api/staffs/reservations/${id}`);
    expect(detail.body.confirmedAt).toBe('2026-12-01T18:05:00+09:00');
    expectDeclared('get', '/api/staffs/reservations/:id', detail);

    const trail = await server.db.knex('audit_log').where({ entity: 'reservation', entity_id: id, action: 'reservation.confirm' }).select('actor_type', 'kind');
    expect(trail).toEqual([{ actor_type: 'user', kind: 'change' }]);
  });

  it('keeps the first time when confirmed again', async () => {
    const id = await book(alice, at('2026-12-02T10:00'));
    await confirm(alice, id);
    clock.set('2026-12-01T21:30:00+09:00');
    const again = await confirm(alice, id);
    expect(again.status).toBe(200);
    expect(again.body.confirmedAt).toBe('2026-12-01T18:05:00+09:00');
    expect(Number((await server.db.knex('audit_log').where({ entity_id: id, action: 'reservation.confirm' }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it("answers another member's reservation as not found, and changes nothing", async () => {
    const id = await book(alice, at('2026-12-02T10:00'));
    const answer = await confirm(bob, id);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('RESERVATION_NOT_FOUND');
    expect((await server.db.knex('reservations').where('id', id).first()).confirmed_at).toBeNull();
    expect((await confirm(alice, '999999999')).status).toBe(404);
  });

  it('refuses a cancelled visit and a visit that has started, in Japanese', async () => {
    const cancelled = await book(alice, at('2026-12-03T10:00'));
    await alice.put(`/api/users/reservations/${cancelled}/cancel`);
    const refused = await confirm(alice, cancelled);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'VISIT_NOT_CONFIRMABLE',
      detail: { status: 'CANCELLED', phone: '03-1111-2222' },
      message: 'この予約はご来院の確認ができません。キャンセル済みか、予約の時刻を過ぎています。ご不明な点はクリニックへお電話ください。',
    });

    const started = await book(alice, at('2026-12-02T10:00'));
    clock.set('2026-12-02T10:00:00+09:00');
    expect((await confirm(alice, started)).body.error.code).toBe('VISIT_NOT_CONFIRMABLE');
    expect((await server.db.knex('reservations').whereNotNull('confirmed_at')).length).toBe(0);
  });

  it('is cleared when the time of the visit changes, and kept when only the memo does', async () => {
    const id = await book(alice, at('2026-12-05T10:00'));
    await confirm(alice, id);
    expect((await staff.put(`/api/staffs/reservations/${id}`, { memo: '日焼けあり' })).body.confirmedAt).toBe('2026-12-01T18:05:00+09:00');
    const moved = await alice.put(`/api/users/reservations/${id}`, { startsAt: at('2026-12-05T15:00') });
    expect(moved.status).toBe(200);
    expect(moved.body.confirmedAt).toBeNull();

    await confirm(alice, id);
    const dragged = await staff.put(`/api/staffs/reservations/${id}/move`, { startsAt: at('2026-12-05T16:00') });
    expect(dragged.body.confirmedAt).toBeNull();
  });
});

describe('a guest confirms the visit', () => {
  const guest = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'yamada.hanako@example.jp' };

  it('confirms with the cancel token and sees the date and menu; an unknown token is refused', async () => {
    const booked = await server
      .client()
      .post('/api/guests/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T11:00'), guest });
    expect((await server.client().put('/api/guests/reservations/confirm', { token: 'x'.repeat(43) })).body.error.code).toBe('INVALID_TOKEN');
    const confirmed = await server.client().put('/api/guests/reservations/confirm', { token: booked.body.cancelToken });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      id: booked.body.id,
      status: 'RESERVED',
      startsAt: '2026-12-03T11:00:00+09:00',
      endsAt: '2026-12-03T12:00:00+09:00',
      clinicId: fixture.clinicId,
      menus: [{ id: fixture.menuA, name: 'ピコトーニング' }],
      confirmedAt: '2026-12-01T18:05:00+09:00',
    });
    expectDeclared('put', '/api/guests/reservations/confirm', confirmed);
    const trail = await server.db.knex('audit_log').where({ entity_id: booked.body.id, action: 'reservation.confirm' }).select('actor_type');
    expect(trail).toEqual([{ actor_type: 'guest' }]);

    await server.client().put('/api/guests/reservations/cancel', { token: booked.body.cancelToken });
    expect((await server.client().put('/api/guests/reservations/confirm', { token: booked.body.cancelToken })).status).toBe(409);
  });

  it('checks the body', async () => {
    const answer = await server.client().put('/api/guests/reservations/confirm', {});
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('under concurrency', () => {
  it('of many confirmations at once, one records the time and one audit entry; all answer it', async () => {
    const id = await book(alice, at('2026-12-02T10:00'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(alice, id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.confirmedAt))).toEqual(new Set(['2026-12-01T18:05:00+09:00']));
    expect(Number((await server.db.knex('audit_log').where({ entity_id: id, action: 'reservation.confirm' }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('a confirmation racing a cancel never leaves a confirmation made after the cancel', async () => {
    for (let round = 0; round < 6; round += 1) {
      await server.db.knex('reservations').delete();
      const id = await book(alice, at('2026-12-02T10:00'));
      const [confirmed] = await Promise.all([confirm(alice, id), staff.put(`/api/staffs/reservations/${id}/cancel`)]);
      const row = await server.db.knex('reservations').where('id', id).first('status', 'confirmed_at');
      expect(row.status).toBe('CANCELLED');
      if (confirmed.status === 200) expect(row.confirmed_at).not.toBeNull();
      else {
        expect(confirmed.body.error.code).toBe('VISIT_NOT_CONFIRMABLE');
        expect(row.confirmed_at).toBeNull();
      }
    }
  });
});
