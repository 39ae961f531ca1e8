import { fixedClock } from '@clinic/core';
import { ACCOUNTS, WAITLIST } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { databaseTargets } from '../support/databases';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { sentDuring } from '../support/statements';

/**
 * The waitlist cannot be flooded (issue 26, docs/waitlist.md): one open entry per person, clinic
 * and menu, held by the database whatever the requests racing to join and however the phone is
 * spelt; caps of open entries per person and per client address; times the clinic's hours never
 * meet refused; a cancel's matching reads only the entries whose times can meet the freed time;
 * entries that can no longer be accepted are passed over; an offer swept by the worker answers
 * OFFER_EXPIRED to a late accept.
 */
const NOW = '2026-12-01T10:00:00+09:00';
const VISIT = at('2026-12-02T11:00');
const DAY = '2026-12-02';

describe.each(databaseTargets())('the waitlist cannot be flooded, on $name', (target) => {
  const clock = fixedClock(NOW);
  let server: TestServer;
  let fixture: BookingFixture;
  let staff: TestClient;
  let members: Record<string, TestClient>;
  let memberIds: Record<string, string>;

  const login = async (number: string) => {
    const client = server.client();
    expect((await client.login(`user${number}`, PASSWORD)).status).toBeLessThan(400);
    return client;
  };
  const book = (client: TestClient, startsAt = VISIT) =>
    client.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt });
  const join = (client: TestClient, times = [{ start: '11:00', end: '11:15' }], menuId = fixture.menuA) =>
    client.post('/api/users/waitlist', { clinicId: fixture.clinicId, menuId, from: DAY, to: DAY, times });
  const guestJoin = (client: TestClient, guest: { name: string; phone: string; email: string }, times = [{ start: '11:00', end: '11:15' }]) =>
    client.post('/api/guests/waitlist', { clinicId: fixture.clinicId, menuId: fixture.menuA, from: DAY, to: DAY, times, guest: { ...guest, kana: 'タイキ' } });
  const mine = async (client: TestClient) =>
    (await client.get('/api/users/waitlist')).body as { id: string; status: string; offer: { startsAt: string } | null }[];
  const cancel = async (client: TestClient, id: string) => expect((await client.put(`/api/users/reservations/${id}/cancel`)).status).toBe(200);
  const openEntries = async () => Number((await server.db.knex('waitlist_entries').whereIn('status', ['WAITING', 'OFFERED']).count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    // The caps as production has them (the harness raises them for other files).
    server = await startTestServer({ MESSAGE_WORKER: 'off', WAITLIST_MAX_OPEN_PER_PERSON: '', WAITLIST_MAX_OPEN_PER_ADDRESS: '' }, { clock }, target);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    clock.set(NOW);
    await server.reset();
    await seedPeople(server.app);
    fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, staff: 1, rooms: 1, machines: 1 });
    const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
    memberIds = {};
    for (const number of ['400001', '400002', '400003']) memberIds[number] = await memberOf(server.db, fixture.clinicId, hash, number);
    members = Object.fromEntries(await Promise.all(['400001', '400002', '400003'].map(async (n) => [n, await login(n)] as const)));
    staff = server.client();
    expect((await staff.login('staffS0001', PASSWORD)).status).toBeLessThan(400);
  });

  it('ten simultaneous joins of one member for one menu: one 201, nine 409 WAITLIST_ALREADY_JOINED, one entry', async () => {
    await book(members['400001']!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(members['400002']!)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body.error.code).toBe('WAITLIST_ALREADY_JOINED');
    expect(await openEntries()).toBe(1);
  });

  it('ten simultaneous guest joins with one phone spelt ten ways and ten names: one 201, nine 409, one entry', async () => {
    await book(members['400001']!);
    const spellings = [
      '090-5555-0001',
      '09055550001',
      '+81 90-5555-0001',
      '+819055550001',
      '０９０－５５５５－０００１',
      '+81 (0)90 5555 0001',
      '090 5555 0001',
      '＋８１ ９０ ５５５５ ０００１',
      '(090) 5555-0001',
      '090-5555 0001',
    ];
    const answers = await Promise.all(
      spellings.map((phone, index) => guestJoin(server.client(), { name: `待機 ${index}号`, phone, email: `taiki${index}@example.jp` })),
    );
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body.error.code).toBe('WAITLIST_ALREADY_JOINED');
    expect(await openEntries()).toBe(1);
  });

  it('caps open entries: five per person, ten guest entries per client address', async () => {
    // Five menus for one member: the sixth join is refused, whatever the menu.
    const menus = (
      await server.db
        .knex('menus')
        .insert(
          Array.from({ length: 5 }, (_, index) => ({
            clinic_id: fixture.clinicId,
            category_id: fixture.categoryId,
            name: `追加メニュー${index}`,
            kind: 'NEW',
          })),
        )
        .returning('id')
    ).map((row: { id: string }) => String(row.id));
    const tasks = await server.db.knex('menu_tasks').where('menu_id', fixture.menuA);
    for (const menuId of menus) {
      await server.db.knex('menu_tasks').insert(tasks.map(({ id: _id, menu_id: _menu, ...task }) => ({ ...task, menu_id: menuId })));
      await server.db.knex('staff_menus').insert(fixture.staffIds.map((staffId) => ({ staff_id: staffId, menu_id: menuId })));
    }
    await book(members['400001']!);
    for (const menuId of [fixture.menuA, ...menus.slice(0, 4)]) expect((await join(members['400002']!, undefined, menuId)).status).toBe(201);
    const sixth = await join(members['400002']!, undefined, menus[4]);
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatchObject({ code: 'WAITLIST_LIMIT_REACHED' });
    expect(sixth.body.error.message).toContain('上限');

    // Guests from one connection, each with a phone of their own: ten, then refused.
    const client = server.client();
    for (let index = 0; index < 10; index++)
      expect(
        (await guestJoin(client, { name: `接続 ${index}`, phone: `080-7777-00${String(index).padStart(2, '0')}`, email: `c${index}@example.jp` })).status,
      ).toBe(201);
    const eleventh = await guestJoin(client, { name: '接続 10', phone: '080-7777-0010', email: 'c10@example.jp' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('WAITLIST_LIMIT_REACHED');
    // A withdrawn entry frees its place.
    const [first] = await mine(members['400002']!);
    expect((await members['400002']!.request('DELETE', `/api/users/waitlist/${first!.id}`)).status).toBe(204);
    expect((await join(members['400002']!, undefined, menus[4])).status).toBe(201);
  });

  it('refuses times and days the clinic never opens for, with the field named', async () => {
    // Open 10:00–19:00; a 60-minute menu can start 10:00–18:00.
    const night = await join(members['400002']!, [{ start: '03:00', end: '05:00' }]);
    expect(night.status).toBe(400);
    expect(night.body.error.fields).toEqual([{ path: 'times.0', message: expect.stringContaining('診療時間外') }]);
    const tooLate = await join(members['400002']!, [
      { start: '11:00', end: '12:00' },
      { start: '18:30', end: '19:00' },
    ]);
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error.fields).toEqual([{ path: 'times.1', message: expect.stringContaining('診療時間外') }]);
    await server.db.knex('clinic_holidays').insert({ clinic_id: fixture.clinicId, date: DAY, name: '臨時休診' });
    const closed = await join(members['400002']!, []);
    expect(closed.status).toBe(400);
    expect(closed.body.error.fields).toEqual([{ path: 'from', message: expect.stringContaining('休診日') }]);
    expect(await openEntries()).toBe(0);
  });

  it("a cancel's matching reads only entries that can meet the freed time: 500 waiting on other times cost it nothing more", async () => {
    const guestEntries = (count: number, offset: number) =>
      Array.from({ length: count }, (_, index) => ({
        clinic_id: fixture.clinicId,
        menu_id: fixture.menuA,
        guest: JSON.stringify({ name: `夕方 ${offset + index}`, kana: 'ユウガタ', phone: `070-1${String(offset + index).padStart(3, '0')}-0000`, email: '' }),
        token_hash: `hash-${offset + index}`,
        from_day: DAY,
        to_day: DAY,
        times: JSON.stringify([{ start: '17:00', end: '18:00' }]),
      }));
    const cancelCost = async () => {
      const booked = await book(members['400001']!);
      expect(booked.status).toBe(201);
      const sent = await sentDuring(server.db.knex, () => cancel(members['400001']!, booked.body.id));
      return sent.map((statement) => statement.sql);
    };
    await server.db.knex('waitlist_entries').insert(guestEntries(1, 0));
    const withOne = await cancelCost();
    await server.db.knex('waitlist_entries').insert(guestEntries(499, 1));
    const withFiveHundred = await cancelCost();
    // The same statements, one by one: the entries are left out in SQL, nothing is loaded for any of them.
    expect(withFiveHundred).toEqual(withOne);
    expect(Number((await server.db.knex('waitlist_entries').where('status', 'WAITING').count({ n: '*' }).first())!.n)).toBe(500);

    // One entry that fits among them is offered the freed time.
    const booked = await book(members['400001']!);
    expect(booked.status).toBe(201);
    expect((await join(members['400002']!)).status).toBe(201);
    await cancel(members['400001']!, booked.body.id);
    expect((await mine(members['400002']!))[0]).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00' } });
  });

  it('passes over entries that can no longer be accepted: restricted since, a guest who must log in, a visit of the menu already booked', async () => {
    const booked = await book(members['400001']!);
    // In registration order: a member restricted after joining, a guest naming a FULL member, a member who booked the menu since, then one who can accept.
    expect((await join(members['400002']!)).status).toBe(201);
    expect((await guestJoin(server.client(), { name: '後から 会員', phone: '080-3333-4444', email: 'later@example.jp' })).status).toBe(201);
    expect((await join(members['400003']!)).status).toBe(201);
    const guest = await guestJoin(server.client(), { name: '受けられる 人', phone: '080-5555-6666', email: 'able@example.jp' });
    expect(guest.status).toBe(201);

    expect(
      (await staff.put(`/api/staffs/users/${memberIds['400002']}/booking-restriction`, { restricted: true, reason: '無断キャンセルが続いたため' })).status,
    ).toBeLessThan(300);
    await server.db
      .knex('users')
      .insert({ clinic_id: fixture.clinicId, name: '後から　会員', kana: 'アトカラ', phone: '+81 80 3333 4444', status: 'FULL', user_number: '499999' });
    expect((await book(members['400003']!, at('2026-12-03T15:00'))).status).toBe(201);

    await cancel(members['400001']!, booked.body.id);
    expect((await mine(members['400002']!))[0]!.status).toBe('WAITING');
    expect((await mine(members['400003']!))[0]!.status).toBe('WAITING');
    const seen = await server.client().get(`/api/guests/waitlist?token=${encodeURIComponent(guest.body.token as string)}`);
    expect(seen.body).toMatchObject({ status: 'OFFERED', offer: { startsAt: '2026-12-02T11:00:00+09:00' } });
    const offered = await server.db.knex('waitlist_entries').where('status', 'OFFERED').select('id');
    expect(offered.map((row: { id: string }) => String(row.id))).toEqual([String(guest.body.id)]);
  });

  it('a guest joining with the phone and name of a FULL member is asked to log in (MEMBER_LOGIN_REQUIRED), nothing written', async () => {
    await server.db.knex('users').where('id', memberIds['400002']).update({ phone: '090-1212-3434' });
    const answer = await guestJoin(server.client(), { name: '会員400002', phone: '+81 90 1212 3434', email: 'someone@example.jp' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('MEMBER_LOGIN_REQUIRED');
    expect(await openEntries()).toBe(0);
  });

  it('an offer the worker swept as expired answers a late accept OFFER_EXPIRED', async () => {
    const booked = await book(members['400001']!);
    await join(members['400002']!);
    await cancel(members['400001']!, booked.body.id);
    const [entry] = await mine(members['400002']!);
    expect(entry!.status).toBe('OFFERED');
    clock.set('2026-12-01T10:31:00+09:00');
    expect(await server.app.container.get(WAITLIST.useCase).expireDue()).toBe(1);
    const late = await members['400002']!.post(`/api/users/waitlist/${entry!.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('OFFER_EXPIRED');
  });
});
