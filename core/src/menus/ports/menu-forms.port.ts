import type { Actor } from '../../shared/actor';
import type { Result } from '../../shared/result';
import type { MenuFormLink } from '../domain/menu.entity';

/**
 * The 問診票 and 同意書 a menu asks for, as the forms module keeps them (its ManageFormsUseCase):
 * SaveMenuUseCase checks them after the clinic's scope, writes them with the menu and audits
 * their change, so that a menu is one door however its forms are kept.
 */
export interface MenuFormsPort {
  /** Known forms, each once, at most the limit: the links as they will be written, or the fields refused. */
  checkMenuForms(forms: readonly MenuFormLink[]): Promise<Result<MenuFormLink[], 'VALIDATION_FAILED'>>;
  /** The forms each of these menus asks for. */
  menuForms(menuIds: readonly string[]): Promise<ReadonlyMap<string, readonly MenuFormLink[]>>;
  /** The change audit of a menu's forms, written after the menu (nothing when they did not change). */
  recordMenuForms(actor: Actor, menuId: string, before: readonly MenuFormLink[], after: readonly MenuFormLink[]): Promise<void>;
}
