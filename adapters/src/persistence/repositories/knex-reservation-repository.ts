import {
  DomainRuleViolation,
  ServiceUnavailableError,
  domainError,
  isLive,
  type Actor,
  type ConflictCode,
  type CreateOptions,
  type FreedTime,
  type MenuBooking,
  type NotificationPreference,
  type NewReservation,
  type OutboxWrite,
  type Recipient,
  type Reservation,
  type ReservationRepositoryPort,
  type ReservationTx,
  type StaffReservationFilter,
  type StatusChange,
  type ReservationStatus,
  type ReservationTask,
  type ReservationView,
  type TaskReplacement,
  type Translations,
} from '@clinic/core';
import type { Knex } from 'knex';
import { END_REMINDERS_OF_R, INSERT_MESSAGES_OF_R, REMINDERS_ENDED, hasOutboxWork, lateJobsOf, type OutboxWriter } from '../messages/outbox-writer';
import { retryTransient, translateWriteError } from '../pg-errors';
import { preparedAs } from '../prepared';
import { transactionIn, transactionOf } from '../transactions';
import { KnexGuestMembers } from './knex-guest-members';
import { translationsOf } from './knex-menu-repository';

const ID = /^\d{1,18}$/;
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The calendar read's text (`listForClinic`), by knex dialect: made once. */
const calendarSql = new Map<string, string>();

/** Thrown inside a transaction to roll it back when the row to change was not there (or had moved on). */
class NothingChanged extends Error {}

interface ReservationRow {
  id: string;
  clinic_id: string;
  user_id: string;
  status: ReservationStatus;
  source: Reservation['source'];
  start_ms: number;
  end_ms: number;
  memo: string;
  campaign: string | null;
  created_ms: number;
  cancelled_ms: number | null;
  confirmed_ms: number | null;
  version: number;
  user_name: string;
  user_kana: string;
  user_number: string | null;
}

/**
 * A reservation naming a member, menu, clinic or resource that does not exist (or was deleted
 * meanwhile): PostgreSQL refuses it with 23503 on these default constraint names; the caller gets
 * the matching "not found" instead of a 500 (issue 16, item 7). The use case checks first; this is
 * for the race.
 */
const RESERVATION_FOREIGN_KEYS = {
  reservations_user_id_fkey: 'USER_NOT_FOUND',
  reservations_clinic_id_fkey: 'CLINIC_NOT_FOUND',
  reservation_menus_menu_id_fkey: 'MENU_NOT_FOUND',
  reservation_tasks_menu_id_fkey: 'MENU_NOT_FOUND',
  reservation_tasks_staff_id_fkey: 'STAFF_NOT_FOUND',
  reservation_tasks_room_id_fkey: 'ROOM_NOT_FOUND',
  reservation_tasks_machine_id_fkey: 'MACHINE_NOT_FOUND',
} as const;
/**
 * How freed time reaches the waitlist inside a transaction (`ReservationTx.offerFreedTime`): the
 * server wires it to the waitlist's matcher on that transaction. `sharedLook`: the transaction
 * holds the clinic's waitlist lock in shared mode already (a status change's look).
 */
export type FreedTimeOffer = (trx: Knex.Transaction, freed: FreedTime, options: { sharedLook?: boolean }) => Promise<void>;

/** A task as the JSON array of `hydrate`: start, end, staff, room, machine, menu, label. */
type TaskTuple = [number, number, string | null, string | null, string | null, string | null, string];

/** The menus of the reservation aliased `r`, as a JSON array of [id, name, translations]. */
const MENUS_OF_R =
  "(select coalesce(json_agg(json_build_array(rm.menu_id::text, m.name, m.translations) order by rm.position), '[]'::json) from reservation_menus rm join menus m on m.id = rm.menu_id where rm.reservation_id = r.id)";

/** A task's columns (but its reservation), for an insert or the JSON of the one-statement booking. */
const taskColumns = (task: ReservationTask, position: number) => ({
  position,
  menu_id: task.menuId,
  label: task.label,
  starts_at: iso(task.startMs),
  ends_at: iso(task.endMs),
  staff_id: task.staffId,
  room_id: task.roomId,
  machine_id: task.machineId,
});

