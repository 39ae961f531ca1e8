import type { CheckCondition, CheckConditionInput } from '../domain/check-condition.entity';

export interface CheckConditionRepositoryPort {
  /** By display order, then id. */
  list(): Promise<CheckCondition[]>;
  findById(id: string): Promise<CheckCondition | null>;
  /**
   * Appended last. Throws DomainRuleViolation(CHECK_ITEM_EXISTS) on a taken name, and
   * CATEGORY_NOT_FOUND when the category no longer exists.
   */
  create(input: CheckConditionInput): Promise<CheckCondition>;
  /** Null when there is no such condition; the same violations as create. */
  update(id: string, input: CheckConditionInput): Promise<CheckCondition | null>;
  /** Whether a condition was removed; the members' check items of it go with it. */
  delete(id: string): Promise<boolean>;
}
