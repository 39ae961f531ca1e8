import type { ClockPort } from '../../shared/clock.port';
import { formsPageLink, renderMessage, renderWaitlistMessage, type MessageText, type RenderableKind } from '../domain/message-texts';
import { lineButtons } from '../domain/line-buttons';
import { MAX_DELIVERY_ATTEMPTS, chooseAddress, retryDelayMs, type Address, type MessageRecord } from '../domain/message.entity';
import type { DeliveryFacts } from '../ports/message-repository.port';
import type { MessageChannelsPort } from '../ports/message-channels.port';
import type { MessageRepositoryPort } from '../ports/message-repository.port';

export interface DeliveryPolicy {
  /** The first retry's delay; each next one doubles (MESSAGE_RETRY_BASE_MS). */
  readonly retryBaseMs: number;
  /** How long one attempt holds a message before another worker may take it over. */
  readonly leaseMs: number;
  /** The web app's address, for the links in messages. */
  readonly publicUrl: string;
  /** The LINE app's address (`https://liff.line.me/{LIFF_ID}`) for the buttons of LINE messages; null or absent without one. */
  readonly lineAppUrl?: string | null;
  /** Whether LINE pushes are configured (a member's address is chosen at delivery, `chooseAddress`). */
  readonly lineEnabled?: boolean;
}

/** Why a message was not sent to a member who can no longer be reached, or chose not to be (shown in 送信履歴). */
export const NOT_REACHABLE = 'お知らせを受け取らない設定、または送り先がないため送信しませんでした。';

/** Why a LINE message was not sent to a LINE user who unfollowed the official account, with no e-mail to send it to instead. */
export const LINE_UNFOLLOWED = 'LINEの友だち登録が解除されたため送信しませんでした。';

/**
 * How many messages of a batch are being sent at one moment. A batch of 20 sent all at once took
 * every connection of the server's pool for a moment, and the bookings arriving then waited for
 * one (`npm run load`, docs/benchmarks.md); a few at a time still overlap the channels' waits.
 */
const SENDS_AT_ONCE = 4;

/** Runs `task` on every item, at most `limit` at a time. */
const eachAtMost = async <T>(limit: number, items: readonly T[], task: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

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
    /**
     * The visits among these that still wait for the person's forms (FormsUseCase.pendingOf): their
     * confirmation and reminder carry the forms page's link (docs/forms.md). Absent: no link.
     */
    private readonly pendingForms?: (reservationIds: readonly string[]) => Promise<ReadonlySet<string>>,
  ) {}

  /** Delivers one message (see `deliverAll`). */
  async deliver(id: string): Promise<DeliveryOutcome> {
    return (await this.deliverAll([id])).get(id) ?? 'SKIPPED';
  }

  /**
   * Delivers a batch of due messages side by side: one claim, one read of their facts and one
   * record of those sent for the whole batch; failures are recorded one by one.
   */
  async deliverAll(ids: readonly string[]): Promise<Map<string, DeliveryOutcome>> {
    const outcomes = new Map<string, DeliveryOutcome>(ids.map((id) => [id, 'SKIPPED']));
    const claimed = await this.messages.claim(ids, this.policy.leaseMs);
    if (claimed.length === 0) return outcomes;
    const facts = await this.messages.facts(claimed.map((message) => message.id));
    const nowMs = this.clock.now().toMillis();
    const asking = [...facts.values()]
      .filter((fact) => !fact.waitlist && (fact.kind === 'CONFIRMATION' || fact.kind === 'REMINDER'))
      .map((fact) => fact.reservation.id);
    const pending = this.pendingForms && asking.length > 0 ? await this.pendingForms(asking) : new Set<string>();
    const sent: { id: string; text: MessageText; address: Address }[] = [];
    await eachAtMost(SENDS_AT_ONCE, claimed, async (message) => {
      const fact = facts.get(message.id);
      if (!fact || (fact.kind === 'WAITLIST_OFFER' && !fact.waitlist)) {
        await this.messages.cancel(message.id, '送信する内容が見つかりません。');
        outcomes.set(message.id, 'CANCELLED');
        return;
      }
      // A reminder of a visit that is no longer on (cancelled since, or the time has come) is not sent.
      if (fact.kind === 'REMINDER' && (fact.reservationStatus !== 'RESERVED' || fact.reservation.startMs <= nowMs)) {
        await this.messages.cancel(message.id, 'ご予約が有効でないため、リマインドを送信しませんでした。');
        outcomes.set(message.id, 'CANCELLED');
        return;
      }
      // An offer that has ended (accepted, declined, expired, withdrawn) before it went out is not sent.
      if (fact.waitlist && fact.kind === 'WAITLIST_OFFER' && (fact.waitlist.entryStatus !== 'OFFERED' || fact.waitlist.offer?.status !== 'OFFERED')) {
        await this.messages.cancel(message.id, 'ご案内が終了したため送信しませんでした。');
        outcomes.set(message.id, 'CANCELLED');
        return;
      }
      // The address is read now, not when the message was written (issue 26).
      const address = this.addressOf(message, fact);
      if (!address) {
        await this.messages.cancel(message.id, fact.lineUnfollowed && message.channel === 'LINE' ? LINE_UNFOLLOWED : NOT_REACHABLE);
        outcomes.set(message.id, 'CANCELLED');
        return;
      }
      const rendered = fact.waitlist
        ? renderWaitlistMessage({ ...fact, channel: address.channel, waitlist: fact.waitlist })(this.policy.publicUrl)
        : renderMessage(
            { ...fact, channel: address.channel, kind: fact.kind as RenderableKind, formsPending: pending.has(fact.reservation.id) },
            this.policy.publicUrl,
            nowMs,
          );
      // A LINE message is a Flex message with buttons (来院します, 変更・キャンセル, the forms).
      const text: MessageText =
        address.channel === 'LINE'
          ? {
              ...rendered,
              buttons: lineButtons(
                { ...fact, pendingFormsUrl: pending.has(fact.reservation.id) ? formsPageLink(fact, this.policy.publicUrl) : null },
                { publicUrl: this.policy.publicUrl, lineAppUrl: this.policy.lineAppUrl ?? null },
                nowMs,
              ),
            }
          : rendered;
      try {
        await this.channels.send(address, text, message.retryKey);
      } catch (error) {
        const reason = describe(error);
        if (message.attempts >= MAX_DELIVERY_ATTEMPTS) {
          await this.messages.markFailed(message.id, reason);
          outcomes.set(message.id, 'FAILED');
        } else {
          await this.messages.retryLater(message.id, reason, retryDelayMs(message.attempts, this.policy.retryBaseMs));
          outcomes.set(message.id, 'RETRY');
        }
        return;
      }
      sent.push({ id: message.id, text, address });
      outcomes.set(message.id, 'SENT');
    });
    if (sent.length > 0) await this.messages.markSent(sent);
    return outcomes;
  }

  /**
   * A member: where they can be reached now, as they chose; a guest: the address of their form,
   * but no LINE push to a LINE user who unfollowed since (their e-mail instead, where they gave one).
   */
  private addressOf(message: MessageRecord, fact: DeliveryFacts): Address | null {
    if (fact.audience === 'member' && fact.currentRecipient) return chooseAddress(fact.currentRecipient, this.policy.lineEnabled ?? false);
    if (message.channel === 'LINE' && fact.lineUnfollowed) return fact.guestEmail ? { channel: 'MAIL', to: fact.guestEmail } : null;
    return { channel: message.channel, to: message.recipient };
  }
}

const describe = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || '送信できませんでした。';
};
