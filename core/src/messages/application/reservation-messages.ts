import { chooseAddress, type Address, type NewMessage, type OutboxWrite, type Recipient } from '../domain/message.entity';
import { DEFAULT_REMINDER_RULES, reminderTimes, type ReminderRule } from '../domain/reminder-rules';
import type { MessageRecipientsPort } from '../ports/message-repository.port';

export interface MessagingClinic {
  readonly zone: string;
  readonly reminderRules?: readonly ReminderRule[];
}

export interface Visit {
  readonly userId: string | null;
  readonly startMs: number;
  /** The member's addresses, when the caller has read them already (null: no such member). */
  readonly recipient?: Recipient | null;
}

/**
 * Decides the messages a reservation change writes with it: the confirmation and the reminders of
 * a booking, the notice and new reminders of a change, the notice of a cancel; reminders still
 * scheduled are cancelled by any change, cancel, no-show or visit. A person who chose not to
 * receive messages, or who cannot be reached, gets none.
 */
export class ReservationMessages {
  constructor(
    private readonly recipients: MessageRecipientsPort,
    private readonly lineEnabled: () => boolean,
  ) {}

  /** A guest is reached at the address of the booking form; a member as they chose. */
  async booked(
    visit: Visit,
    clinic: MessagingClinic,
    nowMs: number,
    /** A guest: the form's e-mail, or the LINE user of a booking in the LINE app (reached by LINE). */
    guest?: { email: string | null; cancelToken: string; visitToken?: string; lineUserId?: string | null },
  ): Promise<OutboxWrite> {
    const address = guest ? this.address({ email: guest.email, lineUserId: guest.lineUserId ?? null, preference: null }) : await this.addressOf(visit);
    if (!address) return { cancelReminders: false, messages: [] };
    return {
      cancelReminders: false,
      messages: [
        now(address, 'CONFIRMATION', nowMs, guest ? { cancelToken: guest.cancelToken, ...(guest.visitToken ? { visitToken: guest.visitToken } : {}) } : {}),
        ...this.reminders(address, visit.startMs, clinic, nowMs),
      ],
    };
  }

  async changed(visit: Visit, clinic: MessagingClinic, nowMs: number): Promise<OutboxWrite> {
    const address = await this.addressOf(visit);
    if (!address) return { cancelReminders: true, messages: [] };
    return { cancelReminders: true, messages: [now(address, 'CHANGE', nowMs), ...this.reminders(address, visit.startMs, clinic, nowMs)] };
  }

  async cancelled(visit: Visit, nowMs: number): Promise<OutboxWrite> {
    const address = await this.addressOf(visit);
    return { cancelReminders: true, messages: address ? [now(address, 'CANCELLATION', nowMs)] : [] };
  }

  /** Back to RESERVED (staff undo a cancel or no-show): the reminders still ahead, no notice. */
  async reinstated(visit: Visit, clinic: MessagingClinic, nowMs: number): Promise<OutboxWrite> {
    const address = await this.addressOf(visit);
    return { cancelReminders: true, messages: address ? this.reminders(address, visit.startMs, clinic, nowMs) : [] };
  }

  /**
   * A waitlist offer: to the member as they chose, to a guest by mail, or by LINE to a guest who
   * joined in the LINE app (with their entry's token for the links); sent when the hold starts
   * (09:00 for an offer made at night).
   */
  waitlistOffer(
    who: { member: Recipient | null; guestEmail: string | null; guestLineUserId?: string | null },
    sendAtMs: number,
    nowMs: number,
  ): NewMessage | null {
    const address = who.member ? this.address(who.member) : this.address({ email: who.guestEmail, lineUserId: who.guestLineUserId ?? null, preference: null });
    if (!address) return null;
    return {
      kind: 'WAITLIST_OFFER',
      channel: address.channel,
      recipient: address.to,
      scheduledAtMs: Math.max(sendAtMs, nowMs),
      deferred: sendAtMs > nowMs,
      payload: {},
    };
  }

  /** A guest's registration on the waitlist: a mail (or, from the LINE app, a LINE push) with the link to see, accept or cancel it. */
  waitlistJoined(guestEmail: string | null, token: string, nowMs: number, lineUserId: string | null = null): NewMessage | null {
    const address = this.address({ email: guestEmail || null, lineUserId, preference: null });
    return address ? now(address, 'CONFIRMATION', nowMs, { waitlistToken: token }) : null;
  }

  /** A no-show or a visit: nothing to say, and no reminder any more. */
  ended(): OutboxWrite {
    return { cancelReminders: true, messages: [] };
  }

  private reminders(address: Address, startMs: number, clinic: MessagingClinic, nowMs: number): NewMessage[] {
    return reminderTimes(clinic.reminderRules ?? DEFAULT_REMINDER_RULES, startMs, clinic.zone, nowMs).map((at) => ({
      kind: 'REMINDER',
      channel: address.channel,
      recipient: address.to,
      scheduledAtMs: at,
      deferred: true,
      payload: {},
    }));
  }

  /** The member's address: from the addresses the caller read with the visit, else read here. */
  private async addressOf(visit: Visit): Promise<Address | null> {
    if (visit.recipient !== undefined) return visit.recipient && this.address(visit.recipient);
    if (!visit.userId) return null;
    const recipient = await this.recipients.ofMember(visit.userId);
    return recipient ? this.address(recipient) : null;
  }

  private address(recipient: Recipient): Address | null {
    return chooseAddress(recipient, this.lineEnabled());
  }
}

const now = (address: Address, kind: NewMessage['kind'], nowMs: number, payload: NewMessage['payload'] = {}): NewMessage => ({
  kind,
  channel: address.channel,
  recipient: address.to,
  scheduledAtMs: nowMs,
  deferred: false,
  payload,
});
