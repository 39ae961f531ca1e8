import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPeople, startTestServer, type TestClient, type TestServer, signInAll } from '../support/http-harness';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const PATH = '/api/staffs/calendar-memo';
const memosInDb = () => server.db.knex('calendar_memos').orderBy('id');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
});

describe('calendar memos', () => {
  it('creates, lists by date range, updates and deletes a memo', async () => {
    const created = await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-01', content: ' 院長不在（学会） ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      clinicId: people.clinicX.id,
      date: '2026-12-01',
      content: '院長不在（学会）',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
    });
    await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2026-11-30', content: '棚卸し' });
    await staffX.post(PATH, { clinicId: people.clinicY.id, date: '2026-12-01', content: '新宿のメモ' });
    await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2027-01-01', content: '範囲外' });

    const listed = await staffX.get(`${PATH}?clinicId=${people.clinicX.id}&from=2026-11-01&to=2026-12-31`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((memo: { date: string; content: string }) => [memo.date, memo.content])).toEqual([
      ['2026-11-30', '棚卸し'],
      ['2026-12-01', '院長不在（学会）'],
    ]);

    const updated = await admin.put(`${PATH}/${created.body.id}`, { content: '院長不在（午後のみ）' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, date: '2026-12-01', content: '院長不在（午後のみ）' });
    const row = await server.db.knex('calendar_memos').where('id', created.body.id).first();
    expect(row.content).toBe('院長不在（午後のみ）');
    expect(String(row.updated_by)).toBe(people.admin.id);

    expect((await staffX.request('DELETE', `${PATH}/${created.body.id}`)).status).toBe(204);
    expect(await server.db.knex('calendar_memos').where('id', created.body.id)).toHaveLength(0);
    const audit = await server.db.knex('audit_log').where('entity', 'calendarMemo').orderBy('id');
    expect(audit.map((entry) => entry.action)).toEqual([
      'calendarMemo.create',
      'calendarMemo.create',
      'calendarMemo.create',
      'calendarMemo.create',
      'calendarMemo.update',
      'calendarMemo.delete',
    ]);
  });

  it('refuses a second memo for the same clinic and date with 400 on the field date', async () => {
    await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-01', content: '一件目' });
    const second = await admin.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-01', content: '二件目' });
    expect(second.status).toBe(400);
    expect(second.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: '全ての項目に正しく値を入力してください。',
      fields: [{ path: 'date', message: 'この日のメモはすでにあります。' }],
    });
    expect((await memosInDb()).map((memo) => memo.content)).toEqual(['一件目']);
  });

  it('lets the unique constraint decide between two staff writing the same date at once', async () => {
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((content) =>
        [staffX, admin, staffX][['A', 'B', 'C'].indexOf(content)]!.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-24', content }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.error.fields).toEqual([{ path: 'date', message: 'この日のメモはすでにあります。' }]);
    }
    expect(await memosInDb()).toHaveLength(1);
  });

  it('answers 400 for empty content, bad dates and ranges, and UPDATE_FAILED for an unknown memo', async () => {
    const empty = await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-01', content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual([{ path: 'content', message: 'メモの内容を入力してください。' }]);
    for (const body of [
      { clinicId: people.clinicX.id, date: '2026-13-01', content: 'x' },
      { clinicId: 'x', date: '2026-12-01', content: 'x' },
      { date: '2026-12-01' },
      { clinicId: people.clinicX.id, date: '2026-12-01', content: 'あ'.repeat(2001) },
    ]) {
      const answer = await staffX.post(PATH, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await memosInDb()).toHaveLength(0);
    const unknownClinic = await staffX.post(PATH, { clinicId: '999999', date: '2026-12-01', content: 'x' });
    expect(unknownClinic.status).toBe(400);
    expect(unknownClinic.body.error).toMatchObject({ code: 'CLINIC_NOT_FOUND', message: 'クリニックが見つかりません。', fields: [{ path: 'clinicId' }] });

    const memo = (await staffX.post(PATH, { clinicId: people.clinicX.id, date: '2026-12-01', content: '元の内容' })).body;
    expect((await staffX.put(`${PATH}/${memo.id}`, { content: '' })).status).toBe(400);
    expect((await memosInDb())[0].content).toBe('元の内容');
    for (const answer of [await staffX.put(`${PATH}/999999`, { content: 'x' }), await staffX.request('DELETE', `${PATH}/999999`)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'UPDATE_FAILED', message: '更新に失敗しました。' });
    }

    for (const query of [
      '',
      `?clinicId=${people.clinicX.id}`,
      `?clinicId=${people.clinicX.id}&from=2026-12-31&to=2026-12-01`,
      `?clinicId=${people.clinicX.id}&from=2026-01-01&to=2027-12-31`,
    ]) {
      const answer = await staffX.get(`${PATH}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for staff of any clinic; members and anonymous get 401', async () => {
    expect((await staffX.post(PATH, { clinicId: people.clinicY.id, date: '2026-12-01', content: '他院にも書ける' })).status).toBe(201);
    const memo = (await memosInDb())[0];
    for (const client of [member, anonymous]) {
      expect((await client.get(`${PATH}?clinicId=${people.clinicY.id}&from=2026-12-01&to=2026-12-31`)).status).toBe(401);
      expect((await client.post(PATH, { clinicId: people.clinicY.id, date: '2026-12-02', content: 'x' })).status).toBe(401);
      expect((await client.put(`${PATH}/${memo.id}`, { content: 'x' })).status).toBe(401);
      expect((await client.request('DELETE', `${PATH}/${memo.id}`)).status).toBe(401);
    }
    expect((await memosInDb()).map((row) => row.content)).toEqual(['他院にも書ける']);
  });
});
