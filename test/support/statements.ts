import type { Knex } from 'knex';

/** The SQL of every statement knex sends while `work` runs (the round trips a request costs). */
export const statementsDuring = async (knex: Knex, work: () => Promise<unknown>): Promise<string[]> => {
  const seen: string[] = [];
  const record = (query: { sql: string }) => seen.push(query.sql);
  knex.on('query', record);
  try {
    await work();
  } finally {
    knex.off('query', record);
  }
  return seen;
};
