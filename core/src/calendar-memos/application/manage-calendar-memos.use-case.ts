import { DateTime } from 'luxon';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ClinicRepositoryPort } from '../../clinics/ports/clinic-repository.port';
import type { Actor } from '../../shared/actor';
import { datesInOrder } from '../../shared/period';
import { fail, ok, type Result } from '../../shared/result';
import { type CalendarMemo, MEMO_DATE_TAKEN, validateMemoContent } from '../domain/calendar-memo.entity';
import type { CalendarMemoRepositoryPort } from '../ports/calendar-memo-repository.port';

/** A calendar shows at most a year of memos at once. */
export const MEMO_RANGE_DAYS = 366;

/** Lists and writes calendar memos: one per clinic and date; an unknown memo is UPDATE_FAILED (shared/API.md has no memo code). */
export class ManageCalendarMemosUseCase {
  constructor(
    private readonly memos: CalendarMemoRepositoryPort,
    private readonly clinics: Pick<ClinicRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
  ) {}

  /** A period's memos by date: the period in order (both ends included) and at most a year (a calendar shows no more at once). */
  async list(clinicId: string, from: string, to: string): Promise<Result<CalendarMemo[], 'VALIDATION_FAILED'>> {
    const ordered = datesInOrder(from, to, 'to');
    if (!ordered.ok) return ordered;
    if (DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days >= MEMO_RANGE_DAYS) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'to', message: `期間は${MEMO_RANGE_DAYS}日以内で指定してください。` }] });
    }
    return ok(await this.memos.list(clinicId, from, to));
  }

  async create(
    actor: Actor,
    input: { clinicId: string; date: string; content: string },
  ): Promise<Result<CalendarMemo, 'VALIDATION_FAILED' | 'CLINIC_NOT_FOUND'>> {
    const content = validateMemoContent(input.content);
    if (!content.ok) return content;
    if (!(await this.clinics.findById(input.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    const taken = await this.memos.list(input.clinicId, input.date, input.date);
    if (taken.length > 0) return fail('VALIDATION_FAILED', { fields: [MEMO_DATE_TAKEN] });
    // Two staff writing the same date at once: the unique constraint refuses the second with the same answer.
    const memo = await this.memos.create({ clinicId: input.clinicId, date: input.date, content: content.value, updatedBy: actor.id });
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'calendarMemo.create',
      entity: 'calendarMemo',
      entityId: memo.id,
      after: memo,
    });
    return ok(memo);
  }

  async update(actor: Actor, id: string, rawContent: string): Promise<Result<CalendarMemo, 'VALIDATION_FAILED' | 'UPDATE_FAILED'>> {
    const content = validateMemoContent(rawContent);
    if (!content.ok) return content;
    const before = await this.memos.findById(id);
    if (!before) return fail('UPDATE_FAILED');
    const memo = await this.memos.update(id, content.value, actor.id);
    if (!memo) return fail('UPDATE_FAILED');
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'calendarMemo.update',
      entity: 'calendarMemo',
      entityId: id,
      before,
      after: memo,
    });
    return ok(memo);
  }

  async delete(actor: Actor, id: string): Promise<Result<void, 'UPDATE_FAILED'>> {
    const before = await this.memos.findById(id);
    if (!before || !(await this.memos.delete(id))) return fail('UPDATE_FAILED');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'calendarMemo.delete', entity: 'calendarMemo', entityId: id, before });
    return ok(undefined);
  }
}
