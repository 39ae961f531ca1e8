import type { OutboxWrite, Recipient } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import type { GuestMembersPort } from './guest-members.port';
import type { MenuBooking, NewReservation, ReservationStatus, ReservationView, TaskReplacement } from '../domain/reservation.entity';

export type ConflictCode = 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION';

/** What `create` writes beyond the reservation. */
export interface CreateOptions {
  /** The messages written with the booking, in its statement (docs/messages.md). */
  readonly outbox?: OutboxWrite;
  /**
   * The booking's change record (`reservation.create` by the actor, the view as `after`) written
   * by the same statement: the booking and its record are one commit, all or nothing, and the
   * caller appends none of its own (docs/decisions.md, "The booking's change record").
   */
  readonly recorded?: boolean;
}

/** Time a cancel, no-show, change or delete frees at a clinic. */
export interface FreedTime {
  readonly clinicId: string;
  readonly fromMs: number;
  readonly toMs: number;
}

/** A status change as written, with what the statement saw of the waitlist. */
export interface StatusChange {
  readonly reservation: ReservationView;
  /**
   * Asked for with `lookForWaiting` and the visit still ahead: the statement took the clinic's
   * waitlist lock in shared mode and found someone waiting there (a storage fact; the use case
   * decides to offer the time). False when not asked, or nobody waits.
   */
  readonly waiting: boolean;
}

/**
 * The reservation writes of one database transaction, as a use case drives them: it locks, asks,
 * decides the rules and writes through this, and everything commits or rolls back together
 * (docs/architecture.md, "One booking").
 */
export interface ReservationTx {
  /** The reservations, read and written in this transaction. */
  readonly reservations: ReservationRepositoryPort;
  /** The members a guest booking finds or makes, in this transaction (`findOrCreateGuestMember`). */
  readonly guestMembers: GuestMembersPort;
  /**
   * Holds the member's row until the transaction ends: writes of one member queue here, and each
   * then sees those committed before it (READ COMMITTED reads afresh per statement).
   */
  lockMember(userId: string): Promise<void>;
  /**
   * Offers freed time to the waitlist in this transaction (the waitlist's matcher, wired by the
   * server). `sharedLook`: this transaction holds the clinic's waitlist lock in shared mode
   * already (a status change that looked, `StatusChange.waiting`).
   */
  offerFreedTime(freed: FreedTime, options?: { readonly sharedLook?: boolean }): Promise<void>;
}

export interface ReservationRepositoryPort {
  /**
   * Runs `work` in one transaction, with the writes of `tx` bound to it; again if the database
   * ended it as a deadlock's or serialization failure's loser (so `work` is database work only),
   * then ServiceUnavailableError. A `work` that returns a failed `Result` (`{ ok: false }`) rolls
   * the transaction back and that result is returned: a refused write leaves nothing behind.
   */
  inTransaction<T>(work: (tx: ReservationTx) => Promise<T>): Promise<T>;
  /**
   * Writes the reservation of `draft.userId`, its menus, tasks and allocations, and the messages
   * of `options.outbox` with their delivery jobs: all or nothing. When a resource is already held
   * at an overlapping time the database refuses it (the exclusion constraint) and this throws
   * DomainRuleViolation(conflict); nothing is written. The rules (one live booking per menu, the
   * guest's 仮会員) are the caller's, decided in its transaction before this.
   */
  create(draft: NewReservation, actor: Actor, conflict: ConflictCode, options?: CreateOptions): Promise<ReservationView>;
  findById(id: string): Promise<ReservationView | null>;
  /** `findById` with the member's addresses, in one read: a status change tells them where they chose. */
  findWithRecipient(id: string): Promise<{ readonly reservation: ReservationView; readonly recipient: Recipient | null } | null>;
  findByCancelTokenHash(hash: string): Promise<ReservationView | null>;
  /** The reservation whose guest visit-confirmation token has this SHA-256 (it confirms the visit, nothing else). */
  findByVisitTokenHash(hash: string): Promise<ReservationView | null>;
  listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]>;
  /**
   * `listForClinic` narrowed in the database: one member, one status, and a keyword that is part
   * of the member's name or kana (case-insensitive) or their whole 診察券番号.
   */
  searchForClinic(clinicId: string, fromMs: number, toMs: number, filter: StaffReservationFilter): Promise<ReservationView[]>;
  listForMember(userId: string): Promise<ReservationView[]>;
  /**
   * Changes the status; leaving RESERVED/VISITED frees the allocations and stamps the cancel time
   * and actor, coming back holds them again (and may throw DomainRuleViolation(RESOURCE_COLLISION)).
   * Null when it does not exist. Optimistic concurrency: with `expectedVersion`, a reservation whose
   * version has moved on (it was changed since it was read) is left as it is and
   * DomainRuleViolation(RESERVATION_CHANGED) is thrown.
   */
  setStatus(id: string, status: ReservationStatus, actor: Actor, expectedVersion?: number, outbox?: OutboxWrite): Promise<ReservationView | null>;
  /**
   * `setStatus`, and with `lookForWaiting` (in a transaction: `inTransaction`; the core asks only
   * for a visit still ahead) a look, in the same statement, whether anyone waits at the clinic
   * (`StatusChange.waiting`).
   */
  changeStatus(
    id: string,
    status: ReservationStatus,
    actor: Actor,
    expectedVersion: number | undefined,
    outbox: OutboxWrite | undefined,
    options: { readonly lookForWaiting: boolean },
  ): Promise<StatusChange | null>;
  /**
   * Writes `change` (the core's `replacementOf`): the tasks (and allocations), the span, the menus
   * and memo given, the confirmation cleared when it says so. Conflicts and messages as in
   * `create`, `expectedVersion` as in `setStatus`.
   */
  replaceTasks(id: string, change: TaskReplacement, conflict: ConflictCode, expectedVersion?: number, outbox?: OutboxWrite): Promise<ReservationView | null>;
  /**
   * Records that the visit was confirmed at `atMs`, on the reservation as the core read it and
   * found it `confirmable` (`confirmVisit`): null when it does not exist or its version has moved on
   * from `expectedVersion` (a cancel or a move landed first; checked on the locked row). An earlier
   * confirmation is kept (`first` false). The version does not move.
   */
  confirm(id: string, atMs: number, expectedVersion: number): Promise<{ reservation: ReservationView; first: boolean } | null>;
  delete(id: string): Promise<boolean>;
  /** The member's reservations of the menu, whatever their status (the core's `holdsMenu` decides which count). */
  menuBookingsOf(userId: string, menuId: string): Promise<MenuBooking[]>;
  /** Reservations of a clinic made (or cancelled) most recently, newest first. */
  recent(clinicId: string, kind: 'created' | 'cancelled', limit: number): Promise<ReservationView[]>;
}

export interface StaffReservationFilter {
  readonly userId?: string;
  readonly status?: ReservationStatus;
  readonly keyword?: string;
}
