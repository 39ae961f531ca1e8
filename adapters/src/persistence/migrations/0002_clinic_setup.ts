import type { Knex } from 'knex';

/**
 * Everything a clinic configures before it takes a booking: breaks and holidays, rooms and
 * machines, menu categories and menus with their ordered tasks, what each staff member performs,
 * schedules with breaks, blocks, calendar memos, tags, check conditions and items, announcements,
 * and single-use tokens for staff invitations and password resets.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table clinic_breaks (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id) on delete cascade,
      weekday smallint check (weekday between 0 and 6),
      start_time time not null,
      end_time time not null,
      check (start_time < end_time)
    )`);
  await knex.raw('create index clinic_breaks_clinic on clinic_breaks (clinic_id)');
  await knex.raw(`
    create table clinic_holidays (
      clinic_id bigint not null references clinics (id) on delete cascade,
      date date not null,
      name text not null default '',
      constraint clinic_holidays_unique primary key (clinic_id, date)
    )`);

  for (const table of ['rooms', 'machines']) {
    await knex.raw(`
      create table ${table} (
        id bigint generated always as identity primary key,
        clinic_id bigint not null references clinics (id),
        name text not null check (length(trim(name)) > 0),
        display_order integer not null default 0,
        enabled boolean not null default true,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    await knex.raw(`create unique index ${table}_name_unique on ${table} (clinic_id, name) where deleted_at is null`);
  }

  await knex.raw(`
    create table menu_categories (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      name text not null check (length(trim(name)) > 0),
      display_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint menu_categories_name_unique unique (clinic_id, name)
    )`);
  await knex.raw(`
    alter table clinics add constraint clinics_hoken_category_fk
      foreign key (hoken_category_id) references menu_categories (id) on delete set null`);

  await knex.raw(`
    create table menus (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      category_id bigint not null references menu_categories (id),
      name text not null check (length(trim(name)) > 0),
      description text not null default '',
      display_order integer not null default 0,
      enabled boolean not null default true,
      web_bookable boolean not null default true,
      kind text not null check (kind in ('NEW', 'CONTRACT', 'INSURANCE')),
      price integer not null default 0 check (price >= 0),
      after_menu_id bigint references menus (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint menus_name_unique unique (clinic_id, name)
    )`);
  await knex.raw('create index menus_category on menus (category_id)');
  await knex.raw(`
    create table menu_tasks (
      id bigint generated always as identity primary key,
      menu_id bigint not null references menus (id) on delete cascade,
      position smallint not null check (position >= 0),
      label text not null default '',
      duration_minutes integer not null check (duration_minutes > 0 and duration_minutes % 15 = 0 and duration_minutes <= 720),
      needs_staff boolean not null,
      constraint menu_tasks_position_unique unique (menu_id, position)
    )`);
  await knex.raw(`
    create table menu_task_rooms (
      task_id bigint not null references menu_tasks (id) on delete cascade,
      room_id bigint not null references rooms (id) on delete cascade,
      primary key (task_id, room_id)
    )`);
  await knex.raw(`
    create table menu_task_machines (
      task_id bigint not null references menu_tasks (id) on delete cascade,
      machine_id bigint not null references machines (id) on delete cascade,
      primary key (task_id, machine_id)
    )`);

  await knex.raw(`alter table staffs add column deleted_at timestamptz`);
  await knex.raw(`
    create table staff_menus (
      staff_id bigint not null references staffs (id) on delete cascade,
      menu_id bigint not null references menus (id) on delete cascade,
      primary key (staff_id, menu_id)
    )`);
  await knex.raw('create index staff_menus_menu on staff_menus (menu_id)');
  await knex.raw(`
    create table staff_tokens (
      token_hash text primary key,
      staff_id bigint not null references staffs (id) on delete cascade,
      purpose text not null check (purpose in ('INVITE', 'RESET')),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`);

  // A staff member's working block on a date; two blocks of one person never overlap.
  await knex.raw(`
    create table schedules (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      staff_id bigint not null references staffs (id) on delete cascade,
      date date not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      category_id bigint references menu_categories (id),
      created_at timestamptz not null default now(),
      check (starts_at < ends_at),
      constraint schedules_no_overlap exclude using gist (staff_id with =, tstzrange(starts_at, ends_at) with &&)
    )`);
  await knex.raw('create index schedules_clinic_date on schedules (clinic_id, date)');
  await knex.raw('create index schedules_category on schedules (category_id)');
  await knex.raw(`
    create table schedule_breaks (
      id bigint generated always as identity primary key,
      schedule_id bigint not null references schedules (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      check (starts_at < ends_at)
    )`);
  await knex.raw('create index schedule_breaks_schedule on schedule_breaks (schedule_id)');

  // A time in which a staff member, room or machine takes no bookings.
  await knex.raw(`
    create table blocks (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      resource_type text not null check (resource_type in ('STAFF', 'ROOM', 'MACHINE')),
      staff_id bigint references staffs (id) on delete cascade,
      room_id bigint references rooms (id) on delete cascade,
      machine_id bigint references machines (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      reason text not null default '',
      created_at timestamptz not null default now(),
      check (starts_at < ends_at),
      check (
        (resource_type = 'STAFF' and staff_id is not null and room_id is null and machine_id is null) or
        (resource_type = 'ROOM' and room_id is not null and staff_id is null and machine_id is null) or
        (resource_type = 'MACHINE' and machine_id is not null and staff_id is null and room_id is null)
      )
    )`);
  await knex.raw('create index blocks_clinic_time on blocks (clinic_id, starts_at)');

  await knex.raw(`
    create table calendar_memos (
      id bigint generated always as identity primary key,
      clinic_id bigint not null references clinics (id),
      date date not null,
      content text not null check (length(trim(content)) > 0),
      updated_by bigint references staffs (id) on delete set null,
      updated_at timestamptz not null default now(),
      constraint calendar_memos_date_unique unique (clinic_id, date)
    )`);

  await knex.raw(`
    create table tags (
      id bigint generated always as identity primary key,
      name text not null check (length(trim(name)) > 0),
      display_order integer not null default 0,
      constraint tags_name_unique unique (name)
    )`);
  await knex.raw(`
    create table user_tags (
      user_id bigint not null references users (id) on delete cascade,
      tag_id bigint not null references tags (id) on delete cascade,
      primary key (user_id, tag_id)
    )`);
  await knex.raw(`
    create table check_conditions (
      id bigint generated always as identity primary key,
      name text not null check (length(trim(name)) > 0),
      kind text not null check (kind in ('ALWAYS', 'FIRST_VISIT', 'CATEGORY')),
      category_id bigint references menu_categories (id) on delete cascade,
      display_order integer not null default 0,
      constraint check_conditions_name_unique unique (name),
      check ((kind = 'CATEGORY') = (category_id is not null))
    )`);
  await knex.raw(`
    create table check_items (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      condition_id bigint not null references check_conditions (id) on delete cascade,
      checked boolean not null default false,
      checked_at timestamptz,
      checked_by bigint references staffs (id) on delete set null,
      note text not null default '',
      constraint check_items_unique unique (user_id, condition_id)
    )`);
  await knex.raw(`
    create table announcements (
      id bigint generated always as identity primary key,
      clinic_id bigint references clinics (id) on delete cascade,
      title text not null check (length(trim(title)) > 0),
      body text not null default '',
      published_from timestamptz not null,
      published_until timestamptz,
      created_by bigint references staffs (id) on delete set null,
      created_at timestamptz not null default now(),
      check (published_until is null or published_from < published_until)
    )`);
  await knex.raw('create index announcements_published on announcements (published_from)');
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of [
    'announcements',
    'check_items',
    'check_conditions',
    'user_tags',
    'tags',
    'calendar_memos',
    'blocks',
    'schedule_breaks',
    'schedules',
    'staff_tokens',
    'staff_menus',
    'menu_task_machines',
    'menu_task_rooms',
    'menu_tasks',
    'menus',
    'machines',
    'rooms',
    'clinic_holidays',
    'clinic_breaks',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('alter table clinics drop constraint if exists clinics_hoken_category_fk');
  await knex.raw('drop table if exists menu_categories');
  await knex.raw('alter table staffs drop column if exists deleted_at');
};
