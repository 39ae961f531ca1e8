import type { MenuCategoryLookupPort } from '@clinic/core';
import type { Knex } from 'knex';

/** Which clinic a menu category belongs to (read only: the menus module owns categories). */
export class KnexMenuCategoryLookup implements MenuCategoryLookupPort {
  constructor(private readonly knex: Knex) {}

  async clinicOfCategory(categoryId: string): Promise<string | null> {
    if (!/^\d{1,18}$/.test(categoryId)) return null;
    const row = await this.knex('menu_categories').select('clinic_id').where('id', categoryId).first();
    return row ? String(row.clinic_id) : null;
  }
}
