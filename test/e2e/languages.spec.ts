import { expect, test, type Locator, type Page } from '@playwright/test';
import { heldTime, installClock, memberLogin, shoot, staffLogin, WIDTHS } from './support';

/**
 * Visitors from abroad (docs/languages.md): an English visitor books on a phone from the top page
 * to the done page and cancels; a Chinese-speaking member switches mypage to Chinese and books.
 */

test.describe('an English visitor (browser in English, 375 px)', () => {
  test.use({ locale: 'en-US', viewport: WIDTHS.phone });

  test('books a first consultation from the top page without kana, with an international phone, and cancels', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking and member pages' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shoot(page, 'lang-en-top');
    await page.getByRole('link', { name: /First visit/ }).click();

    await expect(page.getByTestId('guest-header-title')).toHaveText('Book: First consultation');
    await page.getByRole('button', { name: '渋谷院' }).click();
    // The demo menus have English names.
    await page.getByRole('button', { name: /^First consultation \(hair removal\)/ }).click();
    await expect(page.getByText(/¥[\d,]+/).first()).toBeVisible();
    await shoot(page, 'lang-en-guest-1-menu');
    await page.getByRole('button', { name: 'Next' }).click();
    const days = page.getByTestId('guest-days').getByRole('button');
    const times = page.getByTestId('guest-times').getByRole('button');
    await expect(times.first()).toBeVisible({ timeout: 15_000 });
    // Two or more days ahead: outside the 24-hour cancel deadline.
    const count = await days.count();
    for (let i = 2; i < count; i += 1) {
      if (await days.nth(i).isEnabled()) {
        await days.nth(i).click();
        break;
      }
    }
    await expect(page.getByRole('heading', { name: /^Time \(\w{3}, \w{3} \d+\)$/ })).toBeVisible();
    await times.first().click();
    await shoot(page, 'lang-en-guest-2-datetime');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByLabel(/katakana/)).toHaveCount(0);
    await page.getByLabel('Name').fill('Emily Johnson');
    await page.getByLabel('Phone number').fill('4155550123');
    await page.getByLabel('Email address').fill('emily.e2e@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter a valid phone number with the country code (e.g. +14155550123).')).toBeVisible();
    await shoot(page, 'lang-en-guest-3-form-invalid');
    await page.getByLabel('Phone number').fill('+14155550123');
    await page.getByRole('button', { name: 'Next' }).click();

    const summary = page.getByTestId('guest-summary');
    await expect(summary).toContainText('Emily Johnson');
    await expect(summary).toContainText('+14155550123');
    // Kana is not asked in English: no empty katakana row.
    await expect(summary).not.toContainText(/katakana/i);
    await expect(summary.locator('dd:empty')).toHaveCount(0);
    await shoot(page, 'lang-en-guest-4-confirm');
    await page.getByRole('button', { name: 'Book', exact: true }).click();

    await expect(page).toHaveURL(/\/guest\/reserve\/done\/$/);
    await expect(page.getByRole('heading', { name: 'Booking complete' })).toBeVisible();
    await expect(page.getByTestId('guest-done-summary')).toContainText(/\w{3}, \w+ \d+, \d{4} \d{2}:\d{2}–\d{2}:\d{2}/);
    await shoot(page, 'lang-en-guest-5-done');

    await page.getByTestId('guest-cancel-link').click();
    await expect(page.getByText('Your booking will be cancelled. Are you sure?')).toBeVisible();
    await shoot(page, 'lang-en-guest-6-cancel');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Your booking has been cancelled. We hope to see you another time.')).toBeVisible();
    await shoot(page, 'lang-en-guest-7-cancel-done');
  });
});

/**
 * The menu dialog for a person to look at: its 外国語の表示 section as the admin sees it, and the
 * whole dialog (a viewport as tall as the page and the dialog, the same width).
 */
async function shootMenuDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await dialog.getByRole('heading', { name: '外国語の表示' }).scrollIntoViewIfNeeded();
  await shoot(page, name, { fullPage: false });
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, (document.querySelector('[role="dialog"]')?.scrollHeight ?? 0) + 64),
  );
  await page.setViewportSize({ width: viewport.width, height });
  await shoot(page, `${name}-whole`, { fullPage: false });
  await page.setViewportSize(viewport);
}

