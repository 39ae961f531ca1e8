import { ACCOUNTS } from '@clinic/server';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { aMember } from '../support/mothers';
import { seedReservationRows } from '../support/settings-ports';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const knex = () => server.db.knex;
const category = async (clinicId: string, name: string): Promise<string> => {
  const [row] = await knex()('menu_categories').insert({ clinic_id: clinicId, name }).returning('id');
  return String(row.id);
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

describe('tags', () => {
  it('lets ADMIN add (appended last), rename and delete tags; staff read them on both paths', async () => {
    const vip = await admin.post('/api/admin/tags', { name: ' VIP ' });
    expect(vip.status).toBe(201);
    expect(vip.body).toEqual({ id: expect.any(String), name: 'VIP', displayOrder: 0 });
    const care = await admin.post('/api/admin/tags', { name: '要注意' });
    expect(care.body.displayOrder).toBe(1);

    const renamed = await admin.put(`/api/admin/tags/${care.body.id}`, { name: '要確認' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...care.body, name: '要確認' });
    for (const path of ['/api/admin/tags', '/api/staffs/tags']) {
      expect((await staffX.get(path)).body.map((tag: { name: string }) => tag.name)).toEqual(['VIP', '要確認']);
    }

    await knex()('user_tags').insert({ user_id: people.member.id, tag_id: vip.body.id });
    expect((await admin.request('DELETE', `/api/admin/tags/${vip.body.id}`)).status).toBe(204);
    expect(await knex()('user_tags')).toHaveLength(0);
    expect((await knex()('tags')).map((row) => row.name)).toEqual(['要確認']);
  });

  it('answers 409 TAG_EXISTS, 404 TAG_NOT_FOUND and 400 for a blank name, writing nothing', async () => {
    const vip = (await admin.post('/api/admin/tags', { name: 'VIP' })).body;
    const other = (await admin.post('/api/admin/tags', { name: '紹介' })).body;
    for (const answer of [await admin.post('/api/admin/tags', { name: 'VIP' }), await admin.put(`/api/admin/tags/${other.id}`, { name: 'VIP' })]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({ code: 'TAG_EXISTS', message: '同じ名前のタグがすでに登録されています。' });
    }
    for (const answer of [await admin.put('/api/admin/tags/999999', { name: 'x' }), await admin.request('DELETE', '/api/admin/tags/999999')]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'TAG_NOT_FOUND', message: 'タグが見つかりません。' });
    }
    for (const body of [{ name: '  ' }, {}, { name: 'あ'.repeat(51) }, { name: 3 }]) {
      const answer = await admin.post('/api/admin/tags', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await knex()('tags').orderBy('id')).map((row) => row.name)).toEqual([vip.name, other.name]);
  });

  it('is ADMIN only for writes: STAFF get 403, members and anonymous 401', async () => {
    const tag = (await admin.post('/api/admin/tags', { name: 'VIP' })).body;
    const writes = (client: TestClient) => [
      client.post('/api/admin/tags', { name: '新規' }),
      client.put(`/api/admin/tags/${tag.id}`, { name: '変更' }),
      client.request('DELETE', `/api/admin/tags/${tag.id}`),
    ];
    for (const answer of await Promise.all(writes(staffX))) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    for (const client of [member, anonymous]) {
      for (const answer of await Promise.all([...writes(client), client.get('/api/admin/tags'), client.get('/api/staffs/tags')]))
        expect(answer.status).toBe(401);
    }
    expect((await knex()('tags')).map((row) => row.name)).toEqual(['VIP']);
  });
});

