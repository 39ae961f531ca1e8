import { DateTime } from 'luxon';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ReservationMessages } from '../../messages/application/reservation-messages';
import type { Actor } from '../../shared/actor';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode } from '../../shared/errors';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';
import { guestKana } from '../../reservations/domain/guest-member';
import { AvailabilityEngine } from '../../reservations/domain/availability-engine';
import { bookingDays } from '../../reservations/domain/booking-calendar';
import { SEARCH_DAYS } from '../../reservations/domain/booking-policy';
import type { ReservationView } from '../../reservations/domain/reservation.entity';
import type { AvailabilitySourcePort } from '../../reservations/ports/availability-source.port';
import type { ReservationRepositoryPort } from '../../reservations/ports/reservation-repository.port';
import type { CancelTokensPort } from '../../reservations/ports/cancel-tokens.port';
import type { ContractLedgerPort } from '../../reservations/ports/contract-ledger.port';
import { checkBookable, type MenuRejection } from '../../reservations/application/search-availability.use-case';
import { writeOnlineBooking, type OnlineWriteError } from '../../reservations/application/online-booking';
import { hasLiveBookingOfMenu } from '../../reservations/application/reservation-checks';
import {
  WAITLIST_MAX_OPEN_PER_ADDRESS,
  WAITLIST_MAX_OPEN_PER_PERSON,
  checkJoin,
  checkJoinHours,
  type TimeRange,
  type WaitlistEntry,
  type WaitlistGuest,
} from '../domain/waitlist.entity';
import type { HeldOffer, WaitlistRepositoryPort, WaitlistTx } from '../ports/waitlist-repository.port';
import type { BookingRestrictions, Person } from '../../no-shows/application/booking-restrictions';
import type { FreedTime } from '../../reservations/ports/reservation-repository.port';
import type { WaitlistMatcher } from './waitlist-matcher';

export interface JoinCommand {
  readonly clinicId: string;
  readonly menuId: string;
  readonly from: string;
  readonly to: string;
  readonly times?: readonly TimeRange[];
}

export type JoinError =
  | MenuRejection
  | 'VALIDATION_FAILED'
  | 'ONLINE_BOOKING_RESTRICTED'
  | 'ALREADY_RESERVED'
  | 'WAITLIST_ALREADY_JOINED'
  | 'WAITLIST_LIMIT_REACHED'
  | 'MEMBER_LOGIN_REQUIRED';

/** The caps of open entries a join is checked against (the database counts, under the person's lock). */
export const WAITLIST_LIMITS = { perPerson: WAITLIST_MAX_OPEN_PER_PERSON, perAddress: WAITLIST_MAX_OPEN_PER_ADDRESS } as const;
export type AcceptError =
  'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE' | 'OFFER_EXPIRED' | 'ONLINE_BOOKING_RESTRICTED' | 'MENU_NOT_SUBSCRIBED' | OnlineWriteError;

