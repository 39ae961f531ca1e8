import type { Database } from '@clinic/adapters/persistence';
import { DateTime } from 'luxon';

/**
 * `busy_quarters` (migration 0090) as kept, and as computed here from the live holds without the
 * database's functions: test/contracts/busy-quarters.test.ts after random writes,
 * test/http/demo-setup.test.ts after the demo chain's bulk load.
 */
const ZONE = 'Asia/Tokyo';
const QUARTER = 15 * 60_000;

type Mask = [string, string, string, string, number, number, number];

/** The masks computed here from the live holds, independently of the database's functions. */
export const expectedMasks = async (db: Database): Promise<Mask[]> => {
  const { rows } = (await db.knex.raw(`
    select clinic_id::text as clinic, resource_type as type, resource_id::text as id,
           (date_part('epoch', lower(during)) * 1000)::bigint as s, (date_part('epoch', upper(during)) * 1000)::bigint as e
    from allocations where live`)) as { rows: { clinic: string; type: string; id: string; s: string; e: string }[] };
  const masks = new Map<string, Mask>();
  for (const row of rows) {
    const [startMs, endMs] = [Number(row.s), Number(row.e)];
    for (let day = DateTime.fromMillis(startMs, { zone: ZONE }).startOf('day'); day.toMillis() < endMs; day = day.plus({ days: 1 })) {
      const dayStart = day.toMillis();
      const key = `${row.type}:${row.id}:${day.toISODate()}`;
      const mask = masks.get(key) ?? ([row.clinic, row.type, row.id, day.toISODate()!, 0, 0, 0] as Mask);
      const from = Math.max(0, Math.floor((startMs - dayStart) / QUARTER));
      const to = Math.min(96, Math.ceil((endMs - dayStart) / QUARTER));
      for (let quarter = from; quarter < to; quarter++) {
        const word = (4 + (quarter >> 5)) as 4 | 5 | 6;
        mask[word] = mask[word] | (1 << (quarter & 31)) | 0;
      }
      masks.set(key, mask);
    }
  }
  return [...masks.values()].sort(byKey);
};

const byKey = (a: Mask, b: Mask) => a.slice(1, 4).join(':').localeCompare(b.slice(1, 4).join(':'));

export const keptMasks = async (db: Database): Promise<Mask[]> => {
  const { rows } = (await db.knex.raw(
    `select clinic_id::text as clinic, resource_type as type, resource_id::text as id, to_char(day, 'YYYY-MM-DD') as day, q0, q1, q2 from busy_quarters`,
  )) as { rows: { clinic: string; type: string; id: string; day: string; q0: number; q1: number; q2: number }[] };
  return rows.map((row) => [row.clinic, row.type, row.id, row.day, row.q0, row.q1, row.q2] as Mask).sort(byKey);
};
