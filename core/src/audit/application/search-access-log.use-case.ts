import { isAdmin, type ScopedStaff } from '../../clinic-scope/domain/clinic-scope';
import { fail, ok, type Result } from '../../shared/result';
import type { AccessLogFilter, AccessMemberLabel, AccessRecord } from '../domain/access-entry';
import type { AccessLogSearchPort } from '../ports/access-log-search.port';

export interface AccessLogPage {
  readonly items: readonly AccessRecord[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  readonly nextCursor: string | null;
  /** Card number and name of every member the page's records name. */
  readonly members: readonly AccessMemberLabel[];
}

/** Most rows one CSV export holds; narrow the period for more. */
export const ACCESS_EXPORT_MAX_ROWS = 10_000;

/**
 * Access records for administrators. A chain-wide ADMIN (no clinic) sees every record; the ADMIN of
 * one clinic sees only the records of that clinic's staff (docs/decisions.md, "Staff access audit").
 */
export class SearchAccessLogUseCase {
  constructor(private readonly log: AccessLogSearchPort) {}

  private scoped(actor: ScopedStaff, filter: AccessLogFilter): Result<AccessLogFilter, 'FORBIDDEN' | 'VALIDATION_FAILED'> {
    if (!isAdmin(actor)) return fail('FORBIDDEN');
    if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'to', message: '終了日時は開始日時より後にしてください。' }] });
    }
    return ok(actor.clinicId === null ? filter : { ...filter, actorClinicId: actor.clinicId });
  }

  async page(
    actor: ScopedStaff,
    filter: AccessLogFilter,
    cursor: string | null,
    limit: number,
  ): Promise<Result<AccessLogPage, 'FORBIDDEN' | 'VALIDATION_FAILED'>> {
    const scoped = this.scoped(actor, filter);
    if (!scoped.ok) return scoped;
    const rows = await this.log.search(scoped.value, cursor, limit + 1);
    const items = rows.slice(0, limit);
    const members = await this.log.memberLabels([...new Set(items.flatMap((item) => item.memberIds))]);
    return ok({ items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null, members });
  }

  /** Every matching record up to ACCESS_EXPORT_MAX_ROWS, newest first, read page by page. */
  async export(actor: ScopedStaff, filter: AccessLogFilter): Promise<Result<{ items: AccessRecord[]; truncated: boolean }, 'FORBIDDEN' | 'VALIDATION_FAILED'>> {
    const scoped = this.scoped(actor, filter);
    if (!scoped.ok) return scoped;
    const items: AccessRecord[] = [];
    let cursor: string | null = null;
    for (;;) {
      const rows = await this.log.search(scoped.value, cursor, 1000);
      items.push(...rows);
      if (rows.length < 1000 || items.length > ACCESS_EXPORT_MAX_ROWS) break;
      cursor = rows[rows.length - 1]!.id;
    }
    return ok({ items: items.slice(0, ACCESS_EXPORT_MAX_ROWS), truncated: items.length > ACCESS_EXPORT_MAX_ROWS });
  }
}
