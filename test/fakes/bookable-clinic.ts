import { placeSchedule, type Member, type MenuRecord } from '@clinic/core';
import type { InMemoryReservationWorld } from './in-memory-reservations';

/** What `seedBookableClinic` made: the ids a booking test names. */
export interface BookableClinic {
  readonly clinicId: string;
  readonly phone: string;
  readonly staffId: string;
  readonly roomId: string;
  readonly machineId: string;
  readonly menus: {
    /** 60 minutes: the staff member, the room and the laser. */
    readonly laser: string;
    /** 30 minutes: the staff member only. */
    readonly counselling: string;
    /** A contract course (役務) of 60 minutes, staff only. */
    readonly course: string;
    /** Switched off. */
    readonly disabled: string;
    /** Bookable by staff only, not online. */
    readonly staffOnly: string;
  };
  /** Two FULL members of the clinic. */
  readonly member: Member;
  readonly otherMember: Member;
}

/**
 * A small clinic ready to take bookings, written through the fakes' own ports: open 10:00–19:00
 * Monday to Saturday with a 13:00–14:00 break every day, closed on the `holidays`; one staff
 * member who performs every menu and works 10:00–19:00 (break 13:00–14:00) on each of `workDays`;
 * one room, one laser. Online bookings need 60 minutes' notice; changes and cancels close 24 hours
 * before the start.
 */
export const seedBookableClinic = async (
  world: InMemoryReservationWorld,
  options: { readonly workDays: readonly string[]; readonly holidays?: readonly string[] },
): Promise<BookableClinic> => {
  const phone = '03-1234-5678';
  const clinic = await world.clinics.create({
    name: '渋谷院',
    phone,
    homepageUrl: null,
    webBookingEnabled: true,
    hokenCategoryId: null,
    openingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '10:00', close: '19:00' })),
    breaks: [{ weekday: null, start: '13:00', end: '14:00' }],
    updateDeadlineHours: 24,
    cancelDeadlineHours: 24,
    minLeadMinutes: 60,
  });
  const clinicId = clinic.id;
  for (const date of options.holidays ?? []) await world.clinics.addHoliday(clinicId, { date, name: '休診日' });
  const room = await world.rooms.create({ clinicId, name: '施術室1', displayOrder: 0, enabled: true });
  const laser = await world.machines.create({ clinicId, name: 'ジェントルマックス', displayOrder: 0, enabled: true });
  const category = await world.categories.create({ clinicId, name: '医療脱毛', displayOrder: 0 });
  const menu = async (name: string, overrides: Partial<MenuRecord> = {}) =>
    (
      await world.menus.create({
        clinicId,
        categoryId: category.id,
        name,
        description: '',
        displayOrder: 0,
        enabled: true,
        webBookable: true,
        kind: 'NEW',
        price: 11000,
        afterMenuId: null,
        tasks: [{ label: '施術', durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
        ...overrides,
      })
    ).id;
  const menus = {
    laser: await menu('顔脱毛', { tasks: [{ label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room.id], machineIds: [laser.id] }] }),
    counselling: await menu('カウンセリング', { tasks: [{ label: '問診', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }] }),
    course: await menu('全身脱毛 5回コース', { kind: 'CONTRACT' }),
    disabled: await menu('休止中メニュー', { enabled: false }),
    staffOnly: await menu('院内専用メニュー', { webBookable: false }),
  };
  const staff = await world.staffs.create({
    employeeNumber: 'S0001',
    email: 'sato@example.jp',
    name: '佐藤 美咲',
    role: 'STAFF',
    clinicId,
    priority: 0,
    passwordHash: null,
  });
  await world.staffs.setMenus(staff.id, Object.values(menus));
  for (const date of options.workDays) {
    const placed = placeSchedule(
      { date, start: '10:00', end: '19:00', breaks: [{ start: '13:00', end: '14:00' }] },
      { clinicId, staffId: staff.id, categoryId: null },
    );
    if (!placed.ok) throw new Error(`seedBookableClinic: ${date} is no schedule`);
    await world.schedules.create(placed.value);
  }
  const aMember = (name: string, kana: string, userNumber: string, email: string) =>
    world.members.create({
      userNumber,
      name,
      kana,
      phone: `090-0000-${userNumber.slice(-4)}`,
      email,
      birthday: null,
      gender: null,
      clinicId,
      status: 'FULL',
      passwordHash: null,
      lineUserId: null,
      introducerUserId: null,
      giftCount: 0,
      externalMemberId: null,
    });
  return {
    clinicId,
    phone,
    staffId: staff.id,
    roomId: room.id,
    machineId: laser.id,
    menus,
    member: await aMember('山田 花子', 'ヤマダ ハナコ', '100001', 'hanako@example.jp'),
    otherMember: await aMember('鈴木 一郎', 'スズキ イチロウ', '100002', 'ichiro@example.jp'),
  };
};
