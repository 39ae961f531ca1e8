import type { Knex } from 'knex';

const ensureBtreeGist = async (knex: Knex): Promise<void> => {
  const installed = await knex.raw("select 1 from pg_extension where extname = 'btree_gist'");
  if (installed.rows.length > 0) return;
  await knex.raw('create extension if not exists btree_gist with schema public');
};

export const up = async (knex: Knex): Promise<void> => {
  // btree_gist lets exclusion constraints mix "=" on ids with "&&" on time ranges (no double booking).
  // It lives in `public` so that schemas made per test file share one copy.
  await ensureBtreeGist(knex);

  await knex.raw(`
    create table clinics (
      id bigint generated always as identity primary key,
      name text not null constraint clinics_name_unique unique,
      phone text not null default '',
      homepage_url text,
      web_booking_enabled boolean not null default true,
      hoken_category_id bigint,
      update_deadline_hours integer not null default 24 check (update_deadline_hours >= 0),
      cancel_deadline_hours integer not null default 24 check (cancel_deadline_hours >= 0),
      min_lead_minutes integer not null default 60 check (min_lead_minutes >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);

  await knex.raw(`
    create table clinic_opening_hours (
      clinic_id bigint not null references clinics (id) on delete cascade,
      weekday smallint not null check (weekday between 0 and 6),
      open_time time not null,
      close_time time not null,
      primary key (clinic_id, weekday),
      check (open_time < close_time)
    )`);

  await knex.raw(`
    create table staffs (
      id bigint generated always as identity primary key,
      employee_number text not null constraint staffs_employee_number_unique unique,
      email text not null,
      name text not null,
      role text not null check (role in ('ADMIN', 'STAFF')),
      clinic_id bigint references clinics (id),
      priority integer not null default 0,
      password_hash text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index staffs_email_unique on staffs (lower(email))');

  await knex.raw(`
    create table users (
      id bigint generated always as identity primary key,
      user_number text constraint users_user_number_unique unique,
      name text not null,
      kana text not null default '',
      phone text not null default '',
      email text,
      birthday date,
      gender text,
      clinic_id bigint not null references clinics (id),
      status text not null check (status in ('TEMPORARY', 'FULL')),
      password_hash text,
      line_user_id text constraint users_line_user_id_unique unique,
      introducer_user_id bigint references users (id),
      gift_count integer not null default 0 check (gift_count >= 0),
      external_member_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index users_email_unique on users (lower(email)) where email is not null');
  await knex.raw('create index users_clinic on users (clinic_id)');

  await knex.raw(`
    create table sessions (
      id text primary key,
      data jsonb not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
  await knex.raw('create index sessions_expires_at on sessions (expires_at)');

  await knex.raw(`
    create table login_attempts (
      key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`);

  await knex.raw(`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_type text not null,
      actor_id text,
      action text not null,
      entity text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      request_id text,
      ip text
    )`);
  await knex.raw('create index audit_log_entity on audit_log (entity, entity_id, at)');
  await knex.raw('create index audit_log_actor on audit_log (actor_type, actor_id, at)');
  // The audit trail is append-only: the database itself refuses to change or remove a row.
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`);
  await knex.raw(`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`);

  await knex.raw(`
    create table page_views (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      path text not null,
      audience text not null,
      referrer text,
      campaign text,
      session_key text
    )`);
  await knex.raw('create index page_views_at on page_views (at)');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ['page_views', 'audit_log', 'login_attempts', 'sessions', 'users', 'staffs', 'clinic_opening_hours', 'clinics']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('drop function if exists audit_log_append_only');
};
