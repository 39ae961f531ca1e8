import type { Knex } from 'knex';

/**
 * The built-in ledger of contracted courses (役務契約): sessions bought and used, and expiry. A
 * CONTRACT menu can be booked online only while a contract for it has sessions left.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table contracts (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      menu_id bigint not null references menus (id),
      sessions_total integer not null check (sessions_total > 0),
      sessions_used integer not null default 0 check (sessions_used >= 0 and sessions_used <= sessions_total),
      expires_on date,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index contracts_user_menu on contracts (user_id, menu_id)');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('contracts');
};
