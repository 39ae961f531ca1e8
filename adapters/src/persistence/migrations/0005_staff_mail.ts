import type { Knex } from 'knex';

/**
 * The development mailbox (`mail_outbox`: what the default mail adapter "sends"), and staff
 * uniqueness among live accounts only: a deleted staff member's employee number and email are
 * free again, as a deleted room's name is.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      "to" text not null,
      subject text not null,
      text text not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index mail_outbox_created on mail_outbox (created_at desc, id desc)');

  await knex.raw('alter table staffs drop constraint staffs_employee_number_unique');
  await knex.raw('create unique index staffs_employee_number_unique on staffs (employee_number) where deleted_at is null');
  await knex.raw('drop index staffs_email_unique');
  await knex.raw('create unique index staffs_email_unique on staffs (lower(email)) where deleted_at is null');
  await knex.raw('create index staff_tokens_staff on staff_tokens (staff_id, purpose) where used_at is null');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists staff_tokens_staff');
  await knex.raw('drop index staffs_email_unique');
  await knex.raw('create unique index staffs_email_unique on staffs (lower(email))');
  await knex.raw('drop index staffs_employee_number_unique');
  await knex.raw('alter table staffs add constraint staffs_employee_number_unique unique (employee_number)');
  await knex.schema.dropTableIfExists('mail_outbox');
};
