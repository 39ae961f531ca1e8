import { KnexAvailabilitySource, KnexReservationRepository, type Database } from '@clinic/adapters/persistence';
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

  it('the calendar’s read is prepared too, and every prepared statement keeps its generic plan', async () => {
    const fixture = await seedBookableClinic(db, { firstDay: '2030-02-04', days: 2, name: '暦テスト院' });
    const fromMs = Date.parse('2030-02-04T00:00:00+09:00');
    await db.knex.transaction(async (trx) => {
      // Planned once per connection, not at every call (docs/benchmarks.md, issue 22).
      expect(((await trx.raw('show plan_cache_mode')) as { rows: { plan_cache_mode: string }[] }).rows[0]!.plan_cache_mode).toBe('force_generic_plan');
      const reservations = new KnexReservationRepository(trx);
      await reservations.listForClinic(fixture.clinicId, fromMs, fromMs + 86_400_000);
      await reservations.listForClinic(fixture.clinicId, fromMs + 86_400_000, fromMs + 2 * 86_400_000);
      const { rows } = (await trx.raw(
        `select name from pg_prepared_statements where name like 'clinic\\_%' and statement like '%from "reservations" as "r"%' and statement like '%tstzrange(r.starts_at, r.ends_at) &&%'`,
      )) as { rows: { name: string }[] };
      expect(rows).toHaveLength(1);
    });
  });
});
