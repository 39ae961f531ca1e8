import type { Knex } from 'knex';

/**
 * Members' single-use tokens (`user_tokens`, like `staff_tokens`: registration 24 h, password
 * reset 30 min, only the SHA-256 digest stored) and the contract sessions used by visits
 * (`contract_uses`: one row per visited reservation and CONTRACT menu, so marking a visit twice
 * uses one session and undoing the visit gives it back to the same contract).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table user_tokens (
      token_hash text primary key,
      user_id bigint not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('REGISTER', 'RESET')),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index user_tokens_user on user_tokens (user_id, purpose) where used_at is null');
  await knex.raw(`
    create table contract_uses (
      reservation_id bigint not null references reservations (id) on delete cascade,
      menu_id bigint not null references menus (id),
      contract_id bigint not null references contracts (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (reservation_id, menu_id)
    )`);
  await knex.raw('create index contract_uses_contract on contract_uses (contract_id)');
  await knex.raw('create index contracts_user on contracts (user_id, id)');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists contracts_user');
  await knex.schema.dropTableIfExists('contract_uses');
  await knex.schema.dropTableIfExists('user_tokens');
};
