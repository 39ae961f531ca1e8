import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, WIDTHS } from './support';

/**
 * The keyboard walks (issue 28, docs/web.md "Accessibility"): the guest booking, the member booking
 * and the staff booking dialog completed with the keyboard alone (Tab, Shift+Tab, Enter, Space,
 * arrows; no click, no fill), with a visible focus indicator on every element the keyboard reaches;
 * and a reservation moved on the calendar with the arrow keys, as a drag moves it.
 */

const WRITE = { headers: { 'X-Requested-With': 'XMLHttpRequest' } };

/** The ui-kit's focus colour (`--color-focus`, #1a73e8) as the browser computes it. */
const FOCUS_COLOUR = 'rgb(26, 115, 232)';

/**
 * What the keyboard focused, if it shows no focus indicator: a ring in the focus colour (outline or
 * box-shadow) on the element or on its box (react-aria draws a checkbox's or radio's ring on the
 * visible box beside the hidden input, within three levels up), or an outline of the browser's own.
 * Null when it shows one.
 */
async function missingFocusIndicator(page: Page): Promise<string | null> {
  return page.evaluate((colour) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing has the focus';
    const ringed = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return (outline && (style.outlineColor === colour || element === focused)) || style.boxShadow.includes(colour);
    };
    if (ringed(focused)) return null;
    let scope: Element | null = focused.parentElement;
    for (let level = 0; scope && level < 3; level += 1, scope = scope.parentElement) {
      if (ringed(scope) || [...scope.querySelectorAll('*')].some(ringed)) return null;
    }
    const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
    return `<${focused.tagName.toLowerCase()} role=${focused.getAttribute('role') ?? ''}> "${name}"`;
  }, FOCUS_COLOUR);
}

/** The focus indicator shows (a ring fades in within 120 ms: wait for it, briefly). */
async function expectVisibleFocus(page: Page): Promise<void> {
  await expect.poll(() => missingFocusIndicator(page), { message: 'the focused element shows no focus indicator', timeout: 3_000 }).toBeNull();
}

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement), undefined, { timeout: 15_000 });

/**
 * Moves the focus to `target` with Tab (or Shift+Tab when the target comes before the focused
 * element), checking the focus indicator at every stop on the way.
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible({ timeout: 20_000 });
  const backwards = await target.evaluate((element) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.contains(element)) return false;
    return Boolean(element.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  for (let step = 0; step < max; step += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}`);
}

/** Tabs to `target` and presses `key` on it (Enter for a button or link, Space for a checkbox). */
async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it. */
async function type(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Chooses `option` of a ui-kit Select (a button opening a listbox) with the keyboard. */
async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await press(page, select, 'Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option, exact: true });
  for (let step = 0; step < 200 && !(await isFocused(wanted)); step += 1) {
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
  }
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(select).toContainText(option);
}

/** Today + `days` in Tokyo (`YYYY-MM-DD`). */
const tokyoDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + days * 86_400_000));

