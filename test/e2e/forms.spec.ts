import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { shoot, staffLogin, WIDTHS } from './support';

/**
 * Paperwork before the visit (issue 23, docs/forms.md), as the issue checks it: a guest books laser
 * hair removal on a phone in English, opens the forms link of the done page, answers the 問診票
 * with one flag and signs the 同意書 with a drawn signature; staff see 回答済 and the flag on the
 * calendar, open the answers and the doctor countersigns, which ticks the person's check item;
 * then the head office publishes version 2 of the questionnaire with a changed question: the old
 * response keeps version 1's wording, the next booking is asked version 2.
 *
 * Its own data: a guest of its own (name, phone, e-mail) booking from an address of its own (the
 * server trusts X-Forwarded-For in the journeys), so other spec files' bookings and guest limits
 * do not meet it. Only this file changes the demo questionnaire (the accessibility journey gives
 * its forms pages their answers itself).
 */

const GUEST = { name: 'Emma Forms', phone: '+14155550177', email: 'emma.forms.e2e@example.com' };
const ADDRESS = '198.51.100.77';
/** 両ワキ脱毛 お試し1回, by its English name. */
const MENU = 'Underarm hair removal (one trial session)';
const V1_QUESTION = '妊娠中、または妊娠の可能性はありますか';
const V2_QUESTION = '現在、妊娠中または妊娠の可能性はありますか（授乳中を含む）';

interface Booking {
  id: string;
  startsAt: string;
  clinicId: string;
  menuId: string;
  cancelToken: string;
}

const tokyoDate = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);

/** A guest's phone in English, from an address of its own. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    viewport: WIDTHS.phone,
    hasTouch: true,
    isMobile: true,
    extraHTTPHeaders: { 'X-Forwarded-For': ADDRESS },
  });
  return context.newPage();
}

/** Books `MENU` at 渋谷院 on the first free time two or more days ahead; answers the booking as the server sent it. */
async function bookInEnglish(page: Page): Promise<Booking> {
  await page.goto('/guest/reserve/');
  await expect(page.getByTestId('guest-header-title')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '渋谷院' }).click();
  await page.getByRole('button', { name: MENU }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const days = page.getByTestId('guest-days').getByRole('button');
  const times = page.getByTestId('guest-times').getByRole('button');
  await expect(times.first()).toBeVisible({ timeout: 15_000 });
  const count = await days.count();
  for (let i = 2; i < count; i += 1) {
    if (await days.nth(i).isEnabled()) {
      await days.nth(i).click();
      break;
    }
  }
  await expect(times.first()).toBeVisible();
  await times.first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Name').fill(GUEST.name);
  await page.getByLabel('Phone number').fill(GUEST.phone);
  await page.getByLabel('Email address').fill(GUEST.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('guest-summary')).toContainText(GUEST.name);
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/guests/reservations');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const booked = (await (await answer).json()) as { id: string; startsAt: string; clinicId: string; menus: { id: string }[]; cancelToken: string };
  await expect(page).toHaveURL(/\/guest\/reserve\/done\/$/);
  return { id: booked.id, startsAt: booked.startsAt, clinicId: booked.clinicId, menuId: booked.menus[0]!.id, cancelToken: booked.cancelToken };
}

/** A yes/no question of the form, answered. */
async function answer(form: Locator, question: RegExp, choice: string): Promise<void> {
  const group = form.getByRole('radiogroup', { name: question });
  // The radio's label takes the tap, as on a phone.
  await group.getByText(choice, { exact: true }).click();
  await expect(group.getByRole('radio', { name: choice })).toBeChecked();
}

/** Draws a signature on the pad with the pointer, as a finger does: a few strokes inside the box. */
async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [
      [0.15, 0.6],
      [0.25, 0.3],
      [0.35, 0.65],
      [0.45, 0.35],
    ],
    [
      [0.5, 0.55],
      [0.65, 0.4],
      [0.8, 0.6],
    ],
  ]) {
    await page.mouse.move(...at(stroke[0]![0]!, stroke[0]![1]!));
    await page.mouse.down();
    for (const [x, y] of stroke.slice(1)) await page.mouse.move(...at(x!, y!), { steps: 8 });
    await page.mouse.up();
  }
}

// Ceilings for a state that never comes, so that a failure says where (each step waits for a state).
test.use({ actionTimeout: 20_000 });

