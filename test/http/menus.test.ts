import type { MenuCategoryRepositoryPort, MenuRepositoryPort } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { insertReservation } from '../support/reservation-rows';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

const count = async (table: string) => Number((await server.db.knex(table).count({ n: '*' }).first())!.n);
const ids = (list: { id: string }[]) => list.map((entry) => entry.id);

const category = async (clinicId: string, name: string): Promise<string> => {
  const answer = await admin.post('/api/admin/menu-categories', { clinicId, name });
  expect(answer.status).toBe(201);
  return answer.body.id;
};

const facility = async (path: 'rooms' | 'machines', clinicId: string, name: string): Promise<string> =>
  (await admin.post(`/api/admin/${path}`, { clinicId, name })).body.id;

const menuBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  categoryId,
  name: '新規カウンセリング',
  kind: 'NEW',
  enabled: true,
  webBookable: true,
  price: 0,
  tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
  ...overrides,
});

describe('who may call the menu routes', () => {
  it('keeps anonymous callers and members out of admin and staff routes with 401', async () => {
    const clinicId = people.clinicX.id;
    for (const client of [anonymous, member]) {
      for (const path of [
        `/api/admin/menu-categories?clinicId=${clinicId}`,
        `/api/admin/menus?clinicId=${clinicId}`,
        `/api/admin/menus/all?clinicId=${clinicId}`,
        `/api/staffs/menus?clinicId=${clinicId}`,
        `/api/staffs/menu-categories?clinicId=${clinicId}`,
      ]) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(401);
        expect(answer.body.error.code).toBe('UNAUTHENTICATED');
      }
      expect((await client.post('/api/admin/menu-categories', { clinicId, name: '医療脱毛' })).status).toBe(401);
    }
    expect(await count('menu_categories')).toBe(0);
  });

  it('lets guests read without logging in, and members only when logged in as a member', async () => {
    expect((await anonymous.get(`/api/guests/menus?clinicId=${people.clinicX.id}`)).status).toBe(200);
    expect((await anonymous.get(`/api/guests/menu-categories?clinicId=${people.clinicX.id}`)).status).toBe(200);
    expect((await member.get(`/api/users/menus?clinicId=${people.clinicX.id}`)).status).toBe(200);
    expect((await anonymous.get(`/api/users/menus?clinicId=${people.clinicX.id}`)).status).toBe(401);
    expect((await staffX.get(`/api/users/menu-categories?clinicId=${people.clinicX.id}`)).status).toBe(401);
  });
});

