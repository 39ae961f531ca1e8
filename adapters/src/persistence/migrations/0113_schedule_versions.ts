import type { Knex } from 'knex';

/**
 * A version of the staff schedules, for the searches' copy of them (knex-availability-source.ts,
 * `ScheduleCopies`): a new random value whenever a statement writes `schedules` or
 * `schedule_breaks` (insert, update, delete, truncate), in the writing transaction. A search sends
 * the version of the copy it holds and gets the schedules back only when the version it reads
 * (in the same snapshot) differs, so a copy is never used after a change a search can see. A
 * random value, not a counter: after a truncate (the row gone with it) or a restore from an older
 * backup a counter could come back to a number some server already holds for other schedules.
 * One row, written once per statement (a bulk insert of a month's schedules writes it once).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create table schedule_versions (
      id smallint primary key default 1 check (id = 1),
      version uuid not null
    )`);
  await knex.raw('insert into schedule_versions (id, version) values (1, gen_random_uuid())');
  await knex.raw(`
    create function schedule_versions_bump() returns trigger language plpgsql as $$
    begin
      insert into schedule_versions (id, version) values (1, gen_random_uuid())
        on conflict (id) do update set version = excluded.version;
      return null;
    end $$`);
  for (const table of ['schedules', 'schedule_breaks']) {
    await knex.raw(
      `create trigger ${table}_version after insert or update or delete or truncate on ${table} for each statement execute function schedule_versions_bump()`,
    );
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ['schedules', 'schedule_breaks']) await knex.raw(`drop trigger if exists ${table}_version on ${table}`);
  await knex.raw('drop function if exists schedule_versions_bump()');
  await knex.raw('drop table if exists schedule_versions');
};
