import {
  DomainRuleViolation,
  ServiceUnavailableError,
  isLive,
  type Actor,
  type ConflictCode,
  type GuestDetails,
  type NewReservation,
  type Reservation,
  type ReservationRepositoryPort,
  type ReservationStatus,
  type ReservationTask,
  type ReservationView,
} from '@clinic/core';
import type { Knex } from 'knex';
import { sqlState, translateDbError } from '../pg-errors';

const ID = /^\d{1,18}$/;
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const iso = (ms: number) => new Date(ms).toISOString();
const RETRIES = 4;

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
  version: number;
  user_name: string;
  user_kana: string;
  user_number: string | null;
}

interface TaskRow {
  reservation_id: string;
  position: number;
  menu_id: string | null;
  label: string;
  start_ms: number;
  end_ms: number;
  staff_id: string | null;
  room_id: string | null;
  machine_id: string | null;
}

const str = (value: string | number | null): string | null => (value === null ? null : String(value));

/**
 * Reservations with their tasks and allocations. Every write is one transaction; the exclusion
 * constraint `allocations_no_overlap` is the guard against double booking, and its violation
 * (23P01) becomes the conflict code the caller chose. Serialization failures and deadlocks
 * (40001, 40P01) are retried a few times with jitter, then answered 503.
 */
export class KnexReservationRepository implements ReservationRepositoryPort {
  /** `changeChannel`: where each committed change is announced (NOTIFY) for live calendars. */
  constructor(
    private readonly knex: Knex,
    private readonly changeChannel: string | null = null,
  ) {}

  async create(draft: NewReservation, actor: Actor, conflict: ConflictCode, guest?: GuestDetails): Promise<ReservationView> {
    const id = await this.inTransaction(conflict, async (trx) => {
      const userId = draft.userId ?? (await this.findOrCreateGuest(trx, guest!));
      const [row] = await trx('reservations')
        .insert({
          clinic_id: draft.clinicId,
          user_id: userId,
          status: 'RESERVED',
          source: draft.source,
          starts_at: iso(draft.startMs),
          ends_at: iso(draft.endMs),
          memo: draft.memo,
          campaign: draft.campaign,
          cancel_token_hash: draft.cancelTokenHash,
          created_by_type: actor.type,
          created_by_id: actor.id,
        })
        .returning('id');
      const reservationId = String(row.id);
      if (draft.menuIds.length > 0) {
        await trx('reservation_menus').insert(draft.menuIds.map((menuId, position) => ({ reservation_id: reservationId, position, menu_id: menuId })));
      }
      await this.insertTasks(trx, reservationId, draft.clinicId, draft.tasks, true);
      await this.notify(trx, draft.clinicId, draft.startMs, draft.endMs);
      return reservationId;
    });
    return (await this.findById(id))!;
  }

  async findById(id: string): Promise<ReservationView | null> {
    if (!ID.test(id)) return null;
    const [reservation] = await this.hydrate(this.base().where('r.id', id));
    return reservation ?? null;
  }

  async findByCancelTokenHash(hash: string): Promise<ReservationView | null> {
    const [reservation] = await this.hydrate(this.base().where('r.cancel_token_hash', hash));
    return reservation ?? null;
  }

