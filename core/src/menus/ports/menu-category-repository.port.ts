import type { Translations } from '../../shared/language';
import type { MenuCategory, NewMenuCategory } from '../domain/menu-category.entity';

export interface MenuCategoryRepositoryPort {
  /** The clinic's categories by display order, then id. */
  listByClinic(clinicId: string): Promise<MenuCategory[]>;
  findById(id: string): Promise<MenuCategory | null>;
  /** Throws DomainRuleViolation(CATEGORY_EXISTS) when the name is taken in the clinic. */
  create(category: NewMenuCategory): Promise<MenuCategory>;
  /** Null when unknown; throws DomainRuleViolation(CATEGORY_EXISTS) on a taken name. Translations left out are kept. */
  rename(id: string, name: string, translations?: Translations): Promise<MenuCategory | null>;
  /** Gives each id its index as display order (ids of one clinic, checked by the caller); answers the clinic's list. */
  reorder(clinicId: string, ids: readonly string[]): Promise<MenuCategory[]>;
  /** Whether a menu or a schedule names this category. */
  isInUse(id: string): Promise<boolean>;
  /** False when unknown; throws DomainRuleViolation(IN_USE) when a menu or schedule came to use it meanwhile. */
  delete(id: string): Promise<boolean>;
}
