/**
 * Example values for /api/docs, shared by the routes that answer the same shapes. Every use is
 * checked against the route's zod schema by test/http/api-docs.test.ts, so a schema change that
 * leaves an example behind fails that test.
 */

export const EXAMPLE_CLINIC = {
  id: '1',
  name: '渋谷院',
  phone: '03-1234-5678',
  homepageUrl: 'https://example.jp/shibuya',
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
  breaks: [{ id: '3', weekday: null, start: '13:00', end: '14:00' }],
  holidays: [{ date: '2026-12-31', name: '年末休診' }],
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  reminderRules: [
    { kind: 'DAY_BEFORE' as const, at: '18:00' },
    { kind: 'HOURS_BEFORE' as const, hours: 2 },
  ],
  waitlistHoldMinutes: 30,
  noShowLimit: 3,
  noShowWindowDays: 180,
};

const {
  updateDeadlineHours: _u,
  cancelDeadlineHours: _c,
  minLeadMinutes: _m,
  reminderRules: _r,
  waitlistHoldMinutes: _w,
  noShowLimit: _n,
  noShowWindowDays: _d,
  ...publicClinic
} = EXAMPLE_CLINIC;
/** What members and guests see of a clinic. */
export const EXAMPLE_PUBLIC_CLINIC = publicClinic;

/** The body of POST /api/admin/clinics and PUT /api/admin/clinics/{id}. */
export const EXAMPLE_CLINIC_BODY = {
  name: '渋谷院',
  phone: '03-1234-5678',
  homepageUrl: 'https://example.jp/shibuya',
  webBookingEnabled: true,
  openingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
  breaks: [{ weekday: null, start: '13:00', end: '14:00' }],
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  reminderRules: [
    { kind: 'DAY_BEFORE' as const, at: '18:00' },
    { kind: 'HOURS_BEFORE' as const, hours: 2 },
  ],
  waitlistHoldMinutes: 30,
  noShowLimit: 3,
  noShowWindowDays: 180,
};

export const EXAMPLE_ROOM = { id: '11', clinicId: '1', name: '施術室A', displayOrder: 0, enabled: true };
export const EXAMPLE_MACHINE = { id: '12', clinicId: '1', name: 'ジェントルマックスプロ', displayOrder: 0, enabled: true };
export const EXAMPLE_CATEGORY = { id: '21', clinicId: '1', name: '医療脱毛', displayOrder: 0 };

export const EXAMPLE_MENU = {
  id: '41',
  clinicId: '1',
  categoryId: '21',
  name: '全身脱毛（顔・VIOなし）',
  description: '初回の方はカウンセリングを含みます。',
  preVisitNote: '施術部位のシェービングをしてご来院ください。',
  displayOrder: 0,
  enabled: true,
  webBookable: true,
  kind: 'NEW' as const,
  price: 19800,
  afterMenuId: null,
  durationMinutes: 90,
  tasks: [
    { id: '51', position: 0, label: 'カウンセリング', durationMinutes: 30, needsStaff: true, roomIds: ['11'], machineIds: [] },
    { id: '52', position: 1, label: '照射', durationMinutes: 60, needsStaff: true, roomIds: ['11'], machineIds: ['12'] },
  ],
};

const EXAMPLE_MENU_TRANSLATIONS = {
  en: {
    name: 'Full-body hair removal (excl. face and VIO)',
    description: 'Includes a consultation on your first visit.',
    preVisitNote: 'Please shave the treatment area before your visit.',
  },
  'zh-CN': { name: '全身脱毛（不含面部和VIO）', description: '首次来院包含咨询。' },
};

/** Staff and admin answers carry the translations and the languages that lack some (docs/languages.md). */
export const EXAMPLE_STAFF_CATEGORY = { ...EXAMPLE_CATEGORY, translations: { en: { name: 'Medical hair removal' } }, missingTranslations: ['zh-CN' as const] };
export const EXAMPLE_STAFF_MENU = { ...EXAMPLE_MENU, translations: EXAMPLE_MENU_TRANSLATIONS, missingTranslations: ['zh-CN' as const] };

export const EXAMPLE_MENU_BODY = {
  categoryId: '21',
  name: '全身脱毛（顔・VIOなし）',
  kind: 'NEW' as const,
  enabled: true,
  webBookable: true,
  price: 19800,
  description: '初回の方はカウンセリングを含みます。',
  translations: EXAMPLE_MENU_TRANSLATIONS,
  tasks: [
    { label: 'カウンセリング', durationMinutes: 30, needsStaff: true, roomIds: ['11'], machineIds: [] },
    { label: '照射', durationMinutes: 60, needsStaff: true, roomIds: ['11'], machineIds: ['12'] },
  ],
};

export const EXAMPLE_STAFF = {
  id: '31',
  employeeNumber: 'S1002',
  email: 'sato@example.jp',
  name: '佐藤 美咲',
  role: 'STAFF' as const,
  clinicId: '1',
  priority: 10,
  menuIds: ['41'],
  hasPassword: true,
  doctor: false,
};

export const EXAMPLE_SCHEDULE = {
  id: '61',
  clinicId: '1',
  staffId: '31',
  date: '2026-12-01',
  start: '10:00',
  end: '19:00',
  breaks: [{ start: '13:00', end: '14:00' }],
  categoryId: null,
};

