import type { Knex } from 'knex';

/**
 * Member search across the chain (`GET /api/staffs/users/advanced-search?keyword=`, the call
 * centre's box): a keyword is matched anywhere inside name, kana, card number, phone (with and
 * without hyphens) and e-mail, i.e. `ILIKE '%…%'`, which a btree cannot serve. One trigram index
 * (pg_trgm, in `public` like btree_gist; PGlite ships it as a contrib extension) over all those
 * fields together finds the candidates; the exact per-field test runs on them only
 * (KnexMemberDirectory, MEMBER_SEARCH_TEXT). With 1.3 million members a name search went from a
 * scan of every member to a few hundred index entries (docs/benchmarks.md, "Chain scale").
 */
export const MEMBER_SEARCH_TEXT =
  "(name || ' ' || kana || ' ' || coalesce(user_number, '') || ' ' || phone || ' ' || replace(phone, '-', '') || ' ' || coalesce(email, ''))";

export const up = async (knex: Knex): Promise<void> => {
  const installed = await knex.raw("select 1 from pg_extension where extname = 'pg_trgm'");
  if (installed.rows.length === 0) await knex.raw('create extension if not exists pg_trgm with schema public');
  await knex.raw(`create index users_search_trgm on users using gin (${MEMBER_SEARCH_TEXT} public.gin_trgm_ops)`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index if exists users_search_trgm');
};
