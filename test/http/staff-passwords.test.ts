import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { tokenIn } from '../support/staff-fixtures';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: TestClient;
let guest: TestClient;

const NEW_PASSWORD = 'a brand new password';

const invite = async (overrides: Record<string, unknown> = {}) => {
  const created = await admin.post('/api/admin/staffs', {
    employeeNumber: 'N0001',
    email: 'invited@example.jp',
    name: '招待 花子',
    role: 'STAFF',
    clinicId: people.clinicX.id,
    ...overrides,
  });
  expect(created.status).toBe(201);
  return { staff: created.body, token: tokenIn(created.body.invitationUrl) };
};

const outbox = async () => (await admin.get('/api/admin/mail-outbox')).body as { to: string; subject: string; text: string; createdAt: string }[];
const setPassword = (token: string, password = NEW_PASSWORD) => guest.post('/api/guests/staff-password', { token, password });

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://reserve.example.jp/' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  people = await seedPeople(server.app);
  admin = server.client();
  guest = server.client();
  await admin.login('staffA0001', PASSWORD);
});

describe('invitation', () => {
  it('lets the invited staff member set a password once and then log in', async () => {
    const { staff, token } = await invite();
    expect(staff.invitationUrl).toBe(`https://reserve.example.jp/common/password/register/?token=${token}`);
    const [mail] = await outbox();
    expect(mail!.to).toBe('invited@example.jp');
    expect(tokenIn(mail!.text)).toBe(token);
    expect(mail!.text).toContain('一度のみ有効');

    expect((await server.client().login('staffN0001', NEW_PASSWORD)).body.error.code).toBe('INVALID_CREDENTIALS');
    const set = await setPassword(token);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: staff.id, employeeNumber: 'N0001' });
    const login = await server.client().login('staffinvited@example.jp', NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ type: 'staff', id: staff.id });
    expect((await admin.get(`/api/admin/staffs/${staff.id}`)).body.hasPassword).toBe(true);

    const again = await setPassword(token, 'someone else’s password');
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'INVALID_TOKEN', message: 'URLまたはQRコードが正しくありません。' });
    expect((await server.client().login('staffN0001', NEW_PASSWORD)).status).toBe(200);
  });

  it('stores only the SHA-256 hash of a 256-bit token, valid for 72 hours', async () => {
    const { staff, token } = await invite();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await server.db.knex('staff_tokens').where('staff_id', staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].purpose).toBe('INVITE');
    const hours = (new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()) / 3600_000;
    expect(hours).toBeCloseTo(72, 1);
  });

  it('answers TOKEN_EXPIRED for an expired token, distinct from INVALID_TOKEN', async () => {
    const { staff, token } = await invite();
    await server.db
      .knex('staff_tokens')
      .where('staff_id', staff.id)
      .update({ expires_at: server.db.knex.raw(`now() - interval '1 minute'`) });
    const expired = await setPassword(token);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual({ code: 'TOKEN_EXPIRED', message: '有効期限が切れています。お手数ですが、もう一度発行してください。' });
    expect((await server.db.knex('staffs').where('id', staff.id).first()).password_hash).toBeNull();
    const unknown = await setPassword('A'.repeat(43));
    expect(unknown.body.error.code).toBe('INVALID_TOKEN');
  });

  it('kills earlier invitations when a new one is sent', async () => {
    const { staff, token: first } = await invite();
    const reissued = await admin.post(`/api/admin/staffs/${staff.id}/invitation`);
    expect(reissued.status).toBe(201);
    expect(reissued.body).toEqual({
      invitationUrl: expect.stringContaining('/common/password/register/?token='),
      expiresAt: expect.stringMatching(/\+09:00$/),
    });
    expect((await outbox()).length).toBe(2);
    expect((await setPassword(first)).body.error.code).toBe('INVALID_TOKEN');
    expect((await setPassword(tokenIn(reissued.body.invitationUrl))).status).toBe(200);
  });

  it('lets only those who manage the staff member re-send an invitation', async () => {
    const { staff } = await invite({ clinicId: people.clinicY.id });
    const staffX = server.client();
    await staffX.login('staffS0001', PASSWORD);
    expect((await staffX.post(`/api/admin/staffs/${staff.id}/invitation`)).status).toBe(403);
    expect((await staffX.post(`/api/admin/staffs/${people.noPassword.id}/invitation`)).status).toBe(201);
    expect((await guest.post(`/api/admin/staffs/${people.noPassword.id}/invitation`)).status).toBe(401);
    expect((await admin.post('/api/admin/staffs/999999/invitation')).body.error.code).toBe('STAFF_NOT_FOUND');
  });

  it('refuses a password of the wrong length with VALIDATION_FAILED and keeps the token', async () => {
    const { token } = await invite();
    for (const password of ['short', 'x'.repeat(129)]) {
      const answer = await setPassword(token, password);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.fields[0].path).toBe('password');
    }
    expect((await guest.post('/api/guests/staff-password', { password: NEW_PASSWORD })).status).toBe(400);
    expect((await setPassword(token, 'x'.repeat(128))).status).toBe(200);
  });

  it('makes the token of a deleted staff member invalid', async () => {
    const { staff, token } = await invite();
    expect((await admin.request('DELETE', `/api/admin/staffs/${staff.id}`)).status).toBe(204);
    expect((await setPassword(token)).body.error.code).toBe('INVALID_TOKEN');
  });
});

