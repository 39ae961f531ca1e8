import {
  DomainRuleViolation,
  type ChainTip,
  type Completion,
  type Countersign,
  type FormResponse,
  type FormResponseStorePort,
  type FormsStatusFacts,
  type Language,
  type MenuFormWhen,
  type NewFormResponse,
  type StatusQuery,
} from '@clinic/core';
import type { Knex } from 'knex';
import type { SecretBox } from '../../security/secret-box';
import { isId, sqlState, translateDbError } from '../pg-errors';
import { preparedAs } from '../prepared';
import { toClinicIso } from './instants';
import { SCHEMA_LOCK } from './schema-lock';

interface ResponseRow {
  id: string | number;
  user_id: string | number;
  reservation_id: string | number;
  form_id: string | number;
  version_id: string | number;
  kind: FormResponse['kind'];
  language: Language;
  submitted_at: Date | string;
  amends_id: string | number | null;
  prev_hash: string;
  hash: string;
  sealed: string;
  cs_staff_id: string | number | null;
  cs_staff_name: string | null;
  cs_mode: NonNullable<FormResponse['countersign']>['mode'] | null;
  cs_at: Date | string | null;
  cs_recorded_by: string | number | null;
}

/** What is sealed: everything the person wrote (要配慮個人情報), and the canonical text that holds it too. */
type Sealed = Pick<NewFormResponse, 'answers' | 'flags' | 'signature' | 'canonical'>;

/**
 * The sealed value is bound to its person, reservation and form: copied to another person's or
 * visit's row, it does not open. (Not to the hash: a hash changed behind the chain's back must
 * still let the export open the record and report the chain broken.)
 */
const sealContext = (row: { userId: string; reservationId: string; formId: string }): string =>
  `form_response:${row.userId}:${row.reservationId}:${row.formId}`;

/** The flags alone, sealed apart (migration 0075) so that a status opens a few bytes, not the answers and the signature. */
const flagsContext = (row: { userId: string; reservationId: string; formId: string }): string =>
  `form_response_flags:${row.userId}:${row.reservationId}:${row.formId}`;

/** Ids as one `bigint[]` parameter (`= any(?::bigint[])`, an array as the driver sends it): one statement text whatever their number. */
const idList = (values: readonly string[]): string[] => [...new Set(values.filter(isId))];

/** The facts of the forms' status (`statusFacts`): one statement, prepared (the calendar asks for it at every read). */
const STATUS_SQL = `with req as (
    select mf.menu_id, mf.form_id, mf."when", mf.position from menu_forms mf
    where mf.menu_id = any(?::bigint[])
      and exists (select 1 from form_versions v where v.form_id = mf.form_id and v.status = 'ACTIVE')
  )
  select
    (select coalesce(json_agg(json_build_object('menu_id', menu_id, 'form_id', form_id, 'when', "when") order by menu_id, position), '[]'::json)
       from req) as requirements,
    (select coalesce(json_agg(distinct jsonb_build_object('user_id', r.user_id, 'form_id', r.form_id, 'reservation_id', r.reservation_id)), '[]'::json)
       from form_responses r left join form_countersigns c on c.response_id = r.id
       where r.user_id = any(?::bigint[])
         and r.form_id in (select form_id from req where "when" = 'FIRST_VISIT')
         and (r.kind = 'QUESTIONNAIRE' or c.response_id is not null)) as completions,
    (select coalesce(json_agg(json_build_object(
              'reservation_id', r.reservation_id, 'user_id', r.user_id, 'form_id', r.form_id, 'kind', r.kind,
              'countersigned', c.response_id is not null, 'flags_sealed', r.flags_sealed,
              'sealed', case when r.flags_sealed is null then r.sealed end) order by r.id), '[]'::json)
       from form_responses r left join form_countersigns c on c.response_id = r.id
       where r.reservation_id = any(?::bigint[])) as responses`;

