import type { Knex } from 'knex';

/**
 * Web forms: 問診票 and 電子同意書 (docs/forms.md).
 * - `staffs.doctor`: who may explain and countersign a consent.
 * - `forms`, `form_versions`: the chain's forms and their versions. A published version
 *   (ACTIVE, RETIRED) never changes: a trigger lets such a row change only its status from ACTIVE
 *   to RETIRED, and refuses to delete it.
 * - `menu_forms`: the forms a menu asks for (every visit / first visit only).
 * - `form_responses`: append-only, as `audit_log`: PostgreSQL refuses UPDATE, DELETE and
 *   TRUNCATE. The answers, flags, signature and the hashed canonical text are sealed at rest
 *   (`sealed`, AES-256-GCM with the forms key); the chain's hashes stay readable. No foreign key
 *   on the reservation (a deleted reservation leaves its paperwork), and the one on the person
 *   has no cascade (a member with responses cannot be deleted from under them).
 * - `form_countersigns`: a doctor's countersign of a consent, a row of its own (one per response,
 *   the primary key refuses a second), append-only too.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table staffs add column doctor boolean not null default false');
  await knex.raw(`
    create table forms (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('QUESTIONNAIRE', 'CONSENT')),
      title text not null,
      check_condition_id bigint references check_conditions (id) on delete set null,
      translations jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table form_versions (
      id bigint generated always as identity primary key,
      form_id bigint not null references forms (id),
      version integer not null check (version > 0),
      status text not null check (status in ('DRAFT', 'ACTIVE', 'RETIRED')),
      definition jsonb not null,
      published_at timestamptz,
      hash text,
      created_at timestamptz not null default now(),
      constraint form_versions_number_unique unique (form_id, version),
      check ((status = 'DRAFT') = (hash is null)),
      check ((status = 'DRAFT') = (published_at is null))
    )`);
  await knex.raw(`create unique index form_versions_one_active on form_versions (form_id) where status = 'ACTIVE'`);
  await knex.raw(`
    create function form_versions_frozen() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.status <> 'DRAFT' then raise exception 'a published form version cannot be deleted'; end if;
        return old;
      end if;
      if old.status = 'DRAFT' then return new; end if;
      if old.status = 'ACTIVE' and new.status = 'RETIRED' and new.definition = old.definition and new.hash = old.hash
         and new.published_at = old.published_at and new.form_id = old.form_id and new.version = old.version then
        return new;
      end if;
      raise exception 'a published form version never changes';
    end $$`);
  await knex.raw(`
    create trigger form_versions_frozen before update or delete on form_versions
    for each row execute function form_versions_frozen()`);
  await knex.raw(`
    create table menu_forms (
      menu_id bigint not null references menus (id) on delete cascade,
      form_id bigint not null references forms (id),
      position smallint not null,
      "when" text not null check ("when" in ('EVERY_VISIT', 'FIRST_VISIT')),
      primary key (menu_id, form_id)
    )`);
  await knex.raw(`
    create table form_responses (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      reservation_id bigint not null,
      form_id bigint not null references forms (id),
      version_id bigint not null references form_versions (id),
      kind text not null check (kind in ('QUESTIONNAIRE', 'CONSENT')),
      language text not null,
      submitted_at timestamptz not null,
      amends_id bigint references form_responses (id),
      prev_hash text not null,
      hash text not null,
      sealed text not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index form_responses_person on form_responses (user_id, id)');
  await knex.raw('create index form_responses_reservation on form_responses (reservation_id, id)');
  await knex.raw(`
    create table form_countersigns (
      response_id bigint primary key references form_responses (id),
      staff_id bigint not null references staffs (id),
      staff_name text not null,
      mode text not null check (mode in ('IN_PERSON', 'ONLINE')),
      at timestamptz not null,
      recorded_by bigint
    )`);
  await knex.raw(`
    create function form_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only', tg_table_name;
    end $$`);
  for (const table of ['form_responses', 'form_countersigns']) {
    await knex.raw(`create trigger ${table}_no_change before update or delete on ${table} for each row execute function form_records_append_only()`);
    await knex.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function form_records_append_only()`);
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ['form_countersigns', 'form_responses', 'menu_forms', 'form_versions', 'forms']) await knex.raw(`drop table if exists ${table}`);
  await knex.raw('drop function if exists form_records_append_only');
  await knex.raw('drop function if exists form_versions_frozen');
  await knex.raw('alter table staffs drop column doctor');
};