test('an admin renames a menu in English and clears its Chinese name; an English visitor sees the new name, staff still see Japanese and which languages are missing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDTHS.desktop);
  await installClock(page);
  await staffLogin(page, 'admin');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  await page.goto('/admin/clinic/menus/');
  await expect(page.getByRole('heading', { level: 1, name: 'メニュー' })).toBeVisible();
  // The demo admin works at 渋谷, the clinic shown first.
  await expect(page.getByRole('button', { name: /^渋谷院 表示中のクリニック/ })).toBeVisible();
  const skin = page.getByRole('grid', { name: '美容皮膚科のメニュー' });
  const hifu = skin.getByRole('row').filter({ has: page.getByRole('button', { name: 'ハイフ（全顔）を編集', exact: true }) });
  // The demo menus are translated into both languages.
  await expect(hifu).not.toContainText('翻訳なし');
  await shoot(page, 'lang-admin-menus');

  await hifu.getByRole('button', { name: 'ハイフ（全顔）を編集', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'メニューの編集' });
  const english = dialog.getByRole('group', { name: '英語（English）' });
  await english.getByRole('textbox', { name: '英語の名称' }).fill('HIFU lifting (full face)');
  await english.getByRole('textbox', { name: '英語の説明' }).fill('Focused ultrasound to tighten the face line.');
  await dialog.getByRole('textbox', { name: '中国語（簡体字）の名称' }).fill('');
  await dialog.getByRole('textbox', { name: '中国語（簡体字）の説明' }).fill('');
  await shootMenuDialog(page, dialog, 'lang-admin-menu-dialog');
  await page.setViewportSize(WIDTHS.phone);
  await expect(dialog.getByRole('textbox', { name: '中国語（簡体字）の名称' })).toBeVisible();
  await shootMenuDialog(page, dialog, 'lang-admin-menu-dialog');
  await page.setViewportSize(WIDTHS.desktop);
  await heldTime(page, async () => {
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('メニューを更新しました。').first()).toBeVisible();
  });
  await expect(dialog).toBeHidden();
  await expect(hifu).toContainText('翻訳なし: 中国語');
  await expect(hifu).not.toContainText('英語');
  await expect(hifu).toContainText('ハイフ（全顔）');

  // An English visitor's guest booking shows the new English name, and the other menus' English names.
  const visitor = await browser.newContext({ locale: 'en-US', viewport: WIDTHS.phone, timezoneId: 'Asia/Tokyo' });
  const guest = await visitor.newPage();
  await guest.goto('/guest/reserve/');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'en', { timeout: 15_000 });
  await guest.getByRole('button', { name: '渋谷院' }).click();
  const menu = guest.getByRole('button', { name: /^HIFU lifting \(full face\)/ });
  await expect(menu).toBeVisible();
  await expect(guest.getByRole('button', { name: /^Pico toning/ }).first()).toBeVisible();
  await shoot(guest, 'lang-en-guest-translated-menu');
  await visitor.close();
});

/**
 * One live booking per menu: the demo member's upcoming bookings are cancelled first (through the
 * API, with the page's session), so that the new menu is free to book.
 */
async function cancelUpcoming(page: Page): Promise<void> {
  const reservations: { id: string; status: string; startsAt: string }[] = await (await page.request.get('/api/users/reservations')).json();
  for (const r of reservations.filter((r) => r.status === 'RESERVED' && Date.parse(r.startsAt) > Date.now())) {
    await page.request.put(`/api/users/reservations/${r.id}/cancel`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  }
}

async function chooseFirstFreeDay(page: Page) {
  const calendar = page.getByRole('application', { name: /请选择日期/ });
  await expect(calendar).toBeVisible({ timeout: 15_000 });
  for (let month = 0; month < 2; month += 1) {
    const days = calendar.locator('[role="gridcell"] [role="button"]:not([aria-disabled="true"]):not([data-outside-month])');
    if ((await days.count()) > 0) {
      await days.first().click();
      return;
    }
    await calendar.getByRole('button').nth(1).click();
  }
  throw new Error('no free day in the 30-day window');
}

for (const [label, viewport] of [
  ['phone', WIDTHS.phone],
  ['desktop', WIDTHS.desktop],
] as const) {
  test(`a Chinese-speaking member switches mypage to Chinese and books (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await memberLogin(page, label === 'phone' ? '100003' : '100005');
    await expect(page).toHaveURL(/\/user\/mypage\//);
    await cancelUpcoming(page);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/users') && response.request().method() === 'PUT');
    await page.getByRole('combobox', { name: /Language/ }).selectOption('zh-CN');
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByText(/就诊卡号 \d+/)).toBeVisible();
    await shoot(page, `lang-zh-mypage-${label}`);

    await page.goto('/user/mypage/reserve/');
    await expect(page.getByRole('heading', { level: 1, name: '预约新项目' })).toBeVisible();
    await page
      .getByRole('button', { name: /约\d+分钟/ })
      .first()
      .click();
    await chooseFirstFreeDay(page);
    const times = page.getByRole('group', { name: /的空闲时间/ }).getByRole('button');
    await expect(times.first()).toBeVisible();
    await shoot(page, `lang-zh-reserve-time-${label}`);
    await times.first().click();
    await expect(page.getByRole('heading', { name: '确认预约内容' })).toBeVisible();
    await shoot(page, `lang-zh-reserve-confirm-${label}`);
    await page.getByRole('button', { name: '按此内容预约' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '预约完成' })).toBeVisible();
    await shoot(page, `lang-zh-reserve-done-${label}`);

    // The choice is kept: a reload stays Chinese, and the server keeps it for messages.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const profile = await page.request.get('/api/users/detailed-profile');
    expect((await profile.json()).language).toBe('zh-CN');
  });
}
