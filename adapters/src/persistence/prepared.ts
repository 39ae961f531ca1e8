import { createHash } from 'node:crypto';

/** The names given so far, by text: the hot statements are a handful of texts, hashed once each. */
const names = new Map<string, { name: string }>();

/**
 * Driver options that make a statement a named prepared statement on PostgreSQL: node-postgres
 * parses it once per connection and PostgreSQL keeps its plan (after five runs, the generic plan
 * when it costs no more), so each later call skips the parse and, mostly, the planning. For the
 * hot writes, whose planning took about as long as their execution (a booking's statement: 0.69
 * ms planned, 1.8 ms run; docs/benchmarks.md). The name is the text's digest, as node-postgres
 * refuses one name for two texts. `knex.raw(sql, bindings).options(preparedAs(sql))`; PGlite
 * ignores the option.
 */
export const preparedAs = (sql: string): { name: string } => {
  let options = names.get(sql);
  if (!options) {
    options = { name: `clinic_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}` };
    names.set(sql, options);
  }
  return options;
};
