import { expect, test, type Locator, type Page } from '@playwright/test';
import { WIDTHS, heldTime, installClock, shoot, staffLogin } from './support';

/** Unique per run: the server keeps its data for the whole Playwright run. */
const stamp = `${Date.now() % 1_000_000}`;
const MEMBER_PASSWORD = 'member-pass-2026';
const KANA = `ジャーニー ハナコ${stamp}`;

/** The first day of the booking calendar with free times after `skip` such days (this month or the next). */
async function chooseFirstFreeDay(page: Page, skip = 0) {
  const calendar = page.getByRole('application', { name: /日にちを選んでください/ });
  await expect(calendar).toBeVisible({ timeout: 15_000 });
  for (let month = 0; month < 2; month += 1) {
    const days = calendar.locator('[role="gridcell"] [role="button"]:not([aria-disabled="true"]):not([data-outside-month])');
    const count = await days.count();
    if (count > skip) {
      await days.nth(skip).click();
      return;
    }
    skip -= count;
    await calendar.getByRole('button', { name: '次の月' }).click();
  }
  throw new Error('no free day in the 30-day window');
}

async function firstTime(page: Page): Promise<Locator> {
  const times = page.getByRole('group', { name: /の空き時間/ }).getByRole('button');
  await expect(times.first()).toBeVisible();
  return times.first();
}

