import type { Knex } from 'knex';

/**
 * "Reservations of a clinic overlapping a range" (the calendar's day and week) reads through a
 * GiST index on the reservation's span: the btree on (clinic_id, starts_at) could only bound the
 * start from above and so walked the clinic's whole history before the range.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create index reservations_clinic_span on reservations using gist (clinic_id, tstzrange(starts_at, ends_at))');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists reservations_clinic_span');
};