/** The tasks of a reservation as a JSON array of TaskTuple, from `source` aliased `alias`. */
const TASKS_OF = (alias: string, source: string): string =>
  `(select coalesce(json_agg(json_build_array(${epoch(`${alias}.starts_at`)}, ${epoch(`${alias}.ends_at`)}, ${alias}.staff_id::text, ${alias}.room_id::text, ${alias}.machine_id::text, ${alias}.menu_id::text, ${alias}.label) order by ${alias}.position), '[]'::json) from ${source.startsWith('(') ? `${source} ${alias}` : source})`;

/**
 * The change record of a new booking (CreateOptions.recorded), as a data-modifying CTE of the
 * booking's statement over its CTEs `r`, `m` and `t`: `reservation.create` by the reservation's
 * creator, with the view as `after`: the JSON `toView` makes of the statement's answer, key for
 * key (test/contracts/reservation-change-record.test.ts compares the two).
 */
const RECORD_OF_R = `insert into audit_log (actor_type, actor_id, action, entity, entity_id, after)
  select r.created_by_type, r.created_by_id, 'reservation.create', 'reservation', r.id::text, jsonb_build_object(
    'id', r.id::text, 'clinicId', r.clinic_id::text, 'userId', r.user_id::text,
    'menuIds', (select coalesce(jsonb_agg(m.menu_id::text order by m.position), '[]'::jsonb) from m),
    'menuNames', (select coalesce(jsonb_agg(mm.name order by m.position), '[]'::jsonb) from m join menus mm on mm.id = m.menu_id),
    'menuTranslations', (select coalesce(jsonb_agg(coalesce(mm.translations::jsonb, '{}'::jsonb) order by m.position), '[]'::jsonb) from m join menus mm on mm.id = m.menu_id),
    'userName', u.name, 'userKana', u.kana, 'userNumber', u.user_number, 'status', r.status, 'source', r.source,
    'startMs', ${epoch('r.starts_at')}, 'endMs', ${epoch('r.ends_at')},
    'tasks', (select coalesce(jsonb_agg(jsonb_build_object('startMs', ${epoch('t.starts_at')}, 'endMs', ${epoch('t.ends_at')},
      'staffId', t.staff_id::text, 'roomId', t.room_id::text, 'machineId', t.machine_id::text, 'menuId', t.menu_id::text, 'label', t.label) order by t.position), '[]'::jsonb) from t),
    'memo', r.memo, 'campaign', r.campaign, 'createdAtMs', ${epoch('r.created_at')}, 'cancelledAtMs', ${epoch('r.cancelled_at')},
    'confirmedAtMs', ${epoch('r.confirmed_at')}, 'version', r.version)
  from r join users u on u.id = r.user_id`;

