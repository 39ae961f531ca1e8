import type { MenuCategory, MenuCategoryRepositoryPort, NewMenuCategory, Translations } from '@clinic/core';
import { translationsOf } from './knex-menu-repository';
import type { Knex } from 'knex';
import { MenuCategoryModel } from '../models/menu.model';
import { isId, translateWriteError } from '../pg-errors';

const UNIQUE = { menu_categories_name_unique: 'CATEGORY_EXISTS' } as const;
const ON_INSERT = { menu_categories_clinic_id_fkey: { code: 'CLINIC_NOT_FOUND' } } as const;
/** Deleting a category that a menu or a schedule names. */
const ON_DELETE = { menus_category_id_fkey: { code: 'IN_USE' }, schedules_category_id_fkey: { code: 'IN_USE' } } as const;

const toCategory = (row: MenuCategoryModel): MenuCategory => ({
  id: String(row.id),
  clinicId: String(row.clinic_id),
  name: row.name,
  translations: translationsOf(row.translations),
  displayOrder: row.display_order,
});

export class KnexMenuCategoryRepository implements MenuCategoryRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async listByClinic(clinicId: string): Promise<MenuCategory[]> {
    if (!isId(clinicId)) return [];
    const rows = await MenuCategoryModel.query(this.knex)
      .where('clinic_id', clinicId)
      .orderBy([{ column: 'display_order' }, { column: 'id' }]);
    return rows.map(toCategory);
  }

  async findById(id: string): Promise<MenuCategory | null> {
    if (!isId(id)) return null;
    const row = await MenuCategoryModel.query(this.knex).findById(id);
    return row ? toCategory(row) : null;
  }

  async create(category: NewMenuCategory): Promise<MenuCategory> {
    try {
      const row = await MenuCategoryModel.query(this.knex)
        .insert({
          clinic_id: category.clinicId,
          name: category.name,
          translations: JSON.stringify(category.translations ?? {}),
          display_order: category.displayOrder,
        } as never)
        .returning('*');
      return toCategory(row);
    } catch (error) {
      return translateWriteError(error, UNIQUE, ON_INSERT);
    }
  }

  async rename(id: string, name: string, translations?: Translations): Promise<MenuCategory | null> {
    if (!isId(id)) return null;
    try {
      const rows = await MenuCategoryModel.query(this.knex)
        .where('id', id)
        .patch({ name, ...(translations ? { translations: JSON.stringify(translations) } : {}), updated_at: this.knex.fn.now() } as never)
        .returning('*');
      const row = (rows as unknown as MenuCategoryModel[])[0];
      return row ? toCategory(row) : null;
    } catch (error) {
      return translateWriteError(error, UNIQUE);
    }
  }

  async reorder(clinicId: string, ids: readonly string[]): Promise<MenuCategory[]> {
    await this.knex.transaction(async (trx) => {
      for (const [index, id] of ids.entries()) {
        await MenuCategoryModel.query(trx)
          .where({ id, clinic_id: clinicId })
          .patch({ display_order: index, updated_at: trx.fn.now() } as never);
      }
    });
    return this.listByClinic(clinicId);
  }

  async isInUse(id: string): Promise<boolean> {
    if (!isId(id)) return false;
    const menu = await this.knex('menus').where('category_id', id).first(this.knex.raw('1 as used'));
    if (menu) return true;
    const schedule = await this.knex('schedules').where('category_id', id).first(this.knex.raw('1 as used'));
    return schedule !== undefined;
  }

  async delete(id: string): Promise<boolean> {
    if (!isId(id)) return false;
    try {
      const deleted = await MenuCategoryModel.query(this.knex).where('id', id).delete().returning('id');
      return (deleted as unknown as unknown[]).length > 0;
    } catch (error) {
      return translateWriteError(error, UNIQUE, ON_DELETE);
    }
  }
}
