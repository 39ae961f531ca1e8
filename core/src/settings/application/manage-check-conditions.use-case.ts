import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { MenuCategoryLookupPort } from '../../clinics/ports/menu-category-lookup.port';
import type { Actor } from '../../shared/actor';
import { fail, ok, type Result } from '../../shared/result';
import { type CheckCondition, type CheckConditionInput, validateCheckCondition } from '../domain/check-condition.entity';
import type { CheckConditionRepositoryPort } from '../ports/check-condition-repository.port';

type WriteError = 'VALIDATION_FAILED' | 'CHECK_ITEM_EXISTS' | 'CATEGORY_NOT_FOUND';

/** Check conditions are chain-wide settings (ADMIN only). An unknown condition is CHECK_ITEM_NOT_FOUND. */
export class ManageCheckConditionsUseCase {
  constructor(
    private readonly conditions: CheckConditionRepositoryPort,
    private readonly categories: MenuCategoryLookupPort,
    private readonly audit: AuditLogPort,
  ) {}

  async create(actor: Actor, input: CheckConditionInput): Promise<Result<CheckCondition, WriteError>> {
    const valid = await this.validate(input);
    if (!valid.ok) return valid;
    const condition = await this.conditions.create(valid.value);
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'checkCondition.create',
      entity: 'checkCondition',
      entityId: condition.id,
      after: condition,
    });
    return ok(condition);
  }

  async update(actor: Actor, id: string, input: CheckConditionInput): Promise<Result<CheckCondition, WriteError | 'CHECK_ITEM_NOT_FOUND'>> {
    const valid = await this.validate(input);
    if (!valid.ok) return valid;
    const before = await this.conditions.findById(id);
    if (!before) return fail('CHECK_ITEM_NOT_FOUND');
    const condition = await this.conditions.update(id, valid.value);
    if (!condition) return fail('CHECK_ITEM_NOT_FOUND');
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'checkCondition.update',
      entity: 'checkCondition',
      entityId: id,
      before,
      after: condition,
    });
    return ok(condition);
  }

  async delete(actor: Actor, id: string): Promise<Result<void, 'CHECK_ITEM_NOT_FOUND'>> {
    const before = await this.conditions.findById(id);
    if (!before || !(await this.conditions.delete(id))) return fail('CHECK_ITEM_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'checkCondition.delete', entity: 'checkCondition', entityId: id, before });
    return ok(undefined);
  }

  private async validate(input: CheckConditionInput): Promise<Result<CheckConditionInput, 'VALIDATION_FAILED' | 'CATEGORY_NOT_FOUND'>> {
    const valid = validateCheckCondition(input);
    if (!valid.ok) return valid;
    if (valid.value.categoryId !== null && (await this.categories.clinicOfCategory(valid.value.categoryId)) === null) {
      return fail('CATEGORY_NOT_FOUND', { fields: [{ path: 'categoryId', message: 'メニューカテゴリが見つかりません。' }] });
    }
    return valid;
  }
}
