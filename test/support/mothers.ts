import { spanOf, type ClinicSettings, type MenuRecord, type NewMember, type NewReservation, type NewStaff, type ReservationTask } from '@clinic/core';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Object mothers: valid records with every field set, to be overridden per test. */
export const aClinic = (overrides: Partial<ClinicSettings> = {}): ClinicSettings => ({
  name: `テスト院${unique()}`,
  phone: '03-0000-0000',
  homepageUrl: null,
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  ...overrides,
});

export const aStaff = (overrides: Partial<NewStaff> = {}): NewStaff => {
  const id = unique();
  return {
    employeeNumber: `E${id}`,
    email: `staff-${id}@example.jp`,
    name: 'テスト スタッフ',
    role: 'STAFF',
    clinicId: null,
    priority: 0,
    passwordHash: null,
    ...overrides,
  };
};

export const aMember = (clinicId: string, overrides: Partial<NewMember> = {}): NewMember => {
  const id = unique();
  return {
    userNumber: `U${id}`,
    name: 'テスト 花子',
    kana: 'テスト ハナコ',
    phone: '090-0000-0000',
    email: `member-${id}@example.jp`,
    birthday: '1990-04-01',
    gender: 'FEMALE',
    clinicId,
    status: 'FULL',
    passwordHash: null,
    lineUserId: null,
    introducerUserId: null,
    giftCount: 0,
    externalMemberId: null,
    ...overrides,
  };
};

/** A one-task menu of a clinic's category, as the menu repository stores it. */
export const aMenu = (clinicId: string, categoryId: string, overrides: Partial<MenuRecord> = {}): MenuRecord => ({
  clinicId,
  categoryId,
  name: '医療脱毛（全身）',
  description: '',
  displayOrder: 0,
  enabled: true,
  webBookable: true,
  kind: 'NEW',
  price: 30000,
  afterMenuId: null,
  tasks: [{ label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
  ...overrides,
});

/** A staff booking of the given tasks (its span from them) for a member, without memo, campaign or cancel link. */
export const aNewReservation = (clinicId: string, userId: string, tasks: ReservationTask[], overrides: Partial<NewReservation> = {}): NewReservation => ({
  clinicId,
  userId,
  menuIds: [...new Set(tasks.flatMap((task) => (task.menuId === null ? [] : [task.menuId])))],
  source: 'STAFF',
  tasks,
  memo: '',
  campaign: null,
  cancelTokenHash: null,
  ...spanOf(tasks),
  ...overrides,
});
