import type { MailMessage, MailOutboxPort, MailPort, OutboxMail } from '@clinic/core';
import type { Knex } from 'knex';

/**
 * The default mail adapter: every message goes to the `mail_outbox` table instead of the
 * internet, so that invitations and resets can be followed in development and by tests.
 */
export class KnexMailOutbox implements MailPort, MailOutboxPort {
  constructor(private readonly knex: Knex) {}

  async send(message: MailMessage): Promise<void> {
    await this.knex('mail_outbox').insert({ to: message.to, subject: message.subject, text: message.text });
  }

  async list(limit: number): Promise<OutboxMail[]> {
    const rows: { id: string; to: string; subject: string; text: string; created_at: Date | string }[] = await this.knex('mail_outbox')
      .select('id', 'to', 'subject', 'text', 'created_at')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(Math.max(1, Math.min(limit, 500)));
    return rows.map((row) => ({ id: String(row.id), to: row.to, subject: row.subject, text: row.text, createdAt: new Date(row.created_at) }));
  }
}
