import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import type { MessageRecord, MessageStatus } from '../domain/message.entity';
import type { MessageRepositoryPort } from '../ports/message-repository.port';

export const MESSAGE_LIST_LIMIT = 500;

/**
 * How long after a message was sent staff may send it once more (docs/messages.md, "Resend"): long
 * enough for a mail or a LINE push to arrive (a person who says "nothing came" a minute after the
 * booking usually has it a minute later), short enough for a phone call at the reception desk. A
 * double click or a nervous second press does not reach the person twice.
 */
export const RESEND_COOL_DOWN_MS = 10 * 60_000;

/** What a resend can answer besides the message (the codes are decided here, docs/messages.md). */
export const MESSAGE_RESEND_ERRORS = ['MESSAGE_NOT_FOUND', 'MESSAGE_NOT_RESENDABLE', 'MESSAGE_RESEND_TOO_SOON', 'MESSAGE_RESERVATION_ENDED'] as const;
export type MessageResendError = (typeof MESSAGE_RESEND_ERRORS)[number];

/** A message as staff see it in 送信履歴: with whether 再送 would be accepted now. */
export interface StaffMessage extends MessageRecord {
  readonly resendable: boolean;
}

/** Kinds that speak of a visit as still to come: never sent again once the visit is cancelled, ended or past. */
const ABOUT_A_LIVE_VISIT = new Set(['CONFIRMATION', 'CHANGE', 'REMINDER']);

/** 送信履歴 for staff: the messages of a clinic, a member or a reservation, and resending one. */
export class StaffMessagesUseCase {
  constructor(
    private readonly messages: MessageRepositoryPort,
    private readonly clock: ClockPort,
  ) {}

  /**
   * The messages, each saying whether a resend would be accepted now (the same rule as `resend`),
   * so that 再送 is offered only where it works.
   */
  async list(filter: { clinicId: string; userId?: string; reservationId?: string; status?: MessageStatus }): Promise<StaffMessage[]> {
    const messages = await this.messages.list({ ...filter, limit: MESSAGE_LIST_LIMIT });
    const now = this.clock.now().toMillis();
    return messages.map((message) => ({ ...message, resendable: this.refusal(message, now) === null }));
  }

  /**
   * Sends a message again now: a FAILED one, or a SENT one once the cool-down has passed since it
   * was sent. A SCHEDULED one is on its way already and a CANCELLED one was ended on purpose; a
   * confirmation, change or reminder of a visit that is no longer live (cancelled, no-show, visited
   * or past) would tell the person something untrue.
   */
  async resend(id: string): Promise<Result<StaffMessage, MessageResendError>> {
    const message = await this.messages.find(id);
    if (!message) return fail('MESSAGE_NOT_FOUND');
    const refusal = this.refusal(message, this.clock.now().toMillis());
    if (refusal || (message.status !== 'FAILED' && message.status !== 'SENT')) return fail(refusal ?? 'MESSAGE_NOT_RESENDABLE');
    // Conditional on the state read above: a second staff member's resend at the same moment finds it SCHEDULED.
    const again = await this.messages.resend(id, { from: message.status, coolDownMs: RESEND_COOL_DOWN_MS });
    return again ? ok({ ...again, resendable: false }) : fail('MESSAGE_NOT_RESENDABLE');
  }

  /** Why the message could not be sent again now, or null where it could (its visit's state is read with it: no other query). */
  private refusal(message: MessageRecord, now: number): MessageResendError | null {
    if (message.status !== 'FAILED' && message.status !== 'SENT') return 'MESSAGE_NOT_RESENDABLE';
    if (message.status === 'SENT' && (message.sentAgoMs ?? 0) < RESEND_COOL_DOWN_MS) return 'MESSAGE_RESEND_TOO_SOON';
    if (message.reservationId && ABOUT_A_LIVE_VISIT.has(message.kind)) {
      const live = message.visit && message.visit.status === 'RESERVED' && message.visit.startMs > now;
      if (!live) return 'MESSAGE_RESERVATION_ENDED';
    }
    return null;
  }
}
