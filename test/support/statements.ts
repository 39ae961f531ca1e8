import type { Knex } from 'knex';

/** The expiry sweep of waitlist offers that every worker process runs on a timer (server/src/application.ts). */
const SWEEP = /from waitlist_offers o where o\.status = 'OFFERED' and o\.expires_at <=/;

/**
 * The SQL of every statement knex sends while `work` runs (the round trips a request costs), less
 * the transactions of the waitlist's expiry sweep, which runs on its own timer and may fall inside
 * the window on a busy machine.
 */
export const statementsDuring = async (knex: Knex, work: () => Promise<unknown>): Promise<string[]> => {
  const seen: { sql: string; txId: string | undefined }[] = [];
  const record = (query: { sql: string; __knexTxId?: string }) => seen.push({ sql: query.sql, txId: query.__knexTxId });
  knex.on('query', record);
  try {
    await work();
  } finally {
    knex.off('query', record);
  }
  const sweeps = new Set(seen.filter((query) => query.txId && SWEEP.test(query.sql)).map((query) => query.txId));
  return seen.filter((query) => !query.txId || !sweeps.has(query.txId)).map((query) => query.sql);
};
