import { KnexClinicRepository, migrateToLatest, openDatabase } from '@clinic/adapters/persistence';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aClinic } from '../support/mothers';

describe('the embedded database on disk (pglite://PATH)', () => {
  const root = mkdtempSync(join(tmpdir(), 'clinic-pglite-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates a missing folder, and keeps the data across restarts', async () => {
    const url = `pglite://${join(root, 'nested', 'db')}`;
    const first = await openDatabase(url);
    await migrateToLatest(first);
    await new KnexClinicRepository(first.knex).create(aClinic({ name: '渋谷' }));
    await first.close();

    const second = await openDatabase(url);
    await migrateToLatest(second);
    expect((await new KnexClinicRepository(second.knex).list()).map((clinic) => clinic.name)).toEqual(['渋谷']);
    await second.close();
  });
});