describe('/api/admin/menu-categories', () => {
  it('appends new categories last, per clinic, and lists them in order', async () => {
    const first = await staffX.post('/api/admin/menu-categories', { clinicId: people.clinicX.id, name: '医療脱毛' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      name: '医療脱毛',
      displayOrder: 0,
      translations: {},
      missingTranslations: ['en', 'zh-CN'],
    });
    const second = await staffX.post('/api/admin/menu-categories', { clinicId: people.clinicX.id, name: '美容皮膚科' });
    expect(second.body.displayOrder).toBe(1);
    expect((await admin.post('/api/admin/menu-categories', { clinicId: people.clinicY.id, name: '医療脱毛' })).body.displayOrder).toBe(0);
    expect((await staffX.get(`/api/admin/menu-categories?clinicId=${people.clinicX.id}`)).body).toEqual([first.body, second.body]);
    expect((await staffX.get(`/api/staffs/menu-categories?clinicId=${people.clinicX.id}`)).body).toEqual([first.body, second.body]);
    // Members and guests get the names in their language, without the translations staff see.
    const web = [first.body, second.body].map(({ translations: _t, missingTranslations: _m, ...category }) => category);
    expect((await anonymous.get(`/api/guests/menu-categories?clinicId=${people.clinicX.id}`)).body).toEqual(web);
    expect((await member.get(`/api/users/menu-categories?clinicId=${people.clinicX.id}`)).body).toEqual(web);
    expect(await server.db.knex('audit_log').where({ action: 'menuCategory.create', entity_id: first.body.id })).toHaveLength(1);
  });

  it('refuses a name taken in the clinic with 409 CATEGORY_EXISTS, on create and rename', async () => {
    await category(people.clinicX.id, '医療脱毛');
    const other = await category(people.clinicX.id, '美容皮膚科');
    const twice = await admin.post('/api/admin/menu-categories', { clinicId: people.clinicX.id, name: '医療脱毛' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'CATEGORY_EXISTS', message: '同じ名前のカテゴリがすでに登録されています。' });
    expect((await admin.put(`/api/admin/menu-categories/${other}`, { name: '医療脱毛' })).body.error.code).toBe('CATEGORY_EXISTS');
    expect((await admin.put(`/api/admin/menu-categories/${other}`, { name: ' 美容皮膚 ' })).body).toMatchObject({ id: other, name: '美容皮膚' });
  });

  it('lets STAFF write only their own clinic’s categories (403, nothing written)', async () => {
    const foreign = await category(people.clinicY.id, '医療脱毛');
    expect((await staffX.post('/api/admin/menu-categories', { clinicId: people.clinicY.id, name: '美容' })).status).toBe(403);
    expect((await staffX.put(`/api/admin/menu-categories/${foreign}`, { name: '美容' })).status).toBe(403);
    expect((await staffX.request('DELETE', `/api/admin/menu-categories/${foreign}`)).status).toBe(403);
    expect((await staffX.put('/api/admin/menu-categories/display-order', { clinicId: people.clinicY.id, ids: [foreign] })).status).toBe(403);
    expect(await server.db.knex('menu_categories').select('name')).toEqual([{ name: '医療脱毛' }]);
    expect((await staffX.get(`/api/admin/menu-categories/${foreign}`)).status).toBe(200);
  });

  it('answers 404 CATEGORY_NOT_FOUND for an unknown category and 400 for bad input', async () => {
    for (const answer of [
      await admin.get('/api/admin/menu-categories/999999'),
      await admin.put('/api/admin/menu-categories/999999', { name: 'x' }),
      await admin.request('DELETE', '/api/admin/menu-categories/999999'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'CATEGORY_NOT_FOUND', message: 'カテゴリが見つかりません。' });
    }
    for (const body of [
      { clinicId: people.clinicX.id, name: ' ' },
      { clinicId: people.clinicX.id },
      { clinicId: 'x', name: '美容' },
      { clinicId: people.clinicX.id, name: 1 },
    ]) {
      const answer = await admin.post('/api/admin/menu-categories', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.post('/api/admin/menu-categories', { clinicId: '999999', name: '美容' })).body.error.code).toBe('CLINIC_NOT_FOUND');
    expect(await count('menu_categories')).toBe(0);
  });

  it('reorders with every category of the clinic; a missing or foreign id is 400 and changes nothing', async () => {
    const a = await category(people.clinicX.id, '医療脱毛');
    const b = await category(people.clinicX.id, '美容皮膚科');
    const c = await category(people.clinicX.id, '保険診療');
    const foreign = await category(people.clinicY.id, '医療脱毛');
    const reordered = await staffX.put('/api/admin/menu-categories/display-order', { clinicId: people.clinicX.id, ids: [c, a, b] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((entry: { id: string; displayOrder: number }) => [entry.id, entry.displayOrder])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    for (const idsAsked of [
      [a, b],
      [a, b, c, foreign],
      [a, b, b, c],
    ]) {
      const refused = await staffX.put('/api/admin/menu-categories/display-order', { clinicId: people.clinicX.id, ids: idsAsked });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(ids((await staffX.get(`/api/admin/menu-categories?clinicId=${people.clinicX.id}`)).body)).toEqual([c, a, b]);
  });

  it('deletes an unused category, and refuses one that menus or schedules use with 409 IN_USE', async () => {
    const unused = await category(people.clinicX.id, '未使用');
    const withMenu = await category(people.clinicX.id, '医療脱毛');
    const withSchedule = await category(people.clinicX.id, '美容皮膚科');
    await admin.post('/api/admin/menus', menuBody(withMenu));
    await server.db.knex('schedules').insert({
      clinic_id: people.clinicX.id,
      staff_id: people.staffX.id,
      date: '2026-12-01',
      starts_at: '2026-12-01T10:00:00+09:00',
      ends_at: '2026-12-01T19:00:00+09:00',
      category_id: withSchedule,
    });
    for (const id of [withMenu, withSchedule]) {
      const refused = await staffX.request('DELETE', `/api/admin/menu-categories/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'IN_USE', message: '使用中のため削除できません。' });
    }
    expect((await staffX.request('DELETE', `/api/admin/menu-categories/${unused}`)).status).toBe(204);
    expect((await server.db.knex('menu_categories').orderBy('id')).map((row) => String(row.id))).toEqual([withMenu, withSchedule]);
  });
});

describe('/api/admin/menus', () => {
  let datsumo: string;
  let hifu: string;
  let room: string;
  let counselling: string;
  let laser: string;
  let foreignCategory: string;
  let foreignRoom: string;
  let foreignMachine: string;

  beforeEach(async () => {
    datsumo = await category(people.clinicX.id, '医療脱毛');
    hifu = await category(people.clinicX.id, '美容皮膚科');
    room = await facility('rooms', people.clinicX.id, '施術室1');
    counselling = await facility('rooms', people.clinicX.id, 'カウンセリング室');
    laser = await facility('machines', people.clinicX.id, 'ジェントルマックス');
    foreignCategory = await category(people.clinicY.id, '医療脱毛');
    foreignRoom = await facility('rooms', people.clinicY.id, '施術室1');
    foreignMachine = await facility('machines', people.clinicY.id, 'ジェントルマックス');
  });

  const course = (overrides: Record<string, unknown> = {}) =>
    menuBody(datsumo, {
      name: '全身脱毛 5回コース',
      kind: 'CONTRACT',
      price: 198000,
      description: '顔・VIOを除く全身',
      tasks: [
        { label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: [counselling], machineIds: [] },
        { label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room], machineIds: [laser] },
        { label: 'クーリング', durationMinutes: 15, needsStaff: false, roomIds: [room], machineIds: [] },
      ],
      ...overrides,
    });

  it('creates a menu with its tasks in the clinic of its category, appended last, and audits it', async () => {
    const created = await staffX.post('/api/admin/menus', course());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      categoryId: datsumo,
      name: '全身脱毛 5回コース',
      description: '顔・VIOを除く全身',
      preVisitNote: '',
      displayOrder: 0,
      enabled: true,
      webBookable: true,
      kind: 'CONTRACT',
      price: 198000,
      afterMenuId: null,
      durationMinutes: 90,
      translations: {},
      missingTranslations: ['en', 'zh-CN'],
      forms: [],
      tasks: [
        { id: expect.any(String), position: 0, label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: [counselling], machineIds: [] },
        { id: expect.any(String), position: 1, label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room], machineIds: [laser] },
        { id: expect.any(String), position: 2, label: 'クーリング', durationMinutes: 15, needsStaff: false, roomIds: [room], machineIds: [] },
      ],
    });
    const second = await staffX.post('/api/admin/menus', menuBody(datsumo, { name: '顔脱毛', price: 9800 }));
    expect(second.body).toMatchObject({ displayOrder: 1, description: '', tasks: [{ label: '' }] });
    expect((await staffX.get(`/api/admin/menus/${created.body.id}`)).body).toEqual(created.body);
    expect(await server.db.knex('audit_log').where({ action: 'menu.create', entity_id: created.body.id })).toHaveLength(1);
  });

  it('refuses a name taken in the clinic with 409 MENU_EXISTS; another clinic may use it', async () => {
    await admin.post('/api/admin/menus', course());
    const twice = await admin.post('/api/admin/menus', course({ categoryId: hifu }));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'MENU_EXISTS', message: '同じ名前のメニューがすでに登録されています。' });
    expect((await admin.post('/api/admin/menus', menuBody(foreignCategory, { name: '全身脱毛 5回コース' }))).status).toBe(201);
  });

  it('refuses bad tasks with VALIDATION_FAILED naming the field, and writes nothing', async () => {
    const task = { durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ tasks: [] }, 'tasks'],
      [{ tasks: Array.from({ length: 11 }, () => task) }, 'tasks'],
      [{ tasks: [{ ...task, durationMinutes: 20 }] }, 'tasks.0.durationMinutes'],
      [{ tasks: [task, { ...task, durationMinutes: 735 }] }, 'tasks.1.durationMinutes'],
      [{ tasks: [{ ...task, durationMinutes: 0 }] }, 'tasks.0.durationMinutes'],
      [{ tasks: [{ durationMinutes: 30, needsStaff: true }] }, 'tasks.0.roomIds'],
      [{ kind: 'FREE' }, 'kind'],
      [{ price: -1 }, 'price'],
      [{ price: 1000.5 }, 'price'],
      [{ name: '' }, 'name'],
      [{ enabled: 'true' }, 'enabled'],
      [{ afterMenuId: 'next' }, 'afterMenuId'],
    ];
    for (const [overrides, path] of cases) {
      const answer = await admin.post('/api/admin/menus', menuBody(datsumo, overrides));
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.message).toBe('全ての項目に正しく値を入力してください。');
      expect(
        answer.body.error.fields.map((field: { path: string }) => field.path),
        path,
      ).toContain(path);
    }
    const grid = await admin.post('/api/admin/menus', menuBody(datsumo, { tasks: [{ ...task, durationMinutes: 20 }] }));
    expect(grid.body.error.fields).toEqual([{ path: 'tasks.0.durationMinutes', message: '所要時間は15分単位で15〜720分の範囲で入力してください。' }]);
    expect(await count('menus')).toBe(0);
    expect(await count('menu_tasks')).toBe(0);
  });

  it('takes rooms, machines and an after-menu only of the menu’s clinic (400 with the not-found code)', async () => {
    const foreignMenu = await admin.post('/api/admin/menus', menuBody(foreignCategory, { name: '新宿のメニュー' }));
    const withTask = (roomIds: string[], machineIds: string[]) => ({ tasks: [{ durationMinutes: 30, needsStaff: true, roomIds, machineIds }] });
    const cases: [Record<string, unknown>, string, string][] = [
      [withTask([room, foreignRoom], []), 'ROOM_NOT_FOUND', '部屋が見つかりません。'],
      [withTask(['999999'], []), 'ROOM_NOT_FOUND', '部屋が見つかりません。'],
      [withTask([], [foreignMachine]), 'MACHINE_NOT_FOUND', '機械が見つかりません。'],
      [{ afterMenuId: foreignMenu.body.id }, 'MENU_NOT_FOUND', 'メニューが見つかりません。'],
      [{ afterMenuId: '999999' }, 'MENU_NOT_FOUND', 'メニューが見つかりません。'],
      [{ categoryId: '999999' }, 'CATEGORY_NOT_FOUND', 'カテゴリが見つかりません。'],
    ];
    for (const [overrides, code, message] of cases) {
      const answer = await admin.post('/api/admin/menus', menuBody(datsumo, overrides));
      expect(answer.status, code).toBe(400);
      expect(answer.body.error).toMatchObject({ code, message });
    }
    const deletedRoom = await facility('rooms', people.clinicX.id, '閉鎖した部屋');
    await admin.request('DELETE', `/api/admin/rooms/${deletedRoom}`);
    expect((await admin.post('/api/admin/menus', menuBody(datsumo, withTask([deletedRoom], [])))).body.error.code).toBe('ROOM_NOT_FOUND');
    expect(await server.db.knex('menus').where('clinic_id', people.clinicX.id)).toEqual([]);
  });

  it('lets STAFF write menus only in their own clinic (403, nothing written)', async () => {
    expect((await staffX.post('/api/admin/menus', menuBody(foreignCategory))).status).toBe(403);
    const foreign = await admin.post('/api/admin/menus', menuBody(foreignCategory, { name: '新宿のメニュー' }));
    expect((await staffX.put(`/api/admin/menus/${foreign.body.id}`, menuBody(foreignCategory, { name: '変更' }))).status).toBe(403);
    expect((await staffX.request('DELETE', `/api/admin/menus/${foreign.body.id}`)).status).toBe(403);
    expect((await staffX.put('/api/admin/menus/display-order', { categoryId: foreignCategory, ids: [foreign.body.id] })).status).toBe(403);
    expect(await server.db.knex('menus').select('name')).toEqual([{ name: '新宿のメニュー' }]);
    expect((await staffX.get(`/api/admin/menus/${foreign.body.id}`)).status).toBe(200);
  });

  it('replaces the whole menu and its tasks on PUT; a category of another clinic is refused', async () => {
    const created = await admin.post('/api/admin/menus', course());
    const next = await admin.post('/api/admin/menus', menuBody(datsumo, { name: '全身脱毛 2回目以降' }));
    const updated = await staffX.put(
      `/api/admin/menus/${created.body.id}`,
      course({
        categoryId: hifu,
        price: 178000,
        webBookable: false,
        afterMenuId: next.body.id,
        tasks: [{ label: '照射', durationMinutes: 45, needsStaff: true, roomIds: [room, room], machineIds: [] }],
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      categoryId: hifu,
      displayOrder: 0,
      price: 178000,
      webBookable: false,
      afterMenuId: next.body.id,
      durationMinutes: 45,
    });
    expect(updated.body.tasks).toEqual([
      { id: expect.any(String), position: 0, label: '照射', durationMinutes: 45, needsStaff: true, roomIds: [room], machineIds: [] },
    ]);
    expect(await server.db.knex('menu_tasks').where('menu_id', created.body.id)).toHaveLength(1);

    const self = await staffX.put(`/api/admin/menus/${created.body.id}`, course({ afterMenuId: created.body.id }));
    expect(self.status).toBe(400);
    expect(self.body.error.fields).toEqual([{ path: 'afterMenuId', message: '次回メニューに同じメニューは指定できません。' }]);
    const moved = await admin.put(`/api/admin/menus/${created.body.id}`, course({ categoryId: foreignCategory }));
    expect(moved.status).toBe(400);
    expect(moved.body.error.code).toBe('CATEGORY_NOT_FOUND');
    expect(String((await server.db.knex('menus').where('id', created.body.id).first()).category_id)).toBe(hifu);
    const missing = await admin.put('/api/admin/menus/999999', course());
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'MENU_NOT_FOUND', message: 'メニューが見つかりません。' });
  });

  it('lists by category order, with categoryName and disabled menus in GET all', async () => {
    const a = await admin.post('/api/admin/menus', menuBody(hifu, { name: 'ハイフ' }));
    const b = await admin.post('/api/admin/menus', menuBody(datsumo, { name: '顔脱毛' }));
    const c = await admin.post('/api/admin/menus', menuBody(datsumo, { name: '旧メニュー', enabled: false }));
    expect(ids((await staffX.get(`/api/admin/menus?clinicId=${people.clinicX.id}`)).body)).toEqual([b.body.id, c.body.id, a.body.id]);
    expect(ids((await staffX.get(`/api/admin/menus?clinicId=${people.clinicX.id}&categoryId=${hifu}`)).body)).toEqual([a.body.id]);
    const all = await staffX.get(`/api/admin/menus/all?clinicId=${people.clinicX.id}`);
    expect(all.body.map((menu: { name: string; categoryName: string; enabled: boolean }) => [menu.name, menu.categoryName, menu.enabled])).toEqual([
      ['顔脱毛', '医療脱毛', true],
      ['旧メニュー', '医療脱毛', false],
      ['ハイフ', '美容皮膚科', true],
    ]);
    expect(ids((await staffX.get(`/api/staffs/menus?clinicId=${people.clinicX.id}`)).body)).toEqual([b.body.id, a.body.id]);
    expect((await staffX.get('/api/admin/menus')).status).toBe(400);
  });

  it('reorders the menus of a category when given all of them', async () => {
    const a = await admin.post('/api/admin/menus', menuBody(datsumo, { name: 'A' }));
    const b = await admin.post('/api/admin/menus', menuBody(datsumo, { name: 'B' }));
    const other = await admin.post('/api/admin/menus', menuBody(hifu, { name: 'C' }));
    const reordered = await staffX.put('/api/admin/menus/display-order', { categoryId: datsumo, ids: [b.body.id, a.body.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((menu: { name: string; displayOrder: number }) => [menu.name, menu.displayOrder])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    expect((await staffX.put('/api/admin/menus/display-order', { categoryId: datsumo, ids: [a.body.id] })).status).toBe(400);
    expect((await staffX.put('/api/admin/menus/display-order', { categoryId: datsumo, ids: [a.body.id, b.body.id, other.body.id] })).status).toBe(400);
    const unknown = await staffX.put('/api/admin/menus/display-order', { categoryId: '999999', ids: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('CATEGORY_NOT_FOUND');
    expect(ids((await staffX.get(`/api/admin/menus?clinicId=${people.clinicX.id}&categoryId=${datsumo}`)).body)).toEqual([b.body.id, a.body.id]);
  });

  it('deletes a menu no reservation names; refuses with 409 IN_USE (advising to disable it) once one does', async () => {
    const free = await admin.post('/api/admin/menus', menuBody(datsumo, { name: '未使用' }));
    const used = await admin.post('/api/admin/menus', course());
    await insertReservation(server.db, {
      clinicId: people.clinicX.id,
      userId: people.member.id,
      startsAt: '2025-01-10T10:00:00+09:00',
      endsAt: '2025-01-10T11:30:00+09:00',
      status: 'CANCELLED',
      menuId: used.body.id,
    });
    const refused = await staffX.request('DELETE', `/api/admin/menus/${used.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'IN_USE',
      message: '使用中のため削除できません。',
      fields: [{ path: 'id', message: '予約で使われたメニューは削除できません。代わりに「有効」をオフにして無効にしてください。' }],
    });
    expect(await server.db.knex('menus').where('id', used.body.id)).toHaveLength(1);
    expect(await server.db.knex('menu_tasks').where('menu_id', used.body.id)).toHaveLength(3);
    expect((await staffX.request('DELETE', `/api/admin/menus/${free.body.id}`)).status).toBe(204);
    expect((await staffX.get(`/api/admin/menus/${free.body.id}`)).status).toBe(404);
    expect(await server.db.knex('audit_log').where({ action: 'menu.delete', entity_id: free.body.id })).toHaveLength(1);
  });

  it('has the database refuse a delete that races past the check: the foreign key answers IN_USE', async () => {
    const used = await admin.post('/api/admin/menus', course());
    await insertReservation(server.db, {
      clinicId: people.clinicX.id,
      userId: people.member.id,
      startsAt: '2027-01-10T10:00:00+09:00',
      endsAt: '2027-01-10T11:30:00+09:00',
      menuId: used.body.id,
    });
    const menus = server.app.container.get<MenuRepositoryPort>(Symbol.for('clinic.menus.menus'));
    await expect(menus.delete(used.body.id)).rejects.toMatchObject({ error: { code: 'IN_USE' } });
    const categories = server.app.container.get<MenuCategoryRepositoryPort>(Symbol.for('clinic.menus.categories'));
    await expect(categories.delete(datsumo)).rejects.toMatchObject({ error: { code: 'IN_USE' } });
    expect(await server.db.knex('menus').where('id', used.body.id)).toHaveLength(1);
  });

  it('drops a deleted room from the tasks that named it', async () => {
    const created = await admin.post('/api/admin/menus', course());
    await admin.request('DELETE', `/api/admin/rooms/${room}`);
    const read = await admin.get(`/api/admin/menus/${created.body.id}`);
    expect(read.body.tasks.map((task: { roomIds: string[] }) => task.roomIds)).toEqual([[counselling], [], []]);
  });
});

describe('menus for members and guests', () => {
  let shown: string;
  let notWeb: string;
  let disabled: string;
  let foreign: string;
  let sameClinic: string;

  beforeEach(async () => {
    const datsumo = await category(people.clinicX.id, '医療脱毛');
    const hifu = await category(people.clinicX.id, '美容皮膚科');
    const foreignCategory = await category(people.clinicY.id, '医療脱毛');
    shown = (await admin.post('/api/admin/menus', menuBody(datsumo, { name: '顔脱毛' }))).body.id;
    notWeb = (await admin.post('/api/admin/menus', menuBody(datsumo, { name: '電話予約のみ', webBookable: false }))).body.id;
    disabled = (await admin.post('/api/admin/menus', menuBody(datsumo, { name: '休止中', enabled: false }))).body.id;
    sameClinic = (await admin.post('/api/admin/menus', menuBody(hifu, { name: 'ハイフ' }))).body.id;
    foreign = (await admin.post('/api/admin/menus', menuBody(foreignCategory, { name: '新宿の顔脱毛' }))).body.id;
  });

  it('lists only enabled, web-bookable menus, optionally of one category', async () => {
    for (const client of [anonymous, member]) {
      const prefix = client === anonymous ? '/api/guests' : '/api/users';
      expect(ids((await client.get(`${prefix}/menus?clinicId=${people.clinicX.id}`)).body)).toEqual([shown, sameClinic]);
      const hifuId = (await client.get(`${prefix}/menu-categories?clinicId=${people.clinicX.id}`)).body[1].id;
      expect(ids((await client.get(`${prefix}/menus?clinicId=${people.clinicX.id}&categoryId=${hifuId}`)).body)).toEqual([sameClinic]);
    }
    expect(ids((await staffX.get(`/api/staffs/menus?clinicId=${people.clinicX.id}`)).body)).toEqual([shown, notWeb, sameClinic]);
  });

  it('resolves a booking link by ids: bookable ones only, one menu per clinic', async () => {
    for (const prefix of ['/api/guests', '/api/users']) {
      const client = prefix === '/api/guests' ? anonymous : member;
      const found = await client.get(`${prefix}/menus/by-ids?ids=${foreign},${shown},${notWeb},${disabled},999999`);
      expect(found.status).toBe(200);
      expect(ids(found.body)).toEqual([foreign, shown]);
      const two = await client.get(`${prefix}/menus/by-ids?ids=${shown},${sameClinic}`);
      expect(two.status).toBe(400);
      expect(two.body.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: '全ての項目に正しく値を入力してください。',
        fields: [{ path: 'ids', message: 'URLで指定できるメニューは1つのクリニックにつき1つまでです。' }],
      });
      for (const bad of ['', 'abc', '1,x']) {
        const answer = await client.get(`${prefix}/menus/by-ids?ids=${bad}`);
        expect(answer.status, bad).toBe(400);
        expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      }
    }
    expect((await anonymous.get(`/api/users/menus/by-ids?ids=${shown}`)).status).toBe(401);
  });
});
