import { OtpauthTotp } from '@clinic/adapters/security';
import { ACCOUNTS } from '@clinic/server';
import { DateTime } from 'luxon';
import { memberOf, seedBookableClinic, type BookingFixture } from './booking-fixture';
import { startLocalLineProvider, startLocalLineVerify, type LocalLineVerify } from '@clinic/server/dev';
import { startFakeSalonServer, type FakeSalonServer } from '../fakes/fake-salon-server';
import { PASSWORD, startTestServer, type Answer, type TestClient, type TestServer } from './http-harness';
import { ROLES, type Role } from '../http/authorization-matrix';

/**
 * A world in which every route of the API can be called with valid input by each column of the
 * authorization matrix: clinic X (bookable, where every resource lives) and clinic Y, STAFF of
 * each, an ADMIN, members A, B (same clinic) and C (for token flows), and one request builder per
 * route (`REQUESTS`, keyed like the matrix rows) that makes fresh records when the call would
 * consume them. Used by authorization-matrix.test.ts and input-fuzz.test.ts.
 */

const ZONE = 'Asia/Tokyo';
const today = DateTime.now().setZone(ZONE).startOf('day');
export const isoDate = (daysFromToday: number) => today.plus({ days: daysFromToday }).toISODate()!;
export const instant = (daysFromToday: number, hour: number, minute = 0) =>
  today.plus({ days: daysFromToday }).set({ hour, minute }).toISO({ suppressMilliseconds: true })!;

export let server: TestServer;
export let X: BookingFixture;
let Y: BookingFixture;
/** LINE's ID-token verification for the LINE app's session (the local stand-in). */
let lineVerify: LocalLineVerify;
export const clients = {} as Record<Role, TestClient>;
export const ids = {} as {
  admin: string;
  adminX: string;
  adminY: string;
  staffX: string;
  staffY: string;
  memberA: string;
  memberB: string;
  memberC: string;
  reservationA: string;
  checkItem: string;
  /** A published questionnaire and consent that menu A asks for, and a doctor of clinic X (docs/forms.md). */
  questionnaire: string;
  questionnaireVersion: string;
  consent: string;
  consentVersion: string;
  doctorX: string;
};
let serial = 0;
const next = () => ++serial;

// --- slots: online bookings (members, guests) within 30 days, staff bookings further out ---
const onlineSlots = (function* () {
  for (let day = 2; day <= 28; day++) for (const hour of [10, 15, 17]) yield instant(day, hour);
})();
const staffSlots = (function* () {
  for (let day = 31; day <= 87; day++) for (const hour of [10, 11, 12, 14, 15, 16, 17, 18]) yield instant(day, hour);
})();
const take = (slots: Generator<string>) => {
  const slot = slots.next();
  if (slot.done) throw new Error('out of slots');
  return slot.value;
};

// --- set-up calls, made by the ADMIN, that must succeed ---
export const must = async (answer: Promise<Answer>, what: string): Promise<Answer['body']> => {
  const result = await answer;
  if (result.status >= 300) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
};
const admin = () => clients.admin;
const created = async (path: string, body: unknown) => (await must(admin().post(path, body), `POST ${path}`)).id as string;

/** Days of the 30-day window kept for waitlist entries (online bookings use 10, 15 and 17 o'clock). */
let waitlistDay = 1;
const waitlistJoin = (day: string, menuId: string, times: { start: string; end: string }[]) => ({ clinicId: X.clinicId, menuId, from: day, to: day, times });
/** Ends a person's open entries and live visits of a menu, so that a new entry of theirs is taken (and offered). */
const clearWaitlistOf = async (userId: string, menuId: string) => {
  await server.db.knex('waitlist_entries').where({ user_id: userId }).whereIn('status', ['WAITING', 'OFFERED']).update({ status: 'CANCELLED' });
  await server.db.knex('allocations').whereIn('offer_id', server.db.knex('waitlist_offers').where('status', 'OFFERED').select('id')).delete();
  await server.db.knex('waitlist_offers').where('status', 'OFFERED').update({ status: 'WITHDRAWN' });
  await server.db
    .knex('reservations')
    .where({ user_id: userId, status: 'RESERVED' })
    .whereIn('id', server.db.knex('reservation_menus').where('menu_id', menuId).select('reservation_id'))
    .update({ status: 'CANCELLED' });
  await server.db
    .knex('allocations')
    .whereIn(
      'reservation_task_id',
      server.db
        .knex('reservation_tasks as t')
        .join('reservations as r', 'r.id', 't.reservation_id')
        .where({ 'r.user_id': userId, 'r.status': 'CANCELLED' })
        .select('t.id'),
    )
    .update({ live: false });
};

