import { isEmailLike, type NewStaff, type Staff, type StaffChanges, type StaffRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { StaffModel } from '../models/staff.model';
import { translateDbError } from '../pg-errors';

// Unique among live staff only (migration 0005): a deleted account's number and email are free again.
const CONSTRAINTS = { staffs_employee_number_unique: 'STAFF_EXISTS', staffs_email_unique: 'STAFF_EXISTS' } as const;

const ID = /^\d{1,18}$/;

const toStaff = (row: StaffModel): Staff => ({
  id: String(row.id),
  employeeNumber: row.employee_number,
  email: row.email,
  name: row.name,
  role: row.role,
  clinicId: row.clinic_id === null ? null : String(row.clinic_id),
  priority: row.priority,
  passwordHash: row.password_hash,
  doctor: row.doctor === true,
});

/** Staff accounts in `staffs`; every lookup sees live (not soft-deleted) staff only. */
export class KnexStaffRepository implements StaffRepositoryPort {
  constructor(private readonly knex: Knex) {}

  private live(knex: Knex = this.knex) {
    return StaffModel.query(knex).whereNull('deleted_at');
  }

  async findById(id: string): Promise<Staff | null> {
    if (!ID.test(id)) return null;
    const row = await this.live().findById(id);
    return row ? toStaff(row) : null;
  }

  async findByLoginIdentifier(identifier: string): Promise<Staff | null> {
    const query = this.live();
    const row = isEmailLike(identifier)
      ? await query.whereRaw('lower(email) = lower(?)', [identifier]).first()
      : await query.where('employee_number', identifier).first();
    return row ? toStaff(row) : null;
  }

  async create(staff: NewStaff): Promise<Staff> {
    try {
      const row = await StaffModel.query(this.knex)
        .insert({
          employee_number: staff.employeeNumber,
          email: staff.email,
          name: staff.name,
          role: staff.role,
          clinic_id: staff.clinicId,
          priority: staff.priority,
          password_hash: staff.passwordHash,
          doctor: staff.doctor === true,
        })
        .returning('*');
      return toStaff(row);
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async count(): Promise<number> {
    const result = (await this.knex('staffs').whereNull('deleted_at').count({ n: '*' }).first()) as { n: string | number } | undefined;
    return Number(result?.n ?? 0);
  }

  async list(filter: { readonly clinicId?: string | null } = {}): Promise<Staff[]> {
    const query = this.live().orderBy('priority').orderBy('id');
    if (filter.clinicId === null) query.whereNull('clinic_id');
    else if (filter.clinicId !== undefined) {
      if (!ID.test(filter.clinicId)) return [];
      query.where('clinic_id', filter.clinicId);
    }
    return (await query).map(toStaff);
  }

  async update(id: string, changes: StaffChanges): Promise<Staff | null> {
    if (!ID.test(id)) return null;
    try {
      const rows = await this.live()
        .where('id', id)
        .patch({
          employee_number: changes.employeeNumber,
          email: changes.email,
          name: changes.name,
          role: changes.role,
          clinic_id: changes.clinicId,
          ...(changes.doctor === undefined ? {} : { doctor: changes.doctor }),
          updated_at: this.knex.fn.now(),
        } as never)
        .returning('*');
      const row = (rows as unknown as StaffModel[])[0];
      return row ? toStaff(row) : null;
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    if (!ID.test(id)) return false;
    return this.knex.transaction(async (trx) => {
      const updated = await trx('staffs').where('id', id).whereNull('deleted_at').update({ deleted_at: at.toISOString(), updated_at: trx.fn.now() });
      if (updated === 0) return false;
      await trx('staff_tokens').where('staff_id', id).whereNull('used_at').update({ used_at: at.toISOString() });
      return true;
    });
  }

  async setPriorities(orderedIds: readonly string[]): Promise<void> {
    const ids = orderedIds.filter((id) => ID.test(id));
    if (ids.length === 0) return;
    await this.knex.transaction(async (trx) => {
      for (const [priority, id] of ids.entries()) {
        await trx('staffs').where('id', id).update({ priority, updated_at: trx.fn.now() });
      }
    });
  }

  async menuIds(staffIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(staffIds.map((id) => [id, []]));
    const ids = staffIds.filter((id) => ID.test(id));
    if (ids.length === 0) return result;
    const rows: { staff_id: string; menu_id: string }[] = await this.knex('staff_menus')
      .select('staff_id', 'menu_id')
      .whereIn('staff_id', ids)
      .orderBy('menu_id');
    for (const row of rows) result.get(String(row.staff_id))?.push(String(row.menu_id));
    return result;
  }

  async setMenus(staffId: string, menuIds: readonly string[]): Promise<void> {
    if (!ID.test(staffId)) return;
    await this.knex.transaction(async (trx) => {
      await trx('staff_menus').where('staff_id', staffId).delete();
      const unique = [...new Set(menuIds)].filter((id) => ID.test(id));
      if (unique.length > 0) await trx('staff_menus').insert(unique.map((menuId) => ({ staff_id: staffId, menu_id: menuId })));
    });
  }
}
