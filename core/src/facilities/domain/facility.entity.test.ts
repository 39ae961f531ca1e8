import { describe, expect, it } from 'vitest';
import { byDisplayOrder, nextDisplayOrder, validateFacilityChanges } from './facility.entity';

describe('validateFacilityChanges', () => {
  it('trims the name and keeps the rest', () => {
    expect(validateFacilityChanges('ROOM', { name: '  施術室1 ', displayOrder: 2, enabled: false })).toEqual({
      ok: true,
      value: { name: '施術室1', displayOrder: 2, enabled: false },
    });
  });

  it('refuses a blank name, a name over 50 characters and a display order that is not a whole number 0–9999', () => {
    const blank = validateFacilityChanges('ROOM', { name: ' ', displayOrder: -1, enabled: true });
    expect(!blank.ok && blank.error).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'name', message: '部屋の名前を入力してください。' },
        { path: 'displayOrder', message: '表示順は0から9999の整数で入力してください。' },
      ],
    });
    const long = validateFacilityChanges('MACHINE', { name: 'あ'.repeat(51), displayOrder: 1.5, enabled: true });
    expect(!long.ok && long.error.fields?.map((field) => field.message)).toEqual([
      '機械の名前は50文字以内で入力してください。',
      '表示順は0から9999の整数で入力してください。',
    ]);
  });
});

describe('display order', () => {
  it('puts a new entry after the last one, and the first at 0', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder([{ displayOrder: 3 }, { displayOrder: 0 }])).toBe(4);
  });

  it('orders by display order, then id', () => {
    const rows = [
      { id: '10', displayOrder: 1 },
      { id: '2', displayOrder: 1 },
      { id: '3', displayOrder: 0 },
    ];
    expect([...rows].sort(byDisplayOrder).map((row) => row.id)).toEqual(['3', '2', '10']);
  });
});
