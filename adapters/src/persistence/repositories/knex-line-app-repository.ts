import {
  LINE_UNFOLLOWED,
  type LineAppReservationsPort,
  type LineFriendshipsPort,
  type LineWebhookEvent,
  type LineWebhookInboxPort,
  type ReservationRepositoryPort,
  type ReservationView,
} from '@clinic/core';
import type { Knex } from 'knex';
import type { MessageQueue } from '../messages/pg-boss-queue';

const ID = /^\d{1,18}$/;

/** What a LINE app or webhook write needs of the queue: its job insert in the caller's transaction. */
type LineEventQueue = Pick<MessageQueue, 'enqueueLineEvents'>;

/**
 * The LINE app's reads and the webhook's inbox: `reservations.line_user_id` (the LINE user who
 * booked in the app), `users.line_user_id` (a linked member), `line_webhook_events` (unique by
 * LINE's `webhookEventId`) and `line_friendships`.
 */
export class KnexLineAppRepository implements LineAppReservationsPort, LineWebhookInboxPort, LineFriendshipsPort {
  constructor(
    private readonly knex: Knex,
    private readonly reservations: Pick<ReservationRepositoryPort, 'findById'>,
    private readonly queue: LineEventQueue,
  ) {}

  async ownersOf(reservationId: string): Promise<readonly string[]> {
    if (!ID.test(reservationId)) return [];
    const row = await this.knex('reservations as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.id', reservationId)
      .first('r.line_user_id as booked_by', 'u.line_user_id as linked');
    if (!row) return [];
    return [row.booked_by, row.linked].filter((id): id is string => typeof id === 'string' && id !== '');
  }

  async listLive(lineUserId: string, nowMs: number): Promise<ReservationView[]> {
    const rows = await this.knex('reservations as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.status', 'RESERVED')
      .where('r.ends_at', '>', new Date(nowMs).toISOString())
      .where((q) => q.where('r.line_user_id', lineUserId).orWhere('u.line_user_id', lineUserId))
      .orderBy('r.starts_at')
      .limit(50)
      .select('r.id');
    const views = await Promise.all(rows.map((row: { id: string | number }) => this.reservations.findById(String(row.id))));
    return views.filter((view): view is ReservationView => view !== null);
  }

  async receive(events: readonly LineWebhookEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    return this.knex.transaction(async (trx) => {
      const inserted = (await trx('line_webhook_events')
        .insert(
          events.map((event) => ({
            webhook_event_id: event.id,
            type: event.type,
            line_user_id: event.lineUserId,
            postback_data: event.postbackData,
          })),
        )
        .onConflict('webhook_event_id')
        .ignore()
        .returning('webhook_event_id')) as { webhook_event_id: string }[];
      const ids = inserted.map((row) => row.webhook_event_id);
      // The handling's jobs commit with the events, or neither does.
      await this.queue.enqueueLineEvents(trx, ids);
      return ids;
    });
  }

  async pending(webhookEventId: string): Promise<LineWebhookEvent | null> {
    const row = await this.knex('line_webhook_events').where('webhook_event_id', webhookEventId).whereNull('handled_at').first();
    if (!row) return null;
    return { id: row.webhook_event_id, type: row.type, lineUserId: row.line_user_id, postbackData: row.postback_data };
  }

  async markHandled(webhookEventId: string): Promise<void> {
    await this.knex('line_webhook_events').where('webhook_event_id', webhookEventId).update({ handled_at: this.knex.fn.now() });
  }

  async markWelcomed(webhookEventId: string, clinicId: string): Promise<void> {
    await this.knex('line_webhook_events').where('webhook_event_id', webhookEventId).update({ welcomed_at: this.knex.fn.now(), welcome_clinic_id: clinicId });
  }

  async setFollowing(lineUserId: string, following: boolean): Promise<void> {
    await this.knex('line_friendships')
      .insert({ line_user_id: lineUserId, following, changed_at: this.knex.fn.now() })
      .onConflict('line_user_id')
      .merge(['following', 'changed_at']);
  }

  async moveScheduledToMail(lineUserId: string): Promise<{ toMail: number; cancelled: number }> {
    return this.knex.transaction(async (trx) => {
      const moved = await trx.raw(
        `update messages m set channel = 'MAIL', recipient = u.email, updated_at = now()
         from users u
         where u.id = m.user_id and m.status = 'SCHEDULED' and m.channel = 'LINE' and m.recipient = ? and u.email is not null`,
        [lineUserId],
      );
      const cancelled = await trx('messages')
        .where({ status: 'SCHEDULED', channel: 'LINE', recipient: lineUserId })
        .update({ status: 'CANCELLED', last_error: LINE_UNFOLLOWED, claimed_until: null, updated_at: trx.fn.now() });
      return {
        toMail: Number((moved as { rowCount?: number; affectedRows?: number }).rowCount ?? (moved as { affectedRows?: number }).affectedRows ?? 0),
        cancelled,
      };
    });
  }
}
