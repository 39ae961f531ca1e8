import type { FieldError } from '../../shared/errors';
import type { Translations } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';

export interface MenuCategory {
  readonly id: string;
  readonly clinicId: string;
  readonly name: string;
  /** English and Simplified Chinese names (docs/languages.md); a missing one falls back to Japanese. */
  readonly translations: Translations;
  readonly displayOrder: number;
}

export type NewMenuCategory = Omit<MenuCategory, 'id' | 'translations'> & { readonly translations?: Translations };

export const CATEGORY_NAME_MAX = 50;

/** A category name is trimmed, not blank and at most 50 characters. */
export const validateCategoryName = (name: string): Result<string, 'VALIDATION_FAILED'> => {
  const trimmed = name.trim();
  if (trimmed.length === 0) return fail('VALIDATION_FAILED', { fields: [{ path: 'name', message: 'カテゴリ名を入力してください。' }] });
  if (trimmed.length > CATEGORY_NAME_MAX) {
    return fail('VALIDATION_FAILED', { fields: [{ path: 'name', message: `カテゴリ名は${CATEGORY_NAME_MAX}文字以内で入力してください。` }] });
  }
  return ok(trimmed);
};

/**
 * A new order must name every entry of the list exactly once and nothing else
 * (PUT display-order of categories and of menus).
 */
export const validateNewOrder = (currentIds: readonly string[], requestedIds: readonly string[]): Result<string[], 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const current = new Set(currentIds);
  const seen = new Set<string>();
  requestedIds.forEach((id, index) => {
    if (!current.has(id)) fields.push({ path: `ids.${index}`, message: 'この一覧にない項目が含まれています。' });
    else if (seen.has(id)) fields.push({ path: `ids.${index}`, message: '同じ項目が二度指定されています。' });
    seen.add(id);
  });
  if (fields.length === 0 && seen.size !== current.size) {
    fields.push({ path: 'ids', message: 'すべての項目を新しい順に並べて指定してください。' });
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok([...requestedIds]);
};