interface StatusRow {
  readonly requirements: { menu_id: string | number; form_id: string | number; when: MenuFormWhen }[];
  readonly completions: { user_id: string | number; form_id: string | number; reservation_id: string | number }[];
  readonly responses: {
    reservation_id: string | number;
    user_id: string | number;
    form_id: string | number;
    kind: FormResponse['kind'];
    countersigned: boolean;
    flags_sealed: string | null;
    sealed: string | null;
  }[];
}

/**
 * The responses (migration 0030): append-only in PostgreSQL itself, sealed at rest with the
 * forms key, chained per person under a transaction-scoped advisory lock on the person.
 */
export class KnexFormResponseStore implements FormResponseStorePort {
  constructor(
    private readonly knex: Knex,
    private readonly box: SecretBox,
  ) {}

  private select(db: Knex | Knex.Transaction = this.knex) {
    return db('form_responses as r')
      .leftJoin('form_countersigns as c', 'c.response_id', 'r.id')
      .select('r.*', 'c.staff_id as cs_staff_id', 'c.staff_name as cs_staff_name', 'c.mode as cs_mode', 'c.at as cs_at', 'c.recorded_by as cs_recorded_by');
  }

  private toResponse(row: ResponseRow): FormResponse {
    const userId = String(row.user_id);
    const sealed = JSON.parse(
      this.box.open(row.sealed, sealContext({ userId, reservationId: String(row.reservation_id), formId: String(row.form_id) })),
    ) as Sealed;
    return {
      id: String(row.id),
      userId,
      reservationId: String(row.reservation_id),
      formId: String(row.form_id),
      versionId: String(row.version_id),
      kind: row.kind,
      language: row.language,
      submittedAt: toClinicIso(row.submitted_at),
      amends: row.amends_id === null ? null : String(row.amends_id),
      prevHash: row.prev_hash,
      hash: row.hash,
      answers: sealed.answers,
      flags: sealed.flags,
      signature: sealed.signature,
      canonical: sealed.canonical,
      countersign:
        row.cs_staff_id === null
          ? null
          : {
              staffId: String(row.cs_staff_id),
              staffName: row.cs_staff_name ?? '',
              mode: row.cs_mode!,
              at: toClinicIso(row.cs_at!),
              recordedBy: row.cs_recorded_by === null ? null : String(row.cs_recorded_by),
            },
    };
  }

  async append(userId: string, formId: string, reservationId: string, build: (tip: ChainTip) => NewFormResponse): Promise<FormResponse> {
    try {
      const id = await this.knex.transaction(async (trx) => {
        // One person's appends one at a time, so each reads the tip the one before it wrote.
        await trx.raw(SCHEMA_LOCK, [`form-chain:${userId}`]);
        const last = (await trx('form_responses').where('user_id', userId).orderBy('id', 'desc').first('hash')) as { hash: string } | undefined;
        const amends = (await trx('form_responses')
          .where({ user_id: userId, form_id: formId, reservation_id: reservationId })
          .orderBy('id', 'desc')
          .first('id')) as { id: string | number } | undefined;
        const record = build({ prevHash: last?.hash ?? '', amends: amends ? String(amends.id) : null });
        const sealed: Sealed = { answers: record.answers, flags: record.flags, signature: record.signature, canonical: record.canonical };
        const [row] = await trx('form_responses')
          .insert({
            user_id: record.userId,
            reservation_id: record.reservationId,
            form_id: record.formId,
            version_id: record.versionId,
            kind: record.kind,
            language: record.language,
            submitted_at: record.submittedAt,
            amends_id: record.amends,
            prev_hash: record.prevHash,
            hash: record.hash,
            sealed: this.box.seal(JSON.stringify(sealed), sealContext(record)),
            flags_sealed: this.box.seal(JSON.stringify(record.flags), flagsContext(record)),
          })
          .returning('id');
        return String((row as { id: string | number }).id);
      });
      return (await this.findById(id))!;
    } catch (error) {
      return translateDbError(error, {});
    }
  }

  async findById(id: string): Promise<FormResponse | null> {
    if (!isId(id)) return null;
    const row = (await this.select().where('r.id', id).first()) as ResponseRow | undefined;
    return row ? this.toResponse(row) : null;
  }

