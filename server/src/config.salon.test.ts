import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig: the salon-management system', () => {
  it('has none by default: contracts come from the built-in ledger', () => {
    expect(loadConfig({}).salon).toBeNull();
  });

  it('reads the URL, key and resilience settings', () => {
    const config = loadConfig({
      SALON_API_URL: 'https://salon.example.jp/api/v1',
      SALON_API_KEY: 'secret-key-1',
      SALON_TIMEOUT_MS: '1500',
      SALON_RETRIES: '0',
      SALON_BACKOFF_MS: '50',
      SALON_BREAKER_THRESHOLD: '4',
      SALON_HALF_OPEN_MS: '10000',
    });
    expect(config.salon).toEqual({
      url: 'https://salon.example.jp/api/v1',
      apiKey: 'secret-key-1',
      timeoutMs: 1500,
      retries: 0,
      backoffMs: 50,
      breakerThreshold: 4,
      halfOpenAfterMs: 10000,
    });
    expect(loadConfig({ SALON_API_URL: 'https://salon.example.jp', SALON_API_KEY: 'secret-key-1' }).salon).toMatchObject({
      timeoutMs: 3000,
      retries: 2,
      backoffMs: 200,
      breakerThreshold: 5,
      halfOpenAfterMs: 30000,
    });
  });

  it('takes `local` (the development fake) without a key', () => {
    expect(loadConfig({ SALON_API_URL: 'local' }).salon).toMatchObject({ url: 'local' });
  });

  it('refuses a real URL without a key, and values out of range, naming the variable', () => {
    expect(() => loadConfig({ SALON_API_URL: 'https://salon.example.jp' })).toThrow(
      new ConfigError('configuration error: SALON_API_KEY must be set with SALON_API_URL'),
    );
    expect(() => loadConfig({ SALON_API_URL: 'ftp://salon.example.jp', SALON_API_KEY: 'secret-key-1' })).toThrow(/SALON_API_URL/);
    expect(() => loadConfig({ SALON_TIMEOUT_MS: '0' })).toThrow(/SALON_TIMEOUT_MS/);
    expect(() => loadConfig({ SALON_RETRIES: '9' })).toThrow(/SALON_RETRIES/);
  });
});
