import type { Knex } from 'knex';

/**
 * Messages written long before they are due (a reminder for the day before the visit, an offer
 * that waits for 09:00) no longer get their delivery job when they are written: `queued` is false
 * until the sweep hands them to the queue shortly before they are due (docs/messages.md, "Held
 * back"). A booking then writes one job, not two, and a reminder that a change or cancel ends never
 * reaches the queue at all. Rows written before this migration all have their jobs: true.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table messages add column queued boolean not null default true');
  await knex.raw(`create index messages_held_back on messages (scheduled_at) where status = 'SCHEDULED' and not queued`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index messages_held_back');
  await knex.raw('alter table messages drop column queued');
};
