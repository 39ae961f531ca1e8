import { MessageDeliveryError, type Address, type MailPort, type MessageChannelsPort, type MessageText } from '@clinic/core';
import type { LineMessagingClient } from '../line/line-messaging';

/** Mail through the mail port (SMTP or the development outbox), LINE through the Messaging API. */
export class MessageChannels implements MessageChannelsPort {
  constructor(
    private readonly mail: MailPort,
    private readonly line: LineMessagingClient | null,
  ) {}

  async send(address: Address, text: MessageText, retryKey: string): Promise<void> {
    if (address.channel === 'LINE') {
      if (!this.line) throw new MessageDeliveryError('LINEでの送信が設定されていません（LINE_CHANNEL_ACCESS_TOKEN）。');
      // A Flex message: the subject, the text and the buttons (来院します, 変更・キャンセル…).
      await this.line.pushMessage(address.to, text, retryKey);
      return;
    }
    try {
      await this.mail.send({ to: address.to, subject: text.subject, text: text.text, messageId: `<${retryKey}@clinic-reservations>` });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new MessageDeliveryError(`メールサーバに送信できませんでした（${cause}）。`);
    }
  }
}
