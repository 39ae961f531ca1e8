import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');

test('the API reference renders every route group from this server alone, within the CSP', async ({ page, baseURL }) => {
  const offHost: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== new URL(baseURL!).origin) offHost.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'クリニック予約システム APIリファレンス' })).toBeVisible();
  // A ceiling, not a wait: Swagger UI builds the whole reference from the OpenAPI document in the
  // page, which took over 15 s on a 2-core machine also busy with another CI run and a database build.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('クリニック予約システム API', { timeout: 60_000 });
  await expect(page.locator('.opblock-tag-section').first()).toBeVisible();

  // Open one operation: its Japanese description, body example and error codes are shown.
  await page.locator('.opblock-tag', { hasText: 'クリニック' }).first().click();
  const create = page.locator('.opblock-post', { hasText: '/api/admin/clinics' }).first();
  await create.locator('.opblock-summary').click();
  await expect(create).toContainText('クリニックを追加');
  await expect(create).toContainText('CLINIC_DUPLICATE');
  await expect(create.locator('.body-param__example, .highlight-code').first()).toContainText('渋谷院');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, 'api-docs-1280.png') });
  await create.scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(SHOTS, 'api-docs-operation-1280.png') });
  // The error answers list the codes with their Japanese messages.
  const errors = create.locator('.responses-table .response[data-code="409"]');
  await expect(errors).toContainText('同じ名前のクリニックがすでに登録されています。');
  await errors.scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(SHOTS, 'api-docs-errors-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: resolve(SHOTS, 'api-docs-375.png') });
  await create.scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(SHOTS, 'api-docs-operation-375.png') });

  expect(offHost).toEqual([]);
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
});
