import { DateTime } from 'luxon';
import { zoneOf } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import type { Translations } from '../../shared/language';
import type { ReservationTask } from '../../reservations/domain/reservation.entity';
import type { EngineDay } from '../../reservations/domain/availability-engine';
import { phoneKey } from '../../shared/person-identity';

/** WAITING for a freed time; OFFERED one (held for them); BOOKED it; EXPIRED (an offer ran out); CANCELLED (by them, by staff, or declined). */
export const WAITLIST_STATUSES = ['WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'CANCELLED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** A range of start times in a day, "HH:mm" to "HH:mm" (the visit must start within it). */
export interface TimeRange {
  readonly start: string;
  readonly end: string;
}

/** A guest's booking-form details, kept on their entry until an offer is accepted. */
export interface WaitlistGuest {
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  /** Empty for a LINE guest (the LINE app), who is reached by LINE instead. */
  readonly email: string;
  /** The LINE user of a guest who joined in the LINE app (LINE verified it): registration and offers by LINE push. */
  readonly lineUserId?: string | null;
}

export interface WaitlistOffer {
  readonly id: string;
  readonly entryId: string;
  readonly startMs: number;
  readonly endMs: number;
  /** The tasks and resources held for the offer: the reservation made on accept takes them over. */
  readonly tasks: readonly ReservationTask[];
  /** When the hold started counting (09:00 for an offer made at night). */
  readonly holdFromMs: number;
  readonly expiresAtMs: number;
}

export interface WaitlistEntry {
  readonly id: string;
  readonly clinicId: string;
  readonly menuId: string;
  readonly menuName: string;
  /** The menu's English and Chinese texts: members and guests see its name in their language. */
  readonly menuTranslations: Translations;
  /** The member (null for a guest's entry). */
  readonly userId: string | null;
  readonly guest: WaitlistGuest | null;
  /** The person's name (member or guest), for staff. */
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly times: readonly TimeRange[];
  readonly status: WaitlistStatus;
  readonly reservationId: string | null;
  readonly createdAtMs: number;
  /** The open offer (status OFFERED), else null. */
  readonly offer: WaitlistOffer | null;
}

export interface NewWaitlistEntry {
  readonly clinicId: string;
  readonly menuId: string;
  readonly userId: string | null;
  readonly guest: WaitlistGuest | null;
  readonly tokenHash: string | null;
  /** The client address a guest joined from (the cap per address); null for a member. */
  readonly clientAddress: string | null;
  readonly from: string;
  readonly to: string;
  readonly times: readonly TimeRange[];
}

/** No offers go out between 21:00 and 09:00 (the clinic's time). */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 9;
export const DEFAULT_HOLD_MINUTES = 30;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Checks a join's days and times against the search window (today … today + windowDays − 1). */
export const checkJoin = (input: { from: string; to: string; times: readonly TimeRange[] }, today: string, windowDays: number, zone: string): FieldError[] => {
  const fields: FieldError[] = [];
  const from = DateTime.fromISO(input.from, { zone: zoneOf(zone) });
  const to = DateTime.fromISO(input.to, { zone: zoneOf(zone) });
  const first = DateTime.fromISO(today, { zone: zoneOf(zone) });
  const last = first.plus({ days: windowDays - 1 });
  if (!from.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(input.from)) fields.push({ path: 'from', message: '開始日を正しく入力してください。' });
  if (!to.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(input.to)) fields.push({ path: 'to', message: '終了日を正しく入力してください。' });
  if (fields.length > 0) return fields;
  if (to < from) fields.push({ path: 'to', message: '終了日は開始日以降にしてください。' });
  if (from < first) fields.push({ path: 'from', message: '開始日は今日以降にしてください。' });
  if (to > last) fields.push({ path: 'to', message: `キャンセル待ちは${windowDays}日先（${last.toISODate()}）までの日付で登録できます。` });
  input.times.forEach((range, index) => {
    if (!HHMM.test(range.start) || !HHMM.test(range.end) || minutesOf(range.start) >= minutesOf(range.end)) {
      fields.push({ path: `times.${index}`, message: '時間帯は「開始」より後の「終了」を HH:mm で指定してください。' });
    }
  });
  if (input.times.length > 10) fields.push({ path: 'times', message: '時間帯は10件まで指定できます。' });
  return fields;
};

/**
 * The person an entry is for, as the database's `waitlist_entries.person_key` spells it (migration
 * 0045): a member by their id, a guest by the E.164 key of their phone (`phoneKey`). One open
 * entry per person, clinic and menu; a cap of open entries per person.
 */
export const waitlistPersonKey = (who: { readonly userId: string } | { readonly phone: string }): string =>
  'userId' in who ? `user:${who.userId}` : `phone:${phoneKey(who.phone) ?? ''}`;

/** Open (WAITING or OFFERED) entries one person may have at once, across the chain. */
export const WAITLIST_MAX_OPEN_PER_PERSON = 5;
/** Open guest entries joined from one client address at once. */
export const WAITLIST_MAX_OPEN_PER_ADDRESS = 10;

/**
 * Refuses days and time ranges the clinic's hours can never meet (issue 26): the days must hold an
 * open day, and each range must contain a start at which a visit of `durationMinutes` fits inside
 * one of the open ranges of one of those days. `days` are the engine's days of [from, to].
 */
export const checkJoinHours = (times: readonly TimeRange[], days: readonly EngineDay[], durationMinutes: number): FieldError[] => {
  const open = days.flatMap((day) => day.openRanges).map(([from, to]) => [from * 15, to * 15] as const);
  if (open.length === 0) return [{ path: 'from', message: 'この期間は休診日のため、キャンセル待ちを登録できません。' }];
  const fields: FieldError[] = [];
  times.forEach((range, index) => {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    const meets = open.some(([opens, closes]) => {
      const earliest = Math.max(start, opens);
      return earliest < end && earliest + durationMinutes <= closes;
    });
    if (!meets) fields.push({ path: `times.${index}`, message: 'この時間帯は診療時間外のため、ご予約をご案内できません。' });
  });
  return fields;
};

/** Whether a start fits the entry: on one of its days, and within one of its time ranges (any time when none). */
export const fitsEntry = (entry: Pick<WaitlistEntry, 'from' | 'to' | 'times'>, startMs: number, zone: string): boolean => {
  const start = DateTime.fromMillis(startMs, { zone: zoneOf(zone) });
  const day = start.toISODate()!;
  if (day < entry.from || day > entry.to) return false;
  if (entry.times.length === 0) return true;
  const minutes = start.hour * 60 + start.minute;
  return entry.times.some((range) => minutes >= minutesOf(range.start) && minutes < minutesOf(range.end));
};

/**
 * When an offer made at `nowMs` is sent and until when it holds: at once for `holdMinutes`, or,
 * made between 21:00 and 09:00, from 09:00 on. Never beyond the visit's own start.
 */
export const offerTiming = (nowMs: number, startMs: number, holdMinutes: number, zone: string): { holdFromMs: number; expiresAtMs: number } => {
  const now = DateTime.fromMillis(nowMs, { zone: zoneOf(zone) });
  let holdFrom = now;
  if (now.hour >= QUIET_FROM_HOUR) holdFrom = now.plus({ days: 1 }).set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 });
  else if (now.hour < QUIET_UNTIL_HOUR) holdFrom = now.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 });
  const holdFromMs = holdFrom.toMillis();
  return { holdFromMs, expiresAtMs: Math.min(holdFromMs + holdMinutes * 60_000, startMs) };
};

/** What staff and the person see of an entry: the API shape of shared/API.md. */
export const waitlistView = (entry: WaitlistEntry) => ({
  id: entry.id,
  clinicId: entry.clinicId,
  menuId: entry.menuId,
  menuName: entry.menuName,
  from: entry.from,
  to: entry.to,
  times: entry.times,
  status: entry.status,
  offer: entry.offer
    ? {
        startsAt: new Date(entry.offer.startMs).toISOString(),
        endsAt: new Date(entry.offer.endMs).toISOString(),
        expiresAt: new Date(entry.offer.expiresAtMs).toISOString(),
      }
    : null,
  reservationId: entry.reservationId,
  createdAt: new Date(entry.createdAtMs).toISOString(),
});
