import { isFailure } from '@clinic/core';
import type { Knex } from 'knex';

/** Carries a failed Result out of `knex.transaction`, which rolls back on a throw. */
class RolledBack {
  constructor(readonly result: unknown) {}
}

/**
 * `knex.transaction(work)`, rolled back when `work` answers a failed Result (a use case's refusal
 * inside its transaction: nothing it wrote stays), which is then answered as it is.
 */
export const transactionOf = async <T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> => {
  try {
    return await knex.transaction(async (trx) => {
      const value = await work(trx);
      if (isFailure(value)) throw new RolledBack(value);
      return value;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
};

/** The transaction `knex` is, when it is one (a repository made for one transaction), else null. */
export const transactionIn = (knex: Knex): Knex.Transaction | null =>
  (knex as unknown as { isTransaction?: boolean }).isTransaction ? (knex as Knex.Transaction) : null;
