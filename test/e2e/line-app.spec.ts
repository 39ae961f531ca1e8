import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalLineMessaging, type LocalLineMessaging } from '../../server/src/dev/local-line-messaging';
import { DEMO_PASSWORD, WIDTHS, shoot, staffLogin } from './support';

/**
 * The LINE app (issue 24) on a server of its own: the shared e2e server sends LINE pushes nowhere
 * (test/e2e/messages.spec.ts wants them to fail), this one to the local Messaging API stand-in of
 * this file, and runs the LINE app on @line/liff-mock (LINE_LIFF_MOCK) with the local ID-token
 * verification (LINE_LOCAL_PROVIDER, the embedded database's default).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECRET = 'e2e-line-messaging-channel-secret';
const LINE_USER = 'U-e2e-line-0001';

let line: LocalLineMessaging;
let server: ChildProcess;
let base = '';

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  line = await startLocalLineMessaging();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://memory',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      LINE_LIFF_ID: 'e2e-liff',
      LINE_LIFF_MOCK: 'on',
      LINE_MESSAGING_URL: line.url,
      LINE_CHANNEL_ACCESS_TOKEN: line.channelAccessToken,
      LINE_MESSAGING_CHANNEL_SECRET: SECRET,
      MESSAGE_POLL_SECONDS: '0.5',
      GUEST_FREE_PER_ADDRESS_HOUR: '100',
      GUEST_MAX_PER_ADDRESS_HOUR: '100',
    },
  });
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 300_000, intervals: [500] }).toBe(200);
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await line?.close();
});

/** The clinic's ADMIN (渋谷院の院長), by the API. */
const adminApi = async (): Promise<APIRequestContext> => {
  const context = await apiRequest.newContext({ baseURL: base });
  const login = await context.post('/api/login', { form: { username: 'staffS1001', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return context;
};

const tokyo = (date: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', hourCycle: 'h23', ...options }).format(date);

test('a LINE user books in English on a phone, sees the visit in my bookings; its reminder carries the buttons; 来院します confirms it on the staff calendar', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const admin = await adminApi();
  const clinics = (await (await admin.get('/api/admin/clinics')).json()) as { id: string; name: string }[];
  const shibuya = clinics.find((clinic) => clinic.name.includes('渋谷'))!;
  const clinic = (await (await admin.get(`/api/admin/clinics/${shibuya.id}`)).json()) as Record<string, unknown>;
  /**
   * The clinic reminds the day before at the first whole minute at least 45 s from now, set just
   * before the booking is sent: a visit booked for tomorrow gets its reminder pushed during this
   * journey, 45–105 s later (the rule is read when the booking is made). Set at the start of the
   * journey, it had to lie minutes ahead, and the journey waited that long for the reminder.
   */
  const remindSoon = async () => {
    const remindAt = tokyo(new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000), { hour: '2-digit', minute: '2-digit' });
    const saved = await admin.put(`/api/admin/clinics/${shibuya.id}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        name: clinic.name,
        phone: clinic.phone,
        webBookingEnabled: clinic.webBookingEnabled,
        openingHours: clinic.openingHours,
        // Changes and cancels online up to an hour before: tomorrow's visit still offers 変更・キャンセル.
        updateDeadlineHours: 1,
        cancelDeadlineHours: 1,
        minLeadMinutes: clinic.minLeadMinutes,
        reminderRules: [{ kind: 'DAY_BEFORE', at: remindAt }],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };

  // The LINE app in LINE's in-app browser on a phone, LINE set to English.
  const context = await browser.newContext({ viewport: WIDTHS.phone });
  const page = await context.newPage();
  await page.goto(`${base}/line/app/?mockUser=${LINE_USER}&mockLang=en`);
  await expect(page.getByText('Book in LINE')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'My bookings' })).toBeVisible();
  await page.getByRole('button', { name: '渋谷院' }).click();
  await page.getByRole('button', { name: /^First consultation \(hair removal\)/ }).click();
  await shoot(page, 'line-app-menu');
  await page.getByRole('button', { name: 'Next' }).click();
  // Tomorrow (the reminder's day before is today).
  const days = page.getByTestId('guest-days');
  await expect(days).toBeVisible({ timeout: 30_000 });
  await days.getByRole('button').nth(1).click();
  await expect(page.getByRole('heading', { name: /^Time \(/ })).toBeVisible();
  await page.getByTestId('guest-times').getByRole('button').first().click();
  await shoot(page, 'line-app-time');
  await page.getByRole('button', { name: 'Next' }).click();
  // A name and a phone only: no kana in English, no e-mail in LINE.
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  await expect(page.getByLabel(/katakana/)).toHaveCount(0);
  await page.getByLabel('Name').fill('Emma Brown');
  await page.getByLabel('Phone number').fill('090-7777-0001');
  await shoot(page, 'line-app-details');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('guest-summary')).toContainText('Emma Brown');
  await shoot(page, 'line-app-confirm');
  await remindSoon();
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  await expect(page).toHaveURL(/\/line\/app\/reservations\/$/);
  await expect(page.getByText('Your booking is confirmed.', { exact: false })).toBeVisible();
  const bookings = page.getByTestId('line-bookings').getByRole('listitem');
  await expect(bookings).toHaveCount(1);
  await shoot(page, 'line-app-bookings');
  const listed = (await (await page.request.get(`${base}/api/line/app/reservations`)).json()) as { id: string; source: string; startsAt: string }[];
  expect(listed).toHaveLength(1);
  expect(listed[0]!.source).toBe('LINE');
  const reservationId = listed[0]!.id;

  // The confirmation, then the reminder: Flex messages with their buttons.
  await expect.poll(() => line.pushes.some((push) => push.to === LINE_USER), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => line.pushes.filter((push) => push.to === LINE_USER).length, { timeout: 240_000, intervals: [1_000] }).toBeGreaterThanOrEqual(2);
  const reminder = line.pushes.filter((push) => push.to === LINE_USER).at(-1)!;
  const flex = reminder.messages[0] as { type: string; contents: { footer: { contents: { action: Record<string, string> }[] } } };
  expect(flex.type).toBe('flex');
  const actions = flex.contents.footer.contents.map((button) => button.action);
  expect(actions).toContainEqual({ type: 'postback', label: 'I will come', data: `action=confirm&reservationId=${reservationId}`, displayText: 'I will come' });
  expect(actions).toContainEqual(expect.objectContaining({ type: 'uri', label: 'Change / cancel', uri: `${base}/line/app/reservations` }));

  // The person taps 来院します in LINE: LINE posts the signed postback to the webhook.
  const body = JSON.stringify({
    destination: 'U0000000000000000000000000000000',
    events: [
      {
        type: 'postback',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01E2E${Date.now()}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: LINE_USER },
        replyToken: 'e2e-reply-token',
        postback: { data: `action=confirm&reservationId=${reservationId}` },
      },
    ],
  });
  const hook = await fetch(`${base}/api/line/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Line-Signature': createHmac('sha256', SECRET).update(body).digest('base64') },
    body,
  });
  expect(hook.status).toBe(200);

  // The staff calendar marks the visit as confirmed, and shows it came from LINE.
  const staffContext = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: base });
  const staff = await staffContext.newPage();
  await staffLogin(staff, 'S1002');
  await expect(staff).toHaveURL(/\/staff\/calendar\//);
  const date = tokyo(new Date(listed[0]!.startsAt), { year: 'numeric', month: '2-digit', day: '2-digit' });
  await expect
    .poll(async () => (await (await staff.request.get(`${base}/api/staffs/reservations/${reservationId}`)).json()).confirmedAt, { timeout: 60_000 })
    .not.toBeNull();
  await staff.goto(`/staff/calendar/?clinicId=${shibuya.id}&date=${date}&view=day`);
  const block = staff.locator(`[data-reservation="${reservationId}"]`).first();
  await expect(block).toHaveAttribute('data-confirmed', '');
  await block.click();
  await expect(staff.getByText('LINE', { exact: true }).first()).toBeVisible();
  await shoot(staff, 'line-app-staff-calendar');

  // My bookings at the width of a desktop browser too.
  await page.setViewportSize(WIDTHS.desktop);
  await shoot(page, 'line-app-bookings');
  await context.close();
  await staffContext.close();
  await admin.dispose();
});

test('opened outside LINE, the page says so and links to the web booking', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDTHS.phone });
  const page = await context.newPage();
  await page.goto(`${base}/line/app/?mockOutside=1`);
  await expect(page.getByRole('heading', { name: 'LINEアプリで開いてください' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Webの予約ページへ' })).toHaveAttribute('href', '/guest/reserve/');
  await shoot(page, 'line-app-outside');
  await page.setViewportSize(WIDTHS.desktop);
  await shoot(page, 'line-app-outside');
  await context.close();
});
