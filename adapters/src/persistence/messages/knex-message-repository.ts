import {
  isLanguage,
  localizeTexts,
  type Language,
  type Translations,
  type DeliveryFacts,
  type LineUsagePort,
  type LineUsageRow,
  type MessageKind,
  type MessageFilter,
  type MessageRecipientsPort,
  type MessageRecord,
  type MessageRepositoryPort,
  type Address,
  type MessageText,
  type NotificationPreference,
  type Recipient,
} from '@clinic/core';
import type { Knex } from 'knex';
import type { PayloadTokens } from './payload-tokens';
import type { MessageQueue } from './pg-boss-queue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^\d{1,18}$/;
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

interface MessageRow {
  id: string;
  clinic_id: string;
  user_id: string | null;
  reservation_id: string | null;
  kind: MessageRecord['kind'];
  channel: MessageRecord['channel'];
  recipient: string;
  status: MessageRecord['status'];
  scheduled_ms: number;
  sent_ms: number | null;
  attempts: number;
  last_error: string | null;
  retry_key: string;
  subject: string | null;
  created_ms: number;
  sent_ago_ms?: number | string | null;
  visit_status?: string | null;
  visit_start_ms?: number | string | null;
}

const COLUMNS = [
  'm.id',
  'm.clinic_id',
  'm.user_id',
  'm.reservation_id',
  'm.kind',
  'm.channel',
  'm.recipient',
  'm.status',
  'm.attempts',
  'm.last_error',
  'm.retry_key',
  'm.subject',
];
const TIMES = `${epoch('m.scheduled_at')} as scheduled_ms, ${epoch('m.sent_at')} as sent_ms, ${epoch('m.created_at')} as created_ms`;
const RETURNING = `id, clinic_id, user_id, reservation_id, kind, channel, recipient, status, attempts, last_error, retry_key, subject,
  ${epoch('scheduled_at')} as scheduled_ms, ${epoch('sent_at')} as sent_ms, ${epoch('created_at')} as created_ms`;

const toRecord = (row: MessageRow): MessageRecord => ({
  id: row.id,
  clinicId: String(row.clinic_id),
  userId: row.user_id === null ? null : String(row.user_id),
  reservationId: row.reservation_id === null ? null : String(row.reservation_id),
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  status: row.status,
  scheduledAtMs: Number(row.scheduled_ms),
  sentAtMs: row.sent_ms === null ? null : Number(row.sent_ms),
  attempts: row.attempts,
  lastError: row.last_error,
  retryKey: row.retry_key,
  subject: row.subject,
  createdAtMs: Number(row.created_ms),
  ...(row.sent_ago_ms === undefined ? {} : { sentAgoMs: row.sent_ago_ms === null ? null : Number(row.sent_ago_ms) }),
  ...(row.visit_status === undefined ? {} : { visit: row.visit_status === null ? null : { status: row.visit_status, startMs: Number(row.visit_start_ms) } }),
});

/** What `find` and `list` read beside the message: how long ago it was sent and its visit's state, for 再送. */
const RESEND_FACTS = `${epoch('now()')} - ${epoch('m.sent_at')} as sent_ago_ms, r.status as visit_status, ${epoch('r.starts_at')} as visit_start_ms`;

/** Whether a LINE message's LINE user has unfollowed the official account (LINE's unfollow event, line_friendships). */
const LINE_UNFOLLOWED_SQL = `(m.channel = 'LINE' and exists (select 1 from line_friendships x where x.line_user_id = m.recipient and x.following = false))`;

