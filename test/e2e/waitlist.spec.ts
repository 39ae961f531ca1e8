import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { DEMO_PASSWORD, WIDTHS, memberLogin, shoot, staffLogin } from './support';

/**
 * キャンセル待ち (docs/waitlist.md): a member on a phone joins the waitlist for an hour that is
 * full; another member cancels; staff see the held time on the calendar; the first member accepts
 * it from the waitlist page (the link of the offer) and sees the visit. A member whose online
 * booking is restricted sees why, with the clinic's phone.
 * Demo members of 渋谷院 used only here: 100013 (waits), 100016 (cancels), 100019 (fills the
 * hour through staff bookings), 100022 (restricted).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const apiLogin = async (request: APIRequestContext, username: string): Promise<void> => {
  const answer = await request.post('/api/login', { form: { username, password: DEMO_PASSWORD } });
  expect(answer.status()).toBeLessThan(400);
};

/** Picks an option of a ui-kit Select (react-aria: a button opening a listbox). */
async function choose(scope: Locator, page: Page, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a member joins the waitlist on a phone, another cancels, staff see the hold, and the first books it from the offer', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const base = test.info().project.use.baseURL!;
  const staff = await playwright.request.newContext({ baseURL: base });
  const canceller = await playwright.request.newContext({ baseURL: base });
  await apiLogin(staff, 'staffS1001');
  await apiLogin(canceller, 'user100016');

  // A menu of 渋谷院 and a day ten days ahead; the hour of its first free start is the one to fill.
  const profile = (await (await canceller.get('/api/users/detailed-profile')).json()) as { clinic: { id: string } };
  const clinicId = profile.clinic.id;
  const menus = (await (await canceller.get(`/api/users/menus?clinicId=${clinicId}`)).json()) as { id: string; name: string; kind: string }[];
  const day = DateTime.now().setZone('Asia/Tokyo').plus({ days: 10 }).toISODate()!;
  const search = async (menuId: string): Promise<string[]> => {
    const answer = await staff.post('/api/staffs/reservations/search-available', { data: { clinicId, menuId, from: day, to: day }, headers: XHR });
    return ((await answer.json()) as { slots: { startsAt: string }[] }).slots.map((slot) => slot.startsAt);
  };
  // The member who will cancel takes the first free start of a 新規 menu they do not hold yet
  // (demo members may already hold one: one live reservation per menu).
  let menu: { id: string; name: string } | null = null;
  let first = '';
  let booked = null;
  for (const candidate of menus.filter((m) => m.kind === 'NEW')) {
    const start = (await search(candidate.id))[0];
    if (!start) continue;
    const answer = await canceller.post('/api/users/reservations', { data: { clinicId, menuId: candidate.id, startsAt: start }, headers: XHR });
    if (answer.status() === 201) {
      menu = candidate;
      first = start;
      booked = answer;
      break;
    }
  }
  expect(menu, 'a 新規 menu the member can book').not.toBeNull();
  const hour = DateTime.fromISO(first, { zone: 'Asia/Tokyo' }).hour;
  const inHour = (instant: string) => DateTime.fromISO(instant, { zone: 'Asia/Tokyo' }).hour === hour;
  // The member who will wait: one of 渋谷院 who holds no visit of the menu (one live reservation per
  // menu), chosen before the hour is filled so that their own cancels cannot free it.
  let waiter = '';
  for (const number of ['100013', '100025', '100010', '100007']) {
    const probe = await playwright.request.newContext({ baseURL: base });
    await apiLogin(probe, `user${number}`);
    const reservations = (await (await probe.get('/api/users/reservations')).json()) as {
      id: string;
      status: string;
      endsAt: string;
      menus?: { id: string }[];
    }[];
    // The demo chain books its members often: their visits of the menu are cancelled first (a member may).
    const holding = reservations.filter((r) => r.status === 'RESERVED' && Date.parse(r.endsAt) > Date.now() && r.menus?.some((m) => m.id === menu!.id));
    let free = true;
    for (const r of holding) free = (await probe.put(`/api/users/reservations/${r.id}/cancel`, { headers: XHR })).status() === 200 && free;
    await probe.dispose();
    if (free) {
      waiter = number;
      break;
    }
  }
  expect(waiter, 'a member of 渋谷院 free to wait for the menu').not.toBe('');
  const bookedId = ((await booked!.json()) as { id: string }).id;
  // …and staff fill the rest of the hour for another member, until nothing starts in it.
  const filler = ((await (await staff.get('/api/staffs/users/advanced-search?keyword=100019')).json()) as { items: { id: string }[] }).items[0]!.id;
  for (let guard = 0; guard < 40; guard++) {
    const left = (await search(menu!.id)).filter(inHour);
    if (left.length === 0) break;
    const made = await staff.post('/api/staffs/reservations', { data: { clinicId, userId: filler, menuId: menu!.id, startsAt: left[0] }, headers: XHR });
    expect(made.status()).toBe(201);
  }
  expect((await search(menu!.id)).filter(inHour)).toEqual([]);

  // The waiting member, on a phone, joins the waitlist for that hour.
  await page.setViewportSize(WIDTHS.phone);
  await memberLogin(page, waiter);
  await expect(page.getByText(`診察券番号 ${waiter}`)).toBeVisible();
  await page.goto('/user/mypage/reserve/');
  await page
    .getByRole('button', { name: new RegExp(menu!.name) })
    .first()
    .click();
  const join = page.getByTestId('waitlist-join');
  await join.getByRole('button', { name: 'キャンセル待ちに登録する' }).click();
  const label = (iso: string) =>
    new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(
      new Date(`${iso}T12:00:00+09:00`),
    );
  await choose(join, page, /希望日（から）/, label(day));
  await choose(join, page, /希望日（まで）/, label(day));
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  await choose(join, page, /開始時刻（から）/, hh(hour));
  await choose(join, page, /開始時刻（まで）/, hh(hour + 1));
  await shoot(page, 'waitlist-join');
  await join.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByTestId('waitlist-joined')).toContainText('キャンセル待ちに登録しました');

  // The other member cancels: the freed start is held for the first member at once.
  expect((await canceller.put(`/api/users/reservations/${bookedId}/cancel`, { headers: XHR })).status()).toBe(200);

  // Staff see the hold on the calendar as its own kind of block, and the entry in the day's panel.
  const staffPage = await browser.newPage({ viewport: WIDTHS.desktop });
  await staffLogin(staffPage, 'S1001');
  await expect(staffPage).toHaveURL(/\/staff\/calendar\//);
  await staffPage.goto(`/staff/calendar/?clinicId=${clinicId}&date=${day}&view=day`);
  await expect(staffPage.getByTestId('waitlist-hold').first()).toContainText('キャンセル待ち確保');
  await expect(staffPage.getByTestId('waitlist-panel')).toContainText('ご案内中');
  await shoot(staffPage, 'waitlist-calendar-hold');
  await staffPage.close();

  // The offer's link: the waitlist page, where the member books the held time.
  await page.goto('/user/mypage/waitlist/');
  const list = page.getByTestId('member-waitlist');
  await expect(list.getByTestId('waitlist-offer')).toContainText('確保しています');
  await shoot(page, 'waitlist-offer');
  await list.getByRole('button', { name: 'このお時間で予約する' }).click();
  await expect(page).toHaveURL(/\/user\/mypage\/reserve\/done\//);
  await expect(page.getByText(menu!.name).first()).toBeVisible();
  await page.goto('/user/mypage/services/');
  await expect(page.getByTestId('member-waitlist')).toContainText('ご予約済み');
  const mine = (await (await page.request.get('/api/users/reservations')).json()) as { startsAt: string; status: string }[];
  expect(mine.some((r) => r.status === 'RESERVED' && r.startsAt === DateTime.fromISO(first).setZone('Asia/Tokyo').toISO({ suppressMilliseconds: true }))).toBe(
    true,
  );

  await staff.dispose();
  await canceller.dispose();
});

