import type { Knex } from 'knex';

/**
 * Languages (docs/languages.md): a member's saved language; the language a reservation was made
 * in (guest bookings: their messages keep it); English and Simplified Chinese texts of menus and
 * categories as `{"en": {"name", "description"?, "preVisitNote"?}, "zh-CN": {…}}`.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`alter table users add column language text not null default 'ja' check (language in ('ja', 'en', 'zh-CN'))`);
  await knex.raw(`alter table reservations add column language text check (language in ('ja', 'en', 'zh-CN'))`);
  await knex.raw(`alter table menus add column translations jsonb not null default '{}' check (jsonb_typeof(translations) = 'object')`);
  await knex.raw(`alter table menu_categories add column translations jsonb not null default '{}' check (jsonb_typeof(translations) = 'object')`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table menu_categories drop column translations');
  await knex.raw('alter table menus drop column translations');
  await knex.raw('alter table reservations drop column language');
  await knex.raw('alter table users drop column language');
};
