import type { Database } from '@clinic/adapters/persistence';

/**
 * Rows of other modules (menus, rooms, reservations) written straight into the database, so that
 * the staff, schedule and block tests do not depend on those modules' APIs.
 */
export const insertCategory = async (db: Database, clinicId: string, name = `カテゴリ${Math.random().toString(36).slice(2, 8)}`): Promise<string> => {
  const [row] = await db.knex('menu_categories').insert({ clinic_id: clinicId, name }).returning('id');
  return String(row.id);
};

export const insertMenu = async (db: Database, clinicId: string, name = `メニュー${Math.random().toString(36).slice(2, 8)}`): Promise<string> => {
  const categoryId = await insertCategory(db, clinicId);
  const [row] = await db.knex('menus').insert({ clinic_id: clinicId, category_id: categoryId, name, kind: 'NEW' }).returning('id');
  return String(row.id);
};

export const insertResource = async (
  db: Database,
  table: 'rooms' | 'machines',
  clinicId: string,
  name = `${table}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> => {
  const [row] = await db.knex(table).insert({ clinic_id: clinicId, name }).returning('id');
  return String(row.id);
};

/** A one-task reservation holding a staff member (and its allocation, as the booking module writes it). */
export const insertReservation = async (
  db: Database,
  options: {
    clinicId: string;
    userId: string;
    staffId: string;
    startsAt: string;
    endsAt: string;
    status?: 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';
  },
): Promise<string> => {
  const status = options.status ?? 'RESERVED';
  const [reservation] = await db
    .knex('reservations')
    .insert({
      clinic_id: options.clinicId,
      user_id: options.userId,
      status,
      source: 'STAFF',
      starts_at: options.startsAt,
      ends_at: options.endsAt,
      created_by_type: 'staff',
    })
    .returning('id');
  const [task] = await db
    .knex('reservation_tasks')
    .insert({ reservation_id: reservation.id, position: 0, starts_at: options.startsAt, ends_at: options.endsAt, staff_id: options.staffId })
    .returning('id');
  await db.knex('allocations').insert({
    clinic_id: options.clinicId,
    resource_type: 'STAFF',
    resource_id: options.staffId,
    during: db.knex.raw(`tstzrange(?::timestamptz, ?::timestamptz, '[)')`, [options.startsAt, options.endsAt]),
    live: status === 'RESERVED' || status === 'VISITED',
    reservation_task_id: task.id,
  });
  return String(reservation.id);
};

/** The token in a link of a mail (`…?token=…`). */
export const tokenIn = (text: string): string => {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no token in: ${text}`);
  return decodeURIComponent(match[1]!);
};
