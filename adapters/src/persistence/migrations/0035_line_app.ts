import type { Knex } from 'knex';

/**
 * The LINE app (LIFF, docs/integrations.md):
 * - reservations made in the LINE app have the source `LINE` and keep the LINE user who made them
 *   (`line_user_id`): "my bookings" in the app, and the only LINE user whose 来院します postback
 *   confirms a guest's visit;
 * - `line_webhook_events`: each event of LINE's webhook once, by its `webhookEventId` (the key), so
 *   a redelivered event is recognised and changes nothing; `handled_at` once its job has run;
 * - `line_friendships`: who unfollowed the official account (no LINE pushes to them any more).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table reservations drop constraint reservations_source_check');
  await knex.raw(`alter table reservations add constraint reservations_source_check check (source in ('WEB_MEMBER', 'WEB_GUEST', 'LINE', 'STAFF'))`);
  await knex.raw('alter table reservations add column line_user_id text');
  await knex.raw('create index reservations_line_user on reservations (line_user_id, starts_at) where line_user_id is not null');
  await knex.raw(`
    create table line_webhook_events (
      webhook_event_id text primary key,
      type text not null,
      line_user_id text,
      postback_data text,
      received_at timestamptz not null default now(),
      handled_at timestamptz
    )`);
  await knex.raw(`
    create table line_friendships (
      line_user_id text primary key,
      following boolean not null,
      changed_at timestamptz not null default now()
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table line_friendships');
  await knex.raw('drop table line_webhook_events');
  await knex.raw('drop index reservations_line_user');
  await knex.raw('alter table reservations drop column line_user_id');
  await knex.raw('alter table reservations drop constraint reservations_source_check');
  await knex.raw(`alter table reservations add constraint reservations_source_check check (source in ('WEB_MEMBER', 'WEB_GUEST', 'STAFF'))`);
};
