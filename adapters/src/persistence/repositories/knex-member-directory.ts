import type { Language, Member, MemberDirectoryPort, MemberFilter, MemberListing, MemberPage } from '@clinic/core';
import type { Knex } from 'knex';
import { MEMBER_SEARCH_TEXT } from '../migrations/0040_member_search';

const ID = /^\d{1,18}$/;
/** The member's last visit, kept on the member (migration 0110). */
const LAST_VISIT = 'u.last_visit_at';

interface ListingRow {
  id: string;
  user_number: string | null;
  name: string;
  kana: string;
  phone: string;
  language?: Language;
  email: string | null;
  birthday: string | null;
  gender: string | null;
  clinic_id: string;
  status: 'TEMPORARY' | 'FULL';
  password_hash: string | null;
  line_user_id: string | null;
  introducer_user_id: string | null;
  gift_count: number;
  external_member_id: string | null;
  created_at: string | Date;
  clinic_name: string;
  introducer_user_number: string | null;
  introducer_name: string | null;
  tag_ids: string[] | string;
  last_visit_at: string | Date | null;
}

/** The fields a keyword is looked for in, as one text: the expression of the trigram index users_search_trgm. */
const SEARCH_TEXT = MEMBER_SEARCH_TEXT.replace(/\b(name|kana|user_number|phone|email)\b/g, 'u.$1');

const asDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));
const like = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toListing = (row: ListingRow): MemberListing => {
  const member: Member = {
    id: String(row.id),
    userNumber: row.user_number,
    name: row.name,
    kana: row.kana,
    phone: row.phone,
    email: row.email,
    birthday: row.birthday,
    gender: row.gender,
    clinicId: String(row.clinic_id),
    status: row.status,
    passwordHash: row.password_hash,
    lineUserId: row.line_user_id,
    introducerUserId: row.introducer_user_id === null ? null : String(row.introducer_user_id),
    giftCount: row.gift_count,
    externalMemberId: row.external_member_id,
    language: row.language ?? 'ja',
  };
  const tagIds = typeof row.tag_ids === 'string' ? (JSON.parse(row.tag_ids) as string[]) : row.tag_ids;
  return {
    member,
    clinicName: row.clinic_name,
    introducer: row.introducer_user_id === null ? null : { userNumber: row.introducer_user_number, name: row.introducer_name ?? '' },
    tagIds: tagIds.map(String),
    lastVisitAt: row.last_visit_at === null ? null : asDate(row.last_visit_at),
    createdAt: asDate(row.created_at),
  };
};

/** Members as the staff screens read them: one query with clinic, introducer, tags and last visit. */
export class KnexMemberDirectory implements MemberDirectoryPort {
  constructor(private readonly knex: Knex) {}

  private listing(k: Knex = this.knex) {
    return k('users as u')
      .join('clinics as c', 'c.id', 'u.clinic_id')
      .leftJoin('users as i', 'i.id', 'u.introducer_user_id')
      .select(
        'u.id',
        'u.user_number',
        'u.name',
        'u.kana',
        'u.phone',
        'u.email',
        k.raw('u.birthday::text as birthday'),
        'u.gender',
        'u.clinic_id',
        'u.status',
        'u.password_hash',
        'u.line_user_id',
        'u.introducer_user_id',
        'u.gift_count',
        'u.external_member_id',
        'u.language',
        'u.created_at',
        'c.name as clinic_name',
        'i.user_number as introducer_user_number',
        'i.name as introducer_name',
        k.raw("coalesce((select json_agg(t.tag_id::text order by t.tag_id) from user_tags t where t.user_id = u.id), '[]'::json) as tag_ids"),
        'u.last_visit_at',
      );
  }

