import type { Knex } from 'knex';

/**
 * Guest booking funnel steps (docs/reports.md) are stored as page views with an event name and
 * the clinic chosen. No foreign key on clinic_id: an event of a clinic deleted later still counts
 * in the chain's figures, and a public endpoint must not fail on an unknown id.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    alter table page_views
      add column event text check (event in ('clinic-chosen', 'slot-chosen', 'details-entered', 'booked')),
      add column clinic_id bigint`);
  // The funnel report reads a month of guest page views and events grouped by session.
  await knex.raw(`create index page_views_guest_funnel on page_views (at) include (session_key, event, clinic_id, path) where audience = 'guest'`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists page_views_guest_funnel');
  await knex.raw('alter table page_views drop column if exists event, drop column if exists clinic_id');
};
