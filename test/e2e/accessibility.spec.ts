import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, runAxe } from './axe';
import { memberLogin, shoot, staffLogin, WIDTHS } from './support';

/**
 * Every route of the web app checked with axe (WCAG 2.0/2.1 A and AA, docs/web.md
 * "Accessibility"): each audience, at 375 and 1280 px, the patients' pages in Japanese, English
 * and Chinese, with the dialogs, drawers and panels open as well as closed. One login per test;
 * each test walks a group of views at both widths. Nothing is booked or changed: the views of a
 * flow are reached by walking it up to its last step.
 */

type Lang = 'ja' | 'en' | 'zh-CN';
const LANGS: readonly Lang[] = ['ja', 'en', 'zh-CN'];
const WIDTH_LIST = [WIDTHS.phone, WIDTHS.desktop] as const;
/**
 * The widths a patient's page is checked at in each language: Japanese at both, English at 375 px
 * (its longer words in the narrowest layout) and Chinese at 1280 px. Every language and every
 * width is covered, and each pair that can differ: what axe finds in a language (names, labels,
 * `lang`) does not depend on the width, and what it finds at a width (layout, what is shown or
 * hidden, contrast of the same styles) does not depend on the language. A third of the patients'
 * checks fewer (docs/web.md, "Accessibility"; docs/benchmarks.md, "The test suite").
 */
const LANG_WIDTHS: Record<Lang, readonly (typeof WIDTH_LIST)[number][]> = {
  ja: WIDTH_LIST,
  en: [WIDTHS.phone],
  'zh-CN': [WIDTHS.desktop],
};
const widthsOf = (lang: Lang) => LANG_WIDTHS[lang].map((viewport) => viewport.width).join(' and ');
const NEXT: Record<Lang, string> = { ja: '次へ', en: 'Next', 'zh-CN': '下一步' };

/** Waits until the route shows its page (a level-1 heading, or the page's alert) and no loading indicator. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1, main [role="alert"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

const withLang = (path: string, lang: Lang) => (lang === 'ja' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);

/** Opens `path` (with `?lang=` for a patient's page in another language) and checks it. */
async function check(page: Page, path: string, label: string, lang: Lang = 'ja'): Promise<void> {
  await page.goto(withLang(path, lang));
  await settle(page);
  await expectNoAxeViolations(page, `${label} [${lang}]`);
}

const overlay = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

/** Presses `trigger`, checks the page with the dialog, drawer or panel it opens, and closes it with Escape. */
async function checkOpen(page: Page, trigger: Locator, label: string, opened: Locator = overlay(page)): Promise<void> {
  await trigger.click();
  await expect(opened).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expectNoAxeViolations(page, label);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
}

const PUBLIC_PAGES: readonly [string, string][] = [
  ['/', 'top page'],
  ['/user/login/', 'member login'],
  ['/user/password/reset/', 'member password reset'],
  ['/common/password/register/?token=unknown', 'password registration (unknown token)'],
  ['/common/password/register/?token=unknown&audience=user&purpose=reset', 'member password reset by link (unknown token)'],
  ['/common/password/reset/done/', 'password reset done'],
  ['/common/line-redirect/', 'LINE redirect (no code)'],
  ['/no/such/page/', '404'],
];

