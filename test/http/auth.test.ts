import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '@clinic/server';
import { createHash } from 'node:crypto';
import { PASSWORD, seedPeople, startTestServer, type TestServer } from '../support/http-harness';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  people = await seedPeople(server.app);
});

describe('POST /api/login', () => {
  it('logs staff in by employee number or email and answers who they are', async () => {
    const byNumber = await server.client().login('staffS0001', PASSWORD);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toEqual({ type: 'staff', id: people.staffX.id, name: '佐藤 美咲', role: 'STAFF' });
    const byEmail = await server.client().login('staffSTAFF.X@example.jp', PASSWORD);
    expect(byEmail.body).toMatchObject({ type: 'staff', id: people.staffX.id });
  });

  it('logs a member in by card number or email', async () => {
    const client = server.client();
    const answer = await client.login('user100001', PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 'user', id: people.member.id, name: people.member.name });
    expect((await client.get('/api/users/profile')).body).toEqual({
      id: people.member.id,
      name: people.member.name,
      userNumber: '100001',
      clinicId: people.clinicX.id,
      language: 'ja',
    });
    expect((await server.client().login('userhanako@example.jp', PASSWORD)).status).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = await server.client().login('staffS0001', 'not the password');
    const unknown = await server.client().login('staffNOBODY', PASSWORD);
    const wrongAudience = await server.client().login('userS0001', PASSWORD);
    for (const answer of [wrong, unknown, wrongAudience]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'IDまたはパスワードに誤りがあります。' } });
    }
  });

  it('tells nothing of an account without a password (仮会員, staff not yet invited in): the same 401 as a wrong password', async () => {
    const temporary = await server.client().login('userkari@example.jp', 'anything');
    const noPassword = await server.client().login(`staff${people.noPassword.employeeNumber}`, 'anything');
    for (const answer of [temporary, noPassword]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'IDまたはパスワードに誤りがあります。' } });
    }
  });

  it('says NOT_FULLY_REGISTERED to a 仮会員 only after the right password', async () => {
    const members = server.app.container.get(ACCOUNTS.members);
    await members.update(people.temporary.id, { passwordHash: await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD) });
    expect((await server.client().login('userkari@example.jp', 'not the password')).body.error.code).toBe('INVALID_CREDENTIALS');
    const right = await server.client().login('userkari@example.jp', PASSWORD);
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe('NOT_FULLY_REGISTERED');
    expect(right.body.error.message).toMatch(/本登録/);
  });

  it('answers 400 with the validation message for a login without fields', async () => {
    const answer = await server.client().request('POST', '/api/login', { form: { username: 'staffS0001' }, xhr: false });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: '全ての項目に正しく値を入力してください。' });
  });

  it('limits repeated failures per account and address with 429, even for the right password then', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.login('staffS0001', 'wrong')).status).toBe(401);
    }
    const blocked = await client.login('staffS0001', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    expect((await client.login('staffS0002', PASSWORD)).status).toBe(200);
    // The counts live in the database, where every server sees them: the account from this
    // address, the account from anywhere, and this address against any account.
    const rows = await server.db.knex('login_attempts').select('key', 'failures').orderBy('key');
    expect(rows).toEqual([
      { key: 'login:address:127.0.0.1', failures: 5 },
      { key: `login:staff:#${people.staffX.id}`, failures: 5 },
      { key: `login:staff:#${people.staffX.id}|127.0.0.1`, failures: 5 },
    ]);
  });

  it('counts an account as one, whether named by employee number or e-mail', async () => {
    const client = server.client();
    for (const name of ['staffS0001', 'staffstaff.x@example.jp', 'staffSTAFF.X@EXAMPLE.JP', 'staffS0001', 'staffstaff.x@example.jp']) {
      expect((await client.login(name, 'wrong')).status).toBe(401);
    }
    expect((await client.login('staffstaff.x@example.jp', PASSWORD)).status).toBe(429);
    expect((await client.login('staffS0001', PASSWORD)).status).toBe(429);
  });

  it('stops one address spraying many accounts: 30 failures in 15 minutes, then 429 for any account', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await client.login(attempt % 2 ? `staffNOBODY${attempt}` : `user${900000 + attempt}`, 'wrong')).status).toBe(401);
    }
    const blocked = await client.login('staffS0002', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
  });

  it('a success clears the failures counted so far', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < 4; attempt++) await client.login('staffS0001', 'wrong');
    expect((await client.login('staffS0001', PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await client.login('staffS0001', 'wrong');
    expect((await client.login('staffS0001', PASSWORD)).status).toBe(200);
  });

  it('records logins and failed logins in the audit log', async () => {
    await server.client().login('staffS0001', 'wrong');
    await server.client().login('staffS0001', PASSWORD);
    const rows = await server.db.knex('audit_log').select('action', 'actor_type', 'entity_id').orderBy('id');
    expect(rows).toEqual([
      { action: 'login.failed', actor_type: 'anonymous', entity_id: people.staffX.id },
      { action: 'login', actor_type: 'staff', entity_id: people.staffX.id },
    ]);
  });
});

