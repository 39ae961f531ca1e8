import type { Knex } from 'knex';

/**
 * Sessions are stored by the SHA-256 of their id (KnexSessionStore), never the id itself. Rows
 * written before this hold the raw id and are dropped (everyone logs in again once). The change
 * notice of a session now names the stored digest, which is no secret, instead of the md5 of the
 * raw id; and an index finds an account's sessions, ended when its password is set or changed.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('delete from sessions');
  await knex.raw(`
    create or replace function notify_account_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('account_changes', tg_table_name || ':' || old.id::text);
      return null;
    end $$`);
  await knex.raw(`create index sessions_principal on sessions ((data->'principal'->>'type'), (data->'principal'->>'id'))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists sessions_principal');
  await knex.raw('delete from sessions');
  await knex.raw(`
    create or replace function notify_account_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        perform pg_notify('account_changes', 'sessions:' || md5(old.id));
      else
        perform pg_notify('account_changes', tg_table_name || ':' || old.id::text);
      end if;
      return null;
    end $$`);
};
