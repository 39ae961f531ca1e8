import type { OutboxWrite } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import type { GuestDetails } from './guest-members.port';
import type { NewReservation, Reservation, ReservationStatus, ReservationTask, ReservationView } from '../domain/reservation.entity';

export type ConflictCode = 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION';

export interface ReservationRepositoryPort {
  /**
   * Writes the reservation, its menus, tasks and allocations in one transaction. When a resource
   * is already held at an overlapping time the database refuses it and this throws
   * DomainRuleViolation(conflict); nothing is written. A guest booking (`userId` null) finds the
   * temporary member with that phone and name, or makes one, in the same transaction. The
   * messages of `outbox` are written (and their delivery queued) in that transaction too.
   */
  create(draft: NewReservation, actor: Actor, conflict: ConflictCode, guest?: GuestDetails, outbox?: OutboxWrite): Promise<ReservationView>;
  findById(id: string): Promise<ReservationView | null>;
  findByCancelTokenHash(hash: string): Promise<ReservationView | null>;
  listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]>;
  listForMember(userId: string): Promise<ReservationView[]>;
  /**
   * Changes the status; leaving RESERVED/VISITED frees the allocations, coming back holds them
   * again (and may throw DomainRuleViolation(RESOURCE_COLLISION)). Null when it does not exist.
   */
  setStatus(id: string, status: ReservationStatus, actor: Actor, outbox?: OutboxWrite): Promise<ReservationView | null>;
  /**
   * Replaces the tasks (and allocations) of a reservation; conflicts and messages as in `create`.
   * A change of the start or end clears the visit's confirmation (the person confirmed the old time).
   */
  replaceTasks(
    id: string,
    change: { tasks: readonly ReservationTask[]; menuIds?: readonly string[]; memo?: string },
    conflict: ConflictCode,
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
