import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { Actor } from '../../shared/actor';
import type { ClockPort } from '../../shared/clock.port';
import { fail, ok, type Result } from '../../shared/result';
import { beforeDeadline, planMove, transition, type MoveTarget, type Reservation, type ReservationView } from '../domain/reservation.entity';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import type { CancelTokensPort } from '../ports/cancel-tokens.port';
import type { ContractLedgerPort } from '../ports/contract-ledger.port';
import type { ReservationNotifierPort } from '../ports/reservation-notifier.port';
import type { ReservationRepositoryPort } from '../ports/reservation-repository.port';
import type { BookReservationUseCase, BookingError, ExplicitTask } from './book-reservation.use-case';

type Found = Result<ReservationView, 'RESERVATION_NOT_FOUND'>;

/**
 * Everything that happens to a reservation after it is made: cancel (member and guest before the
 * clinic's deadline, staff any time), no-show, visit, change of time by a member before the
 * update deadline, change of tasks and move by staff, delete. Each change is audited.
 */
export class ManageReservationUseCase {
  constructor(
    private readonly reservations: ReservationRepositoryPort,
    private readonly source: AvailabilitySourcePort,
    private readonly booking: BookReservationUseCase,
    private readonly tokens: CancelTokensPort,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
    /** Uses (and gives back) contract sessions as visits are recorded (optional). */
    private readonly ledger?: ContractLedgerPort,
    /** Mails the cancellation notice (optional). */
    private readonly notifier?: ReservationNotifierPort,
  ) {}

  /** A member's own reservation; another member's is "not found". */
  async findOwn(userId: string, id: string): Promise<Found> {
    const reservation = await this.reservations.findById(id);
    return reservation && reservation.userId === userId ? ok(reservation) : fail('RESERVATION_NOT_FOUND');
  }

