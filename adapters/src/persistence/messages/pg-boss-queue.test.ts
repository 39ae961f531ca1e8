import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { settlingExecutor } from './pg-boss-queue';

const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the job queue when PostgreSQL is away as a worker settles a job', () => {
  it("lets pg-boss's unawaited complete and fail resolve (the error goes to onError) and every other statement reject", async () => {
    const seen: string[] = [];
    const errors: Error[] = [];
    const failing: PgBoss.Db = {
      executeSql: async (text) => {
        seen.push(text);
        throw down();
      },
    };
    // The very calls pg-boss's worker makes without awaiting them, through pg-boss itself.
    const db = settlingExecutor(failing, 'jobs_test', (error) => errors.push(error));
    const boss = new PgBoss({ db, schema: 'jobs_test' });
    const id = '00000000-0000-4000-8000-000000000001';
    await expect(boss.complete('delivery', id)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fail('delivery', id, new Error('handler failed'))).resolves.toMatchObject({ affected: 0 });
    expect(seen).toHaveLength(2);
    expect(errors.map((error) => error.message)).toEqual([down().message, down().message]);
    // Any other statement (a fetch, an insert) still fails for its caller, who awaits it.
    await expect(db.executeSql('select 1', [])).rejects.toThrow('ECONNREFUSED');
    expect(errors).toHaveLength(2);
  });
});
