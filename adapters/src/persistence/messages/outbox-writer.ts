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
  constructor(private readonly queue: MessageQueue) {}

  async write(trx: Knex.Transaction, about: { clinicId: string; reservationId: string; userId: string | null }, outbox: OutboxWrite): Promise<void> {
    if (outbox.cancelReminders) {
      await trx('messages')
        .where({ reservation_id: about.reservationId, kind: 'REMINDER', status: 'SCHEDULED' })
        .update({ status: 'CANCELLED', last_error: 'ご予約の変更・キャンセルにより取り消しました。', updated_at: trx.fn.now() });
    }
    if (outbox.messages.length === 0) return;
    const rows: { id: string }[] = await trx('messages')
      .insert(
        outbox.messages.map((message) => ({
          clinic_id: about.clinicId,
          user_id: about.userId,
          reservation_id: about.reservationId,
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
        const message = outbox.messages[index]!;
        return { messageId: row.id, ...(message.deferred ? { startAfter: new Date(message.scheduledAtMs) } : {}) };
      }),
    );
  }
}