for (const [label, viewport] of [
  ['phone', WIDTHS.phone],
  ['desktop', WIDTHS.desktop],
] as const) {
  test(`a guest books a 新規カウンセリング and cancels it with the keyboard alone (${label})`, async ({ page }) => {
    test.setTimeout(180_000);
    // An address of its own (the server trusts X-Forwarded-For here): the other journeys' guest bookings keep theirs.
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': label === 'phone' ? '198.51.100.128' : '198.51.100.129' });
    await page.setViewportSize(viewport);
    await page.goto('/guest/reserve/');
    const clinic = label === 'phone' ? '渋谷院' : '新宿院';
    await press(page, page.getByRole('button', { name: clinic, exact: true }));
    await press(page, page.getByRole('button', { name: /^新規カウンセリング/ }));
    await press(page, page.getByRole('button', { name: '次へ' }));

    // Step 2: a day two or more days ahead (outside the 24-hour cancel deadline), its first time.
    const times = page.getByTestId('guest-times').getByRole('button');
    await expect(times.first()).toBeVisible({ timeout: 20_000 });
    const days = page.getByTestId('guest-days').getByRole('button');
    const count = await days.count();
    let chosen = 2;
    while (chosen < count && !(await days.nth(chosen).isEnabled())) chosen += 1;
    await press(page, days.nth(chosen));
    await expect(days.nth(chosen)).toHaveAttribute('aria-pressed', 'true');
    const time = (await times.first().textContent()) ?? '';
    await press(page, times.first());
    await press(page, page.getByRole('button', { name: '次へ' }));

    // Step 3: the fields in order; the last one is reached back with Shift+Tab after 次へ has the focus.
    await type(page, page.getByLabel('お名前'), `鍵盤 花子${label}`);
    await type(page, page.getByLabel('フリガナ（カタカナ）'), 'ケンバン ハナコ');
    // A phone and address of this run: a guest has one live booking per menu.
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    await type(page, page.getByLabel('電話番号'), `090-28${label === 'phone' ? '01' : '02'}-${stamp}`);
    await tabTo(page, page.getByRole('button', { name: '次へ' }));
    await type(page, page.getByLabel('メールアドレス'), `keyboard-${label}-${stamp}@example.jp`);
    await press(page, page.getByRole('button', { name: '次へ' }));

    // Step 4 and done.
    await expect(page.getByTestId('guest-summary')).toContainText(time);
    await press(page, page.getByRole('button', { name: '予約する' }));
    await expect(page).toHaveURL(/\/guest\/reserve\/done\/$/);
    await expect(page.getByTestId('guest-done-summary')).toContainText(time);

    await press(page, page.getByTestId('guest-cancel-link'));
    await expect(page).toHaveURL(/\/guest\/reserve\/cancel\//);
    await press(page, page.getByRole('button', { name: 'キャンセルする' }));
    await expect(page.getByText('ご予約のキャンセルを承りました。')).toBeVisible();
  });
}

test('a member logs in and books with the keyboard alone, choosing the day on the calendar with the arrow keys (375 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/user/login/');
  await type(page, page.getByLabel(/診察券番号/), '100017');
  await type(page, page.getByRole('textbox', { name: 'パスワード', exact: true }), DEMO_PASSWORD);
  await press(page, page.getByRole('button', { name: 'ログイン', exact: true }));
  await expect(page).toHaveURL(/\/user\/mypage\//);

  // One live booking per menu: a menu the member has no upcoming booking of (the demo chain gives some).
  type Booking = { id: string; status: string; startsAt: string; menus: { name: string }[] };
  const upcoming = async () =>
    ((await (await page.request.get('/api/users/reservations')).json()) as Booking[]).filter(
      (r) => r.status === 'RESERVED' && Date.parse(r.startsAt) > Date.now(),
    );
  // The demo chain may give the member a booking of every menu: those two days or more ahead are
  // cancelled first (within the rules); a booking within the cancel deadline stays and its menu is skipped.
  for (const r of await upcoming()) {
    if (Date.parse(r.startsAt) - Date.now() > 48 * 3_600_000) await page.request.put(`/api/users/reservations/${r.id}/cancel`, WRITE);
  }
  const before = await upcoming();
  const booked = new Set(before.flatMap((r) => r.menus.map((m) => m.name)));

  await page.goto('/user/mypage/reserve/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menus = page.getByRole('button', { name: /約\d+分/ });
  await expect(menus.first()).toBeVisible();
  const names = await menus.evaluateAll((buttons) => buttons.map((button) => button.querySelector('strong')?.textContent ?? ''));
  const free = names.findIndex((name) => !booked.has(name));
  expect(free, `a menu without a booking among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  await press(page, menus.nth(free));

  // The calendar grid is one tab stop; the arrow keys move within it, two days or more ahead (outside
  // the 24-hour cancel deadline, so that the booking can be cancelled afterwards), to a day with free times.
  const calendar = page.getByRole('application', { name: /日にちを選んでください/ });
  await expect(calendar).toBeVisible({ timeout: 20_000 });
  await tabTo(page, calendar.getByRole('grid'));
  const focusedDay = calendar.locator('[role="gridcell"] [role="button"]:focus');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  for (let step = 0; step < 70; step += 1) {
    const open = await focusedDay.evaluate((day) => day.getAttribute('aria-disabled') !== 'true' && !day.hasAttribute('data-outside-month'));
    if (open) break;
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page);
  }
  await page.keyboard.press('Enter');

  const times = page.getByRole('group', { name: /の空き時間/ }).getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 20_000 });
  await press(page, times.first());
  await expect(page.getByRole('heading', { name: 'ご予約内容の確認' })).toBeVisible();
  await press(page, page.getByRole('button', { name: 'この内容で予約する' }));
  await expect(page.getByRole('heading', { level: 1, name: /予約/ })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/mypage\/reserve\/done\//);

  // The booking made here is cancelled again (two days ahead: within the rules).
  const made = (await upcoming()).filter((r) => !before.some((b) => b.id === r.id));
  expect(made).toHaveLength(1);
  expect((await page.request.put(`/api/users/reservations/${made[0]!.id}/cancel`, WRITE)).status()).toBe(200);
});

test('staff book in the booking dialog, move the reservation with the arrow keys and cancel it, with the keyboard alone (1280 px)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/staff/login/');
  await type(page, page.getByLabel(/社員番号/), 'S1002');
  await type(page, page.getByRole('textbox', { name: 'パスワード', exact: true }), DEMO_PASSWORD);
  await press(page, page.getByRole('button', { name: 'ログイン', exact: true }));
  await expect(page).toHaveURL(/\/staff\/calendar\//);

  // A day of its own, far ahead, with working hours for 渋谷院's staff (an existing schedule is fine).
  const date = tokyoDate(150 + test.info().repeatEachIndex);
  const clinics = (await (await page.request.get('/api/staffs/clinics')).json()) as { id: string; name: string }[];
  const clinicId = clinics.find((c) => c.name === '渋谷')!.id;
  const staff = (await (await page.request.get(`/api/staffs?clinicId=${clinicId}`)).json()) as { id: string; name: string }[];
  for (const person of staff) {
    const created = await page.request.post('/api/staffs/schedules', {
      ...WRITE,
      data: { staffId: person.id, date, start: '10:00', end: '20:00', breaks: [] },
    });
    expect([201, 409]).toContain(created.status());
  }
  const [first, second] = staff as [{ id: string; name: string }, { id: string; name: string }];
  await page.goto(`/staff/calendar/?clinicId=${clinicId}&date=${date}&view=day`);
  await expect(page.getByTestId('day-timeline')).toBeVisible();

  await press(page, page.getByRole('button', { name: '予約を追加' }));
  const dialog = page.getByRole('dialog', { name: '予約を追加' });
  await expect(dialog).toBeVisible();
  await type(page, dialog.getByRole('textbox', { name: /会員ID/ }), '21');
  await chooseOption(page, dialog.getByRole('button', { name: /メニュー/ }), '保険診療 湿疹・かぶれ');
  await chooseOption(page, dialog.getByRole('button', { name: /開始時刻/ }), '11:00');
  await chooseOption(page, dialog.getByRole('button', { name: /スタッフ/ }), first.name);
  await expect(dialog.getByText(/空いている担当/)).toBeVisible();
  await press(page, dialog.getByRole('button', { name: '予約する' }));
  await expect(dialog).toBeHidden();
  const booked = page.locator(`[data-row="${first.name}"][data-status="RESERVED"][aria-label^="11:00 "][aria-label*="湿疹"]`);
  await expect(booked).toHaveCount(1);

  // The arrow keys move a ghost (a column is 15 minutes, a row the next resource); Enter moves it.
  await tabTo(page, booked);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('move-ghost')).toBeVisible();
  await expect(page.getByText(`移動先: ${second.name} 11:30`)).toBeAttached();
  await page.keyboard.press('Enter');
  const moved = page.locator(`[data-row="${second.name}"][data-status="RESERVED"][aria-label^="11:30 "][aria-label*="湿疹"]`);
  await expect(moved).toHaveCount(1);
  await expect(booked).toHaveCount(0);

  // Enter on the block opens its panel; cancel it there.
  await tabTo(page, moved);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: '予約の詳細' });
  await expect(panel.getByTestId('reservation-status')).toHaveText('予約');
  await press(page, panel.getByRole('button', { name: 'キャンセルする' }));
  await press(page, page.getByRole('alertdialog').getByRole('button', { name: 'はい' }));
  await expect(panel.getByTestId('reservation-status')).toHaveText('キャンセル');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
