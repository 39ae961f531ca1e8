import type { Knex } from 'knex';

/**
 * The outbox heals itself (docs/messages.md, "Self-healing"): every worker's sweep looks for
 * messages still to be delivered, marked queued, whose job the queue no longer has. This partial
 * index holds only those pending rows (a few at any time), so the sweep costs the same with ten
 * or ten million sent messages.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`create index messages_pending_queued on messages (scheduled_at) where status = 'SCHEDULED' and queued`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index messages_pending_queued');
};
