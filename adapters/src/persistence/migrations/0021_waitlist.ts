import type { Knex } from 'knex';

/**
 * The waitlist (キャンセル待ち) and the no-show policy (docs/waitlist.md).
 * - `waitlist_entries`: who waits for which menu, on which days and times, in registration order.
 *   A guest's entry keeps the booking form's details (the 仮会員 is found or made when an offer is
 *   accepted, as for a guest booking) and the hash of the token of its link.
 * - `waitlist_offers`: a freed start offered to one entry. While OFFERED, its resources are held
 *   by `allocations` rows pointing at it, under the same exclusion constraint as reservations and
 *   blocks: no search shows the start and no booking can take it.
 * - clinics: `waitlist_hold_minutes`, `no_show_limit` (null = off), `no_show_window_days`.
 * - users: a restriction set or lifted by staff (`booking_restriction`: true set, false lifted).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table waitlist_entries (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      menu_id bigint not null references menus (id),
      user_id bigint references users (id) on delete cascade,
      guest jsonb,
      token_hash text,
      from_day date not null,
      to_day date not null,
      times jsonb not null default '[]',
      status text not null default 'WAITING' check (status in ('WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'CANCELLED')),
      reservation_id bigint references reservations (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (from_day <= to_day),
      check (num_nonnulls(user_id, guest) = 1)
    )`);
  await knex.raw(`create index waitlist_entries_waiting on waitlist_entries (clinic_id, created_at, id) where status = 'WAITING'`);
  await knex.raw('create index waitlist_entries_user on waitlist_entries (user_id, created_at desc)');
  await knex.raw('create unique index waitlist_entries_token on waitlist_entries (token_hash) where token_hash is not null');

  await knex.raw(`
    create table waitlist_offers (
      id bigint generated always as identity primary key,
      entry_id bigint not null references waitlist_entries (id) on delete cascade,
      clinic_id bigint not null references clinics (id),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      tasks jsonb not null,
      status text not null default 'OFFERED' check (status in ('OFFERED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'WITHDRAWN')),
      hold_from timestamptz not null,
      expires_at timestamptz not null,
      offered_by_staff_id bigint references staffs (id) on delete set null,
      created_at timestamptz not null default now(),
      ended_at timestamptz,
      check (starts_at < ends_at)
    )`);
  await knex.raw(`create unique index waitlist_offers_one_open on waitlist_offers (entry_id) where status = 'OFFERED'`);
  await knex.raw(`create index waitlist_offers_open on waitlist_offers (expires_at) where status = 'OFFERED'`);
  await knex.raw('create index waitlist_offers_clinic on waitlist_offers (clinic_id, starts_at)');

  // An allocation belongs to exactly one of: a reservation's task, a block, a held offer.
  await knex.raw('alter table allocations add column offer_id bigint references waitlist_offers (id) on delete cascade');
  const checks = await knex.raw(
    `select conname from pg_constraint where conrelid = 'allocations'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%num_nonnulls%'`,
  );
  for (const row of checks.rows as { conname: string }[]) await knex.raw(`alter table allocations drop constraint "${row.conname}"`);
  await knex.raw('alter table allocations add constraint allocations_one_owner check (num_nonnulls(reservation_task_id, block_id, offer_id) = 1)');
  await knex.raw('create index allocations_offer on allocations (offer_id) where offer_id is not null');

  await knex.raw('alter table messages add column waitlist_entry_id bigint references waitlist_entries (id) on delete set null');

  await knex.raw('alter table clinics add column waitlist_hold_minutes integer not null default 30 check (waitlist_hold_minutes between 1 and 1440)');
  await knex.raw('alter table clinics add column no_show_limit integer check (no_show_limit between 1 and 100)');
  await knex.raw('alter table clinics add column no_show_window_days integer not null default 180 check (no_show_window_days between 1 and 3650)');

  await knex.raw('alter table users add column booking_restriction boolean');
  await knex.raw(`alter table users add column booking_restriction_reason text not null default ''`);
  await knex.raw('alter table users add column booking_restriction_at timestamptz');
  await knex.raw('alter table users add column booking_restriction_by bigint references staffs (id) on delete set null');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const column of ['booking_restriction_by', 'booking_restriction_at', 'booking_restriction_reason', 'booking_restriction'])
    await knex.raw(`alter table users drop column ${column}`);
  for (const column of ['no_show_window_days', 'no_show_limit', 'waitlist_hold_minutes']) await knex.raw(`alter table clinics drop column ${column}`);
  await knex.raw('alter table messages drop column waitlist_entry_id');
  await knex.raw('delete from allocations where offer_id is not null');
  await knex.raw('alter table allocations drop constraint allocations_one_owner');
  await knex.raw('alter table allocations drop column offer_id');
  await knex.raw('alter table allocations add check (num_nonnulls(reservation_task_id, block_id) = 1)');
  await knex.raw('drop table waitlist_offers');
  await knex.raw('drop table waitlist_entries');
};
