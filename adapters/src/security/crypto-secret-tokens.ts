import type { SecretTokensPort } from '@clinic/core';
import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random tokens (base64url, 43 characters) and their SHA-256 digests. */
export class CryptoSecretTokens implements SecretTokensPort {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  digest(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