describe('sessions', () => {
  it('sets an httpOnly, SameSite=Lax cookie holding a 256-bit id, and keeps the data in the database', async () => {
    const client = server.client();
    const answer = await client.login('staffS0001', PASSWORD);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('clinic.sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
    const id = client.cookies.get('clinic.sid')!;
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    // Stored by its SHA-256 only (test/http/session-revocation.test.ts).
    expect(await server.db.knex('sessions').where('id', id).first()).toBeUndefined();
    expect(await server.db.knex('sessions').where('id', createHash('sha256').update(id).digest('hex')).first()).toBeTruthy();
  });

  it('gives a new session id at login: a cookie planted before login never becomes logged in', async () => {
    const client = server.client();
    client.cookies.set('clinic.sid', 'planted-by-an-attacker');
    await client.login('staffS0001', PASSWORD);
    const first = client.cookies.get('clinic.sid');
    expect(first).not.toBe('planted-by-an-attacker');
    await client.login('staffS0001', PASSWORD);
    expect(client.cookies.get('clinic.sid')).not.toBe(first);
    const attacker = server.client();
    attacker.cookies.set('clinic.sid', 'planted-by-an-attacker');
    expect((await attacker.get('/api/staffs/profile')).status).toBe(401);
    // The session of the first login was destroyed when the second one began.
    const old = server.client();
    old.cookies.set('clinic.sid', first!);
    expect((await old.get('/api/staffs/profile')).status).toBe(401);
  });

  it('destroys the session at logout: replaying the old cookie is 401', async () => {
    const client = server.client();
    await client.login('staffS0001', PASSWORD);
    const cookie = client.cookies.get('clinic.sid')!;
    expect((await client.get('/api/staffs/profile')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(204);
    const replay = server.client();
    replay.cookies.set('clinic.sid', cookie);
    const answer = await replay.get('/api/staffs/profile');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
    expect(await server.db.knex('sessions').where('id', createHash('sha256').update(cookie).digest('hex')).first()).toBeUndefined();
  });

  it('ends a session past its absolute lifetime however active it is', async () => {
    const client = server.client();
    await client.login('staffS0001', PASSWORD);
    await server.db.knex('sessions').update({ created_at: server.db.knex.raw("now() - interval '13 hours'") });
    expect((await client.get('/api/staffs/profile')).status).toBe(401);
  });

  it('ends a session idle past its lifetime', async () => {
    const client = server.client();
    await client.login('staffS0001', PASSWORD);
    await server.db.knex('sessions').update({ expires_at: server.db.knex.raw("now() - interval '1 second'") });
    expect((await client.get('/api/staffs/profile')).status).toBe(401);
  });
});

describe('secure cookies behind TLS', () => {
  let tls: TestServer;
  beforeAll(async () => {
    tls = await startTestServer({ SECURE_COOKIES: 'on', TRUST_PROXY: 'on' });
    await seedPeople(tls.app);
  });
  afterAll(() => tls.close());

  it('refuses a login that reached the server over plain HTTP with 400, not a crash', async () => {
    const answer = await tls.client().login('staffS0001', PASSWORD);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'HTTPS_REQUIRED', message: '安全な接続（HTTPS）でアクセスしてください。' } });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('refuses LINE login over plain HTTP as it refuses the password login (400 HTTPS_REQUIRED, no cookie)', async () => {
    for (const [path, json] of [
      ['/api/guests/line/login', { clinicId: '1' }],
      ['/api/guests/line/callback', { code: 'c', state: 's' }],
      ['/api/users/line/link', {}],
    ] as const) {
      const answer = await tls.client().post(path, json);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ error: { code: 'HTTPS_REQUIRED', message: '安全な接続（HTTPS）でアクセスしてください。' } });
      expect(answer.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it('keeps answering other calls over plain HTTP (a health check, a logout that clears the cookie) without a crash', async () => {
    expect((await tls.client().get('/api/health')).status).toBe(200);
    const browser = tls.client();
    await browser.request('POST', '/api/login', {
      form: { username: 'staffS0001', password: PASSWORD },
      xhr: false,
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    const logout = await browser.post('/api/logout');
    expect(logout.status).toBe(204);
    const cleared = logout.headers.getSetCookie().find((line) => line.startsWith('clinic.sid='));
    expect(cleared).toMatch(/;\s*secure/i);
  });

  it('sends Strict-Transport-Security with SECURE_COOKIES=on, and not without', async () => {
    const answer = await tls.client().request('GET', '/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect((await server.client().get('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('marks the session cookie Secure when served over HTTPS', async () => {
    const answer = await tls.client().request('POST', '/api/login', {
      form: { username: 'staffS0001', password: PASSWORD },
      xhr: false,
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().find((line) => line.startsWith('clinic.sid='))).toMatch(/;\s*secure/i);
  });
});

describe('login CSRF', () => {
  const withHeaders = (headers: Record<string, string>) =>
    server.client().request('POST', '/api/login', { form: { username: 'staffS0001', password: PASSWORD }, xhr: false, headers });

  it('refuses a login posted from another site, by Origin or Sec-Fetch-Site, and opens no session', async () => {
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: server.url, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await withHeaders(headers);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: { code: 'CROSS_SITE_REQUEST', message: expect.stringMatching(/他のサイト/) } });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(Number((await server.db.knex('sessions').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('lets the site itself and clients without those headers log in', async () => {
    expect((await withHeaders({ Origin: server.url, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    // PUBLIC_URL (default http://localhost:3000) is the site too, whatever Host a proxy passes on.
    expect((await withHeaders({ Origin: 'http://localhost:3000' })).status).toBe(200);
    expect((await withHeaders({ 'Sec-Fetch-Site': 'none' })).status).toBe(200);
    expect((await withHeaders({})).status).toBe(200);
  });
});

describe('client addresses behind a load balancer (TRUST_PROXY)', () => {
  let proxied: TestServer;
  let twoHops: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'on' });
    twoHops = await startTestServer({ TRUST_PROXY: 'on', TRUST_PROXY_HOPS: '2' });
  });
  afterAll(async () => {
    await proxied.close();
    await twoHops.close();
  });

  /** A login as the load balancer passes it on: what the client wrote, then the address it saw. */
  const viaProxy = (target: TestServer, forwardedFor: string, password: string) =>
    target.client().request('POST', '/api/login', { form: { username: 'staffS0001', password }, xhr: false, headers: { 'X-Forwarded-For': forwardedFor } });

  it('takes the address the load balancer saw, so rotating a written X-Forwarded-For does not escape the limit', async () => {
    await proxied.reset();
    await seedPeople(proxied.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await viaProxy(proxied, `10.0.0.${attempt}, 198.51.100.${attempt}, 203.0.113.9`, 'wrong')).status).toBe(401);
    }
    expect((await viaProxy(proxied, '10.9.9.9, 203.0.113.9', PASSWORD)).status).toBe(429);
    const audit = await proxied.db.knex('audit_log').where('action', 'login.failed').distinct('ip');
    expect(audit).toEqual([{ ip: '203.0.113.9' }]);
  });

  it('limits one account guessed from many addresses: 20 failures in 15 minutes, then 429 from anywhere', async () => {
    await proxied.reset();
    await seedPeople(proxied.app);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await viaProxy(proxied, `198.51.100.${attempt}`, 'wrong')).status).toBe(401);
    }
    const blocked = await viaProxy(proxied, '203.0.113.77', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts TRUST_PROXY_HOPS entries from the right with two proxies of ours', async () => {
    await twoHops.reset();
    await seedPeople(twoHops.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await viaProxy(twoHops, `10.0.0.${attempt}, 203.0.113.20, 10.1.1.1`, 'wrong')).status).toBe(401);
    }
    expect((await viaProxy(twoHops, '203.0.113.20, 10.1.1.2', PASSWORD)).status).toBe(429);
    const audit = await twoHops.db.knex('audit_log').where('action', 'login.failed').distinct('ip');
    expect(audit).toEqual([{ ip: '203.0.113.20' }]);
  });
});
