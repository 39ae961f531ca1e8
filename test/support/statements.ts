import type { Knex } from 'knex';

/**
 * The sweeps every worker process runs on its own timers (server/src/application.ts): the expiry
 * of waitlist offers, and the queueing of held-back messages.
 */
const SWEEP = /from waitlist_offers o where o\.status = 'OFFERED' and o\.expires_at <=|^\s*update messages m set queued = true/;

export interface SentStatement {
  readonly sql: string;
  /** The name it was prepared under on PostgreSQL (`preparedAs`), if any. */
  readonly name: string | undefined;
}

/**
 * Every statement knex sends while `work` runs (the round trips a request costs), less the
 * transactions of the sweeps, which run on their own timers and may fall inside the window on a
 * busy machine.
 */
export const sentDuring = async (knex: Knex, work: () => Promise<unknown>): Promise<SentStatement[]> => {
  const seen: { sql: string; name: string | undefined; txId: string | undefined }[] = [];
  const record = (query: { sql: string; __knexTxId?: string; options?: { name?: string } }) =>
    seen.push({ sql: query.sql, name: query.options?.name, txId: query.__knexTxId });
  knex.on('query', record);
  try {
    await work();
  } finally {
    knex.off('query', record);
  }
  const sweeps = new Set(seen.filter((query) => query.txId && SWEEP.test(query.sql)).map((query) => query.txId));
  return seen.filter((query) => !query.txId || !sweeps.has(query.txId)).map(({ sql, name }) => ({ sql, name }));
};

/** The SQL of `sentDuring`. */
export const statementsDuring = async (knex: Knex, work: () => Promise<unknown>): Promise<string[]> =>
  (await sentDuring(knex, work)).map((statement) => statement.sql);
