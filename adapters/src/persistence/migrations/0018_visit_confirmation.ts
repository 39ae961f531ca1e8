import type { Knex } from 'knex';

/**
 * The visit's confirmation (来院確認): set once by the member or guest from a reminder's link,
 * cleared when the visit's time changes. The calendar marks confirmed visits and lists the day's
 * unconfirmed ones; no index, the calendar reads a clinic's day by its span index already.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table reservations add column confirmed_at timestamptz null');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table reservations drop column if exists confirmed_at');
};
