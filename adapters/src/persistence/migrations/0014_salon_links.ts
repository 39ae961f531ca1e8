import type { Knex } from 'knex';

/**
 * The salon-management system's ids: a member's is unique among members, and a contract mirrored
 * from it keeps the salon's contract id so that a second sync updates it instead of adding another.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create unique index users_external_member_id_unique on users (external_member_id) where external_member_id is not null');
  await knex.raw('alter table contracts add column external_id text');
  await knex.raw('create unique index contracts_external_id_unique on contracts (external_id) where external_id is not null');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists contracts_external_id_unique');
  await knex.raw('alter table contracts drop column if exists external_id');
  await knex.raw('drop index if exists users_external_member_id_unique');
};