export const EXAMPLE_BLOCK = {
  id: '71',
  clinicId: '1',
  resourceType: 'ROOM' as const,
  resourceId: '11',
  startsAt: '2026-12-01T15:00:00+09:00',
  endsAt: '2026-12-01T16:00:00+09:00',
  reason: '機器点検',
};

export const EXAMPLE_TAG = { id: '81', name: 'VIP', displayOrder: 0 };
export const EXAMPLE_CHECK_CONDITION = { id: '82', name: '同意書の記入', kind: 'FIRST_VISIT' as const, categoryId: null, displayOrder: 0 };
export const EXAMPLE_CHECK_ITEM = {
  id: '83',
  userId: '101',
  conditionId: '82',
  conditionName: '同意書の記入',
  checked: true,
  checkedAt: '2026-12-01T10:05:00+09:00',
  checkedBy: '31',
  note: '',
};
export const EXAMPLE_ANNOUNCEMENT = {
  id: '91',
  clinicId: null,
  title: '年末年始の休診のお知らせ',
  body: '12月31日から1月3日まで休診いたします。',
  publishedFrom: '2026-12-01T00:00:00+09:00',
  publishedUntil: '2027-01-04T00:00:00+09:00',
};
export const EXAMPLE_MEMO = { id: '92', clinicId: '1', date: '2026-12-01', content: '午後から研修のため1名減', updatedAt: '2026-11-24T09:00:00+09:00' };

export const EXAMPLE_TASK = {
  startsAt: '2026-12-01T10:00:00+09:00',
  endsAt: '2026-12-01T10:30:00+09:00',
  staffId: '31',
  roomId: '11',
  machineId: null,
  menuId: '41',
  label: 'カウンセリング',
};

export const EXAMPLE_RESERVATION = {
  id: '1001',
  clinicId: '1',
  userId: '101',
  status: 'RESERVED' as const,
  source: 'WEB_MEMBER' as const,
  menuIds: ['41'],
  menus: [{ id: '41', name: '全身脱毛（顔・VIOなし）' }],
  startsAt: '2026-12-01T10:00:00+09:00',
  endsAt: '2026-12-01T11:30:00+09:00',
  tasks: [EXAMPLE_TASK, { ...EXAMPLE_TASK, startsAt: '2026-12-01T10:30:00+09:00', endsAt: '2026-12-01T11:30:00+09:00', machineId: '12', label: '照射' }],
  createdAt: '2026-11-24T09:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
};

/** A reservation as staff see it: with the member, the menu names and the memo. */
export const EXAMPLE_STAFF_RESERVATION = {
  ...EXAMPLE_RESERVATION,
  source: 'STAFF' as const,
  memo: '前回は照射後に赤みあり',
  campaign: null,
  user: { id: '101', name: '山田 花子', kana: 'ヤマダ ハナコ', userNumber: '100001' },
};

export const EXAMPLE_MEMBER = {
  id: '101',
  userNumber: '100001',
  name: '山田 花子',
  kana: 'ヤマダ ハナコ',
  phone: '090-1234-5678',
  email: 'hanako@example.jp',
  birthday: '1990-04-01',
  gender: 'FEMALE',
  clinicId: '1',
  clinicName: '渋谷院',
  status: 'FULL' as const,
  hasPassword: true,
  hasLine: false,
  language: 'ja' as const,
  introducerUserId: null,
  introducerUserNumber: null,
  introducerName: null,
  giftCount: 0,
  externalMemberId: null,
  tagIds: ['81'],
  lastVisitAt: '2026-11-01T10:00:00+09:00',
  createdAt: '2026-04-01T12:00:00+09:00',
};

export const EXAMPLE_CONTRACT = {
  id: '201',
  userId: '101',
  menuId: '41',
  menuName: '全身脱毛（顔・VIOなし）',
  clinicId: '1',
  sessionsTotal: 5,
  sessionsUsed: 2,
  sessionsRemaining: 3,
  expiresOn: '2027-11-30',
  createdAt: '2026-04-01T12:00:00+09:00',
};

export const EXAMPLE_MEMBER_DETAILS = {
  member: EXAMPLE_MEMBER,
  reservations: [EXAMPLE_STAFF_RESERVATION],
  contracts: [EXAMPLE_CONTRACT],
  checkItems: [EXAMPLE_CHECK_ITEM],
  tags: [EXAMPLE_TAG],
  noShowCount: 0,
  bookingRestriction: { restricted: false, reason: '', since: null, by: null },
};

export const EXAMPLE_MEMBER_PROFILE = {
  id: '101',
  name: '山田 花子',
  kana: 'ヤマダ ハナコ',
  phone: '090-1234-5678',
  email: 'hanako@example.jp',
  birthday: '1990-04-01',
  gender: 'FEMALE',
  userNumber: '100001',
  status: 'FULL' as const,
  clinic: { id: '1', name: '渋谷院', phone: '03-1234-5678' },
  hasLine: false,
  notificationChannel: 'MAIL',
  language: 'ja' as const,
  giftCount: 0,
};

export const EXAMPLE_MAIL_ACCEPTED = { message: 'ご登録のメールアドレスに再設定のご案内をお送りしました。' };
