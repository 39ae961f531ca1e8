import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

/**
 * When a check item (同意書, 問診票 …) applies to a member: always, until the first visit, or once
 * the member has booked or visited a menu of one category.
 */
export const CHECK_CONDITION_KINDS = ['ALWAYS', 'FIRST_VISIT', 'CATEGORY'] as const;
export type CheckConditionKind = (typeof CHECK_CONDITION_KINDS)[number];

export interface CheckCondition {
  readonly id: string;
  readonly name: string;
  readonly kind: CheckConditionKind;
  /** Set exactly when kind is CATEGORY. */
  readonly categoryId: string | null;
  readonly displayOrder: number;
}

export type CheckConditionInput = Pick<CheckCondition, 'name' | 'kind' | 'categoryId'>;

/** What the checklist needs to know of a member's reservations. */
export interface MemberHistory {
  /** The member has at least one VISITED reservation. */
  readonly hasVisited: boolean;
  /** Categories of the menus of the member's live (RESERVED) or VISITED reservations. */
  readonly categoryIds: readonly string[];
}

export const CHECK_CONDITION_NAME_MAX = 100;

/** A name is required; a category is required for CATEGORY and dropped for the other kinds. */
export const validateCheckCondition = (input: CheckConditionInput): Result<CheckConditionInput, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const name = input.name.trim();
  if (name.length === 0) fields.push({ path: 'name', message: 'チェック項目名を入力してください。' });
  else if (name.length > CHECK_CONDITION_NAME_MAX)
    fields.push({ path: 'name', message: `チェック項目名は${CHECK_CONDITION_NAME_MAX}文字以内で入力してください。` });
  if (!CHECK_CONDITION_KINDS.includes(input.kind)) fields.push({ path: 'kind', message: '条件の種類を選んでください。' });
  if (input.kind === 'CATEGORY' && !input.categoryId) fields.push({ path: 'categoryId', message: '対象のメニューカテゴリを選んでください。' });
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok({ name, kind: input.kind, categoryId: input.kind === 'CATEGORY' ? input.categoryId : null });
};

export const conditionApplies = (condition: Pick<CheckCondition, 'kind' | 'categoryId'>, history: MemberHistory): boolean => {
  switch (condition.kind) {
    case 'ALWAYS':
      return true;
    case 'FIRST_VISIT':
      return !history.hasVisited;
    case 'CATEGORY':
      return condition.categoryId !== null && history.categoryIds.includes(condition.categoryId);
  }
};
