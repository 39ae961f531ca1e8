import type { Knex } from 'knex';

/**
 * A clinic's staff by an index: every search, booking and calendar read asks for them
 * (`staffs where clinic_id = …`), and without one PostgreSQL read the whole table each time,
 * 0.2–0.3 ms at the largest chain's 3,000 staff members (docs/benchmarks.md, "The 30-day
 * search's schedules, kept").
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('create index staffs_clinic on staffs (clinic_id)');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists staffs_clinic');
};