/** The facts of a message's text in one query: the person, the clinic, the visit and its menus' notes. */
const FACTS_SQL = `
select m.id, m.kind, m.channel, u.name as recipient_name, u.status as user_status, r.source, (r.cancel_token_hash is not null) as guest_booking,
  r.status as reservation_status, r.id::text as reservation_id,
  ${epoch('r.starts_at')} as start_ms, ${epoch('r.ends_at')} as end_ms,
  c.name as clinic_name, c.phone as clinic_phone, c.homepage_url, c.update_deadline_hours, c.cancel_deadline_hours,
  coalesce(r.language, u.language, 'ja') as language,
  (u.id is not null) as has_user, u.email as member_email, u.notification_channel as member_channel,
  case when lf.following = false then null else u.line_user_id end as member_line_user_id,
  ${LINE_UNFOLLOWED_SQL} as line_unfollowed,
  (select coalesce(json_agg(json_build_object('name', mn.name, 'note', mn.pre_visit_note, 'translations', mn.translations) order by rm.position), '[]'::json)
    from reservation_menus rm join menus mn on mn.id = rm.menu_id where rm.reservation_id = r.id) as menus,
  coalesce(m.payload->>'cancelToken', case when r.source in ('WEB_GUEST', 'LINE') then
    (select o.payload->>'cancelToken' from messages o where o.reservation_id = m.reservation_id and o.kind = 'CONFIRMATION' order by o.created_at limit 1) end) as cancel_token,
  coalesce(m.payload->>'visitToken', case when r.source in ('WEB_GUEST', 'LINE') then
    (select o.payload->>'visitToken' from messages o where o.reservation_id = m.reservation_id and o.kind = 'CONFIRMATION' order by o.created_at limit 1) end) as visit_token
from messages m
join reservations r on r.id = m.reservation_id
join clinics c on c.id = m.clinic_id
left join users u on u.id = m.user_id
left join line_friendships lf on lf.line_user_id = u.line_user_id
where m.id = any(?::uuid[])`;

/** The facts of waitlist messages (a guest's registration, an offer): the entry, its menu and latest offer. */
const WAITLIST_FACTS_SQL = `
select m.id, m.kind, m.channel, coalesce(e.guest->>'name', u.name) as recipient_name, (e.user_id is null) as is_guest, coalesce(u.language, 'ja') as language,
  (u.id is not null) as has_user, u.email as member_email, u.notification_channel as member_channel,
  case when lf.following = false then null else u.line_user_id end as member_line_user_id,
  ${LINE_UNFOLLOWED_SQL} as line_unfollowed, nullif(e.guest->>'email', '') as guest_email,
  e.id::text as entry_id, e.status as entry_status, mn.name as menu_name, to_char(e.from_day, 'YYYY-MM-DD') as from_day, to_char(e.to_day, 'YYYY-MM-DD') as to_day, e.times,
  c.name as clinic_name, c.phone as clinic_phone, c.homepage_url, c.update_deadline_hours, c.cancel_deadline_hours,
  o.status as offer_status, ${epoch('o.starts_at')} as start_ms, ${epoch('o.ends_at')} as end_ms, ${epoch('o.expires_at')} as expires_ms,
  coalesce(m.payload->>'waitlistToken',
    (select x.payload->>'waitlistToken' from messages x where x.waitlist_entry_id = e.id and x.payload->>'waitlistToken' is not null order by x.created_at limit 1)) as token
from messages m
join waitlist_entries e on e.id = m.waitlist_entry_id
join menus mn on mn.id = e.menu_id
join clinics c on c.id = m.clinic_id
left join users u on u.id = e.user_id
left join line_friendships lf on lf.line_user_id = u.line_user_id
left join lateral (select * from waitlist_offers w where w.entry_id = e.id order by w.id desc limit 1) o on true
where m.id = any(?::uuid[]) and m.reservation_id is null`;

