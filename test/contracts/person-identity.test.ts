import { nameKey, phoneKey } from '@clinic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMES_THAT_DIFFER, NAMES_THAT_MATCH, PHONES_THAT_DIFFER, PHONES_THAT_MATCH } from '../../core/src/shared/person-identity.table';
import { closeTestDatabase, databaseTargets } from '../support/databases';
import type { Database } from '@clinic/adapters/persistence';

/**
 * The database's `person_phone_key` and `person_name_key` (migration 0045) give the keys of core's
 * `phoneKey` and `nameKey` for every spelling of the table, on PGlite and PostgreSQL: rows written
 * by anyone are found by the rules that compare them.
 */
describe.each(databaseTargets())('one person, one identity in SQL, on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => closeTestDatabase(db));

  const sqlKeys = async (fn: 'person_phone_key' | 'person_name_key', values: readonly string[]): Promise<(string | null)[]> => {
    const { rows } = (await db.knex.raw(`select ${fn}(v) as key from unnest(?::text[]) with ordinality as t(v, n) order by n`, [[...values]])) as {
      rows: { key: string | null }[];
    };
    return rows.map((row) => row.key);
  };

  it('phones', async () => {
    const spellings = [...PHONES_THAT_MATCH, ...PHONES_THAT_DIFFER].flat();
    expect(await sqlKeys('person_phone_key', spellings)).toEqual(spellings.map(phoneKey));
  });

  it('names', async () => {
    const spellings = [...NAMES_THAT_MATCH, ...NAMES_THAT_DIFFER].flat();
    expect(await sqlKeys('person_name_key', spellings)).toEqual(spellings.map(nameKey));
  });
});
