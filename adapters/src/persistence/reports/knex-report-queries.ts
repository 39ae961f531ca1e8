import type { ReportKey, ReportQueriesPort, ReportRow, ReportScope } from '@clinic/core';
import type { Knex } from 'knex';
import { reportStatement, type ReportSource } from './report-sql';

/**
 * The reports, each one aggregate statement (report-sql.ts), on PostgreSQL and PGlite alike.
 * `source: 'direct'` computes what the database keeps for the reports from the rows it is kept
 * from, for the tests that hold the kept figures to their definition (report-sql.ts, `ReportSource`).
 */
export class KnexReportQueries implements ReportQueriesPort {
  constructor(
    private readonly knex: Knex,
    private readonly options: { readonly source?: ReportSource } = {},
  ) {}

  async rows(key: ReportKey, scope: ReportScope): Promise<ReportRow[]> {
    const statement = reportStatement(key, scope, this.options.source ?? 'kept');
    // A report is one short read; PostgreSQL's JIT would compile it for ~100 ms first (its cost
    // estimate crosses jit_above_cost on a chain's history), longer than the query itself runs.
    const rows = await this.knex.transaction(
      async (trx): Promise<Record<string, unknown>[]> => {
        // And planned for its own month and clinic, not once for all values as the pool plans
        // the hot statements (database.ts, plan_cache_mode): a chain's month and one clinic's want
        // different plans.
        await trx.raw(`select set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
        // A chain's month hashes and sorts hundreds of thousands of rows (its visitors, its staff
        // tasks): with the default 4 MB they spill to disk in batches. Not for one clinic's month:
        // there the default keeps probes by index (e.g. a few thousand visitors' check items)
        // cheaper to the planner than hashing a whole table.
        if (scope.clinicId === null) await trx.raw(`set local work_mem = '64MB'`);
        const result = await trx.raw(statement.sql, statement.bindings as Record<string, string>);
        return result.rows;
      },
      { readOnly: true },
    );
    return rows.map(normalize);
  }
}

/** Drivers differ on bigint and numeric (strings through `pg`): every numeric cell becomes a number. */
const normalize = (row: Record<string, unknown>): ReportRow => {
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) out[key] = null;
    else if (typeof value === 'number' || typeof value === 'string') out[key] = value;
    else if (typeof value === 'bigint') out[key] = Number(value);
    else out[key] = String(value);
  }
  return out;
};
