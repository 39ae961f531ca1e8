import { DateTime } from 'luxon';
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

const rowsOf = (table: string, clinicId: string) => server.db.knex(table).where('clinic_id', clinicId).orderBy('id');

const KINDS = [
  {
    path: 'rooms',
    table: 'rooms',
    exists: 'ROOM_EXISTS',
    existsMessage: '同じ名前の部屋がすでに登録されています。',
    notFound: 'ROOM_NOT_FOUND',
    notFoundMessage: '部屋が見つかりません。',
    name: '施術室1',
    other: '施術室2',
    column: 'roomId',
  },
  {
    path: 'machines',
    table: 'machines',
    exists: 'MACHINE_EXISTS',
    existsMessage: '同じ名前の機械がすでに登録されています。',
    notFound: 'MACHINE_NOT_FOUND',
    notFoundMessage: '機械が見つかりません。',
    name: 'ジェントルマックス',
    other: 'ピコレーザー',
    column: 'machineId',
  },
] as const;

for (const kind of KINDS) {
  const base = `/api/admin/${kind.path}`;

  describe(`/api/admin/${kind.path}`, () => {
    it('keeps anonymous callers and members out with 401', async () => {
      for (const client of [anonymous, member]) {
        expect((await client.get(`${base}?clinicId=${people.clinicX.id}`)).status).toBe(401);
        expect((await client.get(`/api/staffs/${kind.path}?clinicId=${people.clinicX.id}`)).status).toBe(401);
        const refused = await client.post(base, { clinicId: people.clinicX.id, name: kind.name });
        expect(refused.status).toBe(401);
        expect(refused.body.error).toEqual({ code: 'UNAUTHENTICATED', message: '認証されていないため、再度ログインしてください。' });
      }
      expect(await rowsOf(kind.table, people.clinicX.id)).toEqual([]);
    });

    it('lets STAFF add to their own clinic, appended last and enabled by default, and audits it', async () => {
      const first = await staffX.post(base, { clinicId: people.clinicX.id, name: kind.name });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ id: expect.any(String), clinicId: people.clinicX.id, name: kind.name, displayOrder: 0, enabled: true });
      const second = await staffX.post(base, { clinicId: people.clinicX.id, name: ` ${kind.other} `, enabled: false });
      expect(second.body).toMatchObject({ name: kind.other, displayOrder: 1, enabled: false });
      const audit = await server.db.knex('audit_log').where('entity_id', first.body.id).where('action', 'like', '%.create');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_type: 'staff', actor_id: people.staffX.id });
    });

    it('refuses STAFF writes to another clinic with 403 and writes nothing, but lets them read it', async () => {
      const refused = await staffX.post(base, { clinicId: people.clinicY.id, name: kind.name });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: 'この操作を行う権限がありません。' });
      expect(await rowsOf(kind.table, people.clinicY.id)).toEqual([]);

      const created = await admin.post(base, { clinicId: people.clinicY.id, name: kind.name });
      expect(created.status).toBe(201);
      expect((await staffX.put(`${base}/${created.body.id}`, { name: '変更', displayOrder: 3, enabled: false })).status).toBe(403);
      expect((await staffX.request('DELETE', `${base}/${created.body.id}`)).status).toBe(403);
      const row = await server.db.knex(kind.table).where('id', created.body.id).first();
      expect(row).toMatchObject({ name: kind.name, display_order: 0, enabled: true, deleted_at: null });

      const list = await staffX.get(`${base}?clinicId=${people.clinicY.id}`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([created.body]);
      expect((await staffX.get(`${base}/${created.body.id}`)).body).toEqual(created.body);
    });

    it('refuses a name taken in the same clinic with 409, allows it in another clinic', async () => {
      await admin.post(base, { clinicId: people.clinicX.id, name: kind.name });
      const twice = await admin.post(base, { clinicId: people.clinicX.id, name: kind.name });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toEqual({ code: kind.exists, message: kind.existsMessage });
      expect((await admin.post(base, { clinicId: people.clinicY.id, name: kind.name })).status).toBe(201);
      const other = await admin.post(base, { clinicId: people.clinicX.id, name: kind.other });
      const rename = await admin.put(`${base}/${other.body.id}`, { name: kind.name, displayOrder: 0, enabled: true });
      expect(rename.status).toBe(409);
      expect(rename.body.error.code).toBe(kind.exists);
      expect((await server.db.knex(kind.table).where('id', other.body.id).first()).name).toBe(kind.other);
    });

    it('updates name, display order and the enabled flag; the staff list shows only enabled ones', async () => {
      const a = await staffX.post(base, { clinicId: people.clinicX.id, name: kind.name });
      const b = await staffX.post(base, { clinicId: people.clinicX.id, name: kind.other });
      const updated = await staffX.put(`${base}/${a.body.id}`, { name: `${kind.name}A`, displayOrder: 5, enabled: false });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...a.body, name: `${kind.name}A`, displayOrder: 5, enabled: false });
      expect((await staffX.get(`${base}?clinicId=${people.clinicX.id}`)).body.map((row: { id: string }) => row.id)).toEqual([b.body.id, a.body.id]);
      expect((await staffX.get(`/api/staffs/${kind.path}?clinicId=${people.clinicX.id}`)).body).toEqual([b.body]);
    });

    it('answers 404 with its code for an unknown id, 400 for a malformed one', async () => {
      for (const answer of [
        await admin.get(`${base}/999999`),
        await admin.put(`${base}/999999`, { name: 'x', displayOrder: 0, enabled: true }),
        await admin.request('DELETE', `${base}/999999`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.error).toEqual({ code: kind.notFound, message: kind.notFoundMessage });
      }
      expect((await admin.get(`${base}/abc`)).body.error.code).toBe('VALIDATION_FAILED');
    });

    it('answers VALIDATION_FAILED for bad input and writes nothing', async () => {
      const cases = [
        [{ clinicId: people.clinicX.id, name: '' }, 'name'],
        [{ clinicId: people.clinicX.id, name: '   ' }, 'name'],
        [{ clinicId: people.clinicX.id, name: 'あ'.repeat(51) }, 'name'],
        [{ clinicId: people.clinicX.id, name: 'x', enabled: 'yes' }, 'enabled'],
        [{ clinicId: people.clinicX.id, name: 'x', displayOrder: -1 }, 'displayOrder'],
        [{ clinicId: 'abc', name: 'x' }, 'clinicId'],
        [{ name: 'x' }, 'clinicId'],
      ] as const;
      for (const [body, path] of cases) {
        const answer = await admin.post(base, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error.code).toBe('VALIDATION_FAILED');
        expect(answer.body.error.message).toBe('全ての項目に正しく値を入力してください。');
        expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toContain(path);
      }
      expect((await admin.get(`${base}`)).body.error.fields.map((field: { path: string }) => field.path)).toEqual(['clinicId']);
      const created = await admin.post(base, { clinicId: people.clinicX.id, name: kind.name });
      const badUpdate = await admin.put(`${base}/${created.body.id}`, { name: 'x' });
      expect(badUpdate.status).toBe(400);
      expect((await server.db.knex(kind.table).where('id', created.body.id).first()).name).toBe(kind.name);
      expect(await rowsOf(kind.table, people.clinicX.id)).toHaveLength(1);
    });

    it('answers 400 CLINIC_NOT_FOUND for an unknown clinic', async () => {
      const answer = await admin.post(base, { clinicId: '999999', name: kind.name });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'CLINIC_NOT_FOUND', message: 'クリニックが見つかりません。' });
      expect(Number((await server.db.knex(kind.table).count({ n: '*' }).first())!.n)).toBe(0);
    });

    it('soft-deletes: 204, then gone, the name free again, and audited', async () => {
      const created = await staffX.post(base, { clinicId: people.clinicX.id, name: kind.name });
      const deleted = await staffX.request('DELETE', `${base}/${created.body.id}`);
      expect(deleted.status).toBe(204);
      expect((await staffX.get(`${base}/${created.body.id}`)).status).toBe(404);
      expect((await staffX.get(`${base}?clinicId=${people.clinicX.id}`)).body).toEqual([]);
      expect((await server.db.knex(kind.table).where('id', created.body.id).first()).deleted_at).not.toBeNull();
      expect((await staffX.post(base, { clinicId: people.clinicX.id, name: kind.name })).status).toBe(201);
      expect(await server.db.knex('audit_log').where({ entity_id: created.body.id }).where('action', 'like', '%.delete')).toHaveLength(1);
    });

    it('refuses to delete while a future live reservation uses it (409 IN_USE), not for past or cancelled ones', async () => {
      const created = await admin.post(base, { clinicId: people.clinicX.id, name: kind.name });
      const id = created.body.id as string;
      const at = (days: number, hours: number) => DateTime.now().plus({ days }).set({ hour: hours, minute: 0, second: 0, millisecond: 0 }).toISO()!;
      const resource = kind.column === 'roomId' ? { roomId: id } : { machineId: id };
      const reservation = { clinicId: people.clinicX.id, userId: people.member.id, ...resource };
      await insertReservation(server.db, { ...reservation, startsAt: at(-3, 10), endsAt: at(-3, 11), status: 'VISITED' });
      await insertReservation(server.db, { ...reservation, startsAt: at(2, 10), endsAt: at(2, 11), status: 'CANCELLED' });
      const future = await insertReservation(server.db, { ...reservation, startsAt: at(3, 10), endsAt: at(3, 11) });

      const refused = await admin.request('DELETE', `${base}/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'IN_USE', message: '使用中のため削除できません。' });
      expect((await server.db.knex(kind.table).where('id', id).first()).deleted_at).toBeNull();

      await server.db.knex('reservations').where('id', future).update({ status: 'NOT_VISITED' });
      expect((await admin.request('DELETE', `${base}/${id}`)).status).toBe(204);
    });
  });
}

describe('/api/staffs/rooms and machines', () => {
  it('needs clinicId and answers each clinic its own', async () => {
    await admin.post('/api/admin/rooms', { clinicId: people.clinicX.id, name: '施術室1' });
    await admin.post('/api/admin/rooms', { clinicId: people.clinicY.id, name: '新宿の施術室' });
    expect((await staffX.get('/api/staffs/rooms')).status).toBe(400);
    expect((await staffX.get(`/api/staffs/rooms?clinicId=${people.clinicY.id}`)).body.map((room: { name: string }) => room.name)).toEqual(['新宿の施術室']);
    expect((await staffX.get(`/api/staffs/machines?clinicId=${people.clinicX.id}`)).body).toEqual([]);
  });
});
