import { ACCOUNTS } from '@clinic/server';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic, type BookingFixture } from '../support/booking-fixture';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';

const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let staffX: TestClient;
let staffY: TestClient;
let admin: TestClient;
let member: TestClient;

const outbox = async () => (await admin.get('/api/admin/mail-outbox')).body as Array<{ to: string; subject: string; text: string }>;
/** Messages are delivered in the background (docs/messages.md): the outbox once it holds `count` mails. */
const outboxOf = (count: number, to?: string) =>
  waitFor(
    async () => {
      const mails = (await outbox()).filter((mail) => to === undefined || mail.to === to);
      return mails.length >= count ? mails : null;
    },
    `${count} mails${to ? ` to ${to}` : ''}`,
  );
const create = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/staffs/users', {
    clinicId: people.clinicX.id,
    name: '新規 会員',
    kana: 'シンキ カイイン',
    phone: '090-1111-2222',
    status: 'FULL',
    ...body,
  });

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://reserve.example.jp', MESSAGE_POLL_SECONDS: '0.5' }, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  people = await seedPeople(server.app);
  staffX = server.client();
  staffY = server.client();
  admin = server.client();
  member = server.client();
  await staffX.login('staffS0001', PASSWORD);
  await staffY.login('staffS0002', PASSWORD);
  await admin.login('staffA0001', PASSWORD);
  await member.login('user100001', PASSWORD);
});

