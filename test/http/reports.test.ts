import { ACCOUNTS } from '@clinic/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signInAll, startTestServer, type People, type TestClient, type TestServer } from '../support/http-harness';
import { aStaff } from '../support/mothers';
import { REPORT_MONTH, seedReportFixture, type ReportFixture } from '../support/report-fixture';

let server: TestServer;
let people: People;
let fixture: ReportFixture;
let admin: TestClient;
let staffX: TestClient;
let member: TestClient;
let anonymous: TestClient;

const report = (query: string) => `/api/admin/reports?${query}`;

/** Logs a new browser in as a fresh staff account. */
const signInAs = async (overrides: Parameters<typeof aStaff>[0]): Promise<TestClient> => {
  const passwordHash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  const staff = await server.app.container.get(ACCOUNTS.staffs).create(aStaff({ ...overrides, passwordHash }));
  const client = server.client();
  expect((await client.login(`staff${staff.employeeNumber}`, PASSWORD)).status).toBe(200);
  return client;
};

/** The answer's bytes as sent, decoded keeping the BOM (fetch's text() drops it). */
const download = async (client: TestClient, path: string) => {
  const response = await fetch(server.url + path, { headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
};

beforeAll(async () => {
  server = await startTestServer();
  ({ people, admin, staffX, member, anonymous } = await signInAll(server));
  fixture = await seedReportFixture(server.db);
});
afterAll(() => server.close());

describe('GET /api/admin/reports', () => {
  it('answers a clinic’s month as columns and rows, one row per day for a single total', async () => {
    const answer = await admin.get(report(`type=visit-number&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}`));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'visit-number',
      month: '2026-10',
      clinicId: fixture.clinicA,
      columns: [
        { key: 'date', label: '日付', kind: 'text' },
        { key: 'count', label: '来院数', kind: 'number' },
      ],
    });
    expect(answer.body.rows).toHaveLength(31);
    expect(answer.body.rows[0]).toEqual({ date: '2026-10-01', count: 2 });
    expect(answer.body.rows.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(5);
  });

  it('answers the whole chain without clinicId (clinicId null), for an ADMIN of the head office', async () => {
    const answer = await admin.get(report(`type=staff-uptime&month=${REPORT_MONTH}`));
    expect(answer.status).toBe(200);
    expect(answer.body.clinicId).toBeNull();
    expect(answer.body.rows).toEqual([
      { staffName: '佐藤', scheduledMinutes: 1200, bookedMinutes: 165, uptime: 13.8 },
      { staffName: '高橋', scheduledMinutes: 240, bookedMinutes: 60, uptime: 25 },
      { staffName: '鈴木', scheduledMinutes: 360, bookedMinutes: 90, uptime: 25 },
    ]);
    expect(answer.body.columns.map((column: { kind: string }) => column.kind)).toEqual(['text', 'minutes', 'minutes', 'percent']);
    const empty = await admin.get(report('type=visit-number&month=2026-10&clinicId='));
    expect(empty.body.clinicId).toBeNull();
  });

  it('no-show-rate and waitlist-conversions: the twelve months up to the month asked for', async () => {
    const answer = await admin.get(report(`type=no-show-rate&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}`));
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(12);
    expect(answer.body.rows[0]).toEqual({ month: '2025-11', visits: 0, noShows: 0, rate: 0 });
    // September: R0 visited; October: R1, R2, R3, R6, R7 visited and R5 not (1 of 6).
    expect(answer.body.rows.slice(-2)).toEqual([
      { month: '2026-09', visits: 1, noShows: 0, rate: 0 },
      { month: '2026-10', visits: 5, noShows: 1, rate: 16.7 },
    ]);
    expect(answer.body.columns.map((column: { kind: string }) => column.kind)).toEqual(['text', 'number', 'number', 'percent']);
    const conversions = await admin.get(report(`type=waitlist-conversions&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}`));
    expect(conversions.status).toBe(200);
    expect(conversions.body.rows.at(-1)).toEqual({ month: '2026-10', accepted: 0, offers: 0, rate: 0 });
  });

  it('accepts the specification’s spelling users-checklist-unchekcked and the correct one', async () => {
    for (const type of ['users-checklist-unchekcked', 'users-checklist-unchecked']) {
      const answer = await admin.get(report(`type=${type}&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}`));
      expect(answer.status).toBe(200);
      expect(answer.body.type).toBe(type);
      expect(answer.body.rows).toHaveLength(3);
    }
  });

  it('refuses bad input with 400 and a Japanese message', async () => {
    const unknownType = await admin.get(report('type=visit-count&month=2026-10'));
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: '全ての項目に正しく値を入力してください。' });
    expect(unknownType.body.error.fields).toEqual([{ path: 'type', message: 'レポートの種類が正しくありません。' }]);
    for (const month of ['2026-13', '2026-1', '', '202610']) {
      const bad = await admin.get(report(`type=visit-number&month=${month}`));
      expect(bad.status, month).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      expect(bad.body.error.fields[0].path).toBe('month');
    }
    const missing = await admin.get(report('type=visit-number'));
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    const tooEarly = await admin.get(report('type=visit-number&month=2021-03'));
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.error).toEqual({ code: 'REPORT_MONTH_TOO_EARLY', message: 'レポートは2021年4月以降の月を指定してください。' });
    expect((await admin.get(report('type=visit-number&month=2021-04'))).status).toBe(200);
    const unknownClinic = await admin.get(report('type=visit-number&month=2026-10&clinicId=999999'));
    expect(unknownClinic.status).toBe(400);
    expect(unknownClinic.body.error).toMatchObject({ code: 'CLINIC_NOT_FOUND', message: 'クリニックが見つかりません。' });
    const badFormat = await admin.get(report('type=visit-number&month=2026-10&format=xlsx'));
    expect(badFormat.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('lets staff read their own clinic only, and only a head-office ADMIN the whole chain', async () => {
    const own = `type=visit-number&month=${REPORT_MONTH}&clinicId=${people.clinicX.id}`;
    const other = `type=visit-number&month=${REPORT_MONTH}&clinicId=${people.clinicY.id}`;
    const whole = `type=visit-number&month=${REPORT_MONTH}`;
    expect((await staffX.get(report(own))).status).toBe(200);
    for (const query of [other, whole]) {
      const answer = await staffX.get(report(query));
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    const clinicAdmin = await signInAs({ role: 'ADMIN', clinicId: people.clinicX.id });
    expect((await clinicAdmin.get(report(own))).status).toBe(200);
    expect((await clinicAdmin.get(report(other))).status).toBe(403);
    expect((await clinicAdmin.get(report(whole))).status).toBe(403);
    const headOfficeStaff = await signInAs({ role: 'STAFF', clinicId: null });
    expect((await headOfficeStaff.get(report(own))).status).toBe(200);
    expect((await headOfficeStaff.get(report(other))).status).toBe(200);
    expect((await headOfficeStaff.get(report(whole))).status).toBe(403);
    expect((await admin.get(report(other))).status).toBe(200);
    // A clinic-bound staff member learns nothing of other ids: 403 before the clinic is looked up.
    expect((await staffX.get(report(`type=visit-number&month=${REPORT_MONTH}&clinicId=999999`))).status).toBe(403);
  });

  it('answers 401 to members and to anyone not logged in', async () => {
    for (const client of [member, anonymous]) {
      const answer = await client.get(report(`type=visit-number&month=${REPORT_MONTH}`));
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('downloads CSV: UTF-8 with BOM, Japanese header, CRLF, quoted where needed', async () => {
    await server.db.knex('menus').where({ clinic_id: fixture.clinicA, name: 'シミ取り' }).update({ name: 'シミ取り, "特別"' });
    const answer = await download(admin, report(`type=menu-count&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}&format=csv`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="menu-count-2026-10.csv"; filename*=UTF-8''${encodeURIComponent('メニュー別の予約数_2026-10.csv')}`,
    );
    expect(answer.body).toBe('\uFEFFメニュー,カテゴリ,予約数,来院数\r\n' + '全身脱毛,脱毛,4,3\r\n' + '"シミ取り, ""特別""",美容皮膚,3,2\r\n');
    const empty = await download(admin, report(`type=average-lead-time&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}&format=csv`));
    const lines = String(empty.body).split('\r\n');
    expect(lines[0]).toBe('\uFEFF日付,全体（時間）,Web予約（時間）,スタッフ登録（時間）,予約数');
    expect(lines[2]).toBe('2026-10-02,36,36,,1');
  });

  it('appears in the OpenAPI document with its query', async () => {
    const document = (await anonymous.get('/api/openapi.json')).body;
    const operation = document.paths['/api/admin/reports'].get;
    expect(operation.summary).toBe('月次レポート');
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['type', 'month', 'clinicId', 'format']));
  });
});
