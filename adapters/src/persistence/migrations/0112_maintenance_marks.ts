import type { Knex } from 'knex';

/**
 * One-time upkeep done at a server's start, marked once finished so that later starts skip it
 * (`maintenance_marks`, one row per task). The first: sealing the guests' tokens of messages
 * written before sealing began (`PayloadTokens.sealStored`, docs/messages.md). Unmarked, every
 * start read every message of the outbox for them: on the largest chain (13 million messages)
 * half a minute of each server's start (docs/benchmarks.md, "Chain scale").
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table maintenance_marks (
      name text primary key,
      done_at timestamptz not null default now()
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop table if exists maintenance_marks');
};
