import type { Database } from '@clinic/adapters/persistence';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { signInAll, startTestServer, type SignedIn, type TestServer } from '../support/http-harness';

/**
 * Staff access audit (医療情報システムの安全管理に関するガイドライン): who read or changed which
 * member's data, when, from where and with what outcome; append-only in the database; searchable
 * by administrators only.
 */
let server: TestServer;
let s: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  s = await signInAll(server);
});

/** Access records as stored, oldest first. */
const accessRows = () => server.db.knex('audit_log').where('kind', 'access').orderBy('id');
/** Access records other than the logins `signInAll` made. */
const afterLogin = async () => (await accessRows()).filter((row: { action: string }) => !row.action.startsWith('login'));

describe('recording', () => {
  it('records a staff view of a member with who, what, when, where and the outcome', async () => {
    const id = s.people.member.id;
    const answer = await s.staffX.request('GET', `/api/staffs/users/${id}/with-details`, {
      headers: { 'User-Agent': 'AuditTest/1.0', 'X-Request-Id': 'req-audit-1' },
    });
    expect(answer.status).toBe(200);
    const rows = await afterLogin();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      kind: 'access',
      actor_type: 'staff',
      actor_id: s.people.staffX.id,
      actor_login: 'S0001',
      actor_role: 'STAFF',
      clinic_id: s.people.clinicX.id,
      action: 'view',
      entity: 'member',
      entity_id: id,
      member_ids: [id],
      outcome: 'ok',
      status: 200,
      method: 'GET',
      path: `/api/staffs/users/${id}/with-details`,
      user_agent: 'AuditTest/1.0',
      request_id: 'req-audit-1',
    });
    expect(row.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.now() - new Date(row.at).getTime()).toBeLessThan(60_000);
  });

  it('records a change of a member, next to the change trail of the use case', async () => {
    const id = s.people.member.id;
    expect((await s.staffX.put(`/api/staffs/users/${id}`, { name: '山田 花子' })).status).toBe(200);
    const rows = await afterLogin();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'member', entity_id: id, member_ids: [id], outcome: 'ok', actor_id: s.people.staffX.id });
  });

  it('records the members a list or a search showed, with the query', async () => {
    const list = await s.staffX.get('/api/staffs/users?page=1&pageSize=20');
    expect(list.status).toBe(200);
    const search = await s.staffX.get('/api/staffs/users/advanced-search?keyword=zzz-nobody');
    expect(search.status).toBe(200);
    const [listed, searched] = await afterLogin();
    expect(listed).toMatchObject({ action: 'list', entity: 'member', outcome: 'ok' });
    expect([...listed.member_ids].sort()).toEqual([s.people.member.id, s.people.temporary.id].sort());
    expect(listed.detail).toEqual({ query: { page: '1', pageSize: '20' }, returned: 2, truncated: false });
    expect(searched).toMatchObject({ action: 'search', member_ids: [], detail: { query: { keyword: 'zzz-nobody' }, returned: 0, truncated: false } });
  });

  it("records a staff member of clinic Y reading a clinic X member (allowed chain-wide) with the reader's clinic", async () => {
    expect((await s.staffY.get(`/api/staffs/users/${s.people.member.id}`)).status).toBe(200);
    const [row] = await afterLogin();
    expect(row).toMatchObject({ actor_id: s.people.staffY.id, clinic_id: s.people.clinicY.id, member_ids: [s.people.member.id], outcome: 'ok' });
  });

  it('records refused accesses: clinic Y staff changing clinic X, a STAFF on an admin route, a member session on a staff route', async () => {
    expect((await s.staffY.request('DELETE', `/api/admin/clinics/${s.people.clinicX.id}/holidays/2026-12-24`)).status).toBe(403);
    expect((await s.staffX.get('/api/admin/audit-logs')).status).toBe(403);
    expect((await s.member.get(`/api/staffs/users/${s.people.member.id}`)).status).toBe(401);
    expect((await s.anonymous.get(`/api/staffs/users/${s.people.member.id}`)).status).toBe(401);
    const rows = await afterLogin();
    expect(rows.map((row: Record<string, unknown>) => [row.actor_type, row.actor_id, row.outcome, row.status, row.method, row.path, row.member_ids])).toEqual([
      ['staff', s.people.staffY.id, 'refused', 403, 'DELETE', `/api/admin/clinics/${s.people.clinicX.id}/holidays/2026-12-24`, []],
      ['staff', s.people.staffX.id, 'refused', 403, 'GET', '/api/admin/audit-logs', []],
      ['user', s.people.member.id, 'refused', 401, 'GET', `/api/staffs/users/${s.people.member.id}`, [s.people.member.id]],
      ['anonymous', null, 'refused', 401, 'GET', `/api/staffs/users/${s.people.member.id}`, [s.people.member.id]],
    ]);
    expect(rows[0]).toMatchObject({ actor_login: 'S0002', actor_role: 'STAFF', clinic_id: s.people.clinicY.id });
  });

  it('records a read of a member that does not exist as not_found', async () => {
    expect((await s.staffX.get('/api/staffs/users/999999')).status).toBe(404);
    const [row] = await afterLogin();
    expect(row).toMatchObject({ action: 'view', entity: 'member', entity_id: '999999', member_ids: ['999999'], outcome: 'not_found', status: 404 });
  });

  it("records failed staff logins with the identifier typed, and not members' reads of their own data", async () => {
    const browser = server.client();
    expect(
      (await browser.request('POST', '/api/login', { form: { username: 'staffS0001', password: 'wrong' }, xhr: false, headers: { 'User-Agent': 'Brute/1' } }))
        .status,
    ).toBe(401);
    expect((await browser.login('staffNOBODY', 'wrong')).status).toBe(401);
    expect((await s.member.get('/api/users/detailed-profile')).status).toBe(200);
    const rows = (await accessRows()).filter((row: { outcome: string }) => row.outcome === 'failed');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'login.failed',
      actor_type: 'anonymous',
      entity: 'staff',
      entity_id: s.people.staffX.id,
      actor_login: 'S0001',
      user_agent: 'Brute/1',
      status: 401,
    });
    expect(rows[1]).toMatchObject({ action: 'login.failed', entity_id: null, actor_login: 'NOBODY' });
    expect(await afterLogin()).toEqual([]);
  });
});