  async cancelByMember(userId: string, id: string): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED'>> {
    const found = await this.findOwn(userId, id);
    if (!found.ok) return found;
    return this.cancelOnline(found.value, { type: 'user', id: userId });
  }

  async cancelByGuestToken(token: string): Promise<Result<ReservationView, 'INVALID_TOKEN' | 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findByCancelTokenHash(this.tokens.hash(token));
    if (!reservation) return fail('INVALID_TOKEN');
    return this.cancelOnline(reservation, { type: 'guest', id: reservation.userId });
  }

  /** Staff change the status at any time: cancel, no-show (無断キャンセル), visited, or back to reserved. */
  async setStatusByStaff(
    staffId: string,
    id: string,
    to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED',
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'UPDATE_FAILED'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    return this.changeStatus(reservation, to, { type: 'staff', id: staffId });
  }

  /** A member moves their booking to another start, before the update deadline, under the online rules. */
  async changeByMember(userId: string, id: string, startMs: number): Promise<Result<ReservationView, BookingError | 'RESERVATION_NOT_FOUND' | 'UPDATE_DEADLINE_PASSED' | 'UPDATE_FAILED'>> {
    const found = await this.findOwn(userId, id);
    if (!found.ok) return found;
    const reservation = found.value;
    if (reservation.status !== 'RESERVED' || reservation.menuIds.length !== 1) return fail('UPDATE_FAILED');
    const deadline = await this.deadlines(reservation);
    if (!beforeDeadline(reservation, this.clock.now().toMillis(), deadline.update)) {
      return fail('UPDATE_DEADLINE_PASSED', { detail: { phone: deadline.phone } });
    }
    const planned = await this.booking.plan('member', userId, { clinicId: reservation.clinicId, menuId: reservation.menuIds[0]!, startMs }, reservation.id);
    if (!planned.ok) return planned;
    return this.replace(reservation, { tasks: planned.value.tasks }, 'RESERVATION_CONFLICT', { type: 'user', id: userId }, 'reservation.change');
  }

  /** Staff give new tasks (and menus, memo): checked like a new explicit booking. */
  async updateByStaff(
    staffId: string,
    id: string,
    change: { tasks?: readonly ExplicitTask[]; menuIds?: readonly string[]; memo?: string },
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'CLINIC_NOT_FOUND' | 'RESOURCE_COLLISION' | 'VALIDATION_FAILED' | 'UPDATE_FAILED'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    if (reservation.status === 'CANCELLED') return fail('UPDATE_FAILED');
    let tasks = reservation.tasks;
    if (change.tasks) {
      const checked = await this.booking.checkExplicitTasks(reservation.clinicId, change.tasks, reservation.id);
      if (!checked.ok) return checked;
      tasks = checked.value.map((task, index) => ({ ...task, menuId: reservation.tasks[index]?.menuId ?? null, label: reservation.tasks[index]?.label ?? '' }));
    }
    return this.replace(
      reservation,
      { tasks, ...(change.menuIds ? { menuIds: change.menuIds } : {}), ...(change.memo !== undefined ? { memo: change.memo } : {}) },
      'RESOURCE_COLLISION',
      { type: 'staff', id: staffId },
      'reservation.update',
    );
  }

  /** A drag on the calendar: the same task at another start, optionally on another row of its type. */
  async moveByStaff(
    staffId: string,
    id: string,
    startMs: number,
    target: MoveTarget | null,
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'MOVE_NOT_ALLOWED' | 'CLINIC_NOT_FOUND' | 'RESOURCE_COLLISION' | 'VALIDATION_FAILED' | 'UPDATE_FAILED'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    const moved = planMove(reservation, startMs, target);
    if (!moved.ok) return moved;
    const checked = await this.booking.checkExplicitTasks(reservation.clinicId, moved.value, reservation.id);
    if (!checked.ok) return checked;
    const tasks = checked.value.map((task, index) => ({ ...task, menuId: moved.value[index]!.menuId, label: moved.value[index]!.label }));
    return this.replace(reservation, { tasks }, 'RESOURCE_COLLISION', { type: 'staff', id: staffId }, 'reservation.move');
  }

  async deleteByStaff(staffId: string, id: string): Promise<Result<void, 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation || !(await this.reservations.delete(id))) return fail('RESERVATION_NOT_FOUND');
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'reservation.delete', entity: 'reservation', entityId: id, before: reservation });
    return ok(undefined);
  }

  private async cancelOnline(reservation: Reservation, actor: Actor): Promise<Result<ReservationView, 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const deadline = await this.deadlines(reservation);
    if (reservation.status === 'RESERVED' && !beforeDeadline(reservation, this.clock.now().toMillis(), deadline.cancel)) {
      return fail('CANCEL_DEADLINE_PASSED', { detail: { phone: deadline.phone } });
    }
    return this.changeStatus(reservation, 'CANCELLED', actor);
  }

  private async changeStatus(reservation: Reservation, to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED', actor: Actor): Promise<Result<ReservationView, 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const next = transition(reservation, to);
    if (!next.ok) return next;
    // Decided on the reservation as read: if another change lands first, RESERVATION_CHANGED (409).
    const updated = await this.reservations.setStatus(reservation.id, next.value, actor, reservation.version);
    if (!updated) return fail('RESERVATION_NOT_FOUND');
    // The record, the contract ledger and the mail are independent of one another: at once.
    await Promise.all([
      this.audit.append({ actorType: actor.type, actorId: actor.id, action: `reservation.${to.toLowerCase()}`, entity: 'reservation', entityId: reservation.id, before: { status: reservation.status }, after: { status: updated.status } }),
      reservation.status === 'VISITED' || updated.status === 'VISITED' ? this.ledger?.settleVisit(reservation.id, updated.status === 'VISITED') : undefined,
      updated.status === 'CANCELLED' && reservation.status !== 'CANCELLED' ? this.notifier?.cancelled(updated) : undefined,
    ]);
    return ok(updated);
  }

  private async replace(
    reservation: Reservation,
    change: Parameters<ReservationRepositoryPort['replaceTasks']>[1],
    conflict: 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION',
    actor: Actor,
    action: string,
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND'>> {
    const updated = await this.reservations.replaceTasks(reservation.id, change, conflict, reservation.version);
    if (!updated) return fail('RESERVATION_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action, entity: 'reservation', entityId: reservation.id, before: reservation, after: updated });
    return ok(updated);
  }

  private async deadlines(reservation: Reservation): Promise<{ update: number; cancel: number; phone: string }> {
    const clinic = await this.source.clinic(reservation.clinicId);
    return { update: clinic?.updateDeadlineHours ?? 24, cancel: clinic?.cancelDeadlineHours ?? 24, phone: clinic?.phone ?? '' };
  }
}
