import type { Knex } from 'knex';

/**
 * Advisory locks named within the schema. PostgreSQL's advisory locks belong to the database, not
 * to a schema: two deployments (or two test files, or a benchmark's chain) in schemas of one
 * database took each other's locks whenever their ids met, e.g. resource 3 on a given day in both.
 * Each schema then waited for the other's transactions, and two transactions that take several
 * locks over several statements (a bulk load of holds, a batch of visits) could deadlock across
 * schemas (40P01 in CI: two test files loading holds for the same ids and days at once).
 *
 * The functions of earlier migrations that take a lock are rewritten in place from their stored
 * definitions (`pg_get_functiondef`): only the lock's name changes, from `'<name>:' || …` to
 * `current_schema() || ':<name>:' || …` (the schema the tables are found in). The locks taken by
 * the repositories name the schema the same way (`schemaLock` in ../repositories/schema-lock.ts),
 * so the waitlist's lock taken in SQL and in TypeScript is still one lock.
 */
const NAMES = ['busy_quarters', 'first-visit', 'waitlist'];

const scoped = (definition: string): string =>
  NAMES.reduce((text, name) => text.split(`'${name}:' || `).join(`current_schema() || ':${name}:' || `), definition);
const unscoped = (definition: string): string =>
  NAMES.reduce((text, name) => text.split(`current_schema() || ':${name}:' || `).join(`'${name}:' || `), definition);

const rewrite = async (knex: Knex, change: (definition: string) => string): Promise<void> => {
  const { rows } = (await knex.raw(`
    select pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.prokind = 'f' and p.prosrc like '%advisory_xact_lock%'`)) as { rows: { definition: string }[] };
  for (const { definition } of rows) {
    const changed = change(definition);
    if (changed !== definition) await knex.raw(changed.replace(/\?/g, '\\?'));
  }
};

export const up = async (knex: Knex): Promise<void> => rewrite(knex, scoped);

export const down = async (knex: Knex): Promise<void> => rewrite(knex, unscoped);
