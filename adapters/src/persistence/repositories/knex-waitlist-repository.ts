import { nameKey, phoneKey, waitlistPersonKey } from '@clinic/core';
import type {
  DueOffer,
  HeldOffer,
  NewMessage,
  NewWaitlistEntry,
  ReservationTx,
  ReservationTask,
  WaitlistEntry,
  WaitlistGuest,
  WaitlistRepositoryPort,
  WaitlistStatus,
  WaitlistTx,
  AvailabilitySourcePort,
  Translations,
} from '@clinic/core';
import type { Knex } from 'knex';
import type { OutboxWriter } from '../messages/outbox-writer';
import { retryTransient, sqlState } from '../pg-errors';
import { transactionOf } from '../transactions';
import { translationsOf } from './knex-menu-repository';
import { KnexNoShowRecords } from './knex-no-show-records';
import { SCHEMA_LOCK } from './schema-lock';

const ID = /^\d{1,18}$/;
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const iso = (ms: number) => new Date(ms).toISOString();
type JsonColumn<T> = T | string;
const parseJson = <T>(value: JsonColumn<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface EntryRow {
  id: string;
  clinic_id: string;
  menu_id: string;
  menu_name: string;
  menu_translations: JsonColumn<Translations> | null;
  user_id: string | null;
  user_name: string | null;
  guest: JsonColumn<WaitlistGuest> | null;
  from_day: string;
  to_day: string;
  times: JsonColumn<{ start: string; end: string }[]>;
  status: WaitlistStatus;
  reservation_id: string | null;
  created_ms: number;
  offer: JsonColumn<{ id: string; start_ms: number; end_ms: number; hold_from_ms: number; expires_ms: number; tasks: ReservationTask[] }> | null;
}

/** Entries with their menu's name, the person's name and the open offer, in one query. */
const ENTRY_SELECT = `
select e.id::text, e.clinic_id::text, e.menu_id::text, m.name as menu_name, m.translations as menu_translations, e.user_id::text, u.name as user_name, e.guest,
  to_char(e.from_day, 'YYYY-MM-DD') as from_day, to_char(e.to_day, 'YYYY-MM-DD') as to_day, e.times, e.status,
  e.reservation_id::text, ${epoch('e.created_at')} as created_ms,
  (select json_build_object('id', o.id::text, 'start_ms', ${epoch('o.starts_at')}, 'end_ms', ${epoch('o.ends_at')},
          'hold_from_ms', ${epoch('o.hold_from')}, 'expires_ms', ${epoch('o.expires_at')}, 'tasks', o.tasks)
     from waitlist_offers o where o.entry_id = e.id and o.status = 'OFFERED') as offer
from waitlist_entries e join menus m on m.id = e.menu_id left join users u on u.id = e.user_id`;

/**
 * An entry whose times can meet freed time [?, ?) (minutes of the day; the bindings: its end, then
 * its start): no times, or a range of starts beginning before the freed time ends whose last start,
 * plus the menu's length, reaches past the freed time's start.
 */
const MEETS_FREED_TIME = `(e.times = '[]'::jsonb or exists (
  select 1 from jsonb_array_elements(e.times) r, lateral (select
    split_part(r->>'start', ':', 1)::int * 60 + split_part(r->>'start', ':', 2)::int as first_start,
    split_part(r->>'end', ':', 1)::int * 60 + split_part(r->>'end', ':', 2)::int as last_start) m
  where m.first_start < ? and m.last_start + (select coalesce(sum(t.duration_minutes), 0) from menu_tasks t where t.menu_id = e.menu_id) > ?))`;

/** A FULL member with the guest's phone and name at the clinic (by the keys of migration 0045), or with the e-mail anywhere. */
const memberLoginRequired = async (knex: Knex, clinicId: string, guest: WaitlistGuest): Promise<boolean> => {
  if (!ID.test(clinicId)) return false;
  const key = phoneKey(guest.phone);
  const row = await knex('users')
    .where('status', 'FULL')
    .where((where) => {
      if (key !== null)
        where.orWhere((same) =>
          same
            .where('clinic_id', clinicId)
            .whereRaw('person_phone_key(phone) = ?', [key])
            .whereRaw('person_name_key(name) = ?', [nameKey(guest.name)]),
        );
      if (guest.email?.trim()) where.orWhereRaw('lower(email) = lower(?)', [guest.email.trim()]);
      else if (key === null) where.whereRaw('false');
    })
    .first('id');
  return Boolean(row);
};

const toEntry = (row: EntryRow): WaitlistEntry => {
  const guest = row.guest ? parseJson(row.guest) : null;
  const offer = row.offer ? parseJson(row.offer) : null;
  return {
    id: String(row.id),
    clinicId: String(row.clinic_id),
    menuId: String(row.menu_id),
    menuName: row.menu_name,
    menuTranslations: translationsOf(row.menu_translations),
    userId: row.user_id === null ? null : String(row.user_id),
    guest,
    name: guest?.name ?? row.user_name ?? '',
    from: row.from_day,
    to: row.to_day,
    times: parseJson(row.times),
    status: row.status,
    reservationId: row.reservation_id === null ? null : String(row.reservation_id),
    createdAtMs: Number(row.created_ms),
    offer: offer
      ? {
          id: String(offer.id),
          entryId: String(row.id),
          startMs: Number(offer.start_ms),
          endMs: Number(offer.end_ms),
          holdFromMs: Number(offer.hold_from_ms),
          expiresAtMs: Number(offer.expires_ms),
          tasks: offer.tasks.map((task) => ({ ...task })),
        }
      : null,
  };
};

/** Builds the ports bound to one transaction: availability, the reservation writes (the accept's booking). */
export interface WaitlistTxPorts {
  availability(trx: Knex.Transaction): AvailabilitySourcePort;
  booking(trx: Knex.Transaction): ReservationTx;
}

/**
 * The waitlist in PostgreSQL. Offers hold their time with `allocations` rows (`offer_id`) under the
 * exclusion constraint of reservations and blocks; a matching run takes a transaction-scoped
 * advisory lock per clinic, so that offers of one clinic are decided one run at a time.
 */
export class KnexWaitlistRepository implements WaitlistRepositoryPort {
  constructor(
    private readonly knex: Knex,
    private readonly ports: WaitlistTxPorts,
    private readonly outboxWriter: OutboxWriter | null,
  ) {}

  /** A deadlock's loser (a cancel's look and a staff's offer of one clinic at once) runs again, then 503, never a 500. */
  inTransaction<T>(work: (tx: WaitlistTx) => Promise<T>): Promise<T> {
    return retryTransient('waitlist', () => transactionOf(this.knex, (trx) => work(this.tx(trx))));
  }

  /**
   * The waitlist inside a transaction someone else opened (a cancel's). `sharedLook`: that
   * transaction already holds the clinic's lock in shared mode (a cancel's look, migration 0023),
   * so its matching run takes the clinic's second key, `waitlist-match:`, exclusively instead:
   * cancels do not queue on one another, matching runs stay one at a time (docs/waitlist.md).
   */
  tx(trx: Knex.Transaction, options: { sharedLook?: boolean } = {}): WaitlistTx {
    const { ports, outboxWriter } = this;
    const read = (query: string, bindings: readonly unknown[]) => trx.raw(query, bindings as Knex.RawBinding[]) as unknown as Promise<{ rows: EntryRow[] }>;
    return {
      availability: ports.availability(trx),
      booking: ports.booking(trx),
      recipient: async (userId) => {
        if (!ID.test(userId)) return null;
        const row = await trx('users').where('id', userId).first('email', 'line_user_id', 'notification_channel');
        return row ? { email: row.email, lineUserId: row.line_user_id, preference: row.notification_channel } : null;
      },
      lockClinic: async (clinicId) => {
        await trx.raw(SCHEMA_LOCK, [`${options.sharedLook ? 'waitlist-match' : 'waitlist'}:${clinicId}`]);
      },
      waiting: async (clinicId, fromDay, toDay, within) => {
        const { rows } = await read(
          `${ENTRY_SELECT} where e.clinic_id = ?::bigint and e.status = 'WAITING' and e.from_day <= ?::date and e.to_day >= ?::date
           ${within ? `and ${MEETS_FREED_TIME}` : ''} order by e.created_at, e.id`,
          within ? [clinicId, toDay, fromDay, within.toMinute, within.fromMinute] : [clinicId, toDay, fromDay],
        );
        return rows.map(toEntry);
      },
      noShows: new KnexNoShowRecords(trx),
      memberLoginRequired: (clinicId, guest) => memberLoginRequired(trx, clinicId, guest),
      lock: async (entryId) => {
        if (!ID.test(entryId)) return null;
        await trx('waitlist_entries').where('id', entryId).forUpdate().first('id');
        const { rows } = await read(`${ENTRY_SELECT} where e.id = ?::bigint`, [entryId]);
        return rows[0] ? toEntry(rows[0]) : null;
      },
      hold: async (entry, offer, message) => {
        try {
          return await trx.transaction(async (savepoint) => {
            const claimed = await savepoint('waitlist_entries')
              .where({ id: entry.id, status: 'WAITING' })
              .update({ status: 'OFFERED', updated_at: savepoint.fn.now() }, ['id']);
            if (claimed.length === 0) return false;
            const [row] = await savepoint('waitlist_offers')
              .insert({
                entry_id: entry.id,
                clinic_id: entry.clinicId,
                starts_at: iso(offer.startMs),
                ends_at: iso(offer.endMs),
                tasks: JSON.stringify(offer.tasks),
                hold_from: iso(offer.holdFromMs),
                expires_at: iso(offer.expiresAtMs),
                offered_by_staff_id: offer.staffId,
              })
              .returning('id');
            const holds = offer.tasks.flatMap((task) =>
              (
                [
                  ['STAFF', task.staffId],
                  ['ROOM', task.roomId],
                  ['MACHINE', task.machineId],
                ] as const
              )
                .filter(([, id]) => id !== null)
                .map(([type, id]) => ({
                  clinic_id: entry.clinicId,
                  resource_type: type,
                  resource_id: id,
                  during: savepoint.raw("tstzrange(?, ?, '[)')", [iso(task.startMs), iso(task.endMs)]),
                  live: true,
                  offer_id: row.id,
                })),
            );
            if (holds.length > 0) await savepoint('allocations').insert(holds);
            if (message && outboxWriter) {
              await outboxWriter.write(
                savepoint,
                { clinicId: entry.clinicId, reservationId: null, userId: entry.userId, waitlistEntryId: entry.id },
                { cancelReminders: false, messages: [message] },
              );
            }
            return true;
          });
        } catch (error) {
          // The time was taken meanwhile (a booking or block committed between the read and the hold).
          if (sqlState(error) === '23P01') return false;
          throw error;
        }
      },
      endOffer: async (entryId, status) => {
        const ended = await trx('waitlist_offers').where({ entry_id: entryId, status: 'OFFERED' }).update({ status, ended_at: trx.fn.now() }, ['id']);
        if (ended.length > 0)
          await trx('allocations')
            .whereIn(
              'offer_id',
              ended.map((row: { id: string }) => row.id),
            )
            .delete();
        if (status !== 'ACCEPTED') {
          await trx('messages')
            .where({ waitlist_entry_id: entryId, kind: 'WAITLIST_OFFER', status: 'SCHEDULED' })
            .update({ status: 'CANCELLED', last_error: 'ご案内が終了したため送信しませんでした。', updated_at: trx.fn.now() });
        }
      },
      setStatus: async (entryId, status, reservationId) => {
        await trx('waitlist_entries')
          .where('id', entryId)
          .update({ status, updated_at: trx.fn.now(), ...(reservationId !== undefined ? { reservation_id: reservationId } : {}) });
      },
      dueOffers: async (nowMs, limit) => {
        const { rows } = (await trx.raw(
          `select o.id::text as offer_id, o.entry_id::text, o.clinic_id::text, ${epoch('o.starts_at')} as start_ms, ${epoch('o.ends_at')} as end_ms
           from waitlist_offers o where o.status = 'OFFERED' and o.expires_at <= ?::timestamptz
           order by o.expires_at, o.id limit ? for update skip locked`,
          [iso(nowMs), limit],
        )) as { rows: { offer_id: string; entry_id: string; clinic_id: string; start_ms: number; end_ms: number }[] };
        return rows.map((row): DueOffer => ({
          offerId: row.offer_id,
          entryId: row.entry_id,
          clinicId: row.clinic_id,
          startMs: Number(row.start_ms),
          endMs: Number(row.end_ms),
        }));
      },
    };
  }

  async join(
    entry: NewWaitlistEntry,
    message: NewMessage | null,
    limits: { readonly perPerson: number; readonly perAddress: number },
  ): Promise<{ readonly written: WaitlistEntry } | { readonly refused: 'open' | 'capped' }> {
    const person = waitlistPersonKey(entry.userId ? { userId: entry.userId } : { phone: entry.guest!.phone });
    const joined = await retryTransient('waitlist', () =>
      this.knex.transaction(async (trx): Promise<{ id: string } | { refused: 'open' | 'capped' }> => {
        // The person's joins, and an address's, one at a time: the caps are counted under the locks.
        await trx.raw(SCHEMA_LOCK, [`waitlist-person:${person}`]);
        if (entry.clientAddress) await trx.raw(SCHEMA_LOCK, [`waitlist-address:${entry.clientAddress}`]);
        const { rows } = (await trx.raw(
          `select count(*) filter (where person_key = ?)::int as person, count(*) filter (where client_address = ?)::int as address
         from waitlist_entries where status in ('WAITING', 'OFFERED') and (person_key = ? or client_address = ?)`,
          [person, entry.clientAddress, person, entry.clientAddress],
        )) as { rows: { person: number; address: number }[] };
        const open = rows[0] ?? { person: 0, address: 0 };
        const already = await trx('waitlist_entries')
          .where({ clinic_id: entry.clinicId, menu_id: entry.menuId, person_key: person })
          .whereIn('status', ['WAITING', 'OFFERED'])
          .first('id');
        if (already) return { refused: 'open' };
        if (Number(open.person) >= limits.perPerson || (entry.clientAddress && Number(open.address) >= limits.perAddress)) return { refused: 'capped' };
        let row: { id: string } | undefined;
        try {
          // In a savepoint, so that a refusal by the index leaves the transaction usable.
          [row] = await trx.transaction((savepoint) =>
            savepoint('waitlist_entries')
              .insert({
                clinic_id: entry.clinicId,
                menu_id: entry.menuId,
                user_id: entry.userId,
                guest: entry.guest ? JSON.stringify(entry.guest) : null,
                token_hash: entry.tokenHash,
                from_day: entry.from,
                to_day: entry.to,
                times: JSON.stringify(entry.times),
                client_address: entry.clientAddress,
              })
              .returning('id'),
          );
        } catch (error) {
          // waitlist_entries_one_open: the person's entry of another server's join committed first.
          if (sqlState(error) === '23505') return { refused: 'open' };
          throw error;
        }
        if (message && this.outboxWriter) {
          await this.outboxWriter.write(
            trx,
            { clinicId: entry.clinicId, reservationId: null, userId: entry.userId, waitlistEntryId: String(row!.id) },
            { cancelReminders: false, messages: [message] },
          );
        }
        return { id: String(row!.id) };
      }),
    );
    return 'id' in joined ? { written: (await this.findById(joined.id))! } : joined;
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    if (!ID.test(id)) return null;
    const { rows } = (await this.knex.raw(`${ENTRY_SELECT} where e.id = ?::bigint`, [id])) as { rows: EntryRow[] };
    return rows[0] ? toEntry(rows[0]) : null;
  }

  async findByTokenHash(hash: string): Promise<WaitlistEntry | null> {
    const { rows } = (await this.knex.raw(`${ENTRY_SELECT} where e.token_hash = ?`, [hash])) as { rows: EntryRow[] };
    return rows[0] ? toEntry(rows[0]) : null;
  }

  async listForMember(userId: string): Promise<WaitlistEntry[]> {
    if (!ID.test(userId)) return [];
    const { rows } = (await this.knex.raw(`${ENTRY_SELECT} where e.user_id = ?::bigint order by e.created_at desc, e.id desc limit 100`, [userId])) as {
      rows: EntryRow[];
    };
    return rows.map(toEntry);
  }

  async listForClinic(clinicId: string, day: string | null): Promise<WaitlistEntry[]> {
    if (!ID.test(clinicId)) return [];
    const { rows } = (await (day
      ? this.knex.raw(`${ENTRY_SELECT} where e.clinic_id = ?::bigint and e.from_day <= ?::date and e.to_day >= ?::date order by e.created_at, e.id limit 500`, [
          clinicId,
          day,
          day,
        ])
      : this.knex.raw(`${ENTRY_SELECT} where e.clinic_id = ?::bigint and e.status in ('WAITING', 'OFFERED') order by e.created_at, e.id limit 500`, [
          clinicId,
        ]))) as { rows: EntryRow[] };
    return rows.map(toEntry);
  }

  memberLoginRequired(clinicId: string, guest: WaitlistGuest): Promise<boolean> {
    return memberLoginRequired(this.knex, clinicId, guest);
  }

  async hasOpenEntry(clinicId: string, menuId: string, who: { userId: string } | { phone: string; name: string }): Promise<boolean> {
    if (!ID.test(clinicId) || !ID.test(menuId)) return false;
    const query = this.knex('waitlist_entries').where({ clinic_id: clinicId, menu_id: menuId }).whereIn('status', ['WAITING', 'OFFERED']);
    query.where('person_key', waitlistPersonKey('userId' in who ? who : { phone: who.phone }));
    return Boolean(await query.first('id'));
  }

  /** Offers held on a clinic's calendar in a time range (the calendar's 「キャンセル待ち確保」 blocks). */
  async heldOffers(clinicId: string, fromMs: number, toMs: number): Promise<HeldOffer[]> {
    if (!ID.test(clinicId)) return [];
    const { rows } = (await this.knex.raw(
      `select e.id::text as entry_id, coalesce(e.guest->>'name', u.name, '') as name, m.name as menu_name, ${epoch('o.starts_at')} as start_ms, ${epoch('o.ends_at')} as end_ms, ${epoch('o.expires_at')} as expires_ms, o.tasks
       from waitlist_offers o join waitlist_entries e on e.id = o.entry_id join menus m on m.id = e.menu_id left join users u on u.id = e.user_id
       where o.clinic_id = ?::bigint and o.status = 'OFFERED' and o.starts_at < ?::timestamptz and o.ends_at > ?::timestamptz order by o.starts_at`,
      [clinicId, iso(toMs), iso(fromMs)],
    )) as {
      rows: { entry_id: string; name: string; menu_name: string; start_ms: number; end_ms: number; expires_ms: number; tasks: JsonColumn<ReservationTask[]> }[];
    };
    return rows.map((row) => ({
      entryId: row.entry_id,
      name: row.name,
      menuName: row.menu_name,
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      expiresAtMs: Number(row.expires_ms),
      tasks: parseJson(row.tasks),
    }));
  }
}