/* What the waitlist answers, as the API documents it (the routers declare these lists). */
export const WAITLIST_JOIN_ERRORS = [
  'CLINIC_NOT_FOUND',
  'MENU_NOT_FOUND',
  'WEB_BOOKING_DISABLED',
  'MENU_NOT_ENABLED',
  'MENU_NOT_SUBSCRIBED',
  'CLINIC_SETTINGS_INADEQUATE',
  'ONLINE_BOOKING_RESTRICTED',
  'WAITLIST_ALREADY_JOINED',
  'WAITLIST_LIMIT_REACHED',
] as const satisfies readonly ErrorCode[];
/** A guest naming a FULL member (phone and name, or e-mail) logs in instead (issue 26). */
export const GUEST_WAITLIST_JOIN_ERRORS = [...WAITLIST_JOIN_ERRORS, 'MEMBER_LOGIN_REQUIRED'] as const satisfies readonly ErrorCode[];
/** A member also may not wait for a menu they hold a live booking of. */
export const MEMBER_WAITLIST_JOIN_ERRORS = [...WAITLIST_JOIN_ERRORS, 'ALREADY_RESERVED'] as const satisfies readonly ErrorCode[];
export const WAITLIST_ACCEPT_ERRORS = [
  'OFFER_NOT_AVAILABLE',
  'OFFER_EXPIRED',
  'ONLINE_BOOKING_RESTRICTED',
  'MENU_NOT_SUBSCRIBED',
  'ALREADY_RESERVED',
  'RESERVATION_CONFLICT',
] as const satisfies readonly ErrorCode[];
/** A guest's accept: by the token, and refused for a FULL member's phone and name or e-mail. */
export const GUEST_WAITLIST_ACCEPT_ERRORS = [...WAITLIST_ACCEPT_ERRORS, 'INVALID_TOKEN', 'MEMBER_LOGIN_REQUIRED'] as const satisfies readonly ErrorCode[];
export const WAITLIST_DECLINE_ERRORS = ['WAITLIST_NOT_FOUND', 'OFFER_NOT_AVAILABLE'] as const satisfies readonly ErrorCode[];
export const GUEST_WAITLIST_DECLINE_ERRORS = ['INVALID_TOKEN', 'OFFER_NOT_AVAILABLE'] as const satisfies readonly ErrorCode[];
export const STAFF_WAITLIST_OFFER_ERRORS = ['WAITLIST_NOT_FOUND', 'OFFER_NOT_AVAILABLE', 'RESERVATION_CONFLICT'] as const satisfies readonly ErrorCode[];

/** Offers expired per run of `expireDue`. */
const EXPIRY_BATCH = 50;

/**
 * The waitlist (キャンセル待ち): members and guests join for a menu, days and times; freed time
 * is offered to the earliest fitting entry and held for it (WaitlistMatcher); accept books the
 * held time, decline or expiry passes it on. Staff list entries and offers, offer a time by hand
 * and remove entries.
 */
export class WaitlistUseCase {
  constructor(
    private readonly waitlist: WaitlistRepositoryPort,
    private readonly source: AvailabilitySourcePort,
    private readonly matcher: WaitlistMatcher,
    private readonly restrictions: BookingRestrictions,
    private readonly ledger: ContractLedgerPort,
    private readonly tokens: CancelTokensPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
    private readonly messages?: ReservationMessages,
    /** Refuses a join for a menu the member already holds a live visit of (ALREADY_RESERVED). */
    private readonly reservations?: ReservationRepositoryPort,
    /** Open entries per person and per client address (WAITLIST_MAX_OPEN_PER_PERSON, WAITLIST_MAX_OPEN_PER_ADDRESS). */
    private readonly limits: { readonly perPerson: number; readonly perAddress: number } = WAITLIST_LIMITS,
  ) {}

  async joinByMember(userId: string, command: JoinCommand): Promise<Result<WaitlistEntry, JoinError>> {
    const checked = await this.checkJoin('member', { userId }, command);
    if (!checked.ok) return checked;
    if (await this.waitlist.hasOpenEntry(command.clinicId, command.menuId, { userId })) return fail('WAITLIST_ALREADY_JOINED');
    if (this.reservations && (await hasLiveBookingOfMenu(this.reservations, userId, command.menuId, this.clock.now().toMillis())))
      return fail('ALREADY_RESERVED');
    // The database has the last word: one open entry per person, clinic and menu (a unique index),
    // and the caps, counted under the person's lock, whatever the requests racing to join.
    const joined = await this.waitlist.join({ ...this.entryOf(command), userId, guest: null, tokenHash: null, clientAddress: null }, null, this.limits);
    if ('refused' in joined) return fail(joined.refused === 'open' ? 'WAITLIST_ALREADY_JOINED' : 'WAITLIST_LIMIT_REACHED');
    const entry = joined.written;
    await this.audit.append({ actorType: 'user', actorId: userId, action: 'waitlist.join', entity: 'waitlist_entry', entityId: entry.id, after: entry });
    return ok(await this.afterJoin(entry));
  }

