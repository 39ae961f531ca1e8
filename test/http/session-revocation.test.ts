import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type People, type TestClient, type TestServer } from '../support/http-harness';
import { tokenIn } from '../support/staff-fixtures';

/**
 * A password set or changed ends the account's other sessions at once (on every server, through
 * the account cache's change notices); the e-mail of a member's login needs the current password;
 * the current-password check is limited; the sessions table keeps only digests of session ids.
 * Runs with the account cache on (the default), so a cached session must be forgotten too.
 */
let server: TestServer;
let people: People;
let admin: TestClient;

const NEW_PASSWORD = 'a brand new password';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const lastMailTo = async (to: string) => {
  const mails = (await admin.get('/api/admin/mail-outbox')).body as { to: string; text: string }[];
  return mails.find((mail) => mail.to === to)!;
};

/** A browser logged in (and one request made, so the session is in the account cache). */
const loggedIn = async (username: string, password = PASSWORD, profile = '/api/users/profile') => {
  const client = server.client();
  expect((await client.login(username, password)).status).toBe(200);
  expect((await client.get(profile)).status).toBe(200);
  return client;
};

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://reserve.example.jp' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  people = await seedPeople(server.app);
  admin = await loggedIn('staffA0001', PASSWORD, '/api/staffs/profile');
});

describe('the sessions table', () => {
  it('holds the SHA-256 of each session id, never the id itself', async () => {
    const client = await loggedIn('user100001');
    const id = client.cookies.get('clinic.sid')!;
    const rows = await server.db.knex('sessions').select('id');
    expect(rows.map((row) => row.id)).not.toContain(id);
    expect(rows.map((row) => row.id)).toContain(sha256(id));
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    // The stored digest, sent as a cookie, opens nothing.
    const thief = server.client();
    thief.cookies.set('clinic.sid', sha256(id));
    expect((await thief.get('/api/users/profile')).status).toBe(401);
    // Logout deletes the row.
    await client.post('/api/logout');
    expect(await server.db.knex('sessions').where('id', sha256(id)).first()).toBeUndefined();
  });
});

describe('a member changing their own password or e-mail', () => {
  it('ends every other session of the member at once, and keeps the one that made the change', async () => {
    const phone = await loggedIn('user100001');
    const laptop = await loggedIn('userhanako@example.jp');
    const someoneElse = await loggedIn('staffS0001', PASSWORD, '/api/staffs/profile');
    const changed = await laptop.put('/api/users', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await phone.get('/api/users/profile')).status).toBe(401);
    expect((await laptop.get('/api/users/profile')).status).toBe(200);
    expect((await someoneElse.get('/api/staffs/profile')).status).toBe(200);
    expect((await server.client().login('user100001', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses another login e-mail without the current password, or with a wrong one', async () => {
    const member = await loggedIn('user100001');
    const without = await member.put('/api/users', { email: 'taken-over@example.jp' });
    expect(without.status).toBe(400);
    expect(without.body.error.fields).toEqual([{ path: 'currentPassword', message: expect.stringMatching(/現在のパスワード/) }]);
    const wrong = await member.put('/api/users', { email: 'taken-over@example.jp', currentPassword: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual([{ path: 'currentPassword', message: '現在のパスワードが正しくありません。' }]);
    expect((await server.db.knex('users').where('id', people.member.id).first()).email).toBe('hanako@example.jp');

    // The same e-mail (any case) and other details need no password; another e-mail with it is saved.
    const same = await member.put('/api/users', { email: 'HANAKO@example.jp', phone: '080-1111-2222' });
    expect(same.body).toMatchObject({ phone: '080-1111-2222' });
    const moved = await member.put('/api/users', { email: 'hanako.new@example.jp', currentPassword: PASSWORD });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe('hanako.new@example.jp');
  });

  it('limits the current-password check: five wrong ones in 15 minutes, then 429 even for the right one', async () => {
    const member = await loggedIn('user100001');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await member.put('/api/users', { currentPassword: `wrong-${attempt}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    }
    const blocked = await member.put('/api/users', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await member.put('/api/users', { email: 'x@example.jp', currentPassword: PASSWORD })).status).toBe(429);
    // The password did not change.
    expect((await server.client().login('user100001', PASSWORD)).status).toBe(200);
  });
});

describe('a password set with a mailed token', () => {
  it('ends every session of the member when they reset it', async () => {
    const phone = await loggedIn('user100001');
    const laptop = await loggedIn('userhanako@example.jp');
    expect((await server.client().post('/api/guests/reset-password', { email: 'hanako@example.jp' })).status).toBe(202);
    const token = tokenIn((await lastMailTo('hanako@example.jp')).text);
    expect((await server.client().put('/api/guests/update-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await phone.get('/api/users/profile')).status).toBe(401);
    expect((await laptop.get('/api/users/profile')).status).toBe(401);
    expect((await admin.get('/api/staffs/profile')).status).toBe(200);
    expect((await server.client().login('user100001', NEW_PASSWORD)).status).toBe(200);
  });

  it('ends every session of a staff member who resets it', async () => {
    const desk = await loggedIn('staffS0001', PASSWORD, '/api/staffs/profile');
    const tablet = await loggedIn('staffstaff.x@example.jp', PASSWORD, '/api/staffs/profile');
    const other = await loggedIn('staffS0002', PASSWORD, '/api/staffs/profile');
    expect((await server.client().post('/api/guests/staff-password-reset', { email: 'staff.x@example.jp' })).status).toBe(202);
    const token = tokenIn((await lastMailTo('staff.x@example.jp')).text);
    expect((await server.client().post('/api/guests/staff-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await desk.get('/api/staffs/profile')).status).toBe(401);
    expect((await tablet.get('/api/staffs/profile')).status).toBe(401);
    expect((await other.get('/api/staffs/profile')).status).toBe(200);
    const audit = await server.db.knex('audit_log').where('action', 'staff.password.set').first();
    expect(audit.after).toEqual({ endedSessions: 2 });
  });
});