  async listForReservations(reservationIds: readonly string[]): Promise<FormResponse[]> {
    const wanted = [...new Set(reservationIds.filter(isId))];
    if (wanted.length === 0) return [];
    return ((await this.select().whereIn('r.reservation_id', wanted).orderBy('r.id')) as ResponseRow[]).map((row) => this.toResponse(row));
  }

  async listForPerson(userId: string): Promise<FormResponse[]> {
    if (!isId(userId)) return [];
    return ((await this.select().where('r.user_id', userId).orderBy('r.id')) as ResponseRow[]).map((row) => this.toResponse(row));
  }

  async lastOfForm(userId: string, formId: string): Promise<FormResponse | null> {
    if (!isId(userId) || !isId(formId)) return null;
    const row = (await this.select().where({ 'r.user_id': userId, 'r.form_id': formId }).orderBy('r.id', 'desc').first()) as ResponseRow | undefined;
    return row ? this.toResponse(row) : null;
  }

  async statusFacts(query: StatusQuery): Promise<FormsStatusFacts> {
    const menus = idList(query.menuIds);
    const reservations = idList(query.reservationIds);
    if (menus.length === 0 && reservations.length === 0) return { requirements: [], completions: [], responses: [] };
    // One statement: the status of a calendar's day is read with it, next to the day itself.
    const { rows } = (await this.knex.raw(STATUS_SQL, [menus, idList(query.userIds), reservations]).options(preparedAs(STATUS_SQL))) as { rows: StatusRow[] };
    const row = rows[0]!;
    return {
      requirements: row.requirements.map((each) => ({ menuId: String(each.menu_id), formId: String(each.form_id), when: each.when })),
      completions: row.completions.map((each) => ({ userId: String(each.user_id), formId: String(each.form_id), reservationId: String(each.reservation_id) })),
      responses: row.responses.map((each) => {
        const context = { userId: String(each.user_id), reservationId: String(each.reservation_id), formId: String(each.form_id) };
        // Responses sent before 0075 have their flags in the whole sealed value only.
        const flags = each.flags_sealed
          ? (JSON.parse(this.box.open(each.flags_sealed, flagsContext(context))) as string[])
          : (JSON.parse(this.box.open(each.sealed!, sealContext(context))) as Sealed).flags;
        return { reservationId: context.reservationId, formId: context.formId, kind: each.kind, countersigned: each.countersigned, flags };
      }),
    };
  }

  async completions(userIds: readonly string[], formIds: readonly string[]): Promise<Completion[]> {
    const users = [...new Set(userIds.filter(isId))];
    const forms = [...new Set(formIds.filter(isId))];
    if (users.length === 0 || forms.length === 0) return [];
    // A questionnaire is complete when sent, a consent when countersigned: no need to open anything.
    const rows = (await this.knex('form_responses as r')
      .leftJoin('form_countersigns as c', 'c.response_id', 'r.id')
      .whereIn('r.user_id', users)
      .whereIn('r.form_id', forms)
      .where((q) => q.where('r.kind', 'QUESTIONNAIRE').orWhereNotNull('c.response_id'))
      .distinct('r.user_id', 'r.form_id', 'r.reservation_id')) as { user_id: string | number; form_id: string | number; reservation_id: string | number }[];
    return rows.map((row) => ({ userId: String(row.user_id), formId: String(row.form_id), reservationId: String(row.reservation_id) }));
  }

  async countersign(responseId: string, countersign: Countersign): Promise<FormResponse> {
    try {
      await this.knex('form_countersigns').insert({
        response_id: responseId,
        staff_id: countersign.staffId,
        staff_name: countersign.staffName,
        mode: countersign.mode,
        at: countersign.at,
        recorded_by: countersign.recordedBy,
      });
    } catch (error) {
      // The primary key: one countersign per response, whoever comes second.
      if (sqlState(error) === '23505') throw new DomainRuleViolation({ code: 'ALREADY_COUNTERSIGNED' });
      return translateDbError(error, {});
    }
    return (await this.findById(responseId))!;
  }
}
