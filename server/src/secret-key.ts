import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createHash, createHmac } from 'node:crypto';
import { SecretBox } from '@clinic/adapters/security';
import type { Logger } from 'pino';
import { ConfigError, parseSecretKey, type SecretKeySource } from './config';

/** Public on purpose: only for PostgreSQL servers outside production (docs/security.md). */
const DEVELOPMENT_KEY = createHash('sha256').update('clinic-reservations development two-factor key').digest();

/**
 * The key that seals two-factor secrets, from where the configuration says. The embedded
 * database's key file is made on first start (readable by its owner only) and read afterwards.
 */
export const resolveSecretKey = async (source: SecretKeySource, logger: Logger): Promise<Buffer> => {
  switch (source.kind) {
    case 'value':
      return source.key;
    case 'ephemeral':
      return SecretBox.generateKey();
    case 'development':
      logger.warn('TWO_FACTOR_KEY is not set: two-factor secrets are sealed with the public development key (set it in production)');
      return DEVELOPMENT_KEY;
    case 'file': {
      try {
        const key = parseSecretKey(await readFile(source.path, 'utf8'));
        if (!key) throw new ConfigError(`configuration error: ${source.path} does not hold a 32-byte key (64 hex digits)`);
        return key;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const key = SecretBox.generateKey();
      await mkdir(dirname(source.path), { recursive: true });
      // `wx`: if another process made the file meanwhile, use theirs.
      try {
        await writeFile(source.path, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
        await chmod(source.path, 0o600);
        logger.info({ path: source.path }, 'made the key that seals two-factor secrets');
        return key;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return resolveSecretKey(source, logger);
      }
    }
  }
};

/**
 * The forms' own key when FORMS_KEY is not set: HMAC-SHA-256 of a fixed label under the
 * two-factor key, so that answers and two-factor secrets are never sealed with the same key.
 */
export const derivedFormsKey = (twoFactorKey: Buffer): Buffer => createHmac('sha256', twoFactorKey).update('clinic-reservations forms sealing key').digest();

/**
 * The box sealing form answers and signatures: FORMS_KEY when set (values sealed before under the
 * derived key still open), else the key derived from the two-factor key and its previous keys.
 */
export const formsSecretBox = (formsKey: Buffer | null, twoFactorKey: Buffer, twoFactorPreviousKeys: readonly Buffer[]): SecretBox => {
  const derived = [twoFactorKey, ...twoFactorPreviousKeys].map(derivedFormsKey);
  return formsKey ? new SecretBox(formsKey, derived) : new SecretBox(derived[0]!, derived.slice(1));
};

/**
 * The box sealing guests' tokens in the outbox's payloads (docs/messages.md): a key of its own,
 * HMAC-SHA-256 of a fixed label under the two-factor key (and its previous keys, so a rotation
 * keeps the stored ones readable).
 */
export const messagesSecretBox = (twoFactorKey: Buffer, twoFactorPreviousKeys: readonly Buffer[]): SecretBox => {
  const derived = [twoFactorKey, ...twoFactorPreviousKeys].map((key) =>
    createHmac('sha256', key).update('clinic-reservations message payload sealing key').digest(),
  );
  return new SecretBox(derived[0]!, derived.slice(1));
};
