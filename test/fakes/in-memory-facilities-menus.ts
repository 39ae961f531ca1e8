import {
  byDisplayOrder,
  DomainRuleViolation,
  FACILITY_TERMS,
  MENU_IN_USE,
  type Facility,
  type FacilityChanges,
  type FacilityKind,
  type FacilityRepositoryPort,
  type Menu,
  type MenuCategory,
  type MenuCategoryRepositoryPort,
  type Translations,
  type MenuListFilter,
  type MenuRecord,
  type MenuRepositoryPort,
  type NewFacility,
  type NewMenuCategory,
} from '@clinic/core';
import type { DateTime } from 'luxon';

/**
 * In-memory twins of the facility and menu ports (test/contracts proves they behave like the
 * Knex ones). They know nothing of reservations or schedules: a test says what is in use with
 * `markInUse`.
 */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

export class InMemoryFacilityRepository implements FacilityRepositoryPort {
  private readonly rows = new Map<string, Facility & { deleted: boolean }>();
  private readonly nextId = sequence();
  private readonly used = new Set<string>();

  constructor(readonly kind: FacilityKind) {}

  /** Pretends a future live reservation holds this room or machine. */
  markInUse(id: string, inUse = true): void {
    if (inUse) this.used.add(id);
    else this.used.delete(id);
  }

  isLive(id: string): boolean {
    return this.rows.get(id)?.deleted === false;
  }

  /** Whether the row exists, soft-deleted or not (what a foreign key sees). */
  exists(id: string): boolean {
    return this.rows.has(id);
  }

  /** The display order of a room or machine, soft-deleted or not (null when unknown). */
  displayOrderOf(id: string): number | null {
    return this.rows.get(id)?.displayOrder ?? null;
  }

  async listByClinic(clinicId: string, options: { enabledOnly?: boolean } = {}): Promise<Facility[]> {
    return this.live()
      .filter((row) => row.clinicId === clinicId && (!options.enabledOnly || row.enabled))
      .sort(byDisplayOrder);
  }

  async findById(id: string): Promise<Facility | null> {
    return this.live().find((row) => row.id === id) ?? null;
  }

  async idsInClinic(clinicId: string, ids: readonly string[]): Promise<Set<string>> {
    return new Set(
      this.live()
        .filter((row) => row.clinicId === clinicId && ids.includes(row.id))
        .map((row) => row.id),
    );
  }

  async create(facility: NewFacility): Promise<Facility> {
    this.assertNameFree(facility.clinicId, facility.name, null);
    const created = { ...facility, id: this.nextId() };
    this.rows.set(created.id, { ...created, deleted: false });
    return created;
  }

  async update(id: string, changes: FacilityChanges): Promise<Facility | null> {
    const current = await this.findById(id);
    if (!current) return null;
    this.assertNameFree(current.clinicId, changes.name, id);
    const updated = { ...current, ...changes };
    this.rows.set(id, { ...updated, deleted: false });
    return updated;
  }

  async isInUse(id: string, _now: DateTime): Promise<boolean> {
    return this.used.has(id);
  }

  async softDelete(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return false;
    this.rows.set(id, { ...row, deleted: true });
    return true;
  }

  private live(): Facility[] {
    return [...this.rows.values()].filter((row) => !row.deleted).map(({ deleted: _deleted, ...facility }) => facility);
  }

  private assertNameFree(clinicId: string, name: string, except: string | null): void {
    if (this.live().some((row) => row.clinicId === clinicId && row.name === name && row.id !== except)) {
      throw new DomainRuleViolation({ code: FACILITY_TERMS[this.kind].exists });
    }
  }
}

export class InMemoryMenuCategoryRepository implements MenuCategoryRepositoryPort {
  private readonly rows = new Map<string, MenuCategory>();
  private readonly nextId = sequence();
  private readonly used = new Set<string>();

  /** Pretends a schedule names this category (menus are seen through `menus`, when given). */
  markInUse(id: string, inUse = true): void {
    if (inUse) this.used.add(id);
    else this.used.delete(id);
  }

  /** The menus repository, so that a category with menus counts as in use. */
  menus: InMemoryMenuRepository | null = null;

  async listByClinic(clinicId: string): Promise<MenuCategory[]> {
    return [...this.rows.values()].filter((row) => row.clinicId === clinicId).sort(byDisplayOrder);
  }

  async findById(id: string): Promise<MenuCategory | null> {
    return this.rows.get(id) ?? null;
  }

  async create(category: NewMenuCategory): Promise<MenuCategory> {
    this.assertNameFree(category.clinicId, category.name, null);
    const created = { ...category, translations: category.translations ?? {}, id: this.nextId() };
    this.rows.set(created.id, created);
    return created;
  }

  async rename(id: string, name: string, translations?: Translations): Promise<MenuCategory | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    this.assertNameFree(current.clinicId, name, id);
    const renamed = { ...current, name, ...(translations ? { translations } : {}) };
    this.rows.set(id, renamed);
    return renamed;
  }

  async reorder(clinicId: string, ids: readonly string[]): Promise<MenuCategory[]> {
    ids.forEach((id, index) => {
      const row = this.rows.get(id);
      if (row && row.clinicId === clinicId) this.rows.set(id, { ...row, displayOrder: index });
    });
    return this.listByClinic(clinicId);
  }

  async isInUse(id: string): Promise<boolean> {
    return this.used.has(id) || (this.menus?.usesCategory(id) ?? false);
  }

  async delete(id: string): Promise<boolean> {
    if (await this.isInUse(id)) throw new DomainRuleViolation({ code: 'IN_USE' });
    return this.rows.delete(id);
  }

  private assertNameFree(clinicId: string, name: string, except: string | null): void {
    for (const row of this.rows.values()) {
      if (row.clinicId === clinicId && row.name === name && row.id !== except) throw new DomainRuleViolation({ code: 'CATEGORY_EXISTS' });
    }
  }
}

