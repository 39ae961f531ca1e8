import { REPORT_KEYS } from '@clinic/core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDTHS, staffLogin } from './support';

/**
 * /admin/clinic/reports/: every report of last month as a chart and a table from the demo chain
 * (a year of history with busy recent months, newcomers and checklists), its CSV (UTF-8 with
 * BOM, Japanese header), what a STAFF may see and ask for, and that the chart library is loaded
 * by this page only.
 */

// REPORT_KEYS, the core's catalogue: the server answers each, and the picker (which imports the same catalogue) offers each.

/**
 * The one report the demo data may leave empty: the guest booking funnel's events come only from
 * browsers (funnel.spec.ts books one). When empty it must show the empty state. Every other
 * report has data for last month at 渋谷, at 新宿 and for the chain.
 */
const MAY_BE_EMPTY = new Set(['guest-booking-funnel']);

/** The reports shown at 1280 px for a person to look at (.screenshots/). */
const SHOWN = new Set(['staff-uptime', 'checklist-achievement-rate', 'visit-guest-from-web']);

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');
const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: resolve(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
};

interface ReportJson {
  columns: { key: string; label: string; kind: string }[];
  rows: Record<string, string | number | null>[];
}

/** YYYY-MM in Tokyo, `delta` months from now. */
function month(delta: number): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000);
  const d = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const hasData = (report: ReportJson): boolean => {
  const series = report.columns.slice(1).filter((c) => c.kind !== 'text');
  return report.rows.some((row) => series.length === 0 || series.some((c) => Number(row[c.key] ?? 0) !== 0));
};

async function fetchReport(request: APIRequestContext, type: string, shownMonth: string, clinicId: string): Promise<ReportJson> {
  const response = await request.get(`/api/admin/reports?type=${type}&month=${shownMonth}&clinicId=${clinicId}`);
  expect(response.status(), `${type} ${shownMonth} ${clinicId || 'chain'}`).toBe(200);
  return (await response.json()) as ReportJson;
}

async function clinicIds(request: APIRequestContext): Promise<Record<string, string>> {
  const clinics = (await (await request.get('/api/staffs/clinics')).json()) as { id: string; name: string }[];
  return Object.fromEntries(clinics.map((c) => [c.name, c.id]));
}

