import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';
import { insertCategory } from '../support/staff-fixtures';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let staffY: TestClient;
let member: TestClient;
let anonymous: TestClient;

// 2030-01-07 is a Monday.
const MONDAY = '2030-01-07';

const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
  staffId: people.staffX.id,
  date: MONDAY,
  start: '10:00',
  end: '19:00',
  breaks: [{ start: '13:00', end: '14:00' }],
  ...overrides,
});

const schedulesOf = (staffId: string) => server.db.knex('schedules').where('staff_id', staffId).orderBy('starts_at');
const list = (client: TestClient, from = '2030-01-01', to = '2030-03-31', clinicId = people.clinicX.id) =>
  client.get(`/api/staffs/schedules?clinicId=${clinicId}&from=${from}&to=${to}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, staffY, member, anonymous } = await signInAll(server));
});

describe('entering a schedule', () => {
  it('creates a schedule at the staff member’s clinic, stored as instants in Asia/Tokyo', async () => {
    const created = await staffX.post('/api/staffs/schedules', scheduleBody());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      staffId: people.staffX.id,
      date: MONDAY,
      start: '10:00',
      end: '19:00',
      breaks: [{ start: '13:00', end: '14:00' }],
      categoryId: null,
    });
    const [row] = await schedulesOf(people.staffX.id);
    expect(new Date(row.starts_at).toISOString()).toBe('2030-01-07T01:00:00.000Z');
    expect(new Date(row.ends_at).toISOString()).toBe('2030-01-07T10:00:00.000Z');
    const [pause] = await server.db.knex('schedule_breaks').where('schedule_id', created.body.id);
    expect(new Date(pause.starts_at).toISOString()).toBe('2030-01-07T04:00:00.000Z');
    expect((await list(staffY)).body).toEqual([created.body]);
    expect(await server.db.knex('audit_log').where({ action: 'schedule.create', entity_id: created.body.id })).toHaveLength(1);
  });

  it('accepts a schedule that ends at midnight and a category of the clinic', async () => {
    const categoryId = await insertCategory(server.db, people.clinicX.id);
    const created = await staffX.post('/api/staffs/schedules', scheduleBody({ start: '18:00', end: '24:00', breaks: [], categoryId }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ start: '18:00', end: '24:00', categoryId });
    expect(new Date((await schedulesOf(people.staffX.id))[0].ends_at).toISOString()).toBe('2030-01-07T15:00:00.000Z');
  });

  it('refuses times off the grid, an end before the start, and breaks outside or overlapping, writing nothing', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ start: '10:10' }, ['start']],
      [{ start: '19:00', end: '10:00', breaks: [] }, ['end']],
      [{ start: '10:00', end: '10:00', breaks: [] }, ['end']],
      [{ breaks: [{ start: '09:00', end: '10:30' }] }, ['breaks.0']],
      [
        {
          breaks: [
            { start: '13:00', end: '14:00' },
            { start: '13:30', end: '14:30' },
          ],
        },
        ['breaks.1'],
      ],
      [{ breaks: [{ start: '14:00', end: '13:00' }] }, ['breaks.0.end']],
      [{ date: '2030-02-30' }, ['date']],
    ];
    for (const [overrides, paths] of cases) {
      const answer = await staffX.post('/api/staffs/schedules', scheduleBody(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.message).toBe('全ての項目に正しく値を入力してください。');
      expect(answer.body.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
    }
    const breaksOverlap = await staffX.post(
      '/api/staffs/schedules',
      scheduleBody({
        breaks: [
          { start: '13:00', end: '14:00' },
          { start: '13:30', end: '14:30' },
        ],
      }),
    );
    expect(breaksOverlap.body.error.fields[0].message).toBe('休憩時間が重なっています。');
    const shape = await staffX.post('/api/staffs/schedules', { staffId: 'x', date: '7 Jan', start: '10', end: 5, breaks: 'none' });
    expect(shape.status).toBe(400);
    expect(shape.body.error.fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(['staffId', 'date', 'start', 'end', 'breaks']));
    expect(await server.db.knex('schedules')).toHaveLength(0);
    expect(await server.db.knex('schedule_breaks')).toHaveLength(0);
  });

  it('answers 409 SCHEDULE_EXISTS on an overlap with the person’s schedule, but allows back-to-back and other people', async () => {
    expect((await staffX.post('/api/staffs/schedules', scheduleBody({ start: '10:00', end: '14:00', breaks: [] }))).status).toBe(201);
    const overlap = await staffX.post('/api/staffs/schedules', scheduleBody({ start: '13:45', end: '19:00', breaks: [{ start: '15:00', end: '15:30' }] }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toEqual({ code: 'SCHEDULE_EXISTS', message: '同じ時間帯の勤務がすでに登録されています。' });
    expect(await schedulesOf(people.staffX.id)).toHaveLength(1);
    expect(await server.db.knex('schedule_breaks')).toHaveLength(0);
    expect((await staffX.post('/api/staffs/schedules', scheduleBody({ start: '14:00', end: '19:00', breaks: [] }))).status).toBe(201);
    expect((await staffX.post('/api/staffs/schedules', scheduleBody({ staffId: people.noPassword.id }))).status).toBe(201);
  });

  it('answers STAFF_NOT_FOUND, CATEGORY_NOT_FOUND, and VALIDATION_FAILED for head-office staff', async () => {
    expect((await admin.post('/api/staffs/schedules', scheduleBody({ staffId: '999999' }))).body.error.code).toBe('STAFF_NOT_FOUND');
    const foreign = await insertCategory(server.db, people.clinicY.id);
    const category = await staffX.post('/api/staffs/schedules', scheduleBody({ categoryId: foreign }));
    expect(category.status).toBe(404);
    expect(category.body.error.code).toBe('CATEGORY_NOT_FOUND');
    const headOffice = await admin.post('/api/staffs/schedules', scheduleBody({ staffId: people.admin.id }));
    expect(headOffice.status).toBe(400);
    expect(headOffice.body.error.fields).toEqual([{ path: 'staffId', message: '所属院のないスタッフには勤務を登録できません。' }]);
    expect(await server.db.knex('schedules')).toHaveLength(0);
  });
});

describe('who may manage schedules', () => {
  it('answers 401 to anonymous callers and members', async () => {
    for (const client of [anonymous, member]) {
      expect((await list(client)).status).toBe(401);
      expect((await client.post('/api/staffs/schedules', scheduleBody())).status).toBe(401);
      expect((await client.post('/api/staffs/schedules/bulk', {})).status).toBe(401);
    }
  });

  it('lets staff of any clinic of the chain read and write schedules (DOMAIN.md); ADMIN and head office too', async () => {
    const created = await staffY.post('/api/staffs/schedules', scheduleBody());
    expect(created.status).toBe(201);
    expect(created.body.clinicId).toBe(people.clinicX.id);
    expect((await list(staffX)).body).toHaveLength(1);
    expect((await staffY.put(`/api/staffs/schedules/${created.body.id}`, scheduleBody({ end: '18:00' }))).status).toBe(200);
    expect((await staffX.put(`/api/staffs/schedules/${created.body.id}`, scheduleBody({ staffId: people.staffY.id }))).status).toBe(200);
    expect(await schedulesOf(people.staffY.id)).toHaveLength(1);
    expect((await staffY.request('DELETE', `/api/staffs/schedules/${created.body.id}`)).status).toBe(204);
    expect(await server.db.knex('schedules')).toHaveLength(0);
    expect((await admin.post('/api/staffs/schedules', scheduleBody())).status).toBe(201);

    await server.db.knex('staffs').insert({
      employee_number: 'H1',
      email: 'h1@example.jp',
      name: '本部',
      role: 'STAFF',
      password_hash: (await server.db.knex('staffs').where('id', people.staffX.id).first()).password_hash,
    });
    const head = server.client();
    await head.login('staffH1', PASSWORD);
    expect((await head.post('/api/staffs/schedules', scheduleBody({ staffId: people.staffY.id }))).status).toBe(201);
  });
});

describe('changing and removing a schedule', () => {
  it('replaces the times and breaks, refuses overlaps, and deletes', async () => {
    const first = (await staffX.post('/api/staffs/schedules', scheduleBody({ start: '10:00', end: '13:00', breaks: [] }))).body;
    const second = (await staffX.post('/api/staffs/schedules', scheduleBody({ start: '14:00', end: '19:00', breaks: [{ start: '16:00', end: '16:30' }] })))
      .body;
    const changed = await staffX.put(
      `/api/staffs/schedules/${second.id}`,
      scheduleBody({ start: '15:00', end: '20:00', breaks: [{ start: '17:00', end: '17:15' }] }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: second.id, start: '15:00', end: '20:00', breaks: [{ start: '17:00', end: '17:15' }] });
    expect(await server.db.knex('schedule_breaks').where('schedule_id', second.id)).toHaveLength(1);

    const overlap = await staffX.put(`/api/staffs/schedules/${second.id}`, scheduleBody({ start: '12:00', end: '20:00', breaks: [] }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.code).toBe('SCHEDULE_EXISTS');
    expect((await list(staffX)).body.find((schedule: { id: string }) => schedule.id === second.id)).toMatchObject({
      start: '15:00',
      breaks: [{ start: '17:00', end: '17:15' }],
    });

    const bad = await staffX.put(`/api/staffs/schedules/${second.id}`, scheduleBody({ end: '19:05' }));
    expect(bad.status).toBe(400);
    expect((await staffX.put('/api/staffs/schedules/999999', scheduleBody())).body.error).toEqual({
      code: 'SCHEDULE_NOT_FOUND',
      message: '勤務が見つかりません。',
    });

    const removed = await staffX.request('DELETE', `/api/staffs/schedules/${first.id}`);
    expect(removed.body).toBe(null);
    expect(removed.status).toBe(204);
    expect((await staffX.request('DELETE', `/api/staffs/schedules/${first.id}`)).status).toBe(404);
    expect((await list(staffX)).body.map((schedule: { id: string }) => schedule.id)).toEqual([second.id]);
  });
});

describe('listing schedules', () => {
  it('lists one clinic’s schedules in a range of up to 92 days, ordered by date and start', async () => {
    await staffX.post('/api/staffs/schedules', scheduleBody({ date: '2030-01-08' }));
    await staffX.post('/api/staffs/schedules', scheduleBody({ staffId: people.noPassword.id, start: '09:00', breaks: [] }));
    await staffX.post('/api/staffs/schedules', scheduleBody());
    await staffY.post('/api/staffs/schedules', scheduleBody({ staffId: people.staffY.id }));
    const answer = await list(staffX, '2030-01-07', '2030-01-08');
    expect(answer.body.map((schedule: { date: string; start: string }) => `${schedule.date} ${schedule.start}`)).toEqual([
      '2030-01-07 09:00',
      '2030-01-07 10:00',
      '2030-01-08 10:00',
    ]);
    expect((await list(staffX, '2030-01-08', '2030-01-08')).body).toHaveLength(1);
    expect((await list(staffX, '2030-01-01', '2030-04-02')).status).toBe(200);
    const tooLong = await list(staffX, '2030-01-01', '2030-04-03');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual([{ path: 'to', message: '期間は92日以内で指定してください。' }]);
    expect((await list(staffX, '2030-01-08', '2030-01-07')).status).toBe(400);
    expect((await staffX.get('/api/staffs/schedules?from=2030-01-01&to=2030-01-02')).status).toBe(400);
  });
});

describe('weekly pattern', () => {
  const bulk = (overrides: Record<string, unknown> = {}) => ({
    staffId: people.staffX.id,
    from: '2030-01-01',
    to: '2030-01-31',
    weekdays: [1, 3, 5],
    start: '10:00',
    end: '19:00',
    breaks: [{ start: '13:00', end: '14:00' }],
    ...overrides,
  });

  it('enters one schedule per matching date, skipping holidays and overlaps and reporting them', async () => {
    await server.db.knex('clinic_holidays').insert({ clinic_id: people.clinicX.id, date: '2030-01-14', name: '成人の日' });
    await staffX.post('/api/staffs/schedules', scheduleBody({ date: '2030-01-09', start: '18:00', end: '21:00', breaks: [] }));
    const answer = await staffX.post('/api/staffs/schedules/bulk', bulk());
    expect(answer.status).toBe(201);
    // Mondays, Wednesdays, Fridays of January 2030: 13 dates.
    expect(answer.body).toEqual({
      created: 11,
      skipped: [
        { date: '2030-01-09', reason: 'SCHEDULE_EXISTS', message: '同じ時間帯の勤務がすでにあるため登録しませんでした。' },
        { date: '2030-01-14', reason: 'HOLIDAY', message: '休診日のため登録しませんでした。' },
      ],
    });
    const rows = await schedulesOf(people.staffX.id);
    expect(rows).toHaveLength(12);
    expect(await server.db.knex('schedule_breaks')).toHaveLength(11);
    const dates = (await list(staffX, '2030-01-01', '2030-01-31')).body.map((schedule: { date: string }) => schedule.date);
    expect(dates.slice(0, 4)).toEqual(['2030-01-02', '2030-01-04', '2030-01-07', '2030-01-09']);
  });

  it('enters holidays too when skipHolidays is false', async () => {
    await server.db.knex('clinic_holidays').insert({ clinic_id: people.clinicX.id, date: '2030-01-14', name: '成人の日' });
    const answer = await staffX.post('/api/staffs/schedules/bulk', bulk({ weekdays: [1], skipHolidays: false }));
    expect(answer.body).toEqual({ created: 4, skipped: [] });
  });

  it('refuses a range over 92 days, bad times or no weekday, writing nothing', async () => {
    const tooLong = await staffX.post('/api/staffs/schedules/bulk', bulk({ to: '2030-04-03' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual([{ path: 'to', message: '期間は92日以内で指定してください。' }]);
    expect((await staffX.post('/api/staffs/schedules/bulk', bulk({ to: '2030-04-02', weekdays: [0, 1, 2, 3, 4, 5, 6] }))).body.created).toBe(92);
    await server.db.knex('schedules').delete();
    const badStart = await staffX.post('/api/staffs/schedules/bulk', bulk({ start: '10:05' }));
    expect(badStart.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['start']);
    const badBreak = await staffX.post('/api/staffs/schedules/bulk', bulk({ breaks: [{ start: '20:00', end: '21:00' }] }));
    expect(badBreak.body.error.fields).toEqual([{ path: 'breaks.0', message: '休憩は勤務時間内に設定してください。' }]);
    expect((await staffX.post('/api/staffs/schedules/bulk', bulk({ weekdays: [] }))).status).toBe(400);
    expect((await staffX.post('/api/staffs/schedules/bulk', bulk({ weekdays: [7] }))).status).toBe(400);
    expect(await server.db.knex('schedules')).toHaveLength(0);
    // Staff of another clinic may enter the pattern too (DOMAIN.md).
    expect((await staffY.post('/api/staffs/schedules/bulk', bulk())).status).toBe(201);
  });
});