test.describe('member journeys (375 px)', () => {
  test.use({ viewport: WIDTHS.phone });

  test('staff create a FULL member; the member registers, books, changes, cancels, edits; staff see the history', async ({ page, browser }) => {
    test.setTimeout(360_000);
    const name = `ジャーニー 花子${stamp}`;
    const email = `journey${stamp}@example.jp`;

    // Staff (S1001, 渋谷院): create a FULL member with a contract of the first CONTRACT menu. Each
    // success message stays on screen until the journey lets time pass (heldTime).
    await installClock(page);
    await staffLogin(page, 'S1001');
    await expect(page).toHaveURL(/\/staff\/calendar\//);
    await page.goto('/staff/users/');
    await expect(page.getByRole('heading', { level: 1, name: '会員' })).toBeVisible();
    await page.getByRole('button', { name: '会員を登録' }).click();
    const form = page.getByRole('dialog', { name: '会員の登録' });
    await form.getByRole('textbox', { name: /^氏名/ }).fill(name);
    await form.getByRole('textbox', { name: /^フリガナ/ }).fill(KANA);
    await form.getByRole('textbox', { name: /^電話番号/ }).fill('090-1234-5678');
    await form.getByRole('textbox', { name: /^メールアドレス/ }).fill(email);
    await heldTime(page, async () => {
      await form.getByRole('button', { name: '保存する', exact: true }).click();
      await expect(page.getByText('会員を登録しました。')).toBeVisible();
    });
    const panel = page.getByRole('region', { name: '会員の詳細' });
    await expect(panel.getByText(name)).toBeVisible();

    await panel.getByRole('tab', { name: '契約' }).click();
    await panel.getByRole('button', { name: '契約を追加' }).click();
    const contract = page.getByRole('dialog', { name: '契約の追加' });
    await contract.getByRole('button', { name: /契約メニュー/ }).click();
    await page.getByRole('option').first().click();
    await heldTime(page, async () => {
      await contract.getByRole('button', { name: '契約を追加' }).click();
      await expect(page.getByText('契約を追加しました。')).toBeVisible();
    });
    await expect(panel.getByText('残り 5 / 5回')).toBeVisible();

    await panel.getByRole('tab', { name: '会員情報' }).click();
    await panel.getByRole('button', { name: '登録用QRコード' }).click();
    const qr = page.getByRole('dialog', { name: 'パスワード登録用QRコード' });
    await expect(qr.getByRole('img', { name: 'パスワード登録用QRコード' })).toBeVisible();
    const url = await qr.getByRole('link', { name: '登録用URL' }).textContent();
    expect(url).toContain('/common/password/register/?token=');
    await shoot(page, 'staff-users-qr');
    await qr.getByRole('button', { name: '閉じる' }).first().click();

    // The member, on their own phone: the registration url, then login.
    const memberContext = await browser.newContext({ viewport: WIDTHS.phone, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const member = await memberContext.newPage();
    await installClock(member);
    const target = new URL(url!.trim());
    await member.goto(`${target.pathname}${target.search}`);
    const who = member.getByText(new RegExp(`${name} 様（診察券番号 (\\w+)）`));
    await expect(who).toBeVisible();
    const cardNumber = /診察券番号 (\w+)/.exec((await who.textContent()) ?? '')![1]!;
    await member.getByLabel(/^新しいパスワード(?!（)/).fill(MEMBER_PASSWORD);
    await member.getByLabel(/^新しいパスワード（確認）/).fill(MEMBER_PASSWORD);
    await shoot(member, 'member-password-register');
    await member.getByRole('button', { name: '登録する' }).click();
    await expect(member).toHaveURL(/\/user\/login\/$/);
    await member.getByLabel(/診察券番号/).fill(cardNumber);
    await member.getByRole('textbox', { name: 'パスワード', exact: true }).fill(MEMBER_PASSWORD);
    await member.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(member).toHaveURL(/\/user\/mypage\//);

    // Book the contract menu (ekimu mode).
    await member.goto('/user/mypage/reserve/?ekimu=true');
    await expect(member.getByRole('heading', { level: 1, name: '契約メニューのご予約' })).toBeVisible();
    await expect(member.getByRole('button', { name: /残り 5回/ })).toBeVisible();
    await shoot(member, 'member-reserve-menu');
    await member.getByRole('button', { name: /残り 5回/ }).click();
    // Two free days later at least: outside the clinic's 24-hour change and cancel deadlines.
    await chooseFirstFreeDay(member, 2);
    await shoot(member, 'member-reserve-time');
    await (await firstTime(member)).click();
    await expect(member.getByRole('heading', { name: /ご予約内容の確認/ })).toBeVisible();
    await shoot(member, 'member-reserve-confirm');
    await member.getByRole('button', { name: 'この内容で予約する' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'ご予約完了' })).toBeVisible();
    await shoot(member, 'member-reserve-done');

    // Change it to another time (another day).
    await member.getByRole('link', { name: '契約／ご予約の確認へ' }).click();
    const upcoming = member.getByRole('list', { name: 'ご予約（これから）' });
    await expect(upcoming.getByText('ご予約中')).toBeVisible();
    const before = await upcoming.getByRole('listitem').first().textContent();
    await shoot(member, 'member-services');
    await upcoming.getByRole('link', { name: '日時を変更' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'ご予約日時の変更' })).toBeVisible();
    await chooseFirstFreeDay(member, 3);
    await (await firstTime(member)).click();
    await member.getByRole('button', { name: 'この日時に変更する' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'ご予約変更完了' })).toBeVisible();
    await member.getByRole('link', { name: '契約／ご予約の確認へ' }).click();
    await expect(upcoming.getByText('ご予約中')).toBeVisible();
    await expect(upcoming.getByRole('listitem').first()).not.toHaveText(before ?? '');

    // Cancel it.
    await upcoming.getByRole('button', { name: 'キャンセルする' }).click();
    await member.getByRole('alertdialog').getByRole('button', { name: 'はい' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'キャンセル完了' })).toBeVisible();
    await member.goto('/user/mypage/services/');
    await expect(member.getByRole('list', { name: 'ご予約の履歴' }).getByText('キャンセル済み')).toBeVisible();

    // Edit the settings.
    await member.goto('/user/mypage/settings/');
    const phone = member.getByRole('textbox', { name: /^電話番号/ });
    await expect(phone).toHaveValue('090-1234-5678');
    await phone.fill('080-9999-0000');
    await heldTime(member, async () => {
      await member.getByRole('button', { name: '保存する', exact: true }).click();
      await expect(member.getByText('会員情報を変更しました。')).toBeVisible();
    });
    await shoot(member, 'member-settings');
    await member.setViewportSize(WIDTHS.desktop);
    await member.goto('/user/mypage/services/');
    await expect(member.getByRole('list', { name: 'ご予約の履歴' })).toBeVisible();
    await shoot(member, 'member-services');
    await member.goto('/user/mypage/reserve/?ekimu=true');
    await expect(member.getByRole('button', { name: /残り 5回/ })).toBeVisible();
    await shoot(member, 'member-reserve-menu');
    await member.getByRole('button', { name: /残り 5回/ }).click();
    await chooseFirstFreeDay(member);
    await shoot(member, 'member-reserve-time');
    await memberContext.close();

    // Staff find the member by kana and see the history.
    await page.goto('/staff/users/');
    await page.getByRole('textbox', { name: /キーワード/ }).fill(KANA);
    await page.getByRole('button', { name: '検索' }).click();
    await page.getByRole('button', { name: new RegExp(`${name}（${KANA}）`) }).click();
    await expect(panel.getByText('080-9999-0000')).toBeVisible();
    await panel.getByRole('tab', { name: '予約' }).click();
    await expect(panel.getByRole('grid', { name: '予約' }).getByText('キャンセル')).toBeVisible();
    await shoot(page, 'staff-users-history');
    await page.setViewportSize(WIDTHS.desktop);
    await shoot(page, 'staff-users-history');
  });
});
