import type { ScheduleLookupsPort } from '@clinic/core';
import type { Knex } from 'knex';
import { dateText } from './knex-schedule-repository';

const ID = /^\d{1,18}$/;

/** Reads categories, rooms, machines and holidays for schedules and blocks: a query adapter, no writes. */
export class KnexScheduleLookups implements ScheduleLookupsPort {
  constructor(private readonly knex: Knex) {}

  async clinicOfCategory(categoryId: string): Promise<string | null> {
    if (!ID.test(categoryId)) return null;
    const row = await this.knex('menu_categories').where('id', categoryId).first('clinic_id');
    return row ? String(row.clinic_id) : null;
  }

  async clinicOfResource(type: 'ROOM' | 'MACHINE', id: string): Promise<string | null> {
    if (!ID.test(id)) return null;
    const row = await this.knex(type === 'ROOM' ? 'rooms' : 'machines')
      .where('id', id)
      .whereNull('deleted_at')
      .first('clinic_id');
    return row ? String(row.clinic_id) : null;
  }

  async holidays(clinicId: string, from: string, to: string): Promise<string[]> {
    if (!ID.test(clinicId)) return [];
    const rows: { date: string | Date }[] = await this.knex('clinic_holidays')
      .select('date')
      .where('clinic_id', clinicId)
      .whereBetween('date', [from, to])
      .orderBy('date');
    return rows.map((row) => dateText(row.date));
  }
}