  async listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]> {
    if (!ID.test(clinicId)) return [];
    return this.hydrate(
      this.base()
        .where('r.clinic_id', clinicId)
        .whereRaw('tstzrange(r.starts_at, r.ends_at) && tstzrange(?, ?)', [iso(fromMs), iso(toMs)])
        .orderBy(['r.starts_at', 'r.id']),
    );
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

  async setStatus(id: string, status: ReservationStatus, actor: Actor): Promise<ReservationView | null> {
    if (!ID.test(id)) return null;
    const cancelled = status === 'CANCELLED' || status === 'NOT_VISITED';
    const found = await this.inTransaction('RESOURCE_COLLISION', async (trx) => {
      const updated = await trx('reservations')
        .where('id', id)
        .update({
          status,
          updated_at: trx.fn.now(),
          version: trx.raw('version + 1'),
          cancelled_at: cancelled ? trx.fn.now() : null,
          cancelled_by_type: cancelled ? actor.type : null,
          cancelled_by_id: cancelled ? actor.id : null,
        });
      if (updated === 0) return false;
      const span = await trx('reservations').where('id', id).first('clinic_id', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`));
      await this.notify(trx, String(span.clinic_id), Number(span.start_ms), Number(span.end_ms));
      await trx('allocations')
        .whereIn('reservation_task_id', trx('reservation_tasks').select('id').where('reservation_id', id))
        .update({ live: isLive(status) });
      return true;
    });
    return found ? this.findById(id) : null;
  }

  async replaceTasks(
    id: string,
    change: { tasks: readonly ReservationTask[]; menuIds?: readonly string[]; memo?: string },
    conflict: ConflictCode,
  ): Promise<ReservationView | null> {
    if (!ID.test(id)) return null;
    const found = await this.inTransaction(conflict, async (trx) => {
      const current = await trx('reservations').where('id', id).forUpdate().first('*', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`));
      if (!current) return false;
      await trx('reservation_tasks').where('reservation_id', id).delete();
      await this.insertTasks(trx, id, String(current.clinic_id), change.tasks, isLive(current.status));
      const startMs = Math.min(...change.tasks.map((task) => task.startMs));
      const endMs = Math.max(...change.tasks.map((task) => task.endMs));
      await trx('reservations')
        .where('id', id)
        .update({
          starts_at: iso(startMs),
          ends_at: iso(endMs),
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
      return true;
    });
    return found ? this.findById(id) : null;
  }

  async delete(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return this.knex.transaction(async (trx) => {
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

  async hasLiveReservationOfMenu(userId: string, menuId: string, nowMs: number, exceptId?: string): Promise<boolean> {
    if (!ID.test(userId) || !ID.test(menuId)) return false;
    const query = this.knex('reservations as r')
      .join('reservation_menus as m', 'm.reservation_id', 'r.id')
      .where('r.user_id', userId)
      .where('m.menu_id', menuId)
      .where('r.status', 'RESERVED')
      .where('r.ends_at', '>', iso(nowMs))
      .first('r.id');
    if (exceptId) query.whereNot('r.id', exceptId);
    return Boolean(await query);
  }

  private base(): Knex.QueryBuilder {
    return this.knex('reservations as r').join('users as u', 'u.id', 'r.user_id').select(
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
    );
  }

  private async hydrate(query: Knex.QueryBuilder): Promise<ReservationView[]> {
    const rows = (await query) as ReservationRow[];
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [menus, tasks] = await Promise.all([
      this.knex('reservation_menus as rm')
        .join('menus', 'menus.id', 'rm.menu_id')
        .select('rm.reservation_id', 'rm.menu_id', 'menus.name')
        .whereIn('rm.reservation_id', ids)
        .orderBy(['rm.reservation_id', 'rm.position']),
      this.knex('reservation_tasks')
        .select('reservation_id', 'position', 'menu_id', 'label', 'staff_id', 'room_id', 'machine_id', this.knex.raw(`${epoch('starts_at')} as start_ms`), this.knex.raw(`${epoch('ends_at')} as end_ms`))
        .whereIn('reservation_id', ids)
        .orderBy(['reservation_id', 'position']),
    ]);
    const menusOf = new Map<string, Array<{ id: string; name: string }>>();
    for (const menu of menus as Array<{ reservation_id: string; menu_id: string; name: string }>) {
      const key = String(menu.reservation_id);
      menusOf.set(key, [...(menusOf.get(key) ?? []), { id: String(menu.menu_id), name: menu.name }]);
    }
    const tasksOf = new Map<string, ReservationTask[]>();
    for (const task of tasks as TaskRow[]) {
      const key = String(task.reservation_id);
      tasksOf.set(key, [
        ...(tasksOf.get(key) ?? []),
        {
          startMs: Number(task.start_ms),
          endMs: Number(task.end_ms),
          staffId: str(task.staff_id),
          roomId: str(task.room_id),
          machineId: str(task.machine_id),
          menuId: str(task.menu_id),
          label: task.label,
        },
      ]);
    }
    return rows.map((row) => ({
      id: String(row.id),
      clinicId: String(row.clinic_id),
      userId: String(row.user_id),
      menuIds: (menusOf.get(String(row.id)) ?? []).map((menu) => menu.id),
      menuNames: (menusOf.get(String(row.id)) ?? []).map((menu) => menu.name),
      userName: row.user_name,
      userKana: row.user_kana,
      userNumber: row.user_number,
      status: row.status,
      source: row.source,
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      tasks: tasksOf.get(String(row.id)) ?? [],
      memo: row.memo,
      campaign: row.campaign,
      createdAtMs: Number(row.created_ms),
      cancelledAtMs: row.cancelled_ms === null ? null : Number(row.cancelled_ms),
      version: row.version,
    }));
  }

  private async insertTasks(trx: Knex.Transaction, reservationId: string, clinicId: string, tasks: readonly ReservationTask[], live: boolean): Promise<void> {
    const inserted = await trx('reservation_tasks')
      .insert(
        tasks.map((task, position) => ({
          reservation_id: reservationId,
          position,
          menu_id: task.menuId,
          label: task.label,
          starts_at: iso(task.startMs),
          ends_at: iso(task.endMs),
          staff_id: task.staffId,
          room_id: task.roomId,
          machine_id: task.machineId,
        })),
      )
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

  private async findOrCreateGuest(trx: Knex.Transaction, guest: GuestDetails): Promise<string> {
    const name = guest.name.trim().replace(/\s+/g, ' ');
    const phone = guest.phone.replace(/[^0-9+]/g, '');
    const existing = await trx('users')
      .where('clinic_id', guest.clinicId)
      .whereRaw("regexp_replace(phone, '[^0-9+]', '', 'g') = ?", [phone])
      .whereRaw("regexp_replace(trim(name), '\\s+', ' ', 'g') = ?", [name])
      .orderBy('id')
      .first('id');
    if (existing) return String(existing.id);
    // The email is kept on the new 仮会員 unless another member already uses it.
    const email = guest.email?.trim() || null;
    const taken = email ? await trx('users').whereRaw('lower(email) = lower(?)', [email]).first('id') : null;
    const [row] = await trx('users')
      .insert({ clinic_id: guest.clinicId, name, kana: guest.kana.trim(), phone: guest.phone.trim(), email: taken ? null : email, status: 'TEMPORARY' })
      .returning('id');
    return String(row.id);
  }

  /** Runs `work` in a transaction, mapping the double-booking guard and retrying transient failures. */
  private async inTransaction<T>(conflict: ConflictCode, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.knex.transaction(work);
      } catch (error) {
        const state = sqlState(error);
        if ((state === '40001' || state === '40P01') && attempt < RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
          continue;
        }
        if (state === '40001' || state === '40P01') throw new ServiceUnavailableError('reservation write kept failing', { cause: error });
        if (error instanceof DomainRuleViolation) throw error;
        return translateDbError(error, { allocations_no_overlap: conflict });
      }
    }
  }
}