const fresh = {
  /** Member A's entry for the whole of a free day: offered at once. */
  offeredEntryOfA: async () => {
    await clearWaitlistOf(ids.memberA, X.menuB);
    const entry = await must(clients.memberA.post('/api/users/waitlist', waitlistJoin(isoDate(29), X.menuB, [])), 'waitlist join');
    if (entry.status !== 'OFFERED') throw new Error(`the entry was not offered: ${entry.status}`);
    return entry.id as string;
  },
  /** A guest's entry for the staff's 13:00–14:00 break (the clinic is open, nobody can start then): it waits (a guest of its own, so that entries never collide). */
  waitingEntry: async () => {
    waitlistDay = (waitlistDay % 26) + 2;
    const n = next();
    const guest = { name: `手動 ${n}`, kana: 'シュドウ', phone: `090-8888-${String(n).padStart(4, '0')}`, email: `hand${n}@example.jp` };
    return (
      await must(
        server.client().post('/api/guests/waitlist', { ...waitlistJoin(isoDate(waitlistDay), X.menuA, [{ start: '13:00', end: '13:15' }]), guest }),
        'waitlist join',
      )
    ).id as string;
  },
  /** A guest's entry for the whole of a free day (offered at once), by its token. */
  guestWaitlistToken: async () => {
    await server.db.knex('allocations').whereIn('offer_id', server.db.knex('waitlist_offers').where('status', 'OFFERED').select('id')).delete();
    await server.db.knex('waitlist_offers').where('status', 'OFFERED').update({ status: 'WITHDRAWN' });
    const n = next();
    const guest = { name: `待機 ${n}`, kana: 'タイキ', phone: `090-6666-${String(n).padStart(4, '0')}`, email: `wait${n}@example.jp` };
    return (await must(server.client().post('/api/guests/waitlist', { ...waitlistJoin(isoDate(29), X.menuB, []), guest }), 'guest waitlist join'))
      .token as string;
  },
  /** A form of its own with a draft version: editing or publishing it changes no other route's form. */
  formWithDraft: async () => {
    const formId = await created('/api/admin/forms', { kind: 'QUESTIONNAIRE', title: `問診票${next()}` });
    return { formId, versionId: await created(`/api/admin/forms/${formId}/versions`, { items: FORM_ITEMS }) };
  },
  /** Member A's signed consent for their reservation, not yet countersigned. */
  consentResponse: async () =>
    (
      await must(
        clients.memberA.post(`/api/users/reservations/${ids.reservationA}/forms/${ids.consent}`, {
          versionId: ids.consentVersion,
          answers: { agree: true },
          signature: { name: '会員 100001' },
        }),
        'consent',
      )
    ).responseId as string,
  reservationOfA: async () => created('/api/staffs/reservations', { clinicId: X.clinicId, userId: ids.memberA, menuId: X.menuA, startsAt: take(staffSlots) }),
  /** A reservation of A whose visit started 100 days earlier than its slot (a no-show can be recorded once the start has passed). */
  pastReservationOfA: async () => {
    const id = await fresh.reservationOfA();
    const k = server.db.knex;
    await k('reservations')
      .where('id', id)
      .update({ starts_at: k.raw("starts_at - interval '100 days'"), ends_at: k.raw("ends_at - interval '100 days'") });
    const tasks = k('reservation_tasks').where('reservation_id', id).select('id');
    await k('reservation_tasks')
      .where('reservation_id', id)
      .update({ starts_at: k.raw("starts_at - interval '100 days'"), ends_at: k.raw("ends_at - interval '100 days'") });
    await k('allocations')
      .whereIn('reservation_task_id', tasks)
      .update({ during: k.raw("tstzrange(lower(during) - interval '100 days', upper(during) - interval '100 days', '[)')") });
    return id;
  },
  room: () => created('/api/admin/rooms', { clinicId: X.clinicId, name: `部屋${next()}` }),
  machine: () => created('/api/admin/machines', { clinicId: X.clinicId, name: `機械${next()}` }),
  category: () => created('/api/admin/menu-categories', { clinicId: X.clinicId, name: `カテゴリ${next()}` }),
  menu: () => created('/api/admin/menus', menuBody()),
  staffOfX: async () =>
    created('/api/admin/staffs', {
      employeeNumber: `X${next()}`,
      email: `x${serial}@example.jp`,
      name: '渋谷 スタッフ',
      role: 'STAFF',
      clinicId: X.clinicId,
      password: null,
    }),
  schedule: async () => created('/api/staffs/schedules', scheduleBody(await fresh.staffOfX())),
  block: async () =>
    created('/api/staffs/blocks', { resourceType: 'ROOM', resourceId: await fresh.room(), startsAt: instant(40, 10), endsAt: instant(40, 11) }),
  tag: () => created('/api/admin/tags', { name: `タグ${next()}` }),
  condition: () => created('/api/admin/check-conditions', { name: `同意書${next()}`, kind: 'FIRST_VISIT' }),
  announcement: () => created('/api/admin/announcements', announcementBody(X.clinicId)),
  memo: () => created('/api/staffs/calendar-memo', { clinicId: X.clinicId, date: isoDate(200 + next()), content: 'メモ' }),
  /**
   * The confirmation a staff booking for member A writes (delivery is off here: it stays
   * SCHEDULED), marked FAILED: the one kind staff may always resend.
   */
  message: async () => {
    const reservationId = await fresh.reservationOfA();
    const row = await server.db.knex('messages').where({ reservation_id: reservationId, kind: 'CONFIRMATION' }).first('id');
    if (!row) throw new Error('the staff booking wrote no confirmation');
    await server.db.knex('messages').where('id', row.id).update({ status: 'FAILED', last_error: 'テスト' });
    return String(row.id);
  },
  holiday: async () => {
    const date = isoDate(120 + next());
    await must(admin().post(`/api/admin/clinics/${X.clinicId}/holidays`, { date }), 'holiday');
    return date;
  },
  guestCancelToken: async () => (await must(server.client().post('/api/guests/reservations', guestBookingBody()), 'guest booking')).cancelToken as string,
  registrationToken: async () => (await must(admin().get(`/api/staffs/users/${ids.memberC}/registration-token`), 'registration token')).token as string,
  memberResetToken: async () => {
    // From an address of its own: reset requests are limited per client address (and per e-mail).
    await must(server.client({ ip: `198.51.100.${next() % 250}` }).post('/api/guests/reset-password', { email: 'member-c@example.jp' }), 'reset request');
    return tokenOfLastMail('member-c@example.jp');
  },
  /** Accounts a clinic's ADMIN must never touch (issue 16, item 3). */
  headOfficeAdmin: async () =>
    created('/api/admin/staffs', {
      employeeNumber: `H${next()}`,
      email: `h${serial}@example.jp`,
      name: '本部 管理者',
      role: 'ADMIN',
      clinicId: null,
      password: null,
    }),
  headOfficeStaff: async () =>
    created('/api/admin/staffs', {
      employeeNumber: `HS${next()}`,
      email: `hs${serial}@example.jp`,
      name: '本部 スタッフ',
      role: 'STAFF',
      clinicId: null,
      password: null,
    }),
  adminOfX: async () =>
    created('/api/admin/staffs', {
      employeeNumber: `AX${next()}`,
      email: `ax${serial}@example.jp`,
      name: '院長 スタッフ',
      role: 'ADMIN',
      clinicId: X.clinicId,
      password: null,
    }),
  staffInvitationToken: async () => {
    const staffId = await fresh.staffOfX();
    const { invitationUrl } = await must(admin().post(`/api/admin/staffs/${staffId}/invitation`), 'invitation');
    return new URL(invitationUrl as string).searchParams.get('token')!;
  },
};

// --- two-factor login: each call starts from a known state of the column's own account ---
const staffIdOf = (role: Role): string | null =>
  role === 'staffX' || role === 'staffY' || role === 'admin' || role === 'adminX' || role === 'adminY' ? ids[role] : null;
const twoFactor = () => server.app.container.get(ACCOUNTS.twoFactorRepository);
/** Turns two-factor login off for the column's account; answers its id. */
const withoutTwoFactor = async (role: Role): Promise<string | null> => {
  const id = staffIdOf(role);
  if (id) await twoFactor().disable(id, new Date());
  return id;
};
/** Enrols the column's account directly (last step two steps back) and answers a valid code for now. */
const enrolledCode = async (role: Role): Promise<string> => {
  const id = await withoutTwoFactor(role);
  if (!id) return '123456';
  const secret = new OtpauthTotp().generateSecret();
  await twoFactor().savePending(id, secret);
  await twoFactor().activate(id, { secret, at: new Date(), step: Math.floor(Date.now() / 30_000) - 2, recoveryCodeDigests: [] });
  return OtpauthTotp.codeAt(secret, new Date());
};
/** Starts a setup through the column's own session and answers a valid code for it. */
const pendingCode = async (role: Role): Promise<string> => {
  if (!(await withoutTwoFactor(role))) return '123456';
  const { secret } = await must(clients[role].post('/api/staffs/two-factor/setup'), 'two-factor setup');
  return OtpauthTotp.codeAt(secret as string, new Date());
};