export class InMemoryMenuRepository implements MenuRepositoryPort {
  private readonly rows = new Map<string, Menu>();
  private readonly nextId = sequence();
  private readonly nextTaskId = sequence();
  private readonly used = new Set<string>();

  /** Given the category and facility twins, it orders like the database and hides deleted rooms and machines. */
  constructor(
    private readonly categories: InMemoryMenuCategoryRepository | null = null,
    private readonly rooms: InMemoryFacilityRepository | null = null,
    private readonly machines: InMemoryFacilityRepository | null = null,
  ) {
    if (categories) categories.menus = this;
  }

  /** Pretends a reservation names this menu. */
  markInUse(id: string, inUse = true): void {
    if (inUse) this.used.add(id);
    else this.used.delete(id);
  }

  usesCategory(categoryId: string): boolean {
    return [...this.rows.values()].some((menu) => menu.categoryId === categoryId);
  }

  async listByClinic(clinicId: string, filter: MenuListFilter = {}): Promise<Menu[]> {
    const categoryOrder = new Map<string, number>();
    for (const category of (await this.categories?.listByClinic(clinicId)) ?? []) categoryOrder.set(category.id, categoryOrder.size);
    return [...this.rows.values()]
      .filter(
        (menu) =>
          menu.clinicId === clinicId &&
          (filter.categoryId === undefined || menu.categoryId === filter.categoryId) &&
          (!(filter.enabledOnly || filter.webBookableOnly) || menu.enabled) &&
          (!filter.webBookableOnly || menu.webBookable),
      )
      .sort(
        (a, b) => (categoryOrder.get(a.categoryId) ?? Number(a.categoryId)) - (categoryOrder.get(b.categoryId) ?? Number(b.categoryId)) || byDisplayOrder(a, b),
      )
      .map((menu) => this.visible(menu));
  }

  async findById(id: string): Promise<Menu | null> {
    const menu = this.rows.get(id);
    return menu ? this.visible(menu) : null;
  }

  /**
   * The menu as stored, its tasks' deleted rooms and machines included: what the availability
   * query joins (a task whose only room was deleted needs a room that no longer exists).
   */
  stored(id: string): Menu | null {
    return this.rows.get(id) ?? null;
  }

  async clinicIdsOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return new Map((await this.findByIds(ids)).map((menu) => [menu.id, menu.clinicId]));
  }

  async findByIds(ids: readonly string[]): Promise<Menu[]> {
    return [...new Set(ids)].flatMap((id) => {
      const menu = this.rows.get(id);
      return menu ? [this.visible(menu)] : [];
    });
  }

  async create(record: MenuRecord): Promise<Menu> {
    this.assertNameFree(record.clinicId, record.name, null);
    const menu = this.toMenu(this.nextId(), record);
    this.rows.set(menu.id, menu);
    return this.visible(menu);
  }

  async update(id: string, record: MenuRecord): Promise<Menu | null> {
    if (!this.rows.has(id)) return null;
    this.assertNameFree(record.clinicId, record.name, id);
    const menu = this.toMenu(id, record);
    this.rows.set(id, menu);
    return this.visible(menu);
  }

  async reorder(categoryId: string, ids: readonly string[]): Promise<Menu[]> {
    let clinicId: string | null = null;
    ids.forEach((id, index) => {
      const menu = this.rows.get(id);
      if (menu && menu.categoryId === categoryId) {
        this.rows.set(id, { ...menu, displayOrder: index });
        clinicId = menu.clinicId;
      }
    });
    return clinicId ? this.listByClinic(clinicId, { categoryId }) : [];
  }

  async isInUse(id: string): Promise<boolean> {
    return this.used.has(id);
  }

  async delete(id: string): Promise<boolean> {
    if (this.used.has(id)) throw new DomainRuleViolation({ code: 'IN_USE', ...MENU_IN_USE });
    const deleted = this.rows.delete(id);
    if (deleted) {
      for (const menu of this.rows.values()) {
        if (menu.afterMenuId === id) this.rows.set(menu.id, { ...menu, afterMenuId: null });
      }
    }
    return deleted;
  }

  private toMenu(id: string, record: MenuRecord): Menu {
    // A menu's forms live in the fakes' InMemoryFormRepository (menuForms); the menu keeps none.
    const { tasks, forms: _forms, ...fields } = record;
    return {
      ...fields,
      preVisitNote: fields.preVisitNote ?? '',
      translations: fields.translations ?? {},
      id,
      tasks: tasks.map((task, position) => ({ ...task, id: this.nextTaskId(), position, roomIds: [...task.roomIds], machineIds: [...task.machineIds] })),
    };
  }

  /** Deleted rooms and machines drop out of a task's eligible ones. */
  private visible(menu: Menu): Menu {
    const sorted = (ids: readonly string[], repo: InMemoryFacilityRepository | null) =>
      ids.filter((id) => !repo || repo.isLive(id)).sort((a, b) => Number(a) - Number(b));
    return {
      ...menu,
      tasks: menu.tasks.map((task) => ({ ...task, roomIds: sorted(task.roomIds, this.rooms), machineIds: sorted(task.machineIds, this.machines) })),
    };
  }

  private assertNameFree(clinicId: string, name: string, except: string | null): void {
    for (const menu of this.rows.values()) {
      if (menu.clinicId === clinicId && menu.name === name && menu.id !== except) throw new DomainRuleViolation({ code: 'MENU_EXISTS' });
    }
  }
}
