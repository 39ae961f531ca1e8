import type { Knex } from 'knex';

/**
 * Reservations and the guarantee against double booking. Each task of a reservation holds at
 * most one staff member, one room and one machine; every such hold — and every block — is one
 * row of `allocations` with a half-open time range. One exclusion constraint over the live rows
 * makes PostgreSQL itself refuse two holds of one resource at overlapping times, whatever the
 * number of servers or concurrent requests (SQLSTATE 23P01, answered RESERVATION_CONFLICT).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table reservations (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      user_id bigint not null references users (id),
      status text not null check (status in ('RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED')),
      source text not null check (source in ('WEB_MEMBER', 'WEB_GUEST', 'STAFF')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      memo text not null default '',
      campaign text,
      cancel_token_hash text constraint reservations_cancel_token_unique unique,
      created_at timestamptz not null default now(),
      created_by_type text not null,
      created_by_id text,
      updated_at timestamptz not null default now(),
      cancelled_at timestamptz,
      cancelled_by_type text,
      cancelled_by_id text,
      version integer not null default 1,
      check (starts_at < ends_at)
    )`);
  await knex.raw('create index reservations_clinic_start on reservations (clinic_id, starts_at)');
  await knex.raw('create index reservations_user_start on reservations (user_id, starts_at)');
  await knex.raw('create index reservations_clinic_created on reservations (clinic_id, created_at)');
  await knex.raw('create index reservations_clinic_cancelled on reservations (clinic_id, cancelled_at) where cancelled_at is not null');

  await knex.raw(`
    create table reservation_menus (
      reservation_id bigint not null references reservations (id) on delete cascade,
      position smallint not null,
      menu_id bigint not null references menus (id),
      primary key (reservation_id, position)
    )`);
  await knex.raw('create index reservation_menus_menu on reservation_menus (menu_id)');

  await knex.raw(`
    create table reservation_tasks (
      id bigint generated always as identity primary key,
      reservation_id bigint not null references reservations (id) on delete cascade,
      position smallint not null,
      menu_id bigint references menus (id),
      menu_task_id bigint references menu_tasks (id) on delete set null,
      label text not null default '',
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      staff_id bigint references staffs (id),
      room_id bigint references rooms (id),
      machine_id bigint references machines (id),
      check (starts_at < ends_at),
      constraint reservation_tasks_position_unique unique (reservation_id, position)
    )`);
  await knex.raw('create index reservation_tasks_staff on reservation_tasks (staff_id, starts_at) where staff_id is not null');
  await knex.raw('create index reservation_tasks_room on reservation_tasks (room_id, starts_at) where room_id is not null');
  await knex.raw('create index reservation_tasks_machine on reservation_tasks (machine_id, starts_at) where machine_id is not null');

  await knex.raw(`
    create table allocations (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      resource_type text not null check (resource_type in ('STAFF', 'ROOM', 'MACHINE')),
      resource_id bigint not null,
      during tstzrange not null check (not isempty(during) and lower_inc(during) and not upper_inc(during)),
      live boolean not null default true,
      reservation_task_id bigint references reservation_tasks (id) on delete cascade,
      block_id bigint references blocks (id) on delete cascade,
      check (num_nonnulls(reservation_task_id, block_id) = 1),
      constraint allocations_no_overlap exclude using gist (resource_type with =, resource_id with =, during with &&) where (live)
    )`);
  await knex.raw('create index allocations_task on allocations (reservation_task_id)');
  await knex.raw('create index allocations_block on allocations (block_id)');
  await knex.raw('create index allocations_clinic_time on allocations using gist (clinic_id, during) where (live)');

  // POST …/reservations with an Idempotency-Key: the first answer is kept for 24 hours.
  await knex.raw(`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      status integer,
      response jsonb,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ['idempotency_keys', 'allocations', 'reservation_tasks', 'reservation_menus', 'reservations']) {
    await knex.schema.dropTableIfExists(table);
  }
};
