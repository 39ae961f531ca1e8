/**
 * Takes a transaction-scoped advisory lock named `<schema>:<name>` (the one binding): advisory locks
 * belong to the database, so the schema's name keeps two deployments or test files in schemas of
 * one database from taking each other's locks (migration 0111, which names the SQL functions'
 * locks the same way: `waitlist:<clinic>` here is the same lock as in `waitlist_lock_and_look`).
 */
export const SCHEMA_LOCK = `select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ?))`;
