import type { Knex } from 'knex';

/**
 * The guest booking guard (docs/security.md):
 * - `rate_limits`: rate-limiter-flexible's PostgreSQL store, shared by every server (the table the
 *   library would create itself; made here so that no server runs DDL at start). Keys are
 *   `<counter>:<key>`, `expire` is epoch milliseconds.
 * - `app_secrets`: secrets every server of the database must share and nobody needs to set, made
 *   by the first server that needs one (the HMAC keys of the proof-of-work challenges).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`);
  await knex.raw('create index rate_limits_expire on rate_limits (expire)');
  await knex.raw(`
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists app_secrets');
  await knex.raw('drop table if exists rate_limits');
};
