import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-harness';
import { CLEAN, integrityReport } from './integrity';
import {
  dropSchema,
  newSchemaName,
  NOT_RUN_REASON,
  postgresUrl,
  repoRoot,
  sqlInSchema,
  startServerProcess,
  warnWhenNotRun,
  type ServerProcess,
} from './server-process';

const run = promisify(execFile);
const KEY_TABLES = [
  'clinics',
  'staffs',
  'users',
  'menus',
  'schedules',
  'reservations',
  'reservation_menus',
  'reservation_tasks',
  'allocations',
  'sessions',
  'audit_log',
];

/** Row count of every table of the schema, and a checksum of the content of the key tables. */
const snapshot = async (sql: Knex, schema: string) => {
  const tables = (await sql.raw(`select tablename from pg_tables where schemaname = ? order by tablename`, [schema])).rows.map(
    (row: { tablename: string }) => row.tablename,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await sql(table).count({ count: '*' }))[0]!.count);
  const checksums: Record<string, string> = {};
  for (const table of KEY_TABLES) {
    checksums[table] = (await sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ?? as t`, [table])).rows[0].sum;
  }
  return { counts, checksums };
};

warnWhenNotRun(import.meta.url);

describe.skipIf(!postgresUrl)(`backup and restore with ops/backup.sh and ops/restore.sh${NOT_RUN_REASON}`, () => {
  const schema = newSchemaName();
  const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'));
  const env = { ...process.env, DATABASE_URL: postgresUrl!, DATABASE_SCHEMA: schema };
  let server: ServerProcess | undefined;
  let sql: Knex;

  beforeAll(() => {
    sql = sqlInSchema(postgresUrl!, schema);
  });
  afterAll(async () => {
    await server?.stop();
    await sql?.destroy();
    if (postgresUrl) await dropSchema(postgresUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('dumps, survives the schema being dropped, restores the same data, and the app runs on it again', async () => {
    // Data made by the application: the demo chain, plus a login of a member and a booking by staff.
    server = await startServerProcess({ databaseUrl: postgresUrl!, schema, demo: true });
    const member = new TestClient(server.url);
    expect((await member.login('user100001', 'clinic-demo')).status).toBe(200);
    const staff = new TestClient(server.url);
    expect((await staff.login('staffS1001', 'clinic-demo')).status).toBe(200);
    const clinicId = String((await sql('clinics').where('name', '渋谷').first('id')).id);
    const menuId = String((await sql('menus').where({ name: 'ピコトーニング', clinic_id: clinicId }).first('id')).id);
    const userId = String((await sql('users').where('user_number', '100001').first('id')).id);
    const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const slots = (await staff.post('/api/staffs/reservations/search-available', { clinicId, menuId, from, to })).body.slots as { startsAt: string }[];
    const booked = await staff.post('/api/staffs/reservations', { clinicId, userId, menuId, startsAt: slots[0]!.startsAt });
    expect(booked.status).toBe(201);
    await server.stop();
    server = undefined;
    const before = await snapshot(sql, schema);
    expect(before.counts.reservations).toBeGreaterThan(1000);

    const file = join(dir, 'nightly', 'clinic.dump');
    const backup = await run(resolve(repoRoot, 'ops/backup.sh'), [file], { env });
    expect(backup.stdout.trim()).toBe(file);
    expect(statSync(file).size).toBeGreaterThan(0);

    // Restoring over live data is refused unless asked for.
    const refused = await run(resolve(repoRoot, 'ops/restore.sh'), [file], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 3, stderr: expect.stringContaining('RESTORE_REPLACE=yes') });

    await dropSchema(postgresUrl!, schema);
    expect((await sql.raw('select count(*) from pg_tables where schemaname = ?', [schema])).rows[0].count).toBe('0');

    const restored = await run(resolve(repoRoot, 'ops/restore.sh'), [file], { env });
    expect(restored.stdout).toContain(`restored ${file}`);
    expect(await snapshot(sql, schema)).toEqual(before);
    expect(await integrityReport(sql)).toEqual(CLEAN);

    // The application starts on the restored database; the member logs in, sees the booking and books again.
    server = await startServerProcess({ databaseUrl: postgresUrl!, schema });
    const again = new TestClient(server.url);
    expect((await again.login('user100001', 'clinic-demo')).status).toBe(200);
    const mine = await again.get('/api/users/reservations');
    expect(mine.body.map((reservation: { id: string }) => reservation.id)).toContain(booked.body.id);
    const staffAgain = new TestClient(server.url);
    expect((await staffAgain.login('staffS1001', 'clinic-demo')).status).toBe(200);
    const next = await staffAgain.post('/api/staffs/reservations', { clinicId, userId, menuId, startsAt: slots.at(-1)!.startsAt });
    expect(next.status).toBe(201);
    expect(BigInt(next.body.id)).toBeGreaterThan(BigInt(booked.body.id));
    // Two server starts with the demo chain, a dump and a restore: minutes on a busy machine.
  }, 300_000);
});