describe('password reset', () => {
  it('mails a 30-minute link to a known address, with which the password is changed', async () => {
    const request = await guest.post('/api/guests/staff-password-reset', { email: 'Staff.X@example.jp' });
    expect(request.status).toBe(202);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'staff.x@example.jp', subject: '【クリニック予約システム】パスワード再設定のご案内' });
    expect(mail!.text).toContain('https://reserve.example.jp/common/password/register/?token=');
    expect(mail!.text).toContain('佐藤 美咲 様');
    const token = tokenIn(mail!.text);
    const row = await server.db.knex('staff_tokens').where('staff_id', people.staffX.id).first();
    expect(row.purpose).toBe('RESET');
    expect((new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000).toBeCloseTo(30, 0);

    expect((await setPassword(token)).status).toBe(200);
    expect((await server.client().login('staffS0001', PASSWORD)).body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await server.client().login('staffS0001', NEW_PASSWORD)).status).toBe(200);
    expect((await setPassword(token)).body.error.code).toBe('INVALID_TOKEN');
  });

  it('answers 202 the same for an unknown or deleted address, and sends nothing', async () => {
    await admin.request('DELETE', `/api/admin/staffs/${people.staffY.id}`);
    for (const email of ['nobody@example.jp', 'staff.y@example.jp', 'not-an-email']) {
      const answer = await guest.post('/api/guests/staff-password-reset', { email });
      expect(answer.status, email).toBe(202);
      expect(answer.body).toEqual({
        message: 'ご登録のメールアドレスの場合は、パスワード再設定のご案内をお送りしました。メールが届かない場合は、管理者にお問い合わせください。',
      });
    }
    expect(await outbox()).toHaveLength(0);
    expect(await server.db.knex('staff_tokens')).toHaveLength(0);
    expect((await guest.post('/api/guests/staff-password-reset', {})).status).toBe(400);
  });

  it('expires after 30 minutes', async () => {
    await guest.post('/api/guests/staff-password-reset', { email: 'staff.x@example.jp' });
    const token = tokenIn((await outbox())[0]!.text);
    await server.db.knex('staff_tokens').update({ expires_at: server.db.knex.raw(`now() - interval '1 second'`) });
    expect((await setPassword(token)).body.error.code).toBe('TOKEN_EXPIRED');
    expect((await server.client().login('staffS0001', PASSWORD)).status).toBe(200);
  });

  it('needs the X-Requested-With header like every other write', async () => {
    expect((await guest.post('/api/guests/staff-password-reset', { email: 'staff.x@example.jp' }, { xhr: false })).status).toBe(403);
    expect(await outbox()).toHaveLength(0);
  });
});

describe('the development mailbox', () => {
  it('lists mail newest first', async () => {
    await guest.post('/api/guests/staff-password-reset', { email: 'staff.x@example.jp' });
    await guest.post('/api/guests/staff-password-reset', { email: 'staff.y@example.jp' });
    const mails = await outbox();
    expect(mails.map((mail) => mail.to)).toEqual(['staff.y@example.jp', 'staff.x@example.jp']);
    expect(mails[0]!.createdAt).toMatch(/\+09:00$/);
    expect((await admin.get('/api/admin/mail-outbox?limit=1')).body).toHaveLength(1);
  });
});
