import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { insertMenu, insertReservation } from '../support/staff-fixtures';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const staffBody = (overrides: Record<string, unknown> = {}) => ({
  employeeNumber: 'N0001',
  email: 'new.staff@example.jp',
  name: '新人 花子',
  role: 'STAFF',
  clinicId: people.clinicX.id,
  password: 'a-long-enough-password',
  ...overrides,
});

const staffRow = (employeeNumber: string) => server.db.knex('staffs').where('employee_number', employeeNumber);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

describe('who may call the staff routes', () => {
  it('answers 401 to anonymous callers and members', async () => {
    for (const client of [anonymous, member]) {
      for (const path of [
        '/api/admin/staffs',
        `/api/admin/staffs/${people.staffX.id}`,
        '/api/staffs',
        `/api/staffs/${people.staffX.id}`,
        '/api/admin/mail-outbox',
      ]) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(401);
        expect(answer.body.error.code).toBe('UNAUTHENTICATED');
      }
      expect((await client.post('/api/admin/staffs', staffBody())).status).toBe(401);
      expect((await client.put(`/api/staffs/${people.staffX.id}/menus`, { menuIds: [] })).status).toBe(401);
      expect((await client.request('DELETE', `/api/admin/staffs/${people.staffY.id}`)).status).toBe(401);
    }
    expect(await staffRow('N0001')).toHaveLength(0);
  });

  it('keeps the development mailbox for ADMIN', async () => {
    expect((await staffX.get('/api/admin/mail-outbox')).status).toBe(403);
    expect((await admin.get('/api/admin/mail-outbox')).status).toBe(200);
  });

  it('does not shadow the other /api/staffs routes', async () => {
    expect((await staffX.get('/api/staffs/profile')).body).toMatchObject({ id: people.staffX.id });
    expect((await staffX.get('/api/staffs/clinics')).status).toBe(200);
    expect((await staffX.get('/api/staffs/no-such-thing')).status).toBe(404);
  });
});

