import { expect, test } from '@playwright/test';
import { WIDTHS, heldTime, installClock, memberLogin, passTimeUntilVisible, shoot, staffLogin } from './support';

const NAV_ORDER = ['新着', '予約', '会員', '送信履歴', 'スタッフ', '設備', 'メニュー', 'レポート', '設定', '管理者'];

test.describe('staff at a desktop', () => {
  test.use({ viewport: WIDTHS.desktop });

  test('an admin logs in, sees the name and the nav in order, switches clinic, logs out through the confirmation', async ({ page }) => {
    await installClock(page);
    await staffLogin(page, 'S1001');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    await expect(page.getByText('佐藤 美咲 さん')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'スタッフメニュー' });
    await expect(nav.getByRole('link')).toHaveText(NAV_ORDER);

    const header = page.locator('header[data-tone]');
    await expect(header).toHaveAttribute('data-tone', 'primary');
    const primary = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    await shoot(page, 'staff-calendar');

    await page.getByRole('button', { name: /表示中のクリニック/ }).click();
    await page.getByRole('option', { name: '新宿院' }).click();
    await expect(header).toHaveAttribute('data-tone', 'secondary');
    await expect(page).toHaveURL(/clinicId=2/);
    // The header eases to its new colour (0.3 s): wait for where it settles, not its first frame.
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(primary);
    await shoot(page, 'staff-other-clinic');

    await page.getByRole('button', { name: 'ログアウト' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('ログアウトします。よろしいですか？');
    await shoot(page, 'staff-logout-confirm');
    await dialog.getByRole('button', { name: 'いいえ' }).click();
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    // The message stays on the login page until the journey lets time pass.
    await heldTime(page, async () => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'はい' }).click();
      await expect(page.getByText('ログアウトしました。')).toBeVisible();
      await expect(page).toHaveURL(/\/staff\/login\//);
    });
    // The session is gone on the server too.
    expect((await page.request.get('/api/staffs/profile')).status()).toBe(401);
  });

  test('head-office staff see the primary header on every clinic', async ({ page }) => {
    await staffLogin(page, 'admin');
    await expect(page.getByText('本部 管理者 さん')).toBeVisible();
    const header = page.locator('header[data-tone]');
    await expect(header).toHaveAttribute('data-tone', 'primary');
    await page.getByRole('button', { name: /表示中のクリニック/ }).click();
    await page.getByRole('option', { name: '横浜院' }).click();
    await expect(header).toHaveAttribute('data-tone', 'primary');
  });

  test('a STAFF user does not see 管理者 and is sent to staff login from /admin/settings/', async ({ page }) => {
    await installClock(page);
    await staffLogin(page, 'S1002');
    const nav = page.getByRole('navigation', { name: 'スタッフメニュー' });
    await expect(nav.getByRole('link')).toHaveText(NAV_ORDER.slice(0, -1));
    // The refusal (a message of 2 s) is read before the journey lets time pass.
    await heldTime(page, async () => {
      await page.goto('/admin/settings/');
      await passTimeUntilVisible(page, page.getByRole('alert').first());
      await expect(page).toHaveURL(/\/staff\/login\//);
    });
    await shoot(page, 'staff-refused-admin');
  });

  test('a wrong password shows the message of the specification', async ({ page }) => {
    await staffLogin(page, 'S2002', 'wrong-password');
    await expect(page.getByText('IDまたはパスワードに誤りがあります。').first()).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/login\//);
    await shoot(page, 'staff-login-error');
  });
});

test.describe('members and guests', () => {
  test.use({ viewport: WIDTHS.desktop });

  test('a member logs in by card number and sees card number, name and clinic', async ({ page }) => {
    await memberLogin(page, '100001');
    await expect(page).toHaveURL(/\/user\/mypage\/update\//);
    await expect(page.getByText('診察券番号 100001')).toBeVisible();
    await expect(page.getByText(/様$/).first()).toBeVisible();
    await expect(page.getByText('渋谷院').first()).toBeVisible();
    await shoot(page, 'member-mypage');
  });

  test('the guest booking header takes its title from the query', async ({ page }) => {
    await page.goto('/guest/reserve/');
    await expect(page.getByRole('banner')).toContainText('新規カウンセリングのご予約');
    await page.goto('/guest/reserve/?title=医療脱毛');
    await expect(page.getByRole('banner')).toContainText('医療脱毛のご予約');
  });

  test('one page view is recorded per route change', async ({ page }) => {
    const views: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/page-views') && request.method() === 'POST') views.push(JSON.parse(request.postData() ?? '{}').path);
    });
    await page.goto('/');
    await page
      .getByRole('link', { name: /会員ログイン/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/user\/login\//);
    await expect.poll(() => views).toEqual(['/', '/user/login/']);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: WIDTHS.phone });

  test('the staff nav becomes a drawer titled メニュー', async ({ page }) => {
    await staffLogin(page, 'S1001');
    await expect(page.getByText('佐藤 美咲 さん')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'スタッフメニュー' })).toBeHidden();
    await shoot(page, 'staff-calendar');
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    const drawer = page.getByRole('dialog', { name: 'メニュー' });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBeCloseTo(280, 0);
    await expect(drawer.getByRole('link')).toHaveText(NAV_ORDER);
    await shoot(page, 'staff-drawer');
    await drawer.getByRole('link', { name: '会員' }).click();
    await expect(page).toHaveURL(/\/staff\/users\//);
  });

  test('screens fit a phone: top, logins, member mypage', async ({ page }) => {
    for (const [path, name] of [
      ['/', 'top'],
      ['/staff/login/', 'staff-login'],
      ['/user/login/', 'member-login'],
      ['/guest/reserve/', 'guest-reserve'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await shoot(page, name);
    }
    await memberLogin(page, '100002');
    await expect(page.getByText('診察券番号 100002')).toBeVisible();
    await shoot(page, 'member-mypage');
  });
});

test('desktop screenshots of the public screens', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  for (const [path, name] of [
    ['/', 'top'],
    ['/staff/login/', 'staff-login'],
    ['/user/login/', 'member-login'],
    ['/guest/reserve/', 'guest-reserve'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await shoot(page, name);
  }
});
