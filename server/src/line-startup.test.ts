import { LineMessagingClient } from '@clinic/adapters/line';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { withLocalLineProvider } from './line-startup';
import { createLogger } from './logger';

const TOKEN = 'a-long-lived-channel-access-token-of-the-messaging-api-channel';

describe('LINE_MESSAGING_URL=local (README)', () => {
  it('starts the bundled Messaging API stand-in on loopback, with its own token, and the pushes reach it', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_MESSAGING_URL: 'local' });
    expect(config.lineMessaging).toEqual({ url: 'local' });
    const started = await withLocalLineProvider(config, createLogger('silent'));
    const messaging = started.lineMessaging;
    expect(messaging).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), token: expect.any(String) });
    if (!messaging || !('token' in messaging)) throw new Error('no local Messaging API');
    // What the server's message delivery does with it: a push with the stand-in's token.
    const client = new LineMessagingClient({ baseUrl: messaging.url, channelAccessToken: messaging.token, timeoutMs: 5_000 });
    await client.pushText('U-dev-0001', 'テストのお知らせ', 'line-startup-test');
    const pushes = (await (await fetch(`${messaging.url}/pushes`)).json()) as { to: string; text: string }[];
    expect(pushes).toEqual([expect.objectContaining({ to: 'U-dev-0001', text: 'テストのお知らせ' })]);
    // A wrong token is refused, as LINE does.
    const stranger = new LineMessagingClient({ baseUrl: messaging.url, channelAccessToken: 'not-the-token', timeoutMs: 5_000 });
    await expect(stranger.pushText('U-dev-0001', 'x', 'line-startup-test-2')).rejects.toThrow();
  });

  it('leaves a real Messaging API alone, and sends nothing without a token', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic', LINE_CHANNEL_ACCESS_TOKEN: TOKEN }).lineMessaging).toEqual({
      url: 'https://api.line.me',
      token: TOKEN,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/clinic' }).lineMessaging).toBeNull();
  });
});
