import type { Database } from '@clinic/adapters/persistence';
import { KnexWaitlistRepository, type WaitlistTxPorts } from '@clinic/adapters/persistence';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { waitFor } from '../support/wait';

const target = databaseTargets().find((candidate) => candidate.name === 'PostgreSQL');

/**
 * A real deadlock on PostgreSQL (PGlite runs one statement at a time and has none): a waitlist
 * transaction (a staff's offer, a cancel's matching run) that PostgreSQL ends as the deadlock's
 * loser runs again, instead of answering 500.
 */
describe.skipIf(!target)('a deadlock on PostgreSQL (TEST_DATABASE_URL)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await target!.open();
  });
  afterAll(() => closeTestDatabase(db));

  it('the waitlist transaction that lost a deadlock runs again and commits; the other one goes on', async () => {
    // Keys of this test alone (advisory locks are per database, shared by every test schema).
    const first = `deadlock-${randomUUID()}`;
    const second = `deadlock-${randomUUID()}`;
    const waitlist = new KnexWaitlistRepository(db.knex, { availability: () => ({}), booking: () => ({}) } as unknown as WaitlistTxPorts, null);
    const lock = `select pg_advisory_xact_lock(hashtext('waitlist:' || ?))`;

    const other = await db.knex.transaction();
    let run: Promise<number> | undefined;
    try {
      await other.raw(lock, [second]);
      let runs = 0;
      run = waitlist.inTransaction(async (tx) => {
        runs++;
        await tx.lockClinic(first);
        await tx.lockClinic(second); // the first run waits here for `other`
        return runs;
      });
      // The run holds `first` and waits for `second`: now `other` asks for `first`, and the two wait on each other.
      await waitFor(async () => {
        const { rows } = await db.knex.raw(
          `select 1 from pg_locks where locktype = 'advisory' and not granted and objid::bigint = (hashtext('waitlist:' || ?)::bigint & 4294967295)`,
          [second],
        );
        return rows.length > 0;
      }, 'the waitlist transaction waiting for the second lock');
      // PostgreSQL ends the transaction that has waited longest (it finds the cycle first): the run's.
      await other.raw(lock, [first]);
      await other.commit();
    } finally {
      if (!other.isCompleted()) await other.rollback();
    }
    expect(await run).toBe(2);
  });
});
