import type { RecoveryCodesPort, TotpPort } from '@clinic/core';
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

/** TOTP by the `otpauth` library: RFC 6238, SHA-1, 6 digits, 30-second steps, one step of drift either side. */
export class OtpauthTotp implements TotpPort {
  generateSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  keyUri(account: string, issuer: string, secret: string): string {
    return this.totp(secret, account, issuer).toString();
  }

  verify(secret: string, code: string, at: Date): number | null {
    const timestamp = at.getTime();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, timestamp, window: 1 });
    return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
  }

  /** The code an authenticator app shows at `at` (tests and the demo use it). */
  static codeAt(secret: string, at: Date): string {
    return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, timestamp: at.getTime() });
  }

  private totp(secret: string, label: string, issuer: string): TOTP {
    return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
  }
}

// No 0/o, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Recovery codes like `k7m2p-x9q4r` (10 of 31 characters, about 50 bits) and their SHA-256 digests. */
export class CryptoRecoveryCodes implements RecoveryCodesPort {
  generate(): string {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  }

  digest(code: string): string {
    return createHash('sha256').update(code, 'utf8').digest('hex');
  }
}
