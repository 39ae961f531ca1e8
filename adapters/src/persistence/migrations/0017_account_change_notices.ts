import type { Knex } from 'knex';

/**
 * Every server keeps the sessions, staff and members its request guard reads in memory
 * (account-cache.ts). These triggers announce each changed or removed row on the channel
 * `account_changes` as `<table>:<id>` — a session by the md5 of its id, which is a secret — so
 * that every server forgets it at once. NOTIFY is sent when the transaction commits.
 */
const TABLES = ['sessions', 'staffs', 'users', 'clinics'] as const;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create function notify_account_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        perform pg_notify('account_changes', 'sessions:' || md5(old.id));
      else
        perform pg_notify('account_changes', tg_table_name || ':' || old.id::text);
      end if;
      return null;
    end $$`);
  for (const table of TABLES) {
    await knex.raw(`create trigger ${table}_notify_change after update or delete on ${table} for each row execute function notify_account_change()`);
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of TABLES) await knex.raw(`drop trigger if exists ${table}_notify_change on ${table}`);
  await knex.raw('drop function if exists notify_account_change()');
};
