import type { CancelTokensPort } from '@clinic/core';
import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random tokens in URLs; only their SHA-256 is stored. */
export class CryptoCancelTokens implements CancelTokensPort {
  issue(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
