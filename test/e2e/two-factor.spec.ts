import { OtpauthTotp } from '@clinic/adapters/security';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDTHS, heldTime, installClock, shoot, staffLogin } from './support';

const PASSWORD = 'two-factor-admin-2026';
const WRITE = { headers: { 'X-Requested-With': 'XMLHttpRequest' } };

// Besides test-results/screenshots, the screens of this feature go to .screenshots/ (git-ignored) for review.
const REVIEW = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.screenshots');
const snap = async (page: Page, name: string) => {
  mkdirSync(REVIEW, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: resolve(REVIEW, `two-factor-${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  await shoot(page, `two-factor-${name}`);
};

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'はい' }).click();
  await expect(page).toHaveURL(/\/staff\/login\//);
};

/** Password first; the code field appears when the server asks for it. */
const loginWithCode = async (page: Page, id: string, code: string) => {
  await staffLogin(page, id, PASSWORD);
  const field = page.getByRole('textbox', { name: /確認コード/ });
  await expect(field).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
};

for (const [device, viewport] of Object.entries(WIDTHS)) {
  test.describe(`two-factor login (${device})`, () => {
    test.use({ viewport });

    test('an admin enrols, logs in with a code and with a recovery code once; an admin resets it', async ({ page, browser }) => {
      test.setTimeout(240_000);
      // Unique per test: the server keeps its data for the whole Playwright run.
      const serial = `${Date.now() % 1_000_000}${device === 'desktop' ? 'D' : 'P'}`;
      const id = `TF${serial}`;
      const name = `二段階 太郎${serial}`;

      // The demo admin adds a new ADMIN of 横浜院 (a clinic the other journeys leave alone) (the demo admins stay un-enrolled for the other journeys).
      // The admin's success message stays on screen until the journey lets time pass (heldTime).
      await installClock(page);
      await staffLogin(page, 'admin');
      await expect(page).toHaveURL(/\/staff\/calendar\//);
      const clinics = (await (await page.request.get('/api/staffs/clinics')).json()) as { id: string; name: string }[];
      const yokohama = clinics.find((clinic) => clinic.name === '横浜')!;
      const created = await page.request.post('/api/admin/staffs', {
        ...WRITE,
        data: { employeeNumber: id, email: `${id.toLowerCase()}@example.jp`, name, role: 'ADMIN', clinicId: yokohama.id, password: PASSWORD },
      });
      expect(created.status()).toBe(201);

      const context = await browser.newContext({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
      const own = await context.newPage();

      // Inside the grace period: everything works, with a banner naming the deadline.
      await staffLogin(own, id, PASSWORD);
      await expect(own).toHaveURL(/\/staff\/calendar\//);
      const banner = own.getByRole('status').filter({ hasText: '2段階認証の設定期限は' });
      await expect(banner).toBeVisible();
      await snap(own, 'banner');
      await banner.getByRole('link', { name: '今すぐ設定する' }).click();
      await expect(own.getByRole('heading', { level: 1, name: '2段階認証' })).toBeVisible();
      await expect(own.getByText('必須（無効にできません）')).toBeVisible();
      await snap(own, 'setup-start');

      // The QR code and the secret as text; a code of the app turns it on and shows 10 recovery codes once.
      await own.getByRole('button', { name: '設定を始める' }).click();
      await expect(own.getByRole('img', { name: '認証アプリに登録するQRコード' })).toBeVisible();
      const secret = ((await own.getByLabel('手入力用のキー').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await snap(own, 'setup-qr');
      await own.getByRole('textbox', { name: /確認コード/ }).fill('000000' === OtpauthTotp.codeAt(secret, new Date()) ? '111111' : '000000');
      await own.getByRole('button', { name: '有効にする' }).click();
      await expect(own.getByText(/確認コードが正しくありません/).first()).toBeVisible();
      await own.getByRole('textbox', { name: /確認コード/ }).fill(OtpauthTotp.codeAt(secret, new Date()));
      await own.getByRole('button', { name: '有効にする' }).click();
      const list = own.getByRole('list', { name: 'リカバリーコード' });
      await expect(list.getByRole('listitem')).toHaveCount(10);
      const recoveryCodes = await list.getByRole('listitem').allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      await expect(own.getByText('このコードはこの一度しか表示されません。')).toBeVisible();
      await snap(own, 'recovery-codes');
      await own.getByRole('button', { name: '保管しました' }).click();
      await expect(list).toHaveCount(0);
      await expect(own.getByText('有効', { exact: true })).toBeVisible();
      await expect(own.getByText('10個', { exact: true })).toBeVisible();
      await snap(own, 'enabled');
      await logout(own);

      // The password alone is no longer enough; the app's code (the next step: the activation used this one) is.
      await staffLogin(own, id, PASSWORD);
      await expect(own.getByText('2段階認証が有効です。認証アプリに表示されている6桁の確認コードを入力してください。')).toBeVisible();
      await expect(own.getByRole('textbox', { name: /確認コード/ })).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(own).toHaveURL(/\/staff\/login\//);
      await snap(own, 'login-code');
      await own.getByRole('textbox', { name: /確認コード/ }).fill(OtpauthTotp.codeAt(secret, new Date(Date.now() + 30_000)));
      await own.getByRole('button', { name: 'ログイン', exact: true }).click();
      await expect(own).toHaveURL(/\/staff\/calendar\//);
      await expect(own.getByRole('status').filter({ hasText: '2段階認証の設定期限は' })).toHaveCount(0);
      await logout(own);

      // A recovery code works once.
      await loginWithCode(own, id, recoveryCodes[0]!);
      await expect(own).toHaveURL(/\/staff\/calendar\//);
      await logout(own);
      await loginWithCode(own, id, recoveryCodes[0]!);
      await expect(own.getByRole('form', { name: 'スタッフログイン' }).getByRole('alert')).toContainText('確認コードが正しくありません');
      await expect(own).toHaveURL(/\/staff\/login\//);
      await snap(own, 'login-code-refused');

      // The demo admin: the clinic's requirement for STAFF, then the reset of the new admin's second factor.
      await page.goto(`/admin/clinic/settings/?clinicId=${yokohama.id}`);
      const requirement = page.getByRole('checkbox', { name: 'この院のスタッフに2段階認証を必須にする' });
      await expect(requirement).toBeVisible();
      await snap(page, 'clinic-requirement');

      await page.goto(`/staff/staffs/?clinicId=${yokohama.id}`);
      await page
        .getByRole('grid', { name: 'スタッフ一覧（優先順）' })
        .getByRole('row', { name: new RegExp(name) })
        .click();
      await page.getByRole('button', { name: '2段階認証をリセット' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(`${name}さんの2段階認証をリセットします。`);
      await snap(page, 'reset-confirm');
      await heldTime(page, async () => {
        await confirm.getByRole('button', { name: 'はい' }).click();
        await expect(page.getByText(`${name}さんの2段階認証をリセットしました。`).first()).toBeVisible();
      });

      // After the reset the password alone logs in again, inside a new grace period.
      await staffLogin(own, id, PASSWORD);
      await expect(own).toHaveURL(/\/staff\/calendar\//);
      await expect(own.getByRole('status').filter({ hasText: '2段階認証の設定期限は' })).toBeVisible();
      await context.close();
    });
  });
}