  /**
   * `language`: the one the guest registers in; フリガナ is asked in Japanese only, as for a booking.
   * `clientAddress`: for the cap per address. `line`: a guest of the LINE app (the LINE user LINE
   * verified): no e-mail, the registration and the offers go to them by LINE, and an accepted offer
   * is a LINE booking (source LINE, in their "my bookings").
   */
  async joinByGuest(
    guest: WaitlistGuest,
    command: JoinCommand,
    language: Language = DEFAULT_LANGUAGE,
    clientAddress: string | null = null,
    line?: { readonly lineUserId: string },
  ): Promise<Result<{ entry: WaitlistEntry; token: string }, JoinError>> {
    const kana = guestKana(guest.kana, language);
    if (!kana.ok) return kana;
    guest = { ...guest, kana: kana.value, ...(line ? { lineUserId: line.lineUserId } : {}) };
    const checked = await this.checkJoin('guest', { guest: { clinicId: command.clinicId, phone: guest.phone, name: guest.name } }, command);
    if (!checked.ok) return checked;
    // A guest naming a FULL member logs in, at join time as at booking time (issue 26).
    if (await this.waitlist.memberLoginRequired(command.clinicId, guest)) return fail('MEMBER_LOGIN_REQUIRED');
    if (await this.waitlist.hasOpenEntry(command.clinicId, command.menuId, { phone: guest.phone, name: guest.name })) return fail('WAITLIST_ALREADY_JOINED');
    const token = this.tokens.issue();
    const message = this.messages?.waitlistJoined(guest.email, token.token, this.clock.now().toMillis(), guest.lineUserId ?? null) ?? null;
    const joined = await this.waitlist.join({ ...this.entryOf(command), userId: null, guest, tokenHash: token.hash, clientAddress }, message, this.limits);
    if ('refused' in joined) return fail(joined.refused === 'open' ? 'WAITLIST_ALREADY_JOINED' : 'WAITLIST_LIMIT_REACHED');
    const entry = joined.written;
    await this.audit.append({
      actorType: 'guest',
      actorId: null,
      action: 'waitlist.join',
      entity: 'waitlist_entry',
      entityId: entry.id,
      after: { ...entry, guest: null },
    });
    return ok({ entry: await this.afterJoin(entry), token: token.token });
  }

  listForMember(userId: string): Promise<WaitlistEntry[]> {
    return this.waitlist.listForMember(userId);
  }

  async findByGuestToken(token: string): Promise<Result<WaitlistEntry, 'INVALID_TOKEN'>> {
    const entry = await this.waitlist.findByTokenHash(this.tokens.hash(token));
    return entry ? ok(entry) : fail('INVALID_TOKEN');
  }

  async cancelByMember(userId: string, id: string): Promise<Result<void, 'WAITLIST_NOT_FOUND'>> {
    const entry = await this.waitlist.findById(id);
    if (!entry || entry.userId !== userId) return fail('WAITLIST_NOT_FOUND');
    return this.end(entry.id, { type: 'user', id: userId }, 'CANCELLED', 'waitlist.cancel');
  }

  async cancelByGuestToken(token: string): Promise<Result<void, 'INVALID_TOKEN' | 'WAITLIST_NOT_FOUND'>> {
    const entry = await this.waitlist.findByTokenHash(this.tokens.hash(token));
    if (!entry) return fail('INVALID_TOKEN');
    return this.end(entry.id, { type: 'guest', id: null }, 'CANCELLED', 'waitlist.cancel');
  }