type Json<T> = T | string;
const parse = <T>(value: Json<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface MenuTexts {
  readonly name: string;
  readonly note: string;
  readonly translations: Json<Translations> | null;
}

/** The menus' names and notes in the recipient's language, Japanese where not translated. */
const menuTexts = (menus: readonly MenuTexts[], language: Language) =>
  menus.map((menu) => localizeTexts({ name: menu.name, preVisitNote: menu.note }, menu.translations ? parse(menu.translations) : undefined, language));

/** A member's addresses as FACTS_SQL and WAITLIST_FACTS_SQL read them at delivery. */
interface RecipientColumns {
  has_user: boolean;
  member_email: string | null;
  member_channel: string | null;
  member_line_user_id: string | null;
  line_unfollowed: boolean;
}

const currentRecipientOf = (row: RecipientColumns): Recipient | undefined =>
  row.has_user ? { email: row.member_email, lineUserId: row.member_line_user_id, preference: row.member_channel as NotificationPreference | null } : undefined;

/** A row of FACTS_SQL. */
interface FactsRow extends RecipientColumns {
  id: string;
  kind: DeliveryFacts['kind'];
  channel: DeliveryFacts['channel'];
  recipient_name: string | null;
  user_status: string | null;
  source: string;
  guest_booking: boolean;
  reservation_status: string;
  reservation_id: string;
  start_ms: number | string;
  end_ms: number | string;
  clinic_name: string;
  clinic_phone: string;
  homepage_url: string | null;
  update_deadline_hours: number;
  cancel_deadline_hours: number;
  language: string | null;
  menus: Json<MenuTexts[]>;
  cancel_token: string | null;
  visit_token: string | null;
}

/** Opens a sealed token of a payload (payload-tokens.ts); without a sealer, tokens are read as stored. */
type OpenToken = (field: 'cancelToken' | 'visitToken' | 'waitlistToken', value: string | null) => string | null;
const asStored: OpenToken = (_field, value) => value;

const toFacts = (row: FactsRow, open: OpenToken): DeliveryFacts => {
  const language: Language = isLanguage(row.language) ? row.language : 'ja';
  const menus = menuTexts(parse<MenuTexts[]>(row.menus), language);
  // A LINE booking is a guest's (a cancel token) or the linked member's own, made in the LINE app (none).
  const audience = row.source === 'WEB_GUEST' || (row.source === 'LINE' && row.guest_booking) || row.user_status === 'TEMPORARY' ? 'guest' : 'member';
  const recipient = audience === 'member' ? currentRecipientOf(row) : undefined;
  return {
    ...(recipient ? { currentRecipient: recipient } : {}),
    // A guest's temporary member keeps the e-mail of their booking form, if any (as the unfollow's move to mail reads it).
    ...(audience === 'guest' && row.line_unfollowed ? { lineUnfollowed: true, guestEmail: row.member_email } : {}),
    kind: row.kind,
    channel: row.channel,
    recipientName: row.recipient_name ?? '',
    audience,
    clinic: {
      name: row.clinic_name,
      phone: row.clinic_phone,
      homepageUrl: row.homepage_url,
      updateDeadlineHours: row.update_deadline_hours,
      cancelDeadlineHours: row.cancel_deadline_hours,
    },
    reservation: {
      id: row.reservation_id,
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      menuNames: menus.map((menu) => menu.name),
      preVisitNotes: menus.map((menu) => menu.preVisitNote).filter((note) => note !== ''),
    },
    cancelToken: open('cancelToken', row.cancel_token),
    visitToken: open('visitToken', row.visit_token),
    reservationStatus: row.reservation_status,
    language,
  };
};

interface WaitlistFactsRow extends RecipientColumns {
  id: string;
  kind: DeliveryFacts['kind'];
  channel: DeliveryFacts['channel'];
  recipient_name: string | null;
  is_guest: boolean;
  guest_email: string | null;
  entry_id: string;
  entry_status: string;
  menu_name: string;
  from_day: string;
  to_day: string;
  times: Json<{ start: string; end: string }[]>;
  clinic_name: string;
  clinic_phone: string;
  homepage_url: string | null;
  update_deadline_hours: number;
  cancel_deadline_hours: number;
  offer_status: string | null;
  start_ms: number | null;
  end_ms: number | null;
  expires_ms: number | null;
  token: string | null;
  language: string | null;
}

const toWaitlistFacts = (row: WaitlistFactsRow, open: OpenToken): DeliveryFacts => ({
  ...(!row.is_guest && currentRecipientOf(row) ? { currentRecipient: currentRecipientOf(row)! } : {}),
  ...(row.is_guest && row.line_unfollowed ? { lineUnfollowed: true, guestEmail: row.guest_email } : {}),
  kind: row.kind,
  channel: row.channel,
  recipientName: row.recipient_name ?? '',
  audience: row.is_guest ? 'guest' : 'member',
  clinic: {
    name: row.clinic_name,
    phone: row.clinic_phone,
    homepageUrl: row.homepage_url,
    updateDeadlineHours: row.update_deadline_hours,
    cancelDeadlineHours: row.cancel_deadline_hours,
  },
  reservation: { id: '', startMs: Number(row.start_ms ?? 0), endMs: Number(row.end_ms ?? 0), menuNames: [row.menu_name], preVisitNotes: [] },
  cancelToken: null,
  reservationStatus: '',
  language: isLanguage(row.language) ? row.language : 'ja',
  waitlist: {
    entryId: row.entry_id,
    entryStatus: row.entry_status,
    menuName: row.menu_name,
    from: row.from_day,
    to: row.to_day,
    times: parse<{ start: string; end: string }[]>(row.times),
    token: row.is_guest ? open('waitlistToken', row.token) : null,
    offer: row.offer_status
      ? { startMs: Number(row.start_ms), endMs: Number(row.end_ms), expiresAtMs: Number(row.expires_ms), status: row.offer_status }
      : null,
  },
});

/**
 * The text kept of a sent message, its links' tokens left out (issue 26): the payload's tokens are
 * sealed, and the copy of what was sent must not give them away in the clear either.
 */
export const withoutTokens = (text: string): string => text.replace(/([?&]token=)[^\s&"'<>]+/g, '$1（省略）');

/** The outbox of messages on PostgreSQL (or PGlite); jobs go to the queue in the same transaction. */
export class KnexMessageRepository implements MessageRepositoryPort, MessageRecipientsPort, LineUsagePort {
  constructor(
    private readonly knex: Knex,
    private readonly queue: MessageQueue,
    private readonly tokens: PayloadTokens | null = null,
  ) {}

  private readonly open: OpenToken = (field, value) => (this.tokens ? this.tokens.open(field, value) : asStored(field, value));

  async ofMember(userId: string): Promise<Recipient | null> {
    if (!ID.test(userId)) return null;
    // A LINE user who unfollowed the official account is not reached by LINE (docs/integrations.md).
    const row = await this.knex('users as u')
      .leftJoin('line_friendships as f', 'f.line_user_id', 'u.line_user_id')
      .where('u.id', userId)
      .first('u.email', this.knex.raw('case when f.following = false then null else u.line_user_id end as line_user_id'), 'u.notification_channel');
    if (!row) return null;
    return { email: row.email, lineUserId: row.line_user_id, preference: row.notification_channel as NotificationPreference | null };
  }

  async claim(ids: readonly string[], leaseMs: number): Promise<MessageRecord[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    const { rows } = (await this.knex.raw(
      `update messages set attempts = attempts + 1, claimed_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = any(?::uuid[]) and status = 'SCHEDULED' and (claimed_until is null or claimed_until < now())
       returning ${RETURNING}`,
      [leaseMs, valid],
    )) as { rows: MessageRow[] };
    return rows.map(toRecord);
  }

  async facts(ids: readonly string[]): Promise<Map<string, DeliveryFacts>> {
    if (ids.length === 0) return new Map();
    const visits = (await this.knex.raw(FACTS_SQL, [[...ids]])) as { rows: FactsRow[] };
    // Only the messages that are not about a visit can be about a waitlist entry: most batches need no second query.
    const found = new Set(visits.rows.map((row) => row.id));
    const others = ids.filter((id) => !found.has(id));
    const waitlist = others.length === 0 ? { rows: [] } : ((await this.knex.raw(WAITLIST_FACTS_SQL, [others])) as { rows: WaitlistFactsRow[] });
    return new Map([
      ...visits.rows.map((row) => [row.id, toFacts(row, this.open)] as const),
      ...waitlist.rows.map((row) => [row.id, toWaitlistFacts(row, this.open)] as const),
    ]);
  }

  async markSent(sent: readonly { id: string; text: MessageText; address: Address }[]): Promise<void> {
    if (sent.length === 0) return;
    await this.knex.raw(
      `update messages m set status = 'SENT', sent_at = now(), subject = x.subject, body = x.body, channel = x.channel, recipient = x.recipient,
         last_error = null, claimed_until = null, updated_at = now()
       from unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[]) as x(id, subject, body, channel, recipient) where m.id = x.id`,
      [
        sent.map((s) => s.id),
        sent.map((s) => s.text.subject),
        sent.map((s) => withoutTokens(s.text.text)),
        sent.map((s) => s.address.channel),
        sent.map((s) => s.address.to),
      ],
    );
  }

  async retryLater(id: string, error: string, delayMs: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx.raw(
        `update messages set last_error = ?, claimed_until = null, scheduled_at = now() + (? * interval '1 millisecond'), updated_at = now() where id = ?::uuid`,
        [error, delayMs, id],
      );
      await this.queue.enqueue(trx, [{ messageId: id, startAfter: new Date(Date.now() + delayMs) }]);
    });
  }

  /**
   * Hands the queue the held-back messages (`queued` false, outbox-writer.ts) that fall due within
   * `aheadMs`, each job starting at its message's time; returns how many. Each batch is one
   * transaction: the rows are marked and their jobs inserted together, or neither. Several
   * processes may sweep at once: a row another sweep holds is skipped (`skip locked`), and one it
   * has marked no longer matches, so each message gets one job.
   */
  async queueHeldBack(aheadMs: number, batchSize = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const queued = await this.knex.transaction(async (trx) => {
        const { rows } = (await trx.raw(
          `update messages m set queued = true
           where m.id in (select id from messages where status = 'SCHEDULED' and not queued and scheduled_at < now() + (? * interval '1 millisecond')
             order by scheduled_at limit ? for update skip locked)
           returning m.id, ${epoch('m.scheduled_at')} as scheduled_ms`,
          [aheadMs, batchSize],
        )) as { rows: { id: string; scheduled_ms: number | string }[] };
        await this.queue.enqueue(
          trx,
          rows.map((row) => ({ messageId: row.id, startAfter: new Date(Number(row.scheduled_ms)) })),
        );
        return rows.length;
      });
      total += queued;
      if (queued < batchSize) return total;
    }
  }

  /**
   * Heals the outbox: a message still to be delivered (SCHEDULED, marked queued) that has no live
   * job in the queue and is not held by a delivery in progress gets a new job, at once. Such a
   * message lost its job outside the product: a restore of a backup without the queue's tables, a
   * queue maintenance mishap, a TRUNCATE by hand. Only messages due more than `graceMs` ago are
   * looked at, through the partial index `messages_pending_queued` (migration 0050): the sweep
   * reads the few pending rows, never the millions sent. One sweep at a time per schema (an
   * advisory lock; the others skip their turn), so a message is queued again once; and if two jobs
   * ever did exist, delivery's claim still sends it once (docs/messages.md, "Self-healing").
   * Returns how many were queued again.
   */
  async requeueLost(graceMs: number, batchSize = 500): Promise<number> {
    return this.knex.transaction(async (trx) => {
      const { rows: locks } = (await trx.raw(`select pg_try_advisory_xact_lock(hashtext('clinic:requeue-lost:' || current_schema())) as locked`)) as {
        rows: { locked: boolean }[];
      };
      if (!locks[0]?.locked) return 0;
      // A statement of its own, after the lock: it sees every job the previous sweep committed.
      const { rows } = (await trx.raw(
        `select m.id from messages m
         where m.status = 'SCHEDULED' and m.queued and m.scheduled_at < now() - (? * interval '1 millisecond')
           and (m.claimed_until is null or m.claimed_until < now())
           and not ${this.queue.hasLiveJobSql('m.id')}
         order by m.scheduled_at limit ? for update of m skip locked`,
        [graceMs, batchSize],
      )) as { rows: { id: string }[] };
      await this.queue.enqueue(
        trx,
        rows.map((row) => ({ messageId: row.id })),
      );
      return rows.length;
    });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.knex('messages').where('id', id).update({ status: 'FAILED', last_error: error, claimed_until: null, updated_at: this.knex.fn.now() });
  }

  async cancel(id: string, reason: string): Promise<void> {
    await this.knex('messages').where('id', id).update({ status: 'CANCELLED', last_error: reason, claimed_until: null, updated_at: this.knex.fn.now() });
  }

  async find(id: string): Promise<MessageRecord | null> {
    if (!UUID.test(id)) return null;
    const row = (await this.knex('messages as m')
      .select(COLUMNS)
      .select(this.knex.raw(TIMES))
      .select(this.knex.raw(RESEND_FACTS))
      .leftJoin('reservations as r', 'r.id', 'm.reservation_id')
      .where('m.id', id)
      .first()) as MessageRow | undefined;
    return row ? toRecord(row) : null;
  }

  async list(filter: MessageFilter): Promise<MessageRecord[]> {
    if (!ID.test(filter.clinicId)) return [];
    if ((filter.userId && !ID.test(filter.userId)) || (filter.reservationId && !ID.test(filter.reservationId))) return [];
    const query = this.knex('messages as m')
      .select(COLUMNS)
      .select(this.knex.raw(TIMES))
      .select(this.knex.raw(RESEND_FACTS))
      .leftJoin('reservations as r', 'r.id', 'm.reservation_id')
      .where('m.clinic_id', filter.clinicId);
    if (filter.userId) query.where('m.user_id', filter.userId);
    if (filter.reservationId) query.where('m.reservation_id', filter.reservationId);
    if (filter.status) query.where('m.status', filter.status);
    const rows = (await query.orderBy('m.created_at', 'desc').orderBy('m.scheduled_at', 'desc').limit(filter.limit)) as MessageRow[];
    return rows.map(toRecord);
  }

  /**
   * The LINE pushes LINE accepted in the range, per clinic and kind, by their sending time: read
   * through the partial index messages_line_sent (migration 0060), so that a month of a chain of
   * millions of messages reads only its own LINE pushes. A message resent after being sent counts
   * once, at its last sending. Beside them, the welcomes pushed after a follow (migration 0061).
   */
  async lineUsage(range: { fromIso: string; toIso: string }, clinicId: string | null): Promise<LineUsageRow[]> {
    if (clinicId !== null && !ID.test(clinicId)) return [];
    const { rows } = (await this.knex.raw(
      `with sent as (
         select m.clinic_id, m.kind, count(*)::int as count
         from messages m
         where m.channel = 'LINE' and m.status = 'SENT' and m.sent_at >= ?::timestamptz and m.sent_at < ?::timestamptz
           ${clinicId === null ? '' : 'and m.clinic_id = ?'}
         group by m.clinic_id, m.kind
       ),
       welcomed as (
         select e.welcome_clinic_id as clinic_id, count(*)::int as count
         from line_webhook_events e
         where e.welcomed_at >= ?::timestamptz and e.welcomed_at < ?::timestamptz
           ${clinicId === null ? '' : 'and e.welcome_clinic_id = ?'}
         group by e.welcome_clinic_id
       )
       select c.id::text as clinic_id, c.name, sent.kind, coalesce(sent.count, 0) as count, coalesce(welcomed.count, 0) as welcomes
       from clinics c left join sent on sent.clinic_id = c.id left join welcomed on welcomed.clinic_id = c.id
       ${clinicId === null ? '' : 'where c.id = ?'}
       order by c.id, sent.kind`,
      clinicId === null
        ? [range.fromIso, range.toIso, range.fromIso, range.toIso]
        : [range.fromIso, range.toIso, clinicId, range.fromIso, range.toIso, clinicId, clinicId],
    )) as { rows: { clinic_id: string; name: string; kind: MessageKind | null; count: number; welcomes: number }[] };
    const byClinic = new Map<string, { clinicId: string; clinicName: string; byKind: Partial<Record<MessageKind, number>>; welcomes: number }>();
    for (const row of rows) {
      const clinic = byClinic.get(row.clinic_id) ?? { clinicId: row.clinic_id, clinicName: row.name, byKind: {}, welcomes: Number(row.welcomes) };
      byClinic.set(row.clinic_id, clinic);
      if (row.kind) clinic.byKind[row.kind] = Number(row.count);
    }
    return [...byClinic.values()].map((clinic) => ({ ...clinic, byKind: clinic.byKind as Record<MessageKind, number> }));
  }

  async resend(id: string, expect: { from: 'FAILED' | 'SENT'; coolDownMs: number }): Promise<MessageRecord | null> {
    if (!UUID.test(id)) return null;
    return this.knex.transaction(async (trx) => {
      // A message that was sent gets a new retry key: LINE would otherwise drop the deliberate second push.
      const { rows } = (await trx.raw(
        `update messages set status = 'SCHEDULED', attempts = 0, last_error = null, claimed_until = null, scheduled_at = now(), queued = true,
           retry_key = case when status = 'SENT' then gen_random_uuid() else retry_key end, updated_at = now()
         where id = ?::uuid and status = ? and (status <> 'SENT' or sent_at <= now() - (? * interval '1 millisecond'))
         returning ${RETURNING}`,
        [id, expect.from, expect.coolDownMs],
      )) as { rows: MessageRow[] };
      if (!rows[0]) return null;
      await this.queue.enqueue(trx, [{ messageId: id }]);
      return toRecord(rows[0]);
    });
  }
}
