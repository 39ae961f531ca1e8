import { describe, expect, it } from 'vitest';
import { parseLoginName } from './login-name.value-object';

describe('parseLoginName', () => {
  it('splits the audience prefix from what the person typed', () => {
    expect(parseLoginName('staffS1001')).toEqual({ audience: 'staff', identifier: 'S1001' });
    expect(parseLoginName('userhanako@example.jp')).toEqual({ audience: 'user', identifier: 'hanako@example.jp' });
  });

  it('refuses a missing prefix or an empty identifier', () => {
    expect(parseLoginName('S1001')).toBeNull();
    expect(parseLoginName('user')).toBeNull();
    expect(parseLoginName('staff   ')).toBeNull();
  });
});