describe('creating members', () => {
  it('gives a FULL member the next free card number and a TEMPORARY member none', async () => {
    const full = await create(staffY, { email: 'new@example.jp' });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({
      userNumber: '100002',
      status: 'FULL',
      clinicId: people.clinicX.id,
      clinicName: '渋谷',
      hasPassword: false,
      giftCount: 0,
      tagIds: [],
      lastVisitAt: null,
      email: 'new@example.jp',
    });
    expect((await create(admin, {})).body.userNumber).toBe('100003');
    const temporary = await create(staffX, { status: 'TEMPORARY' });
    expect(temporary.body).toMatchObject({ userNumber: null, status: 'TEMPORARY' });
    expect((await create(staffX, { userNumber: 'C-77' })).body.userNumber).toBe('C-77');
    const cardOnTemporary = await create(staffX, { status: 'TEMPORARY', userNumber: '555' });
    expect(cardOnTemporary.status).toBe(400);
    expect(cardOnTemporary.body.error.fields[0].path).toBe('userNumber');
  });

  it('refuses a taken email or card number, an unknown introducer or clinic, and bad fields', async () => {
    expect((await create(staffX, { email: 'HANAKO@example.jp' })).body.error.code).toBe('EMAIL_DUPLICATE');
    const taken = await create(staffX, { userNumber: '100001' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ACCOUNT_EXISTS');
    const introducer = await create(staffX, { introducerUserNumber: '999999' });
    expect(introducer.status).toBe(400);
    expect(introducer.body.error.code).toBe('INTRODUCER_NOT_FOUND');
    const clinic = await create(staffX, { clinicId: '999999' });
    expect(clinic.status).toBe(400);
    expect(clinic.body.error.code).toBe('CLINIC_NOT_FOUND');
    const bad = await create(staffX, { name: '', phone: 'abc', status: 'VIP' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(Number((await server.db.knex('users').count({ n: '*' }).first())!.n)).toBe(2);
  });

  it('counts a gift for the introducer when the introduced member is or becomes FULL, once', async () => {
    const full = await create(staffX, { introducerUserNumber: '100001' });
    expect(full.body).toMatchObject({ introducerUserId: people.member.id, introducerUserNumber: '100001', introducerName: people.member.name });
    expect((await staffX.get(`/api/staffs/users/${people.member.id}`)).body.giftCount).toBe(1);
    const temporary = await create(staffX, { status: 'TEMPORARY', introducerUserNumber: '100001' });
    expect((await staffX.get(`/api/staffs/users/${people.member.id}`)).body.giftCount).toBe(1);
    const registered = await staffX.put(`/api/staffs/users/${temporary.body.id}`, { status: 'FULL' });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ status: 'FULL', userNumber: '100003' });
    expect((await staffX.get(`/api/staffs/users/${people.member.id}`)).body.giftCount).toBe(2);
    const again = await staffX.put(`/api/staffs/users/${temporary.body.id}`, { status: 'FULL' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_MEMBER');
    expect((await staffX.get(`/api/staffs/users/${people.member.id}`)).body.giftCount).toBe(2);

    const reset = await staffY.put(`/api/staffs/users/${people.member.id}/reset-gift`);
    expect(reset.status).toBe(200);
    expect(reset.body.giftCount).toBe(0);
  });
});

describe('editing members', () => {
  it('edits details, keeps what is left out, and registers a TEMPORARY member with a card number', async () => {
    const edited = await staffY.put(`/api/staffs/users/${people.member.id}`, { name: '山田 花子', birthday: '1985-01-02', externalMemberId: 'EXT-1' });
    expect(edited.body).toMatchObject({
      name: '山田 花子',
      birthday: '1985-01-02',
      externalMemberId: 'EXT-1',
      email: 'hanako@example.jp',
      userNumber: '100001',
    });
    const taken = await staffX.put(`/api/staffs/users/${people.temporary.id}`, { status: 'FULL', userNumber: '100001' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ACCOUNT_EXISTS');
    expect((await server.db.knex('users').where('id', people.temporary.id).first()).status).toBe('TEMPORARY');
    const registered = await staffX.put(`/api/staffs/users/${people.temporary.id}`, { status: 'FULL', userNumber: 'K-1' });
    expect(registered.body).toMatchObject({ status: 'FULL', userNumber: 'K-1' });
    expect((await staffX.put(`/api/staffs/users/${people.member.id}`, { status: 'TEMPORARY' })).status).toBe(400);
    expect((await staffX.put(`/api/staffs/users/${people.member.id}`, { email: 'kari@example.jp' })).body.error.code).toBe('EMAIL_DUPLICATE');
    expect((await staffX.put('/api/staffs/users/999999', { name: 'x' })).status).toBe(404);
  });

  it('unlinks LINE and sets tags (an unknown tag is 400)', async () => {
    await server.db.knex('users').where('id', people.member.id).update({ line_user_id: 'U123' });
    expect((await staffX.get(`/api/staffs/users/${people.member.id}`)).body.hasLine).toBe(true);
    expect((await staffX.put(`/api/staffs/users/${people.member.id}/unlink-line`)).body.hasLine).toBe(false);
    const [vip] = await server.db.knex('tags').insert({ name: 'VIP', display_order: 0 }).returning('id');
    const [again] = await server.db.knex('tags').insert({ name: 'リピーター', display_order: 1 }).returning('id');
    const tagged = await staffY.put(`/api/staffs/users/${people.member.id}/tags`, { tagIds: [String(again.id), String(vip.id), String(vip.id)] });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tagIds).toEqual([String(vip.id), String(again.id)]);
    const unknown = await staffY.put(`/api/staffs/users/${people.member.id}/tags`, { tagIds: ['999999'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('TAG_NOT_FOUND');
    expect((await staffY.put(`/api/staffs/users/${people.member.id}/tags`, { tagIds: [] })).body.tagIds).toEqual([]);
  });
});

describe('listing and searching', () => {
  it('pages newest first and searches by keyword, fields, tag, clinic and last visit', async () => {
    const k = server.db.knex;
    const [yamada] = await k('users')
      .insert({
        clinic_id: people.clinicY.id,
        name: '山田 太郎',
        kana: 'ヤマダ タロウ',
        phone: '080-5555-6666',
        email: 'taro@example.jp',
        status: 'FULL',
        user_number: '200001',
      })
      .returning('id');
    const list = await staffX.get('/api/staffs/users?page=1&pageSize=2');
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([String(yamada.id), people.temporary.id]);
    expect((await staffX.get('/api/staffs/users?page=2&pageSize=2')).body.items.map((m: { id: string }) => m.id)).toEqual([people.member.id]);
    expect((await staffX.get('/api/staffs/users?status=TEMPORARY')).body.total).toBe(1);

    const ids = async (query: string) => (await staffX.get(`/api/staffs/users/advanced-search?${query}`)).body.items.map((m: { id: string }) => m.id);
    expect(await ids(`keyword=${encodeURIComponent('山田')}`)).toEqual([String(yamada.id)]);
    expect(await ids('keyword=200001')).toEqual([String(yamada.id)]);
    expect(await ids('keyword=55556666')).toEqual([String(yamada.id)]);
    // Hyphens anywhere: the phone's digits are matched too (through the trigram index's text as well).
    expect(await ids('keyword=0805555-6666')).toEqual([String(yamada.id)]);
    expect(await ids('phone=08055556666')).toEqual([String(yamada.id)]);
    // The whole name with its space; a keyword spanning two fields matches neither.
    expect(await ids(`keyword=${encodeURIComponent('山田 太郎')}`)).toEqual([String(yamada.id)]);
    expect(await ids(`keyword=${encodeURIComponent('太郎 ヤマダ')}`)).toEqual([]);
    expect(await ids('keyword=taro%40')).toEqual([String(yamada.id)]);
    expect(await ids(`kana=${encodeURIComponent('ヤマダ')}`)).toEqual([String(yamada.id)]);
    expect(await ids('userNumber=100001')).toEqual([people.member.id]);
    expect(await ids('email=kari')).toEqual([people.temporary.id]);
    expect(await ids(`clinicId=${people.clinicY.id}`)).toEqual([String(yamada.id)]);
    expect(await ids('keyword=%25')).toEqual([]);
    // The count and the page come from one list of matches; a page past the end still knows the count.
    const found = async (query: string) => (await staffX.get(`/api/staffs/users/advanced-search?${query}`)).body as { items: { id: string }[]; total: number };
    expect(await found('pageSize=2')).toMatchObject({ total: 3, items: [{ id: String(yamada.id) }, { id: people.temporary.id }] });
    expect(await found('page=2&pageSize=2')).toMatchObject({ total: 3, items: [{ id: people.member.id }] });
    expect(await found('page=3&pageSize=2')).toMatchObject({ total: 3, items: [] });
    expect(await found(`keyword=${encodeURIComponent('ヤマダ')}&page=2`)).toMatchObject({ total: 1, items: [] });
    expect(await found('keyword=%25&page=2')).toMatchObject({ total: 0, items: [] });
    const [tag] = await k('tags').insert({ name: 'VIP' }).returning('id');
    await k('user_tags').insert({ user_id: people.member.id, tag_id: tag.id });
    expect(await ids(`tagId=${tag.id}`)).toEqual([people.member.id]);

    const fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 2 });
    const booked = await staffX.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: String(yamada.id),
      menuId: fixture.menuA,
      startsAt: at('2026-12-01T10:00'),
    });
    expect(booked.status).toBe(201);
    await staffX.put(`/api/staffs/reservations/${booked.body.id}/visited`);
    expect(await ids('lastVisitFrom=2026-12-01&lastVisitTo=2026-12-01')).toEqual([String(yamada.id)]);
    expect(await ids('lastVisitFrom=2026-12-02')).toEqual([]);
    expect((await staffX.get(`/api/staffs/users/${yamada.id}`)).body.lastVisitAt).toBe('2026-12-01T10:00:00+09:00');
    expect((await staffX.get('/api/staffs/users/advanced-search?lastVisitFrom=2026-12-02&lastVisitTo=2026-12-01')).status).toBe(400);

    const byIds = await staffX.post('/api/staffs/users/all-by-ids', { ids: [people.member.id, '999999', String(yamada.id)] });
    expect(byIds.body.map((m: { id: string }) => m.id)).toEqual([people.member.id, String(yamada.id)]);
    const details = await staffX.post('/api/staffs/users/all-by-ids-with-details', { ids: [String(yamada.id)] });
    expect(details.body).toHaveLength(1);
    expect(details.body[0].reservations.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[booked.body.id, 'VISITED']]);
  });

  it('shows one member with reservations, contracts, check items and tags', async () => {
    const k = server.db.knex;
    const [tag] = await k('tags').insert({ name: 'VIP' }).returning('id');
    await k('user_tags').insert({ user_id: people.member.id, tag_id: tag.id });
    await k('check_conditions').insert({ name: '同意書', kind: 'ALWAYS' });
    const answer = await staffY.get(`/api/staffs/users/${people.member.id}/with-details`);
    expect(answer.status).toBe(200);
    expect(answer.body.member.id).toBe(people.member.id);
    expect(answer.body.tags).toEqual([{ id: String(tag.id), name: 'VIP', displayOrder: 0 }]);
    expect(answer.body.checkItems.map((item: { conditionName: string }) => item.conditionName)).toEqual(['同意書']);
    expect(answer.body.reservations).toEqual([]);
    expect(answer.body.contracts).toEqual([]);
    expect((await staffY.get('/api/staffs/users/999999/with-details')).status).toBe(404);
  });
});

describe('who may use /api/staffs/users', () => {
  it('staff of any clinic and ADMIN; members and anonymous callers get 401', async () => {
    const id = people.member.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/staffs/users'],
      ['GET', '/api/staffs/users/advanced-search?keyword=a'],
      ['GET', `/api/staffs/users/${id}`],
      ['GET', `/api/staffs/users/${id}/with-details`],
      ['GET', `/api/staffs/users/${id}/contracts`],
      ['PUT', `/api/staffs/users/${id}`, { name: '変更' }],
      ['PUT', `/api/staffs/users/${id}/reset-gift`],
      ['PUT', `/api/staffs/users/${id}/unlink-line`],
      ['PUT', `/api/staffs/users/${id}/tags`, { tagIds: [] }],
      ['POST', '/api/staffs/users/all-by-ids', { ids: [id] }],
      ['POST', '/api/staffs/users/all-by-ids-with-details', { ids: [id] }],
    ];
    for (const [method, path, json] of calls) {
      for (const client of [staffX, staffY, admin]) expect((await client.request(method, path, { json })).status, `${method} ${path}`).toBe(200);
      for (const client of [member, server.client()]) expect((await client.request(method, path, { json })).status, `${method} ${path}`).toBe(401);
    }
    for (const client of [member, server.client()]) {
      expect((await create(client, {})).status).toBe(401);
      expect((await client.post(`/api/staffs/users/${id}/contracts`, { menuId: '1', sessionsTotal: 1 })).status).toBe(401);
    }
    expect((await server.db.knex('users').where('id', id).first()).name).toBe('変更');
  });
});

describe('contracts and visits', () => {
  let fixture: BookingFixture;
  let aliceId: string;
  beforeEach(async () => {
    fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10 });
    aliceId = await memberOf(server.db, fixture.clinicId, await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD), '300001');
  });

  it('adds a contract (CONTRACT menus only) and uses one session per visit, giving it back when undone', async () => {
    expect((await staffX.post(`/api/staffs/users/${aliceId}/contracts`, { menuId: fixture.menuA, sessionsTotal: 5 })).status).toBe(400);
    const unknownMenu = await staffX.post(`/api/staffs/users/${aliceId}/contracts`, { menuId: '999999', sessionsTotal: 5 });
    expect(unknownMenu.status).toBe(400);
    expect(unknownMenu.body.error.code).toBe('MENU_NOT_FOUND');
    expect((await staffX.post(`/api/staffs/users/999999/contracts`, { menuId: fixture.contractMenu, sessionsTotal: 5 })).status).toBe(404);
    expect((await staffX.post(`/api/staffs/users/${aliceId}/contracts`, { menuId: fixture.contractMenu, sessionsTotal: 0 })).status).toBe(400);
    const expired = await staffX.post(`/api/staffs/users/${aliceId}/contracts`, { menuId: fixture.contractMenu, sessionsTotal: 5, expiresOn: '2026-11-30' });
    expect(expired.status).toBe(201);
    const added = await staffY.post(`/api/staffs/users/${aliceId}/contracts`, { menuId: fixture.contractMenu, sessionsTotal: 2, expiresOn: '2027-05-31' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      userId: aliceId,
      menuId: fixture.contractMenu,
      menuName: '医療脱毛 5回コース',
      sessionsTotal: 2,
      sessionsUsed: 0,
      sessionsRemaining: 2,
      expiresOn: '2027-05-31',
    });
    expect((await staffX.get(`/api/staffs/users/${aliceId}/contracts`)).body.map((c: { id: string }) => c.id)).toEqual([added.body.id, expired.body.id]);

    const booked = await staffX.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuId: fixture.contractMenu,
      startsAt: at('2026-12-01T10:00'),
    });
    expect(booked.status).toBe(201);
    const used = async () => (await server.db.knex('contracts').where('id', added.body.id).first()).sessions_used;
    expect((await staffX.put(`/api/staffs/reservations/${booked.body.id}/visited`)).status).toBe(200);
    expect(await used()).toBe(1);
    expect((await server.db.knex('contracts').where('id', expired.body.id).first()).sessions_used).toBe(0);
    expect((await staffX.put(`/api/staffs/reservations/${booked.body.id}/visited`)).status).toBe(400);
    expect(await used()).toBe(1);
    expect((await staffX.put(`/api/staffs/reservations/${booked.body.id}/reserved`)).status).toBe(200);
    expect(await used()).toBe(0);
    await staffX.put(`/api/staffs/reservations/${booked.body.id}/visited`);
    expect(await used()).toBe(1);

    const second = await staffX.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuId: fixture.contractMenu,
      startsAt: at('2026-12-02T10:00'),
    });
    await staffX.put(`/api/staffs/reservations/${second.body.id}/visited`);
    expect(await used()).toBe(2);
    // No contract with sessions left: the visit is recorded, nothing more is used.
    const third = await staffX.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuId: fixture.contractMenu,
      startsAt: at('2026-12-03T10:00'),
    });
    expect((await staffX.put(`/api/staffs/reservations/${third.body.id}/visited`)).status).toBe(200);
    expect(await used()).toBe(2);
    // A NEW menu uses nothing.
    const plain = await staffX.post('/api/staffs/reservations', {
      clinicId: fixture.clinicId,
      userId: aliceId,
      menuId: fixture.menuA,
      startsAt: at('2026-12-04T10:00'),
    });
    await staffX.put(`/api/staffs/reservations/${plain.body.id}/visited`);
    expect(Number((await server.db.knex('contract_uses').count({ n: '*' }).first())!.n)).toBe(2);
  });
});

