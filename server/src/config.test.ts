import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that start the embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toMatch(/^pglite:\/\/\/.*\.data\/db$/);
    expect(config.demoData).toBeUndefined();
    expect(config.session).toEqual({ idleMinutes: 120, absoluteHours: 12, secure: false });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      DEMO_DATA: 'on',
      BOOTSTRAP_ADMIN_PASSWORD: 'long-enough',
      SECURE_COOKIES: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@h/db',
      demoData: true,
      bootstrapAdminPassword: 'long-enough',
      session: { secure: true },
    });
    expect(loadConfig({ DATABASE_URL: 'pglite://memory' }).databaseUrl).toBe('pglite://memory');
  });

  it('has the guest booking guard thresholds of the README and docs/security.md, each settable', () => {
    expect(loadConfig({}).guestGuard).toEqual({
      freePerAddress: 3,
      maxPerAddress: 20,
      maxPerPhone: 5,
      maxPerEmail: 5,
      challengeCost: 5000,
      challengeMaxCounter: 400,
    });
    expect(
      loadConfig({
        GUEST_FREE_PER_ADDRESS_HOUR: '0',
        GUEST_MAX_PER_ADDRESS_HOUR: '50',
        GUEST_MAX_PER_PHONE_DAY: '7',
        GUEST_MAX_PER_EMAIL_DAY: '8',
        GUEST_CHALLENGE_COST: '1000',
        GUEST_CHALLENGE_MAX_COUNTER: '100',
      }).guestGuard,
    ).toEqual({ freePerAddress: 0, maxPerAddress: 50, maxPerPhone: 7, maxPerEmail: 8, challengeCost: 1000, challengeMaxCounter: 100 });
    expect(() => loadConfig({ GUEST_MAX_PER_ADDRESS_HOUR: '0' })).toThrow(/^configuration error: GUEST_MAX_PER_ADDRESS_HOUR /);
  });

  it('reads TRUST_PROXY_HOPS (default 1, 1 to 10)', () => {
    expect(loadConfig({ TRUST_PROXY: 'on' })).toMatchObject({ trustProxy: true, trustProxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'on', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('names the variable at fault in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^configuration error: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ BOOTSTRAP_ADMIN_PASSWORD: 'short' })).toThrow(/BOOTSTRAP_ADMIN_PASSWORD/);
  });

  it('makes the server exit 1 with that line on a bad variable', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^configuration error: PORT /)]);
    // Starting a Node process that compiles the server through tsx takes seconds on a busy machine.
  }, 30_000);

  it('makes the server exit 1 with one line when the two-factor key file holds no key', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const folder = mkdtempSync(join(tmpdir(), 'bad-key-'));
    try {
      writeFileSync(join(folder, 'db.two-factor.key'), 'not a key\n');
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `pglite://${join(folder, 'db')}`, PORT: '0', DEMO_DATA: 'off', LOG_LEVEL: 'silent', LINE_LOCAL_PROVIDER: 'off' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^configuration error: .*db\.two-factor\.key does not hold a 32-byte key/)]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