test('a member whose online booking is restricted is told to call, with the phone number', async ({ page, playwright }) => {
  const base = test.info().project.use.baseURL!;
  const staff = await playwright.request.newContext({ baseURL: base });
  await apiLogin(staff, 'staffS1001');
  const member = ((await (await staff.get('/api/staffs/users/advanced-search?keyword=100022')).json()) as { items: { id: string }[] }).items[0]!.id;
  expect(
    (
      await staff.put(`/api/staffs/users/${member}/booking-restriction`, { data: { restricted: true, reason: '無断キャンセルが続いたため' }, headers: XHR })
    ).status(),
  ).toBe(204);

  await page.setViewportSize(WIDTHS.phone);
  await memberLogin(page, '100022');
  await expect(page.getByText('診察券番号 100022')).toBeVisible();
  await page.goto('/user/mypage/reserve/');
  await page.getByRole('listitem').getByRole('button').first().click();
  const join = page.getByTestId('waitlist-join');
  await join.getByRole('button', { name: 'キャンセル待ちに登録する' }).click();
  await join.getByRole('button', { name: '登録する' }).click();
  const alert = join.getByRole('alert');
  await expect(alert).toContainText('無断キャンセルが続いているため');
  await expect(alert.getByRole('link', { name: /お電話/ })).toHaveAttribute('href', /^tel:/);
  await shoot(page, 'waitlist-restricted');
  await staff.put(`/api/staffs/users/${member}/booking-restriction`, { data: { restricted: false, reason: 'テスト後に解除' }, headers: XHR });
  await staff.dispose();
});

