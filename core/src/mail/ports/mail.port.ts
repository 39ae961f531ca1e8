/** A plain-text mail to one address. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** A stable Message-ID (`<…@…>`): a mail sent again after a lost answer is recognisably the same. */
  readonly messageId?: string;
}

/** Sends mail: to the development outbox table by default, by SMTP when configured. */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxMail extends MailMessage {
  readonly id: string;
  readonly createdAt: Date;
}

/** The development mailbox: what the outbox adapter has "sent", newest first. */
export interface MailOutboxPort {
  list(limit: number): Promise<OutboxMail[]>;
}
