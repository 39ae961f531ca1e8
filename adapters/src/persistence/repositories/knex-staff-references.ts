import type { StaffReferencesPort } from '@clinic/core';
import type { Knex } from 'knex';

const ID = /^\d{1,18}$/;

/** Reads menus and reservations for staff management: a query adapter, no writes. */
export class KnexStaffReferences implements StaffReferencesPort {
  constructor(private readonly knex: Knex) {}

  async menuClinics(menuIds: readonly string[]): Promise<Map<string, string>> {
    const ids = menuIds.filter((id) => ID.test(id));
    if (ids.length === 0) return new Map();
    const rows: { id: string; clinic_id: string }[] = await this.knex('menus').select('id', 'clinic_id').whereIn('id', ids);
    return new Map(rows.map((row) => [String(row.id), String(row.clinic_id)]));
  }

  async hasFutureLiveReservations(staffId: string, now: Date): Promise<boolean> {
    if (!ID.test(staffId)) return false;
    const row = await this.knex('reservation_tasks as t')
      .join('reservations as r', 'r.id', 't.reservation_id')
      .where('t.staff_id', staffId)
      .whereIn('r.status', ['RESERVED', 'VISITED'])
      .where('t.ends_at', '>', now.toISOString())
      .first(this.knex.raw('1 as found'));
    return row !== undefined;
  }
}
