import { describe, expect, it } from 'vitest';
import { CryptoRecoveryCodes, OtpauthTotp } from './otpauth-totp';

// RFC 6238 appendix B, SHA-1 key "12345678901234567890", last six of the eight digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('OtpauthTotp', () => {
  const totp = new OtpauthTotp();

  it('computes the codes of RFC 6238', () => {
    expect(OtpauthTotp.codeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(OtpauthTotp.codeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(OtpauthTotp.codeAt(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('answers the time step of a right code, one step of drift either side, else null', () => {
    const at = new Date(1_111_111_109_000);
    const step = Math.floor(at.getTime() / 30_000);
    expect(totp.verify(RFC_SECRET, '081804', at)).toBe(step);
    expect(totp.verify(RFC_SECRET, OtpauthTotp.codeAt(RFC_SECRET, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(totp.verify(RFC_SECRET, OtpauthTotp.codeAt(RFC_SECRET, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(totp.verify(RFC_SECRET, OtpauthTotp.codeAt(RFC_SECRET, new Date(at.getTime() + 90_000)), at)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URI with the issuer', () => {
    const secret = totp.generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totp.keyUri('S1002', 'クリニック予約', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('クリニック予約');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});

describe('CryptoRecoveryCodes', () => {
  it('makes distinct readable codes and hex SHA-256 digests', () => {
    const codes = new CryptoRecoveryCodes();
    const made = Array.from({ length: 50 }, () => codes.generate());
    for (const code of made) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(made).size).toBe(50);
    expect(codes.digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
