import type { Database } from '@clinic/adapters/persistence';
import { DateTime } from 'luxon';

const ZONE = 'Asia/Tokyo';
export const at = (local: string): string => DateTime.fromISO(local, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;

export interface BookingFixture {
  clinicId: string;
  categoryId: string;
  staffIds: string[];
  roomIds: string[];
  machineIds: string[];
  /** 60 min: staff + one room + one machine. */
  menuA: string;
  /** counselling 30 (staff + room) → treatment 60 (staff + room + machine) → cooling 15 (room). */
  menuB: string;
  contractMenu: string;
  disabledMenu: string;
}

const id = (row: { id: string | number }) => String(row.id);

/**
 * A clinic ready to take bookings, written straight into the database (the set-up API has its own
 * tests): open 10:00–19:00 every day, `staff` staff members who perform every menu and work
 * 10:00–19:00 with a 13:00–14:00 break on each of `days` days from `firstDay`, `rooms` rooms and
 * `machines` machines.
 */
export const seedBookableClinic = async (
  db: Database,
  options: { firstDay: string; days: number; staff?: number; rooms?: number; machines?: number; name?: string; phone?: string },
): Promise<BookingFixture> => {
  const k = db.knex;
  const [clinic] = await k('clinics')
    .insert({ name: options.name ?? '予約テスト院', phone: options.phone ?? '03-1111-2222', web_booking_enabled: true })
    .returning('id');
  const clinicId = id(clinic);
  await k('clinic_opening_hours').insert([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ clinic_id: clinicId, weekday, open_time: '10:00', close_time: '19:00' })));
  const [category] = await k('menu_categories').insert({ clinic_id: clinicId, name: '美容皮膚科' }).returning('id');
  const categoryId = id(category);
  const roomIds = (
    await k('rooms')
      .insert(Array.from({ length: options.rooms ?? 2 }, (_, i) => ({ clinic_id: clinicId, name: `施術室${i + 1}`, display_order: i })))
      .returning('id')
  ).map(id);
  const machineIds = (
    await k('machines')
      .insert(Array.from({ length: options.machines ?? 1 }, (_, i) => ({ clinic_id: clinicId, name: `レーザー${i + 1}`, display_order: i })))
      .returning('id')
  ).map(id);
  const staffIds = (
    await k('staffs')
      .insert(
        Array.from({ length: options.staff ?? 2 }, (_, i) => ({
          employee_number: `B${clinicId}-${i + 1}`,
          email: `b${clinicId}-${i + 1}@example.jp`,
          name: `予約 スタッフ${i + 1}`,
          role: 'STAFF',
          clinic_id: clinicId,
          priority: i,
        })),
      )
      .returning('id')
  ).map(id);

  const menu = async (
    name: string,
    kind: string,
    tasks: Array<{ minutes: number; staff: boolean; rooms: string[]; machines: string[]; label: string }>,
    enabled = true,
  ) => {
    const [row] = await k('menus')
      .insert({ clinic_id: clinicId, category_id: categoryId, name, kind, enabled, web_bookable: true, price: 10000 })
      .returning('id');
    for (const [position, task] of tasks.entries()) {
      const [t] = await k('menu_tasks')
        .insert({ menu_id: id(row), position, label: task.label, duration_minutes: task.minutes, needs_staff: task.staff })
        .returning('id');
      if (task.rooms.length) await k('menu_task_rooms').insert(task.rooms.map((room_id) => ({ task_id: id(t), room_id })));
      if (task.machines.length) await k('menu_task_machines').insert(task.machines.map((machine_id) => ({ task_id: id(t), machine_id })));
    }
    await k('staff_menus').insert(staffIds.map((staff_id) => ({ staff_id, menu_id: id(row) })));
    return id(row);
  };
  const menuA = await menu('ピコトーニング', 'NEW', [{ minutes: 60, staff: true, rooms: roomIds, machines: machineIds, label: '施術' }]);
  const menuB = await menu('全身脱毛', 'NEW', [
    { minutes: 30, staff: true, rooms: roomIds, machines: [], label: 'カウンセリング' },
    { minutes: 60, staff: true, rooms: roomIds, machines: machineIds, label: '照射' },
    { minutes: 15, staff: false, rooms: roomIds, machines: [], label: 'クーリング' },
  ]);
  const contractMenu = await menu('医療脱毛 5回コース', 'CONTRACT', [{ minutes: 60, staff: true, rooms: roomIds, machines: machineIds, label: '照射' }]);
  const disabledMenu = await menu('休止中メニュー', 'NEW', [{ minutes: 30, staff: true, rooms: [], machines: [], label: '' }], false);

  const first = DateTime.fromISO(options.firstDay, { zone: ZONE });
  const schedules = [];
  for (let day = 0; day < options.days; day++) {
    const date = first.plus({ days: day });
    for (const staffId of staffIds) {
      schedules.push({
        clinic_id: clinicId,
        staff_id: staffId,
        date: date.toISODate(),
        starts_at: date.set({ hour: 10 }).toISO(),
        ends_at: date.set({ hour: 19 }).toISO(),
      });
    }
  }
  const inserted = await k('schedules').insert(schedules).returning(['id', 'starts_at']);
  await k('schedule_breaks').insert(
    (inserted as Array<{ id: string; starts_at: Date | string }>).map((row) => {
      const date = DateTime.fromJSDate(new Date(row.starts_at), { zone: ZONE });
      return { schedule_id: row.id, starts_at: date.set({ hour: 13 }).toISO(), ends_at: date.set({ hour: 14 }).toISO() };
    }),
  );
  return { clinicId, categoryId, staffIds, roomIds, machineIds, menuA, menuB, contractMenu, disabledMenu };
};

/** A FULL member of the clinic with a password, logged in through the given client. */
export const memberOf = async (db: Database, clinicId: string, passwordHash: string, userNumber: string) => {
  const [row] = await db
    .knex('users')
    .insert({
      clinic_id: clinicId,
      name: `会員 ${userNumber}`,
      kana: 'カイイン',
      phone: '090-0000-0000',
      email: `${userNumber}@example.jp`,
      status: 'FULL',
      user_number: userNumber,
      password_hash: passwordHash,
    })
    .returning('id');
  return String(row.id);
};
