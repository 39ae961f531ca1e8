import { fixedClock } from '@clinic/core';
import { ACCOUNTS } from '@clinic/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, memberOf, seedBookableClinic } from '../support/booking-fixture';
import { databaseTargets } from '../support/databases';
import { PASSWORD, seedPeople, startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { waitFor } from '../support/wait';

// Tuesday 1 December 2026, 09:00 in Tokyo.
const NOW = '2026-12-01T09:00:00+09:00';
const FAST = { MESSAGE_POLL_SECONDS: '0.5', MESSAGE_RETRY_BASE_MS: '50', MESSAGE_LEASE_SECONDS: '5' };

const inLanguage = (language: string) => ({ headers: { 'Accept-Language': language } });
const get = (client: TestClient, path: string, language?: string) => client.request('GET', path, language ? inLanguage(language) : {});
const post = (client: TestClient, path: string, json: unknown, language?: string) =>
  client.request('POST', path, { json, ...(language ? inLanguage(language) : {}) });
const put = (client: TestClient, path: string, json: unknown, language?: string) =>
  client.request('PUT', path, { json, ...(language ? inLanguage(language) : {}) });

/** A bookable clinic whose first menu and category are translated into English only, a member and a staff member. */
const world = async (server: TestServer) => {
  await server.reset();
  await seedPeople(server.app);
  const fixture = await seedBookableClinic(server.db, {
    firstDay: '2026-12-01',
    days: 20,
    staff: 2,
    rooms: 2,
    machines: 1,
    name: '表参道',
    phone: '03-1234-5678',
  });
  await server.db
    .knex('menus')
    .where('id', fixture.menuA)
    .update({
      description: '透明感のある肌へ',
      pre_visit_note: '日焼けを避けてご来院ください。',
      translations: JSON.stringify({
        en: { name: 'Pico toning', description: 'For clearer skin', preVisitNote: 'Please avoid sunburn before your visit.' },
        'zh-CN': { name: '皮秒嫩肤' },
      }),
    });
  await server.db
    .knex('menu_categories')
    .where('id', fixture.categoryId)
    .update({ translations: JSON.stringify({ en: { name: 'Aesthetic dermatology' } }) });
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  const memberId = await memberOf(server.db, fixture.clinicId, hash, '300001');
  const staff = server.client();
  await staff.login('staffS0001', PASSWORD);
  const admin = server.client();
  await admin.login('staffA0001', PASSWORD);
  const member = server.client();
  await member.login('user300001', PASSWORD);
  return { fixture, memberId, staff, admin, member, anonymous: server.client() };
};

describe.each(databaseTargets())('languages on $name', (target) => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    server = await startTestServer(FAST, { clock: fixedClock(NOW) }, target);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    w = await world(server);
  });

  it('admins give menus and categories English and Chinese texts; staff see which languages lack some', async () => {
    const category = await post(w.admin, '/api/admin/menu-categories', {
      clinicId: w.fixture.clinicId,
      name: 'ボディ',
      translations: { en: { name: 'Body' }, 'zh-CN': { name: '身体' } },
    });
    expect(category.status).toBe(201);
    expect(category.body).toMatchObject({ name: 'ボディ', translations: { en: { name: 'Body' }, 'zh-CN': { name: '身体' } }, missingTranslations: [] });
    const menu = await post(w.admin, '/api/admin/menus', {
      categoryId: category.body.id,
      name: '背中の脱毛',
      kind: 'NEW',
      enabled: true,
      webBookable: true,
      price: 12000,
      description: '背中全体',
      tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
      translations: { en: { name: 'Back hair removal', description: 'The whole back' }, 'zh-CN': { name: '背部脱毛' } },
    });
    expect(menu.status).toBe(201);
    // Chinese has a name but not the description the Japanese menu has.
    expect(menu.body).toMatchObject({
      name: '背中の脱毛',
      translations: { en: { name: 'Back hair removal', description: 'The whole back' } },
      missingTranslations: ['zh-CN'],
    });
    // A PUT without translations keeps them; with them, replaces them.
    const { id: _id, displayOrder: _d, durationMinutes: _m, clinicId: _c, translations: _t, missingTranslations: _mt, ...body } = menu.body;
    const kept = await put(w.admin, `/api/admin/menus/${menu.body.id}`, {
      ...body,
      price: 13000,
      tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.translations.en.name).toBe('Back hair removal');
    const list = await get(w.staff, `/api/admin/menus?clinicId=${w.fixture.clinicId}`);
    expect(list.body.find((m: { id: string }) => m.id === w.fixture.menuB).missingTranslations).toEqual(['en', 'zh-CN']);
    // A translation with a description but no name is refused, in Japanese for staff.
    const refused = await put(
      w.admin,
      `/api/admin/menus/${menu.body.id}`,
      { ...body, tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }], translations: { en: { name: '', description: 'x' } } },
      'en',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '全ての項目に正しく値を入力してください。',
      fields: [{ path: 'translations.en.name', message: '英語の名前を入力してください。' }],
    });
  });

  it('guests and members read menus in their language, Japanese where a text is not translated', async () => {
    const menus = `/api/guests/menus?clinicId=${w.fixture.clinicId}`;
    const pico = async (language?: string, client = w.anonymous, path = menus) =>
      (await get(client, path, language)).body.find((m: { id: string }) => m.id === w.fixture.menuA);
    expect(await pico()).toMatchObject({ name: 'ピコトーニング', description: '透明感のある肌へ', preVisitNote: '日焼けを避けてご来院ください。' });
    expect(await pico('en-US,en;q=0.9,ja;q=0.5')).toMatchObject({
      name: 'Pico toning',
      description: 'For clearer skin',
      preVisitNote: 'Please avoid sunburn before your visit.',
    });
    expect(await pico('zh-CN')).toMatchObject({ name: '皮秒嫩肤', description: '透明感のある肌へ', preVisitNote: '日焼けを避けてご来院ください。' });
    expect(await pico('ja;q=0.4, zh-Hans;q=0.8')).toMatchObject({ name: '皮秒嫩肤' });
    expect(await pico('*')).toMatchObject({ name: 'ピコトーニング' });
    expect(await pico('fr-FR')).toMatchObject({ name: 'ピコトーニング' });
    // An untranslated menu and category stay Japanese.
    const all = (await get(w.anonymous, menus, 'en')).body;
    expect(all.find((m: { id: string }) => m.id === w.fixture.menuB).name).toBe('全身脱毛');
    expect((await get(w.anonymous, `/api/guests/menu-categories?clinicId=${w.fixture.clinicId}`, 'en')).body[0].name).toBe('Aesthetic dermatology');
    expect((await get(w.anonymous, `/api/guests/menu-categories?clinicId=${w.fixture.clinicId}`, 'zh-CN')).body[0].name).toBe('美容皮膚科');
    // Staff read Japanese whatever their browser says.
    expect((await get(w.staff, `/api/staffs/menus?clinicId=${w.fixture.clinicId}`, 'en')).body.find((m: { id: string }) => m.id === w.fixture.menuA).name).toBe(
      'ピコトーニング',
    );
    // A member's saved language, unless the request names one.
    const saved = await put(w.member, '/api/users', { language: 'zh-CN' });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe('zh-CN');
    expect((await get(w.member, '/api/users/profile')).body.language).toBe('zh-CN');
    const memberMenus = `/api/users/menus?clinicId=${w.fixture.clinicId}`;
    expect(await pico(undefined, w.member, memberMenus)).toMatchObject({ name: '皮秒嫩肤' });
    expect(await pico('en', w.member, memberMenus)).toMatchObject({ name: 'Pico toning' });
  });

  it('answers error messages in the caller language; codes never change; staff and admin stay Japanese', async () => {
    const messages: Record<string, string> = {};
    for (const language of ['ja', 'en', 'zh-CN']) {
      const answer = await get(w.anonymous, '/api/guests/menus?clinicId=abc', language);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      messages[language] = answer.body.error.message;
    }
    expect(messages).toEqual({ ja: '全ての項目に正しく値を入力してください。', en: 'Please fill in all fields correctly.', 'zh-CN': '请正确填写所有项目。' });

    const cancel = (language: string) => put(w.anonymous, '/api/guests/reservations/cancel', { token: 'no-such-token-at-all' }, language);
    const [ja, en, zh] = await Promise.all([cancel('ja'), cancel('en'), cancel('zh-CN')]);
    expect(new Set([ja.body.error.code, en.body.error.code, zh.body.error.code]).size).toBe(1);
    expect([ja.status, en.status, zh.status]).toEqual([ja.status, ja.status, ja.status]);
    expect(ja.status).toBeLessThan(500);
    expect(en.body.error.message).toMatch(/^[\x20-\x7e]+$/);
    expect(zh.body.error.message).not.toMatch(/[\u3040-\u30ff]/);
    expect(zh.body.error.message).not.toBe(ja.body.error.message);

    // Not logged in, in the member API.
    const anonymousMember = await get(w.anonymous, '/api/users/reservations', 'en');
    expect(anonymousMember.status).toBe(401);
    expect(anonymousMember.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'You are not logged in. Please log in again.' });
    // The member's saved language applies to errors too.
    await put(w.member, '/api/users', { language: 'en' });
    const notFound = await get(w.member, '/api/users/reservations/999999');
    expect(notFound.status).toBe(404);
    expect(notFound.body.error).toEqual({ code: 'RESERVATION_NOT_FOUND', message: 'Booking not found.' });
    // A wrong login of a member in English; a staff login stays Japanese.
    const wrong = await w.anonymous.request('POST', '/api/login', {
      form: { username: 'user300001', password: 'wrong password here' },
      xhr: false,
      ...inLanguage('en'),
    });
    expect(wrong.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The ID or password is incorrect.' });
    const staffWrong = await w.anonymous.request('POST', '/api/login', {
      form: { username: 'staffS0001', password: 'wrong password here' },
      xhr: false,
      ...inLanguage('en'),
    });
    expect(staffWrong.body.error.message).toBe('IDまたはパスワードに誤りがあります。');
    // Staff and admin routes answer Japanese whatever Accept-Language says.
    const staffError = await get(w.staff, '/api/staffs/reservations?clinicId=abc&from=x&to=y', 'en');
    expect(staffError.status).toBe(400);
    expect(staffError.body.error.message).toBe('全ての項目に正しく値を入力してください。');
    const adminError = await get(w.admin, '/api/admin/menus/999999', 'zh-CN');
    expect(adminError.body.error).toEqual({ code: 'MENU_NOT_FOUND', message: 'メニューが見つかりません。' });
    // A language the API does not know is refused, in the caller's language.
    const badLanguage = await put(w.member, '/api/users', { language: 'fr' }, 'en');
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.error.fields).toEqual([{ path: 'language', message: 'The language must be ja, en or zh-CN.' }]);
  });

  it('an English guest books without kana, with an international phone; staff see it as given with the language; the mail is English', async () => {
    const guest = { name: 'Emily Johnson', phone: '+14155550123', email: 'emily@example.com' };
    const booking = { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') };
    // Japanese bookings still need kana.
    const noKana = await post(w.anonymous, '/api/guests/reservations', { ...booking, guest }, 'ja');
    expect(noKana.status).toBe(400);
    expect(noKana.body.error.fields).toEqual([{ path: 'guest.kana', message: 'フリガナを入力してください。' }]);
    const badPhone = await post(w.anonymous, '/api/guests/reservations', { ...booking, guest: { ...guest, phone: '4155550123x' } }, 'en');
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please fill in all fields correctly.' });
    expect(badPhone.body.error.fields[0].message).toBe('Please enter a valid phone number (e.g. 090-1234-5678 or +14155550123).');

    const booked = await post(w.anonymous, '/api/guests/reservations', { ...booking, guest }, 'en');
    expect(booked.status).toBe(201);
    const row = await server.db.knex('users').where('email', 'emily@example.com').first();
    expect(row).toMatchObject({ name: 'Emily Johnson', phone: '+14155550123', kana: '', language: 'en', status: 'TEMPORARY' });
    const seen = await get(w.staff, `/api/staffs/users/${row.id}`);
    expect(seen.body).toMatchObject({ name: 'Emily Johnson', phone: '+14155550123', language: 'en' });

    const mail = await waitFor(async () => server.db.knex('mail_outbox').where('to', 'emily@example.com').first(), 'the English confirmation');
    expect(mail.subject).toBe('[表参道院] Your booking is confirmed');
    expect(mail.text).toContain('Dear Emily Johnson,');
    expect(mail.text).toContain('Treatment: Pico toning');
    expect(mail.text).toContain('Thu, December 3, 2026 11:00–12:00 (Japan time)');
    expect(mail.text).toContain('/guest/reserve/cancel/?token=');
  });

  it('reservation answers name the menus in the member or guest language, Japanese where untranslated; staff read Japanese', async () => {
    const names = (body: { menus: { id: string; name: string }[] }) => body.menus.map((menu) => menu.name);
    // A member's booking, the list, one reservation, a change and a cancel.
    const pico = await post(
      w.member,
      '/api/users/reservations',
      { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T11:00') },
      'en',
    );
    expect(pico.status).toBe(201);
    expect(pico.body.menus).toEqual([{ id: w.fixture.menuA, name: 'Pico toning' }]);
    const hair = await post(
      w.member,
      '/api/users/reservations',
      { clinicId: w.fixture.clinicId, menuId: w.fixture.menuB, startsAt: at('2026-12-04T11:00') },
      'en',
    );
    expect(hair.status).toBe(201);
    expect(names(hair.body)).toEqual(['全身脱毛']);
    const list = async (language?: string) => (await get(w.member, '/api/users/reservations', language)).body.map(names).flat().sort();
    expect(await list('zh-CN')).toEqual(['全身脱毛', '皮秒嫩肤']);
    expect(await list('en')).toEqual(['Pico toning', '全身脱毛']);
    expect(await list()).toEqual(['ピコトーニング', '全身脱毛']);
    await put(w.member, '/api/users', { language: 'zh-CN' });
    expect(await list()).toEqual(['全身脱毛', '皮秒嫩肤']);
    expect(names((await get(w.member, `/api/users/reservations/${pico.body.id}`, 'en')).body)).toEqual(['Pico toning']);
    const moved = await put(w.member, `/api/users/reservations/${pico.body.id}`, { startsAt: at('2026-12-05T11:00') }, 'en');
    expect(moved.status).toBe(200);
    expect(names(moved.body)).toEqual(['Pico toning']);
    const cancelled = await put(w.member, `/api/users/reservations/${pico.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(names(cancelled.body)).toEqual(['皮秒嫩肤']);
    // Staff see the same reservations in Japanese whatever their browser says.
    const staffView = await get(w.staff, `/api/staffs/reservations/${hair.body.id}`, 'en');
    expect(staffView.status).toBe(200);
    expect(names(staffView.body)).toEqual(['全身脱毛']);
    expect(names((await get(w.staff, `/api/staffs/reservations/${pico.body.id}`, 'zh-CN')).body)).toEqual(['ピコトーニング']);

    // A guest: the booking's answer in the booking's language, the visit confirmation in the request's.
    const guest = { name: 'Li Wei', phone: '+8613812345678', email: 'li.wei@example.com' };
    const booked = await post(
      w.anonymous,
      '/api/guests/reservations',
      { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-07T11:00'), guest, language: 'zh-CN' },
      'en',
    );
    expect(booked.status).toBe(201);
    expect(booked.body.menus).toEqual([{ id: w.fixture.menuA, name: '皮秒嫩肤' }]);
    const confirmed = await put(w.anonymous, '/api/guests/reservations/confirm', { token: booked.body.cancelToken }, 'en');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.menus).toEqual([{ id: w.fixture.menuA, name: 'Pico toning' }]);
  });

  it('contracts and waitlist entries name the menu in the member or guest language; staff read Japanese', async () => {
    await server.db
      .knex('menus')
      .where('id', w.fixture.contractMenu)
      .update({ translations: JSON.stringify({ en: { name: 'Laser hair removal, 5 sessions' } }) });
    const added = await post(w.staff, `/api/staffs/users/${w.memberId}/contracts`, { menuId: w.fixture.contractMenu, sessionsTotal: 5 }, 'en');
    expect(added.status).toBe(201);
    expect(added.body.menuName).toBe('医療脱毛 5回コース');
    expect((await get(w.member, '/api/users/contracts', 'en')).body.map((c: { menuName: string }) => c.menuName)).toEqual(['Laser hair removal, 5 sessions']);
    expect((await get(w.member, '/api/users/contracts', 'zh-CN')).body.map((c: { menuName: string }) => c.menuName)).toEqual(['医療脱毛 5回コース']);
    expect((await get(w.member, '/api/users/menus/own-ekimu', 'en')).body.map((c: { menu: { name: string } }) => c.menu.name)).toEqual([
      'Laser hair removal, 5 sessions',
    ]);
    expect((await get(w.staff, `/api/staffs/users/${w.memberId}/contracts`, 'en')).body.map((c: { menuName: string }) => c.menuName)).toEqual([
      '医療脱毛 5回コース',
    ]);

    const wait = { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, from: '2026-12-10', to: '2026-12-12' };
    const joined = await post(w.member, '/api/users/waitlist', wait, 'en');
    expect(joined.status).toBe(201);
    expect(joined.body.menuName).toBe('Pico toning');
    expect((await get(w.member, '/api/users/waitlist', 'zh-CN')).body.map((e: { menuName: string }) => e.menuName)).toEqual(['皮秒嫩肤']);
    expect((await get(w.staff, `/api/staffs/waitlist?clinicId=${w.fixture.clinicId}`, 'en')).body.map((e: { menuName: string }) => e.menuName)).toEqual([
      'ピコトーニング',
    ]);
    const guest = { name: 'Emily Johnson', phone: '+14155550123', email: 'emily@example.com' };
    // A Japanese registration needs kana, as a Japanese booking does (issue 22: one rule for both).
    const noKana = await post(w.anonymous, '/api/guests/waitlist', { ...wait, menuId: w.fixture.menuB, guest }, 'ja');
    expect(noKana.status).toBe(400);
    expect(noKana.body.error.fields).toEqual([{ path: 'guest.kana', message: 'フリガナを入力してください。' }]);
    const guestJoined = await post(w.anonymous, '/api/guests/waitlist', { ...wait, menuId: w.fixture.menuB, guest }, 'en');
    expect(guestJoined.status).toBe(201);
    const seen = await get(w.anonymous, `/api/guests/waitlist?token=${encodeURIComponent(guestJoined.body.token)}`, 'en');
    expect(seen.body.menuName).toBe('全身脱毛');
    const pico = await post(w.anonymous, '/api/guests/waitlist', { ...wait, guest: { ...guest, email: 'emily2@example.com', phone: '+14155550124' } }, 'en');
    expect((await get(w.anonymous, `/api/guests/waitlist?token=${encodeURIComponent(pico.body.token)}`, 'en')).body.menuName).toBe('Pico toning');
  });

  it('a Chinese-speaking member gets the confirmation in Chinese; a Japanese member in Japanese as before', async () => {
    await put(w.member, '/api/users', { language: 'zh-CN' });
    const booked = await post(w.member, '/api/users/reservations', { clinicId: w.fixture.clinicId, menuId: w.fixture.menuA, startsAt: at('2026-12-03T15:00') });
    expect(booked.status).toBe(201);
    const mail = await waitFor(async () => server.db.knex('mail_outbox').where('to', '300001@example.jp').first(), 'the Chinese confirmation');
    expect(mail.subject).toBe('【表参道院】预约已确认');
    expect(mail.text).toContain('项目：皮秒嫩肤');
    expect(mail.text).toContain('2026年12月3日周四 15:00–16:00（日本时间）');
    await put(w.member, '/api/users', { language: 'ja' });
    await put(w.member, `/api/users/reservations/${booked.body.id}/cancel`, {});
    const cancelled = await waitFor(
      async () => server.db.knex('mail_outbox').where('to', '300001@example.jp').where('subject', 'like', '%キャンセル%').first(),
      'the Japanese cancellation',
    );
    expect(cancelled.text).toContain('メニュー：ピコトーニング');
  });
});
