import { expect as baseExpect, request as apiRequest, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, WIDTHS, heldTime, installClock, memberLogin, passTimeUntilVisible } from './support';

/**
 * LINE Login against the local OpenID provider that `npm start` runs when no LINE channel is
 * configured (the embedded database of the Playwright server): link from mypage, log in with
 * LINE, and the messages of /common/line-redirect/ when something goes wrong.
 */
// The machine running the journeys is shared: give each screen time to load, never sleep.
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `line-${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true, animations: 'disabled' });
};

/** Waits for the provider's page (before holding the page's time: the click is still leaving the app). */
const atLine = (page: Page) => expect(page.getByRole('heading', { name: 'LINEログイン（開発用）' })).toBeVisible();

/** On the provider's page: pick the LINE user and answer. */
const answerAtLine = async (page: Page, lineUserId: string, decision: '同意してログイン' | '同意しない') => {
  await atLine(page);
  await page.getByLabel('LINEユーザーID').fill(lineUserId);
  await page.getByRole('button', { name: decision }).click();
};

const startLineLogin = async (page: Page) => {
  await page.goto('/user/login/');
  const button = page.getByRole('button', { name: 'LINEでログイン' });
  await expect(button).toBeVisible({ timeout: 15_000 });
  await button.click();
};

/**
 * The demo admin unlinks member 100001 from LINE, through the staff API, so the journey starts
 * from 未連携 when it runs again on the same server (a repeat, a reused server).
 */
const unlinkDemoMember = async (baseURL: string) => {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  try {
    baseExpect((await api.post('/api/login', { form: { username: 'staffadmin', password: DEMO_PASSWORD } })).status()).toBe(200);
    const found = (await (await api.get('/api/staffs/users/advanced-search?keyword=100001')).json()) as { items: { id: string; userNumber: string | null }[] };
    const member = found.items.find((item) => item.userNumber === '100001')!;
    baseExpect((await api.put(`/api/staffs/users/${member.id}/unlink-line`)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
};

test.describe('LINE Login (375 px)', () => {
  test.use({ viewport: WIDTHS.phone });

  test('member 100001 links LINE from mypage, logs out, and logs in with LINE', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await unlinkDemoMember(baseURL!);
    await installClock(page);
    await memberLogin(page, '100001');
    await expect(page).toHaveURL(/\/user\/mypage\/update\//);
    await page.goto('/user/mypage/settings/');
    const section = page.getByRole('region', { name: 'LINE連携' });
    await expect(section.getByText('未連携')).toBeVisible({ timeout: 20_000 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'settings-not-linked');
    await section.getByRole('button', { name: 'LINEと連携する' }).click();
    await atLine(page);

    // Back from LINE, the success message stays until the journey lets time pass.
    await heldTime(page, async () => {
      await answerAtLine(page, 'U-demo-0001', '同意してログイン');
      await passTimeUntilVisible(page, page.getByText('LINE連携が完了しました。'));
      await expect(page).toHaveURL(/\/user\/mypage\/settings\//);
    });
    await expect(page.getByRole('region', { name: 'LINE連携' }).getByText('連携済み', { exact: true })).toBeVisible();
    await shot(page, 'settings-linked');

    await page.goto('/user/mypage/logout/');
    await expect(page).toHaveURL(/\/user\/login\//);

    await startLineLogin(page);
    await atLine(page);
    await heldTime(page, async () => {
      await answerAtLine(page, 'U-demo-0001', '同意してログイン');
      await passTimeUntilVisible(page, page.getByText('LINEでログインしました。'));
      await expect(page).toHaveURL(/\/user\/mypage\/update\//);
    });
    await expect(page.getByText(/診察券番号/).first()).toBeVisible();
  });

  test('the login page offers LINE', async ({ page }) => {
    await page.goto('/user/login/');
    await expect(page.getByRole('button', { name: 'LINEでログイン' })).toBeVisible({ timeout: 15_000 });
    await shot(page, 'login');
  });

  test('denied consent shows its message', async ({ page }) => {
    await startLineLogin(page);
    // The provider's page first: a screenshot taken while the click is still leaving the app can
    // wait for a page that is being replaced (it hung for the test's whole minute in a CI run).
    await atLine(page);
    await shot(page, 'provider');
    await answerAtLine(page, 'U-demo-0002', '同意しない');
    await expect(page).toHaveURL(/\/common\/line-redirect\//);
    await expect(page.getByRole('alert')).toHaveText(
      'LINEでの同意がキャンセルされたため、処理を中止しました。LINEと連携・ログインするには、LINEの画面で同意してください。',
    );
    await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible();
    await shot(page, 'redirect-denied');
  });

  test('a LINE account linked to nobody is refused with its message', async ({ page }) => {
    await startLineLogin(page);
    await answerAtLine(page, 'U-nobody-0404', '同意してログイン');
    await expect(page.getByRole('alert')).toContainText('このLINEアカウントは会員情報と連携されていません。');
    await shot(page, 'redirect-not-linked');
  });

  test('a tampered state and a flow that no longer exists each show their message', async ({ page }) => {
    await startLineLogin(page);
    await atLine(page);
    await page.goto('/common/line-redirect/?code=forged&state=forged');
    await expect(page.getByRole('alert')).toHaveText('LINEからの応答を確認できませんでした。お手数ですが、もう一度はじめからお試しください。');
    await shot(page, 'redirect-state');
    // The flow was used up by that answer: the same address again finds nothing to finish.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('LINE連携の有効期限が切れたか、すでに処理済みです。お手数ですが、もう一度はじめからお試しください。');
    await shot(page, 'redirect-expired');
  });
});
