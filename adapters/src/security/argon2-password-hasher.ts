import type { PasswordHasherPort } from '@clinic/core';
import argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
export const OWASP_ARGON2ID = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasherPort {
  constructor(private readonly options: typeof OWASP_ARGON2ID = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
