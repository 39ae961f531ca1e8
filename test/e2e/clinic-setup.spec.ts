import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { WIDTHS, heldTime, installClock, passTime, shoot, staffLogin } from './support';

const FORM_MESSAGE = '全ての項目に正しく値を入力してください。';

/** Whether the server has a route yet (the set-up endpoints are being built in parallel). */
async function hasRoute(request: APIRequestContext, path: string): Promise<boolean> {
  const spec = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
  return path in spec.paths;
}

/** Ticks a react-aria checkbox or radio (the input is visually hidden inside its label). */
const tick = (input: Locator): Promise<void> => input.locator('xpath=ancestor::label[1]').click();

/** Picks an option of a ui-kit Select (react-aria: a button opening a listbox). */
async function choose(scope: Page | Locator, page: Page, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('clinic set-up at a desktop', () => {
  test.use({ viewport: WIDTHS.desktop });

  test('an admin creates a clinic, its rooms, machines, a category and a two-task menu, and reorders menus by keyboard', async ({ page }) => {
    test.setTimeout(240_000);
    const suffix = String(Date.now()).slice(-6);
    const clinicName = `青山${suffix}`;
    await installClock(page);
    await staffLogin(page, 'admin');
    await expect(page).toHaveURL(/\/staff\/calendar\//);

    // 1. A clinic, added in the admin settings; invalid input first.
    await page.goto('/admin/settings/');
    await expect(page.getByRole('heading', { level: 1, name: '管理者設定' })).toBeVisible();
    await page.getByRole('button', { name: 'クリニックを追加' }).click();
    const form = page.getByRole('form', { name: 'クリニックを登録' });
    const monday = form.getByRole('group', { name: '月曜日' });
    await choose(monday, page, /終了/, '09:00');
    await form.getByRole('button', { name: 'クリニックを登録' }).click();
    await expect(form.getByRole('alert').filter({ hasText: FORM_MESSAGE })).toBeVisible();
    await expect(form.getByText('クリニック名を入力してください。')).toBeVisible();
    await expect(monday.getByText('終了時刻は開始時刻より後にしてください。')).toBeVisible();
    await shoot(page, 'admin-settings-invalid');

    await form.getByRole('textbox', { name: /クリニック名/ }).fill(clinicName);
    await form.getByRole('textbox', { name: '電話番号' }).fill('03-0000-0000');
    await choose(monday, page, /終了/, '19:00');
    // The message stays until the journey lets the specification's 2 s pass; then the page reloads
    // and the new clinic is in the list and in the header.
    await heldTime(page, async () => {
      await form.getByRole('button', { name: 'クリニックを登録' }).click();
      await expect(page.getByText('クリニックを登録しました。画面を再読み込みします。')).toBeVisible();
      await passTime(page, 2_000, { reloads: true });
    });
    await expect(page.getByRole('rowheader', { name: `${clinicName}院` })).toBeVisible();
    await shoot(page, 'admin-settings');
    await choose(page, page, /表示中のクリニック/, `${clinicName}院`);
    await expect(page).toHaveURL(/clinicId=/);

    // 2. Rooms and machines.
    test.fixme(
      !(await hasRoute(page.request, '/api/admin/rooms')) || !(await hasRoute(page.request, '/api/admin/machines')),
      'GET/POST /api/admin/rooms and /api/admin/machines are not on the server yet',
    );
    await page.getByRole('navigation', { name: 'スタッフメニュー' }).getByRole('link', { name: '設備' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '設備' })).toBeVisible();
    await expect(page.getByText('部屋はまだ登録されていません。')).toBeVisible();
    const addRoom = page.getByRole('form', { name: '部屋を追加' });
    await addRoom.getByRole('button', { name: '追加' }).click();
    await expect(addRoom.getByText('部屋の名前を入力してください。')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: FORM_MESSAGE })).toBeVisible();
    for (const room of ['施術室1', '施術室2']) {
      await addRoom.getByRole('textbox', { name: /部屋の名前/ }).fill(room);
      await addRoom.getByRole('button', { name: '追加' }).click();
      await expect(page.getByRole('rowheader', { name: room })).toBeVisible();
    }
    await addRoom.getByRole('textbox', { name: /部屋の名前/ }).fill('施術室1');
    await addRoom.getByRole('button', { name: '追加' }).click();
    await expect(addRoom.getByText('同じ名前の部屋がすでに登録されています。')).toBeVisible();
    await shoot(page, 'admin-facilities-rooms');

    await page.getByRole('tab', { name: '機械' }).click();
    const addMachine = page.getByRole('form', { name: '機械を追加' });
    await addMachine.getByRole('textbox', { name: /機械の名前/ }).fill('レーザーA');
    await addMachine.getByRole('button', { name: '追加' }).click();
    await expect(page.getByRole('rowheader', { name: 'レーザーA' })).toBeVisible();
    await shoot(page, 'admin-facilities-machines');

    // 3. A category and menus with two tasks using that room and machine.
    test.fixme(
      !(await hasRoute(page.request, '/api/admin/menu-categories')) || !(await hasRoute(page.request, '/api/admin/menus')),
      'the /api/admin/menu-categories and /api/admin/menus endpoints are not on the server yet',
    );
    await page.getByRole('navigation', { name: 'スタッフメニュー' }).getByRole('link', { name: 'メニュー' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'メニュー' })).toBeVisible();
    await page.getByRole('textbox', { name: /カテゴリ名/ }).fill('美容皮膚科');
    await heldTime(page, async () => {
      await page.getByRole('form', { name: 'カテゴリを追加' }).getByRole('button', { name: 'カテゴリを追加' }).click();
      await expect(page.getByText('カテゴリを登録しました。')).toBeVisible();
    });

    for (const [index, menuName] of ['ハイドラフェイシャル', 'フォトフェイシャル'].entries()) {
      await page.getByRole('button', { name: 'メニューを追加' }).click();
      const dialog = page.getByRole('dialog', { name: 'メニューの追加' });
      if (index === 0) {
        // Nothing filled: the form message and the reason next to the name.
        await dialog.getByRole('textbox', { name: /料金/ }).fill('');
        await dialog.getByRole('button', { name: '保存' }).click();
        await expect(dialog.getByRole('alert').filter({ hasText: FORM_MESSAGE })).toBeVisible();
        await expect(dialog.getByText('メニュー名を入力してください。')).toBeVisible();
      }
      await dialog.getByRole('textbox', { name: /メニュー名/ }).fill(menuName);
      await tick(dialog.getByRole('radio', { name: '役務' }));
      await dialog.getByRole('textbox', { name: /料金/ }).fill('15000');
      const first = dialog.getByRole('group', { name: '作業 1' });
      await first.getByRole('textbox', { name: '作業名' }).fill('洗顔');
      await tick(first.getByRole('checkbox', { name: '施術室1' }));
      await dialog.getByRole('button', { name: '作業を追加' }).click();
      const second = dialog.getByRole('group', { name: '作業 2' });
      await second.getByRole('textbox', { name: '作業名' }).fill('照射');
      await choose(second, page, /所要時間/, '45分');
      await tick(second.getByRole('checkbox', { name: '施術室1' }));
      await tick(second.getByRole('checkbox', { name: 'レーザーA' }));
      if (index === 0) await shoot(page, 'admin-menu-dialog');
      await heldTime(page, async () => {
        await dialog.getByRole('button', { name: '保存' }).click();
        await expect(page.getByText('メニューを登録しました。').first()).toBeVisible();
      });
      await expect(dialog).toBeHidden();
    }
    const list = page.getByRole('grid', { name: '美容皮膚科のメニュー' });
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').first()).toContainText('ハイドラフェイシャル');
    await expect(list.getByRole('row').first()).toContainText('75分');

    // 4. Reorder by keyboard (react-aria: Enter on the handle, arrows to the drop position, Enter).
    await list.getByRole('button', { name: 'ハイドラフェイシャルを並べ替え' }).focus();
    await page.keyboard.press('Enter');
    // The drag has begun when react-aria focuses the first drop indicator (the row's own place);
    // an arrow pressed before that is lost, and Enter then drops the row where it was. Each arrow
    // then focuses the next indicator.
    await expect(page.getByRole('button', { name: 'ハイドラフェイシャル と フォトフェイシャル の間に挿入' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'フォトフェイシャル の後に挿入' })).toBeFocused();
    await heldTime(page, async () => {
      await page.keyboard.press('Enter');
      await expect(page.getByText('並び順を更新しました。')).toBeVisible();
    });
    await expect(list.getByRole('row').first()).toContainText('フォトフェイシャル');
    await shoot(page, 'admin-menus');
    await page.reload();
    const reloaded = page.getByRole('grid', { name: '美容皮膚科のメニュー' });
    await expect(reloaded.getByRole('row').first()).toContainText('フォトフェイシャル');
    await expect(reloaded.getByRole('row').nth(1)).toContainText('ハイドラフェイシャル');

    // 5. Clinic settings: a bad time refused, then the insurance category saved.
    await page.getByRole('navigation', { name: 'スタッフメニュー' }).getByRole('link', { name: '設定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    const settings = page.getByRole('form', { name: '設定を保存' });
    await expect(settings.getByRole('textbox', { name: /クリニック名/ })).toHaveValue(clinicName);
    const tuesday = settings.getByRole('group', { name: '火曜日' });
    await choose(tuesday, page, /開始/, '20:00');
    await settings.getByRole('button', { name: '設定を保存' }).click();
    await expect(settings.getByRole('alert').filter({ hasText: FORM_MESSAGE })).toBeVisible();
    await expect(tuesday.getByText('終了時刻は開始時刻より後にしてください。')).toBeVisible();
    await choose(tuesday, page, /開始/, '10:00');
    await choose(settings, page, /保険診療のカテゴリ/, '美容皮膚科');
    // The page reloads by itself 2 s later (the specification), when the journey lets the time pass.
    await heldTime(page, async () => {
      await settings.getByRole('button', { name: '設定を保存' }).click();
      await expect(page.getByText('クリニックの設定を更新しました。画面を再読み込みします。')).toBeVisible();
      await passTime(page, 2_000, { reloads: true });
    });
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await expect(page.getByRole('form', { name: '設定を保存' }).getByRole('textbox', { name: /クリニック名/ })).toHaveValue(clinicName);
    await shoot(page, 'admin-clinic-settings');
  });
});

test.describe('set-up screens on a phone', () => {
  test.use({ viewport: WIDTHS.phone });

  test('each set-up screen renders at 375 px', async ({ page }) => {
    await staffLogin(page, 'admin');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    const screens: [string, string, string][] = [
      ['/admin/settings/', '管理者設定', 'admin-settings'],
      ['/admin/clinic/facilities/', '設備', 'admin-facilities-rooms'],
      ['/admin/clinic/menus/', 'メニュー', 'admin-menus'],
      ['/admin/clinic/settings/', '設定', 'admin-clinic-settings'],
    ];
    for (const [path, title, shot] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await shoot(page, shot);
    }
  });
});