describe('check conditions', () => {
  it('lets ADMIN add, change and delete conditions; kind CATEGORY needs an existing category', async () => {
    const laser = await category(people.clinicX.id, '医療脱毛');
    const always = await admin.post('/api/admin/check-conditions', { name: '同意書', kind: 'ALWAYS', categoryId: laser });
    expect(always.status).toBe(201);
    expect(always.body).toEqual({ id: expect.any(String), name: '同意書', kind: 'ALWAYS', categoryId: null, displayOrder: 0 });
    const byCategory = await admin.post('/api/admin/check-conditions', { name: '脱毛の注意事項', kind: 'CATEGORY', categoryId: laser });
    expect(byCategory.body).toMatchObject({ kind: 'CATEGORY', categoryId: laser, displayOrder: 1 });

    const missing = await admin.post('/api/admin/check-conditions', { name: '問診票', kind: 'CATEGORY' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'categoryId', message: '対象のメニューカテゴリを選んでください。' }],
    });
    const unknown = await admin.post('/api/admin/check-conditions', { name: '問診票', kind: 'CATEGORY', categoryId: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'CATEGORY_NOT_FOUND', message: 'カテゴリが見つかりません。' });
    for (const body of [{ name: '問診票', kind: 'SOMETIMES' }, { name: '', kind: 'ALWAYS' }, { kind: 'ALWAYS' }]) {
      const answer = await admin.post('/api/admin/check-conditions', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }

    const taken = await admin.post('/api/admin/check-conditions', { name: '同意書', kind: 'FIRST_VISIT' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'CHECK_ITEM_EXISTS', message: '同じ名前のチェック項目がすでに登録されています。' });
    expect((await admin.put(`/api/admin/check-conditions/${byCategory.body.id}`, { name: '同意書', kind: 'ALWAYS' })).status).toBe(409);
    expect((await knex()('check_conditions')).length).toBe(2);

    const changed = await admin.put(`/api/admin/check-conditions/${byCategory.body.id}`, { name: '初回問診票', kind: 'FIRST_VISIT', categoryId: laser });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...byCategory.body, name: '初回問診票', kind: 'FIRST_VISIT', categoryId: null });
    expect((await staffX.get('/api/admin/check-conditions')).body.map((condition: { name: string }) => condition.name)).toEqual(['同意書', '初回問診票']);

    expect((await admin.request('DELETE', `/api/admin/check-conditions/${always.body.id}`)).status).toBe(204);
    for (const answer of [
      await admin.put('/api/admin/check-conditions/999999', { name: 'x', kind: 'ALWAYS' }),
      await admin.request('DELETE', '/api/admin/check-conditions/999999'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'CHECK_ITEM_NOT_FOUND', message: 'チェック項目が見つかりません。' });
    }
  });

  it('is ADMIN only for writes: STAFF get 403, members and anonymous 401', async () => {
    const condition = (await admin.post('/api/admin/check-conditions', { name: '同意書', kind: 'ALWAYS' })).body;
    for (const answer of [
      await staffX.post('/api/admin/check-conditions', { name: '問診票', kind: 'ALWAYS' }),
      await staffX.put(`/api/admin/check-conditions/${condition.id}`, { name: '変更', kind: 'ALWAYS' }),
      await staffX.request('DELETE', `/api/admin/check-conditions/${condition.id}`),
    ]) {
      expect(answer.status).toBe(403);
    }
    for (const client of [member, anonymous]) {
      expect((await client.get('/api/admin/check-conditions')).status).toBe(401);
      expect((await client.post('/api/admin/check-conditions', { name: '問診票', kind: 'ALWAYS' })).status).toBe(401);
    }
    expect((await knex()('check_conditions')).map((row) => row.name)).toEqual(['同意書']);
  });
});

