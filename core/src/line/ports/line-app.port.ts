import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { LineWebhookEvent } from '../domain/line-webhook-event';

/** A LIFF ID token that LINE's verification endpoint accepted: who it names. */
export interface VerifiedLineUser {
  /** The token's `sub`: the LINE user id (`U…`). */
  readonly lineUserId: string;
  /** The display name in the token, when LINE gave one. */
  readonly name: string | null;
}

/**
 * LINE's ID-token verification (`POST {LINE_VERIFY_URL}` with `id_token` and `client_id`). The
 * identity of a LINE app user comes only from here, never from what the browser says.
 */
export interface LineIdTokenVerifierPort {
  /**
   * The user a token names, or null when LINE refuses it (forged, expired, for another channel).
   * Throws ServiceUnavailableError when LINE cannot be reached or answers nonsense.
   */
  verify(idToken: string): Promise<VerifiedLineUser | null>;
}

/** The reservations of a LINE user: booked in the LINE app, or of the member linked to that LINE user. */
export interface LineAppReservationsPort {
  /** The LINE users a reservation belongs to: the one who booked it in the LINE app, and the member's linked one. */
  ownersOf(reservationId: string): Promise<readonly string[]>;
  /** The LINE user's reservations still RESERVED that have not ended at `nowMs`, soonest first. */
  listLive(lineUserId: string, nowMs: number): Promise<ReservationView[]>;
}

/**
 * The webhook's inbox: each event kept once by its `webhookEventId`, with a job to handle it
 * queued in the same transaction; a redelivered event is not kept again.
 */
export interface LineWebhookInboxPort {
  /** Keeps the events not seen before (and queues their handling); answers the ids that were new. */
  receive(events: readonly LineWebhookEvent[]): Promise<string[]>;
  /** An event not handled yet, or null (unknown, or handled already). */
  pending(webhookEventId: string): Promise<LineWebhookEvent | null>;
  markHandled(webhookEventId: string): Promise<void>;
  /** The follow event's welcome was pushed to a member of `clinicId`: counted as a LINE message of that clinic (LINE bills it). */
  markWelcomed(webhookEventId: string, clinicId: string): Promise<void>;
}

/** Whether a LINE user still has the official account as a friend (follow / unfollow). */
export interface LineFriendshipsPort {
  setFollowing(lineUserId: string, following: boolean): Promise<void>;
  /**
   * After an unfollow: the person's LINE messages still to be sent go by mail to the member's
   * address where there is one, and are cancelled where there is none.
   */
  moveScheduledToMail(lineUserId: string): Promise<{ toMail: number; cancelled: number }>;
}

/** A push outside the message outbox (the short welcome after a follow). */
export interface LinePushPort {
  /** `key`: the same for every attempt of one push (LINE drops a repeat). */
  pushText(to: string, text: string, key: string): Promise<void>;
}
