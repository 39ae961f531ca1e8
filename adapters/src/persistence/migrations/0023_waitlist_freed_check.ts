import type { Knex } from 'knex';

/**
 * A cancel's freed time and the waitlist in one statement (docs/waitlist.md): the cancel's own
 * statement calls this to take the clinic's waitlist lock in shared mode and learn whether anyone
 * waits there. Only then does the matcher run (in the same transaction, under the clinic's second
 * key `waitlist-match:`). Shared: cancels of one clinic do not wait for one another, while every
 * other matching run (a join's, an expiry's, a decline's, staff's) takes the lock exclusively and
 * so waits for the cancels in flight to commit, and they for it. A VOLATILE PL/pgSQL function runs
 * each of its queries on a new snapshot (READ COMMITTED), so the look taken after the lock sees
 * every entry committed before the lock was granted; a join committed later looks for free time
 * under the exclusive lock, after the cancel has committed, and finds the freed time itself.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create function waitlist_lock_and_look(p_clinic_id bigint) returns boolean
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock_shared(hashtext('waitlist:' || p_clinic_id::text));
      return exists (select 1 from waitlist_entries where clinic_id = p_clinic_id and status = 'WAITING');
    end
    $$`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop function waitlist_lock_and_look(bigint)');
};
