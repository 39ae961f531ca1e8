import type { OutboxWrite } from '@clinic/core';
import type { Knex } from 'knex';
import type { MessageQueue } from './pg-boss-queue';

export const hasOutboxWork = (outbox: OutboxWrite | undefined): outbox is OutboxWrite => !!outbox && (outbox.cancelReminders || outbox.messages.length > 0);

/**
 * Writes a reservation change's messages inside the change's own transaction: the reminders it
 * replaces are cancelled, the new rows inserted and their delivery jobs enqueued, so that all of
 * it commits, or none of it, with the reservation.
 */
export class OutboxWriter {
  private static readonly CHUNK = 1000;

  constructor(private readonly queue: MessageQueue) {}

  async write(
    trx: Knex.Transaction,
    about: { clinicId: string; reservationId: string | null; userId: string | null; waitlistEntryId?: string },
    outbox: OutboxWrite,
  ): Promise<void> {
    if (outbox.cancelReminders && about.reservationId) {
      await trx('messages')
        .where({ reservation_id: about.reservationId, kind: 'REMINDER', status: 'SCHEDULED' })
        .update({ status: 'CANCELLED', last_error: 'ご予約の変更・キャンセルにより取り消しました。', updated_at: trx.fn.now() });
    }
    // PostgreSQL takes at most 65,535 parameters per statement: rows go in chunks.
    for (let from = 0; from < outbox.messages.length; from += OutboxWriter.CHUNK) {
      const chunk = outbox.messages.slice(from, from + OutboxWriter.CHUNK);
      const rows: { id: string }[] = await trx('messages')
        .insert(
          chunk.map((message) => ({
            clinic_id: about.clinicId,
            user_id: about.userId,
            reservation_id: about.reservationId,
            waitlist_entry_id: about.waitlistEntryId ?? null,
            kind: message.kind,
            channel: message.channel,
            recipient: message.recipient,
            scheduled_at: new Date(message.scheduledAtMs).toISOString(),
            payload: JSON.stringify(message.payload),
          })),
        )
        .returning('id');
      await this.queue.enqueue(
        trx,
        rows.map((row, index) => {
          const message = chunk[index]!;
          return { messageId: row.id, ...(message.deferred ? { startAfter: new Date(message.scheduledAtMs) } : {}) };
        }),
      );
    }
  }
}
