import type { CheckCondition, CheckConditionInput, CheckConditionRepositoryPort } from '@clinic/core';
import type { Knex } from 'knex';
import { CheckConditionModel } from '../models/settings.model';
import { translateWriteError } from '../pg-errors';

const CONSTRAINTS = { check_conditions_name_unique: 'CHECK_ITEM_EXISTS' } as const;
const CATEGORY_GONE = { code: 'CATEGORY_NOT_FOUND', fields: [{ path: 'categoryId', message: 'メニューカテゴリが見つかりません。' }] } as const;
const FOREIGN_KEYS = { check_conditions_category_id_foreign: CATEGORY_GONE, check_conditions_category_id_fkey: CATEGORY_GONE };
const translate = (error: unknown): never => translateWriteError(error, CONSTRAINTS, FOREIGN_KEYS);
const ID = /^\d{1,18}$/;

const toCondition = (row: CheckConditionModel): CheckCondition => ({
  id: String(row.id),
  name: row.name,
  kind: row.kind,
  categoryId: row.category_id === null ? null : String(row.category_id),
  displayOrder: row.display_order,
});

export class KnexCheckConditionRepository implements CheckConditionRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async list(): Promise<CheckCondition[]> {
    return (await CheckConditionModel.query(this.knex).orderBy(['display_order', 'id'])).map(toCondition);
  }

  async findById(id: string): Promise<CheckCondition | null> {
    if (!ID.test(id)) return null;
    const row = await CheckConditionModel.query(this.knex).findById(id);
    return row ? toCondition(row) : null;
  }

  async create(input: CheckConditionInput): Promise<CheckCondition> {
    try {
      const row = await CheckConditionModel.query(this.knex)
        .insert({
          name: input.name,
          kind: input.kind,
          category_id: input.categoryId,
          display_order: this.knex.raw('(select coalesce(max(display_order) + 1, 0) from check_conditions)'),
        } as never)
        .returning('*');
      return toCondition(row as unknown as CheckConditionModel);
    } catch (error) {
      return translate(error);
    }
  }

  async update(id: string, input: CheckConditionInput): Promise<CheckCondition | null> {
    if (!ID.test(id)) return null;
    try {
      const rows = await this.knex('check_conditions')
        .update({ name: input.name, kind: input.kind, category_id: input.categoryId })
        .where('id', id)
        .returning('id');
      return rows.length > 0 ? this.findById(id) : null;
    } catch (error) {
      return translate(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return (await this.knex('check_conditions').where('id', id).delete().returning('id')).length > 0;
  }
}
