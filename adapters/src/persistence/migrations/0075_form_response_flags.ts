import type { Knex } from 'knex';

/**
 * The flags of a response (妊娠の可能性あり, 抗凝固薬…) sealed apart from the answers, with the same
 * forms key: the calendar and the reservation panel show every reservation's flags, and opening a
 * few bytes per response is cheaper than opening its answers and drawn signature. The column is
 * written with the row (the table stays append-only); responses sent before it have none, and
 * their flags are read from the whole sealed value as before.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table form_responses add column flags_sealed text');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table form_responses drop column flags_sealed');
};