describe('listing staff', () => {
  it('lists live staff by priority with menus and whether a password is set', async () => {
    const list = await staffX.get('/api/admin/staffs');
    expect(list.status).toBe(200);
    expect(list.body.map((staff: { employeeNumber: string }) => staff.employeeNumber)).toEqual(['A0001', 'S0001', 'S0002', 'S0003']);
    expect(list.body.find((staff: { id: string }) => staff.id === people.staffX.id)).toEqual({
      id: people.staffX.id,
      employeeNumber: 'S0001',
      email: 'staff.x@example.jp',
      name: '佐藤 美咲',
      role: 'STAFF',
      clinicId: people.clinicX.id,
      priority: 0,
      menuIds: [],
      hasPassword: true,
      doctor: false,
    });
    const ofX = await staffX.get(`/api/staffs?clinicId=${people.clinicX.id}`);
    expect(ofX.body.map((staff: { employeeNumber: string; hasPassword: boolean }) => [staff.employeeNumber, staff.hasPassword])).toEqual([
      ['S0001', true],
      ['S0003', false],
    ]);
    expect((await staffX.get(`/api/staffs/${people.staffY.id}`)).body.employeeNumber).toBe('S0002');
  });

  it('answers 404 STAFF_NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const unknown = await staffX.get('/api/admin/staffs/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'STAFF_NOT_FOUND', message: 'スタッフが見つかりません。' });
    expect((await staffX.get('/api/staffs/999999')).status).toBe(404);
    expect((await staffX.get('/api/admin/staffs/abc')).status).toBe(400);
    expect((await staffX.get('/api/admin/staffs?clinicId=x')).body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('creating staff', () => {
  it('lets ADMIN create staff at any clinic, who can then log in', async () => {
    const created = await admin.post('/api/admin/staffs', staffBody({ clinicId: people.clinicY.id }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      employeeNumber: 'N0001',
      clinicId: people.clinicY.id,
      role: 'STAFF',
      hasPassword: true,
      menuIds: [],
      priority: 1,
      invitationUrl: null,
    });
    const login = await server.client().login('staffN0001', 'a-long-enough-password');
    expect(login.body).toMatchObject({ type: 'staff', id: created.body.id, role: 'STAFF' });
    const audit = await server.db.knex('audit_log').where({ action: 'staff.create', entity_id: created.body.id });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].after)).not.toContain('argon2');
  });

  it('lets STAFF create staff at their own clinic only, and never an ADMIN', async () => {
    expect((await staffX.post('/api/admin/staffs', staffBody())).status).toBe(201);
    const other = await staffX.post('/api/admin/staffs', staffBody({ employeeNumber: 'N0002', email: 'n2@example.jp', clinicId: people.clinicY.id }));
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('FORBIDDEN');
    const headOffice = await staffX.post('/api/admin/staffs', staffBody({ employeeNumber: 'N0003', email: 'n3@example.jp', clinicId: null }));
    expect(headOffice.status).toBe(403);
    const anAdmin = await staffX.post('/api/admin/staffs', staffBody({ employeeNumber: 'N0004', email: 'n4@example.jp', role: 'ADMIN' }));
    expect(anAdmin.status).toBe(403);
    expect(await server.db.knex('staffs').whereIn('employee_number', ['N0002', 'N0003', 'N0004'])).toHaveLength(0);
    expect((await admin.post('/api/admin/staffs', staffBody({ employeeNumber: 'N0004', email: 'n4@example.jp', role: 'ADMIN' }))).status).toBe(201);
  });

  it('lets head-office STAFF manage staff of every clinic, but not grant ADMIN', async () => {
    await admin.post('/api/admin/staffs', staffBody({ employeeNumber: 'H0001', email: 'h@example.jp', clinicId: null }));
    const head = server.client();
    await head.login('staffH0001', 'a-long-enough-password');
    expect((await head.post('/api/admin/staffs', staffBody({ clinicId: people.clinicY.id }))).status).toBe(201);
    expect((await head.post('/api/admin/staffs', staffBody({ employeeNumber: 'N0005', email: 'n5@example.jp', role: 'ADMIN' }))).status).toBe(403);
  });

  it('mails an invitation when no password is given and answers its link', async () => {
    const created = await admin.post('/api/admin/staffs', staffBody({ password: undefined }));
    expect(created.status).toBe(201);
    expect(created.body.hasPassword).toBe(false);
    expect(created.body.invitationUrl).toMatch(/^http:\/\/localhost:3000\/common\/password\/register\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.body.invitationExpiresAt) - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    const [mail] = (await admin.get('/api/admin/mail-outbox')).body;
    expect(mail).toMatchObject({ to: 'new.staff@example.jp', subject: '【クリニック予約システム】スタッフアカウントのご案内' });
    expect(mail.text).toContain('新人 花子 様');
    expect(mail.text).toContain(created.body.invitationUrl);
    expect((await server.client().login('staffN0001', 'anything-at-all')).body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a taken employee number or email (any case) with 409 STAFF_EXISTS', async () => {
    const number = await admin.post('/api/admin/staffs', staffBody({ employeeNumber: 'S0001' }));
    expect(number.status).toBe(409);
    expect(number.body.error).toEqual({ code: 'STAFF_EXISTS', message: '同じ社員番号またはメールアドレスのスタッフがすでに登録されています。' });
    expect((await admin.post('/api/admin/staffs', staffBody({ email: 'STAFF.X@example.jp' }))).body.error.code).toBe('STAFF_EXISTS');
    expect(await staffRow('N0001')).toHaveLength(0);
  });

  it('answers 400 VALIDATION_FAILED for bad input and writes nothing', async () => {
    const answer = await admin.post('/api/admin/staffs', { employeeNumber: '', email: 'x', name: '', role: 'BOSS', clinicId: 'a', password: 'short' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toEqual(
      expect.arrayContaining(['employeeNumber', 'email', 'name', 'role', 'clinicId', 'password']),
    );
    const email = await admin.post('/api/admin/staffs', staffBody({ email: 'not an email' }));
    expect(email.body.error.fields).toEqual([{ path: 'email', message: 'メールアドレスの形式が正しくありません。' }]);
    const shortPassword = await admin.post('/api/admin/staffs', staffBody({ password: 'abc' }));
    expect(shortPassword.body.error.fields[0].message).toBe('パスワードは10文字以上で入力してください。');
    expect(await staffRow('N0001')).toHaveLength(0);
  });

  it('answers 404 CLINIC_NOT_FOUND for a clinic that does not exist', async () => {
    const answer = await admin.post('/api/admin/staffs', staffBody({ clinicId: '999999' }));
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('CLINIC_NOT_FOUND');
    expect(await staffRow('N0001')).toHaveLength(0);
  });
});

describe('changing staff', () => {
  const change = (
    staff: { employeeNumber: string; email: string; name: string; role: string; clinicId: string | null },
    overrides: Record<string, unknown>,
  ) => ({
    employeeNumber: staff.employeeNumber,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    clinicId: staff.clinicId,
    ...overrides,
  });

  it('lets STAFF change staff of their own clinic, not of another, not an ADMIN, and not grant ADMIN', async () => {
    const own = await staffX.put(`/api/admin/staffs/${people.noPassword.id}`, change(people.noPassword, { name: '変更 後' }));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: people.noPassword.id, name: '変更 後' });
    expect((await staffX.put(`/api/admin/staffs/${people.staffY.id}`, change(people.staffY, { name: 'x' }))).status).toBe(403);
    expect((await staffX.put(`/api/admin/staffs/${people.admin.id}`, change(people.admin, { email: 'mine@example.jp' }))).status).toBe(403);
    expect((await staffX.put(`/api/admin/staffs/${people.noPassword.id}`, change(people.noPassword, { role: 'ADMIN' }))).status).toBe(403);
    expect((await staffX.put(`/api/admin/staffs/${people.noPassword.id}`, change(people.noPassword, { clinicId: people.clinicY.id }))).status).toBe(403);
    const rows = await server.db.knex('staffs').whereIn('id', [people.staffY.id, people.admin.id, people.noPassword.id]).orderBy('id');
    expect(rows.map((row) => [row.name, row.email, row.role, String(row.clinic_id)])).toEqual([
      [people.admin.name, 'admin@example.jp', 'ADMIN', 'null'],
      [people.staffY.name, 'staff.y@example.jp', 'STAFF', people.clinicY.id],
      ['変更 後', people.noPassword.email, 'STAFF', people.clinicX.id],
    ]);
  });

  it('lets ADMIN move staff to another clinic, which takes their menus away', async () => {
    const menuId = await insertMenu(server.db, people.clinicX.id);
    expect((await admin.put(`/api/staffs/${people.staffX.id}/menus`, { menuIds: [menuId] })).body.menuIds).toEqual([menuId]);
    const moved = await admin.put(`/api/admin/staffs/${people.staffX.id}`, change(people.staffX, { clinicId: people.clinicY.id, role: 'ADMIN' }));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ clinicId: people.clinicY.id, role: 'ADMIN', menuIds: [] });
  });

  it('refuses a taken number or email, unknown staff and bad input', async () => {
    const taken = await admin.put(`/api/admin/staffs/${people.staffX.id}`, change(people.staffX, { email: 'Staff.Y@example.jp' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('STAFF_EXISTS');
    expect((await admin.put('/api/admin/staffs/999999', change(people.staffX, {}))).body.error.code).toBe('STAFF_NOT_FOUND');
    expect((await admin.put(`/api/admin/staffs/${people.staffX.id}`, { name: '' })).status).toBe(400);
    expect((await staffRow('S0001').first()).email).toBe('staff.x@example.jp');
  });
});

describe('deleting staff', () => {
  it('soft-deletes: gone from lists and lookups, cannot log in, the session ends, the number is free again', async () => {
    const deleted = await staffX.request('DELETE', `/api/admin/staffs/${people.noPassword.id}`);
    expect(deleted.status).toBe(204);
    expect((await staffRow('S0003').first()).deleted_at).not.toBeNull();
    expect((await admin.get(`/api/admin/staffs/${people.noPassword.id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/staffs')).body.map((staff: { id: string }) => staff.id)).not.toContain(people.noPassword.id);
    expect((await staffX.request('DELETE', `/api/admin/staffs/${people.noPassword.id}`)).status).toBe(404);

    expect((await admin.request('DELETE', `/api/admin/staffs/${people.staffX.id}`)).status).toBe(204);
    expect((await staffX.get('/api/staffs/profile')).status).toBe(401);
    expect((await server.client().login('staffS0001', PASSWORD)).body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await admin.post('/api/admin/staffs', staffBody({ employeeNumber: 'S0001', email: 'staff.x@example.jp' }))).status).toBe(201);
  });

  it('refuses STAFF deleting staff of another clinic or an ADMIN', async () => {
    expect((await staffX.request('DELETE', `/api/admin/staffs/${people.staffY.id}`)).status).toBe(403);
    expect((await staffX.request('DELETE', `/api/admin/staffs/${people.admin.id}`)).status).toBe(403);
    expect(await server.db.knex('staffs').whereNotNull('deleted_at')).toHaveLength(0);
  });

  it('answers 409 IN_USE while a future live reservation names the staff member', async () => {
    const base = { clinicId: people.clinicX.id, userId: people.member.id, staffId: people.noPassword.id };
    await insertReservation(server.db, { ...base, startsAt: '2020-01-06T10:00:00+09:00', endsAt: '2020-01-06T11:00:00+09:00', status: 'VISITED' });
    await insertReservation(server.db, { ...base, startsAt: '2039-01-06T10:00:00+09:00', endsAt: '2039-01-06T11:00:00+09:00', status: 'CANCELLED' });
    const future = await insertReservation(server.db, { ...base, startsAt: '2039-01-07T10:00:00+09:00', endsAt: '2039-01-07T11:00:00+09:00' });
    const refused = await admin.request('DELETE', `/api/admin/staffs/${people.noPassword.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'IN_USE', message: '使用中のため削除できません。' });
    expect((await staffRow('S0003').first()).deleted_at).toBeNull();
    await server.db.knex('reservations').where('id', future).update({ status: 'CANCELLED' });
    expect((await admin.request('DELETE', `/api/admin/staffs/${people.noPassword.id}`)).status).toBe(204);
  });
});

describe('priority', () => {
  it('moves a staff member to a position and renumbers the clinic 0…n-1', async () => {
    const third = await admin.post('/api/admin/staffs', staffBody());
    expect(third.body.priority).toBe(1);
    const moved = await staffX.put(`/api/admin/staffs/${third.body.id}/priority`, { priority: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.map((staff: { employeeNumber: string; priority: number }) => [staff.employeeNumber, staff.priority])).toEqual([
      ['N0001', 0],
      ['S0001', 1],
      ['S0003', 2],
    ]);
    const last = await staffX.put(`/api/admin/staffs/${third.body.id}/priority`, { priority: 99 });
    expect(last.body.map((staff: { employeeNumber: string }) => staff.employeeNumber)).toEqual(['S0001', 'S0003', 'N0001']);
    expect((await staffX.put(`/api/admin/staffs/${people.staffY.id}/priority`, { priority: 0 })).status).toBe(403);
    expect((await staffX.put(`/api/admin/staffs/${third.body.id}/priority`, { priority: -1 })).status).toBe(400);
  });
});

describe('menus a staff member performs', () => {
  it('sets menus of the staff member’s clinic only', async () => {
    const [a, b] = [await insertMenu(server.db, people.clinicX.id), await insertMenu(server.db, people.clinicX.id)];
    const foreign = await insertMenu(server.db, people.clinicY.id);
    const set = await staffX.put(`/api/staffs/${people.noPassword.id}/menus`, { menuIds: [b, a, a] });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: people.noPassword.id, menuIds: [a, b].sort((x, y) => Number(x) - Number(y)) });

    for (const menuIds of [[a, foreign], ['999999']]) {
      const refused = await staffX.put(`/api/staffs/${people.noPassword.id}/menus`, { menuIds });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toEqual({ code: 'MENU_NOT_FOUND', message: 'メニューが見つかりません。' });
    }
    expect((await staffX.put(`/api/staffs/${people.staffY.id}/menus`, { menuIds: [] })).status).toBe(403);
    expect((await staffX.put(`/api/staffs/${people.noPassword.id}/menus`, { menuIds: 'a' })).status).toBe(400);
    expect((await staffX.put('/api/staffs/999999/menus', { menuIds: [] })).body.error.code).toBe('STAFF_NOT_FOUND');
    expect((await server.db.knex('staff_menus').where('staff_id', people.noPassword.id)).length).toBe(2);

    expect((await staffX.put(`/api/staffs/${people.noPassword.id}/menus`, { menuIds: [] })).body.menuIds).toEqual([]);
  });
});
