import { MENU_IN_USE, type Menu, type MenuListFilter, type MenuRecord, type MenuRepositoryPort, type MenuTask, type Translations } from '@clinic/core';
import type { Knex } from 'knex';
import { MenuModel, MenuTaskModel } from '../models/menu.model';
import { isId, translateWriteError } from '../pg-errors';

const UNIQUE = { menus_name_unique: 'MENU_EXISTS' } as const;
/** A parent that vanished between the use case's checks and the write. */
const ON_WRITE = {
  menus_category_id_fkey: { code: 'CATEGORY_NOT_FOUND' },
  menus_clinic_id_fkey: { code: 'CLINIC_NOT_FOUND' },
  menus_after_menu_id_fkey: { code: 'MENU_NOT_FOUND' },
  menu_task_rooms_room_id_fkey: { code: 'ROOM_NOT_FOUND' },
  menu_task_machines_machine_id_fkey: { code: 'MACHINE_NOT_FOUND' },
} as const;
/** Deleting a menu that a reservation names. */
const ON_DELETE = {
  reservation_menus_menu_id_fkey: { code: 'IN_USE', ...MENU_IN_USE },
  reservation_tasks_menu_id_fkey: { code: 'IN_USE', ...MENU_IN_USE },
} as const;

/** jsonb comes back parsed from pg and PGlite; text only from an odd driver. */
export const translationsOf = (value: Translations | string | null | undefined): Translations =>
  typeof value === 'string' ? (JSON.parse(value) as Translations) : (value ?? {});

const toRow = (menu: MenuRecord) => ({
  clinic_id: menu.clinicId,
  category_id: menu.categoryId,
  name: menu.name,
  description: menu.description,
  pre_visit_note: menu.preVisitNote ?? '',
  translations: JSON.stringify(menu.translations ?? {}),
  display_order: menu.displayOrder,
  enabled: menu.enabled,
  web_bookable: menu.webBookable,
  kind: menu.kind,
  price: menu.price,
  after_menu_id: menu.afterMenuId,
});

