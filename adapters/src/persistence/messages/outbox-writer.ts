import { randomUUID } from 'node:crypto';
import type { OutboxWrite } from '@clinic/core';
import type { Knex } from 'knex';
import type { PayloadTokens } from './payload-tokens';
import type { DeliveryJob, MessageQueue } from './pg-boss-queue';

/**
 * A booking's messages made ready to be inserted by the booking's own statement (one round trip
 * less): their ids are made here, so the delivery jobs can name them without reading them back.
 */
export interface PreparedMessages {
  /** For `json_to_recordset` in the insert: see MESSAGE_RECORD. */
  readonly json: string;
  readonly jobs: readonly DeliveryJob[];
  /** The jobs' insert as a part of the booking's statement (then `enqueue` has nothing left to do), or null. */
  readonly jobsStatement: { readonly sql: string; readonly bindings: readonly unknown[] } | null;
}

/** The record type of PreparedMessages.json, for `json_to_recordset(?::json) as x(…)`. */
const MESSAGE_RECORD = 'id uuid, kind text, channel text, recipient text, scheduled_at timestamptz, payload jsonb, queued boolean';

/**
 * A message due later than this when it is written is held back: no delivery job yet, `queued`
 * false, until `KnexMessageRepository.queueHeldBack` hands it to the queue with its time. Every
 * worker process runs that sweep every QUEUE_SWEEP_MS, well within this, so a held-back message
 * is in the queue minutes before it is due and goes out on time (docs/messages.md, "Held back").
 */
export const QUEUE_AHEAD_MS = 10 * 60_000;
/** How often each worker process hands the queue the held-back messages falling due. */
export const QUEUE_SWEEP_MS = 60_000;
/**
 * A message due this long ago that is still waiting, marked queued, with no live job and no
 * delivery holding it, lost its job (a restore, a hand-run TRUNCATE of the queue): the same sweep
 * queues it again (`KnexMessageRepository.requeueLost`, docs/messages.md, "Self-healing"). Jobs are
 * written with their messages in one transaction, so no healthy message is ever in that state;
 * the margin only keeps the sweep off messages that are being handed to a worker right now.
 */
export const LOST_JOB_GRACE_MS = 10_000;
/** How often each worker process looks for such messages: a lost message is on its way again within a minute of its time. */
export const LOST_JOB_SWEEP_MS = 15_000;

/** Why a scheduled reminder was cancelled by a change, cancel, no-show or visit (shown to staff in 送信履歴). */
export const REMINDERS_ENDED = 'ご予約の変更・キャンセルにより取り消しました。';

/**
 * The body of a CTE that inserts prepared messages about the reservation of the statement's CTE
 * `r` (written or changed by that statement); its one binding is `PreparedMessages.json`.
 */
export const INSERT_MESSAGES_OF_R = `insert into messages (id, clinic_id, user_id, reservation_id, kind, channel, recipient, scheduled_at, payload, queued)
  select x.id, r.clinic_id, r.user_id, r.id, x.kind, x.channel, x.recipient, x.scheduled_at, x.payload, x.queued
  from r, json_to_recordset(?::json) as x(${MESSAGE_RECORD})`;

/** The body of a CTE that ends the scheduled reminders of the reservation `r` (as `write` does); its one binding is REMINDERS_ENDED. */
export const END_REMINDERS_OF_R = `update messages ms set status = 'CANCELLED', last_error = ?, updated_at = now()
  from r where ms.reservation_id = r.id and ms.kind = 'REMINDER' and ms.status = 'SCHEDULED'`;

/** Whether prepared messages have delivery jobs that their statement does not insert (`enqueue` must, in its transaction). */
export const lateJobsOf = (prepared: PreparedMessages): boolean => prepared.jobs.length > 0 && prepared.jobsStatement === null;

export const hasOutboxWork = (outbox: OutboxWrite | undefined): outbox is OutboxWrite => !!outbox && (outbox.cancelReminders || outbox.messages.length > 0);

/**
 * Writes a reservation change's messages inside the change's own transaction: the reminders it
 * replaces are cancelled, the new rows inserted and the delivery jobs of those due soon enqueued
 * (the others are held back, QUEUE_AHEAD_MS), so that all of it commits, or none of it, with the
 * reservation.
 */
export class OutboxWriter {
  private static readonly CHUNK = 1000;

  constructor(
    private readonly queue: MessageQueue,
    /** Seals a guest's tokens in the payloads (payload-tokens.ts); without it they are stored as given (tests of the queue only). */
    private readonly tokens: PayloadTokens | null = null,
  ) {}

  /** A booking's messages (nothing to cancel), for the booking's own statement; then `enqueue`. */
  prepare(outbox: OutboxWrite): PreparedMessages {
    const { rows, jobs } = this.rowsOf(outbox.messages);
    return { json: JSON.stringify(rows), jobs, jobsStatement: this.queue.insertStatement(jobs) };
  }

  /** The delivery jobs of prepared messages, in the transaction that inserted them, unless its statement did. */
  async enqueue(trx: Knex.Transaction, prepared: PreparedMessages): Promise<void> {
    if (!prepared.jobsStatement) await this.queue.enqueue(trx, prepared.jobs);
  }

  async write(
    trx: Knex.Transaction,
    about: { clinicId: string; reservationId: string | null; userId: string | null; waitlistEntryId?: string },
    outbox: OutboxWrite,
  ): Promise<void> {
    if (outbox.cancelReminders && about.reservationId) {
      await trx('messages')
        .where({ reservation_id: about.reservationId, kind: 'REMINDER', status: 'SCHEDULED' })
        .update({ status: 'CANCELLED', last_error: REMINDERS_ENDED, updated_at: trx.fn.now() });
    }
    // PostgreSQL takes at most 65,535 parameters per statement: rows go in chunks.
    for (let from = 0; from < outbox.messages.length; from += OutboxWriter.CHUNK) {
      const { rows, jobs } = this.rowsOf(outbox.messages.slice(from, from + OutboxWriter.CHUNK));
      await trx('messages').insert(
        rows.map((row) => ({
          ...row,
          payload: JSON.stringify(row.payload),
          clinic_id: about.clinicId,
          user_id: about.userId,
          reservation_id: about.reservationId,
          waitlist_entry_id: about.waitlistEntryId ?? null,
        })),
      );
      await this.queue.enqueue(trx, jobs);
    }
  }

  /**
   * The rows of these messages, with ids made here, and the delivery jobs of those not held back.
   * The queue's time is the database's (pg-boss compares `start_after` with `now()`), so this
   * reads the machine's clock, not the application's.
   */
  private rowsOf(messages: OutboxWrite['messages']) {
    const heldBackAfterMs = Date.now() + QUEUE_AHEAD_MS;
    const rows = messages.map((message) => ({
      id: randomUUID(),
      kind: message.kind,
      channel: message.channel,
      recipient: message.recipient,
      scheduled_at: new Date(message.scheduledAtMs).toISOString(),
      payload: this.tokens ? this.tokens.seal(message.payload) : message.payload,
      queued: !message.deferred || message.scheduledAtMs <= heldBackAfterMs,
    }));
    const jobs: DeliveryJob[] = rows.flatMap((row, index) => {
      const message = messages[index]!;
      if (!row.queued) return [];
      return [{ messageId: row.id, ...(message.deferred ? { startAfter: new Date(message.scheduledAtMs) } : {}) }];
    });
    return { rows, jobs };
  }
}
