import { fixedClock } from '@clinic/core';
import { startLocalLineProvider, type LocalLineProvider } from '@clinic/server/dev';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '@clinic/server';
import { aMember } from '../support/mothers';
import { PASSWORD, seedPeople, startTestServer, TestClient, type People, type TestServer } from '../support/http-harness';

/**
 * LINE Login over real HTTP: the app on loopback and the local OpenID provider standing in for
 * LINE on another loopback port, driven like a browser would (cookies, 303s, the consent form).
 */
const clock = fixedClock('2026-12-01T09:00:00+09:00');
let provider: LocalLineProvider;
let server: TestServer;
let people: People;
let member: TestClient;
let staff: TestClient;

beforeAll(async () => {
  provider = await startLocalLineProvider();
  server = await startTestServer({ LINE_ISSUER: provider.issuer, LINE_CHANNEL_ID: provider.channelId, LINE_CHANNEL_SECRET: provider.channelSecret }, { clock });
});
afterAll(async () => {
  await server.close();
  await provider.close();
});
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  people = await seedPeople(server.app);
  member = server.client();
  staff = server.client();
  expect((await member.login('user100001', PASSWORD)).status).toBe(200);
  expect((await staff.login('staffS0001', PASSWORD)).status).toBe(200);
});

interface Callback {
  code?: string;
  state?: string;
  error?: string;
  iss?: string;
}

/** The person at LINE's screens: follows the redirects, picks a LINE user, consents or not. */
const atLine = async (authorizationUrl: string, lineUserId: string, decision: 'accept' | 'deny' = 'accept'): Promise<Callback> => {
  const browser = new TestClient(provider.issuer);
  const start = new URL(authorizationUrl);
  expect(start.origin).toBe(provider.issuer);
  let answer = await browser.get(start.pathname + start.search);
  expect(answer.status).toBe(303);
  const interaction = answer.headers.get('location')!;
  expect(interaction).toMatch(/^\/interaction\//);
  const consentPage = await browser.get(interaction);
  expect(consentPage.body).toContain('同意してログイン');
  answer = await browser.request('POST', interaction, { form: { userId: lineUserId, decision } });
  expect(answer.status).toBe(303);
  let location = answer.headers.get('location')!;
  for (let hops = 0; hops < 5 && location.startsWith(provider.issuer); hops += 1) {
    answer = await browser.get(location.slice(provider.issuer.length));
    location = answer.headers.get('location')!;
  }
  const back = new URL(location);
  expect(back.pathname).toBe('/common/line-redirect/');
  return Object.fromEntries(back.searchParams) as Callback;
};

const startLink = async (client: TestClient): Promise<string> => {
  const started = await client.post('/api/users/line/link');
  expect(started.status).toBe(200);
  return started.body.authorizationUrl;
};

const startLogin = async (client: TestClient): Promise<string> => {
  const started = await client.post('/api/guests/line/login');
  expect(started.status).toBe(200);
  return started.body.authorizationUrl;
};

/** Sessions holding a LINE flow and nobody logged in. */
const pendingFlows = async () =>
  (await server.db.knex('sessions').select('id', 'data'))
    .map((row) => ({ id: row.id as string, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }))
    .filter((row) => row.data.lineFlow && !row.data.principal);

const lineUserIdOf = async (id: string) => (await server.db.knex('users').where('id', id).first('line_user_id')).line_user_id;

const link = async (client: TestClient, lineUserId: string) => {
  const callback = await atLine(await startLink(client), lineUserId);
  return client.post('/api/guests/line/callback', callback);
};

describe('linking LINE from mypage', () => {
  it('sends state, nonce and an S256 PKCE challenge, keeps them server-side, and links the LINE user id', async () => {
    expect((await member.get('/api/users/line')).body).toEqual({ available: true, linked: false });
    const url = new URL(await startLink(member));
    expect(url.searchParams.get('client_id')).toBe(provider.channelId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/common/line-redirect/');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // The verifier never leaves the server: only its hash is in the URL.
    const stored = await server.db.knex('sessions').select('data');
    const flow = stored.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data)).find((data) => data.lineFlow)?.lineFlow;
    expect(flow).toMatchObject({ purpose: 'link', memberId: people.member.id, state: url.searchParams.get('state'), nonce: url.searchParams.get('nonce') });
    expect(url.href).not.toContain(flow.codeVerifier);

    const callback = await atLine(url.href, 'U-link-0001');
    expect(callback.state).toBe(url.searchParams.get('state'));
    const done = await member.post('/api/guests/line/callback', callback);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ purpose: 'link', redirectTo: '/user/mypage/settings/' });
    expect(await lineUserIdOf(people.member.id)).toBe('U-link-0001');
    expect((await member.get('/api/users/line')).body).toEqual({ available: true, linked: true });
  });

  it('refuses a second member linking a LINE user that is already linked, in Japanese', async () => {
    expect((await link(member, 'U-shared-0001')).status).toBe(200);
    const other = await server.app.container
      .get(ACCOUNTS.members)
      .create(aMember(people.clinicX.id, { userNumber: '100777', passwordHash: people.member.passwordHash }));
    const second = server.client();
    expect((await second.login('user100777', PASSWORD)).status).toBe(200);
    const refused = await link(second, 'U-shared-0001');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'LINE_ALREADY_LINKED', message: 'このLINEアカウントはすでに別の会員と連携されています。' });
    expect(await lineUserIdOf(other.id)).toBeNull();
    expect(await lineUserIdOf(people.member.id)).toBe('U-shared-0001');
  });

  it('needs a logged-in member to start linking', async () => {
    const anonymous = server.client();
    expect((await anonymous.post('/api/users/line/link')).status).toBe(401);
    expect((await staff.post('/api/users/line/link')).status).toBe(401);
  });
});