test.describe('reports at a desktop', () => {
  test.use({ viewport: WIDTHS.desktop });

  test('a head-office admin sees each of the 25 reports for last month as a chart and a table, and downloads each CSV', async ({ page }) => {
    test.setTimeout(600_000);
    await staffLogin(page, 'admin');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    const ids = await clinicIds(page.request);
    const shownMonth = month(-1);

    for (const type of REPORT_KEYS) {
      const report = await fetchReport(page.request, type, shownMonth, '');
      const found = hasData(report) ? { report } : null;
      if (!MAY_BE_EMPTY.has(type)) {
        // The demo chain fills last month at 渋谷 and 新宿 and for the whole chain.
        for (const clinic of ['渋谷', '新宿']) {
          expect(hasData(await fetchReport(page.request, type, shownMonth, ids[clinic]!)), `${type} at ${clinic}`).toBe(true);
        }
        expect(found, `${type} for the chain`).not.toBeNull();
      }
      await page.goto(`/admin/clinic/reports/?type=${type}&month=${shownMonth}&clinicId=all`);
      const card = page.getByRole('region', { name: /（\d{4}年\d{1,2}月・全クリニック）$/ });
      await expect(card, type).toBeVisible({ timeout: 15_000 });

      if (!found) {
        await expect(card.getByText('この月のデータはありません'), type).toBeVisible();
      } else {
        // The chart: Chart.js draws on a canvas named for screen readers; the table is its text.
        const canvas = card.locator('figure canvas[role="img"]');
        await expect(canvas, type).toBeVisible({ timeout: 15_000 });
        await expect(canvas).toHaveAttribute('aria-label', /のグラフ.*数値は下の表で確認できます/);
        expect((await canvas.boundingBox())?.height ?? 0, type).toBeGreaterThan(100);
        const table = card.getByRole('grid');
        await expect(table.getByRole('columnheader')).toHaveText(found.report.columns.map((c) => c.label));
        await expect(table.getByRole('row'), type).toHaveCount(found.report.rows.length + 1);
        if (SHOWN.has(type)) await screenshot(page, `reports-${type}-last-month`);
      }

      // The CSV: UTF-8 with BOM, the Japanese labels as its header.
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: /CSVをダウンロード$/ }).click()]);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)], `${type} BOM`).toEqual([0xef, 0xbb, 0xbf]);
      const header = bytes.subarray(3).toString('utf8').split('\r\n')[0];
      expect(header, type).toBe(report.columns.map((c) => c.label).join(','));
      expect(header).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
    }
  });

  test('the picker: groups, month and 全クリニック for the head-office admin; screenshots', async ({ page }) => {
    test.setTimeout(180_000);
    await staffLogin(page, 'admin');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    await page.goto(`/admin/clinic/reports/?type=staff-uptime&month=${month(0)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'レポート' })).toBeVisible();
    await expect(page.locator('figure canvas[role="img"]')).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: /レポート$/ }).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option')).toHaveCount(REPORT_KEYS.length);
    await expect(listbox.getByRole('group')).toHaveCount(6);
    await screenshot(page, 'reports-picker-open');
    await listbox.getByRole('option', { name: 'スタッフ・メニュー別の稼働率' }).click();
    await expect(page).toHaveURL(/type=staff-menu-uptime/);

    await page.getByRole('button', { name: /対象のクリニック$/ }).click();
    // The demo clinics first; clinic-setup.spec.ts may have added one to the same server.
    const clinicOptions = page.getByRole('listbox').getByRole('option');
    await expect(clinicOptions.first()).toHaveText('全クリニック');
    expect((await clinicOptions.allTextContents()).slice(0, 4)).toEqual(['全クリニック', '渋谷院', '新宿院', '横浜院']);
    await page.getByRole('option', { name: '渋谷院' }).click();
    await expect(page.getByRole('region', { name: /・渋谷院）$/ })).toBeVisible();
    await expect(page.locator('figure canvas[role="img"]')).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'reports-staff-menu-uptime');

    await page.goto(`/admin/clinic/reports/?type=visit-number&month=${month(-1)}&clinicId=all`);
    await expect(page.locator('figure canvas[role="img"]')).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'reports-visit-number');

    // Before April 2021: the API's message, in Japanese.
    await page.goto('/admin/clinic/reports/?type=visit-number&month=2021-03');
    await expect(page.getByRole('alert').filter({ hasText: 'レポートは2021年4月以降の月を指定してください。' }).first()).toBeVisible();
  });
});

test.describe('reports on a phone', () => {
  test.use({ viewport: WIDTHS.phone });

  test('the table scrolls sideways inside its box, the chart fits the width', async ({ page }) => {
    test.setTimeout(180_000);
    await staffLogin(page, 'admin');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    for (const [type, delta] of [
      ['staff-uptime', 0],
      ['visit-number', -1],
    ] as const) {
      await page.goto(`/admin/clinic/reports/?type=${type}&month=${month(delta)}&clinicId=all`);
      const canvas = page.locator('figure canvas[role="img"]');
      await expect(canvas).toBeVisible({ timeout: 15_000 });
      const box = (await canvas.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      // The page itself never scrolls sideways; a wide table scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, `reports-${type}`);
    }
    const scroller = page.getByRole('grid').locator('xpath=..');
    const { scrollWidth, clientWidth, overflowX } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
    }));
    expect(overflowX).toBe('auto');
    expect(clientWidth).toBeLessThanOrEqual(375);
    expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth);
  });
});

test('a STAFF sees only the own clinic, and the API refuses them other clinics and the whole chain', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDTHS.desktop);
  await staffLogin(page, 'S1002');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  const ids = await clinicIds(page.request);

  await page.goto(`/admin/clinic/reports/?type=visit-number&month=${month(-1)}&clinicId=${ids['新宿']}`);
  await expect(page.getByRole('region', { name: /・渋谷院）$/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /対象のクリニック$/ }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['渋谷院']);
  await expect(page.getByRole('option', { name: '全クリニック' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByText('ご自身の所属院のレポートのみ表示できます。')).toBeVisible();

  const ask = (query: string) => page.request.get(`/api/admin/reports?type=visit-number&month=${month(-1)}${query}`);
  expect((await ask(`&clinicId=${ids['渋谷']}`)).status()).toBe(200);
  for (const query of [`&clinicId=${ids['新宿']}`, '']) {
    const response = await ask(query);
    expect(response.status(), query || 'no clinicId').toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('FORBIDDEN');
    expect(body.error.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  }
});

test('the chart library is fetched by the reports page only, never by the guest or member pages', async ({ page }) => {
  test.setTimeout(120_000);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  const bodies = async (): Promise<string[]> => Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  // Chart.js's own message when it finds no canvas context: in its chunk, nowhere else.
  const CHART_JS = "can't acquire context";

  for (const path of ['/guest/reserve/', '/user/login/', '/']) {
    scripts.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((url) => /ReportChart/.test(url)),
      path,
    ).toEqual([]);
    expect(
      (await bodies()).some((body) => body.includes(CHART_JS)),
      path,
    ).toBe(false);
  }

  scripts.length = 0;
  await staffLogin(page, 'S1001');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((url) => /ReportChart/.test(url)),
    'staff calendar',
  ).toEqual([]);
  await page.getByRole('navigation', { name: 'スタッフメニュー' }).getByRole('link', { name: 'レポート' }).click();
  await expect(page.locator('figure canvas[role="img"]')).toBeVisible({ timeout: 15_000 });
  const chunk = scripts.filter((url) => /ReportChart/.test(url));
  expect(chunk).toHaveLength(1);
  expect((await page.request.get(chunk[0]!)).ok()).toBe(true);
  expect(await (await page.request.get(chunk[0]!)).text()).toContain(CHART_JS);
});
