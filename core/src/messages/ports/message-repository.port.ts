import type { MessageFacts, MessageText } from '../domain/message-texts';
import type { Address, MessageRecord, MessageStatus, Recipient } from '../domain/message.entity';

export interface MessageFilter {
  readonly clinicId: string;
  readonly userId?: string;
  readonly reservationId?: string;
  readonly status?: MessageStatus;
  readonly limit: number;
}

/** What delivery needs to know besides the text: whether the visit is still on. */
export interface DeliveryFacts extends MessageFacts {
  readonly reservationStatus: string;
  /**
   * A member's addresses and choice as they are now, read with the facts: a message written days
   * ago goes where the member can be reached today (a changed e-mail, 受け取らない). Absent for a
   * guest, who is reached at the address of their form.
   */
  readonly currentRecipient?: Recipient;
  /**
   * A LINE message whose LINE user has unfollowed the official account (LINE's unfollow event):
   * it is not pushed. A guest is then reached at `guestEmail` where they gave one (a member by
   * `currentRecipient`, which already leaves LINE out).
   */
  readonly lineUnfollowed?: boolean;
  /** The e-mail a guest gave (a LINE guest may give none): where their LINE messages go after an unfollow. */
  readonly guestEmail?: string | null;
}

/**
 * The outbox of messages. Rows are written with the change that causes them (through the
 * reservation repository's `outbox` argument); every method here that makes a message due again
 * also enqueues its delivery job in the same transaction.
 */
export interface MessageRepositoryPort {
  /**
   * Takes the SCHEDULED messages among `ids` for one delivery attempt each, but those another
   * worker holds: counts the attempt and holds them for `leaseMs`. What is not answered has nothing
   * to send (sent, cancelled, failed, held by another, or unknown).
   */
  claim(ids: readonly string[], leaseMs: number): Promise<MessageRecord[]>;
  /** The facts of each message's text, by id (a message whose reservation is gone is absent). */
  facts(ids: readonly string[]): Promise<Map<string, DeliveryFacts>>;
  /** Records what was sent, and where (the address read at delivery). */
  markSent(sent: readonly { id: string; text: MessageText; address: Address }[]): Promise<void>;
  /** Stays SCHEDULED, with the error, and is tried again after `delayMs`. */
  retryLater(id: string, error: string, delayMs: number): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
  cancel(id: string, reason: string): Promise<void>;
  find(id: string): Promise<MessageRecord | null>;
  /** Newest first. */
  list(filter: MessageFilter): Promise<MessageRecord[]>;
  /**
   * SCHEDULED again for now, attempts from zero (a new retry key when it had been sent), only if
   * it is still in the status `from` and, when SENT, was sent at least `coolDownMs` ago (the
   * database's clock); null otherwise.
   */
  resend(id: string, expect: { from: 'FAILED' | 'SENT'; coolDownMs: number }): Promise<MessageRecord | null>;
}

/** Where a member or a guest's temporary member can be reached. */
export interface MessageRecipientsPort {
  ofMember(userId: string): Promise<Recipient | null>;
}
