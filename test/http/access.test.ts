import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { aClinic } from '../support/mothers';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const clinicBody = (overrides: Record<string, unknown> = {}) => {
  const { homepageUrl: _h, hokenCategoryId: _k, ...settings } = aClinic();
  return { ...settings, ...overrides };
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

describe('who may call what', () => {
  it('answers 401 to anonymous callers of staff, admin and member routes', async () => {
    for (const path of ['/api/staffs/profile', '/api/staffs/clinics', '/api/admin/clinics', '/api/users/profile']) {
      const answer = await anonymous.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('keeps members out of staff routes and staff out of member routes', async () => {
    expect((await member.get('/api/staffs/profile')).status).toBe(401);
    expect((await member.get('/api/admin/clinics')).status).toBe(401);
    expect((await staffX.get('/api/users/profile')).status).toBe(401);
  });

  it('lets only ADMIN create a clinic: STAFF get 403 and nothing is written', async () => {
    const refused = await staffX.post('/api/admin/clinics', clinicBody({ name: '池袋' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: 'この操作を行う権限がありません。' });
    expect((await server.db.knex('clinics').where('name', '池袋')).length).toBe(0);
    const created = await admin.post('/api/admin/clinics', clinicBody({ name: '池袋' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: '池袋', updateDeadlineHours: 24, cancelDeadlineHours: 24, minLeadMinutes: 60 });
  });

  it('lets STAFF change their own clinic but not another', async () => {
    const own = await staffX.put(`/api/admin/clinics/${people.clinicX.id}/simple`, { name: '渋谷', phone: '03-9999-0000', webBookingEnabled: false });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ phone: '03-9999-0000', webBookingEnabled: false });
    const other = await staffX.put(`/api/admin/clinics/${people.clinicY.id}/simple`, { name: '新宿', phone: '03', webBookingEnabled: false });
    expect(other.status).toBe(403);
    expect((await server.db.knex('clinics').where('id', people.clinicY.id).first()).web_booking_enabled).toBe(true);
  });

  it('reads the role again on every request: a demoted admin loses admin rights at once', async () => {
    await server.db.knex('staffs').where('id', people.admin.id).update({ role: 'STAFF' });
    expect((await admin.post('/api/admin/clinics', clinicBody())).status).toBe(403);
    await server.db.knex('staffs').where('id', people.staffX.id).delete();
    expect((await staffX.get('/api/staffs/profile')).status).toBe(401);
  });

  it('answers each audience its own profile', async () => {
    expect((await staffX.get('/api/staffs/profile')).body).toEqual({ id: people.staffX.id, name: '佐藤 美咲', role: 'STAFF', clinicId: people.clinicX.id });
    expect((await admin.get('/api/staffs/profile')).body).toMatchObject({ role: 'ADMIN', clinicId: null });
    expect((await staffX.get('/api/staffs/clinics')).body.map((clinic: { name: string }) => clinic.name)).toEqual(['渋谷', '新宿']);
  });
});

describe('X-Requested-With', () => {
  it('refuses state-changing calls without the header with 403', async () => {
    const answer = await admin.post('/api/admin/clinics', clinicBody({ name: '大宮' }), { xhr: false });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
    expect((await server.db.knex('clinics').where('name', '大宮')).length).toBe(0);
    expect((await staffX.post('/api/logout', undefined, { xhr: false })).status).toBe(403);
    expect((await staffX.get('/api/staffs/profile')).status).toBe(200);
  });
});

describe('clinic input', () => {
  it('answers VALIDATION_FAILED with the fields at fault', async () => {
    const answer = await admin.post('/api/admin/clinics', { name: '', phone: 'abc', webBookingEnabled: 'yes', openingHours: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.message).toBe('全ての項目に正しく値を入力してください。');
    expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(['name', 'phone', 'webBookingEnabled']));
  });

  it('refuses opening hours off the 15-minute grid or closing before opening', async () => {
    const answer = await admin.post('/api/admin/clinics', clinicBody({ openingHours: [{ weekday: 1, open: '10:10', close: '09:00' }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'openingHours.0.open' }), expect.objectContaining({ path: 'openingHours.0.close' })]),
    );
  });

  it('refuses a duplicate clinic name with 409 CLINIC_DUPLICATE', async () => {
    const answer = await admin.post('/api/admin/clinics', clinicBody({ name: '渋谷' }));
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('CLINIC_DUPLICATE');
  });

  it('answers 404 CLINIC_NOT_FOUND for a clinic that does not exist', async () => {
    expect((await admin.get('/api/admin/clinics/999999')).body.error.code).toBe('CLINIC_NOT_FOUND');
    expect((await admin.get('/api/admin/clinics/abc')).status).toBe(400);
  });
});
