import type { Knex } from 'knex';

/**
 * One person, one identity (issue 26, docs/security.md "One person, one identity").
 * - `person_phone_key(text)` and `person_name_key(text)`: the keys of core's `phoneKey` and
 *   `nameKey` (core/src/shared/person-identity.ts), computed by the database for rows written by
 *   anyone (staff, the salon system, imports): NFKC, then the phone's digits as E.164 (a Japanese
 *   0… is +81…), the name without white space in lower case. Both IMMUTABLE, so they index.
 * - `users_clinic_phone_key`: members of a clinic by phone key (the restriction and the guest's
 *   仮会員 look there).
 * - `waitlist_entries.person_key`: `user:<id>` for a member's entry, `phone:<key>` for a guest's,
 *   and `waitlist_entries_one_open`: one open (WAITING or OFFERED) entry per person, clinic and
 *   menu, whatever the requests racing to join. Open duplicates already there (the race this
 *   closes) keep their oldest entry; the others are CANCELLED and their offers withdrawn.
 * - `waitlist_entries.client_address`: the address a guest joined from, for the cap of open
 *   entries per address.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    create function person_phone_key(phone text) returns text
    language sql immutable parallel safe as $$
      select case
        when s.digits = '' then null
        when s.written like '+%' then '+' || case when s.digits like '810%' then '81' || substr(s.digits, 4) else s.digits end
        when s.digits like '0%' then '+81' || substr(s.digits, 2)
        else s.digits
      end
      from (select regexp_replace(normalize(phone, NFKC), '^\\s+', '') as written, regexp_replace(normalize(phone, NFKC), '[^0-9]', '', 'g') as digits) s
    $$`);
  await knex.raw(`
    create function person_name_key(name text) returns text
    language sql immutable parallel safe as $$
      select lower(regexp_replace(normalize(name, NFKC), '\\s+', '', 'g'))
    $$`);
  await knex.raw('create index users_clinic_phone_key on users (clinic_id, person_phone_key(phone))');

  await knex.raw(`
    alter table waitlist_entries add column person_key text generated always as (
      case when user_id is not null then 'user:' || user_id::text else 'phone:' || coalesce(person_phone_key(guest->>'phone'), '') end
    ) stored`);
  await knex.raw('alter table waitlist_entries add column client_address text');

  const duplicates = `
    select e.id from waitlist_entries e
    where e.status in ('WAITING', 'OFFERED') and exists (
      select 1 from waitlist_entries o
      where o.clinic_id = e.clinic_id and o.menu_id = e.menu_id and o.person_key = e.person_key
        and o.status in ('WAITING', 'OFFERED') and (o.created_at, o.id) < (e.created_at, e.id))`;
  await knex.raw(`
    delete from allocations where offer_id in (
      select id from waitlist_offers where status = 'OFFERED' and entry_id in (${duplicates}))`);
  await knex.raw(`
    update waitlist_offers set status = 'WITHDRAWN', ended_at = now()
    where status = 'OFFERED' and entry_id in (${duplicates})`);
  await knex.raw(`
    update waitlist_entries set status = 'CANCELLED', updated_at = now() where id in (${duplicates})`);

  await knex.raw(`
    create unique index waitlist_entries_one_open on waitlist_entries (clinic_id, menu_id, person_key)
    where status in ('WAITING', 'OFFERED')`);
  await knex.raw(`create index waitlist_entries_open_person on waitlist_entries (person_key) where status in ('WAITING', 'OFFERED')`);
  await knex.raw(`
    create index waitlist_entries_open_address on waitlist_entries (client_address)
    where status in ('WAITING', 'OFFERED') and client_address is not null`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('drop index waitlist_entries_open_address');
  await knex.raw('drop index waitlist_entries_open_person');
  await knex.raw('drop index waitlist_entries_one_open');
  await knex.raw('alter table waitlist_entries drop column client_address');
  await knex.raw('alter table waitlist_entries drop column person_key');
  await knex.raw('drop index users_clinic_phone_key');
  await knex.raw('drop function person_name_key(text)');
  await knex.raw('drop function person_phone_key(text)');
};
