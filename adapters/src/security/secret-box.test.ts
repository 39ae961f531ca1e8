import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(SecretBox.generateKey());

  it('opens what it sealed, on the same context, and seals the same text differently each time', () => {
    const first = box.seal('JBSWY3DPEHPK3PXP', 'staff:1');
    const second = box.seal('JBSWY3DPEHPK3PXP', 'staff:1');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(box.open(first, 'staff:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(second, 'staff:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another context, another key, an altered value and a truncated one', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'staff:1');
    expect(() => box.open(sealed, 'staff:2')).toThrow(SecretBoxError);
    expect(() => new SecretBox(SecretBox.generateKey()).open(sealed, 'staff:1')).toThrow(SecretBoxError);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => box.open(flipped, 'staff:1')).toThrow(SecretBoxError);
    expect(() => box.open('v1.AAAA', 'staff:1')).toThrow(SecretBoxError);
  });

  it('passes a value stored before sealing began through as it is', () => {
    expect(SecretBox.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.open('JBSWY3DPEHPK3PXP', 'staff:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens values sealed with a previous key during a rotation, and seals new ones with the current key', () => {
    const oldKey = SecretBox.generateKey();
    const sealedBefore = new SecretBox(oldKey).seal('JBSWY3DPEHPK3PXP', 'staff:1');
    const rotating = new SecretBox(SecretBox.generateKey(), [oldKey]);
    expect(rotating.open(sealedBefore, 'staff:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(rotating.isCurrent(sealedBefore, 'staff:1')).toBe(false);
    const sealedNow = rotating.seal('JBSWY3DPEHPK3PXP', 'staff:1');
    expect(rotating.isCurrent(sealedNow, 'staff:1')).toBe(true);
    expect(() => new SecretBox(oldKey).open(sealedNow, 'staff:1')).toThrow(SecretBoxError);
    expect(rotating.isCurrent('JBSWY3DPEHPK3PXP', 'staff:1')).toBe(false);
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(RangeError);
    expect(() => new SecretBox(SecretBox.generateKey(), [Buffer.alloc(31)])).toThrow(RangeError);
  });
});
