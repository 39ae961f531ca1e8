import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDTHS, staffLogin } from './support';

/**
 * Staff access audit: S1002 (STAFF, 渋谷) opens member 100001; the chain-wide admin finds that
 * view on /admin/settings/audit/ by the staff member's login id and the member's card number.
 */

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');
const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: resolve(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
};

test("the admin finds S1002's view of member 100001 in the access log", async ({ browser }) => {
  test.setTimeout(180_000);
  const staffContext = await browser.newContext({ viewport: WIDTHS.desktop });
  const staff = await staffContext.newPage();
  await staffLogin(staff, 'S1002');
  await expect(staff).toHaveURL(/\/staff\/calendar\//);
  await staff.goto('/staff/users/');
  await staff.getByRole('textbox', { name: /キーワード/ }).fill('100001');
  await staff.getByRole('button', { name: '検索' }).click();
  await staff.getByRole('button', { name: /100001 ・/ }).click();
  await expect(staff.getByRole('region', { name: '会員の詳細' })).toBeVisible();
  await staffContext.close();

  const adminContext = await browser.newContext({ viewport: WIDTHS.desktop });
  const page = await adminContext.newPage();
  await staffLogin(page, 'admin');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  await page.goto('/admin/settings/');
  await page.getByRole('link', { name: 'アクセスログ（監査ログ）を見る' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit\//);
  await expect(page.getByRole('heading', { level: 1, name: 'アクセスログ（監査ログ）' })).toBeVisible();

  await page.getByRole('textbox', { name: 'スタッフ（社員番号）' }).fill('S1002');
  await page.getByRole('textbox', { name: '会員（診察券番号）' }).fill('100001');
  await page.getByRole('button', { name: /操作$/ }).click();
  await page.getByRole('option', { name: '閲覧', exact: true }).click();
  await page.getByRole('button', { name: 'この条件で表示' }).click();
  await expect(page).toHaveURL(/staffLogin=S1002/);

  const table = page.getByRole('grid', { name: '記録' });
  const row = table.getByRole('row').filter({ hasText: '/with-details' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('S1002');
  await expect(row).toContainText('会員・閲覧');
  await expect(row).toContainText('100001');
  await expect(row).toContainText('成功');
  await expect(page.getByRole('link', { name: 'CSVをダウンロード（この条件のアクセスログ）' })).toHaveAttribute(
    'href',
    '/api/admin/audit-logs/export?staffLogin=S1002&memberNumber=100001&action=view',
  );
  const csv = await page.request.get('/api/admin/audit-logs/export?staffLogin=S1002&memberNumber=100001&action=view');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(await csv.text()).toContain('/with-details');
  await screenshot(page, 'admin-audit');

  await page.setViewportSize(WIDTHS.phone);
  // On a phone each record is a card instead of a table row.
  const card = page.getByRole('list', { name: '記録' }).getByRole('listitem').filter({ hasText: '/with-details' }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('S1002');
  await expect(card).toContainText('100001');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'admin-audit');
  await adminContext.close();
});

test('a STAFF member cannot open the access log', async ({ page }) => {
  await staffLogin(page, 'S1002');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  await page.goto('/admin/settings/audit/');
  await expect(page).toHaveURL(/\/staff\/login\//);
});
