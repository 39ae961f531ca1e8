import type { Database } from '@clinic/adapters/persistence';

/**
 * Writes one reservation straight into the tables (one task, optionally one menu), so that
 * the delete guards of rooms, machines, categories and menus can be tested before the
 * reservation use cases exist.
 */
export const insertReservation = async (
  db: Database,
  row: {
    clinicId: string;
    userId: string;
    startsAt: string;
    endsAt: string;
    status?: 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';
    roomId?: string;
    machineId?: string;
    menuId?: string;
  },
): Promise<string> => {
  const [reservation] = await db
    .knex('reservations')
    .insert({
      clinic_id: row.clinicId,
      user_id: row.userId,
      status: row.status ?? 'RESERVED',
      source: 'STAFF',
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      created_by_type: 'staff',
    })
    .returning('id');
  const id = String((reservation as { id: string }).id);
  await db.knex('reservation_tasks').insert({
    reservation_id: id,
    position: 0,
    menu_id: row.menuId ?? null,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    room_id: row.roomId ?? null,
    machine_id: row.machineId ?? null,
  });
  if (row.menuId) await db.knex('reservation_menus').insert({ reservation_id: id, position: 0, menu_id: row.menuId });
  return id;
};