test('a guest opens the link of their waitlist mail on a phone and books the time held for them', async ({ page, playwright }) => {
  const base = test.info().project.use.baseURL!;
  // An address of its own (TRUST_PROXY), apart from the other journeys' guest bookings.
  const request = await playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.62' } });
  const clinics = (await (await request.get('/api/guests/clinics')).json()) as { id: string; name: string }[];
  const clinic = clinics.find((c) => c.name.includes('渋谷'))!;
  const menus = (await (await request.get(`/api/guests/menus?clinicId=${clinic.id}`)).json()) as { id: string }[];
  // The whole of a day on which the menu has free time (the demo chain books it busily): the
  // entry is offered a start at once.
  let day = '';
  for (let ahead = 12; ahead <= 20 && !day; ahead++) {
    const candidate = DateTime.now().setZone('Asia/Tokyo').plus({ days: ahead }).toISODate()!;
    const search = await request.post('/api/guests/reservations/search-available', {
      data: { clinicId: clinic.id, menuId: menus[0]!.id, from: candidate, to: candidate },
      headers: XHR,
    });
    if (search.status() === 200 && ((await search.json()) as { slots: unknown[] }).slots.length > 0) day = candidate;
  }
  expect(day, 'a day with a free start for the menu').not.toBe('');
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const joined = await request.post('/api/guests/waitlist', {
    data: {
      clinicId: clinic.id,
      menuId: menus[0]!.id,
      from: day,
      to: day,
      guest: { name: `待機 花子${stamp}`, kana: 'タイキ ハナコ', phone: `080-6${stamp.slice(0, 3)}-${stamp.slice(3)}`, email: `wait${stamp}@example.jp` },
    },
    headers: XHR,
  });
  expect(joined.status()).toBe(201);
  const { token } = (await joined.json()) as { token: string };
  await request.dispose();

  await page.setViewportSize(WIDTHS.phone);
  await page.goto(`/guest/waitlist/?token=${encodeURIComponent(token)}`);
  const summary = page.getByTestId('guest-waitlist');
  await expect(summary).toContainText('ご案内中');
  await shoot(page, 'guest-waitlist-offer');
  await page.getByRole('button', { name: 'このお時間で予約する' }).click();
  await expect(page.getByTestId('guest-waitlist-done')).toContainText('ご予約が完了しました');
  await expect(summary).toContainText('ご予約済み');
  await expect(page.getByRole('link', { name: 'ご予約をキャンセルする' })).toBeVisible();
});

test('a guest on a phone finds キャンセル待ち on the booking page and registers with a date range and times', async ({ page }) => {
  // An address of its own (TRUST_PROXY): the guest booking guard counts this registration apart
  // from the other journeys' guest bookings.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.61' });
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/guest/reserve/');
  await page.getByRole('button', { name: '渋谷院' }).click();
  await page.getByRole('button', { name: /^新規カウンセリング/ }).click();
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByTestId('guest-days')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'ご希望の日時がないときは、キャンセル待ちに登録できます' }).click();

  await expect(page).toHaveURL(/\/guest\/waitlist\/\?clinicId=\d+&menuId=\d+/);
  const form = page.getByTestId('guest-waitlist-join');
  const days = await form.getByLabel('希望日（から）').locator('option').allTextContents();
  expect(days).toHaveLength(30);
  await form.getByLabel('希望日（から）').selectOption({ index: 20 });
  await form.getByLabel('希望日（まで）').selectOption({ index: 22 });
  await form.getByLabel('開始時刻（から）').selectOption('18:00');
  await form.getByLabel('開始時刻（まで）').selectOption('19:00');
  // Empty details: each is named, and nothing is sent.
  await form.getByRole('button', { name: '登録する' }).click();
  await expect(form.getByRole('alert').filter({ hasText: '全ての項目に正しく値を入力してください。' })).toBeVisible();
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  await form.getByLabel('お名前').fill(`待機 桜${stamp}`);
  await form.getByLabel('フリガナ（カタカナ）').fill('タイキ サクラ');
  await form.getByLabel('電話番号').fill(`080-7${stamp.slice(0, 3)}-${stamp.slice(3)}`);
  await form.getByLabel('メールアドレス').fill(`sakura${stamp}@example.jp`);
  await shoot(page, 'guest-waitlist-join');
  await form.getByRole('button', { name: '登録する' }).click();

  // Registered: the page of the entry, as the mail's link opens it.
  await expect(page).toHaveURL(/\/guest\/waitlist\/\?token=/);
  const summary = page.getByTestId('guest-waitlist');
  await expect(summary).toContainText('新規カウンセリング');
  await expect(summary).toContainText('18:00〜19:00');
  await expect(summary).toContainText(/空き待ち|ご案内中/);
  await shoot(page, 'guest-waitlist-joined');
  // Leaving it again (when nothing was offered) or declining the time offered ends it.
  const leave = page.getByRole('button', { name: /キャンセル待ちを取り消す|辞退する/ });
  await leave.click();
  await expect(page.getByTestId('guest-waitlist-done')).toBeVisible();
});
