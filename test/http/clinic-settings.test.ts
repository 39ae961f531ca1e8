import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { statementsDuring } from '../support/statements';
import { aClinic } from '../support/mothers';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const today = () => DateTime.now().setZone('Asia/Tokyo');
const inDays = (days: number) => today().plus({ days }).toISODate()!;

/** A whole clinic body as the set-up screen sends it. */
const clinicBody = (overrides: Record<string, unknown> = {}) => {
  const { homepageUrl: _h, hokenCategoryId: _k, ...settings } = aClinic({ name: '渋谷' });
  return { ...settings, ...overrides };
};

const category = async (clinicId: string, name: string): Promise<string> => {
  const [row] = await server.db.knex('menu_categories').insert({ clinic_id: clinicId, name }).returning('id');
  return String(row.id);
};

const breaksInDb = async (clinicId: string) =>
  (await server.db.knex('clinic_breaks').where('clinic_id', clinicId).orderBy('id')).map((row) => ({
    weekday: row.weekday,
    start: String(row.start_time).slice(0, 5),
    end: String(row.end_time).slice(0, 5),
  }));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

describe('clinic breaks', () => {
  it('stores breaks per weekday or every day, answers them ordered, and keeps them when PUT leaves them out', async () => {
    const breaks = [
      { weekday: 3, start: '15:00', end: '15:30' },
      { weekday: null, start: '13:00', end: '14:00' },
    ];
    const created = await admin.post('/api/admin/clinics', clinicBody({ name: '池袋', breaks }));
    expect(created.status).toBe(201);
    expect(created.body.breaks).toEqual([
      { id: expect.any(String), weekday: null, start: '13:00', end: '14:00' },
      { id: expect.any(String), weekday: 3, start: '15:00', end: '15:30' },
    ]);
    expect(created.body.holidays).toEqual([]);
    const id = created.body.id;

    const renamed = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ name: '池袋東口' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.breaks).toEqual(created.body.breaks);

    const simple = await admin.put(`/api/admin/clinics/${id}/simple`, { name: '池袋', phone: '03-1111-2222', webBookingEnabled: true });
    expect(simple.body.breaks).toEqual(created.body.breaks);

    const cleared = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ name: '池袋', breaks: [] }));
    expect(cleared.body.breaks).toEqual([]);
    expect(await breaksInDb(id)).toEqual([]);
  });

  it('refuses breaks outside the opening hours, off the grid or overlapping, and writes nothing', async () => {
    const id = people.clinicX.id;
    await admin.put(`/api/admin/clinics/${id}`, clinicBody({ breaks: [{ weekday: 1, start: '13:00', end: '14:00' }] }));
    const cases: [unknown, string, string][] = [
      [[{ weekday: 1, start: '18:30', end: '19:30' }], 'breaks.0.start', '休憩時間はその曜日の診療時間内にしてください。'],
      [[{ weekday: 0, start: '12:00', end: '13:00' }], 'breaks.0.start', '休憩時間はその曜日の診療時間内にしてください。'],
      [[{ weekday: null, start: '09:00', end: '10:30' }], 'breaks.0.start', '毎日の休憩は、すべての診療日の診療時間内にしてください。'],
      [[{ weekday: 2, start: '13:05', end: '14:00' }], 'breaks.0.start', '休憩の開始時刻は15分単位で入力してください。'],
      [[{ weekday: 2, start: '14:00', end: '13:00' }], 'breaks.0.end', '休憩の終了時刻は開始時刻より後にしてください。'],
      [
        [
          { weekday: null, start: '12:00', end: '13:00' },
          { weekday: 4, start: '12:30', end: '13:30' },
        ],
        'breaks.1.start',
        '休憩時間が1件目の休憩と重なっています。',
      ],
    ];
    for (const [breaks, path, message] of cases) {
      const answer = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ name: '変更後', breaks }));
      expect(answer.status, JSON.stringify(breaks)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: '全ての項目に正しく値を入力してください。', fields: [{ path, message }] });
    }
    // Hours that would leave the kept break outside are refused too.
    const shorter = await admin.put(`/api/admin/clinics/${id}`, clinicBody({ openingHours: [{ weekday: 1, open: '14:00', close: '19:00' }] }));
    expect(shorter.status).toBe(400);
    expect(shorter.body.error.fields[0].path).toBe('breaks.0.start');

    expect(await breaksInDb(id)).toEqual([{ weekday: 1, start: '13:00', end: '14:00' }]);
    expect((await server.db.knex('clinics').where('id', id).first()).name).toBe('渋谷');
  });

  it('answers 400 VALIDATION_FAILED, never 500, for malformed breaks', async () => {
    for (const breaks of [[{ weekday: 7, start: '13:00', end: '14:00' }], [{ weekday: 1, start: '1300', end: '14:00' }], 'lunch', [{ weekday: 1 }]]) {
      const answer = await admin.put(`/api/admin/clinics/${people.clinicX.id}`, clinicBody({ breaks }));
      expect(answer.status, JSON.stringify(breaks)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('hokenCategoryId', () => {
  it('must be a category of that clinic: 400 CATEGORY_NOT_FOUND otherwise', async () => {
    const own = await category(people.clinicX.id, '保険診療');
    const foreign = await category(people.clinicY.id, '保険診療');
    for (const hokenCategoryId of [foreign, '999999']) {
      const answer = await staffX.put(`/api/admin/clinics/${people.clinicX.id}`, clinicBody({ hokenCategoryId }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'CATEGORY_NOT_FOUND', message: 'カテゴリが見つかりません。' });
    }
    expect((await server.db.knex('clinics').where('id', people.clinicX.id).first()).hoken_category_id).toBeNull();

    const created = await admin.post('/api/admin/clinics', clinicBody({ name: '大宮', hokenCategoryId: own }));
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('CATEGORY_NOT_FOUND');
    expect(await server.db.knex('clinics').where('name', '大宮')).toHaveLength(0);

    const saved = await staffX.put(`/api/admin/clinics/${people.clinicX.id}`, clinicBody({ hokenCategoryId: own }));
    expect(saved.status).toBe(200);
    expect(saved.body.hokenCategoryId).toBe(own);
    expect(String((await server.db.knex('clinics').where('id', people.clinicX.id).first()).hoken_category_id)).toBe(own);
  });
});

describe('clinic holidays', () => {
  it('registers a date once (409 HOLIDAY_ALREADY_REGISTERED), answers it on every audience and deletes it', async () => {
    const path = `/api/admin/clinics/${people.clinicX.id}/holidays`;
    const date = inDays(10);
    const added = await staffX.post(path, { date, name: '院内研修' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ date, name: '院内研修' });
    expect((await staffX.post(path, { date: inDays(3) })).body).toEqual({ date: inDays(3), name: '' });

    const twice = await admin.post(path, { date, name: '二度目' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'HOLIDAY_ALREADY_REGISTERED', message: 'この日はすでに休診日として登録されています。' });
    expect(await server.db.knex('clinic_holidays').where('clinic_id', people.clinicX.id)).toHaveLength(2);

    const expected = [
      { date: inDays(3), name: '' },
      { date, name: '院内研修' },
    ];
    expect((await admin.get(`/api/admin/clinics/${people.clinicX.id}`)).body.holidays).toEqual(expected);
    const staffList = (await staffX.get('/api/staffs/clinics')).body;
    expect(staffList.find((clinic: { id: string }) => clinic.id === people.clinicX.id).holidays).toEqual(expected);
    expect(staffList.find((clinic: { id: string }) => clinic.id === people.clinicY.id).holidays).toEqual([]);
    expect((await member.get(`/api/users/clinics/${people.clinicX.id}`)).body.holidays).toEqual(expected);
    expect((await member.get('/api/users/clinics')).body[0].holidays).toEqual(expected);
    expect((await anonymous.get('/api/guests/clinics')).body.find((clinic: { id: string }) => clinic.id === people.clinicX.id).holidays).toEqual(expected);

    expect((await staffX.request('DELETE', `${path}/${date}`)).status).toBe(204);
    expect((await staffX.request('DELETE', `${path}/${date}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/clinics/${people.clinicX.id}`)).body.holidays).toEqual([{ date: inDays(3), name: '' }]);
  });

  it('answers only holidays from today on', async () => {
    await server.db.knex('clinic_holidays').insert([
      { clinic_id: people.clinicX.id, date: inDays(-1), name: '昨日' },
      { clinic_id: people.clinicX.id, date: inDays(0), name: '今日' },
    ]);
    expect((await staffX.get(`/api/admin/clinics/${people.clinicX.id}`)).body.holidays).toEqual([{ date: inDays(0), name: '今日' }]);
  });

  it('refuses past, impossible and malformed dates with 400 and writes nothing', async () => {
    const path = `/api/admin/clinics/${people.clinicX.id}/holidays`;
    const past = await admin.post(path, { date: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual([{ path: 'date', message: '過去の日付は休診日に登録できません。' }]);
    for (const body of [{ date: '2027-02-30' }, { date: '2027/01/01' }, {}, { date: inDays(5), name: 'あ'.repeat(51) }]) {
      const answer = await admin.post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.request('DELETE', `${path}/tomorrow`)).status).toBe(400);
    expect(await server.db.knex('clinic_holidays')).toHaveLength(0);
    expect((await admin.post('/api/admin/clinics/999999/holidays', { date: inDays(1) })).body.error.code).toBe('CLINIC_NOT_FOUND');
  });

  it('lets STAFF manage only their own clinic; members and anonymous get 401', async () => {
    const other = `/api/admin/clinics/${people.clinicY.id}/holidays`;
    const refused = await staffX.post(other, { date: inDays(1) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await server.db.knex('clinic_holidays').insert({ clinic_id: people.clinicY.id, date: inDays(2), name: '' });
    expect((await staffX.request('DELETE', `${other}/${inDays(2)}`)).status).toBe(403);
    expect(await server.db.knex('clinic_holidays').where('clinic_id', people.clinicY.id)).toHaveLength(1);
    expect((await staffX.put(`/api/admin/clinics/${people.clinicY.id}`, clinicBody({ name: '新宿', breaks: [] }))).status).toBe(403);

    expect((await admin.post(other, { date: inDays(1) })).status).toBe(201);
    for (const client of [member, anonymous]) {
      expect((await client.post(other, { date: inDays(4) })).status).toBe(401);
      expect((await client.request('DELETE', `${other}/${inDays(1)}`)).status).toBe(401);
    }
    expect(await server.db.knex('clinic_holidays').where('clinic_id', people.clinicY.id)).toHaveLength(2);
  });
});

describe('clinic answers for members and guests', () => {
  it('carry breaks and holidays but not the deadlines of the staff answer', async () => {
    await admin.put(`/api/admin/clinics/${people.clinicX.id}`, clinicBody({ breaks: [{ weekday: null, start: '13:00', end: '14:00' }] }));
    const answer = (await member.get(`/api/users/clinics/${people.clinicX.id}`)).body;
    expect(answer.breaks).toEqual([{ id: expect.any(String), weekday: null, start: '13:00', end: '14:00' }]);
    expect(answer.holidays).toEqual([]);
    expect(answer).not.toHaveProperty('updateDeadlineHours');
  });
});

describe('GET /api/staffs/clinics', () => {
  it('reads every clinic with hours, breaks and holidays in one query', async () => {
    for (let index = 0; index < 5; index++) {
      await admin.post('/api/admin/clinics', clinicBody({ name: `院${index}`, breaks: [{ weekday: 1, start: '12:00', end: '13:00' }] }));
    }
    let answer: Awaited<ReturnType<TestClient['get']>> | undefined;
    const queries = (
      await statementsDuring(server.db.knex, async () => {
        answer = await staffX.get('/api/staffs/clinics');
      })
    ).filter((sql) => !/sessions|staffs|users/.test(sql));
    expect(answer!.body).toHaveLength(7);
    expect(answer!.body[2].breaks).toHaveLength(1);
    expect(queries).toHaveLength(1);
  });
});