test('a guest fills the forms on a phone in English; staff see them, the doctor countersigns; version 2 leaves version 1 as it was', async ({ browser }) => {
  test.setTimeout(240_000);

  // --- The guest books in English and opens the forms from the done page. ---
  const guest = await guestPage(browser);
  const booking = await bookInEnglish(guest);
  const formsBox = guest.getByTestId('forms-link');
  await expect(formsBox).toContainText('Questionnaire and consent');
  await expect(formsBox).toContainText('2 to fill in');
  await shoot(guest, 'forms-e2e-1-done');
  await formsBox.getByRole('link', { name: 'Fill in the questionnaire and consent' }).click();
  await expect(guest).toHaveURL(/\/guest\/forms\/\?token=/);
  const list = guest.getByRole('list', { name: 'Questionnaire and consent' });
  await expect(list.getByTestId('patient-form')).toHaveCount(2, { timeout: 15_000 });
  await expect(list.getByText('Not filled in')).toHaveCount(2);
  await shoot(guest, 'forms-e2e-2-list');

  // The questionnaire, in English: one flag (pregnancy).
  await guest.getByRole('button', { name: 'Fill in: Laser hair removal questionnaire' }).click();
  const questionnaire = guest.getByRole('form', { name: 'Laser hair removal questionnaire' });
  await expect(questionnaire.getByText('Version 1')).toBeVisible();
  await answer(questionnaire, /pregnant/, 'Yes');
  await answer(questionnaire, /blood thinners/, 'No');
  await answer(questionnaire, /keloids/, 'No');
  await answer(questionnaire, /sunburn/, 'No');
  await answer(questionnaire, /Skin type/, 'Normal');
  await shoot(guest, 'forms-e2e-3-questionnaire');
  await questionnaire.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByText('"Laser hair removal questionnaire" has been sent.')).toBeVisible();

  // The consent: the text, its questions, the tick, the typed name, the birth date (a guest's is unknown) and a drawn signature.
  await guest.getByRole('button', { name: 'Fill in: Laser hair removal consent' }).click();
  const consent = guest.getByRole('form', { name: 'Laser hair removal consent' });
  await expect(consent.getByRole('region', { name: 'Consent text' })).toContainText('Medical laser hair removal weakens hair growth');
  await answer(consent, /has explained the effects/, 'Yes');
  await answer(consent, /consent to medical laser hair removal/, 'Yes');
  await consent.getByText(/I have read and understood the explanation above/).click();
  await expect(consent.getByRole('checkbox', { name: /I consent/ })).toBeChecked();
  await consent.getByRole('textbox', { name: /Signature \(your full name\)/ }).fill(GUEST.name);
  const birth = consent.getByRole('group', { name: /Date of birth/ });
  await birth.getByRole('spinbutton', { name: /month/i }).pressSequentially('04');
  await birth.getByRole('spinbutton', { name: /day/i }).pressSequentially('12');
  await birth.getByRole('spinbutton', { name: /year/i }).pressSequentially('1992');
  await expect(consent.getByRole('group', { name: "Parent or guardian's consent" })).toHaveCount(0);
  const pad = consent.getByRole('img', { name: 'Signature box (empty)' });
  await drawSignature(guest, pad);
  await expect(consent.getByRole('img', { name: 'Signature box (signed)' })).toBeVisible();
  await shoot(guest, 'forms-e2e-4-consent');
  await consent.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByText('"Laser hair removal consent" has been sent.')).toBeVisible();
  await expect(list.getByText('Complete')).toBeVisible();
  await expect(list.getByText('Signed')).toBeVisible();
  await shoot(guest, 'forms-e2e-5-sent');

  // --- Staff of 渋谷院: the calendar marks the visit 回答済 with the flag. ---
  const staff = await browser.newPage({ viewport: WIDTHS.desktop });
  await staffLogin(staff, 'S1001');
  await expect(staff).toHaveURL(/\/staff\/calendar\//);
  await staff.goto(`/staff/calendar/?date=${tokyoDate(booking.startsAt)}`);
  const block = staff.locator(`[data-block][data-reservation="${booking.id}"]`).first();
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block).toContainText('問診回答済');
  await expect(block).toContainText('⚠妊娠の可能性あり');
  await expect(block).toHaveAttribute('aria-label', /問診回答済・医師確認待ち ⚠妊娠の可能性あり/);
  await block.scrollIntoViewIfNeeded();
  await shoot(staff, 'forms-e2e-6-calendar', { fullPage: false });
  await block.click();
  await staff.getByRole('link', { name: '回答を見る' }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/reservations/${booking.id}/forms/`));

  // The answers, each with its form's title and version, in Japanese; the drawn signature.
  const cards = staff.getByTestId('form-response');
  await expect(cards).toHaveCount(2, { timeout: 15_000 });
  const answers = cards.filter({ has: staff.getByRole('heading', { name: '医療脱毛 問診票' }) });
  await expect(answers).toContainText(V1_QUESTION);
  await expect(answers).toContainText('第1版');
  await expect(answers).toContainText('回答言語: 英語');
  await expect(answers.locator('[data-flagged]')).toContainText('妊娠の可能性あり');
  const signed = cards.filter({ has: staff.getByRole('heading', { name: '医療脱毛 同意書' }) });
  await expect(signed.getByRole('img', { name: `${GUEST.name} 様の手書きのサイン` })).toBeVisible();
  await expect(signed).toContainText('生年月日（本人の申告）: 1992-04-12');
  await shoot(staff, 'forms-e2e-7-answers');

  // The doctor of 渋谷院 (鈴木 健太) explained in person and countersigns.
  const countersign = signed.getByTestId('countersign');
  await countersign.getByRole('button', { name: '確認して署名する' }).click();
  await expect(signed).toContainText('鈴木 健太 医師が確認（対面');
  await expect(countersign).toHaveCount(0);

  // The countersigned consent ticks the person's 来院時チェック item.
  const reservation = (await (await staff.request.get(`/api/staffs/reservations/${booking.id}`)).json()) as {
    user: { id: string };
    forms: { required: number; complete: number };
  };
  expect(reservation.forms).toMatchObject({ required: 2, complete: 2 });
  const items = (await (await staff.request.get(`/api/staffs/check-items?userId=${reservation.user.id}`)).json()) as { checked: boolean }[];
  expect(items).toContainEqual(expect.objectContaining({ conditionName: '医療脱毛 同意書（医師確認済み）', checked: true }));

  // The printable page of the consent: the version, the text and the signature.
  await signed.getByRole('link', { name: '印刷用ページ: 医療脱毛 同意書' }).click();
  const sheet = staff.getByTestId('print-sheet');
  await expect(sheet.getByRole('heading', { level: 1, name: '医療脱毛 同意書（第1版）' })).toBeVisible();
  await expect(sheet.getByRole('img', { name: `${GUEST.name} 様の手書きのサイン` })).toBeVisible();
  await staff.emulateMedia({ media: 'print' });
  await shoot(staff, 'forms-e2e-8-print');
  await staff.emulateMedia({ media: 'screen' });

  // --- The head office (admin) publishes version 2 with a changed question. ---
  const office = await browser.newPage({ viewport: WIDTHS.desktop });
  await staffLogin(office, 'admin');
  await expect(office).toHaveURL(/\/staff\/calendar\//);
  await office.goto('/admin/settings/forms/');
  await expect(office.getByRole('heading', { level: 1, name: '問診票・同意書' })).toBeVisible();
  await shoot(office, 'forms-e2e-9-admin-list');
  await office.getByRole('link', { name: '編集: 医療脱毛 問診票' }).click();
  await office.getByRole('button', { name: '新しい版を作る' }).click();
  await expect(office.getByText('第2版（下書き）を編集')).toBeVisible();
  const first = office.getByRole('group', { name: '項目 1' });
  await first.getByRole('textbox', { name: '質問（日本語）' }).fill(V2_QUESTION);
  await office.getByRole('button', { name: '下書きを保存' }).click();
  await expect(office.getByText('下書きを保存しました。')).toBeVisible();
  await office.getByRole('button', { name: 'この版を公開する' }).click();
  const confirm = office.getByRole('alertdialog');
  await expect(confirm).toContainText('第2版を公開しますか？');
  await confirm.getByRole('button', { name: '公開する' }).click();
  await expect(office.getByText('第2版を公開しました。')).toBeVisible();

  // The old response keeps version 1's wording.
  await staff.goto(`/staff/reservations/${booking.id}/forms/`);
  const old = staff.getByTestId('form-response').filter({ has: staff.getByRole('heading', { name: '医療脱毛 問診票' }) });
  await expect(old).toContainText(V1_QUESTION);
  await expect(old).toContainText('第1版');
  await expect(old).not.toContainText(V2_QUESTION);
  // Its printable page too: the sheet is rendered with its own version, not the active one.
  await old.getByRole('link', { name: '印刷用ページ: 医療脱毛 問診票' }).click();
  const oldSheet = staff.getByTestId('print-sheet');
  await expect(oldSheet.getByRole('heading', { level: 1, name: '医療脱毛 問診票（第1版）' })).toBeVisible();
  await expect(oldSheet).toContainText(V1_QUESTION);
  await expect(oldSheet).not.toContainText(V2_QUESTION);

  // The next booking is asked version 2: another guest books the same menu (by the API; the booking pages are the same) and opens its forms page in Japanese.
  const bookingSearch = { clinicId: booking.clinicId, menuId: booking.menuId, from: tokyoDate(booking.startsAt), to: tokyoDate(booking.startsAt) };
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': ADDRESS };
  const found = (await (await guest.request.post('/api/guests/reservations/search-available', { data: bookingSearch, headers })).json()) as {
    slots: { startsAt: string }[];
  };
  expect(found.slots.length).toBeGreaterThan(0);
  const second = await guest.request.post('/api/guests/reservations', {
    data: {
      clinicId: booking.clinicId,
      menuId: booking.menuId,
      startsAt: found.slots.at(-1)!.startsAt,
      guest: { name: '森 次郎', kana: 'モリ ジロウ', phone: '090-7777-0177', email: 'jiro.forms.e2e@example.jp' },
    },
    headers,
  });
  expect(second.status()).toBe(201);
  const { cancelToken } = (await second.json()) as { cancelToken: string };
  const japanese = await browser.newPage({ viewport: WIDTHS.phone, locale: 'ja-JP' });
  await japanese.goto(`/guest/forms/?token=${encodeURIComponent(cancelToken)}`);
  await japanese.getByRole('button', { name: '記入する: 医療脱毛 問診票' }).click();
  const v2 = japanese.getByRole('form', { name: '医療脱毛 問診票' });
  await expect(v2.getByText('第2版')).toBeVisible();
  await expect(v2.getByRole('radiogroup', { name: new RegExp(V2_QUESTION.replace(/[()（）]/g, '.')) })).toBeVisible();
  await shoot(japanese, 'forms-e2e-9-version2');
});
