import type { Knex } from 'knex';

/**
 * Staff access audit (医療情報システムの安全管理に関するガイドライン): `audit_log` also holds access
 * records (`kind = 'access'`): who (staff id, login id, role, clinic), what (action, resource, the
 * members concerned), when, from where (IP, user agent, request id) and the outcome.
 *
 * The table stays append-only in the database itself: 0001 refuses UPDATE and DELETE row by row;
 * this adds TRUNCATE (a statement trigger), which the row trigger does not see.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    alter table audit_log
      add column kind text not null default 'change' check (kind in ('change', 'access')),
      add column outcome text check (outcome in ('ok', 'refused', 'not_found', 'invalid', 'error', 'failed')),
      add column status smallint,
      add column actor_login text,
      add column actor_role text,
      add column clinic_id text,
      add column member_ids text[] not null default '{}',
      add column user_agent text,
      add column method text,
      add column path text,
      add column detail jsonb`);
  // Searches read access records newest first (keyset on id), narrowed by staff, member or period.
  await knex.raw(`create index audit_log_access on audit_log (id) where kind = 'access'`);
  await knex.raw(`create index audit_log_access_actor on audit_log (actor_id, id) where kind = 'access'`);
  await knex.raw(`create index audit_log_access_at on audit_log (at) where kind = 'access'`);
  await knex.raw(`create index audit_log_access_members on audit_log using gin (member_ids) where kind = 'access'`);
  await knex.raw(`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop trigger if exists audit_log_no_truncate on audit_log');
  for (const index of ['audit_log_access', 'audit_log_access_actor', 'audit_log_access_at', 'audit_log_access_members']) {
    await knex.raw(`drop index if exists ${index}`);
  }
  await knex.raw(`
    alter table audit_log
      drop column kind, drop column outcome, drop column status, drop column actor_login, drop column actor_role,
      drop column clinic_id, drop column member_ids, drop column user_agent, drop column method, drop column path,
      drop column detail`);
};
