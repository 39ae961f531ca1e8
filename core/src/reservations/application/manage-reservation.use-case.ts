import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { ReservationMessages } from '../../messages/application/reservation-messages';
import { NO_MESSAGES, type OutboxWrite, type Recipient } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import {
  beforeDeadline,
  confirmable,
  isLive,
  planMove,
  replacementOf,
  transition,
  type MoveTarget,
  type Reservation,
  type ReservationView,
  type TaskReplacement,
} from '../domain/reservation.entity';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import type { CancelTokensPort } from '../ports/cancel-tokens.port';
import type { ContractLedgerPort } from '../ports/contract-ledger.port';
import type { ReservationRepositoryPort } from '../ports/reservation-repository.port';
import type { BookReservationUseCase, BookingError, ExplicitTask } from './book-reservation.use-case';
import { confirmVisit } from './reservation-checks';

type Found = Result<ReservationView, 'RESERVATION_NOT_FOUND'>;

/*
 * What each change answers, as the API documents it: the routers declare these lists and name no
 * rule's code themselves (issue 22, test/architecture/rule-codes.test.ts).
 */
export const MEMBER_CHANGE_ERRORS = [
  'RESERVATION_NOT_FOUND',
  'UPDATE_DEADLINE_PASSED',
  'CLINIC_CLOSED',
  'TOO_FAR_AHEAD',
  'INVALID_TIMESLOT',
  'RESERVATION_CONFLICT',
  'RESERVATION_CHANGED',
] as const satisfies readonly ErrorCode[];
export const MEMBER_CANCEL_ERRORS = ['RESERVATION_NOT_FOUND', 'CANCEL_DEADLINE_PASSED', 'RESERVATION_CHANGED'] as const satisfies readonly ErrorCode[];
export const MEMBER_CONFIRM_ERRORS = ['RESERVATION_NOT_FOUND', 'VISIT_NOT_CONFIRMABLE'] as const satisfies readonly ErrorCode[];
export const GUEST_CANCEL_ERRORS = ['INVALID_TOKEN', 'CANCEL_DEADLINE_PASSED', 'RESERVATION_CHANGED'] as const satisfies readonly ErrorCode[];
export const GUEST_CONFIRM_ERRORS = ['INVALID_TOKEN', 'VISIT_NOT_CONFIRMABLE'] as const satisfies readonly ErrorCode[];
export const MOVE_ERRORS = [
  'RESERVATION_NOT_FOUND',
  'MOVE_NOT_ALLOWED',
  'RESOURCE_COLLISION',
  'RESERVATION_CONFLICT',
  'CLINIC_CLOSED',
  'RESERVATION_CHANGED',
] as const satisfies readonly ErrorCode[];

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
    /** The notices and reminders written with each change (optional). */
    private readonly messages?: ReservationMessages,
  ) {}

  /** A member's own reservation; another member's is "not found". */
  async findOwn(userId: string, id: string): Promise<Found> {
    const reservation = await this.reservations.findById(id);
    return reservation && reservation.userId === userId ? ok(reservation) : fail('RESERVATION_NOT_FOUND');
  }

  async cancelByMember(userId: string, id: string): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED'>> {
    const found = await this.reservations.findWithRecipient(id);
    if (!found || found.reservation.userId !== userId) return fail('RESERVATION_NOT_FOUND');
    return this.cancelOnline(found.reservation, { type: 'user', id: userId }, found.recipient);
  }

  async cancelByGuestToken(
    token: string,
  ): Promise<Result<ReservationView, 'INVALID_TOKEN' | 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findByCancelTokenHash(this.tokens.hash(token));
    if (!reservation) return fail('INVALID_TOKEN');
    return this.cancelOnline(reservation, { type: 'guest', id: reservation.userId });
  }

  /** A member confirms their own visit (the link of a reminder); another member's is "not found". */
  async confirmByMember(userId: string, id: string): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'VISIT_NOT_CONFIRMABLE'>> {
    const found = await this.findOwn(userId, id);
    if (!found.ok) return found;
    return this.confirmVisit(found.value, { type: 'user', id: userId });
  }

  /**
   * A guest confirms the visit with the confirm-only token of their reminder's link, or with the
   * cancel token of their booking (its holder may cancel, so confirming gives them nothing more;
   * shared/API.md). The confirm-only token opens nothing else: cancel, change and the forms ask
   * for the cancel token.
   */
  async confirmByGuestToken(token: string): Promise<Result<ReservationView, 'INVALID_TOKEN' | 'VISIT_NOT_CONFIRMABLE'>> {
    const hash = this.tokens.hash(token);
    const reservation = (await this.reservations.findByVisitTokenHash(hash)) ?? (await this.reservations.findByCancelTokenHash(hash));
    if (!reservation) return fail('INVALID_TOKEN');
    return this.confirmVisit(reservation, { type: 'guest', id: reservation.userId });
  }

  /**
   * A cancel by someone the caller identified otherwise (the LINE app: the LINE user who booked the
   * visit, or the member linked to them): `owns` decides; a reservation not theirs is "not found".
   * The clinic's cancel deadline applies as for members.
   */
  async cancelIf(
    id: string,
    owns: (reservation: ReservationView) => Promise<boolean>,
    actor: Actor,
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED'>> {
    const found = await this.reservations.findWithRecipient(id);
    if (!found || !(await owns(found.reservation))) return fail('RESERVATION_NOT_FOUND');
    return this.cancelOnline(found.reservation, actor, found.recipient);
  }

  /** The visit confirmation of `confirmByMember`, by someone `owns` recognises (a LINE postback). */
  async confirmIf(
    id: string,
    owns: (reservation: ReservationView) => Promise<boolean>,
    actor: Actor,
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'VISIT_NOT_CONFIRMABLE'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation || !(await owns(reservation))) return fail('RESERVATION_NOT_FOUND');
    return this.confirmVisit(reservation, actor);
  }

  /** Staff change the status at any time: cancel, no-show (無断キャンセル), visited, or back to reserved. */
  async setStatusByStaff(
    staffId: string,
    id: string,
    to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED',
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'UPDATE_FAILED'>> {
    // The member's addresses come with the reservation: the notice needs no read of its own.
    const found = await this.reservations.findWithRecipient(id);
    if (!found) return fail('RESERVATION_NOT_FOUND');
    return this.changeStatus(found.reservation, to, { type: 'staff', id: staffId }, found.recipient);
  }

  /** A member moves their booking to another start, before the update deadline, under the online rules. */
  async changeByMember(
    userId: string,
    id: string,
    startMs: number,
  ): Promise<Result<ReservationView, BookingError | 'RESERVATION_NOT_FOUND' | 'UPDATE_DEADLINE_PASSED' | 'UPDATE_FAILED'>> {
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
      tasks = checked.value.tasks.map((task, index) => ({
        ...task,
        menuId: reservation.tasks[index]?.menuId ?? null,
        label: reservation.tasks[index]?.label ?? '',
      }));
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
  ): Promise<
    Result<ReservationView, 'RESERVATION_NOT_FOUND' | 'MOVE_NOT_ALLOWED' | 'CLINIC_NOT_FOUND' | 'RESOURCE_COLLISION' | 'VALIDATION_FAILED' | 'UPDATE_FAILED'>
  > {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    const moved = planMove(reservation, startMs, target);
    if (!moved.ok) return moved;
    const checked = await this.booking.checkExplicitTasks(reservation.clinicId, moved.value, reservation.id);
    if (!checked.ok) return checked;
    const tasks = checked.value.tasks.map((task, index) => ({ ...task, menuId: moved.value[index]!.menuId, label: moved.value[index]!.label }));
    return this.replace(reservation, { tasks }, 'RESOURCE_COLLISION', { type: 'staff', id: staffId }, 'reservation.move');
  }

  async deleteByStaff(staffId: string, id: string): Promise<Result<void, 'RESERVATION_NOT_FOUND'>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    // The time it held is offered to the waitlist in the same transaction.
    const deleted = await this.reservations.inTransaction(async (tx): Promise<Result<void, 'RESERVATION_NOT_FOUND'>> => {
      if (!(await tx.reservations.delete(id))) return fail('RESERVATION_NOT_FOUND');
      if (isLive(reservation.status)) await tx.offerFreedTime({ clinicId: reservation.clinicId, fromMs: reservation.startMs, toMs: reservation.endMs });
      return ok(undefined);
    });
    if (!deleted.ok) return deleted;
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'reservation.delete', entity: 'reservation', entityId: id, before: reservation });
    return ok(undefined);
  }

  /**
   * Only a RESERVED visit that has not started; confirming again answers the first confirmation
   * unchanged (and writes no audit entry). `confirmVisit` writes it only on the version read, so a
   * cancel or a move that lands in between wins.
   */
  private async confirmVisit(reservation: ReservationView, actor: Actor): Promise<Result<ReservationView, 'VISIT_NOT_CONFIRMABLE'>> {
    const nowMs = this.clock.now().toMillis();
    if (!confirmable(reservation, nowMs)) {
      // The person is told to call: the answer carries the clinic's phone, like a passed deadline.
      return fail('VISIT_NOT_CONFIRMABLE', { detail: { status: reservation.status, phone: (await this.deadlines(reservation)).phone } });
    }
    if (reservation.confirmedAtMs !== null) return ok(reservation);
    const confirmed = await confirmVisit(this.reservations, reservation, nowMs);
    if (!confirmed) return fail('VISIT_NOT_CONFIRMABLE');
    if (confirmed.first) {
      await this.audit.append({
        actorType: actor.type,
        actorId: actor.id,
        action: 'reservation.confirm',
        entity: 'reservation',
        entityId: reservation.id,
        before: { confirmedAt: null },
        after: { confirmedAt: new Date(nowMs).toISOString() },
      });
    }
    return ok(confirmed.reservation);
  }

  private async cancelOnline(
    reservation: Reservation,
    actor: Actor,
    recipient?: Recipient | null,
  ): Promise<Result<ReservationView, 'CANCEL_DEADLINE_PASSED' | 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const deadline = await this.deadlines(reservation);
    if (reservation.status === 'RESERVED' && !beforeDeadline(reservation, this.clock.now().toMillis(), deadline.cancel)) {
      return fail('CANCEL_DEADLINE_PASSED', { detail: { phone: deadline.phone } });
    }
    return this.changeStatus(reservation, 'CANCELLED', actor, recipient);
  }

  /** `recipient`: the member's addresses when read with the reservation (else the notice reads them). */
  private async changeStatus(
    reservation: Reservation,
    to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED',
    actor: Actor,
    recipient?: Recipient | null,
  ): Promise<Result<ReservationView, 'UPDATE_FAILED' | 'RESERVATION_NOT_FOUND'>> {
    const next = transition(reservation, to);
    if (!next.ok) return next;
    // A no-show is a visit whose start has passed without the person (issue 26): before it, the
    // person may still come, and a no-show recorded early would restrict them for nothing.
    if (to === 'NOT_VISITED' && this.clock.now().toMillis() < reservation.startMs) {
      return fail('UPDATE_FAILED', { fields: [{ path: 'status', message: '無断キャンセルは予約の開始時刻を過ぎてから記録できます。' }] });
    }
    // Decided on the reservation as read: if another change lands first, RESERVATION_CHANGED (409).
    const outbox = await this.statusMessages(reservation, next.value, recipient);
    let updated: ReservationView | null;
    if (isLive(next.value)) {
      // Frees nothing: one statement (with its own transaction only when its messages need one).
      updated = await this.reservations.setStatus(reservation.id, next.value, actor, reservation.version, outbox);
    } else {
      // Frees the time: the statement looks under the clinic's waitlist lock (shared) whether anyone
      // waits, and only then is the time offered, in the same transaction.
      const changed = await this.reservations.inTransaction(async (tx): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND'>> => {
        // Time already past is offered to nobody: the look is only for a visit still ahead.
        const lookForWaiting = reservation.endMs > this.clock.now().toMillis();
        const change = await tx.reservations.changeStatus(reservation.id, next.value, actor, reservation.version, outbox, { lookForWaiting });
        if (!change) return fail('RESERVATION_NOT_FOUND');
        if (change.waiting) {
          const { clinicId, startMs, endMs } = change.reservation;
          await tx.offerFreedTime({ clinicId, fromMs: startMs, toMs: endMs }, { sharedLook: true });
        }
        return ok(change.reservation);
      });
      updated = changed.ok ? changed.value : null;
    }
    if (!updated) return fail('RESERVATION_NOT_FOUND');
    // The record and the contract ledger are independent of one another: at once.
    await Promise.all([
      this.audit.append({
        actorType: actor.type,
        actorId: actor.id,
        action: `reservation.${to.toLowerCase()}`,
        entity: 'reservation',
        entityId: reservation.id,
        before: { status: reservation.status },
        after: { status: updated.status },
      }),
      reservation.status === 'VISITED' || updated.status === 'VISITED' ? this.ledger?.settleVisit(reservation.id, updated.status === 'VISITED') : undefined,
    ]);
    return ok(updated);
  }

  /** What a status change tells the person: a cancel notice; every change ends the reminders, a return to RESERVED schedules them again. */
  private async statusMessages(reservation: Reservation, to: Reservation['status'], recipient?: Recipient | null): Promise<OutboxWrite> {
    if (!this.messages || to === reservation.status) return NO_MESSAGES;
    const visit = { userId: reservation.userId, startMs: reservation.startMs, ...(recipient !== undefined ? { recipient } : {}) };
    const nowMs = this.clock.now().toMillis();
    if (to === 'CANCELLED') return this.messages.cancelled(visit, nowMs);
    if (to === 'RESERVED') {
      const clinic = await this.source.clinic(reservation.clinicId);
      return clinic ? this.messages.reinstated(visit, clinic, nowMs) : NO_MESSAGES;
    }
    return this.messages.ended();
  }

  /** A change of the visit's time is told, with its reminders moved; a change of memo or resources alone is not. */
  private async changeMessages(reservation: Reservation, change: TaskReplacement): Promise<OutboxWrite> {
    if (!this.messages || reservation.status !== 'RESERVED') return NO_MESSAGES;
    if (change.startMs === reservation.startMs && change.endMs === reservation.endMs) return NO_MESSAGES;
    const clinic = await this.source.clinic(reservation.clinicId);
    return clinic ? this.messages.changed({ userId: reservation.userId, startMs: change.startMs }, clinic, this.clock.now().toMillis()) : NO_MESSAGES;
  }

  private async replace(
    reservation: Reservation,
    tasks: Pick<TaskReplacement, 'tasks' | 'menuIds' | 'memo'>,
    conflict: 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION',
    actor: Actor,
    action: string,
  ): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND'>> {
    const change = replacementOf(reservation, tasks);
    const outbox = await this.changeMessages(reservation, change);
    // The time it held is offered to the waitlist in the same transaction (a live one held some).
    const replaced = await this.reservations.inTransaction(async (tx): Promise<Result<ReservationView, 'RESERVATION_NOT_FOUND'>> => {
      const view = await tx.reservations.replaceTasks(reservation.id, change, conflict, reservation.version, outbox);
      if (!view) return fail('RESERVATION_NOT_FOUND');
      if (isLive(reservation.status)) await tx.offerFreedTime({ clinicId: reservation.clinicId, fromMs: reservation.startMs, toMs: reservation.endMs });
      return ok(view);
    });
    if (!replaced.ok) return replaced;
    const updated = replaced.value;
    await this.audit.append({
      actorType: actor.type,
      actorId: actor.id,
      action,
      entity: 'reservation',
      entityId: reservation.id,
      before: reservation,
      after: updated,
    });
    return ok(updated);
  }

  private async deadlines(reservation: Reservation): Promise<{ update: number; cancel: number; phone: string }> {
    const clinic = await this.source.clinic(reservation.clinicId);
    return { update: clinic?.updateDeadlineHours ?? 24, cancel: clinic?.cancelDeadlineHours ?? 24, phone: clinic?.phone ?? '' };
  }
}