describe('booking and cancellation mails', () => {
  let fixture: BookingFixture;
  beforeEach(async () => {
    fixture = await seedBookableClinic(server.db, { firstDay: '2026-12-01', days: 10, name: '表参道院', phone: '03-9999-0000' });
    await memberOf(server.db, fixture.clinicId, await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD), '300001');
  });

  it('mails a guest the confirmation with the cancel link, and the cancellation', async () => {
    const guest = server.client();
    const booked = await guest.post('/api/guests/reservations', {
      clinicId: fixture.clinicId,
      menuId: fixture.menuA,
      startsAt: at('2026-12-03T11:00'),
      guest: { name: '来院 ゲスト', kana: 'ライイン ゲスト', phone: '090-3333-4444', email: 'guest@example.jp' },
    });
    expect(booked.status).toBe(201);
    // The guest's own mails, newest first (a mail to someone else may be delivered meanwhile).
    const [confirmation] = await outboxOf(1, 'guest@example.jp');
    expect(confirmation!.subject).toBe('【表参道院】ご予約を承りました');
    expect(confirmation!.text).toContain('2026年12月3日(木) 11:00〜12:00');
    expect(confirmation!.text).toContain('メニュー：ピコトーニング');
    expect(confirmation!.text).toContain(`https://reserve.example.jp/guest/reserve/cancel/?token=${encodeURIComponent(booked.body.cancelToken)}`);

    expect((await guest.put('/api/guests/reservations/cancel', { token: booked.body.cancelToken })).status).toBe(200);
    const [cancellation] = await outboxOf(2, 'guest@example.jp');
    expect(cancellation!.subject).toBe('【表参道院】ご予約のキャンセルを承りました');
    expect(cancellation!.text).toContain('2026年12月3日(木) 11:00');
  });

  it('mails a member on an online booking and a staff cancel; none without an address', async () => {
    const alice = server.client();
    await alice.login('user300001', PASSWORD);
    const booked = await alice.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-03T11:00') });
    expect(booked.status).toBe(201);
    let mails = await outboxOf(1);
    expect(mails[0]!.to).toBe('300001@example.jp');
    expect(mails[0]!.text).toContain('マイページ');
    expect(mails[0]!.text).not.toContain('/guest/reserve/cancel/');
    await staffX.put(`/api/staffs/reservations/${booked.body.id}/cancel`);
    mails = await outboxOf(2);
    expect(mails[0]!.subject).toContain('キャンセル');
    expect(mails).toHaveLength(2);
    // A member without an address gets no mail, and the booking stands.
    await server.db.knex('users').where('user_number', '300001').update({ email: null });
    const unreachable = await alice.post('/api/users/reservations', { clinicId: fixture.clinicId, menuId: fixture.menuA, startsAt: at('2026-12-04T11:00') });
    expect(unreachable.status).toBe(201);
    expect(await server.db.knex('messages').where('reservation_id', unreachable.body.id)).toEqual([]);
    expect(await outbox()).toHaveLength(2);
  });
});