  /** Declining an offer ends the entry; the time passes to the next fitting entry. */
  async declineByMember(userId: string, id: string): Promise<Result<void, 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE'>> {
    const entry = await this.waitlist.findById(id);
    if (!entry || entry.userId !== userId) return fail('WAITLIST_NOT_FOUND');
    return this.decline(entry.id, { type: 'user', id: userId });
  }

  async declineByGuestToken(token: string): Promise<Result<void, 'INVALID_TOKEN' | 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE'>> {
    const entry = await this.waitlist.findByTokenHash(this.tokens.hash(token));
    if (!entry) return fail('INVALID_TOKEN');
    return this.decline(entry.id, { type: 'guest', id: null });
  }

  /** `line`: taken in the LINE app by the member linked to that LINE user: a LINE booking, as `BookReservationUseCase.byMember`'s. */
  async acceptByMember(userId: string, id: string, line?: { readonly lineUserId: string }): Promise<Result<ReservationView, AcceptError>> {
    const entry = await this.waitlist.findById(id);
    if (!entry || entry.userId !== userId) return fail('WAITLIST_NOT_FOUND');
    const accepted = await this.accept(entry.id, { type: 'user', id: userId }, line);
    return accepted.ok ? ok(accepted.value.reservation) : accepted;
  }

  async acceptByGuestToken(token: string): Promise<Result<{ reservation: ReservationView; cancelToken: string }, AcceptError | 'INVALID_TOKEN'>> {
    const entry = await this.waitlist.findByTokenHash(this.tokens.hash(token));
    if (!entry) return fail('INVALID_TOKEN');
    const accepted = await this.accept(entry.id, { type: 'guest', id: null });
    if (!accepted.ok) return accepted;
    return ok({ reservation: accepted.value.reservation, cancelToken: accepted.value.cancelToken! });
  }

  /** Staff: a clinic's entries (with `day`, those that include it) with their offers. */
  listForClinic(clinicId: string, day: string | null): Promise<WaitlistEntry[]> {
    return this.waitlist.listForClinic(clinicId, day);
  }

  /** Staff: the offers holding time on a clinic's calendar. */
  heldOffers(clinicId: string, fromMs: number, toMs: number): Promise<HeldOffer[]> {
    return this.waitlist.heldOffers(clinicId, fromMs, toMs);
  }

  /** Staff offer a start to a WAITING entry by hand: held like any offer. */
  async offerByStaff(
    staffId: string,
    entryId: string,
    startMs: number,
  ): Promise<Result<WaitlistEntry, 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE' | 'RESERVATION_CONFLICT'>> {
    // The clinic's lock before the entry's row, in the order of every matching run (a cancel's
    // holds the lock, then takes the entries it offers): the other order could deadlock with it.
    const seen = await this.waitlist.findById(entryId);
    if (!seen) return fail('WAITLIST_NOT_FOUND');
    const result = await this.waitlist.inTransaction(
      async (tx): Promise<Result<void, 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE' | 'RESERVATION_CONFLICT'>> => {
        await tx.lockClinic(seen.clinicId);
        const entry = await tx.lock(entryId);
        if (!entry) return fail('WAITLIST_NOT_FOUND');
        if (entry.status !== 'WAITING') return fail('OFFER_NOT_AVAILABLE');
        const nowMs = this.clock.now().toMillis();
        const clinic = await tx.availability.clinic(entry.clinicId);
        if (!clinic || startMs <= nowMs) return fail('RESERVATION_CONFLICT');
        const day = DateTime.fromMillis(startMs, { zone: clinic.zone }).startOf('day');
        const context = await tx.availability.load(entry.clinicId, entry.menuId, day.toMillis(), day.plus({ days: 1 }).toMillis());
        const menu = context?.menu;
        if (!context || !menu || menu.tasks.length === 0) return fail('RESERVATION_CONFLICT');
        const slot = new AvailabilityEngine({
          days: bookingDays(context.clinic, day.toISODate()!, day.toISODate()!),
          tasks: menu.tasks,
          menuCategoryId: menu.categoryId,
          staffIds: context.staffIds,
          roomIds: context.roomIds,
          machineIds: context.machineIds,
          schedules: context.schedules,
          busy: context.busy,
          earliestStartMs: startMs,
          latestStartMs: startMs + 1,
        }).search()[0];
        if (!slot || slot.startMs !== startMs) return fail('RESERVATION_CONFLICT');
        const held = await this.matcher.hold(tx, entry, { menu, slot, holdMinutes: clinic.waitlistHoldMinutes, zone: clinic.zone, nowMs, staffId });
        return held ? ok(undefined) : fail('RESERVATION_CONFLICT');
      },
    );
    if (!result.ok) return result;
    await this.audit.append({
      actorType: 'staff',
      actorId: staffId,
      action: 'waitlist.offer',
      entity: 'waitlist_entry',
      entityId: entryId,
      after: { startsAt: new Date(startMs).toISOString() },
    });
    return ok((await this.waitlist.findById(entryId))!);
  }

  async removeByStaff(staffId: string, entryId: string): Promise<Result<void, 'WAITLIST_NOT_FOUND'>> {
    return this.end(entryId, { type: 'staff', id: staffId }, 'CANCELLED', 'waitlist.remove');
  }

  /** Offers whose time ran out: EXPIRED, their time passed on. Run by the worker; the number expired. */
  async expireDue(): Promise<number> {
    return this.waitlist.inTransaction(async (tx) => {
      const due = await tx.dueOffers(this.clock.now().toMillis(), EXPIRY_BATCH);
      for (const offer of due) {
        await tx.endOffer(offer.entryId, 'EXPIRED');
        await tx.setStatus(offer.entryId, 'EXPIRED');
      }
      for (const offer of due) await this.matcher.match(tx, { clinicId: offer.clinicId, fromMs: offer.startMs, toMs: offer.endMs });
      return due.length;
    });
  }

  /** Offers what time freed outside a reservation change (a removed block, an added shift) makes bookable. */
  matchFreed(freed: FreedTime): Promise<number> {
    return this.waitlist.inTransaction((tx) => this.matcher.match(tx, freed));
  }

  private entryOf(command: JoinCommand) {
    return { clinicId: command.clinicId, menuId: command.menuId, from: command.from, to: command.to, times: command.times ?? [] };
  }

  /** A time that fits right away is offered at once. */
  private async afterJoin(entry: WaitlistEntry): Promise<WaitlistEntry> {
    const clinic = await this.source.clinic(entry.clinicId);
    if (!clinic) return entry;
    const fromMs = DateTime.fromISO(entry.from, { zone: clinic.zone }).startOf('day').toMillis();
    const toMs = DateTime.fromISO(entry.to, { zone: clinic.zone }).plus({ days: 1 }).startOf('day').toMillis();
    const offered = await this.waitlist.inTransaction((tx) => this.matcher.match(tx, { clinicId: entry.clinicId, fromMs, toMs }, { entryId: entry.id }));
    return offered > 0 ? ((await this.waitlist.findById(entry.id)) ?? entry) : entry;
  }

  private async checkJoin(audience: 'member' | 'guest', person: Person, command: JoinCommand): Promise<Result<void, JoinError>> {
    const now = this.clock.now();
    const nowMs = now.toMillis();
    const context = await this.source.load(command.clinicId, command.menuId, nowMs, nowMs + 1);
    const bookable = await checkBookable(context, audience, this.ledger, 'userId' in person ? person.userId : undefined, now.toISODate()!);
    if (!bookable.ok) return bookable;
    const fields = checkJoin(
      { from: command.from, to: command.to, times: command.times ?? [] },
      now.toISODate()!,
      SEARCH_DAYS.online,
      bookable.value.clinic.zone,
    );
    if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
    const duration = bookable.value.menu.tasks.reduce((sum, task) => sum + task.durationMinutes, 0);
    // The clinic with its holidays from today (the context above holds today's only).
    const calendar = (await this.source.clinic(command.clinicId)) ?? bookable.value.clinic;
    const hours = checkJoinHours(command.times ?? [], bookingDays(calendar, command.from, command.to), duration);
    if (hours.length > 0) return fail('VALIDATION_FAILED', { fields: hours });
    const allowed = await this.restrictions.check(bookable.value.clinic, person);
    if (!allowed.ok) return allowed;
    return ok(undefined);
  }

  /**
   * Everything that reads beyond the entry (restriction, contract, the confirmation's address) is
   * decided first; then, on the locked entry, the offer is checked to be the same and still open,
   * its hold released and the reservation written in one transaction. Concurrent accepts queue on
   * the entry's lock: the first books, the rest find it BOOKED (OFFER_NOT_AVAILABLE).
   */
  private async accept(
    entryId: string,
    actor: Actor,
    line?: { readonly lineUserId: string },
  ): Promise<Result<{ reservation: ReservationView; cancelToken: string | null }, AcceptError>> {
    const entry = await this.waitlist.findById(entryId);
    if (!entry) return fail('WAITLIST_NOT_FOUND');
    // Swept by the worker (issue 26): the same answer as an accept that came after the deadline first.
    if (entry.status === 'EXPIRED') return fail('OFFER_EXPIRED');
    if (entry.status !== 'OFFERED' || !entry.offer) return fail('OFFER_NOT_AVAILABLE');
    const offer = entry.offer;
    const now = this.clock.now();
    const nowMs = now.toMillis();
    if (nowMs >= offer.expiresAtMs) {
      // Expired but not yet swept: expired now, and the time passed on, before answering.
      await this.waitlist.inTransaction(async (tx) => {
        const locked = await tx.lock(entryId);
        if (locked?.status === 'OFFERED' && locked.offer?.id === offer.id) await this.expireLocked(tx, locked);
      });
      return fail('OFFER_EXPIRED');
    }
    const clinic = await this.source.clinic(entry.clinicId);
    if (!clinic) return fail('WAITLIST_NOT_FOUND');
    const person: Person = entry.userId
      ? { userId: entry.userId }
      : { guest: { clinicId: entry.clinicId, phone: entry.guest!.phone, name: entry.guest!.name } };
    const allowed = await this.restrictions.check(clinic, person);
    if (!allowed.ok) return allowed;
    // Contract menus: the remaining sessions are checked now, as at booking.
    const context = await this.source.load(entry.clinicId, entry.menuId, offer.startMs, offer.startMs + 1);
    if (context?.menu?.kind === 'CONTRACT' && (!entry.userId || !(await this.ledger.hasRemainingSessions(entry.userId, entry.menuId, now.toISODate()!)))) {
      return fail('MENU_NOT_SUBSCRIBED');
    }
    const token = entry.userId ? null : this.tokens.issue();
    const visit = entry.userId ? null : this.tokens.issue();
    const outbox = this.messages
      ? await this.messages.booked(
          { userId: entry.userId, startMs: offer.startMs },
          clinic,
          nowMs,
          token
            ? { email: entry.guest!.email || null, cancelToken: token.token, visitToken: visit!.token, lineUserId: entry.guest!.lineUserId ?? null }
            : undefined,
        )
      : undefined;
    const outcome = await this.waitlist.inTransaction(async (tx): Promise<Result<ReservationView, AcceptError>> => {
      const locked = await tx.lock(entryId);
      if (locked?.status === 'EXPIRED') return fail('OFFER_EXPIRED');
      if (!locked || locked.status !== 'OFFERED' || locked.offer?.id !== offer.id) return fail('OFFER_NOT_AVAILABLE');
      await tx.endOffer(entry.id, 'ACCEPTED');
      const draft = {
        clinicId: entry.clinicId,
        menuIds: [entry.menuId],
        source: entry.userId ? (line ? ('LINE' as const) : ('WEB_MEMBER' as const)) : entry.guest?.lineUserId ? ('LINE' as const) : ('WEB_GUEST' as const),
        // A LINE guest's visit belongs to their LINE user (the LINE app's "my bookings", 来院します), as a linked member's taken in the app.
        ...(entry.guest?.lineUserId ? { lineUserId: entry.guest.lineUserId } : entry.userId && line ? { lineUserId: line.lineUserId } : {}),
        tasks: offer.tasks,
        memo: '',
        campaign: null,
        cancelTokenHash: token?.hash ?? null,
        visitTokenHash: visit?.hash ?? null,
        startMs: offer.startMs,
        endMs: offer.endMs,
      };
      const person = entry.guest
        ? { guest: { clinicId: entry.clinicId, name: entry.guest.name, kana: entry.guest.kana, phone: entry.guest.phone, email: entry.guest.email || null } }
        : { userId: entry.userId! };
      // The booking's rules and write, as an online booking's (a refusal rolls the accept back).
      const booked = await writeOnlineBooking(tx.booking, draft, person, actor, nowMs, outbox);
      if (!booked.ok) return booked;
      await tx.setStatus(entry.id, 'BOOKED', booked.value.id);
      return booked;
    });
    if (!outcome.ok) return outcome;
    // The reservation's own record (`reservation.create`) was written with it (writeOnlineBooking).
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action: 'waitlist.accept',
      entity: 'waitlist_entry',
      entityId: entryId,
      after: { reservationId: outcome.value.id },
    });
    return ok({ reservation: outcome.value, cancelToken: token?.token ?? null });
  }

  private async expireLocked(tx: WaitlistTx, entry: WaitlistEntry): Promise<void> {
    await tx.endOffer(entry.id, 'EXPIRED');
    await tx.setStatus(entry.id, 'EXPIRED');
    await this.matcher.match(tx, { clinicId: entry.clinicId, fromMs: entry.offer!.startMs, toMs: entry.offer!.endMs });
  }

  private async decline(entryId: string, actor: Actor): Promise<Result<void, 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE'>> {
    const result = await this.waitlist.inTransaction(async (tx): Promise<Result<void, 'WAITLIST_NOT_FOUND' | 'OFFER_NOT_AVAILABLE'>> => {
      const entry = await tx.lock(entryId);
      if (!entry) return fail('WAITLIST_NOT_FOUND');
      if (entry.status !== 'OFFERED' || !entry.offer) return fail('OFFER_NOT_AVAILABLE');
      await tx.endOffer(entry.id, 'DECLINED');
      await tx.setStatus(entry.id, 'CANCELLED');
      await this.matcher.match(tx, { clinicId: entry.clinicId, fromMs: entry.offer.startMs, toMs: entry.offer.endMs });
      return ok(undefined);
    });
    if (result.ok)
      await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'waitlist.decline', entity: 'waitlist_entry', entityId: entryId });
    return result;
  }

  /** Ends an entry (cancelled by the person or removed by staff); an open offer's time passes on. */
  private async end(entryId: string, actor: Actor, status: 'CANCELLED', action: string): Promise<Result<void, 'WAITLIST_NOT_FOUND'>> {
    const result = await this.waitlist.inTransaction(async (tx): Promise<Result<void, 'WAITLIST_NOT_FOUND'>> => {
      const entry = await tx.lock(entryId);
      if (!entry) return fail('WAITLIST_NOT_FOUND');
      if (entry.status !== 'WAITING' && entry.status !== 'OFFERED') return ok(undefined);
      await tx.setStatus(entry.id, status);
      if (entry.status === 'OFFERED' && entry.offer) {
        await tx.endOffer(entry.id, 'WITHDRAWN');
        await this.matcher.match(tx, { clinicId: entry.clinicId, fromMs: entry.offer.startMs, toMs: entry.offer.endMs });
      }
      return ok(undefined);
    });
    if (result.ok) await this.audit.append({ actorType: actor.type, actorId: actor.id, action, entity: 'waitlist_entry', entityId: entryId });
    return result;
  }
}
