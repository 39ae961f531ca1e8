import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { resolveSecretKey } from './secret-key';

const logger = pino({ level: 'silent' });
const HEX = 'a1'.repeat(32);

describe('the key that seals two-factor secrets', () => {
  it('comes from TWO_FACTOR_KEY as hex or base64, and a bad one is a configuration error', () => {
    expect(loadConfig({ TWO_FACTOR_KEY: HEX }).twoFactor.key).toEqual({ kind: 'value', key: Buffer.from(HEX, 'hex') });
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ TWO_FACTOR_KEY: base64 }).twoFactor.key).toEqual({ kind: 'value', key: Buffer.alloc(32, 7) });
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'too-short' })).toThrow(/^configuration error: TWO_FACTOR_KEY must be 32 bytes/);
  });

  it('defaults to a file beside the embedded database, a per-process key in memory, and a development key on PostgreSQL', () => {
    expect(loadConfig({}).twoFactor.key).toEqual({ kind: 'file', path: expect.stringMatching(/\.data\/db\.two-factor\.key$/) });
    expect(loadConfig({ DATABASE_URL: 'pglite://memory' }).twoFactor.key).toEqual({ kind: 'ephemeral' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).twoFactor.key).toEqual({ kind: 'development' });
  });

  it('takes the keys being rotated out from TWO_FACTOR_PREVIOUS_KEYS', () => {
    const other = 'b2'.repeat(32);
    expect(loadConfig({ TWO_FACTOR_KEY: HEX }).twoFactor.previousKeys).toEqual([]);
    expect(loadConfig({ TWO_FACTOR_KEY: HEX, TWO_FACTOR_PREVIOUS_KEYS: `${other}, ${Buffer.alloc(32, 9).toString('base64')}` }).twoFactor.previousKeys).toEqual(
      [Buffer.from(other, 'hex'), Buffer.alloc(32, 9)],
    );
    expect(() => loadConfig({ TWO_FACTOR_KEY: HEX, TWO_FACTOR_PREVIOUS_KEYS: 'nope' })).toThrow(/^configuration error: TWO_FACTOR_PREVIOUS_KEYS/);
  });

  it('must be set in production on PostgreSQL, where every server needs the same one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'production' })).toThrow(/TWO_FACTOR_KEY must be set in production/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'production', TWO_FACTOR_KEY: HEX }).twoFactor.key.kind).toBe('value');
  });

  describe('the embedded database’s key file', () => {
    let folder: string;
    beforeEach(async () => {
      folder = await mkdtemp(join(tmpdir(), 'secret-key-'));
    });
    afterEach(() => rm(folder, { recursive: true, force: true }));

    it('is made on first start, readable by its owner only, and read afterwards', async () => {
      const path = join(folder, 'data', 'db.two-factor.key');
      const made = await resolveSecretKey({ kind: 'file', path }, logger);
      expect(made).toHaveLength(32);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect((await readFile(path, 'utf8')).trim()).toBe(made.toString('hex'));
      expect(await resolveSecretKey({ kind: 'file', path }, logger)).toEqual(made);
    });

    it('that holds no key stops the start with the file named', async () => {
      const path = join(folder, 'broken.key');
      await writeFile(path, 'not a key\n');
      await expect(resolveSecretKey({ kind: 'file', path }, logger)).rejects.toThrow(/broken\.key does not hold a 32-byte key/);
    });
  });
});
