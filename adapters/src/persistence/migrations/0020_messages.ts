import type { Knex } from 'knex';

/**
 * The message outbox (docs/messages.md). A row is written in the same transaction as the change
 * that causes it (booking, change, cancel, no-show), together with its delivery job in the job
 * queue (pg-boss, its own schema); the worker claims a row, sends it and records the outcome.
 * `claimed_until` keeps two workers from sending one message at once; `retry_key` is the
 * X-Line-Retry-Key, kept across retries so LINE drops a duplicate push.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table messages (
      id uuid primary key default gen_random_uuid(),
      clinic_id bigint not null references clinics (id),
      user_id bigint references users (id) on delete set null,
      reservation_id bigint references reservations (id) on delete set null,
      kind text not null check (kind in ('CONFIRMATION', 'CHANGE', 'CANCELLATION', 'REMINDER', 'WAITLIST_OFFER')),
      channel text not null check (channel in ('MAIL', 'LINE')),
      recipient text not null,
      status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'SENT', 'FAILED', 'CANCELLED')),
      scheduled_at timestamptz not null,
      sent_at timestamptz,
      attempts integer not null default 0 check (attempts >= 0),
      last_error text,
      claimed_until timestamptz,
      retry_key uuid not null default gen_random_uuid(),
      payload jsonb not null default '{}',
      subject text,
      body text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index messages_clinic_created on messages (clinic_id, created_at desc)');
  await knex.raw('create index messages_user on messages (user_id, created_at desc)');
  await knex.raw('create index messages_reservation on messages (reservation_id)');
  await knex.raw(`create index messages_failed on messages (clinic_id) where status = 'FAILED'`);

  await knex.raw(`alter table users add column notification_channel text check (notification_channel in ('LINE', 'MAIL', 'NONE'))`);
  await knex.raw(`alter table clinics add column reminder_rules jsonb not null default '[{"kind":"DAY_BEFORE","at":"18:00"}]'`);
  await knex.raw(`alter table menus add column pre_visit_note text not null default ''`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table menus drop column pre_visit_note');
  await knex.raw('alter table clinics drop column reminder_rules');
  await knex.raw('alter table users drop column notification_channel');
  await knex.raw('drop table messages');
};
