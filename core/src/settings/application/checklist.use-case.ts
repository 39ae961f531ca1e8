import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { Actor } from '../../shared/actor';
import { type ClockPort } from '../../shared/clock.port';
import { clinicZone } from '../../shared/zone-offset';
import { fail, ok, type Result } from '../../shared/result';
import { conditionApplies } from '../domain/check-condition.entity';
import { CHECK_ITEM_NOTE_MAX, type CheckItem, tickCheckItem } from '../domain/check-item.entity';
import type { CheckConditionRepositoryPort } from '../ports/check-condition-repository.port';
import type { CheckItemRepositoryPort } from '../ports/check-item-repository.port';
import type { MemberHistoryPort } from '../ports/member-history.port';

/**
 * A member's checklist. Reading it creates the items of every condition that applies now; an
 * item once created stays on the list (it records what was asked of the member) even when its
 * condition no longer applies, e.g. a first-visit item after the first visit.
 */
export class ChecklistUseCase {
  constructor(
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly conditions: Pick<CheckConditionRepositoryPort, 'list'>,
    private readonly items: CheckItemRepositoryPort,
    private readonly history: MemberHistoryPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
  ) {}

  async list(actor: Actor, userId: string): Promise<Result<CheckItem[], 'USER_NOT_FOUND'>> {
    if (!(await this.members.findById(userId))) return fail('USER_NOT_FOUND');
    const [conditions, history] = await Promise.all([this.conditions.list(), this.history.historyOf(userId)]);
    const applicable = conditions.filter((condition) => conditionApplies(condition, history)).map((condition) => condition.id);
    const created = applicable.length > 0 ? await this.items.ensure(userId, applicable) : [];
    if (created.length > 0) {
      await this.audit.append({
        actorType: actor.type,
        actorId: actor.id,
        action: 'checkItem.create',
        entity: 'member',
        entityId: userId,
        after: { conditionIds: created },
      });
    }
    return ok(await this.items.listForMember(userId));
  }

  async tick(
    actor: Actor,
    id: string,
    change: { readonly checked: boolean; readonly note?: string | undefined },
  ): Promise<Result<CheckItem, 'CHECK_ITEM_NOT_FOUND' | 'VALIDATION_FAILED'>> {
    if (change.note !== undefined && change.note.trim().length > CHECK_ITEM_NOTE_MAX) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'note', message: `メモは${CHECK_ITEM_NOTE_MAX}文字以内で入力してください。` }] });
    }
    const before = await this.items.findById(id);
    if (!before) return fail('CHECK_ITEM_NOT_FOUND');
    const now = this.clock.now().setZone(clinicZone).startOf('second').toISO({ suppressMilliseconds: true })!;
    const item = await this.items.update(id, tickCheckItem(before, change, actor.id, now));
    if (!item) return fail('CHECK_ITEM_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'checkItem.update', entity: 'checkItem', entityId: id, before, after: item });
    return ok(item);
  }
}
