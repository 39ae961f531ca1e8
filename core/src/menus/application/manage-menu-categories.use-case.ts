import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import { nextDisplayOrder } from '../../facilities/domain/facility.entity';
import { checkClinicScope, type ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { NO_TRANSLATIONS, validateTranslations, type Translations } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';
import { CATEGORY_NAME_MAX, validateCategoryName, validateNewOrder, type MenuCategory } from '../domain/menu-category.entity';
import type { MenuCategoryRepositoryPort } from '../ports/menu-category-repository.port';

/** Adds, renames, reorders and deletes the menu categories of a clinic, by those who manage it (`checkClinicScope`); every write is audited. */
export class ManageMenuCategoriesUseCase {
  constructor(
    private readonly categories: MenuCategoryRepositoryPort,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
  ) {}

  /** A new category goes after the clinic's others. */
  async create(
    actor: ScopedActor,
    command: { clinicId: string; name: string; translations?: Translations },
  ): Promise<Result<MenuCategory, 'VALIDATION_FAILED' | 'CLINIC_NOT_FOUND' | 'CATEGORY_EXISTS' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, command.clinicId);
    if (!scope.ok) return scope;
    const name = validateCategoryName(command.name);
    if (!name.ok) return name;
    const translations = validateTranslations(command.translations, { nameMax: CATEGORY_NAME_MAX });
    if (!translations.ok) return translations;
    if (!(await this.clinics.findById(command.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    const displayOrder = nextDisplayOrder(await this.categories.listByClinic(command.clinicId));
    const created = await this.categories.create({
      clinicId: command.clinicId,
      name: name.value,
      translations: translations.value ?? NO_TRANSLATIONS,
      displayOrder,
    });
    await this.record(actor, 'create', created.id, undefined, created);
    return ok(created);
  }

  /** Renames a category; `translations` left out keeps the stored ones. */
  async rename(
    actor: ScopedActor,
    id: string,
    name: string,
    translations?: Translations,
  ): Promise<Result<MenuCategory, 'VALIDATION_FAILED' | 'CATEGORY_NOT_FOUND' | 'CATEGORY_EXISTS' | 'FORBIDDEN'>> {
    const before = await this.categories.findById(id);
    if (!before) return fail('CATEGORY_NOT_FOUND');
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    const valid = validateCategoryName(name);
    if (!valid.ok) return valid;
    const validTranslations = translations === undefined ? null : validateTranslations(translations, { nameMax: CATEGORY_NAME_MAX });
    if (validTranslations && !validTranslations.ok) return validTranslations;
    const renamed = await this.categories.rename(id, valid.value, validTranslations?.value);
    if (!renamed) return fail('CATEGORY_NOT_FOUND');
    await this.record(actor, 'update', id, before, renamed);
    return ok(renamed);
  }

  /** `ids` must be every category of the clinic, in the new order. */
  async reorder(actor: ScopedActor, clinicId: string, ids: readonly string[]): Promise<Result<MenuCategory[], 'VALIDATION_FAILED' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, clinicId);
    if (!scope.ok) return scope;
    const before = await this.categories.listByClinic(clinicId);
    const order = validateNewOrder(
      before.map((category) => category.id),
      ids,
    );
    if (!order.ok) return order;
    const after = await this.categories.reorder(clinicId, order.value);
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'menuCategory.reorder',
      entity: 'clinic',
      entityId: clinicId,
      before: before.map((c) => c.id),
      after: after.map((c) => c.id),
    });
    return ok(after);
  }

  /** Refused with IN_USE while menus or schedules name the category. */
  async delete(actor: ScopedActor, id: string): Promise<Result<null, 'CATEGORY_NOT_FOUND' | 'IN_USE' | 'FORBIDDEN'>> {
    const before = await this.categories.findById(id);
    if (!before) return fail('CATEGORY_NOT_FOUND');
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    if (await this.categories.isInUse(id)) return fail('IN_USE');
    if (!(await this.categories.delete(id))) return fail('CATEGORY_NOT_FOUND');
    await this.record(actor, 'delete', id, before, undefined);
    return ok(null);
  }

  private async record(actor: ScopedActor, verb: string, id: string, before: unknown, after: unknown): Promise<void> {
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: `menuCategory.${verb}`, entity: 'menu_category', entityId: id, before, after });
  }
}
