import type { ClockPort } from '../../shared/clock.port';
import { renderMessage } from '../domain/message-texts';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '../domain/message.entity';
import type { MessageChannelsPort } from '../ports/message-channels.port';
import type { MessageRepositoryPort } from '../ports/message-repository.port';

export interface DeliveryPolicy {
  /** The first retry's delay; each next one doubles (MESSAGE_RETRY_BASE_MS). */
  readonly retryBaseMs: number;
  /** How long one attempt holds a message before another worker may take it over. */
  readonly leaseMs: number;
  /** The web app's address, for the links in messages. */
  readonly publicUrl: string;
}

export type DeliveryOutcome = 'SENT' | 'RETRY' | 'FAILED' | 'CANCELLED' | 'SKIPPED';

/**
 * Delivers one message of the outbox, called by the job queue (at least once per job; several
 * servers may run it). Only the worker that claims the message sends it; a failure is retried
 * with a doubling delay and, after the last attempt, the message is FAILED for staff to see.
 */
export class DeliverMessageUseCase {
  constructor(
    private readonly messages: MessageRepositoryPort,
    private readonly channels: MessageChannelsPort,
    private readonly policy: DeliveryPolicy,
    private readonly clock: ClockPort,
  ) {}

  async deliver(id: string): Promise<DeliveryOutcome> {
    const message = await this.messages.claim(id, this.policy.leaseMs);
    if (!message) return 'SKIPPED';
    const facts = await this.messages.facts(id);
    if (!facts || facts.kind === 'WAITLIST_OFFER') {
      await this.messages.cancel(id, '送信する内容が見つかりません。');
      return 'CANCELLED';
    }
    // A reminder of a visit that is no longer on (cancelled since, or the time has come) is not sent.
    if (facts.kind === 'REMINDER' && (facts.reservationStatus !== 'RESERVED' || facts.reservation.startMs <= this.clock.now().toMillis())) {
      await this.messages.cancel(id, 'ご予約が有効でないため、リマインドを送信しませんでした。');
      return 'CANCELLED';
    }
    const text = renderMessage({ ...facts, kind: facts.kind }, this.policy.publicUrl, this.clock.now().toMillis());
    try {
      await this.channels.send({ channel: message.channel, to: message.recipient }, text, message.retryKey);
    } catch (error) {
      const reason = describe(error);
      if (message.attempts >= MAX_DELIVERY_ATTEMPTS) {
        await this.messages.markFailed(id, reason);
        return 'FAILED';
      }
      await this.messages.retryLater(id, reason, retryDelayMs(message.attempts, this.policy.retryBaseMs));
      return 'RETRY';
    }
    await this.messages.markSent(id, text);
    return 'SENT';
  }
}

const describe = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || '送信できませんでした。';
};
