import type { Knex } from 'knex';

/**
 * Indexes for the monthly reports (docs/reports.md), each read by one aggregate query:
 * - the whole chain's month: reservations by start (a clinic's month already reads
 *   reservations_clinic_start);
 * - "is this a first visit?": a member's earlier visits, probed once per visit of the month;
 * - the whole chain's schedules of a month (a clinic's read schedules_clinic_date);
 * - staff tasks by start, covering what the uptime reports read (index-only scans).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create index if not exists reservations_start on reservations (starts_at)');
  await knex.raw(`create index if not exists reservations_user_visits on reservations (user_id, starts_at) where status = 'VISITED'`);
  await knex.raw('create index if not exists schedules_date on schedules (date)');
  await knex.raw(
    'create index if not exists reservation_tasks_staff_start on reservation_tasks (starts_at) include (staff_id, ends_at, menu_id, reservation_id) where staff_id is not null',
  );
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists reservation_tasks_staff_start');
  await knex.raw('drop index if exists schedules_date');
  await knex.raw('drop index if exists reservations_user_visits');
  await knex.raw('drop index if exists reservations_start');
};
