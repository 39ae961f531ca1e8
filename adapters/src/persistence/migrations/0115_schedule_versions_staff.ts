import type { Knex } from 'knex';

/**
 * The schedules' version (migration 0113) also moves when a staff member changes clinic or is
 * deleted or restored: a search's copy holds the schedules of the clinic's staff as they were
 * when it was read, and a staff member moved away and back (or deleted and restored) with no
 * schedule written in between would otherwise leave a copy without theirs.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(
    'create trigger staffs_schedule_version after update of clinic_id, deleted_at or delete on staffs for each statement execute function schedule_versions_bump()',
  );
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger if exists staffs_schedule_version on staffs');
};
