import { DomainRuleViolation, MEMO_DATE_TAKEN, type CalendarMemo, type CalendarMemoRepositoryPort, type NewCalendarMemo } from '@clinic/core';
import type { Knex } from 'knex';
import { CalendarMemoModel } from '../models/settings.model';
import { sqlState, translateDbError } from '../pg-errors';
import { toClinicIso } from './instants';

const ID = /^\d{1,18}$/;
/** Dates as text: PGlite would give a Date object. */
const COLUMNS = ['id', 'clinic_id', 'date::text as date', 'content', 'updated_at'] as const;
const columns = (knex: Knex) => COLUMNS.map((column) => (column.includes('::') ? knex.raw(column) : column));

const toMemo = (row: CalendarMemoModel): CalendarMemo => ({
  id: String(row.id),
  clinicId: String(row.clinic_id),
  date: String(row.date),
  content: row.content,
  updatedAt: toClinicIso(row.updated_at),
});

/** One memo per clinic and date: `calendar_memos_date_unique` refuses the second, answered on the field `date`. */
const translate = (error: unknown): never => {
  const constraint =
    (error as { nativeError?: { constraint?: string }; constraint?: string }).nativeError?.constraint ?? (error as { constraint?: string }).constraint;
  if (sqlState(error) === '23505' && constraint === 'calendar_memos_date_unique') {
    throw new DomainRuleViolation({ code: 'VALIDATION_FAILED', fields: [MEMO_DATE_TAKEN] });
  }
  return translateDbError(error, {});
};

export class KnexCalendarMemoRepository implements CalendarMemoRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async list(clinicId: string, from: string, to: string): Promise<CalendarMemo[]> {
    if (!ID.test(clinicId)) return [];
    const rows = await CalendarMemoModel.query(this.knex)
      .select(columns(this.knex))
      .where('clinic_id', clinicId)
      .whereBetween('date', [from, to])
      .orderBy(['date', 'id']);
    return rows.map(toMemo);
  }

  async findById(id: string): Promise<CalendarMemo | null> {
    if (!ID.test(id)) return null;
    const row = await CalendarMemoModel.query(this.knex).select(columns(this.knex)).findById(id);
    return row ? toMemo(row) : null;
  }

  async create(memo: NewCalendarMemo): Promise<CalendarMemo> {
    try {
      const row = await CalendarMemoModel.query(this.knex)
        .insert({ clinic_id: memo.clinicId, date: memo.date, content: memo.content, updated_by: memo.updatedBy } as never)
        .returning('id');
      return (await this.findById(String(row.id)))!;
    } catch (error) {
      return translate(error);
    }
  }

  async update(id: string, content: string, updatedBy: string | null): Promise<CalendarMemo | null> {
    if (!ID.test(id)) return null;
    const updated = await this.knex('calendar_memos')
      .update({ content, updated_by: updatedBy, updated_at: this.knex.fn.now() } as never)
      .where('id', id)
      .returning('id');
    return updated.length > 0 ? this.findById(id) : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return (await this.knex('calendar_memos').where('id', id).delete().returning('id')).length > 0;
  }
}