  private filtered(builder: Knex.QueryBuilder, filter: MemberFilter): Knex.QueryBuilder {
    const k = this.knex;
    if (filter.keyword) {
      const pattern = like(filter.keyword);
      const digits = like(filter.keyword.replace(/-/g, ''));
      // The trigram index finds the members whose fields together contain the keyword (or its
      // digits); the per-field test below keeps the answer exactly what it was without the index.
      if (digits === pattern) builder.whereRaw(`${SEARCH_TEXT} ilike ?`, [pattern]);
      else builder.whereRaw(`(${SEARCH_TEXT} ilike ? or ${SEARCH_TEXT} ilike ?)`, [pattern, digits]);
      builder.where((q) =>
        q
          .where('u.name', 'ilike', pattern)
          .orWhere('u.kana', 'ilike', pattern)
          .orWhere('u.user_number', 'ilike', pattern)
          .orWhere('u.phone', 'ilike', pattern)
          .orWhereRaw("replace(u.phone, '-', '') ilike ?", [digits])
          .orWhere('u.email', 'ilike', pattern),
      );
    }
    if (filter.userNumber) builder.where('u.user_number', filter.userNumber);
    if (filter.kana) builder.whereRaw(`${SEARCH_TEXT} ilike ?`, [like(filter.kana)]).where('u.kana', 'ilike', like(filter.kana));
    if (filter.phone) {
      const [pattern, digits] = [like(filter.phone), like(filter.phone.replace(/-/g, ''))];
      builder
        .whereRaw(`(${SEARCH_TEXT} ilike ? or ${SEARCH_TEXT} ilike ?)`, [pattern, digits])
        .whereRaw("(u.phone ilike ? or replace(u.phone, '-', '') ilike ?)", [pattern, digits]);
    }
    if (filter.email) builder.whereRaw(`${SEARCH_TEXT} ilike ?`, [like(filter.email)]).where('u.email', 'ilike', like(filter.email));
    if (filter.tagId) builder.whereExists(k('user_tags as ut').select(k.raw('1')).whereRaw('ut.user_id = u.id').where('ut.tag_id', filter.tagId));
    if (filter.clinicId) builder.where('u.clinic_id', filter.clinicId);
    if (filter.status) builder.where('u.status', filter.status);
    if (filter.lastVisitFrom) builder.whereRaw(`${LAST_VISIT} >= (?::date)::timestamp at time zone 'Asia/Tokyo'`, [filter.lastVisitFrom]);
    if (filter.lastVisitTo) builder.whereRaw(`${LAST_VISIT} < (?::date + 1)::timestamp at time zone 'Asia/Tokyo'`, [filter.lastVisitTo]);
    return builder;
  }

  async search(filter: MemberFilter, page: number, pageSize: number): Promise<MemberPage> {
    // The pool plans every statement once for all values (database.ts, plan_cache_mode). A search
    // must be planned for its own keyword: only then does PostgreSQL see that a name's trigrams are
    // rare and read the trigram index; planned for any keyword it scans all members (1.3 million
    // in a chain of 250 clinics: 0.7 s instead of a few ms; docs/benchmarks.md, "Chain scale").
    return this.knex.transaction(
      async (trx) => {
        await trx.raw(`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
        // The matching members are found once (the trigram index, then each candidate's fields
        // read and tested): the count and the page both come from that list, and only the page's
        // members are joined to their clinic, introducer and tags. A page past the end has no row
        // to carry the count: only then is it counted on its own.
        const rows: Array<ListingRow & { total: string | number }> = await this.listing(trx)
          .withMaterialized('matches', this.filtered(trx('users as u'), filter).select('u.id'))
          .select(trx.raw('(select count(*) from matches) as total'))
          .whereIn(
            'u.id',
            trx('matches')
              .select('id')
              .orderBy('id', 'desc')
              .limit(pageSize)
              .offset((page - 1) * pageSize),
          )
          .orderBy('u.id', 'desc');
        const total = rows.length > 0 ? rows[0]!.total : page === 1 ? 0 : ((await this.filtered(trx('users as u'), filter).count({ n: '*' }).first())?.n ?? 0);
        return { items: rows.map(toListing), total: Number(total) };
      },
      { readOnly: true },
    );
  }

  async byIds(ids: readonly string[]): Promise<MemberListing[]> {
    const valid = ids.filter((id) => ID.test(id));
    if (valid.length === 0) return [];
    const rows: ListingRow[] = await this.listing().whereIn('u.id', valid);
    const byId = new Map(rows.map((row) => [String(row.id), toListing(row)]));
    return [...new Set(valid)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async clinicExists(clinicId: string): Promise<boolean> {
    return ID.test(clinicId) && Boolean(await this.knex('clinics').where('id', clinicId).first('id'));
  }

  async unknownTagIds(tagIds: readonly string[]): Promise<string[]> {
    const valid = tagIds.filter((id) => ID.test(id));
    const found = new Set((valid.length ? await this.knex('tags').whereIn('id', valid).pluck('id') : []).map(String));
    return tagIds.filter((id) => !found.has(id));
  }

  async setTags(userId: string, tagIds: readonly string[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('user_tags').where('user_id', userId).del();
      if (tagIds.length)
        await trx('user_tags')
          .insert(tagIds.map((tag_id) => ({ user_id: userId, tag_id })))
          .onConflict(['user_id', 'tag_id'])
          .ignore();
    });
  }

  async tagsOf(userId: string): Promise<Array<{ id: string; name: string; displayOrder: number }>> {
    if (!ID.test(userId)) return [];
    const rows: { id: string; name: string; display_order: number }[] = await this.knex('tags as t')
      .join('user_tags as ut', 'ut.tag_id', 't.id')
      .where('ut.user_id', userId)
      .orderBy([{ column: 't.display_order' }, { column: 't.id' }])
      .select('t.id', 't.name', 't.display_order');
    return rows.map((row) => ({ id: String(row.id), name: row.name, displayOrder: row.display_order }));
  }

  async clinicOf(clinicId: string): Promise<{ id: string; name: string; phone: string } | null> {
    if (!ID.test(clinicId)) return null;
    const row = await this.knex('clinics').where('id', clinicId).first('id', 'name', 'phone');
    return row ? { id: String(row.id), name: row.name, phone: row.phone } : null;
  }
}
