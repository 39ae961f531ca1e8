import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { MessageDeliveryError } from '@clinic/core';

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
export class LineMessagingClient {
  private readonly client: messagingApi.MessagingApiClient;

  constructor(private readonly settings: LineMessagingSettings) {
    this.client = new messagingApi.MessagingApiClient({ baseURL: settings.baseUrl, channelAccessToken: settings.channelAccessToken });
  }

  async push(to: string, text: string, retryKey: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MessageDeliveryError(`LINEが${this.settings.timeoutMs}ミリ秒以内に応答しませんでした。`)), this.settings.timeoutMs);
    });
    try {
      // LINE's text messages hold at most 5,000 characters.
      await Promise.race([this.client.pushMessage({ to, messages: [{ type: 'text', text: text.slice(0, 5000) }] }, retryKey), timeout]);
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
