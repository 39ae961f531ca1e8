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
    const lock = `select pg_advisory_xact_lock(hashtext(current_schema() || ':waitlist:' || ?))`;
    const locks = async (key: string, granted: boolean): Promise<number> => {
      const { rows } = await db.knex.raw(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted = ? and objid::bigint = (hashtext(current_schema() || ':waitlist:' || ?)::bigint & 4294967295)`,
        [granted, key],
      );
      return rows[0].n as number;
    };

    const other = await db.knex.transaction();
    let run: Promise<number> | undefined;
    let goOn!: () => void;
    const asked = new Promise<void>((resolve) => (goOn = resolve));
    try {
      // `other` never looks for the deadlock itself (PostgreSQL looks once, deadlock_timeout after a
      // wait starts, in the waiting backend): the run closes the cycle, and its own look a second
      // later finds it, however busy the machine is, so the run is the loser.
      await other.raw(`set local deadlock_timeout = '10min'`);
      await other.raw(lock, [second]);
      let runs = 0;
      run = waitlist.inTransaction(async (tx) => {
        runs++;
        await tx.lockClinic(first);
        await asked;
        await tx.lockClinic(second); // the first run waits here for `other`, which waits for it
        return runs;
      });
      await waitFor(async () => (await locks(first, true)) > 0, 'the run holding the first lock');
      const otherGetsFirst = other.raw(lock, [first]).then(() => undefined);
      await waitFor(async () => (await locks(first, false)) > 0, '`other` waiting for the first lock');
      goOn();
      await otherGetsFirst;
      await other.commit();
    } finally {
      goOn();
      if (!other.isCompleted()) await other.rollback();
    }
    expect(await run).toBe(2);
  });
});
