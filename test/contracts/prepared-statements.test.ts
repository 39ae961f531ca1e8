import { KnexAvailabilitySource, type Database } from '@clinic/adapters/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBookableClinic } from '../support/booking-fixture';
import { closeTestDatabase, databaseTargets } from '../support/databases';

const target = databaseTargets().find((candidate) => candidate.name === 'PostgreSQL');

/**
 * `preparedAs` reaches PostgreSQL: the availability read, run twice on one connection, is held
 * there as one named prepared statement, not one per run (PGlite has no prepared statements to list).
 */
describe.skipIf(!target)('prepared statements on PostgreSQL (TEST_DATABASE_URL)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await target!.open();
  });
  afterAll(() => closeTestDatabase(db));

  it('the availability read is a named prepared statement of its connection', async () => {
    const fixture = await seedBookableClinic(db, { firstDay: '2030-01-07', days: 2 });
    const fromMs = Date.parse('2030-01-07T00:00:00+09:00');
    // One connection for both reads and the look at what it has prepared.
    await db.knex.transaction(async (trx) => {
      const inTrx = new KnexAvailabilitySource(trx);
      expect(await inTrx.load(fixture.clinicId, fixture.menuA, fromMs, fromMs + 86_400_000)).not.toBeNull();
      expect(await inTrx.load(fixture.clinicId, fixture.menuA, fromMs + 86_400_000, fromMs + 2 * 86_400_000)).not.toBeNull();
      const { rows } = (await trx.raw(`select name from pg_prepared_statements where name like 'clinic\\_%' and statement like '%with performers as%'`)) as {
        rows: { name: string }[];
      };
      expect(rows).toHaveLength(1);
    });
  });
});