test('axe, as every check here runs it, reports violations planted in a page: a nameless button, an image without alt, faint text', async ({ page }) => {
  await page.goto('/user/login/');
  await settle(page);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const button = document.createElement('button');
    button.id = 'planted-button';
    const image = document.createElement('img');
    image.id = 'planted-img';
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    image.width = 20;
    image.height = 20;
    const text = document.createElement('p');
    text.id = 'planted-text';
    text.textContent = '薄い文字の説明';
    text.style.color = '#eeeeee';
    text.style.background = '#ffffff';
    main.append(button, image, text);
  });
  const results = await runAxe(page);
  const found = results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.map(String).join(' ')}`));
  expect(found).toEqual(expect.arrayContaining(['button-name #planted-button', 'image-alt #planted-img', 'color-contrast #planted-text']));
});

for (const lang of LANGS) {
  test(`public pages and logins [${lang}], ${widthsOf(lang)} px`, async ({ page }) => {
    test.setTimeout(180_000);
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      for (const [path, label] of PUBLIC_PAGES) await check(page, path, label, lang);
      if (lang === 'ja') {
        await check(page, '/staff/login/', 'staff login');
        await check(page, '/staff/password/reset/', 'staff password reset');
      }
    }
  });
}

/** A booking as the guest done page keeps it (sessionStorage), for its view with content. */
const DONE_BOOKING = {
  id: 'a11y-1',
  startsAt: '2030-01-15T10:00:00+09:00',
  endsAt: '2030-01-15T10:30:00+09:00',
  clinicName: '渋谷院',
  clinicPhone: '03-0000-0000',
  menuName: '新規カウンセリング',
  guestName: '山田 花子',
  email: 'hanako@example.jp',
  cancelToken: 'unknown-token',
};

for (const lang of LANGS) {
  test(`guest pages [${lang}], ${widthsOf(lang)} px: every step of the booking, done, cancel, waitlist, confirm`, async ({ page }) => {
    test.setTimeout(240_000);
    const clinics = (await (await page.request.get('/api/guests/clinics')).json()) as { id: string }[];
    const menus = (await (await page.request.get(`/api/guests/menus?clinicId=${clinics[0]!.id}`)).json()) as { id: string }[];
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      const next = page.getByRole('button', { name: NEXT[lang], exact: true });

      await check(page, '/guest/reserve/', 'guest booking, 1 clinic', lang);
      await page.getByTestId('guest-clinics').getByRole('button').first().click();
      const menu = page.locator('section[aria-labelledby="guest-menu-heading"] button').first();
      await expect(menu).toBeVisible();
      await menu.click();
      await expectNoAxeViolations(page, `guest booking, 1 clinic and menu chosen [${lang}]`);
      await next.click();
      const times = page.getByTestId('guest-times').getByRole('button');
      await expect(times.first()).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, `guest booking, 2 day and time [${lang}]`);
      await times.first().click();
      await next.click();
      await expect(page.getByTestId('guest-step-3')).toBeVisible();
      await expectNoAxeViolations(page, `guest booking, 3 details [${lang}]`);
      await next.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `guest booking, 3 details refused (empty) [${lang}]`);
      const step3 = page.getByTestId('guest-step-3');
      const fields = step3.getByRole('textbox');
      const values = ['山田 花子', 'ヤマダ ハナコ', '090-5555-0101', 'a11y@example.jp'];
      // Japanese asks for kana (four fields); English and Chinese do not (three).
      const count = await fields.count();
      for (let i = 0; i < count; i += 1) await fields.nth(i).fill(count === 4 ? values[i]! : [values[0], values[2], values[3]][i]!);
      await next.click();
      await expect(page.getByTestId('guest-summary')).toBeVisible();
      await expectNoAxeViolations(page, `guest booking, 4 confirm [${lang}]`);

      await check(page, '/guest/reserve/done/', 'guest booking done (nothing kept)', lang);
      await page.evaluate((booking) => sessionStorage.setItem('guestBooking.done', JSON.stringify(booking)), DONE_BOOKING);
      await check(page, '/guest/reserve/done/', 'guest booking done', lang);
      await page.evaluate(() => sessionStorage.removeItem('guestBooking.done'));
      await check(page, '/guest/reserve/cancel/?token=unknown-token', 'guest cancel', lang);
      await check(page, '/guest/reserve/cancel/done/', 'guest cancel done', lang);
      await check(page, '/guest/reserve/ad/', 'guest ad page', lang);
      await check(page, '/guest/register/done/', 'guest registration done', lang);
      await check(page, '/guest/reservations/confirm/?token=unknown-token', 'guest visit confirmation (asks for a press of 来院します)', lang);
      await check(page, `/guest/waitlist/?clinicId=${clinics[0]!.id}&menuId=${menus[0]!.id}`, 'guest waitlist registration', lang);
      await check(page, '/guest/waitlist/?token=unknown-token', 'guest waitlist entry (unknown token)', lang);
    }
  });
}

const MEMBERS: Record<Lang, string> = { ja: '100016', en: '100019', 'zh-CN': '100020' };

for (const lang of LANGS) {
  test(`member pages [${lang}], ${widthsOf(lang)} px: every mypage page, the menu drawer, the booking steps`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.route(/\/api\/users\/reservations\/a11y-1\/forms$/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: PATIENT_FORMS }) : route.fallback(),
    );
    await memberLogin(page, MEMBERS[lang]);
    await expect(page).toHaveURL(/\/user\/mypage\//);
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      await check(page, '/user/mypage/update/', 'mypage: notices and profile', lang);
      if (viewport === WIDTHS.phone) {
        await checkOpen(page, page.getByRole('button', { name: /メニュー|menu|菜单/i }).first(), `mypage: menu drawer [${lang}]`);
      }
      await check(page, '/user/mypage/services/', 'mypage: bookings and contracts', lang);
      await check(page, '/user/mypage/waitlist/', 'mypage: waitlist', lang);
      await check(page, '/user/mypage/settings/', 'mypage: settings', lang);
      await check(page, '/user/mypage/reserve/done/', 'mypage: booking done (nothing kept)', lang);
      await check(page, '/user/mypage/reserve/cancel/done/', 'mypage: cancel done', lang);
      await check(page, '/user/reservations/999999999/confirm/', 'mypage: visit confirmation (refused)', lang);
      await check(page, '/user/mypage/reservations/a11y-1/forms/', 'mypage: forms of a booking (PATIENT_FORMS)', lang);
      await page.locator('main').getByRole('button').first().click();
      await expect(page.locator('main form')).toBeVisible();
      await expectNoAxeViolations(page, `mypage: forms, questionnaire [${lang}]`);

      await check(page, '/user/mypage/reserve/', 'mypage: booking, 1 menu', lang);
      await page.locator('main button[aria-pressed], main [data-choice] button, main button').filter({ hasText: /\d/ }).first().click();
      const calendar = page.getByRole('application');
      await expect(calendar).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, `mypage: booking, 2 day [${lang}]`);
      await calendar.locator('[role="gridcell"] [role="button"]:not([aria-disabled="true"]):not([data-outside-month])').first().click();
      const times = page.locator('section[aria-labelledby="step-time"] button, [aria-labelledby="step-time"] [role="group"] button');
      await expect(times.first()).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, `mypage: booking, 3 time [${lang}]`);
      await times.first().click();
      await expect(page.getByRole('heading', { level: 2 }).last()).toBeVisible();
      await expectNoAxeViolations(page, `mypage: booking, 4 confirm [${lang}]`);
    }
  });
}

test('staff calendar (S1001), 375 and 1280 px: day and week, booking dialog, reservation panel, unconfirmed, memo, nav drawer, clinic picker, logout', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await staffLogin(page, 'S1001');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  for (const viewport of WIDTH_LIST) {
    await page.setViewportSize(viewport);
    await check(page, '/staff/calendar/', 'staff calendar, day');
    const blocks = page.locator('[data-block]');
    await expect(blocks.first()).toBeVisible();
    await checkOpen(page, page.getByRole('button', { name: '予約を追加' }), 'staff calendar, booking dialog');
    await checkOpen(page, blocks.first(), 'staff calendar, reservation panel');
    // The paperwork of a reservation (issue 23), from its panel's link.
    const reservationId = await blocks.first().getAttribute('data-reservation');
    await check(page, `/staff/reservations/${reservationId}/forms/`, "staff: a reservation's forms");
    await check(page, '/staff/calendar/', 'staff calendar, day');
    await page.getByText('未確認のみ').click();
    await expect(page.getByTestId('unconfirmed-list')).toBeVisible();
    await expectNoAxeViolations(page, 'staff calendar, unconfirmed only');
    await page.getByText('未確認のみ').click();
    await page.getByRole('button', { name: /^メモを(編集|追加)$/ }).click();
    await expectNoAxeViolations(page, 'staff calendar, memo editor');
    await check(page, '/staff/calendar/?view=week', 'staff calendar, week');
    if (viewport === WIDTHS.phone) await checkOpen(page, page.getByRole('button', { name: 'メニューを開く' }), 'staff layout, nav drawer');
    await checkOpen(page, page.getByRole('button', { name: /表示中のクリニック/ }), 'staff layout, clinic picker', page.getByRole('listbox'));
    await checkOpen(page, page.getByRole('button', { name: 'ログアウト' }), 'staff layout, logout confirmation');
  }
});

test('staff pages (S1001), 375 and 1280 px: 新着, 会員 (panel, tabs, form), スタッフ (panel, form), 送信履歴, 2段階認証', async ({ page }) => {
  test.setTimeout(300_000);
  await staffLogin(page, 'S1001');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  for (const viewport of WIDTH_LIST) {
    await page.setViewportSize(viewport);
    await check(page, '/staff/update/', 'staff 新着');
    await check(page, '/staff/users/', 'staff 会員');
    await checkOpen(page, page.getByRole('button', { name: '会員を登録' }), 'staff 会員, registration dialog');
    await page.getByRole('button', { name: '検索' }).click();
    await page.locator('main li button').first().click();
    const memberPanel = page.getByRole('region', { name: '会員の詳細' });
    await expect(memberPanel).toBeVisible();
    for (const tab of await memberPanel.getByRole('tab').all()) {
      await tab.click();
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
      await expectNoAxeViolations(page, `staff 会員, member panel, tab ${await tab.textContent()}`);
    }
    await check(page, '/staff/staffs/', 'staff スタッフ');
    await checkOpen(page, page.getByRole('button', { name: 'スタッフを追加' }), 'staff スタッフ, registration dialog');
    await check(page, '/staff/messages/', 'staff 送信履歴');
    await check(page, '/staff/two-factor/', 'staff 2段階認証');
  }
});

test('admin pages (admin), 375 and 1280 px: 設備, メニュー (dialog), 設定, レポート, 管理者, 監査ログ, LINE送信数', async ({ page }) => {
  test.setTimeout(300_000);
  await staffLogin(page, 'S1001');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  for (const viewport of WIDTH_LIST) {
    await page.setViewportSize(viewport);
    await check(page, '/admin/clinic/facilities/', 'admin 設備');
    await check(page, '/admin/clinic/menus/', 'admin メニュー');
    await checkOpen(page, page.getByRole('button', { name: /を編集$/ }).first(), 'admin メニュー, edit dialog');
    await check(page, '/admin/clinic/settings/', 'admin 設定');
    await check(page, '/admin/clinic/reports/', 'admin レポート');
    await check(page, '/admin/settings/', 'admin 管理者');
    await check(page, '/admin/settings/audit/', 'admin 監査ログ');
    await check(page, '/admin/settings/forms/', 'admin 問診票・同意書');
    await check(page, '/admin/settings/line/', 'admin LINEメッセージ送信数');
    await shoot(page, 'a11y-admin-line-usage');
  }
});

/**
 * The patient's forms pages (issue 23). Their answers come from the API, so the journey gives a
 * questionnaire and a consent form through the browser (the shape of `PatientForm`); everything
 * else (layout, texts, the ui-kit's form renderer and consent panel) is the app's own.
 */
const PATIENT_FORMS = [
  {
    formId: 'a11y-q',
    kind: 'QUESTIONNAIRE',
    title: '医療脱毛 問診票',
    versionId: 'a11y-q1',
    version: 1,
    status: 'PENDING',
    items: [
      { key: 'pregnant', type: 'yesno', label: '妊娠の可能性はありますか', required: true },
      { key: 'medicine', type: 'yesno', label: '服用中のお薬はありますか', required: true },
      { key: 'medicineName', type: 'text', label: 'お薬の名前', required: true, showIf: { key: 'medicine', equals: true } },
      { key: 'notes', type: 'textarea', label: 'その他' },
    ],
    body: null,
    prefill: {},
  },
  {
    formId: 'a11y-c',
    kind: 'CONSENT',
    title: '医療レーザー脱毛 施術同意書',
    versionId: 'a11y-c1',
    version: 1,
    status: 'PENDING',
    items: [],
    body: '施術後に赤みが出ることがあります。\n以上に同意します。',
    prefill: {},
  },
];

for (const lang of LANGS) {
  test(`forms pages [${lang}], ${widthsOf(lang)} px: the list, a questionnaire (refused empty), a consent form (its calendar open, a minor refused)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.route(/\/api\/guests\/reservations\/forms\?/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: PATIENT_FORMS }) : route.fallback(),
    );
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      await check(page, '/guest/forms/', 'guest forms (no token)', lang);
      await check(page, '/guest/forms/?token=a11y-token', 'guest forms, list', lang);
      const main = page.locator('main');
      await main.getByRole('button').first().click();
      await expect(main.locator('form')).toBeVisible();
      await expectNoAxeViolations(page, `guest forms, questionnaire [${lang}]`);
      await main.locator('form button[type="submit"]').click();
      await expect(main.locator('[aria-invalid="true"], [data-invalid]').first()).toBeVisible();
      await expectNoAxeViolations(page, `guest forms, questionnaire refused (empty) [${lang}]`);
      await check(page, '/guest/forms/?token=a11y-token', 'guest forms, list', lang);
      await main.getByRole('button').nth(1).click();
      await expect(main.locator('form')).toBeVisible();
      await expectNoAxeViolations(page, `guest forms, consent [${lang}]`);
      // The birth date's calendar, open.
      const openCalendar = { ja: 'カレンダーを開く', en: 'Open the calendar', 'zh-CN': '打开日历' }[lang];
      await checkOpen(page, main.getByRole('button', { name: openCalendar }), `guest forms, consent, birth date calendar open [${lang}]`);
      // A minor: the birth date given, the guardian's fields shown, and sent empty (refused).
      const segments = main.getByRole('spinbutton');
      await segments.first().click();
      await page.keyboard.type(lang === 'en' ? '04012015' : '20150401');
      const guardian = { ja: '保護者のお名前', en: "Parent or guardian's name", 'zh-CN': '监护人姓名' }[lang];
      await expect(main.getByRole('textbox', { name: guardian })).toBeVisible();
      await main.locator('form button[type="submit"]').click();
      await expect(main.locator('[aria-invalid="true"], [data-invalid]').first()).toBeVisible();
      await expectNoAxeViolations(page, `guest forms, consent of a minor refused (empty) [${lang}]`);
    }
  });
}