/** A json column: node-postgres parses it, a driver that does not hands over the text. */
type JsonColumn<T> = T | string;
const parseJson = <T>(value: JsonColumn<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

type HydratedRow = ReservationRow & { menus: JsonColumn<[string, string, Translations | null][]>; tasks: JsonColumn<TaskTuple[]> };

const toView = (row: HydratedRow): ReservationView => {
  const menus = parseJson(row.menus);
  return {
    id: String(row.id),
    clinicId: String(row.clinic_id),
    userId: String(row.user_id),
    menuIds: menus.map((menu) => menu[0]),
    menuNames: menus.map((menu) => menu[1]),
    menuTranslations: menus.map((menu) => translationsOf(menu[2])),
    userName: row.user_name,
    userKana: row.user_kana,
    userNumber: row.user_number,
    status: row.status,
    source: row.source,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    tasks: parseJson(row.tasks).map(([startMs, endMs, staffId, roomId, machineId, menuId, label]) => ({
      startMs: Number(startMs),
      endMs: Number(endMs),
      staffId,
      roomId,
      machineId,
      menuId,
      label,
    })),
    memo: row.memo,
    campaign: row.campaign,
    createdAtMs: Number(row.created_ms),
    cancelledAtMs: row.cancelled_ms === null ? null : Number(row.cancelled_ms),
    confirmedAtMs: row.confirmed_ms === null || row.confirmed_ms === undefined ? null : Number(row.confirmed_ms),
    version: row.version,
  };
};

/**
 * Reservations with their tasks and allocations: storage only. The rules are the use cases',
 * decided in `inTransaction` (docs/architecture.md, "One booking"). Every write is all or nothing:
 * one statement alone, or a transaction (the caller's, when this repository is bound to one). The
 * exclusion constraint `allocations_no_overlap` is the guard against double booking, and its
 * violation (23P01) becomes the conflict code the caller chose. Serialization failures and
 * deadlocks (40001, 40P01) are retried a few times with jitter, then answered 503.
 */
export class KnexReservationRepository implements ReservationRepositoryPort {
  /**
   * `knex`: the pool, or one transaction (then every write runs in it). `changeChannel`: where each
   * committed change is announced (NOTIFY) for live calendars. `outboxWriter`: writes the messages
   * of a change in its transaction (without it none are written). `freedTime`: the waitlist's
   * matcher, for `ReservationTx.offerFreedTime`.
   */
  constructor(
    private readonly knex: Knex,
    private readonly changeChannel: string | null = null,
    private readonly outboxWriter: OutboxWriter | null = null,
    private readonly freedTime: FreedTimeOffer | null = null,
  ) {}

  inTransaction<T>(work: (tx: ReservationTx) => Promise<T>): Promise<T> {
    const outer = transactionIn(this.knex);
    if (outer) return work(this.txOn(outer));
    return this.translated('RESERVATION_CONFLICT', () => retryTransient('reservation write', () => transactionOf(this.knex, (trx) => work(this.txOn(trx)))));
  }

  /** The writes of one transaction `trx` (a use case's, or the waitlist's around an accepted offer). */
  txOn(trx: Knex.Transaction): ReservationTx {
    const { freedTime } = this;
    return {
      reservations: trx === this.knex ? this : new KnexReservationRepository(trx, this.changeChannel, this.outboxWriter, freedTime),
      guestMembers: new KnexGuestMembers(trx),
      // `select … for update` on the member's row.
      lockMember: async (userId) => {
        if (ID.test(userId)) await trx('users').where('id', userId).forUpdate().first('id');
      },
      offerFreedTime: async (freed, options = {}) => {
        if (!freedTime) throw new Error('freed time offered, but no waitlist is wired to this reservation repository');
        await freedTime(trx, freed, options);
      },
    };
  }

  async create(draft: NewReservation, actor: Actor, conflict: ConflictCode, options: CreateOptions = {}): Promise<ReservationView> {
    const messages = this.outboxWriter && hasOutboxWork(options.outbox) ? options.outbox : null;
    // A new booking's messages go in with it, in its own statement (a booking cancels none).
    const prepared = messages && !messages.cancelReminders ? this.outboxWriter!.prepare(messages) : null;
    const createSql = this.createSql(prepared !== null, prepared?.jobsStatement?.sql ?? null, options.recorded === true);
    const write = (runner: Knex) =>
      runner
        .raw(createSql, [
          draft.clinicId,
          draft.userId,
          draft.source,
          iso(draft.startMs),
          iso(draft.endMs),
          draft.memo,
          draft.campaign,
          draft.cancelTokenHash,
          draft.visitTokenHash ?? null,
          actor.type,
          actor.id,
          draft.language ?? null,
          draft.lineUserId ?? null,
          // menu_ids written with the row: the trigger on reservation_menus (0073) then finds it
          // equal and leaves the row alone, instead of a second version of it per booking.
          [...draft.menuIds],
          JSON.stringify(draft.menuIds),
          JSON.stringify(draft.tasks.map(taskColumns)),
          draft.clinicId,
          ...(prepared ? [prepared.json] : []),
          ...((prepared?.jobsStatement?.bindings ?? []) as (string | null)[]),
          ...(this.changeChannel ? [this.changeChannel, draft.clinicId, draft.startMs, draft.endMs] : []),
        ])
        .options(preparedAs(createSql)) as unknown as Promise<{ rows: HydratedRow[] }>;
    if (!messages || (prepared && !lateJobsOf(prepared))) {
      // One statement: the reservation, its menus, tasks and allocations, its messages and their
      // delivery jobs, the NOTIFY and the view answered, in one round trip and one implicit
      // transaction (all or nothing), or as one statement of the caller's transaction.
      const { rows } = await this.single(conflict, write);
      return toView(rows[0]!);
    }
    // Jobs the statement does not insert itself: the statement and them in one transaction.
    const { rows } = await this.transact(conflict, async (trx) => {
      const written = await write(trx);
      if (prepared) await this.outboxWriter!.enqueue(trx, prepared);
      else await this.outboxWriter!.write(trx, { clinicId: draft.clinicId, reservationId: String(written.rows[0]!.id), userId: draft.userId }, messages);
      return written;
    });
    return toView(rows[0]!);
  }

  /**
   * The statement of `create`: the reservation, its menus, tasks, allocations and, `withMessages`,
   * its confirmation and reminders (their delivery jobs follow in the same transaction: the queue
   * writes its own table). Data-modifying CTEs all run, in one snapshot:
   * the answer is built from their RETURNING rows (the new rows are not visible to the statement
   * itself). An overlapping hold fails the whole statement with 23P01.
   */
  private createSql(withMessages: boolean, jobsSql: string | null, recorded: boolean): string {
    return `
with r as (
  insert into reservations (clinic_id, user_id, status, source, starts_at, ends_at, memo, campaign, cancel_token_hash, visit_token_hash, created_by_type, created_by_id, language, line_user_id, menu_ids)
  values (?::bigint, ?::bigint, 'RESERVED', ?, ?::timestamptz, ?::timestamptz, ?, ?, ?, ?, ?, ?, ?, ?, ?::bigint[])
  returning *
), m as (
  insert into reservation_menus (reservation_id, position, menu_id)
  select r.id, (x.ord - 1)::smallint, x.menu_id::bigint from r, json_array_elements_text(?::json) with ordinality as x(menu_id, ord)
  returning reservation_id, position, menu_id
), t as (
  insert into reservation_tasks (reservation_id, position, menu_id, label, starts_at, ends_at, staff_id, room_id, machine_id)
  select r.id, x.position, x.menu_id, x.label, x.starts_at, x.ends_at, x.staff_id, x.room_id, x.machine_id
  from r, json_to_recordset(?::json) as x(position smallint, menu_id bigint, label text, starts_at timestamptz, ends_at timestamptz, staff_id bigint, room_id bigint, machine_id bigint)
  returning id, position, menu_id, label, starts_at, ends_at, staff_id, room_id, machine_id
), a as (
  insert into allocations (clinic_id, resource_type, resource_id, during, live, reservation_task_id)
  select ?::bigint, v.type, v.id, tstzrange(t.starts_at, t.ends_at, '[)'), true, t.id
  from t cross join lateral (values ('STAFF', t.staff_id), ('ROOM', t.room_id), ('MACHINE', t.machine_id)) as v(type, id)
  where v.id is not null
)${withMessages ? `, msg as (${INSERT_MESSAGES_OF_R})` : ''}${jobsSql ? `, jobs as (${jobsSql})` : ''}${recorded ? `, rec as (${RECORD_OF_R})` : ''}
select u.name as user_name, u.kana as user_kana, u.user_number, r.id, r.clinic_id, r.user_id, r.status, r.source, r.memo, r.campaign, r.version,
  ${epoch('r.starts_at')} as start_ms, ${epoch('r.ends_at')} as end_ms, ${epoch('r.created_at')} as created_ms, ${epoch('r.cancelled_at')} as cancelled_ms, ${epoch('r.confirmed_at')} as confirmed_ms,
  (select coalesce(json_agg(json_build_array(m.menu_id::text, mm.name, mm.translations) order by m.position), '[]'::json) from m join menus mm on mm.id = m.menu_id) as menus,
  ${TASKS_OF('t', '(select * from t)')} as tasks
  ${this.changeChannel ? ", pg_notify(?, json_build_object('clinicId', ?::text, 'fromMs', ?::bigint, 'toMs', ?::bigint)::text) as notified" : ''}
from r join users u on u.id = r.user_id`;
  }

  async findById(id: string): Promise<ReservationView | null> {
    if (!ID.test(id)) return null;
    const [reservation] = await this.hydrate(this.base().where('r.id', id));
    return reservation ?? null;
  }

  async findWithRecipient(id: string): Promise<{ reservation: ReservationView; recipient: Recipient | null } | null> {
    if (!ID.test(id)) return null;
    const [row] = await this.hydratedRows<{ email: string | null; line_user_id: string | null; notification_channel: NotificationPreference | null }>(
      this.base().where('r.id', id).select('u.email', 'u.line_user_id', 'u.notification_channel'),
    );
    if (!row) return null;
    return { reservation: toView(row), recipient: { email: row.email, lineUserId: row.line_user_id, preference: row.notification_channel } };
  }

  async findByCancelTokenHash(hash: string): Promise<ReservationView | null> {
    const [reservation] = await this.hydrate(this.base().where('r.cancel_token_hash', hash));
    return reservation ?? null;
  }

  async findByVisitTokenHash(hash: string): Promise<ReservationView | null> {
    const [reservation] = await this.hydrate(this.base().where('r.visit_token_hash', hash));
    return reservation ?? null;
  }

  async listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]> {
    if (!ID.test(clinicId)) return [];
    // The calendar's read, its text made by knex once (per dialect) and then sent as it is: built
    // at every call, and compiled twice (once for its prepared name), it cost the server more than
    // turning its answer into views (docs/benchmarks.md, "The calendar's text, made once").
    const dialect = String(this.knex.client.dialect);
    let sql = calendarSql.get(dialect);
    if (sql === undefined) {
      sql = this.withMenusAndTasks(
        this.base().where('r.clinic_id', '0').whereRaw('tstzrange(r.starts_at, r.ends_at) && tstzrange(?, ?)', ['', '']).orderBy(['r.starts_at', 'r.id']),
      ).toSQL().sql;
      calendarSql.set(dialect, sql);
    }
    const { rows } = (await this.knex.raw(sql, [clinicId, iso(fromMs), iso(toMs)]).options(preparedAs(sql))) as { rows: HydratedRow[] };
    return rows.map(toView);
  }

  async searchForClinic(clinicId: string, fromMs: number, toMs: number, filter: StaffReservationFilter): Promise<ReservationView[]> {
    if (!ID.test(clinicId) || (filter.userId !== undefined && !ID.test(filter.userId))) return [];
    const query = this.base()
      .where('r.clinic_id', clinicId)
      .whereRaw('tstzrange(r.starts_at, r.ends_at) && tstzrange(?, ?)', [iso(fromMs), iso(toMs)]);
    if (filter.userId) query.where('r.user_id', filter.userId);
    if (filter.status) query.where('r.status', filter.status);
    if (filter.keyword) {
      // A part of the name or kana, as typed (LIKE's own characters taken literally), or the whole number.
      const part = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((q) => q.whereRaw('lower(u.name) like ?', [part]).orWhereRaw('lower(u.kana) like ?', [part]).orWhere('u.user_number', filter.keyword!));
    }
    return this.hydrate(query.orderBy(['r.starts_at', 'r.id']));
  }

  async listForMember(userId: string): Promise<ReservationView[]> {
    if (!ID.test(userId)) return [];
    return this.hydrate(this.base().where('r.user_id', userId).orderBy('r.starts_at', 'desc').orderBy('r.id', 'desc'));
  }

  async recent(clinicId: string, kind: 'created' | 'cancelled', limit: number): Promise<ReservationView[]> {
    if (!ID.test(clinicId)) return [];
    const query = this.base().where('r.clinic_id', clinicId).limit(limit);
    if (kind === 'created') query.orderBy('r.created_at', 'desc');
    else query.whereNotNull('r.cancelled_at').orderBy('r.cancelled_at', 'desc');
    return this.hydrate(query.orderBy('r.id', 'desc'));
  }

  async setStatus(id: string, status: ReservationStatus, actor: Actor, expectedVersion?: number, outbox?: OutboxWrite): Promise<ReservationView | null> {
    return (await this.changeStatus(id, status, actor, expectedVersion, outbox, { lookForWaiting: false }))?.reservation ?? null;
  }

  /**
   * One statement: the status, the allocations made live or not, the reminders it ends, the notice
   * and reminders it writes with their delivery jobs (pg-boss's own insert), the NOTIFY and the view
   * answered. Tasks and menus do not change, so the statement's own snapshot still shows them. With
   * `expectedVersion` the update applies only to that version: a concurrent change that committed
   * first makes PostgreSQL re-check the row after its lock and skip it (RESERVATION_CHANGED).
   * `lookForWaiting` (freed time, in the caller's transaction): the statement takes the clinic's
   * waitlist lock in shared mode and looks whether anyone waits (`waitlist_lock_and_look`,
   * migration 0023; the core asks only for a visit still ahead). So a cancel is `BEGIN`, this statement and
   * `COMMIT` when nobody waits, and cancels of one clinic do not wait for one another.
   */
  async changeStatus(
    id: string,
    status: ReservationStatus,
    actor: Actor,
    expectedVersion: number | undefined,
    outbox: OutboxWrite | undefined,
    { lookForWaiting }: { readonly lookForWaiting: boolean },
  ): Promise<StatusChange | null> {
    if (!ID.test(id)) return null;
    // Leaving RESERVED/VISITED (a cancel, a no-show) is stamped with its time and actor.
    const cancelled = !isLive(status);
    const messages = this.outboxWriter && hasOutboxWork(outbox) ? outbox : null;
    const prepared = messages && messages.messages.length > 0 ? this.outboxWriter!.prepare(messages) : null;
    const bindings: unknown[] = [
      status,
      cancelled,
      cancelled ? actor.type : null,
      cancelled ? actor.id : null,
      id,
      expectedVersion ?? null,
      expectedVersion ?? null,
      isLive(status),
    ];
    let sql = `
with r as (
  update reservations set status = ?, updated_at = now(), version = version + 1,
    cancelled_at = case when ? then now() end, cancelled_by_type = ?, cancelled_by_id = ?
  where id = ?::bigint and (?::integer is null or version = ?::integer)
  returning *
), a as (
  update allocations al set live = ? from reservation_tasks rt, r where al.reservation_task_id = rt.id and rt.reservation_id = r.id
)`;
    if (messages?.cancelReminders) {
      sql += `, ended as (${END_REMINDERS_OF_R})`;
      bindings.push(REMINDERS_ENDED);
    }
    if (prepared) {
      sql += `, msg as (${INSERT_MESSAGES_OF_R})`;
      bindings.push(prepared.json);
      if (prepared.jobsStatement) {
        sql += `, jobs as (${prepared.jobsStatement.sql})`;
        bindings.push(...prepared.jobsStatement.bindings);
      }
    }
    sql += `
select u.name as user_name, u.kana as user_kana, u.user_number, r.id, r.clinic_id, r.user_id, r.status, r.source, r.memo, r.campaign, r.version,
  ${epoch('r.starts_at')} as start_ms, ${epoch('r.ends_at')} as end_ms, ${epoch('r.created_at')} as created_ms, ${epoch('r.cancelled_at')} as cancelled_ms, ${epoch('r.confirmed_at')} as confirmed_ms,
  ${MENUS_OF_R} as menus,
  ${TASKS_OF('t', 'reservation_tasks t where t.reservation_id = r.id')} as tasks
  ${this.changeChannel ? `, pg_notify(?, json_build_object('clinicId', r.clinic_id::text, 'fromMs', ${epoch('r.starts_at')}::bigint, 'toMs', ${epoch('r.ends_at')}::bigint)::text) as notified` : ''}
  ${lookForWaiting ? ', waitlist_lock_and_look(r.clinic_id) as waitlist_waiting' : ''}
from r join users u on u.id = r.user_id`;
    if (this.changeChannel) bindings.push(this.changeChannel);
    type Row = HydratedRow & { waitlist_waiting?: boolean };
    const statement = (runner: Knex) => runner.raw(sql, bindings as Knex.RawBinding[]).options(preparedAs(sql)) as unknown as Promise<{ rows: Row[] }>;
    // Jobs the statement does not insert itself, or a look (its lock lasts to the end of the
    // transaction), need a transaction around it; a version that moved on rolls it back (no
    // delivery job without its message). Bound to the caller's transaction, the caller rolls back.
    const lateJobs = prepared !== null && lateJobsOf(prepared);
    const outer = transactionIn(this.knex);
    let rows: Row[];
    if (outer || !(lookForWaiting || lateJobs || prepared?.jobsStatement)) {
      rows = (await this.single('RESOURCE_COLLISION', statement)).rows;
      if (outer && rows[0] && lateJobs) await this.outboxWriter!.enqueue(outer, prepared);
    } else {
      try {
        rows = await this.transact('RESOURCE_COLLISION', async (trx) => {
          const written = await statement(trx);
          if (!written.rows[0]) throw new NothingChanged();
          if (lateJobs) await this.outboxWriter!.enqueue(trx, prepared);
          return written.rows;
        });
      } catch (error) {
        if (!(error instanceof NothingChanged)) throw error;
        rows = [];
      }
    }
    const row = rows[0];
    if (row) return { reservation: toView(row), waiting: row.waitlist_waiting === true };
    if (expectedVersion !== undefined && (await this.knex('reservations').where('id', id).first('id'))) {
      throw new DomainRuleViolation(domainError('RESERVATION_CHANGED'));
    }
    return null;
  }

  async replaceTasks(
    id: string,
    change: TaskReplacement,
    conflict: ConflictCode,
    expectedVersion?: number,
    outbox?: OutboxWrite,
  ): Promise<ReservationView | null> {
    if (!ID.test(id)) return null;
    const messages = this.outboxWriter && hasOutboxWork(outbox) ? outbox : null;
    const found = await this.transact(conflict, async (trx) => {
      const current = await trx('reservations')
        .where('id', id)
        .forUpdate()
        .first('*', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`));
      if (!current) return false;
      if (expectedVersion !== undefined && Number(current.version) !== expectedVersion) throw new DomainRuleViolation(domainError('RESERVATION_CHANGED'));
      await trx('reservation_tasks').where('reservation_id', id).delete();
      await this.insertTasks(trx, id, String(current.clinic_id), change.tasks, isLive(current.status));
      const { startMs, endMs } = change;
      await trx('reservations')
        .where('id', id)
        .update({
          starts_at: iso(startMs),
          ends_at: iso(endMs),
          ...(change.clearConfirmation ? { confirmed_at: null } : {}),
          updated_at: trx.fn.now(),
          version: trx.raw('version + 1'),
          ...(change.memo !== undefined ? { memo: change.memo } : {}),
        });
      await this.notify(trx, String(current.clinic_id), Math.min(startMs, Number(current.start_ms)), Math.max(endMs, Number(current.end_ms)));
      if (change.menuIds) {
        await trx('reservation_menus').where('reservation_id', id).delete();
        if (change.menuIds.length > 0) {
          await trx('reservation_menus').insert(change.menuIds.map((menuId, position) => ({ reservation_id: id, position, menu_id: menuId })));
        }
      }
      if (messages) await this.outboxWriter!.write(trx, { clinicId: String(current.clinic_id), reservationId: id, userId: String(current.user_id) }, messages);
      return true;
    });
    return found ? this.findById(id) : null;
  }

  async confirm(id: string, atMs: number, expectedVersion: number): Promise<{ reservation: ReservationView; first: boolean } | null> {
    if (!ID.test(id)) return null;
    // The row is locked while its version is compared, so a cancel or a move committed just before
    // wins, and of two confirmations at once only the first records.
    const first = await this.knex.transaction(async (trx) => {
      const row = (await trx('reservations')
        .where('id', id)
        .forUpdate()
        .first('clinic_id', 'version', 'confirmed_at', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`))) as
        { clinic_id: string; version: number; confirmed_at: Date | null; start_ms: number; end_ms: number } | undefined;
      if (!row || Number(row.version) !== expectedVersion) return null;
      if (row.confirmed_at !== null) return false;
      await trx('reservations')
        .where('id', id)
        .update({ confirmed_at: iso(atMs), updated_at: trx.fn.now() });
      await this.notify(trx, String(row.clinic_id), Number(row.start_ms), Number(row.end_ms));
      return true;
    });
    if (first === null) return null;
    const reservation = await this.findById(id);
    return reservation ? { reservation, first } : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return this.transact('RESOURCE_COLLISION', async (trx) => {
      const deleted = await trx('reservations')
        .where('id', id)
        .delete()
        .returning(['clinic_id', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`)] as never);
      const row = (deleted as unknown as Array<{ clinic_id: string; start_ms: number; end_ms: number }>)[0];
      if (!row) return false;
      await this.notify(trx, String(row.clinic_id), Number(row.start_ms), Number(row.end_ms));
      return true;
    });
  }

  /** NOTIFY inside the transaction: delivered to every listening server exactly when it commits. */
  private async notify(trx: Knex.Transaction, clinicId: string, fromMs: number, toMs: number): Promise<void> {
    if (!this.changeChannel) return;
    await trx.raw('select pg_notify(?, ?)', [this.changeChannel, JSON.stringify({ clinicId, fromMs, toMs })]);
  }

  async menuBookingsOf(userId: string, menuId: string): Promise<MenuBooking[]> {
    if (!ID.test(userId) || !ID.test(menuId)) return [];
    const rows = (await this.knex('reservations as r')
      .join('reservation_menus as m', 'm.reservation_id', 'r.id')
      .where('r.user_id', userId)
      .where('m.menu_id', menuId)
      .select('r.id', 'r.status', this.knex.raw(`${epoch('r.ends_at')} as end_ms`))) as { id: string; status: ReservationStatus; end_ms: number }[];
    return rows.map((row) => ({ id: String(row.id), status: row.status, endMs: Number(row.end_ms) }));
  }

  private base(): Knex.QueryBuilder {
    return this.knex('reservations as r')
      .join('users as u', 'u.id', 'r.user_id')
      .select(
        'u.name as user_name',
        'u.kana as user_kana',
        'u.user_number',
        'r.id',
        'r.clinic_id',
        'r.user_id',
        'r.status',
        'r.source',
        'r.memo',
        'r.campaign',
        'r.version',
        this.knex.raw(`${epoch('r.starts_at')} as start_ms`),
        this.knex.raw(`${epoch('r.ends_at')} as end_ms`),
        this.knex.raw(`${epoch('r.created_at')} as created_ms`),
        this.knex.raw(`${epoch('r.cancelled_at')} as cancelled_ms`),
        this.knex.raw(`${epoch('r.confirmed_at')} as confirmed_ms`),
      );
  }

  /**
   * One round trip: each reservation row carries its menus and tasks as JSON arrays (correlated
   * subqueries on the reservation id), instead of two more queries per read.
   */
  private async hydrate(query: Knex.QueryBuilder): Promise<ReservationView[]> {
    return (await this.hydratedRows(query)).map(toView);
  }

  /** `query` (on `base()`) selecting its reservations' menus and tasks too. */
  private withMenusAndTasks(query: Knex.QueryBuilder): Knex.QueryBuilder {
    return query.select(
      this.knex.raw(`${MENUS_OF_R} as menus`),
      this.knex.raw(`${TASKS_OF('t', 'reservation_tasks t where t.reservation_id = r.id')} as tasks`),
    );
  }

  /** The rows of `query` (on `base()`) with their menus and tasks, and whatever else it selects. */
  private async hydratedRows<Extra extends object = object>(query: Knex.QueryBuilder): Promise<(HydratedRow & Extra)[]> {
    const full = this.withMenusAndTasks(query);
    // A prepared statement per shape (a handful: by id, by token, the calendar's range, the search's
    // filters): the calendar's read was planned at every call, 0.5 ms of PostgreSQL's time each.
    return (await full.options(preparedAs(full.toSQL().sql))) as (HydratedRow & Extra)[];
  }

  private async insertTasks(trx: Knex.Transaction, reservationId: string, clinicId: string, tasks: readonly ReservationTask[], live: boolean): Promise<void> {
    const inserted = await trx('reservation_tasks')
      .insert(tasks.map((task, position) => ({ reservation_id: reservationId, ...taskColumns(task, position) })))
      .returning(['id', 'position']);
    const idOf = new Map((inserted as Array<{ id: string; position: number }>).map((row) => [Number(row.position), String(row.id)]));
    const allocations = tasks.flatMap((task, position) =>
      (
        [
          ['STAFF', task.staffId],
          ['ROOM', task.roomId],
          ['MACHINE', task.machineId],
        ] as const
      )
        .filter(([, resourceId]) => resourceId !== null)
        .map(([type, resourceId]) => ({
          clinic_id: clinicId,
          resource_type: type,
          resource_id: resourceId,
          during: trx.raw("tstzrange(?, ?, '[)')", [iso(task.startMs), iso(task.endMs)]),
          live,
          reservation_task_id: idOf.get(position),
        })),
    );
    if (allocations.length > 0) await trx('allocations').insert(allocations);
  }

  /**
   * `work` in a transaction: the one this repository is bound to, else a new one (run again on a
   * deadlock). The double-booking guard and missing rows are translated either way.
   */
  private transact<T>(conflict: ConflictCode, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const outer = transactionIn(this.knex);
    return outer ? this.translated(conflict, () => work(outer)) : this.withRetries(conflict, () => this.knex.transaction(work));
  }

  /** One statement: in the transaction this repository is bound to, else alone (its own implicit transaction, run again on a deadlock). */
  private single<T>(conflict: ConflictCode, work: (runner: Knex) => Promise<T>): Promise<T> {
    return transactionIn(this.knex) ? this.translated(conflict, () => work(this.knex)) : this.withRetries(conflict, () => work(this.knex));
  }

  /** Runs `work` (a transaction or one statement) alone, retrying transient failures, then translated. */
  private withRetries<T>(conflict: ConflictCode, work: () => Promise<T>): Promise<T> {
    return this.translated(conflict, () => retryTransient('reservation write', work));
  }

  /**
   * `work`, its storage failures translated: 23P01 on the guard is `conflict`, a broken foreign key
   * the matching "not found", a lost database 503; a deadlock's loser passes on as it is (for the
   * retry around its transaction).
   */
  private async translated<T>(conflict: ConflictCode, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainRuleViolation || error instanceof ServiceUnavailableError) throw error;
      return translateWriteError(error, { allocations_no_overlap: conflict }, RESERVATION_FOREIGN_KEYS);
    }
  }
}
