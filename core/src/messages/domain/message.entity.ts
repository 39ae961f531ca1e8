/** What a message is about. */
export const MESSAGE_KINDS = ['CONFIRMATION', 'CHANGE', 'CANCELLATION', 'REMINDER', 'WAITLIST_OFFER'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** SCHEDULED until it is sent (SENT), gives up after the last attempt (FAILED) or is no longer wanted (CANCELLED). */
export const MESSAGE_STATUSES = ['SCHEDULED', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_CHANNELS = ['MAIL', 'LINE'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What a member chose in 会員情報の変更; null = not chosen (LINE when linked, else mail). */
export const NOTIFICATION_PREFERENCES = ['LINE', 'MAIL', 'NONE'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

/** Attempts before a message is FAILED and shown to staff. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Where a person can be reached. */
export interface Recipient {
  readonly email: string | null;
  readonly lineUserId: string | null;
  readonly preference: NotificationPreference | null;
}

export interface Address {
  readonly channel: MessageChannel;
  readonly to: string;
}

/**
 * The channel a person is reached on: what they chose when they can be reached there, else the
 * other one; without a choice, LINE when linked (and LINE pushes are configured), else mail.
 * Null when they chose not to receive messages or have no address.
 */
export const chooseAddress = (recipient: Recipient, lineEnabled: boolean): Address | null => {
  if (recipient.preference === 'NONE') return null;
  const line: Address | null = lineEnabled && recipient.lineUserId ? { channel: 'LINE', to: recipient.lineUserId } : null;
  const mail: Address | null = recipient.email ? { channel: 'MAIL', to: recipient.email } : null;
  return recipient.preference === 'MAIL' ? (mail ?? line) : (line ?? mail);
};

/** The wait before the next attempt after `attempts` failed ones: base, then doubling. */
export const retryDelayMs = (attempts: number, baseMs: number): number => baseMs * 2 ** Math.max(0, attempts - 1);

/** Data a message needs at delivery that the database does not keep elsewhere. */
export interface MessagePayload {
  /** A guest's cancel token (only its hash is kept on the reservation): the links of their messages. */
  readonly cancelToken?: string;
  /** A guest's visit-confirmation token (only its hash is kept on the reservation): the confirm link of their reminders. */
  readonly visitToken?: string;
  /** A guest's waitlist token (only its hash is kept on the entry): the links of its messages. */
  readonly waitlistToken?: string;
}

/** A message to write in the same transaction as the change that causes it. */
export interface NewMessage {
  readonly kind: MessageKind;
  readonly channel: MessageChannel;
  readonly recipient: string;
  readonly scheduledAtMs: number;
  /** Whether it waits for `scheduledAtMs` (reminders) or goes out at once. */
  readonly deferred: boolean;
  readonly payload: MessagePayload;
}

/** The messages a reservation change writes: its reminders still scheduled are cancelled first when asked. */
export interface OutboxWrite {
  readonly cancelReminders: boolean;
  readonly messages: readonly NewMessage[];
}

export const NO_MESSAGES: OutboxWrite = { cancelReminders: false, messages: [] };

export interface MessageRecord {
  readonly id: string;
  readonly clinicId: string;
  readonly userId: string | null;
  readonly reservationId: string | null;
  readonly kind: MessageKind;
  readonly channel: MessageChannel;
  readonly recipient: string;
  readonly status: MessageStatus;
  readonly scheduledAtMs: number;
  readonly sentAtMs: number | null;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly retryKey: string;
  readonly subject: string | null;
  readonly createdAtMs: number;
  /** How long ago it was sent, by the database's clock (read by `find` and `list`, for the resend's cool-down). */
  readonly sentAgoMs?: number | null;
  /** The state of the visit it is about, as it is now (read by `find` and `list`, for the resend); null without one. */
  readonly visit?: { readonly status: string; readonly startMs: number } | null;
}
