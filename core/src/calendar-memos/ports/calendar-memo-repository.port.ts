import type { CalendarMemo, NewCalendarMemo } from '../domain/calendar-memo.entity';

export interface CalendarMemoRepositoryPort {
  /** The clinic's memos from `from` to `to` (dates, inclusive), by date. */
  list(clinicId: string, from: string, to: string): Promise<CalendarMemo[]>;
  findById(id: string): Promise<CalendarMemo | null>;
  /** Throws DomainRuleViolation(VALIDATION_FAILED, field `date`) when the clinic has a memo for that date. */
  create(memo: NewCalendarMemo): Promise<CalendarMemo>;
  /** Null when there is no such memo. */
  update(id: string, content: string, updatedBy: string | null): Promise<CalendarMemo | null>;
  /** Whether a memo was removed. */
  delete(id: string): Promise<boolean>;
}
