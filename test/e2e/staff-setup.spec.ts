import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, closeMessages, heldTime, installClock, shoot, staffLogin } from './support';

/** Unique per run: the server keeps its data for the whole Playwright run. */
const stamp = `${Date.now() % 1_000_000}`;
const NEW_PASSWORD = 'new-staff-pass-2026';

async function openStaffsOf渋谷院(page: Page) {
  await staffLogin(page, 'admin');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  await page.goto('/staff/staffs/');
  const picker = page.getByRole('button', { name: /表示中のクリニック/ });
  await picker.click();
  await page.getByRole('option', { name: '渋谷院' }).click();
  await expect(picker).toContainText('渋谷院');
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'スタッフ一覧（優先順）' })).toBeVisible();
}

const WRITE = { headers: { 'X-Requested-With': 'XMLHttpRequest' } };

/** A category with menus in the clinic, made with the admin's session (the page's cookies). */
async function createMenus(page: Page, clinicId: string, category: string, names: string[]) {
  const created = await page.request.post('/api/admin/menu-categories', { ...WRITE, data: { clinicId, name: category } });
  expect(created.status()).toBe(201);
  const { id: categoryId } = (await created.json()) as { id: string };
  for (const name of names) {
    const menu = await page.request.post('/api/admin/menus', {
      ...WRITE,
      data: {
        categoryId,
        name,
        kind: 'NEW',
        enabled: true,
        webBookable: true,
        price: 5000,
        tasks: [{ durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
      },
    });
    expect(menu.status()).toBe(201);
  }
}

async function chooseTime(page: Page, label: string | RegExp, time: string) {
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: time, exact: true }).click();
}