describe('check items', () => {
  it('creates the applicable items on first read: ALWAYS, FIRST_VISIT until a visit, CATEGORY once booked or visited', async () => {
    const laser = await category(people.clinicX.id, '医療脱毛');
    const skin = await category(people.clinicX.id, '美容皮膚科');
    for (const body of [
      { name: '同意書', kind: 'ALWAYS' },
      { name: '初回問診票', kind: 'FIRST_VISIT' },
      { name: '脱毛の注意事項', kind: 'CATEGORY', categoryId: laser },
      { name: 'ピーリング同意書', kind: 'CATEGORY', categoryId: skin },
    ]) {
      expect((await admin.post('/api/admin/check-conditions', body)).status).toBe(201);
    }
    const path = `/api/staffs/check-items?userId=${people.member.id}`;
    const first = await staffX.get(path);
    expect(first.status).toBe(200);
    expect(first.body.map((item: { conditionName: string }) => item.conditionName)).toEqual(['同意書', '初回問診票']);
    expect(first.body[0]).toEqual({
      id: expect.any(String),
      userId: people.member.id,
      conditionId: expect.any(String),
      conditionName: '同意書',
      checked: false,
      checkedAt: null,
      checkedBy: null,
      note: '',
    });
    expect((await staffX.get(path)).body).toEqual(first.body);
    expect(await knex()('check_items').where('user_id', people.member.id)).toHaveLength(2);

    // A cancelled reservation does not count; a live one of the laser category does.
    await seedReservationRows(knex(), { userId: people.member.id, clinicId: people.clinicX.id, categoryId: skin, status: 'CANCELLED' });
    await seedReservationRows(knex(), { userId: people.member.id, clinicId: people.clinicX.id, categoryId: laser, status: 'RESERVED' });
    expect((await staffX.get(path)).body.map((item: { conditionName: string }) => item.conditionName)).toEqual(['同意書', '初回問診票', '脱毛の注意事項']);

    // After the first visit a new member would not get the first-visit item; this member keeps theirs.
    const other = await server.app.container.get(ACCOUNTS.members).create(aMember(people.clinicX.id));
    await seedReservationRows(knex(), { userId: other.id, clinicId: people.clinicX.id, categoryId: skin, status: 'VISITED' });
    expect((await admin.get(`/api/staffs/check-items?userId=${other.id}`)).body.map((item: { conditionName: string }) => item.conditionName)).toEqual([
      '同意書',
      'ピーリング同意書',
    ]);

    const missing = await staffX.get('/api/staffs/check-items?userId=999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'USER_NOT_FOUND', message: '会員が見つかりません。' });
    expect((await staffX.get('/api/staffs/check-items')).status).toBe(400);
  });

  it('ticks an item recording when and by whom, unticks it, and answers 404 CHECK_ITEM_NOT_FOUND', async () => {
    await admin.post('/api/admin/check-conditions', { name: '同意書', kind: 'ALWAYS' });
    const [item] = (await staffX.get(`/api/staffs/check-items?userId=${people.member.id}`)).body;
    const before = DateTime.now().minus({ seconds: 2 });
    const ticked = await staffX.put(`/api/staffs/check-items/${item.id}`, { checked: true, note: '署名をいただきました' });
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ id: item.id, checked: true, checkedBy: people.staffX.id, note: '署名をいただきました' });
    expect(ticked.body.checkedAt).toMatch(/\+09:00$/);
    expect(DateTime.fromISO(ticked.body.checkedAt) >= before).toBe(true);
    const row = await knex()('check_items').where('id', item.id).first();
    expect(row.checked).toBe(true);
    expect(String(row.checked_by)).toBe(people.staffX.id);
    expect(row.checked_at).not.toBeNull();

    const again = await admin.put(`/api/staffs/check-items/${item.id}`, { checked: true });
    expect(again.body).toMatchObject({ checkedBy: people.staffX.id, checkedAt: ticked.body.checkedAt, note: '署名をいただきました' });
    const unticked = await admin.put(`/api/staffs/check-items/${item.id}`, { checked: false });
    expect(unticked.body).toMatchObject({ checked: false, checkedAt: null, checkedBy: null, note: '署名をいただきました' });

    const missing = await staffX.put('/api/staffs/check-items/999999', { checked: true });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'CHECK_ITEM_NOT_FOUND', message: 'チェック項目が見つかりません。' });
    expect((await staffX.put(`/api/staffs/check-items/${item.id}`, { checked: 'yes' })).status).toBe(400);
    for (const client of [member, anonymous]) {
      expect((await client.get(`/api/staffs/check-items?userId=${people.member.id}`)).status).toBe(401);
      expect((await client.put(`/api/staffs/check-items/${item.id}`, { checked: true })).status).toBe(401);
    }
    expect((await knex()('check_items').where('id', item.id).first()).checked).toBe(false);
  });
});

