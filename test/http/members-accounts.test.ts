import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';

const clock = fixedClock('2026-12-01T09:00:00+09:00');
let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
let staff: TestClient;
let admin: TestClient;

const outbox = async () => (await admin.get('/api/admin/mail-outbox')).body as Array<{ to: string; subject: string; text: string }>;
const tokenFrom = (url: string) => new URL(url).searchParams.get('token')!;
const userRow = (id: string) => server.db.knex('users').where('id', id).first();

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://reserve.example.jp' }, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  people = await seedPeople(server.app);
  staff = server.client();
  admin = server.client();
  expect((await staff.login('staffS0002', PASSWORD)).status).toBe(200); // staff of another clinic: any clinic's staff may
  expect((await admin.login('staffA0001', PASSWORD)).status).toBe(200);
});

describe('registration token', () => {
  it('issues a 24-hour single-use token for a FULL member, stored hashed, that sets the password once', async () => {
    const issued = await staff.get(`/api/staffs/users/${people.member.id}/registration-token`);
    expect(issued.status).toBe(200);
    expect(issued.body.expiresAt).toBe('2026-12-02T09:00:00+09:00');
    expect(issued.body.url).toBe(`https://reserve.example.jp/common/password/register/?token=${encodeURIComponent(issued.body.token)}&audience=user`);
    const rows = await server.db.knex('user_tokens').select('token_hash');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(issued.body.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const anonymous = server.client();
    const peek = await anonymous.get(`/api/guests/users?token=${encodeURIComponent(issued.body.token)}`);
    expect(peek.body).toEqual({ name: people.member.name, userNumber: '100001', expiresAt: '2026-12-02T09:00:00+09:00' });

    const set = await anonymous.put('/api/guests/users', { token: issued.body.token, password: 'a brand new password' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: people.member.id, userNumber: '100001' });
    expect((await server.client().login('user100001', 'a brand new password')).status).toBe(200);
    expect((await server.client().login('userhanako@example.jp', 'a brand new password')).status).toBe(200);

    const again = await anonymous.put('/api/guests/users', { token: issued.body.token, password: 'another password!!' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
  });

  it('refuses TEMPORARY members, unknown members, members and anonymous callers', async () => {
    const temporary = await staff.get(`/api/staffs/users/${people.temporary.id}/registration-token`);
    expect(temporary.status).toBe(403);
    expect(temporary.body.error.code).toBe('NOT_FULLY_REGISTERED');
    expect((await staff.get('/api/staffs/users/999999/registration-token')).body.error.code).toBe('USER_NOT_FOUND');
    const member = server.client();
    await member.login('user100001', PASSWORD);
    expect((await member.get(`/api/staffs/users/${people.member.id}/registration-token`)).status).toBe(401);
    expect((await server.client().get(`/api/staffs/users/${people.member.id}/registration-token`)).status).toBe(401);
  });

  it('expires after 24 hours (TOKEN_EXPIRED), and a new token revokes the earlier one', async () => {
    const first = (await staff.get(`/api/staffs/users/${people.member.id}/registration-token`)).body.token;
    await server.db.knex('user_tokens').update({ expires_at: '2026-12-01T08:59:00+09:00' });
    const expired = await server.client().put('/api/guests/users', { token: first, password: 'a brand new password' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('TOKEN_EXPIRED');
    expect((await server.client().get(`/api/guests/users?token=${first}`)).body.error.code).toBe('TOKEN_EXPIRED');

    const second = (await staff.get(`/api/staffs/users/${people.member.id}/registration-token`)).body.token;
    const third = (await staff.get(`/api/staffs/users/${people.member.id}/registration-token`)).body.token;
    expect((await server.client().put('/api/guests/users', { token: second, password: 'a brand new password' })).body.error.code).toBe('INVALID_TOKEN');
    expect((await server.client().put('/api/guests/users', { token: third, password: 'a brand new password' })).status).toBe(200);
    clock.set('2026-12-02T09:00:01+09:00');
    expect((await server.client().put('/api/guests/users', { token: 'x'.repeat(43), password: 'a brand new password' })).body.error.code).toBe('INVALID_TOKEN');
  });

  it('checks the password length (10–128)', async () => {
    const token = (await staff.get(`/api/staffs/users/${people.member.id}/registration-token`)).body.token;
    const short = await server.client().put('/api/guests/users', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('VALIDATION_FAILED');
    expect((await server.client().put('/api/guests/users', { token, password: 'x'.repeat(129) })).status).toBe(400);
    expect((await server.client().put('/api/guests/users', { token, password: 'x'.repeat(10) })).status).toBe(200);
  });
});

describe('password reset by mail', () => {
  it("mails a member in the member's saved language (en, zh-CN), whatever the asking browser's language", async () => {
    for (const [language, subject, line] of [
      ['en', '[Clinic reservations] Resetting your password', 'Please set a new password at the link below.'],
      ['zh-CN', '【诊所预约】重设密码', '请通过下方链接设置新密码。'],
    ] as const) {
      await server.db.knex('users').where('id', people.member.id).update({ language });
      const asked = await server
        .client()
        .request('POST', '/api/guests/reset-password', { json: { email: 'hanako@example.jp' }, headers: { 'Accept-Language': 'ja' } });
      expect(asked.status).toBe(202);
      const mail = (await outbox())[0]!; // newest first
      expect(mail.to).toBe('hanako@example.jp');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(line);
      expect(mail.text).toMatch(/https:\/\/reserve\.example\.jp\/common\/password\/register\/\?token=[\w-]{43}&audience=user&purpose=reset/);
    }
  });

  it('answers 202 the same way for a known, unknown, TEMPORARY or malformed address; mails only a FULL member', async () => {
    const answers = [];
    for (const email of ['hanako@example.jp', 'nobody@example.jp', 'kari@example.jp', 'not-an-address', 'staff.x@example.jp']) {
      answers.push(await server.client().post('/api/guests/reset-password', { email }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('hanako@example.jp');
    expect(mails[0]!.subject).toContain('パスワード再設定');
    const url = mails[0]!.text.match(/https:\/\/\S+/)![0];
    expect(url).toMatch(/^https:\/\/reserve\.example\.jp\/common\/password\/register\/\?token=[\w-]{43}&audience=user&purpose=reset$/);

    const token = tokenFrom(url);
    // A reset token is not a registration token, and the other way round.
    expect((await server.client().put('/api/guests/users', { token, password: 'a brand new password' })).body.error.code).toBe('INVALID_TOKEN');
    const reset = await server.client().put('/api/guests/update-password', { token, password: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect((await server.client().login('user100001', 'a brand new password')).status).toBe(200);
    expect((await server.client().put('/api/guests/update-password', { token, password: 'third password!!' })).body.error.code).toBe('INVALID_TOKEN');
  });

  it('sends an address at most three mails an hour, silently, and refuses a client past ten requests an hour', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await server.client().post('/api/guests/reset-password', { email: 'hanako@example.jp' }));
    // The fourth is answered like the others: the limit does not reveal that the address is known.
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect((await outbox()).filter((mail) => mail.to === 'hanako@example.jp')).toHaveLength(3);

    for (let i = 0; i < 6; i += 1) expect((await server.client().post('/api/guests/reset-password', { email: `nobody${i}@example.jp` })).status).toBe(202);
    const refused = await server.client().post('/api/guests/reset-password', { email: 'nobody@example.jp' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', message: '試行回数が上限を超えました。しばらく時間をおいてから再度お試しください。' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await outbox()).toHaveLength(3);

    // Staff resets are counted apart from member resets.
    expect((await server.client().post('/api/guests/staff-password-reset', { email: 'nobody@example.jp' })).status).toBe(202);
  });

  it('expires after 30 minutes', async () => {
    await server.client().post('/api/guests/reset-password', { email: 'HANAKO@example.jp' });
    const token = tokenFrom((await outbox())[0]!.text.match(/https:\/\/\S+/)![0]);
    const row = await server.db.knex('user_tokens').first(server.db.knex.raw('extract(epoch from expires_at - created_at) as seconds'), 'purpose');
    expect(row.purpose).toBe('RESET');
    clock.set('2026-12-01T09:30:01+09:00');
    const expired = await server.client().put('/api/guests/update-password', { token, password: 'a brand new password' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('TOKEN_EXPIRED');
    const registration = (await staff.get(`/api/staffs/users/${people.member.id}/registration-token`)).body.token;
    expect((await server.client().put('/api/guests/update-password', { token: registration, password: 'a brand new password' })).body.error.code).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe("/api/users: the member's own data", () => {
  let member: TestClient;
  let other: string;
  beforeEach(async () => {
    member = server.client();
    expect((await member.login('user100001', PASSWORD)).status).toBe(200);
    const [row] = await server.db
      .knex('users')
      .insert({
        clinic_id: people.clinicY.id,
        name: '他人 太郎',
        kana: 'タニン',
        phone: '080-1',
        email: 'other@example.jp',
        status: 'FULL',
        user_number: '100009',
      })
      .returning('id');
    other = String(row.id);
  });

  it('shows the detailed profile', async () => {
    const profile = await member.get('/api/users/detailed-profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id: people.member.id,
      name: people.member.name,
      kana: people.member.kana,
      phone: people.member.phone,
      email: 'hanako@example.jp',
      birthday: '1990-04-01',
      gender: 'FEMALE',
      userNumber: '100001',
      status: 'FULL',
      clinic: { id: people.clinicX.id, name: '渋谷', phone: people.clinicX.phone },
      hasLine: false,
      notificationChannel: 'MAIL',
      language: 'ja',
      giftCount: 0,
    });
  });

  it('keeps the chosen お知らせの受け取り方法, and refuses LINE while LINE is not linked', async () => {
    const none = await member.put('/api/users', { notificationChannel: 'NONE' });
    expect(none.status).toBe(200);
    expect(none.body.notificationChannel).toBe('NONE');
    expect((await member.get('/api/users/detailed-profile')).body.notificationChannel).toBe('NONE');
    expect((await server.db.knex('users').where('id', people.member.id).first()).notification_channel).toBe('NONE');

    const line = await member.put('/api/users', { notificationChannel: 'LINE' });
    expect(line.status).toBe(400);
    expect(line.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'notificationChannel', message: 'LINEで受け取るには、先にLINE連携をしてください。' }],
    });
    expect((await member.get('/api/users/detailed-profile')).body.notificationChannel).toBe('NONE');

    await server.db.knex('users').where('id', people.member.id).update({ line_user_id: 'U0123456789abcdef0123456789abcdef' });
    const linked = await member.put('/api/users', { notificationChannel: 'LINE' });
    expect(linked.status).toBe(200);
    expect(linked.body.notificationChannel).toBe('LINE');
  });

  it('changes details, keeps what is left out, refuses a taken email', async () => {
    const changed = await member.put('/api/users', { name: '山田 花子', phone: '090-1234-5678', birthday: null, gender: 'OTHER' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: '山田 花子',
      phone: '090-1234-5678',
      birthday: null,
      gender: 'OTHER',
      email: 'hanako@example.jp',
      kana: people.member.kana,
    });
    const taken = await member.put('/api/users', { email: 'OTHER@example.jp', currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_DUPLICATE');
    const bad = await member.put('/api/users', { email: 'nope', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'name']);
  });

  it('changes the password only with the current one', async () => {
    const wrong = await member.put('/api/users', { currentPassword: 'wrong password', newPassword: 'a brand new password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual([{ path: 'currentPassword', message: '現在のパスワードが正しくありません。' }]);
    expect((await member.put('/api/users', { newPassword: 'a brand new password' })).status).toBe(400);
    expect((await member.put('/api/users', { currentPassword: PASSWORD, newPassword: 'short' })).status).toBe(400);
    expect((await member.put('/api/users', { currentPassword: PASSWORD, newPassword: 'a brand new password' })).status).toBe(200);
    expect((await server.client().login('user100001', PASSWORD)).status).toBe(401);
    expect((await server.client().login('user100001', 'a brand new password')).status).toBe(200);
  });

  it("cannot read or change another member's data through any route (the body's id is ignored, nothing changes)", async () => {
    const before = await userRow(other);
    const put = await member.put('/api/users', { id: other, name: '乗っ取り' } as Record<string, unknown>);
    expect(put.status).toBe(200);
    expect(put.body.id).toBe(people.member.id);
    expect(await userRow(other)).toEqual(before);
    for (const path of [`/api/users/${other}`, `/api/users/${other}/detailed-profile`, `/api/users/contracts/${other}`]) {
      expect((await member.get(path)).status).toBe(404);
    }
    expect((await member.put(`/api/users/${other}`, { name: '乗っ取り' })).status).toBe(404);
    expect(await userRow(other)).toEqual(before);
    await server.db.knex('contracts').insert({ user_id: other, menu_id: await aContractMenu(), sessions_total: 3 });
    expect((await member.get('/api/users/contracts')).body).toEqual([]);
    expect((await member.get('/api/users/menus/own-ekimu')).body).toEqual([]);
  });

  it('is for members only: staff and anonymous callers get 401', async () => {
    for (const client of [staff, admin, server.client()]) {
      expect((await client.get('/api/users/detailed-profile')).status).toBe(401);
      expect((await client.get('/api/users/contracts')).status).toBe(401);
      expect((await client.get('/api/users/menus/own-ekimu')).status).toBe(401);
      expect((await client.put('/api/users', { name: 'x' })).status).toBe(401);
    }
  });

  it('lists contracts, and own-ekimu those with sessions left and not expired', async () => {
    const menuId = await aContractMenu();
    const k = server.db.knex;
    await k('contracts').insert([
      { user_id: people.member.id, menu_id: menuId, sessions_total: 5, sessions_used: 2, expires_on: '2027-03-31' },
      { user_id: people.member.id, menu_id: menuId, sessions_total: 3, sessions_used: 3 },
      { user_id: people.member.id, menu_id: menuId, sessions_total: 3, sessions_used: 0, expires_on: '2026-11-30' },
      { user_id: people.member.id, menu_id: menuId, sessions_total: 2, sessions_used: 0 },
    ]);
    const all = await member.get('/api/users/contracts');
    expect(all.body).toHaveLength(4);
    expect(all.body[0]).toMatchObject({ sessionsTotal: 2, sessionsUsed: 0, sessionsRemaining: 2, expiresOn: null, menuName: 'コース' });
    const own = await member.get('/api/users/menus/own-ekimu');
    expect(
      own.body.map((c: { total: number; used: number; remaining: number; expiresOn: string | null }) => [c.total, c.used, c.remaining, c.expiresOn]),
    ).toEqual([
      [5, 2, 3, '2027-03-31'],
      [2, 0, 2, null],
    ]);
    expect(own.body[0].menu).toMatchObject({ id: menuId, name: 'コース', clinicId: people.clinicX.id });
  });
});

const aContractMenu = async () => {
  const k = server.db.knex;
  const existing = await k('menus').where('name', 'コース').first('id');
  if (existing) return String(existing.id);
  const [category] = await k('menu_categories').insert({ clinic_id: people.clinicX.id, name: '脱毛' }).returning('id');
  const [menu] = await k('menus')
    .insert({ clinic_id: people.clinicX.id, category_id: category.id, name: 'コース', kind: 'CONTRACT', enabled: true, web_bookable: true, price: 1000 })
    .returning('id');
  return String(menu.id);
};
