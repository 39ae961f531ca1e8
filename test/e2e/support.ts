import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_PASSWORD = 'clinic-demo';

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'screenshots');

export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

/**
 * Saves a full-page screenshot for a person to look at (test-results/screenshots, not in git);
 * `fullPage: false` for what the viewport shows (a dialog over a long page).
 */
export const shoot = async (page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: resolve(SHOTS, `${name}-${width}.png`), fullPage, animations: 'disabled' });
};

export const staffLogin = async (page: Page, id: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto('/staff/login/');
  await page.getByLabel(/社員番号/).fill(id);
  await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
};

export const memberLogin = async (page: Page, id: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto('/user/login/');
  await page.getByLabel(/診察券番号/).fill(id);
  await page.getByRole('textbox', { name: 'パスワード', exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
};
