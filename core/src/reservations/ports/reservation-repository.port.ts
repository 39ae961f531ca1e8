import type { OutboxWrite, Recipient } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import type { GuestDetails } from '../domain/guest-member';
import type { NewReservation, ReservationStatus, ReservationTask, ReservationView } from '../domain/reservation.entity';

export type ConflictCode = 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION';

/** What `create` checks and does beyond writing the reservation. */
export interface CreateOptions {
  /** A guest booking (`userId` null): the 仮会員 is found or made from these details. */
  readonly guest?: GuestDetails;
  /**
   * Online bookings: "one live reservation per member and menu". When the member already holds a
   * live reservation of one of the draft's menus that has not ended by this instant, `create`
   * throws DomainRuleViolation(ALREADY_RESERVED) and writes nothing. Decided under a lock on the
   * member (docs/reservations.md), so concurrent bookings cannot both pass.
   */
  readonly onePerMenuAtMs?: number;
  /** The messages written with the booking (docs/messages.md). */
  readonly outbox?: OutboxWrite;
}

export interface ReservationRepositoryPort {
  /**
   * Writes the reservation, its menus, tasks and allocations in one transaction. When a resource
   * is already held at an overlapping time the database refuses it and this throws
   * DomainRuleViolation(conflict); nothing is written. A guest booking (`userId` null) finds the
   * temporary member with that phone and name, or makes one, in the same transaction; when the
   * phone and name, or the e-mail, are a FULL member's it throws
   * DomainRuleViolation(MEMBER_LOGIN_REQUIRED) instead (a guest booking is never attached to a
   * member with an account). The messages of `options.outbox` are written (and their delivery
   * queued) in that transaction too.
   */
  create(draft: NewReservation, actor: Actor, conflict: ConflictCode, options?: CreateOptions): Promise<ReservationView>;
  findById(id: string): Promise<ReservationView | null>;
  /** `findById` with the member's addresses, in one read: a status change tells them where they chose. */
  findWithRecipient(id: string): Promise<{ readonly reservation: ReservationView; readonly recipient: Recipient | null } | null>;
  findByCancelTokenHash(hash: string): Promise<ReservationView | null>;
  listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]>;
  /**
   * `listForClinic` narrowed in the database: one member, one status, and a keyword that is part
   * of the member's name or kana (case-insensitive) or their whole 診察券番号.
   */
  searchForClinic(clinicId: string, fromMs: number, toMs: number, filter: StaffReservationFilter): Promise<ReservationView[]>;
  listForMember(userId: string): Promise<ReservationView[]>;
  /**
   * Changes the status; leaving RESERVED/VISITED frees the allocations, coming back holds them
   * again (and may throw DomainRuleViolation(RESOURCE_COLLISION)). Null when it does not exist.
   * Optimistic concurrency: with `expectedVersion`, a reservation whose version has moved on (it
   * was changed since it was read) is left as it is and DomainRuleViolation(RESERVATION_CHANGED)
   * is thrown.
   */
  setStatus(id: string, status: ReservationStatus, actor: Actor, expectedVersion?: number, outbox?: OutboxWrite): Promise<ReservationView | null>;
  /**
   * Replaces the tasks (and allocations) of a reservation; conflicts and messages as in `create`,
   * `expectedVersion` as in `setStatus`. A change of the start or end clears the visit's
   * confirmation (the person confirmed the old time).
   */
  replaceTasks(
    id: string,
    change: { tasks: readonly ReservationTask[]; menuIds?: readonly string[]; memo?: string },
    conflict: ConflictCode,
    expectedVersion?: number,
    outbox?: OutboxWrite,
  ): Promise<ReservationView | null>;
  /**
   * Records that the visit was confirmed at `atMs`, only while the reservation is RESERVED and
   * starts after `atMs` (checked on the locked row); an earlier confirmation is kept (`first`
   * false). Null when the reservation does not exist or no longer qualifies.
   */
  confirm(id: string, atMs: number): Promise<{ reservation: ReservationView; first: boolean } | null>;
  delete(id: string): Promise<boolean>;
  /** Whether the member holds another live reservation of the menu that has not ended yet. */
  hasLiveReservationOfMenu(userId: string, menuId: string, nowMs: number, exceptId?: string): Promise<boolean>;
  /** Reservations of a clinic made (or cancelled) most recently, newest first. */
  recent(clinicId: string, kind: 'created' | 'cancelled', limit: number): Promise<ReservationView[]>;
}

export interface StaffReservationFilter {
  readonly userId?: string;
  readonly status?: ReservationStatus;
  readonly keyword?: string;
}