for (const [device, viewport] of Object.entries(WIDTHS)) {
  test.describe(`staff set-up (${device})`, () => {
    test.use({ viewport });

    test('invite a staff member, set the password, log in; menus, a month of schedules, a block', async ({ page, browser }) => {
      test.setTimeout(240_000);
      // Unique per run, repeats included (--repeat-each loads this file once).
      const run = `${stamp}${test.info().repeatEachIndex}`;
      const employeeNumber = `E${run}${device === 'desktop' ? 'D' : 'P'}`;
      const name = `招待 太郎${run}${device === 'desktop' ? 'D' : 'P'}`;
      // Each success message stays on screen until the journey lets time pass (heldTime).
      await installClock(page);
      await openStaffsOf渋谷院(page);
      await shoot(page, 'staffs-list');

      // Add without a password: the answer's invitation URL is shown with a copy button.
      await page.getByRole('button', { name: 'スタッフを追加' }).click();
      let dialog = page.getByRole('dialog', { name: 'スタッフを追加' });
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog.getByText('全ての項目に正しく値を入力してください。')).toBeVisible();
      await expect(dialog.getByText('社員番号を入力してください。')).toBeVisible();
      await shoot(page, 'staffs-add-invalid');
      await dialog.getByRole('textbox', { name: /社員番号/ }).fill(employeeNumber);
      await dialog.getByRole('textbox', { name: /メールアドレス/ }).fill(`${employeeNumber.toLowerCase()}@example.jp`);
      await dialog.getByRole('textbox', { name: /氏名/ }).fill(name);
      await heldTime(page, async () => {
        await dialog.getByRole('button', { name: '保存' }).click();
        await expect(page.getByText('スタッフを登録しました。').first()).toBeVisible();
      });
      const invitation = page.getByRole('dialog', { name: '招待URL' });
      const urlField = invitation.getByRole('textbox', { name: 'パスワード登録用URL' });
      await expect(urlField).toHaveValue(/\/common\/password\/register\/\?token=/);
      await expect(invitation.getByRole('button', { name: 'URLをコピー' })).toBeVisible();
      await shoot(page, 'staffs-invitation');
      const invitationUrl = new URL(await urlField.inputValue());
      await invitation.getByRole('button', { name: '閉じる' }).first().click();

      // A duplicate employee number: the message next to the field.
      await page.getByRole('button', { name: 'スタッフを追加' }).click();
      dialog = page.getByRole('dialog', { name: 'スタッフを追加' });
      await dialog.getByRole('textbox', { name: /社員番号/ }).fill(employeeNumber);
      await dialog.getByRole('textbox', { name: /メールアドレス/ }).fill(`other-${run}-${device}@example.jp`);
      await dialog.getByRole('textbox', { name: /氏名/ }).fill('重複 花子');
      await dialog.getByRole('button', { name: '保存' }).click();
      const employeeField = dialog.getByRole('textbox', { name: /社員番号/ });
      await expect(employeeField).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByText(/同じ社員番号またはメールアドレス/).first()).toBeVisible();
      await shoot(page, 'staffs-duplicate');
      await dialog.getByRole('button', { name: 'キャンセル' }).click();

      // The invited person sets a password in another browser and logs in.
      const context = await browser.newContext({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
      const invited = await context.newPage();
      await installClock(invited);
      await invited.goto(`${invitationUrl.pathname}${invitationUrl.search}`);
      await expect(invited.getByRole('heading', { level: 1, name: 'パスワード登録' })).toBeVisible();
      await invited.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill('short');
      await invited.getByRole('button', { name: '登録する' }).click();
      await expect(invited.getByText('パスワードは10文字以上128文字以下で入力してください。')).toBeVisible();
      await shoot(invited, 'password-register-invalid');
      await invited.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(NEW_PASSWORD);
      await invited.getByRole('textbox', { name: '新しいパスワード（確認）', exact: true }).fill(NEW_PASSWORD);
      await heldTime(invited, async () => {
        await invited.getByRole('button', { name: '登録する' }).click();
        await expect(invited.getByText('パスワードを登録しました。新しいパスワードでログインしてください。')).toBeVisible();
        await expect(invited).toHaveURL(/\/staff\/login\//);
      });
      await staffLogin(invited, employeeNumber, NEW_PASSWORD);
      await expect(invited).toHaveURL(/\/staff\/calendar\//);
      await expect(invited.getByText(`${name} さん`)).toBeVisible();
      await context.close();

      // As admin: pick the new staff member.
      await page.reload();
      await page
        .getByRole('grid', { name: 'スタッフ一覧（優先順）' })
        .getByRole('row', { name: new RegExp(name) })
        .click();
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

      // A month of schedules: Mon–Fri, 10:00–19:00, break 13:00–14:00.
      await page.getByRole('tab', { name: '勤務' }).click();
      await page.getByRole('button', { name: 'まとめて登録' }).click();
      const bulk = page.getByRole('dialog', { name: '勤務をまとめて登録' });
      for (const day of ['月', '火', '水', '木', '金']) await expect(bulk.getByRole('checkbox', { name: day })).toBeChecked();
      await expect(bulk.getByRole('checkbox', { name: '土' })).not.toBeChecked();
      await expect(bulk.getByRole('button', { name: /開始時刻/ })).toContainText('10:00');
      await expect(bulk.getByRole('button', { name: /終了時刻/ })).toContainText('19:00');
      await bulk.getByRole('button', { name: '休憩を追加' }).click();
      await chooseTime(page, /休憩1の開始/, '13:00');
      await chooseTime(page, /休憩1の終了/, '14:00');
      await shoot(page, 'staffs-bulk-form');
      await bulk.getByRole('button', { name: '登録する' }).click();
      await expect(bulk.getByText(/\d+件の勤務を登録しました。/)).toBeVisible();
      await shoot(page, 'staffs-bulk-result');
      await bulk.getByRole('button', { name: '閉じる' }).click();
      const month = page.getByRole('list', { name: new RegExp(`${name}さんの勤務`) });
      await expect(month.getByRole('button', { name: /10:00〜19:00/ }).first()).toBeVisible();
      await shoot(page, 'staffs-schedules');

      // A block with a reason.
      await page.getByRole('tab', { name: '予約ブロック' }).click();
      const blockForm = page.getByRole('form', { name: '予約ブロックを追加' });
      await blockForm.getByRole('button', { name: /開始時刻/ }).click();
      await page.getByRole('option', { name: '19:00', exact: true }).click();
      await blockForm.getByRole('button', { name: /終了時刻/ }).click();
      await page.getByRole('option', { name: '19:30', exact: true }).click();
      await blockForm.getByRole('textbox', { name: /理由/ }).fill('研修');
      await heldTime(page, async () => {
        await blockForm.getByRole('button', { name: '予約ブロックを追加' }).click();
        await expect(page.getByText('予約ブロックを追加しました。').first()).toBeVisible();
      });
      await expect(page.getByRole('region', { name: '今後の予約ブロック' }).getByText('研修')).toBeVisible();
      await shoot(page, 'staffs-blocks');

      // Two menus (made through the API first, so the journey does not depend on the demo menus).
      const clinicId = new URL(page.url()).searchParams.get('clinicId') ?? '1';
      const menuNames = [`カット${run}${device}`, `カラー${run}${device}`];
      await createMenus(page, clinicId, `E2E${run}${device}`, menuNames);
      await page.getByRole('tab', { name: '施術メニュー' }).click();
      const panel = page.getByRole('tabpanel');
      const boxes = panel.getByRole('checkbox');
      await expect(boxes.first()).toBeAttached();
      expect(await boxes.count()).toBeGreaterThanOrEqual(2);
      await panel.getByRole('checkbox', { name: menuNames[0] }).check({ force: true });
      await panel.getByRole('checkbox', { name: menuNames[1] }).check({ force: true });
      await expect(panel.getByText('2件を選択中')).toBeVisible();
      // The messages of the shifts and the block are still up, and on a phone they lie over the save button.
      await closeMessages(page);
      await heldTime(page, async () => {
        await panel.getByRole('button', { name: '施術メニューを保存' }).click();
        await expect(page.getByText('施術メニューを更新しました。').first()).toBeVisible();
      });
      await shoot(page, 'staffs-menus');
    });
  });
}

test.describe('staff password reset', () => {
  test.use({ viewport: WIDTHS.phone });

  test('always answers with the same confirmation', async ({ page }) => {
    await page.goto('/staff/password/reset/');
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('メールアドレスを入力してください。', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: /メールアドレス/ }).fill(`nobody-${stamp}@example.jp`);
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'パスワード再設定用のURLをお送りしました' })).toBeVisible();
    await shoot(page, 'staff-password-reset');
  });

  test('a wrong token shows the invalid-token message', async ({ page }) => {
    await page.goto('/common/password/register/?token=not-a-token');
    await page.getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: '新しいパスワード（確認）', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/common\/password\/register\//);
    await shoot(page, 'password-register-invalid-token');
  });
});
