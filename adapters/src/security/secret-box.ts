import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key was not the one the value was sealed with, or the value was altered. */
export class SecretBoxError extends Error {}

/**
 * Seals short secrets (two-factor login keys) for storage: AES-256-GCM with a random 96-bit IV,
 * and an associated text (e.g. `staff:31`) that binds each value to its row, so a value copied to
 * another row does not open. Stored as `v1.` + base64url(iv ‖ tag ‖ ciphertext).
 *
 * Node's own crypto does this in a few lines; no library adds anything here (docs/security.md).
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previousKeys: readonly Buffer[];

  /**
   * `previousKeys`: keys being rotated out. Values sealed with them still open (see `isCurrent`),
   * and every new value is sealed with `key`.
   */
  constructor(key: Buffer, previousKeys: readonly Buffer[] = []) {
    for (const each of [key, ...previousKeys]) if (each.length !== 32) throw new RangeError('the secret key must be 32 bytes');
    this.key = Buffer.from(key);
    this.previousKeys = previousKeys.map((each) => Buffer.from(each));
  }

  static generateKey(): Buffer {
    return randomBytes(32);
  }

  /** True for values this box wrote; anything else is a value stored before sealing began. */
  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** Opens a sealed value with the key or a previous one; a value stored before sealing began is returned as it is. */
  open(value: string, context: string): string {
    if (!SecretBox.isSealed(value)) return value;
    for (const key of [this.key, ...this.previousKeys]) {
      const plain = openWith(key, value, context);
      if (plain !== null) return plain;
    }
    throw new SecretBoxError('the sealed value does not open with this key');
  }

  /** True when the value is sealed with the current key (not a previous one, not in the clear). */
  isCurrent(value: string, context: string): boolean {
    return SecretBox.isSealed(value) && openWith(this.key, value, context) !== null;
  }
}

/** The opened text, or null when the value does not open with `key` (another key, altered, or cut short). */
const openWith = (key: Buffer, value: string, context: string): string | null => {
  const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};
