import { describe, expect, it } from 'vitest';
import { nameKey, phoneKey } from './person-identity';
import { NAMES_THAT_DIFFER, NAMES_THAT_MATCH, PHONES_THAT_DIFFER, PHONES_THAT_MATCH } from './person-identity.table';

describe('one person, one identity: phones', () => {
  it.each(PHONES_THAT_MATCH)('%s and %s are one phone', (a, b) => {
    expect(phoneKey(a)).not.toBeNull();
    expect(phoneKey(a)).toBe(phoneKey(b));
  });

  it.each(PHONES_THAT_DIFFER)('%s and %s are two phones', (a, b) => {
    expect(phoneKey(a)).not.toBe(phoneKey(b));
  });

  it('the key is E.164', () => {
    expect(phoneKey('090-1234-5678')).toBe('+819012345678');
    expect(phoneKey('03-1234-5678')).toBe('+81312345678');
    expect(phoneKey('+1 415-555-0123')).toBe('+14155550123');
    expect(phoneKey('---')).toBeNull();
  });
});

describe('one person, one identity: names', () => {
  it.each(NAMES_THAT_MATCH)('%s and %s are one name', (a, b) => {
    expect(nameKey(a)).toBe(nameKey(b));
  });

  it.each(NAMES_THAT_DIFFER)('%s and %s are two names', (a, b) => {
    expect(nameKey(a)).not.toBe(nameKey(b));
  });
});
