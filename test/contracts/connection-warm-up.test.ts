import { KnexReservationRepository, warmUpConnections, type Database } from '@clinic/adapters/persistence';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import { seedReportFixture, type ReportFixture } from '../support/report-fixture';

/**
 * The server warms every pooled connection before it listens (`warmUpConnections`): on each, a
 * booking's statement with its triggers and a calendar read, rolled back. What it leaves: each
 * connection with the booking's statement prepared, a pool that keeps them, and no row anywhere.
 * On PGlite (one connection in the process) it does nothing.
 */
const POOL = 5; // test/support/databases.ts opens PostgreSQL with poolMax 5

/** Every table of the schema with its number of rows. */
const rowCounts = async (db: Database): Promise<Record<string, number>> => {
  const tables = (
    (await db.knex.raw("select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1")) as {
      rows: { table_name: string }[];
    }
  ).rows.map((row) => row.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await db.knex(table).count({ n: '*' }).first())!.n);
  return counts;
};

/** The named statements prepared on each of `n` pooled connections, held at once so that each answer is another connection's. */
const preparedOnEach = async (db: Database, n: number): Promise<string[][]> => {
  const client = db.knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<unknown> };
  const held: unknown[] = [];
  try {
    for (let i = 0; i < n; i++) held.push(await client.acquireConnection());
    return await Promise.all(
      held.map(async (connection) => {
        const { rows } = (await db.knex.raw("select name from pg_prepared_statements where name like 'clinic\\_%' order by name").connection(connection)) as {
          rows: { name: string }[];
        };
        return rows.map((row) => row.name);
      }),
    );
  } finally {
    for (const connection of held) await client.releaseConnection(connection);
  }
};

describe.each(databaseTargets())('warming the pool on $name', (target) => {
  let db: Database;
  let fixture: ReportFixture;

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => closeTestDatabase(db));

  it('warms nothing while there is no clinic with a menu and staff to book', async () => {
    expect(await warmUpConnections(db, POOL)).toBe(0);
  });

  it('runs a booking on every connection and keeps nothing of it', async () => {
    fixture = await seedReportFixture(db);
    const before = await rowCounts(db);
    const warmed = await warmUpConnections(db, POOL);
    expect(await rowCounts(db)).toEqual(before);
    if (db.kind === 'pglite') {
      expect(warmed).toBe(0);
      return;
    }
    expect(warmed).toBe(POOL);
    // Each connection has the booking's statement (and the reads') prepared: its backend ran them.
    const prepared = await preparedOnEach(db, POOL);
    expect(prepared).toHaveLength(POOL);
    for (const names of prepared) expect(names.length).toBeGreaterThanOrEqual(3);
    expect(new Set(prepared.map((names) => names.join()))).toHaveProperty('size', 1);
    // The pool keeps the connections it opened through quiet spells.
    expect((db.knex.client as { pool: { min: number; max: number } }).pool).toMatchObject({ min: POOL, max: POOL });
  });

  it('leaves the connections ready for a real booking, which then stays', async () => {
    const k = db.knex;
    const menu = String((await k('menus').where({ clinic_id: fixture.clinicA }).orderBy('id').first('id'))!.id);
    const staff = String((await k('staffs').where({ clinic_id: fixture.clinicA }).orderBy('id').first('id'))!.id);
    const member = String((await k('users').orderBy('id').first('id'))!.id);
    const startMs = DateTime.fromISO('2026-12-07T10:00', { zone: 'Asia/Tokyo' }).toMillis();
    const endMs = startMs + 60 * 60 * 1000;
    const booked = await new KnexReservationRepository(k, db.changeChannel).create(
      {
        clinicId: fixture.clinicA,
        userId: member,
        menuIds: [menu],
        source: 'STAFF',
        startMs,
        endMs,
        tasks: [{ startMs, endMs, staffId: staff, roomId: null, machineId: null, menuId: menu, label: '' }],
        memo: '',
        campaign: null,
        cancelTokenHash: null,
      },
      { type: 'staff', id: staff },
      'RESERVATION_CONFLICT',
      { recorded: true },
    );
    expect(await k('reservations').where({ id: booked.id }).first('id')).toBeTruthy();
    expect(Number((await k('reservations').where('starts_at', '<', '2001-01-01').count({ n: '*' }).first())!.n)).toBe(0);
  });
});
