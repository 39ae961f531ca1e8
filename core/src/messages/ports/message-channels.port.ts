import type { MessageText } from '../domain/message-texts';
import type { Address } from '../domain/message.entity';

/** A delivery that did not go through; `message` is recorded as the message's last error. */
export class MessageDeliveryError extends Error {}

/** Mail (SMTP or the development outbox) and LINE pushes. */
export interface MessageChannelsPort {
  /** Sends once; throws MessageDeliveryError (or anything) when it did not go through. */
  send(address: Address, text: MessageText, retryKey: string): Promise<void>;
}