describe('announcements', () => {
  // One instant for the whole block: two calls of body() may straddle a second boundary.
  const yesterday = DateTime.now().setZone('Asia/Tokyo').startOf('second').minus({ days: 1 }).toISO({ suppressMilliseconds: true });
  const body = (overrides: Record<string, unknown> = {}) => ({
    clinicId: null,
    title: '年末年始の休診のお知らせ',
    body: '12月29日から1月3日まで休診いたします。',
    publishedFrom: yesterday,
    publishedUntil: null,
    ...overrides,
  });

  it('lets ADMIN write any announcement, for a clinic or the chain, and refuses every write by STAFF', async () => {
    const chain = await admin.post('/api/admin/announcements', body());
    expect(chain.status).toBe(201);
    expect(chain.body).toEqual({ id: expect.any(String), ...body(), publishedUntil: null });
    const clinic = await admin.post('/api/admin/announcements', body({ clinicId: people.clinicX.id, title: '渋谷院からのお知らせ' }));
    expect(clinic.status).toBe(201);

    // Announcements are a chain-wide setting (DOMAIN.md): STAFF, even of that clinic, write none.
    for (const refused of [
      await staffX.post('/api/admin/announcements', body({ clinicId: people.clinicX.id })),
      await staffX.post('/api/admin/announcements', body()),
      await staffX.put(`/api/admin/announcements/${clinic.body.id}`, body({ clinicId: people.clinicX.id, title: '変更' })),
      await staffX.put(`/api/admin/announcements/${chain.body.id}`, body({ title: '変更' })),
      await staffX.request('DELETE', `/api/admin/announcements/${clinic.body.id}`),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    expect((await knex()('announcements').orderBy('id')).map((row) => row.title)).toEqual(['年末年始の休診のお知らせ', '渋谷院からのお知らせ']);
    expect((await staffX.get('/api/admin/announcements')).body).toHaveLength(2);

    const updated = await admin.put(`/api/admin/announcements/${clinic.body.id}`, body({ clinicId: people.clinicX.id, title: '渋谷院：新しい機器' }));
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('渋谷院：新しい機器');
    expect((await admin.put(`/api/admin/announcements/${chain.body.id}`, body({ clinicId: people.clinicY.id }))).body.clinicId).toBe(people.clinicY.id);
    expect((await admin.request('DELETE', `/api/admin/announcements/${clinic.body.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/announcements/${chain.body.id}`)).status).toBe(204);
    expect(await knex()('announcements')).toHaveLength(0);

    for (const client of [member, anonymous]) {
      expect((await client.get('/api/admin/announcements')).status).toBe(401);
      expect((await client.post('/api/admin/announcements', body())).status).toBe(401);
    }
  });

  it('answers 400 for bad input and unknown ids, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ title: '  ' }), 'VALIDATION_FAILED'],
      [body({ publishedFrom: '2026-12-01 10:00' }), 'VALIDATION_FAILED'],
      [body({ publishedFrom: '2026-12-01T10:00:00' }), 'VALIDATION_FAILED'],
      [body({ publishedFrom: '2026-12-02T00:00:00+09:00', publishedUntil: '2026-12-01T00:00:00+09:00' }), 'VALIDATION_FAILED'],
      [body({ clinicId: '999999' }), 'CLINIC_NOT_FOUND'],
      [{ title: 'x' }, 'VALIDATION_FAILED'],
    ];
    for (const [input, code] of cases) {
      const answer = await admin.post('/api/admin/announcements', input);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.code).toBe(code);
    }
    expect(await knex()('announcements')).toHaveLength(0);
    for (const answer of [await admin.put('/api/admin/announcements/999999', body()), await admin.request('DELETE', '/api/admin/announcements/999999')]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('UPDATE_FAILED');
    }
  });

  it('shows a member those published now for their clinic or the chain, newest first', async () => {
    // One reading of the clock, so the times posted and the times expected are the same second.
    const start = DateTime.now().setZone('Asia/Tokyo').startOf('second');
    const at = (days: number) => start.plus({ days }).toISO({ suppressMilliseconds: true });
    await admin.post('/api/admin/announcements', body({ title: '全院：古い', publishedFrom: at(-10) }));
    await admin.post('/api/admin/announcements', body({ title: '渋谷：新しい', clinicId: people.clinicX.id, publishedFrom: at(-1) }));
    await admin.post('/api/admin/announcements', body({ title: '新宿のみ', clinicId: people.clinicY.id, publishedFrom: at(-1) }));
    await admin.post('/api/admin/announcements', body({ title: '掲載前', publishedFrom: at(1) }));
    await admin.post('/api/admin/announcements', body({ title: '掲載終了', publishedFrom: at(-5), publishedUntil: at(-2) }));

    const shown = await member.get('/api/users/announcements');
    expect(shown.status).toBe(200);
    expect(shown.body.map((entry: { title: string }) => entry.title)).toEqual(['渋谷：新しい', '全院：古い']);
    expect(shown.body[0]).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      title: '渋谷：新しい',
      body: '12月29日から1月3日まで休診いたします。',
      publishedFrom: at(-1),
      publishedUntil: null,
    });

    const hasher = server.app.container.get(ACCOUNTS.hasher);
    await server.app.container.get(ACCOUNTS.members).create(aMember(people.clinicY.id, { userNumber: '200001', passwordHash: await hasher.hash(PASSWORD) }));
    const shinjuku = server.client();
    await shinjuku.login('user200001', PASSWORD);
    expect((await shinjuku.get('/api/users/announcements')).body.map((entry: { title: string }) => entry.title)).toEqual(['新宿のみ', '全院：古い']);

    expect((await staffX.get('/api/admin/announcements')).body).toHaveLength(5);
    expect((await staffX.get(`/api/admin/announcements?clinicId=${people.clinicY.id}`)).body.map((entry: { title: string }) => entry.title)).toEqual([
      '掲載前',
      '新宿のみ',
      '掲載終了',
      '全院：古い',
    ]);
    expect((await anonymous.get('/api/users/announcements')).status).toBe(401);
    expect((await staffX.get('/api/users/announcements')).status).toBe(401);
  });
});
