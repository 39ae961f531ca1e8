import { createHash } from 'node:crypto';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { MessageDeliveryError, type LinePushPort, type MessageText } from '@clinic/core';
import { flexMessageOf } from './line-flex';

export interface LineMessagingSettings {
  /** `https://api.line.me` in production; a local fake in development and tests. */
  readonly baseUrl: string;
  readonly channelAccessToken: string;
  readonly timeoutMs: number;
}

/**
 * LINE pushes through the Messaging API with LINE's own SDK. The retry key is the message's, the
 * same on every attempt, so LINE drops a push it has already accepted (it answers 409 then, which
 * means delivered).
 */
export class LineMessagingClient implements LinePushPort {
  private readonly client: messagingApi.MessagingApiClient;

  constructor(private readonly settings: LineMessagingSettings) {
    this.client = new messagingApi.MessagingApiClient({ baseURL: settings.baseUrl, channelAccessToken: settings.channelAccessToken });
  }

  /** A message of the outbox as a Flex message with its buttons. */
  async pushMessage(to: string, text: MessageText, retryKey: string): Promise<void> {
    await this.send(to, [flexMessageOf(text)], retryKey);
  }

  /** A plain text push (the welcome after a follow); `key` is made into LINE's UUID retry key. */
  async pushText(to: string, text: string, key: string): Promise<void> {
    await this.send(to, [{ type: 'text', text: text.slice(0, 5000) }], uuidOf(key));
  }

  async push(to: string, text: string, retryKey: string): Promise<void> {
    // LINE's text messages hold at most 5,000 characters.
    await this.send(to, [{ type: 'text', text: text.slice(0, 5000) }], retryKey);
  }

  private async send(to: string, messages: messagingApi.Message[], retryKey: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MessageDeliveryError(`LINEが${this.settings.timeoutMs}ミリ秒以内に応答しませんでした。`)), this.settings.timeoutMs);
    });
    try {
      await Promise.race([this.client.pushMessage({ to, messages }, retryKey), timeout]);
    } catch (error) {
      if (error instanceof HTTPFetchError && error.status === 409) return;
      if (error instanceof HTTPFetchError) throw new MessageDeliveryError(`LINEが送信を受け付けませんでした（HTTP ${error.status}）。`);
      if (error instanceof MessageDeliveryError) throw error;
      throw new MessageDeliveryError(`LINEに接続できませんでした（${(error as Error).message}）。`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A UUID (the form LINE wants for `X-Line-Retry-Key`) made from any key: the same key, the same UUID. */
export const uuidOf = (key: string): string => {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