describe('searching (GET /api/admin/audit-logs)', () => {
  const seedAccesses = async () => {
    const id = s.people.member.id;
    await s.staffX.get(`/api/staffs/users/${id}`);
    await s.staffY.get(`/api/staffs/users/${id}/contracts`);
    await s.staffX.put(`/api/staffs/users/${s.people.temporary.id}`, { name: '仮 会員' });
    await s.staffX.get('/api/staffs/users/999999');
  };

  it('filters by staff, member, action and outcome, newest first', async () => {
    await seedAccesses();
    const byStaff = await s.admin.get(`/api/admin/audit-logs?staffId=${s.people.staffY.id}&action=view`);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.items.map((r: { resource: string; actor: { login: string } }) => [r.resource, r.actor.login])).toEqual([['contract', 'S0002']]);

    const byMember = await s.admin.get(`/api/admin/audit-logs?memberId=${s.people.member.id}&outcome=ok`);
    expect(byMember.body.items.map((r: { path: string }) => r.path)).toEqual([
      `/api/staffs/users/${s.people.member.id}/contracts`,
      `/api/staffs/users/${s.people.member.id}`,
    ]);
    expect(byMember.body.items[1]).toMatchObject({
      actor: { type: 'staff', id: s.people.staffX.id, login: 'S0001', name: '佐藤 美咲', role: 'STAFF', clinicId: s.people.clinicX.id },
      action: 'view',
      memberIds: [s.people.member.id],
    });
    expect(byMember.body.items[1].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);

    const notFound = await s.admin.get('/api/admin/audit-logs?outcome=not_found');
    expect(notFound.body.items).toHaveLength(1);
    const updates = await s.admin.get('/api/admin/audit-logs?action=update');
    expect(updates.body.items.map((r: { memberIds: string[] }) => r.memberIds)).toEqual([[s.people.temporary.id]]);

    const byNumbers = await s.admin.get('/api/admin/audit-logs?memberNumber=100001&staffLogin=s0002');
    expect(byNumbers.body.items.map((r: { resource: string }) => r.resource)).toEqual(['contract']);
    expect(byNumbers.body.members).toEqual([{ id: s.people.member.id, userNumber: '100001', name: s.people.member.name }]);

    const logins = await s.admin.get(`/api/admin/audit-logs?action=login&staffId=${s.people.staffX.id}`);
    expect(logins.body.items.map((r: { action: string; outcome: string }) => [r.action, r.outcome])).toEqual([['login', 'ok']]);
  });

  it('filters by period (days in Asia/Tokyo, both ends included) and refuses a reversed one', async () => {
    await seedAccesses();
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect((await s.admin.get(`/api/admin/audit-logs?from=${today}&to=${today}&memberId=${s.people.member.id}`)).body.items.length).toBeGreaterThanOrEqual(2);
    expect((await s.admin.get(`/api/admin/audit-logs?from=2020-01-01&to=2020-01-31`)).body.items).toEqual([]);
    const reversed = await s.admin.get('/api/admin/audit-logs?from=2026-12-31&to=2026-12-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.code).toBe('VALIDATION_FAILED');
    const bad = await s.admin.get('/api/admin/audit-logs?action=peek&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['action', 'from']);
  });

  it('pages by keyset without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) await s.staffX.get(`/api/staffs/users/${s.people.member.id}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } = await s.admin.get(
        `/api/admin/audit-logs?memberId=${s.people.member.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((r) => r.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect([...seen].sort((a, b) => Number(b) - Number(a))).toEqual(seen);
    expect(new Set(seen).size).toBe(5);
  });

  it('exports the same records as CSV for spreadsheet software', async () => {
    await seedAccesses();
    const csv = await s.admin.get(`/api/admin/audit-logs/export?memberId=${s.people.member.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('x-truncated')).toBe('false');
    // fetch's text() drops a BOM: read the bytes.
    const raw = await fetch(`${server.url}/api/admin/audit-logs/export?memberId=${s.people.member.id}`, {
      headers: { Cookie: [...s.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^日時,スタッフID,ログインID,氏名,権限/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`/api/staffs/users/${s.people.member.id}`);
  });

  it("is for administrators: STAFF get 403, a clinic ADMIN sees only the records of their clinic's staff", async () => {
    await seedAccesses();
    expect((await s.staffX.get('/api/admin/audit-logs')).status).toBe(403);
    expect((await s.staffX.get('/api/admin/audit-logs/export')).status).toBe(403);
    expect((await s.member.get('/api/admin/audit-logs')).status).toBe(401);
    expect((await s.anonymous.get('/api/admin/audit-logs')).status).toBe(401);

    const { ACCOUNTS } = await import('@clinic/server');
    const staffs = server.app.container.get(ACCOUNTS.staffs);
    const hasher = server.app.container.get(ACCOUNTS.hasher);
    await staffs.create({
      employeeNumber: 'A0100',
      email: 'clinic.admin@example.jp',
      name: '院長 一郎',
      role: 'ADMIN',
      clinicId: s.people.clinicY.id,
      priority: 0,
      passwordHash: await hasher.hash('correct horse battery'),
    });
    const clinicAdmin = server.client();
    expect((await clinicAdmin.login('staffA0100', 'correct horse battery')).status).toBe(200);
    const seen = await clinicAdmin.get(`/api/admin/audit-logs?memberId=${s.people.member.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((r: { actor: { clinicId: string } }) => r.actor.clinicId)).toEqual([s.people.clinicY.id]);
    const all = await s.admin.get(`/api/admin/audit-logs?memberId=${s.people.member.id}`);
    expect(all.body.items).toHaveLength(2);
  });

  it('records reading the audit trail itself', async () => {
    await s.admin.get('/api/admin/audit-logs?outcome=refused');
    await s.admin.get('/api/admin/audit-logs/export');
    const rows = await afterLogin();
    expect(rows.map((row: Record<string, unknown>) => [row.action, row.entity, row.actor_id, row.outcome])).toEqual([
      ['search', 'audit_log', s.people.admin.id, 'ok'],
      ['export', 'audit_log', s.people.admin.id, 'ok'],
    ]);
  });
});

describe('the development mailbox', () => {
  it("records every read of the mails (they hold members' and guests' names, visits and links)", async () => {
    expect((await s.admin.get('/api/admin/mail-outbox?limit=5')).status).toBe(200);
    const rows = await afterLogin();
    expect(rows.map((row: Record<string, unknown>) => [row.action, row.entity, row.actor_id, row.outcome, row.path])).toEqual([
      ['list', 'mail_outbox', s.people.admin.id, 'ok', '/api/admin/mail-outbox'],
    ]);
  });
});

describe.each(databaseTargets())('append-only in the database ($name)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await db
      .knex('audit_log')
      .insert({ actor_type: 'staff', actor_id: '1', action: 'view', entity: 'member', entity_id: '1', kind: 'access', outcome: 'ok', member_ids: '{1}' });
  });
  afterAll(() => closeTestDatabase(db));

  it('refuses UPDATE, DELETE and TRUNCATE of the audit log', async () => {
    await expect(db.knex('audit_log').update({ outcome: 'refused' })).rejects.toThrow(/append-only/);
    await expect(db.knex('audit_log').delete()).rejects.toThrow(/append-only/);
    await expect(db.knex.raw('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await db.knex('audit_log').select('outcome')).toEqual([{ outcome: 'ok' }]);
  });

  it('still accepts new records', async () => {
    await db.knex('audit_log').insert({ actor_type: 'anonymous', action: 'login.failed', entity: 'staff', kind: 'access', outcome: 'failed' });
    expect(Number((await db.knex('audit_log').count({ n: '*' }))[0]!.n)).toBe(2);
  });
});