const tokenOfLastMail = async (to: string): Promise<string> => {
  const mail = await server.db.knex('mail_outbox').where('to', to).orderBy('id', 'desc').first();
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no token in the last mail to ${to}`);
  return token;
};

/** A PUT of a staff account that keeps everything but `changes` (as an attacker would send it). */
const changeOf = async (id: string, changes: Record<string, unknown>): Promise<Request> => {
  const staff = await must(admin().get(`/api/admin/staffs/${id}`), 'staff');
  return {
    path: `/api/admin/staffs/${id}`,
    json: { employeeNumber: staff.employeeNumber, email: staff.email, name: staff.name, role: staff.role, clinicId: staff.clinicId, ...changes },
  };
};

const menuBody = () => ({
  categoryId: X.categoryId,
  name: `メニュー${next()}`,
  kind: 'NEW',
  enabled: true,
  webBookable: false,
  price: 5500,
  tasks: [{ durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
});
const scheduleBody = (staffId: string) => ({ staffId, date: isoDate(50), start: '10:00', end: '19:00', breaks: [{ start: '13:00', end: '14:00' }] });
const announcementBody = (clinicId: string | null) => ({ clinicId, title: `お知らせ${next()}`, body: '本文', publishedFrom: instant(0, 0) });
const FORM_ITEMS = [{ key: 'agree', type: 'yesno', label: '説明を受け、同意します', required: true }];
const guestBookingBody = () => {
  const n = next();
  return {
    clinicId: X.clinicId,
    menuId: X.menuA,
    startsAt: take(onlineSlots),
    guest: { name: `ゲスト ${n}`, kana: 'ゲスト', phone: `090-5555-${String(n).padStart(4, '0')}`, email: `guest${n}@example.jp` },
  };
};
const clinicBody = () => ({
  name: '渋谷',
  phone: '03-1111-2222',
  webBookingEnabled: true,
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
});

// --- one request per route and column ---
export interface Request {
  readonly path: string;
  readonly json?: unknown;
  readonly form?: Record<string, string>;
  /** A browser of its own (login, logout), logged in as the column or not. */
  readonly ownBrowser?: boolean;
  /**
   * A new browser logged in as nobody: the call replaces the session's login (the LINE app's
   * session is the LINE user's, whoever was logged in), so the column's shared browser must not
   * make it.
   */
  readonly freshBrowser?: boolean;
}
export type Build = (role: Role) => Request | Promise<Request>;

const BOGUS_TOKEN = 'bogus-token-of-the-right-length-0123456789a';
const tokenFor = async (role: Role, issue: () => Promise<string>) => (role === 'guest' ? issue() : BOGUS_TOKEN);
const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;
const xQuery = () => ({ clinicId: X.clinicId });
const range = (from: number, to: number) => ({ clinicId: X.clinicId, from: isoDate(from), to: isoDate(to) });

export const REQUESTS: Record<string, Build> = {
  // --- forms: 問診票 and 同意書 ---
  'GET /api/admin/forms': () => ({ path: '/api/admin/forms' }),
  'POST /api/admin/forms': () => ({ path: '/api/admin/forms', json: { kind: 'QUESTIONNAIRE', title: `問診票${next()}` } }),
  'GET /api/admin/forms/:id': () => ({ path: `/api/admin/forms/${ids.questionnaire}` }),
  'GET /api/admin/forms/:id/versions/:versionId': () => ({ path: `/api/admin/forms/${ids.questionnaire}/versions/${ids.questionnaireVersion}` }),
  'POST /api/admin/forms/:id/versions': async () => {
    const { formId } = await fresh.formWithDraft();
    return { path: `/api/admin/forms/${formId}/versions`, json: { items: FORM_ITEMS } };
  },
  'PUT /api/admin/forms/:id/versions/:versionId': async () => {
    const { formId, versionId } = await fresh.formWithDraft();
    return { path: `/api/admin/forms/${formId}/versions/${versionId}`, json: { items: FORM_ITEMS } };
  },
  'POST /api/admin/forms/:id/versions/:versionId/publish': async () => {
    const { formId, versionId } = await fresh.formWithDraft();
    return { path: `/api/admin/forms/${formId}/versions/${versionId}/publish` };
  },
  'GET /api/users/reservations/:id/forms': () => ({ path: `/api/users/reservations/${ids.reservationA}/forms` }),
  'POST /api/users/reservations/:id/forms/:formId': () => ({
    path: `/api/users/reservations/${ids.reservationA}/forms/${ids.questionnaire}`,
    json: { versionId: ids.questionnaireVersion, answers: { agree: true } },
  }),
  'GET /api/guests/reservations/forms': async (role) => ({
    path: q('/api/guests/reservations/forms', { token: await tokenFor(role, fresh.guestCancelToken) }),
  }),
  'POST /api/guests/reservations/forms/:formId': async (role) => ({
    path: `/api/guests/reservations/forms/${ids.questionnaire}`,
    json: { token: await tokenFor(role, fresh.guestCancelToken), versionId: ids.questionnaireVersion, answers: { agree: false } },
  }),
  'GET /api/staffs/reservations/:id/forms': () => ({ path: `/api/staffs/reservations/${ids.reservationA}/forms` }),
  'POST /api/staffs/form-responses/:responseId/countersign': async () => ({
    path: `/api/staffs/form-responses/${await fresh.consentResponse()}/countersign`,
    json: { explainedBy: ids.doctorX, mode: 'IN_PERSON' },
  }),
  'GET /api/staffs/form-responses/:responseId': async () => ({ path: `/api/staffs/form-responses/${await fresh.consentResponse()}` }),
  'GET /api/staffs/users/:id/forms/export': () => ({ path: `/api/staffs/users/${ids.memberA}/forms/export` }),

  'POST /api/login': () => ({ path: '/api/login', form: { username: 'user100003', password: PASSWORD }, ownBrowser: true }),
  'POST /api/logout': () => ({ path: '/api/logout', ownBrowser: true }),
  'GET /api/health': () => ({ path: '/api/health' }),
  'POST /api/page-views': () => ({ path: '/api/page-views', json: { path: '/', audience: 'public' } }),

  'GET /api/staffs/profile': () => ({ path: '/api/staffs/profile' }),
  'GET /api/users/profile': () => ({ path: '/api/users/profile' }),
  'GET /api/users/detailed-profile': () => ({ path: '/api/users/detailed-profile' }),
  'PUT /api/users': () => ({ path: '/api/users', json: { kana: 'カイイン' } }),

  'GET /api/guests/clinics': () => ({ path: '/api/guests/clinics' }),
  'GET /api/users/clinics': () => ({ path: '/api/users/clinics' }),
  'GET /api/users/clinics/:id': () => ({ path: `/api/users/clinics/${X.clinicId}` }),
  'GET /api/staffs/clinics': () => ({ path: '/api/staffs/clinics' }),
  'GET /api/admin/clinics': () => ({ path: '/api/admin/clinics' }),
  'GET /api/admin/clinics/:id': () => ({ path: `/api/admin/clinics/${X.clinicId}` }),
  'POST /api/admin/clinics': () => ({ path: '/api/admin/clinics', json: { ...clinicBody(), name: `池袋${next()}` } }),
  'PUT /api/admin/clinics/:id': () => ({ path: `/api/admin/clinics/${X.clinicId}`, json: clinicBody() }),
  'PUT /api/admin/clinics/:id/simple': () => ({
    path: `/api/admin/clinics/${X.clinicId}/simple`,
    json: { name: '渋谷', phone: '03-1111-2222', webBookingEnabled: true },
  }),
  'POST /api/admin/clinics/:id/holidays': () => ({
    path: `/api/admin/clinics/${X.clinicId}/holidays`,
    json: { date: isoDate(120 + next()), name: '臨時休診' },
  }),
  'DELETE /api/admin/clinics/:id/holidays/:date': async () => ({ path: `/api/admin/clinics/${X.clinicId}/holidays/${await fresh.holiday()}` }),

  'GET /api/admin/rooms': () => ({ path: q('/api/admin/rooms', xQuery()) }),
  'GET /api/admin/rooms/:id': () => ({ path: `/api/admin/rooms/${X.roomIds[0]}` }),
  'POST /api/admin/rooms': () => ({ path: '/api/admin/rooms', json: { clinicId: X.clinicId, name: `部屋${next()}` } }),
  'PUT /api/admin/rooms/:id': async () => ({
    path: `/api/admin/rooms/${await fresh.room()}`,
    json: { name: `部屋${next()}`, displayOrder: 5, enabled: false },
  }),
  'DELETE /api/admin/rooms/:id': async () => ({ path: `/api/admin/rooms/${await fresh.room()}` }),
  'GET /api/admin/machines': () => ({ path: q('/api/admin/machines', xQuery()) }),
  'GET /api/admin/machines/:id': () => ({ path: `/api/admin/machines/${X.machineIds[0]}` }),
  'POST /api/admin/machines': () => ({ path: '/api/admin/machines', json: { clinicId: X.clinicId, name: `機械${next()}` } }),
  'PUT /api/admin/machines/:id': async () => ({
    path: `/api/admin/machines/${await fresh.machine()}`,
    json: { name: `機械${next()}`, displayOrder: 5, enabled: false },
  }),
  'DELETE /api/admin/machines/:id': async () => ({ path: `/api/admin/machines/${await fresh.machine()}` }),
  'GET /api/staffs/rooms': () => ({ path: q('/api/staffs/rooms', xQuery()) }),
  'GET /api/staffs/machines': () => ({ path: q('/api/staffs/machines', xQuery()) }),

  'GET /api/admin/menu-categories': () => ({ path: q('/api/admin/menu-categories', xQuery()) }),
  'GET /api/admin/menu-categories/:id': () => ({ path: `/api/admin/menu-categories/${X.categoryId}` }),
  'POST /api/admin/menu-categories': () => ({ path: '/api/admin/menu-categories', json: { clinicId: X.clinicId, name: `カテゴリ${next()}` } }),
  'PUT /api/admin/menu-categories/display-order': async () => {
    const list = await must(admin().get(q('/api/admin/menu-categories', xQuery())), 'categories');
    return { path: '/api/admin/menu-categories/display-order', json: { clinicId: X.clinicId, ids: list.map((c: { id: string }) => c.id).reverse() } };
  },
  'PUT /api/admin/menu-categories/:id': async () => ({ path: `/api/admin/menu-categories/${await fresh.category()}`, json: { name: `カテゴリ${next()}` } }),
  'DELETE /api/admin/menu-categories/:id': async () => ({ path: `/api/admin/menu-categories/${await fresh.category()}` }),
  'GET /api/admin/menus': () => ({ path: q('/api/admin/menus', xQuery()) }),
  'GET /api/admin/menus/all': () => ({ path: q('/api/admin/menus/all', xQuery()) }),
  'GET /api/admin/menus/:id': () => ({ path: `/api/admin/menus/${X.menuA}` }),
  'POST /api/admin/menus': () => ({ path: '/api/admin/menus', json: menuBody() }),
  'PUT /api/admin/menus/display-order': async () => {
    const list = await must(admin().get(q('/api/admin/menus', { clinicId: X.clinicId, categoryId: X.categoryId })), 'menus');
    return { path: '/api/admin/menus/display-order', json: { categoryId: X.categoryId, ids: list.map((m: { id: string }) => m.id).reverse() } };
  },
  'PUT /api/admin/menus/:id': async () => ({ path: `/api/admin/menus/${await fresh.menu()}`, json: menuBody() }),
  'DELETE /api/admin/menus/:id': async () => ({ path: `/api/admin/menus/${await fresh.menu()}` }),
  'GET /api/staffs/menu-categories': () => ({ path: q('/api/staffs/menu-categories', xQuery()) }),
  'GET /api/staffs/menus': () => ({ path: q('/api/staffs/menus', xQuery()) }),
  'GET /api/guests/menu-categories': () => ({ path: q('/api/guests/menu-categories', xQuery()) }),
  'GET /api/guests/menus': () => ({ path: q('/api/guests/menus', xQuery()) }),
  'GET /api/guests/menus/by-ids': () => ({ path: q('/api/guests/menus/by-ids', { ids: X.menuA }) }),
  'GET /api/users/menu-categories': () => ({ path: q('/api/users/menu-categories', xQuery()) }),
  'GET /api/users/menus': () => ({ path: q('/api/users/menus', xQuery()) }),
  'GET /api/users/menus/by-ids': () => ({ path: q('/api/users/menus/by-ids', { ids: X.menuA }) }),

  'GET /api/admin/staffs': () => ({ path: q('/api/admin/staffs', xQuery()) }),
  'GET /api/admin/staffs/:id': () => ({ path: `/api/admin/staffs/${ids.staffX}` }),
  'POST /api/admin/staffs': () => ({
    path: '/api/admin/staffs',
    json: { employeeNumber: `N${next()}`, email: `n${serial}@example.jp`, name: '新人 スタッフ', role: 'STAFF', clinicId: X.clinicId, password: PASSWORD },
  }),
  'POST /api/admin/staffs [granting ADMIN]': () => ({
    path: '/api/admin/staffs',
    json: { employeeNumber: `M${next()}`, email: `m${serial}@example.jp`, name: '管理 スタッフ', role: 'ADMIN', clinicId: X.clinicId, password: PASSWORD },
  }),
  'PUT /api/admin/staffs/:id': async () => {
    const id = await fresh.staffOfX();
    const staff = await must(admin().get(`/api/admin/staffs/${id}`), 'staff');
    return {
      path: `/api/admin/staffs/${id}`,
      json: { employeeNumber: staff.employeeNumber, email: staff.email, name: '改名 スタッフ', role: 'STAFF', clinicId: X.clinicId },
    };
  },
  'DELETE /api/admin/staffs/:id': async () => ({ path: `/api/admin/staffs/${await fresh.staffOfX()}` }),
  'PUT /api/admin/staffs/:id [head-office ADMIN account]': async () => changeOf(await fresh.headOfficeAdmin(), { email: `taken${next()}@example.jp` }),
  'PUT /api/admin/staffs/:id [head-office STAFF account]': async () => changeOf(await fresh.headOfficeStaff(), { email: `taken${next()}@example.jp` }),
  'PUT /api/admin/staffs/:id [ADMIN of clinic X]': async () => changeOf(await fresh.adminOfX(), { email: `taken${next()}@example.jp` }),
  'DELETE /api/admin/staffs/:id [head-office ADMIN account]': async () => ({ path: `/api/admin/staffs/${await fresh.headOfficeAdmin()}` }),
  'POST /api/admin/staffs/:id/invitation [head-office ADMIN account]': async () => ({ path: `/api/admin/staffs/${await fresh.headOfficeAdmin()}/invitation` }),
  'DELETE /api/admin/staffs/:id/two-factor [head-office ADMIN account]': async () => ({
    path: `/api/admin/staffs/${await fresh.headOfficeAdmin()}/two-factor`,
  }),
  'GET /api/staffs/two-factor': () => ({ path: '/api/staffs/two-factor' }),
  'POST /api/staffs/two-factor/setup': async (role) => {
    await withoutTwoFactor(role);
    return { path: '/api/staffs/two-factor/setup' };
  },
  'POST /api/staffs/two-factor/activate': async (role) => ({ path: '/api/staffs/two-factor/activate', json: { code: await pendingCode(role) } }),
  'POST /api/staffs/two-factor/recovery-codes': async (role) => ({ path: '/api/staffs/two-factor/recovery-codes', json: { code: await enrolledCode(role) } }),
  'DELETE /api/staffs/two-factor': async (role) => ({ path: '/api/staffs/two-factor', json: { code: await enrolledCode(role) } }),
  'DELETE /api/admin/staffs/:id/two-factor': async () => ({ path: `/api/admin/staffs/${await fresh.staffOfX()}/two-factor` }),
  'GET /api/admin/clinics/:id/two-factor': () => ({ path: `/api/admin/clinics/${X.clinicId}/two-factor` }),
  'PUT /api/admin/clinics/:id/two-factor': () => ({ path: `/api/admin/clinics/${X.clinicId}/two-factor`, json: { staffRequired: false } }),
  'PUT /api/admin/staffs/:id/priority': async () => ({ path: `/api/admin/staffs/${await fresh.staffOfX()}/priority`, json: { priority: 0 } }),
  'POST /api/admin/staffs/:id/invitation': async () => ({ path: `/api/admin/staffs/${await fresh.staffOfX()}/invitation` }),
  'GET /api/admin/mail-outbox': () => ({ path: '/api/admin/mail-outbox' }),
  'GET /api/staffs': () => ({ path: q('/api/staffs', xQuery()) }),
  'GET /api/staffs/:id': () => ({ path: `/api/staffs/${ids.staffX}` }),
  'PUT /api/staffs/:id/menus': async () => ({ path: `/api/staffs/${await fresh.staffOfX()}/menus`, json: { menuIds: [X.menuA] } }),
  'POST /api/guests/staff-password': async (role) => ({
    path: '/api/guests/staff-password',
    json: { token: await tokenFor(role, fresh.staffInvitationToken), password: PASSWORD },
  }),
  // An address nobody has: the answer is the same 202 by design, and no account's reset mails are used up.
  'POST /api/guests/staff-password-reset': () => ({ path: '/api/guests/staff-password-reset', json: { email: 'nobody@example.jp' } }),

  'GET /api/staffs/schedules': () => ({ path: q('/api/staffs/schedules', range(1, 30)) }),
  'POST /api/staffs/schedules': async () => ({ path: '/api/staffs/schedules', json: scheduleBody(await fresh.staffOfX()) }),
  'POST /api/staffs/schedules/bulk': async () => ({
    path: '/api/staffs/schedules/bulk',
    json: { staffId: await fresh.staffOfX(), from: isoDate(50), to: isoDate(63), weekdays: [1, 3, 5], start: '10:00', end: '18:00' },
  }),
  'PUT /api/staffs/schedules/:id': async () => {
    const id = await fresh.schedule();
    const schedule = await server.db.knex('schedules').where('id', id).first();
    return { path: `/api/staffs/schedules/${id}`, json: { ...scheduleBody(String(schedule.staff_id)), start: '11:00' } };
  },
  'DELETE /api/staffs/schedules/:id': async () => ({ path: `/api/staffs/schedules/${await fresh.schedule()}` }),
  'GET /api/staffs/blocks': () => ({ path: q('/api/staffs/blocks', range(1, 30)) }),
  'POST /api/staffs/blocks': async () => ({
    path: '/api/staffs/blocks',
    json: { resourceType: 'ROOM', resourceId: await fresh.room(), startsAt: instant(41, 10), endsAt: instant(41, 12), reason: '点検' },
  }),
  'DELETE /api/staffs/blocks/:id': async () => ({ path: `/api/staffs/blocks/${await fresh.block()}` }),

  'GET /api/admin/tags': () => ({ path: '/api/admin/tags' }),
  'POST /api/admin/tags': () => ({ path: '/api/admin/tags', json: { name: `タグ${next()}` } }),
  'PUT /api/admin/tags/:id': async () => ({ path: `/api/admin/tags/${await fresh.tag()}`, json: { name: `タグ${next()}` } }),
  'DELETE /api/admin/tags/:id': async () => ({ path: `/api/admin/tags/${await fresh.tag()}` }),
  'GET /api/admin/check-conditions': () => ({ path: '/api/admin/check-conditions' }),
  'POST /api/admin/check-conditions': () => ({ path: '/api/admin/check-conditions', json: { name: `問診票${next()}`, kind: 'FIRST_VISIT' } }),
  'PUT /api/admin/check-conditions/:id': async () => ({
    path: `/api/admin/check-conditions/${await fresh.condition()}`,
    json: { name: `問診票${next()}`, kind: 'FIRST_VISIT' },
  }),
  'DELETE /api/admin/check-conditions/:id': async () => ({ path: `/api/admin/check-conditions/${await fresh.condition()}` }),
  'GET /api/admin/announcements': () => ({ path: q('/api/admin/announcements', xQuery()) }),
  'POST /api/admin/announcements': () => ({ path: '/api/admin/announcements', json: announcementBody(X.clinicId) }),
  'POST /api/admin/announcements [chain-wide]': () => ({ path: '/api/admin/announcements', json: announcementBody(null) }),
  'PUT /api/admin/announcements/:id': async () => ({ path: `/api/admin/announcements/${await fresh.announcement()}`, json: announcementBody(X.clinicId) }),
  'DELETE /api/admin/announcements/:id': async () => ({ path: `/api/admin/announcements/${await fresh.announcement()}` }),
  'GET /api/users/announcements': () => ({ path: '/api/users/announcements' }),
  'GET /api/staffs/tags': () => ({ path: '/api/staffs/tags' }),
  'GET /api/staffs/check-items': () => ({ path: q('/api/staffs/check-items', { userId: ids.memberA }) }),
  'PUT /api/staffs/check-items/:id': () => ({ path: `/api/staffs/check-items/${ids.checkItem}`, json: { checked: true, note: '確認済み' } }),

  'GET /api/staffs/messages': () => ({ path: q('/api/staffs/messages', xQuery()) }),
  'POST /api/staffs/messages/:id/resend': async () => ({ path: `/api/staffs/messages/${await fresh.message()}/resend` }),
  'GET /api/staffs/calendar-memo': () => ({ path: q('/api/staffs/calendar-memo', range(0, 30)) }),
  'POST /api/staffs/calendar-memo': () => ({
    path: '/api/staffs/calendar-memo',
    json: { clinicId: X.clinicId, date: isoDate(200 + next()), content: '院内研修' },
  }),
  'PUT /api/staffs/calendar-memo/:id': async () => ({ path: `/api/staffs/calendar-memo/${await fresh.memo()}`, json: { content: '変更後のメモ' } }),
  'DELETE /api/staffs/calendar-memo/:id': async () => ({ path: `/api/staffs/calendar-memo/${await fresh.memo()}` }),

  'POST /api/users/reservations/search-available': () => ({
    path: '/api/users/reservations/search-available',
    json: { clinicId: X.clinicId, menuId: X.menuB, from: isoDate(2), to: isoDate(4) },
  }),
  'POST /api/users/reservations': () => ({ path: '/api/users/reservations', json: { clinicId: X.clinicId, menuId: X.menuB, startsAt: take(onlineSlots) } }),
  'GET /api/users/reservations': () => ({ path: '/api/users/reservations' }),
  'GET /api/users/reservations/:id': () => ({ path: `/api/users/reservations/${ids.reservationA}` }),
  'PUT /api/users/reservations/:id': async () => ({ path: `/api/users/reservations/${await fresh.reservationOfA()}`, json: { startsAt: take(onlineSlots) } }),
  'PUT /api/users/reservations/:id/cancel': async () => ({ path: `/api/users/reservations/${await fresh.reservationOfA()}/cancel` }),
  'PUT /api/users/reservations/:id/confirm': async () => ({ path: `/api/users/reservations/${await fresh.reservationOfA()}/confirm` }),

  'POST /api/guests/reservations/search-available': () => ({
    path: '/api/guests/reservations/search-available',
    json: { clinicId: X.clinicId, menuId: X.menuA, from: isoDate(2), to: isoDate(4) },
  }),
  'POST /api/guests/reservations': () => ({ path: '/api/guests/reservations', json: guestBookingBody() }),
  'GET /api/guests/challenge': () => ({ path: '/api/guests/challenge' }),
  'PUT /api/guests/reservations/cancel': async (role) => ({
    path: '/api/guests/reservations/cancel',
    json: { token: await tokenFor(role, fresh.guestCancelToken) },
  }),
  'PUT /api/guests/reservations/confirm': async (role) => ({
    path: '/api/guests/reservations/confirm',
    json: { token: await tokenFor(role, fresh.guestCancelToken) },
  }),
  'POST /api/users/waitlist': async (role) => {
    if (role === 'memberA' || role === 'memberB') await clearWaitlistOf(ids[role], X.menuA);
    return { path: '/api/users/waitlist', json: waitlistJoin(isoDate(27), X.menuA, [{ start: '13:00', end: '13:15' }]) };
  },
  'GET /api/users/waitlist': () => ({ path: '/api/users/waitlist' }),
  'DELETE /api/users/waitlist/:id': async () => ({ path: `/api/users/waitlist/${await fresh.offeredEntryOfA()}` }),
  'POST /api/users/waitlist/:id/accept': async () => ({ path: `/api/users/waitlist/${await fresh.offeredEntryOfA()}/accept` }),
  'POST /api/users/waitlist/:id/decline': async () => ({ path: `/api/users/waitlist/${await fresh.offeredEntryOfA()}/decline` }),
  'POST /api/guests/waitlist': () => {
    const n = next();
    return {
      path: '/api/guests/waitlist',
      json: {
        ...waitlistJoin(isoDate(27), X.menuA, [{ start: '13:00', end: '13:15' }]),
        guest: { name: `登録 ${n}`, kana: 'トウロク', phone: `090-7777-${String(n).padStart(4, '0')}`, email: `join${n}@example.jp` },
      },
    };
  },
  'GET /api/guests/waitlist': async (role) => ({ path: q('/api/guests/waitlist', { token: await tokenFor(role, fresh.guestWaitlistToken) }) }),
  'PUT /api/guests/waitlist/cancel': async (role) => ({ path: '/api/guests/waitlist/cancel', json: { token: await tokenFor(role, fresh.guestWaitlistToken) } }),
  'POST /api/guests/waitlist/accept': async (role) => ({
    path: '/api/guests/waitlist/accept',
    json: { token: await tokenFor(role, fresh.guestWaitlistToken) },
  }),
  'PUT /api/guests/waitlist/decline': async (role) => ({
    path: '/api/guests/waitlist/decline',
    json: { token: await tokenFor(role, fresh.guestWaitlistToken) },
  }),
  'GET /api/staffs/waitlist': () => ({ path: q('/api/staffs/waitlist', { clinicId: X.clinicId }) }),
  'GET /api/staffs/waitlist/holds': () => ({ path: q('/api/staffs/waitlist/holds', { clinicId: X.clinicId, from: instant(1, 0), to: instant(30, 0) }) }),
  'POST /api/staffs/waitlist/:id/offer': async () => {
    const id = await fresh.waitingEntry();
    return { path: `/api/staffs/waitlist/${id}/offer`, json: { startsAt: instant(waitlistDay, 11) } };
  },
  'DELETE /api/staffs/waitlist/:id': async () => ({ path: `/api/staffs/waitlist/${await fresh.waitingEntry()}` }),
  'PUT /api/staffs/users/:id/booking-restriction': () => ({
    path: `/api/staffs/users/${ids.memberA}/booking-restriction`,
    json: { restricted: false, reason: '確認のため' },
  }),
  'DELETE /api/staffs/users/:id/guest-limit': () => ({ path: `/api/staffs/users/${ids.memberA}/guest-limit` }),

  'POST /api/staffs/reservations/search-available': () => ({
    path: '/api/staffs/reservations/search-available',
    json: { clinicId: X.clinicId, menuId: X.menuA, from: isoDate(31), to: isoDate(32) },
  }),
  'GET /api/staffs/reservations': () => ({ path: q('/api/staffs/reservations', range(30, 40)) }),
  'POST /api/staffs/reservations': () => ({
    path: '/api/staffs/reservations',
    json: { clinicId: X.clinicId, userId: ids.memberA, menuId: X.menuA, startsAt: take(staffSlots) },
  }),
  'POST /api/staffs/reservations/available-resources': () => ({
    path: '/api/staffs/reservations/available-resources',
    json: { clinicId: X.clinicId, startsAt: instant(60, 10), endsAt: instant(60, 11) },
  }),
  'POST /api/staffs/reservations/search': () => ({ path: '/api/staffs/reservations/search', json: { ...range(30, 60), userId: ids.memberA } }),
  'GET /api/staffs/reservations/search-recent': () => ({ path: q('/api/staffs/reservations/search-recent', xQuery()) }),
  'GET /api/staffs/reservations/search-recent-canceled': () => ({ path: q('/api/staffs/reservations/search-recent-canceled', xQuery()) }),
  'GET /api/staffs/events': () => ({ path: q('/api/staffs/events', xQuery()) }),
  'GET /api/staffs/reservations/:id/history': () => ({ path: `/api/staffs/reservations/${ids.reservationA}/history` }),
  'GET /api/staffs/reservations/:id': () => ({ path: `/api/staffs/reservations/${ids.reservationA}` }),
  'PUT /api/staffs/reservations/:id': async () => ({ path: `/api/staffs/reservations/${await fresh.reservationOfA()}`, json: { memo: 'お電話で確認済み' } }),
  'PUT /api/staffs/reservations/:id/move': async () => ({
    path: `/api/staffs/reservations/${await fresh.reservationOfA()}/move`,
    json: { startsAt: take(staffSlots) },
  }),
  'DELETE /api/staffs/reservations/:id': async () => ({ path: `/api/staffs/reservations/${await fresh.reservationOfA()}` }),
  'PUT /api/staffs/reservations/:id/cancel': async () => ({ path: `/api/staffs/reservations/${await fresh.reservationOfA()}/cancel` }),
  'PUT /api/staffs/reservations/:id/not-visited': async () => ({ path: `/api/staffs/reservations/${await fresh.pastReservationOfA()}/not-visited` }),
  'PUT /api/staffs/reservations/:id/visited': async () => ({ path: `/api/staffs/reservations/${await fresh.reservationOfA()}/visited` }),
  'PUT /api/staffs/reservations/:id/reserved': async () => {
    const id = await fresh.pastReservationOfA();
    await must(admin().put(`/api/staffs/reservations/${id}/not-visited`), 'not-visited');
    return { path: `/api/staffs/reservations/${id}/reserved` };
  },

  'GET /api/staffs/users': () => ({ path: q('/api/staffs/users', xQuery()) }),
  'GET /api/staffs/users/advanced-search': () => ({ path: q('/api/staffs/users/advanced-search', { keyword: '会員' }) }),
  'POST /api/staffs/users/all-by-ids': () => ({ path: '/api/staffs/users/all-by-ids', json: { ids: [ids.memberA] } }),
  'POST /api/staffs/users/all-by-ids-with-details': () => ({ path: '/api/staffs/users/all-by-ids-with-details', json: { ids: [ids.memberA] } }),
  'POST /api/staffs/users': () => {
    const n = next();
    return {
      path: '/api/staffs/users',
      json: { clinicId: X.clinicId, name: `新規 会員${n}`, kana: 'シンキ カイイン', phone: '090-7777-0000', email: `new${n}@example.jp`, status: 'TEMPORARY' },
    };
  },
  'GET /api/staffs/users/:id': () => ({ path: `/api/staffs/users/${ids.memberA}` }),
  'PUT /api/staffs/users/:id': () => ({ path: `/api/staffs/users/${ids.memberA}`, json: { kana: 'カイイン' } }),
  'GET /api/staffs/users/:id/registration-token': () => ({ path: `/api/staffs/users/${ids.memberA}/registration-token` }),
  'PUT /api/staffs/users/:id/reset-gift': () => ({ path: `/api/staffs/users/${ids.memberA}/reset-gift` }),
  'PUT /api/staffs/users/:id/unlink-line': () => ({ path: `/api/staffs/users/${ids.memberA}/unlink-line` }),
  'PUT /api/staffs/users/:id/tags': async () => ({ path: `/api/staffs/users/${ids.memberA}/tags`, json: { tagIds: [await fresh.tag()] } }),
  'GET /api/staffs/users/:id/with-details': () => ({ path: `/api/staffs/users/${ids.memberA}/with-details` }),
  'GET /api/staffs/users/:id/contracts': () => ({ path: `/api/staffs/users/${ids.memberA}/contracts` }),
  'POST /api/staffs/users/:id/contracts': () => ({
    path: `/api/staffs/users/${ids.memberA}/contracts`,
    json: { menuId: X.contractMenu, sessionsTotal: 5, expiresOn: isoDate(365) },
  }),
  'GET /api/users/menus/own-ekimu': () => ({ path: '/api/users/menus/own-ekimu' }),
  'GET /api/users/contracts': () => ({ path: '/api/users/contracts' }),

  'GET /api/admin/reports': () => ({ path: q('/api/admin/reports', { type: 'cancel-number', month: today.toFormat('yyyy-MM'), clinicId: X.clinicId }) }),
  'GET /api/admin/reports [chain-wide]': () => ({ path: q('/api/admin/reports', { type: 'cancel-number', month: today.toFormat('yyyy-MM') }) }),
  'GET /api/admin/line-messages': () => ({ path: q('/api/admin/line-messages', { month: today.toFormat('yyyy-MM'), clinicId: X.clinicId }) }),
  'GET /api/admin/line-messages [own clinic or chain]': () => ({ path: q('/api/admin/line-messages', { month: today.toFormat('yyyy-MM') }) }),
  'GET /api/admin/audit-logs': () => ({ path: q('/api/admin/audit-logs', { memberId: ids.memberA }) }),
  'GET /api/admin/audit-logs/export': () => ({ path: q('/api/admin/audit-logs/export', { memberId: ids.memberA }) }),
  'GET /api/guests/line': () => ({ path: '/api/guests/line' }),
  'POST /api/guests/line/login': () => ({ path: '/api/guests/line/login' }),
  'POST /api/guests/line/callback': () => ({ path: '/api/guests/line/callback', json: { code: 'code-from-line', state: 'state-from-line' } }),
  'GET /api/users/line': () => ({ path: '/api/users/line' }),
  'POST /api/users/line/link': () => ({ path: '/api/users/line/link' }),
  'GET /api/staffs/users/salons-member-info': () => ({ path: q('/api/staffs/users/salons-member-info', { userId: ids.memberA }) }),
  'GET /api/users/salons-ekimu': () => ({ path: '/api/users/salons-ekimu' }),
  'POST /api/admin/salons/salons-api': () => ({ path: '/api/admin/salons/salons-api', json: { action: 'status' } }),
  'GET /api/line/app/config': () => ({ path: '/api/line/app/config' }),
  'POST /api/line/app/session': () => ({ path: '/api/line/app/session', json: { idToken: lineVerify.idTokenFor('U-route-world-0001') }, freshBrowser: true }),
  'GET /api/line/app/reservations': () => ({ path: '/api/line/app/reservations' }),
  'PUT /api/line/app/reservations/:id/cancel': () => ({ path: `/api/line/app/reservations/${ids.reservationA}/cancel` }),
  'POST /api/line/webhook': () => ({ path: '/api/line/webhook', json: { events: [] } }),

  'GET /api/guests/users': async (role) => ({ path: q('/api/guests/users', { token: await tokenFor(role, fresh.registrationToken) }) }),
  'PUT /api/guests/users': async (role) => ({ path: '/api/guests/users', json: { token: await tokenFor(role, fresh.registrationToken), password: PASSWORD } }),
  'POST /api/guests/reset-password': () => ({ path: '/api/guests/reset-password', json: { email: 'nobody@example.jp' } }),
  'PUT /api/guests/update-password': async (role) => ({
    path: '/api/guests/update-password',
    json: { token: await tokenFor(role, fresh.memberResetToken), password: PASSWORD },
  }),
};

// --- answers ---
export const outcomeOf = (status: number): string => (status >= 200 && status < 300 ? 'ok' : String(status));

/** A server-sent event stream never ends: read the status, then hang up. */
const openStream = async (client: TestClient, path: string): Promise<number> => {
  const controller = new AbortController();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(server.url + path, { headers: cookie ? { Cookie: cookie } : {}, signal: controller.signal });
  controller.abort();
  return response.status;
};

export const LOGINS: Partial<Record<Role, string>> = {
  memberA: 'user100001',
  memberB: 'user100002',
  staffX: 'staffXS01',
  staffY: 'staffYS01',
  admin: 'staffADM1',
  adminX: 'staffADX1',
  adminY: 'staffADY1',
};

/**
 * Logs a column in again when a request of the run ended its session, and answers which. A fuzz
 * case may do what ends sessions on purpose (a password set for the account, the account's
 * two-factor login reset, a logout through the column's own browser): the next route must still
 * be called by a logged-in column, or every refusal is a 401 that says nothing about that route
 * (the 1000-run fuzz of 2026-11-28 lost the admin column that way before its free-text phase).
 */
export const keepSessions = async (): Promise<Role[]> => {
  const renewed: Role[] = [];
  for (const [role, username] of Object.entries(LOGINS) as [Role, string][]) {
    const profile = role === 'memberA' || role === 'memberB' ? '/api/users/profile' : '/api/staffs/profile';
    if ((await clients[role].get(profile)).status !== 401) continue;
    // The run's own cases of POST /api/login fill the login limiter for these very accounts (their
    // wrong passwords count, as they should): its counts are cleared before the column logs in again.
    await server.db.knex('login_attempts').delete();
    // A case of the two-factor routes may have left the account enrolled (activate, recovery codes):
    // the column logs in again with a password alone, as it did at the start.
    await withoutTwoFactor(role);
    await must(clients[role].login(username, PASSWORD), `login ${role} again`);
    renewed.push(role);
  }
  return renewed;
};

export const send = async (method: string, role: Role, request: Request): Promise<Answer | number> => {
  let client = clients[role];
  if (request.freshBrowser) client = server.client();
  if (request.ownBrowser) {
    client = server.client();
    const username = LOGINS[role];
    if (username) await must(client.login(username, PASSWORD), `login ${role}`);
  }
  if (method === 'GET' && request.path.startsWith('/api/staffs/events')) return openStream(client, request.path);
  return client.request(method, request.path, request.form ? { form: request.form, xhr: false } : request.json !== undefined ? { json: request.json } : {});
};

// --- the whole database, as one digest per table ---
// Aside: sessions, page views and login attempts (any visit writes them), and the audit log, which
// records refused attempts on purpose (routing/access-audit.ts).
const IGNORED_TABLES = new Set(['sessions', 'page_views', 'login_attempts', 'audit_log']);
let snapshotSql = '';
export const snapshot = async (): Promise<Record<string, string>> => {
  const rows = (await server.db.knex.raw(snapshotSql)).rows as Record<string, string>[];
  return rows[0]!;
};

/** Starts the server and builds the world; call once per test file. */
export const startRouteWorld = async (): Promise<TestServer> => {
  const salon: FakeSalonServer = await startFakeSalonServer();
  const line = await startLocalLineProvider();
  lineVerify = await startLocalLineVerify();
  const started = await startTestServer({
    // X-Forwarded-For is trusted so that token requests can come from addresses of their own.
    TRUST_PROXY: 'on',
    // Messages stay SCHEDULED: a delivery in the background would change tables between snapshots.
    MESSAGE_WORKER: 'off',
    // The columns' sessions are made once and must not run out during a long run (a column may go
    // unused for a while); the longest the configuration allows: a day idle, a week in all. A
    // session a case ends on purpose is renewed by `keepSessions`.
    SESSION_IDLE_MINUTES: String(24 * 60),
    SESSION_ABSOLUTE_HOURS: String(24 * 7),
    SALON_API_URL: salon.url,
    SALON_API_KEY: salon.apiKey,
    LINE_ISSUER: line.issuer,
    LINE_CHANNEL_ID: line.channelId,
    LINE_CHANNEL_SECRET: line.channelSecret,
    LINE_LIFF_ID: '2001234567-RouteWorld',
    LINE_LIFF_CHANNEL_ID: lineVerify.channelId,
    LINE_VERIFY_URL: lineVerify.url,
    LINE_MESSAGING_CHANNEL_SECRET: 'route-world-messaging-secret',
  });
  server = {
    ...started,
    close: async () => {
      await started.close();
      await salon.close();
      await line.close();
      await lineVerify.close();
    },
  };
  const hash = await server.app.container.get(ACCOUNTS.hasher).hash(PASSWORD);
  X = await seedBookableClinic(server.db, { firstDay: isoDate(1), days: 88, staff: 2, rooms: 2, machines: 2, name: '渋谷', phone: '03-1111-2222' });
  Y = await seedBookableClinic(server.db, { firstDay: isoDate(1), days: 1, name: '新宿', phone: '03-3333-4444' });
  const k = server.db.knex;
  const staff = async (employee_number: string, email: string, role: string, clinic_id: string | null) =>
    String(
      (
        await k('staffs')
          .insert({ employee_number, email, name: `${employee_number} さん`, role, clinic_id, priority: 9, password_hash: hash })
          .returning('id')
      )[0].id,
    );
  ids.staffX = await staff('XS01', 'staff-x@example.jp', 'STAFF', X.clinicId);
  ids.staffY = await staff('YS01', 'staff-y@example.jp', 'STAFF', Y.clinicId);
  ids.admin = await staff('ADM1', 'admin@example.jp', 'ADMIN', null);
  ids.adminX = await staff('ADX1', 'admin-x@example.jp', 'ADMIN', X.clinicId);
  ids.adminY = await staff('ADY1', 'admin-y@example.jp', 'ADMIN', Y.clinicId);
  ids.memberA = await memberOf(server.db, X.clinicId, hash, '100001');
  ids.memberB = await memberOf(server.db, X.clinicId, hash, '100002');
  ids.memberC = await memberOf(server.db, X.clinicId, hash, '100003');
  await k('users').where('id', ids.memberC).update({ email: 'member-c@example.jp' });
  // Members A and B are linked to the salon-management system (the fake one).
  for (const [id, card] of [
    [ids.memberA, '100001'],
    [ids.memberB, '100002'],
  ] as const) {
    salon.put({
      memberId: `SLN-${card}`,
      cardNumber: card,
      name: `会員 ${card}`,
      kana: 'カイイン',
      phone: '09000000000',
      email: `${card}@example.jp`,
      points: 0,
    });
    await k('users')
      .where('id', id)
      .update({ external_member_id: `SLN-${card}` });
  }
  for (const role of ROLES) clients[role] = server.client();
  for (const [role, username] of Object.entries(LOGINS)) await must(clients[role as Role].login(username, PASSWORD), `login ${role}`);

  // Menu A asks for a questionnaire every visit and a consent (countersigned by a doctor of X).
  ids.questionnaire = await created('/api/admin/forms', { kind: 'QUESTIONNAIRE', title: '問診票' });
  ids.questionnaireVersion = await created(`/api/admin/forms/${ids.questionnaire}/versions`, { items: FORM_ITEMS });
  await must(admin().post(`/api/admin/forms/${ids.questionnaire}/versions/${ids.questionnaireVersion}/publish`), 'publish');
  ids.consent = await created('/api/admin/forms', { kind: 'CONSENT', title: '同意書' });
  ids.consentVersion = await created(`/api/admin/forms/${ids.consent}/versions`, { items: FORM_ITEMS, body: '施術の説明を受けました。' });
  await must(admin().post(`/api/admin/forms/${ids.consent}/versions/${ids.consentVersion}/publish`), 'publish');
  await k('menu_forms').insert([
    { menu_id: X.menuA, form_id: ids.questionnaire, position: 0, when: 'EVERY_VISIT' },
    { menu_id: X.menuA, form_id: ids.consent, position: 1, when: 'EVERY_VISIT' },
  ]);
  ids.doctorX = await staff('XD01', 'doctor-x@example.jp', 'STAFF', X.clinicId);
  await k('staffs').where('id', ids.doctorX).update({ doctor: true });
  ids.reservationA = await fresh.reservationOfA();
  await created('/api/admin/check-conditions', { name: '同意書', kind: 'ALWAYS' });
  ids.checkItem = (await must(admin().get(q('/api/staffs/check-items', { userId: ids.memberA })), 'check items'))[0].id;

  const tables = (
    (await k.raw(`select tablename from pg_tables where schemaname = current_schema() and tablename not like 'knex_%' order by tablename`)).rows as {
      tablename: string;
    }[]
  )
    .map((row) => row.tablename)
    .filter((table) => !IGNORED_TABLES.has(table));
  snapshotSql = `select ${tables.map((table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t) as "${table}"`).join(', ')}`;
  return server;
};