describe('logging in with LINE', () => {
  it('logs a linked member in with a fresh session', async () => {
    expect((await link(member, 'U-demo-0001')).status).toBe(200);
    const browser = server.client();
    const callback = await atLine(await startLogin(browser), 'U-demo-0001');
    const before = browser.cookies.get('clinic.sid');
    const done = await browser.post('/api/guests/line/callback', callback);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ purpose: 'login', redirectTo: '/user/mypage/update/' });
    expect(browser.cookies.get('clinic.sid')).not.toBe(before);
    const profile = await browser.get('/api/users/profile');
    expect(profile.status).toBe(200);
    expect((await browser.get('/api/users/line')).body.linked).toBe(true);
  });

  it('refuses a LINE user linked to nobody, with its message', async () => {
    const browser = server.client();
    const done = await browser.post('/api/guests/line/callback', await atLine(await startLogin(browser), 'U-stranger-9999'));
    expect(done.status).toBe(404);
    expect(done.body.error.code).toBe('LINE_NOT_LINKED');
    expect(done.body.error.message).toContain('このLINEアカウントは会員情報と連携されていません。');
    expect((await browser.get('/api/users/profile')).status).toBe(401);
  });

  it('refuses a tampered state, and the flow is gone afterwards', async () => {
    expect((await link(member, 'U-demo-0001')).status).toBe(200);
    const browser = server.client();
    const callback = await atLine(await startLogin(browser), 'U-demo-0001');
    const tampered = await browser.post('/api/guests/line/callback', { ...callback, state: `${callback.state}x` });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.code).toBe('LINE_STATE_MISMATCH');
    expect(tampered.body.error.message).toBe('LINEからの応答を確認できませんでした。お手数ですが、もう一度はじめからお試しください。');
    // Single use: even the genuine answer cannot finish the flow now.
    const genuine = await browser.post('/api/guests/line/callback', callback);
    expect(genuine.body.error.code).toBe('LINE_FLOW_EXPIRED');
    expect((await browser.get('/api/users/profile')).status).toBe(401);
  });

  it('refuses a replayed authorization code', async () => {
    expect((await link(member, 'U-demo-0001')).status).toBe(200);
    const browser = server.client();
    const callback = await atLine(await startLogin(browser), 'U-demo-0001');
    const original = (await pendingFlows())[0]!.data.lineFlow;
    expect(original.state).toBe(callback.state);
    expect((await browser.post('/api/guests/line/callback', callback)).status).toBe(200);

    // The same answer replayed into a second flow that holds exactly the first one's state,
    // nonce and verifier: every check of ours passes, and LINE refuses the used code.
    const attacker = server.client();
    await startLogin(attacker);
    const [row] = await pendingFlows();
    await server.db
      .knex('sessions')
      .where('id', row!.id)
      .update({ data: JSON.stringify({ ...row!.data, lineFlow: original }) });
    const replayed = await attacker.post('/api/guests/line/callback', callback);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.code).toBe('LINE_AUTH_FAILED');
    expect((await attacker.get('/api/users/profile')).status).toBe(401);

    // And plainly replayed into the session that used it: the flow is gone.
    const again = await browser.post('/api/guests/line/callback', callback);
    expect(again.body.error.code).toBe('LINE_FLOW_EXPIRED');
  });

  it('refuses a denied consent, a callback without a flow and an expired flow, each with its message', async () => {
    const browser = server.client();
    const denied = await browser.post('/api/guests/line/callback', await atLine(await startLogin(browser), 'U-demo-0001', 'deny'));
    expect(denied.status).toBe(400);
    expect(denied.body.error).toEqual({
      code: 'LINE_CONSENT_DENIED',
      message: 'LINEでの同意がキャンセルされたため、処理を中止しました。LINEと連携・ログインするには、LINEの画面で同意してください。',
    });

    const noFlow = await server.client().post('/api/guests/line/callback', { code: 'abc', state: 'def' });
    expect(noFlow.status).toBe(400);
    expect(noFlow.body.error).toEqual({
      code: 'LINE_FLOW_EXPIRED',
      message: 'LINE連携の有効期限が切れたか、すでに処理済みです。お手数ですが、もう一度はじめからお試しください。',
    });

    const slow = server.client();
    const url = await startLogin(slow);
    clock.set('2026-12-01T09:11:00+09:00');
    const expired = await slow.post('/api/guests/line/callback', await atLine(url, 'U-demo-0001'));
    expect(expired.body.error.code).toBe('LINE_FLOW_EXPIRED');
  });

  it('staff unlink takes effect at once: LINE login is then refused', async () => {
    expect((await link(member, 'U-demo-0002')).status).toBe(200);
    const unlinked = await staff.put(`/api/staffs/users/${people.member.id}/unlink-line`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.hasLine).toBe(false);
    expect(await lineUserIdOf(people.member.id)).toBeNull();
    const browser = server.client();
    const done = await browser.post('/api/guests/line/callback', await atLine(await startLogin(browser), 'U-demo-0002'));
    expect(done.body.error.code).toBe('LINE_NOT_LINKED');
    expect((await member.get('/api/users/line')).body.linked).toBe(false);
  });

  it('links only for the member who started: a member who logged out in between is refused', async () => {
    const url = await startLink(member);
    const callback = await atLine(url, 'U-demo-0003');
    expect((await member.post('/api/logout')).status).toBe(204);
    const done = await member.post('/api/guests/line/callback', callback);
    expect(done.body.error.code).toBe('LINE_FLOW_EXPIRED');
    expect(await lineUserIdOf(people.member.id)).toBeNull();
  });
});

describe('without LINE configured', () => {
  it('answers LINE_UNAVAILABLE and says it is not available', async () => {
    const off = await startTestServer({ LINE_LOCAL_PROVIDER: 'off' });
    try {
      const client = off.client();
      expect((await client.get('/api/guests/line')).body).toEqual({ available: false });
      const refused = await client.post('/api/guests/line/login');
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('LINE_UNAVAILABLE');
    } finally {
      await off.close();
    }
  });
});
