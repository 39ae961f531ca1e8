import knexPkg from 'knex';

/**
 * Runs once before the test files. On PostgreSQL it installs btree_gist and pg_trgm in `public` (extensions
 * are per database): test files then migrate their own schemas in parallel without racing for it.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const db = knexPkg.knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await db.raw('create extension if not exists btree_gist with schema public');
    await db.raw('create extension if not exists pg_trgm with schema public');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not usable there: ${(error as Error).message}`, { cause: error });
  } finally {
    await db.destroy();
  }
}
