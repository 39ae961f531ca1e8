import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staffLogin, WIDTHS } from './support';

/**
 * 新規予約ファネル (docs/reports.md): a guest books through /guest/reserve/ on a phone; the page
 * sends one event per step (ids only), and the head-office admin then finds that session counted
 * at every step of the funnel report of this month. Other journeys may book at the same time on
 * the same server, so the figures are compared with the ones read before the booking.
 */

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');
const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true, animations: 'disabled' });
};

const STEPS = ['予約ページ訪問', '日時を選択', 'お客様情報を入力', '予約完了'];

/** YYYY-MM in Tokyo. */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

async function funnelSessions(request: APIRequestContext, clinicId: string, month: string): Promise<number[]> {
  const response = await request.get(`/api/admin/reports?type=guest-booking-funnel&month=${month}&clinicId=${clinicId}`);
  expect(response.status()).toBe(200);
  const report = (await response.json()) as { rows: { step: string; sessions: number }[] };
  expect(report.rows.map((row) => row.step)).toEqual(STEPS);
  return report.rows.map((row) => row.sessions);
}

test('a guest booking is counted at each step of 新規予約ファネル', async ({ browser }) => {
  test.setTimeout(240_000);
  const month = thisMonth();
  const admin = await (await browser.newContext({ viewport: WIDTHS.desktop })).newPage();
  await staffLogin(admin, 'admin');
  await expect(admin).toHaveURL(/\/staff\/calendar\//);
  const clinics = (await (await admin.request.get('/api/staffs/clinics')).json()) as { id: string; name: string }[];
  const shibuya = clinics.find((c) => c.name === '渋谷')!.id;
  const before = await funnelSessions(admin.request, shibuya, month);

  // The guest, in a browser of their own, books the last time of a day a few days ahead.
  const guestContext = await browser.newContext({ viewport: WIDTHS.phone });
  const guest = await guestContext.newPage();
  const sent: Record<string, string>[] = [];
  guest.on('request', (request) => {
    if (request.url().endsWith('/api/page-views')) sent.push(request.postDataJSON());
  });
  await guest.goto('/guest/reserve/?utm_campaign=spring');
  await guest.getByRole('button', { name: '渋谷院' }).click();
  await guest.getByRole('button', { name: /^新規カウンセリング/ }).click();
  await guest.getByRole('button', { name: '次へ' }).click();
  const times = guest.getByTestId('guest-times').getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const days = guest.getByTestId('guest-days').getByRole('button');
  for (let i = 4; i < (await days.count()); i += 1) {
    if (await days.nth(i).isEnabled()) {
      await days.nth(i).click();
      break;
    }
  }
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  await times.last().click();
  await guest.getByRole('button', { name: '次へ' }).click();
  await guest.getByLabel('お名前').fill('ファネル 花子');
  await guest.getByLabel('フリガナ（カタカナ）').fill('ファネル ハナコ');
  await guest.getByLabel('電話番号').fill('090-7777-1234');
  await guest.getByLabel('メールアドレス').fill('funnel.hanako@example.jp');
  await guest.getByRole('button', { name: '次へ' }).click();
  await guest.getByRole('button', { name: '予約する' }).click();
  await expect(guest).toHaveURL(/\/guest\/reserve\/done\/$/);

  // One event per step, all of one session, with ids only: no query, nothing the guest typed.
  await expect.poll(() => sent.filter((body) => body.step).map((body) => body.step)).toEqual(['clinic-chosen', 'slot-chosen', 'details-entered', 'booked']);
  await expect.poll(() => sent.some((body) => body.path === '/guest/reserve/done/')).toBe(true);
  for (const body of sent.filter((b) => b.step)) {
    expect(body).toEqual({
      path: '/guest/reserve/',
      audience: 'guest',
      sessionId: sent[0]!.sessionId,
      funnel: 'guest-booking',
      step: body.step,
      clinicId: shibuya,
    });
  }
  expect(new Set(sent.map((body) => body.sessionId)).size).toBe(1);
  const everything = JSON.stringify(sent);
  for (const secret of ['ファネル', '090-7777', 'funnel.hanako', '?', 'utm_campaign']) expect(everything).not.toContain(secret);
  await guestContext.close();

  // The admin: this session is counted at every step (others may have been counted meanwhile).
  const after = await funnelSessions(admin.request, shibuya, month);
  after.forEach((count, i) => expect(count, STEPS[i]).toBeGreaterThanOrEqual(before[i]! + 1));

  await admin.goto(`/admin/clinic/reports/?type=guest-booking-funnel&month=${month}&clinicId=${shibuya}`);
  const card = page(admin);
  await expect(card).toBeVisible({ timeout: 15_000 });
  const table = card.getByRole('grid');
  await expect(table.getByRole('columnheader')).toHaveText(['段階', 'セッション数', '前の段階からの率', '訪問からの率']);
  await expect(table.getByRole('row')).toHaveCount(5);
  for (const [i, label] of STEPS.entries()) {
    const row = table.getByRole('row').nth(i + 1);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    expect(Number((await row.getByRole('gridcell').first().textContent())?.replace(/[^\d]/g, '')), label).toBeGreaterThanOrEqual(before[i]! + 1);
  }
  await expect(card.locator('figure canvas[role="img"]')).toBeVisible({ timeout: 15_000 });
  await screenshot(admin, 'funnel-report');
  await admin.setViewportSize(WIDTHS.phone);
  await expect(card.getByRole('grid')).toBeVisible();
  await screenshot(admin, 'funnel-report');
});

const page = (admin: Page) => admin.getByRole('region', { name: /^新規予約ファネル（\d{4}年\d{1,2}月・/ });