/**
 * The staff's and the head office's side of the forms (issue 23): the editor of a draft (a
 * questionnaire with every kind of item, and a consent), its 375 px preview in three languages and
 * its dialogs; a reservation's answers (a flag, a changed answer beside the previous visit's, a
 * drawn signature, a guardian, the countersign form), the printable page and one member's forms.
 * Their data comes through the browser (ids no demo record has), so nothing is created or changed.
 */
const A11Y_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const A11Y_ITEMS = [
  { key: 'pregnant', type: 'yesno', label: '妊娠中、または妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  { key: 'medicine', type: 'yesno', label: '服用中のお薬はありますか', required: true },
  { key: 'medicineName', type: 'text', label: 'お薬の名前', required: true, showIf: { key: 'medicine', equals: true } },
  {
    key: 'allergies',
    type: 'multi',
    label: 'アレルギー',
    options: [
      { value: 'anesthetic', label: '麻酔' },
      { value: 'latex', label: 'ラテックス' },
    ],
    flag: { equals: 'anesthetic', label: '麻酔アレルギー' },
  },
  {
    key: 'skin',
    type: 'single',
    label: '肌のタイプ',
    options: [
      { value: 'dry', label: '乾燥肌' },
      { value: 'oily', label: '脂性肌' },
    ],
  },
  { key: 'lastTreatment', type: 'date', label: '前回の施術日' },
  { key: 'notes', type: 'textarea', label: 'そのほか医師に伝えたいこと' },
];
const A11Y_TRANSLATIONS = {
  en: { items: { pregnant: { label: 'Are you, or could you be, pregnant?' }, skin: { label: 'Skin type', options: { dry: 'Dry', oily: 'Oily' } } } },
  'zh-CN': { items: { pregnant: { label: '您是否怀孕或可能怀孕？' } } },
};
const A11Y_ADMIN_FORMS = {
  '900001': {
    form: {
      id: '900001',
      kind: 'QUESTIONNAIRE',
      title: 'アクセシビリティ確認 問診票',
      checkConditionId: null,
      translations: { en: { title: 'Check questionnaire' } },
    },
    version: { id: '900002', formId: '900001', items: A11Y_ITEMS, body: null, translations: A11Y_TRANSLATIONS },
  },
  '900003': {
    form: { id: '900003', kind: 'CONSENT', title: 'アクセシビリティ確認 同意書', checkConditionId: null, translations: {} },
    version: {
      id: '900004',
      formId: '900003',
      items: [{ key: 'agree', type: 'yesno', label: '説明を受け、同意します', required: true }],
      body: '施術後に赤みが出ることがあります。\n以上に同意します。',
      translations: { en: { body: 'Redness may follow.' } },
    },
  },
} as const;

const a11yResponse = (overrides: Record<string, unknown>) => ({
  responseId: '900011',
  formId: '900001',
  title: 'アクセシビリティ確認 問診票',
  reservationId: '900010',
  userId: '900020',
  kind: 'QUESTIONNAIRE',
  version: 2,
  status: 'COMPLETE',
  items: A11Y_ITEMS,
  body: null,
  answers: { pregnant: true, medicine: true, medicineName: 'ワーファリン', allergies: ['anesthetic'], skin: 'dry' },
  flags: ['妊娠の可能性あり', '麻酔アレルギー'],
  signature: null,
  language: 'en',
  submittedAt: '2026-12-02T10:00:00+09:00',
  countersign: null,
  amends: null,
  hash: 'b'.repeat(64),
  prevHash: 'a'.repeat(64),
  canonical: '{}',
  ...overrides,
});
const A11Y_RESPONSES = [
  a11yResponse({}),
  a11yResponse({
    responseId: '900012',
    formId: '900003',
    title: 'アクセシビリティ確認 同意書',
    kind: 'CONSENT',
    version: 1,
    status: 'SIGNED',
    items: A11Y_ADMIN_FORMS['900003'].version.items,
    body: A11Y_ADMIN_FORMS['900003'].version.body,
    answers: { agree: true },
    flags: [],
    signature: { name: 'Emma Brown', hasImage: true, image: A11Y_PNG, guardian: { name: 'Olivia Brown', relation: '母' }, birthDate: '2010-05-01' },
    prevHash: 'b'.repeat(64),
    hash: 'c'.repeat(64),
  }),
];
const A11Y_PREVIOUS = a11yResponse({
  responseId: '900013',
  reservationId: '900009',
  answers: { pregnant: false, medicine: false, skin: 'oily' },
  flags: [],
  submittedAt: '2026-06-01T10:00:00+09:00',
});
const A11Y_RESERVATION = {
  id: '900010',
  clinicId: '1',
  userId: '900020',
  status: 'RESERVED',
  source: 'WEB_GUEST',
  menuIds: ['1'],
  menus: [{ id: '1', name: '両ワキ脱毛 お試し1回' }],
  startsAt: '2026-12-07T10:00:00+09:00',
  endsAt: '2026-12-07T10:15:00+09:00',
  tasks: [],
  createdAt: '2026-12-01T09:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
  memo: '',
  campaign: null,
  cancelToken: '',
  user: { id: '900020', name: 'Emma Brown', kana: '', userNumber: null },
  forms: { required: 2, complete: 1, flags: ['妊娠の可能性あり', '麻酔アレルギー'] },
  formsSent: 2,
};

test('forms for the head office and staff (issue 23), 375 and 1280 px: the editor with its preview and dialogs, the answers, the printable page, a member’s forms', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.route(/\/api\/admin\/forms\/(900001|900003)(\/versions\/(900002|900004))?$/, (route) => {
    const [, formId, , versionId] = /\/forms\/(\d+)(\/versions\/(\d+))?$/.exec(new URL(route.request().url()).pathname)!;
    const { form, version } = A11Y_ADMIN_FORMS[formId as keyof typeof A11Y_ADMIN_FORMS];
    const summary = { id: version.id, version: 2, status: 'DRAFT', publishedAt: null, hash: null };
    const previous = { id: '900000', version: 1, status: 'ACTIVE', publishedAt: '2026-11-01T10:00:00+09:00', hash: 'd'.repeat(64) };
    return route.fulfill({
      json: versionId ? { ...version, ...summary } : { ...form, activeVersionId: previous.id, versions: [previous, summary] },
    });
  });
  await page.route(/\/api\/staffs\/reservations\/900010(\/forms)?$/, (route) =>
    route.fulfill({ json: route.request().url().endsWith('/forms') ? A11Y_RESPONSES : A11Y_RESERVATION }),
  );
  await page.route(/\/api\/staffs\/form-responses\/900012$/, (route) => route.fulfill({ json: A11Y_RESPONSES[1] }));
  await page.route(/\/api\/staffs\/users\/900020\/forms\/export$/, (route) =>
    route.fulfill({ json: { records: [A11Y_PREVIOUS, ...A11Y_RESPONSES], verified: true } }),
  );
  await page.route(/\/api\/staffs\/users\/900020\/with-details$/, (route) =>
    route.fulfill({
      json: {
        member: { id: '900020', name: 'Emma Brown', kana: '', userNumber: null },
        reservations: [A11Y_RESERVATION],
        contracts: [],
        checkItems: [],
        tags: [],
        noShows: [],
      },
    }),
  );
  await staffLogin(page, 'admin');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  for (const viewport of WIDTH_LIST) {
    await page.setViewportSize(viewport);
    await check(page, '/admin/settings/forms/', 'admin 問診票・同意書');
    await checkOpen(page, page.getByRole('button', { name: '書類を追加' }), 'admin 問診票・同意書, add dialog');
    for (const [id, kind] of [
      ['900001', 'questionnaire'],
      ['900003', 'consent'],
    ] as const) {
      await check(page, `/admin/settings/forms/${id}/`, `admin form editor, ${kind} draft`);
      await shoot(page, `a11y-admin-form-editor-${kind}`);
      // The editor's dropdowns open: an item's answer type and, for a later item, the item it depends on.
      const listbox = page.getByRole('listbox');
      await checkOpen(
        page,
        page.getByRole('group', { name: '項目 1' }).getByRole('button', { name: /回答の形/ }),
        `admin form editor, ${kind}, answer types open`,
        listbox,
      );
      if (kind === 'questionnaire')
        await checkOpen(
          page,
          page.getByRole('group', { name: '項目 3' }).getByRole('button', { name: /表示する条件/ }),
          `admin form editor, ${kind}, show-if items open`,
          listbox,
        );
      const preview = page.getByTestId('form-preview');
      for (const language of ['English', '简体中文']) {
        await preview.getByText(language, { exact: true }).click();
        await expect(preview.getByRole('radio', { name: language })).toBeChecked();
        await expectNoAxeViolations(page, `admin form editor, ${kind} preview in ${language}`);
      }
      await checkOpen(page, page.getByRole('button', { name: 'この版を公開する' }), `admin form editor, ${kind}, publish confirmation`);
    }
  }
  await staffLogin(page, 'S1001');
  await expect(page).toHaveURL(/\/staff\/calendar\//);
  for (const viewport of WIDTH_LIST) {
    await page.setViewportSize(viewport);
    await check(page, '/staff/reservations/900010/forms/', 'staff: a reservation’s answers (flags, previous visit, signature, countersign)');
    await expect(page.getByRole('img', { name: 'Emma Brown 様の手書きのサイン' })).toBeVisible();
    await shoot(page, 'a11y-staff-form-answers');
    await checkOpen(
      page,
      page.getByTestId('countersign').getByRole('button', { name: /説明した医師/ }),
      'staff: a reservation’s answers, the countersign’s doctors open',
      page.getByRole('listbox'),
    );
    await check(page, '/staff/form-responses/900012/print/', 'staff: the printable page of a response');
    await shoot(page, 'a11y-staff-form-print');
    await check(page, '/staff/users/900020/forms/', 'staff: a member’s forms (export and printable sheets)');
    await shoot(page, 'a11y-staff-member-forms');
  }
});

/**
 * The LINE app (issue 24; the shared server runs it on @line/liff-mock, test/playwright.config.ts):
 * its booking steps, "my bookings" (empty, and with a visit and its cancel question, the list given
 * through the browser) and the notice when opened outside LINE, in LINE's language. Nothing is
 * booked or cancelled.
 */
const LINE_TEXTS: Record<Lang, { bookings: string; cancel: string }> = {
  ja: { bookings: '予約の確認', cancel: 'キャンセルする' },
  en: { bookings: 'My bookings', cancel: 'Cancel' },
  'zh-CN': { bookings: '我的预约', cancel: '取消' },
};

const LINE_BOOKING = {
  id: 'a11y-line-1',
  clinicId: '1',
  userId: null,
  status: 'RESERVED',
  source: 'LINE',
  menuIds: ['1'],
  menus: [{ id: '1', name: '新規カウンセリング' }],
  startsAt: '2030-01-15T10:00:00+09:00',
  endsAt: '2030-01-15T10:30:00+09:00',
  createdAt: '2030-01-01T10:00:00+09:00',
  cancelledAt: null,
  confirmedAt: '2030-01-14T18:05:00+09:00',
};

for (const lang of LANGS) {
  test(`LINE app [${lang}], ${widthsOf(lang)} px: booking steps, my bookings, waitlist, outside LINE`, async ({ page }) => {
    test.setTimeout(240_000);
    const texts = LINE_TEXTS[lang];
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      const next = page.getByRole('button', { name: NEXT[lang], exact: true });

      await page.goto(`/line/app/?mockUser=U-a11y-${lang}&mockLang=${lang}`);
      await expect(page.getByRole('link', { name: texts.bookings })).toBeVisible({ timeout: 30_000 });
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoAxeViolations(page, `LINE app booking, 1 clinic [${lang}]`);
      await page.getByTestId('guest-clinics').getByRole('button').first().click();
      const menu = page.locator('section[aria-labelledby="guest-menu-heading"] button').first();
      await expect(menu).toBeVisible();
      await menu.click();
      await expectNoAxeViolations(page, `LINE app booking, 1 clinic and menu chosen [${lang}]`);
      await next.click();
      const times = page.getByTestId('guest-times').getByRole('button');
      await expect(times.first()).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, `LINE app booking, 2 day and time [${lang}]`);
      // The LINE app's own waitlist page (checked below).
      const waitlistLink = page.locator('main a[href^="/line/app/waitlist/"]');
      await expect(waitlistLink).toBeVisible();
      const waitlistPath = (await waitlistLink.getAttribute('href'))!;
      await times.first().click();
      await next.click();
      await expect(page.getByTestId('guest-step-3')).toBeVisible();
      await expectNoAxeViolations(page, `LINE app booking, 3 name and phone [${lang}]`);
      await next.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `LINE app booking, 3 refused (empty) [${lang}]`);
      // A name and a phone (and a kana reading in Japanese): no e-mail in LINE.
      const fields = page.getByTestId('guest-step-3').getByRole('textbox');
      const values = (await fields.count()) === 3 ? ['山田 花子', 'ヤマダ ハナコ', '090-5555-0102'] : ['Hana Yamada', '090-5555-0102'];
      for (const [i, value] of values.entries()) await fields.nth(i).fill(value);
      await next.click();
      await expect(page.getByTestId('guest-summary')).toBeVisible();
      await expectNoAxeViolations(page, `LINE app booking, 4 confirm [${lang}]`);
      await shoot(page, `a11y-line-app-confirm-${lang}`);

      await page.getByRole('link', { name: texts.bookings }).click();
      await settle(page);
      await expectNoAxeViolations(page, `LINE app my bookings, none [${lang}]`);
      await page.route('**/api/line/app/reservations', (route) => route.fulfill({ json: [LINE_BOOKING] }));
      await page.goto(`/line/app/reservations/?mockUser=U-a11y-${lang}&mockLang=${lang}`);
      await expect(page.getByTestId('line-bookings').getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
      await settle(page);
      await expectNoAxeViolations(page, `LINE app my bookings, one visit [${lang}]`);
      await page.getByTestId('line-bookings').getByRole('button', { name: texts.cancel, exact: true }).click();
      await expect(page.getByTestId('line-bookings').getByRole('button')).toHaveCount(2);
      await expectNoAxeViolations(page, `LINE app my bookings, cancel asked [${lang}]`);
      await shoot(page, `a11y-line-app-bookings-${lang}`);
      await page.unroute('**/api/line/app/reservations');

      // The waitlist in the LINE app: a name and a phone, no e-mail; refused empty.
      await page.goto(`${waitlistPath}&mockUser=U-a11y-${lang}&mockLang=${lang}`);
      await expect(page.getByTestId('guest-waitlist-join')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('guest-waitlist-join').locator('input[type="email"]')).toHaveCount(0);
      await settle(page);
      await expectNoAxeViolations(page, `LINE app waitlist, join [${lang}]`);
      await page.getByTestId('guest-waitlist-join').locator('button[type="submit"]').click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `LINE app waitlist, join refused (empty) [${lang}]`);
      await shoot(page, `a11y-line-app-waitlist-${lang}`);

      await page.goto(`/line/app/?mockOutside=1&mockLang=${lang}`);
      await settle(page);
      await expectNoAxeViolations(page, `LINE app opened outside LINE [${lang}]`);
      await shoot(page, `a11y-line-app-outside-${lang}`);
    }
  });
}

