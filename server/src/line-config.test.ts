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
