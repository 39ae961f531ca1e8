import type { Knex } from 'knex';

/**
 * Two-factor login (TOTP) for staff: the secret, a pending one during setup, the last time step
 * used (no replay), when the grace period began; single-use recovery codes stored as SHA-256
 * digests; and per clinic since when its STAFF must use it.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    alter table staffs
      add column two_factor_secret text,
      add column two_factor_pending_secret text,
      add column two_factor_enabled_at timestamptz,
      add column two_factor_last_step bigint,
      add column two_factor_grace_from timestamptz`);
  await knex.raw(`
    create table staff_recovery_codes (
      id bigint generated always as identity primary key,
      staff_id bigint not null references staffs (id) on delete cascade,
      code_digest text not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      constraint staff_recovery_codes_unique unique (staff_id, code_digest)
    )`);
  await knex.raw('alter table clinics add column staff_two_factor_required_since timestamptz');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table clinics drop column if exists staff_two_factor_required_since');
  await knex.raw('drop table if exists staff_recovery_codes');
  await knex.raw(`
    alter table staffs
      drop column if exists two_factor_secret,
      drop column if exists two_factor_pending_secret,
      drop column if exists two_factor_enabled_at,
      drop column if exists two_factor_last_step,
      drop column if exists two_factor_grace_from`);
};
