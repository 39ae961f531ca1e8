import type { MemberHistory } from '../domain/check-condition.entity';

/** A query over reservations: what the checklist needs to know of one member. */
export interface MemberHistoryPort {
  historyOf(userId: string): Promise<MemberHistory>;
}