/** Menus with their tasks; a task's rooms and machines are read without the deleted ones. */
export class KnexMenuRepository implements MenuRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async listByClinic(clinicId: string, filter: MenuListFilter = {}): Promise<Menu[]> {
    if (!isId(clinicId)) return [];
    if (filter.categoryId !== undefined && !isId(filter.categoryId)) return [];
    const query = MenuModel.query(this.knex)
      .select('menus.*')
      .join('menu_categories as c', 'c.id', 'menus.category_id')
      .where('menus.clinic_id', clinicId)
      .orderBy([{ column: 'c.display_order' }, { column: 'c.id' }, { column: 'menus.display_order' }, { column: 'menus.id' }]);
    if (filter.categoryId !== undefined) query.where('menus.category_id', filter.categoryId);
    if (filter.enabledOnly || filter.webBookableOnly) query.where('menus.enabled', true);
    if (filter.webBookableOnly) query.where('menus.web_bookable', true);
    return this.withTasks(await query);
  }

  async findById(id: string): Promise<Menu | null> {
    if (!isId(id)) return null;
    const row = await MenuModel.query(this.knex).findById(id);
    return row ? (await this.withTasks([row]))[0]! : null;
  }

  async findByIds(ids: readonly string[]): Promise<Menu[]> {
    const wanted = [...new Set(ids)].filter(isId);
    if (wanted.length === 0) return [];
    const menus = await this.withTasks(await MenuModel.query(this.knex).whereIn('id', wanted));
    const byId = new Map(menus.map((menu) => [menu.id, menu]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  async clinicIdsOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    const wanted = [...new Set(ids)].filter(isId);
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; clinic_id: string }> = await this.knex('menus').whereIn('id', wanted).select('id', 'clinic_id');
    return new Map(rows.map((row) => [String(row.id), String(row.clinic_id)]));
  }

  async create(menu: MenuRecord): Promise<Menu> {
    try {
      const id = await this.knex.transaction(async (trx) => {
        const row = await MenuModel.query(trx).insert(toRow(menu)).returning('id');
        await this.insertTasks(trx, String(row.id), menu);
        await this.replaceForms(trx, String(row.id), menu);
        return String(row.id);
      });
      return (await this.findById(id))!;
    } catch (error) {
      return translateWriteError(error, UNIQUE, ON_WRITE);
    }
  }

  async update(id: string, menu: MenuRecord): Promise<Menu | null> {
    if (!isId(id)) return null;
    try {
      const found = await this.knex.transaction(async (trx) => {
        const updated = await MenuModel.query(trx)
          .findById(id)
          .patch({ ...toRow(menu), updated_at: trx.fn.now() } as never);
        if (updated === 0) return false;
        await MenuTaskModel.query(trx).where('menu_id', id).delete();
        await this.insertTasks(trx, id, menu);
        await this.replaceForms(trx, id, menu);
        return true;
      });
      return found ? this.findById(id) : null;
    } catch (error) {
      return translateWriteError(error, UNIQUE, ON_WRITE);
    }
  }

  async reorder(categoryId: string, ids: readonly string[]): Promise<Menu[]> {
    const clinicId = await this.knex.transaction(async (trx) => {
      for (const [index, id] of ids.entries()) {
        await MenuModel.query(trx)
          .where({ id, category_id: categoryId })
          .patch({ display_order: index, updated_at: trx.fn.now() } as never);
      }
      const category = await trx('menu_categories').where('id', categoryId).first('clinic_id');
      return category ? String(category.clinic_id) : null;
    });
    return clinicId ? this.listByClinic(clinicId, { categoryId }) : [];
  }

  async isInUse(id: string): Promise<boolean> {
    if (!isId(id)) return false;
    const named = await this.knex('reservation_menus').where('menu_id', id).first(this.knex.raw('1 as used'));
    if (named) return true;
    const task = await this.knex('reservation_tasks').where('menu_id', id).first(this.knex.raw('1 as used'));
    return task !== undefined;
  }

  async delete(id: string): Promise<boolean> {
    if (!isId(id)) return false;
    try {
      const deleted = await MenuModel.query(this.knex).where('id', id).delete().returning('id');
      return (deleted as unknown as unknown[]).length > 0;
    } catch (error) {
      return translateWriteError(error, UNIQUE, ON_DELETE);
    }
  }

  /** The menu's forms (menu_forms, migration 0030), in the menu's transaction: a refused one undoes the whole write. */
  private async replaceForms(trx: Knex.Transaction, menuId: string, menu: MenuRecord): Promise<void> {
    if (menu.forms === undefined) return;
    await trx('menu_forms').where('menu_id', menuId).delete();
    if (menu.forms.length > 0) {
      await trx('menu_forms').insert(menu.forms.map((each, position) => ({ menu_id: menuId, form_id: each.formId, position, when: each.when })));
    }
  }

  private async insertTasks(trx: Knex.Transaction, menuId: string, menu: MenuRecord): Promise<void> {
    for (const [position, task] of menu.tasks.entries()) {
      const row = await MenuTaskModel.query(trx)
        .insert({ menu_id: menuId, position, label: task.label, duration_minutes: task.durationMinutes, needs_staff: task.needsStaff })
        .returning('id');
      if (task.roomIds.length > 0) await trx('menu_task_rooms').insert(task.roomIds.map((roomId) => ({ task_id: row.id, room_id: roomId })));
      if (task.machineIds.length > 0) await trx('menu_task_machines').insert(task.machineIds.map((machineId) => ({ task_id: row.id, machine_id: machineId })));
    }
  }

  private async withTasks(rows: readonly MenuModel[]): Promise<Menu[]> {
    if (rows.length === 0) return [];
    const tasks = await MenuTaskModel.query(this.knex)
      .whereIn(
        'menu_id',
        rows.map((row) => row.id),
      )
      .orderBy([{ column: 'menu_id' }, { column: 'position' }]);
    const taskIds = tasks.map((task) => task.id);
    const rooms = await this.eligible('menu_task_rooms', 'rooms', 'room_id', taskIds);
    const machines = await this.eligible('menu_task_machines', 'machines', 'machine_id', taskIds);
    const tasksOf = new Map<string, MenuTask[]>();
    for (const task of tasks) {
      const list = tasksOf.get(String(task.menu_id)) ?? [];
      list.push({
        id: String(task.id),
        position: task.position,
        label: task.label,
        durationMinutes: task.duration_minutes,
        needsStaff: task.needs_staff,
        roomIds: rooms.get(String(task.id)) ?? [],
        machineIds: machines.get(String(task.id)) ?? [],
      });
      tasksOf.set(String(task.menu_id), list);
    }
    return rows.map((row) => ({
      id: String(row.id),
      clinicId: String(row.clinic_id),
      categoryId: String(row.category_id),
      name: row.name,
      description: row.description,
      preVisitNote: row.pre_visit_note,
      translations: translationsOf(row.translations),
      displayOrder: row.display_order,
      enabled: row.enabled,
      webBookable: row.web_bookable,
      kind: row.kind,
      price: row.price,
      afterMenuId: row.after_menu_id === null ? null : String(row.after_menu_id),
      tasks: tasksOf.get(String(row.id)) ?? [],
    }));
  }

  /** Task id → the live rooms (or machines) it may use, by id. */
  private async eligible(link: string, table: string, column: string, taskIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (taskIds.length === 0) return result;
    const rows: { task_id: string; resource_id: string }[] = await this.knex(`${link} as l`)
      .join(`${table} as f`, 'f.id', `l.${column}`)
      .whereIn('l.task_id', taskIds)
      .whereNull('f.deleted_at')
      .orderBy('f.id')
      .select({ task_id: 'l.task_id', resource_id: `l.${column}` });
    for (const row of rows) {
      const list = result.get(String(row.task_id)) ?? [];
      list.push(String(row.resource_id));
      result.set(String(row.task_id), list);
    }
    return result;
  }
}
