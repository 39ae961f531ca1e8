import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { nextDisplayOrder } from '../../facilities/domain/facility.entity';
import type { FacilityRepositoryPort } from '../../facilities/ports/facility-repository.port';
import type { FieldError } from '../../shared/errors';
import { checkClinicScope, type ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { NO_TRANSLATIONS } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';
import { validateNewOrder } from '../domain/menu-category.entity';
import { checkTaskResources, validateMenuDraft, type Menu, type MenuDraft, type MenuRecord } from '../domain/menu.entity';
import type { MenuCategoryRepositoryPort } from '../ports/menu-category-repository.port';
import type { MenuFormsPort } from '../ports/menu-forms.port';
import type { MenuRepositoryPort } from '../ports/menu-repository.port';

export type SaveMenuError =
  'VALIDATION_FAILED' | 'CATEGORY_NOT_FOUND' | 'ROOM_NOT_FOUND' | 'MACHINE_NOT_FOUND' | 'MENU_NOT_FOUND' | 'MENU_EXISTS' | 'FORBIDDEN';

const field = (path: string, message: string): { fields: FieldError[] } => ({ fields: [{ path, message }] });

/**
 * Creates, replaces, reorders and deletes menus. A menu belongs to the clinic of its category;
 * its tasks may name only that clinic's rooms and machines, and its after-menu only that
 * clinic's menus. Only those who manage the clinic write its menus (`checkClinicScope`, checked
 * as soon as the clinic is known); every write is audited.
 */
export class SaveMenuUseCase {
  constructor(
    private readonly menus: MenuRepositoryPort,
    private readonly categories: MenuCategoryRepositoryPort,
    private readonly rooms: FacilityRepositoryPort,
    private readonly machines: FacilityRepositoryPort,
    private readonly audit: AuditLogPort,
    /** The forms each menu asks for (docs/forms.md); absent: a draft's `forms` are not written. */
    private readonly forms?: MenuFormsPort,
  ) {}

  /** A new menu goes last in its category. */
  async create(actor: ScopedActor, draft: MenuDraft): Promise<Result<Menu, SaveMenuError>> {
    const checked = await this.check(actor, draft, null);
    if (!checked.ok) return checked;
    const { value, clinicId } = checked.value;
    const displayOrder = nextDisplayOrder(await this.menus.listByClinic(clinicId, { categoryId: value.categoryId }));
    const created = await this.menus.create({ ...value, translations: value.translations ?? NO_TRANSLATIONS, clinicId, displayOrder });
    await this.record(actor, 'create', created.id, undefined, created);
    if (value.forms && this.forms) await this.forms.recordMenuForms(actor, created.id, [], value.forms);
    return ok(created);
  }

  /** Replaces the whole menu and its tasks. Moving it to another category of the clinic puts it last there. */
  async update(actor: ScopedActor, id: string, draft: MenuDraft): Promise<Result<Menu, SaveMenuError>> {
    const before = await this.menus.findById(id);
    if (!before) return fail('MENU_NOT_FOUND');
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    const checked = await this.check(actor, draft, before);
    if (!checked.ok) return checked;
    const { value, clinicId } = checked.value;
    const formsBefore = value.forms && this.forms ? ((await this.forms.menuForms([id])).get(id) ?? []) : [];
    const displayOrder =
      value.categoryId === before.categoryId
        ? before.displayOrder
        : nextDisplayOrder(await this.menus.listByClinic(clinicId, { categoryId: value.categoryId }));
    // A body without `translations` (an older client) keeps the stored ones.
    const record: MenuRecord = { ...value, translations: value.translations ?? before.translations, clinicId, displayOrder };
    const updated = await this.menus.update(id, record);
    if (!updated) return fail('MENU_NOT_FOUND');
    await this.record(actor, 'update', id, before, updated);
    if (value.forms && this.forms) await this.forms.recordMenuForms(actor, id, formsBefore, value.forms);
    return ok(updated);
  }

  /** `ids` must be every menu of the category, in the new order. */
  async reorder(
    actor: ScopedActor,
    categoryId: string,
    ids: readonly string[],
  ): Promise<Result<Menu[], 'VALIDATION_FAILED' | 'CATEGORY_NOT_FOUND' | 'FORBIDDEN'>> {
    const category = await this.categories.findById(categoryId);
    if (!category) return fail('CATEGORY_NOT_FOUND', field('categoryId', 'カテゴリが見つかりません。'));
    const scope = checkClinicScope(actor, category.clinicId);
    if (!scope.ok) return scope;
    const before = await this.menus.listByClinic(category.clinicId, { categoryId });
    const order = validateNewOrder(
      before.map((menu) => menu.id),
      ids,
    );
    if (!order.ok) return order;
    const after = await this.menus.reorder(categoryId, order.value);
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'menu.reorder',
      entity: 'menu_category',
      entityId: categoryId,
      before: before.map((m) => m.id),
      after: after.map((m) => m.id),
    });
    return ok(after);
  }

  /** Refused with IN_USE once any reservation names the menu: it should be disabled instead. */
  async delete(actor: ScopedActor, id: string): Promise<Result<null, 'MENU_NOT_FOUND' | 'IN_USE' | 'FORBIDDEN'>> {
    const before = await this.menus.findById(id);
    if (!before) return fail('MENU_NOT_FOUND');
    const scope = checkClinicScope(actor, before.clinicId);
    if (!scope.ok) return scope;
    if (await this.menus.isInUse(id)) return fail('IN_USE', MENU_IN_USE);
    if (!(await this.menus.delete(id))) return fail('MENU_NOT_FOUND');
    await this.record(actor, 'delete', id, before, undefined);
    return ok(null);
  }

  private async check(actor: ScopedActor, draft: MenuDraft, current: Menu | null): Promise<Result<{ value: MenuDraft; clinicId: string }, SaveMenuError>> {
    const category = await this.categories.findById(draft.categoryId);
    if (!category || (current && category.clinicId !== current.clinicId)) {
      return fail('CATEGORY_NOT_FOUND', field('categoryId', current ? 'このクリニックのカテゴリではありません。' : 'カテゴリが見つかりません。'));
    }
    const clinicId = category.clinicId;
    const scope = checkClinicScope(actor, clinicId);
    if (!scope.ok) return scope;
    const valid = validateMenuDraft(draft, current?.id ?? null);
    if (!valid.ok) return valid;
    const tasks = valid.value.tasks;
    const rooms = await this.rooms.idsInClinic(
      clinicId,
      tasks.flatMap((task) => task.roomIds),
    );
    const machines = await this.machines.idsInClinic(
      clinicId,
      tasks.flatMap((task) => task.machineIds),
    );
    const resources = checkTaskResources(valid.value, rooms, machines);
    if (!resources.ok) return resources;
    if (valid.value.afterMenuId !== null) {
      const after = await this.menus.findById(valid.value.afterMenuId);
      if (!after || after.clinicId !== clinicId) return fail('MENU_NOT_FOUND', field('afterMenuId', 'このクリニックのメニューではありません。'));
    }
    // The forms last, once the clinic's scope is known to allow the write: a refusal writes nothing.
    if (draft.forms === undefined || !this.forms) {
      const { forms: _ignored, ...rest } = valid.value;
      return ok({ value: rest, clinicId });
    }
    const forms = await this.forms.checkMenuForms(draft.forms);
    if (!forms.ok) return forms;
    return ok({ value: { ...valid.value, forms: forms.value }, clinicId });
  }

  private async record(actor: ScopedActor, verb: string, id: string, before: unknown, after: unknown): Promise<void> {
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: `menu.${verb}`, entity: 'menu', entityId: id, before, after });
  }
}

/** IN_USE on a menu tells the person what to do instead (docs/api-clinic-setup.md). */
export const MENU_IN_USE = field('id', '予約で使われたメニューは削除できません。代わりに「有効」をオフにして無効にしてください。');
