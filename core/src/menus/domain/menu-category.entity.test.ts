import { describe, expect, it } from 'vitest';
import { validateCategoryName, validateNewOrder } from './menu-category.entity';

describe('validateCategoryName', () => {
  it('trims, and refuses blank and over-long names', () => {
    expect(validateCategoryName(' 医療脱毛 ')).toEqual({ ok: true, value: '医療脱毛' });
    const blank = validateCategoryName('   ');
    expect(!blank.ok && blank.error.fields).toEqual([{ path: 'name', message: 'カテゴリ名を入力してください。' }]);
    expect(validateCategoryName('あ'.repeat(51)).ok).toBe(false);
  });
});

describe('validateNewOrder', () => {
  it('accepts every id once, in any order', () => {
    expect(validateNewOrder(['1', '2', '3'], ['3', '1', '2'])).toEqual({ ok: true, value: ['3', '1', '2'] });
    expect(validateNewOrder([], [])).toEqual({ ok: true, value: [] });
  });

  it('refuses a missing id, a foreign id and an id given twice', () => {
    const missing = validateNewOrder(['1', '2', '3'], ['3', '1']);
    expect(!missing.ok && missing.error.fields).toEqual([{ path: 'ids', message: 'すべての項目を新しい順に並べて指定してください。' }]);
    const foreign = validateNewOrder(['1', '2'], ['2', '9', '1']);
    expect(!foreign.ok && foreign.error.fields).toEqual([{ path: 'ids.1', message: 'この一覧にない項目が含まれています。' }]);
    const twice = validateNewOrder(['1', '2'], ['1', '1', '2']);
    expect(!twice.ok && twice.error.fields).toEqual([{ path: 'ids.1', message: '同じ項目が二度指定されています。' }]);
  });
});
