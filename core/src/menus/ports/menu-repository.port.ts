import type { Menu, MenuRecord } from '../domain/menu.entity';

export interface MenuListFilter {
  readonly categoryId?: string;
  /** Only enabled menus. */
  readonly enabledOnly?: boolean;
  /** Only enabled and web-bookable menus (what members and guests see). */
  readonly webBookableOnly?: boolean;
}

/**
 * Menus with their ordered tasks. Deleted rooms and machines never appear among a task's
 * eligible ones.
 */
export interface MenuRepositoryPort {
  /** The clinic's menus by their category's display order, then their own, then id. */
  listByClinic(clinicId: string, filter?: MenuListFilter): Promise<Menu[]>;
  findById(id: string): Promise<Menu | null>;
  /** The menus among these ids that exist, in the order asked. */
  findByIds(ids: readonly string[]): Promise<Menu[]>;
  /** The clinic of each menu among these ids that exists (one light query: a staff booking's check). */
  clinicIdsOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Throws DomainRuleViolation(MENU_EXISTS) when the name is taken in the clinic. */
  create(menu: MenuRecord): Promise<Menu>;
  /** Replaces the menu and all of its tasks; null when unknown; MENU_EXISTS on a taken name. */
  update(id: string, menu: MenuRecord): Promise<Menu | null>;
  /** Gives each id its index as display order (the menus of one category, checked by the caller). */
  reorder(categoryId: string, ids: readonly string[]): Promise<Menu[]>;
  /** Whether any reservation (whatever its status) names this menu. */
  isInUse(id: string): Promise<boolean>;
  /** False when unknown; throws DomainRuleViolation(IN_USE) when a reservation came to use it meanwhile. */
  delete(id: string): Promise<boolean>;
}