test('LINE app, a linked member: the waitlist (where an offer is taken) is their own member page, logged in by the app', async ({ page }) => {
  // The demo chain's member 100027 is linked to LINE user U-demo-linked-0027; a waitlist offer's button opens /line/app/waitlist.
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/line/app/waitlist/?mockUser=U-demo-linked-0027&mockLang=ja');
  await expect(page).toHaveURL(/\/user\/mypage\/waitlist\/$/, { timeout: 30_000 });
  await settle(page);
  await expectNoAxeViolations(page, 'LINE app, linked member, their waitlist [ja]');
  await shoot(page, 'a11y-line-app-member-waitlist');
});

const LINE_MEMBER_TEXTS: Record<Lang, { memberBook: string; bookings: string; retry: string; refused: string }> = {
  ja: { memberBook: '会員ページで予約する', bookings: '予約の確認', retry: 'もう一度試す', refused: 'LINEの情報を確認できませんでした。' },
  en: { memberBook: 'Book on your member page', bookings: 'My bookings', retry: 'Try again', refused: 'We could not check your LINE account.' },
  'zh-CN': { memberBook: '在会员页面预约', bookings: '我的预约', retry: '重试', refused: '无法确认您的LINE信息。' },
};

for (const lang of LANGS) {
  test(`LINE app [${lang}], ${widthsOf(lang)} px: a linked member's landing and bookings, and a LINE token refused`, async ({ page }) => {
    test.setTimeout(180_000);
    const texts = LINE_MEMBER_TEXTS[lang];
    const app = `/line/app/?mockUser=U-demo-linked-0027&mockLang=${lang}`;
    for (const viewport of LANG_WIDTHS[lang]) {
      await page.setViewportSize(viewport);
      // The demo chain's member 100027 is linked to this LINE user: the app logs them in.
      await page.goto(app);
      await expect(page.getByRole('link', { name: texts.memberBook })).toBeVisible({ timeout: 30_000 });
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoAxeViolations(page, `LINE app, linked member, landing [${lang}]`);
      await shoot(page, `a11y-line-app-member-${lang}`);
      await page.getByRole('link', { name: texts.bookings }).click();
      await settle(page);
      await expectNoAxeViolations(page, `LINE app, linked member, my bookings [${lang}]`);

      // LINE's verification refuses the token: the app's alert and its retry, nothing else.
      await page.route('**/api/line/app/session', (route) =>
        route.fulfill({ status: 401, json: { error: { code: 'INVALID_TOKEN', message: 'リンクが正しくありません。' } } }),
      );
      await page.goto(app);
      // In LINE's language, and in the app's words (no login to renew: open it from LINE again).
      await expect(page.getByRole('button', { name: texts.retry })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main').getByRole('alert')).toContainText(texts.refused);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await settle(page);
      await expectNoAxeViolations(page, `LINE app, LINE token refused [${lang}]`);
      await shoot(page, `a11y-line-app-refused-${lang}`);
      await page.unroute('**/api/line/app/session');
    }
  });
}
