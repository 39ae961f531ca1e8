import type { Knex } from 'knex';

/**
 * A cancel's freed time and the waitlist in one statement (docs/waitlist.md): the cancel's own
 * statement calls this to take the clinic's waitlist lock and learn whether anyone waits there.
 * Only then does the matcher run (in the same transaction). A VOLATILE PL/pgSQL function runs each
 * of its queries on a new snapshot (READ COMMITTED), so the look taken after the lock sees every
 * entry committed before the lock was granted, exactly as the matcher's own read after `lockClinic`
 * does; a join committed later matches the freed time itself (it commits before it looks).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create function waitlist_lock_and_look(p_clinic_id bigint) returns boolean
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtext('waitlist:' || p_clinic_id::text));
      return exists (select 1 from waitlist_entries where clinic_id = p_clinic_id and status = 'WAITING');
    end
    $$`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop function waitlist_lock_and_look(bigint)');
};
