import { expect, type Locator, type Page } from '@playwright/test';
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

/**
 * Time on the page is the journey's to give (issue 15): a message that vanishes after 5 s and a
 * page that reloads 2 s after a clinic is saved are states a journey asserts, never races on a
 * busy machine. Install the clock before the page's first load (`installClock`; time then flows
 * as usual), and run a step with `heldTime`: the page's timers stand still from before the step
 * until the journey lets them go, so what the step shows stays on screen however slow the machine.
 */
export const installClock = (page: Page): Promise<void> => page.clock.install();

/**
 * The page's own time. A step that just clicked a link may still be leaving its page: the old
 * document's context goes away under the question, so ask the document that loads next.
 */
const pageNow = async (page: Page): Promise<number> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await page.evaluate(() => Date.now());
    } catch (error) {
      if (attempt === 10 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
};

/** Runs `step` with the page's timers held; they flow again afterwards (nothing due is lost). */
export const heldTime = async <T>(page: Page, step: () => Promise<T>): Promise<T> => {
  // The page's clock flows while this asks for it: pause a moment ahead of what it said (further
  // ahead if the machine was slower than that moment).
  for (const ahead of [200, 2_000, 10_000]) {
    const now = await pageNow(page);
    try {
      await page.clock.pauseAt(now + ahead);
      break;
    } catch (error) {
      if (ahead === 10_000 || !String(error).includes('to the past')) throw error;
    }
  }
  try {
    return await step();
  } finally {
    await page.clock.resume();
  }
};

/**
 * Closes the messages that held steps left on screen, as a person does when one covers what they
 * want to tap next: on a phone the message area lies over the page's lower part, and with the
 * page's time held (or just resumed) they have not vanished yet.
 */
export const closeMessages = async (page: Page): Promise<void> => {
  const close = page.getByRole('group', { name: 'お知らせ' }).getByRole('button', { name: '閉じる' });
  // One at a time until none is left; time flows, so one may also vanish by itself meanwhile.
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 2_000 });
    await expect(close).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
};

/**
 * Inside `heldTime`: lets `ms` of the page's time pass, firing what falls due (e.g. the reload
 * 2 s after a clinic is saved), and waits for the reload that starts if `reloads`.
 */
export const passTime = async (page: Page, ms: number, { reloads = false }: { reloads?: boolean } = {}): Promise<void> => {
  const loaded = reloads ? page.waitForEvent('load') : null;
  await page.clock.runFor(ms);
  // The reloaded document starts with its own timers: let them flow, or it would never finish.
  if (reloads) {
    await page.clock.resume();
    await loaded;
  }
};

/**
 * Inside `heldTime`, for a message that a page the step navigated to shows (a full load: the new
 * document's timers start held too, so a page that waits on one, React revealing a lazy route for
 * one, would never show it): lets the page's time pass 100 ms at a time until `shown` is visible.
 * The message stays 5 s of the page's time, many such steps, so it cannot pass unseen.
 */
export const passTimeUntilVisible = async (page: Page, shown: Locator, { timeout = 30_000 }: { timeout?: number } = {}): Promise<void> => {
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        // Between two documents the clock cannot be reached for a moment: the next round tries again.
        await page.clock.runFor(100).catch(() => undefined);
        return false;
      },
      { timeout, intervals: [50] },
    )
    .toBe(true);
};
