import { describe, expect, it } from 'vitest';
import { isPhone } from '@clinic/contract/rules';

describe('isPhone: the spellings people write (issue 26)', () => {
  it('accepts Japanese and international numbers with spaces, hyphens, brackets and full-width digits', () => {
    for (const phone of [
      '090-1234-5678',
      '09012345678',
      '090 1234 5678',
      '０９０－１２３４－５６７８',
      '(090) 1234-5678',
      '+81 90-1234-5678',
      '+81 (0)90 1234 5678',
      '＋８１ ９０ １２３４ ５６７８',
      '03-1234-5678',
      '0120-123-456',
      '+14155550123',
    ])
      expect(isPhone(phone), phone).toBe(true);
  });

  it('refuses what is not a phone', () => {
    for (const phone of ['', 'abc', '090-1234-5678 ext', '12345', '+0 123 4567', '+81', '0', '090-1234-5678-9999-1', '=1+2', '９０', '090-1234-5678\u0000'])
      expect(isPhone(phone), phone).toBe(false);
  });
});
