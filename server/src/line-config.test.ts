import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('LINE Login configuration', () => {
  it('uses the local provider only for the embedded database without a channel', () => {
    expect(loadConfig({}).line).toEqual({ mode: 'local' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic' }).line).toEqual({ mode: 'off' });
    expect(loadConfig({ LINE_LOCAL_PROVIDER: 'off' }).line).toEqual({ mode: 'off' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_LOCAL_PROVIDER: 'on' }).line).toEqual({ mode: 'local' });
  });

  it('talks to LINE (issuer https://access.line.me by default) when a channel is configured', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_CHANNEL_ID: '1650000000', LINE_CHANNEL_SECRET: 'a-channel-secret' }).line).toEqual({
      mode: 'line',
      issuer: 'https://access.line.me',
      channelId: '1650000000',
      channelSecret: 'a-channel-secret',
    });
  });

  it('refuses half a channel, the local provider beside a channel, and a plain-http issuer off loopback', () => {
    expect(() => loadConfig({ LINE_CHANNEL_ID: '1650000000' })).toThrow(ConfigError);
    expect(() => loadConfig({ LINE_CHANNEL_ID: '1650000000', LINE_CHANNEL_SECRET: 'a-channel-secret', LINE_LOCAL_PROVIDER: 'on' })).toThrow(
      /LINE_LOCAL_PROVIDER cannot be on/,
    );
    expect(() => loadConfig({ LINE_ISSUER: 'http://line.example.jp' })).toThrow(/LINE_ISSUER/);
    expect(loadConfig({ LINE_ISSUER: 'http://127.0.0.1:4000', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-channel-secret' }).line).toMatchObject({
      issuer: 'http://127.0.0.1:4000',
    });
  });
});

describe('LINE app configuration', () => {
  it('is off without LINE_LIFF_ID, and verifies at LINE by default', () => {
    expect(loadConfig({}).lineApp).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_LIFF_ID: '2001234567-AbCd', LINE_LIFF_CHANNEL_ID: '2001234567' }).lineApp).toEqual({
      liffId: '2001234567-AbCd',
      channelId: '2001234567',
      verifyUrl: 'https://api.line.me/oauth2/v2.1/verify',
      mock: false,
    });
    expect(loadConfig({ LINE_MESSAGING_CHANNEL_SECRET: 'a-messaging-secret' }).lineWebhookSecret).toBe('a-messaging-secret');
  });

  it('uses the local verification with LINE_LOCAL_PROVIDER, and refuses http off loopback and the mock against LINE', () => {
    expect(loadConfig({ LINE_LIFF_ID: 'dev' }).lineApp).toMatchObject({ verifyUrl: 'local', channelId: 'local-liff-channel' });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_LIFF_ID: 'dev' })).toThrow(/LINE_LIFF_CHANNEL_ID/);
    expect(() => loadConfig({ LINE_VERIFY_URL: 'http://line.example.jp/verify' })).toThrow(/LINE_VERIFY_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_LIFF_ID: 'x', LINE_LIFF_CHANNEL_ID: '1', LINE_LIFF_MOCK: 'on' })).toThrow(
      /LINE_LIFF_MOCK/,
    );
    expect(
      loadConfig({ LINE_LIFF_ID: 'x', LINE_LIFF_CHANNEL_ID: '1', LINE_VERIFY_URL: 'http://127.0.0.1:4100/verify', LINE_LIFF_MOCK: 'on' }).lineApp?.mock,
    ).toBe(true);
  });
});
