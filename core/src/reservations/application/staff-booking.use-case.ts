import { DateTime } from 'luxon';
import { zoneOf } from '../../shared/zone-offset';
import type { Member } from '../../accounts/domain/member.entity';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { Recipient } from '../../messages/domain/message.entity';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { MenuRepositoryPort } from '../../menus/ports/menu-repository.port';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode, FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { SLOT_MS } from '../domain/availability-engine';
import { openRangesOf, type ClinicCalendar } from '../domain/booking-calendar';
import type { ReservationView } from '../domain/reservation.entity';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import type { ReservationRepositoryPort } from '../ports/reservation-repository.port';
import type { BookingError, BookReservationUseCase, ExplicitTask } from './book-reservation.use-case';
import type { ManageReservationUseCase } from './manage-reservation.use-case';

/** Why a staff booking needs an explicit confirmation: a start in the past, a time the clinic is closed. */
export type OutsideHoursReason = 'PAST' | 'OUTSIDE_HOURS';

interface StaffBookingBase {
  readonly clinicId: string;
  readonly userId: string;
  readonly memo?: string;
  /** The staff member confirmed a time in the past or outside opening hours (recorded in the audit). */
  readonly allowOutsideHours?: boolean;
}

export interface AutomaticStaffBooking extends StaffBookingBase {
  readonly menuId: string;
  readonly startMs: number;
}

export interface ExplicitStaffBooking extends StaffBookingBase {
  readonly menuIds: readonly string[];
  readonly tasks: readonly ExplicitTask[];
}

export interface StaffBookingChange {
  readonly tasks?: readonly ExplicitTask[];
  readonly menuIds?: readonly string[];
  readonly memo?: string;
  readonly allowOutsideHours?: boolean;
}

export type StaffBookingError = BookingError | 'CLINIC_NOT_FOUND' | 'OUTSIDE_OPENING_HOURS';

/** What a staff booking and a staff change answer, as the API documents them (the routers declare these lists). */
export const STAFF_BOOKING_ERRORS = [
  'CLINIC_NOT_FOUND',
  'USER_NOT_FOUND',
  'MENU_NOT_FOUND',
  'MENU_NOT_SPECIFIED',
  'CLINIC_CLOSED',
  'INVALID_TIMESLOT',
  'RESERVATION_CONFLICT',
  'RESOURCE_COLLISION',
  'ALREADY_RESERVED',
  'OUTSIDE_OPENING_HOURS',
] as const satisfies readonly ErrorCode[];
export const STAFF_UPDATE_ERRORS = [
  'RESERVATION_NOT_FOUND',
  'MENU_NOT_FOUND',
  'RESOURCE_COLLISION',
  'RESERVATION_CONFLICT',
  'UPDATE_FAILED',
  'OUTSIDE_OPENING_HOURS',
  'RESERVATION_CHANGED',
] as const satisfies readonly ErrorCode[];
type UpdateError = StaffBookingError | 'RESERVATION_NOT_FOUND' | 'UPDATE_FAILED';

const FOREIGN_MENU = 'このクリニックのメニューではありません。';

const REASON_TEXT: Record<OutsideHoursReason, string> = {
  PAST: '過去の日時です。',
  OUTSIDE_HOURS: '営業時間外（休診日・休憩を含む）です。',
};

/**
 * A reservation made by staff (the calendar's booking dialog), with the rules an online booking
 * does not need (issue 16, item 8): the member exists, at least one menu, no menu twice, every menu
 * of that clinic; and a time in the past or outside the clinic's opening hours only when the staff
 * member confirmed it (`allowOutsideHours`), which is then recorded in the audit trail
 * (`reservation.outside-hours-confirmed`). Then `BookReservationUseCase` books it.
 */
export class StaffBookingUseCase {
  constructor(
    private readonly book: Pick<BookReservationUseCase, 'byStaffAutomatic' | 'byStaffExplicit'>,
    private readonly source: Pick<AvailabilitySourcePort, 'clinic'>,
    private readonly menus: Pick<MenuRepositoryPort, 'clinicIdsOf'>,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly audit: AuditLogPort,
    private readonly clock: ClockPort,
    private readonly manage: Pick<ManageReservationUseCase, 'updateByStaff'>,
    private readonly reservations: Pick<ReservationRepositoryPort, 'findById'>,
  ) {}

  async automatic(staffId: string, command: AutomaticStaffBooking): Promise<Result<ReservationView, StaffBookingError>> {
    // The member is read at the same time as the clinic and the menu (the planning's read).
    const { member, recipient } = this.readMember(command.userId);
    // The clinic's hours are checked on the clinic the booking loads anyway (no read of its own).
    let reasons: OutsideHoursReason[] = [];
    const { allowOutsideHours, ...booking } = command;
    const booked = await this.book.byStaffAutomatic(
      staffId,
      { ...booking, recipient },
      async ({ clinic }): Promise<Result<unknown, 'USER_NOT_FOUND' | 'OUTSIDE_OPENING_HOURS'>> => {
        if (!(await member)) return fail('USER_NOT_FOUND');
        const times = this.checkTimes(clinic, [{ startMs: command.startMs, endMs: command.startMs + SLOT_MS }], true, allowOutsideHours === true);
        if (times.ok) reasons = times.value;
        return times;
      },
    );
    if (!booked.ok && !(await member)) return fail('USER_NOT_FOUND');
    if (!booked.ok && booked.error.code === 'MENU_NOT_FOUND' && !booked.error.fields) {
      // The planning loads only a menu of this clinic: anything else is not this clinic's.
      return fail('MENU_NOT_FOUND', { fields: [{ path: 'menuId', message: FOREIGN_MENU }] });
    }
    return this.recorded(staffId, booked, reasons);
  }

  async explicit(staffId: string, command: ExplicitStaffBooking): Promise<Result<ReservationView, StaffBookingError>> {
    const shape = menuListShape(command.menuIds, 'menuIds');
    if (!shape.ok) return shape;
    // The member, the menus' clinics and the clinic with its day (the availability read) are read
    // at the same time (three pooled connections, one wait instead of three: on a busy server each
    // round trip is a wait for a core, docs/benchmarks.md); the answers keep their order (an
    // unknown member first, then the tasks and the clinic, then the menus).
    const menusRead = this.checkMenus(command.clinicId, command.menuIds, 'menuIds', false);
    menusRead.catch(() => undefined);
    const { member, recipient } = this.readMember(command.userId);
    let reasons: OutsideHoursReason[] = [];
    const { allowOutsideHours, ...booking } = command;
    const booked = await this.book.byStaffExplicit(staffId, { ...booking, recipient }, async ({ clinic }) => {
      if (!(await member)) return fail('USER_NOT_FOUND');
      const menus = await menusRead;
      if (!menus.ok) return menus;
      const times = this.checkTimes(clinic, command.tasks, false, allowOutsideHours === true);
      if (times.ok) reasons = times.value;
      return times;
    });
    // A refusal found before the member's answer was needed (the tasks' shape, an unknown clinic) comes after an unknown member.
    if (!booked.ok && !(await member)) return fail('USER_NOT_FOUND');
    return this.recorded(staffId, booked, reasons);
  }

  /**
   * The member's read, started now and awaited where it is needed, and the addresses it gives for
   * the messages. A failed read fails the booking where it is awaited; neither promise may be
   * left rejected without a handler (the booking may end before it awaits them: an unhandled
   * rejection ends the process, seen in the database-outage test).
   */
  private readMember(userId: string): { member: Promise<Member | null>; recipient: Promise<Recipient | null> } {
    const member = this.members.findById(userId);
    const recipient = member.then((found) => found && recipientOf(found));
    member.catch(() => undefined);
    recipient.catch(() => undefined);
    return { member, recipient };
  }

  /** A change of a reservation's tasks or menus by staff: the same rules as a new explicit booking. */
  async update(staffId: string, id: string, change: StaffBookingChange): Promise<Result<ReservationView, UpdateError>> {
    const reservation = await this.reservations.findById(id);
    if (!reservation) return fail('RESERVATION_NOT_FOUND');
    let reasons: OutsideHoursReason[] = [];
    if (change.menuIds) {
      const menus = await this.checkMenus(reservation.clinicId, change.menuIds, 'menuIds', false);
      if (!menus.ok) return menus;
    }
    if (change.tasks) {
      const clinic = await this.source.clinic(reservation.clinicId);
      if (!clinic) return fail('CLINIC_NOT_FOUND');
      const times = this.checkTimes(clinic, change.tasks, false, change.allowOutsideHours === true);
      if (!times.ok) return times;
      reasons = times.value;
    }
    const { allowOutsideHours: _flag, ...rest } = change;
    const updated = await this.manage.updateByStaff(staffId, id, rest);
    return this.recorded(staffId, updated, reasons);
  }

  /** At least one menu, none twice, every one of the clinic. */
  private async checkMenus(clinicId: string, menuIds: readonly string[], menuPath: string, single: boolean): Promise<Result<void, StaffBookingError>> {
    const shape = menuListShape(menuIds, menuPath);
    if (!shape.ok) return shape;
    const found = await this.menus.clinicIdsOf(menuIds);
    const foreign = menuIds.flatMap((id, index) =>
      found.get(id) === clinicId ? [] : [{ path: single ? menuPath : `${menuPath}.${index}`, message: FOREIGN_MENU }],
    );
    return foreign.length > 0 ? fail('MENU_NOT_FOUND', { fields: foreign }) : ok(undefined);
  }

  private checkTimes(
    clinic: ClinicCalendar,
    spans: readonly { readonly startMs: number; readonly endMs: number }[],
    startOnly: boolean,
    allowed: boolean,
  ): Result<OutsideHoursReason[], 'OUTSIDE_OPENING_HOURS'> {
    const reasons = outsideHours(clinic, spans, this.clock.now().toMillis(), startOnly);
    if (reasons.length > 0 && !allowed) {
      return fail('OUTSIDE_OPENING_HOURS', {
        fields: reasons.map((reason) => ({ path: startOnly ? 'startsAt' : 'tasks', message: REASON_TEXT[reason] })),
        detail: { reasons: reasons.join(',') },
      });
    }
    return ok(reasons);
  }

  private async recorded<E extends UpdateError>(
    staffId: string,
    booked: Result<ReservationView, E>,
    reasons: readonly OutsideHoursReason[],
  ): Promise<Result<ReservationView, E>> {
    if (booked.ok && reasons.length > 0) {
      await this.audit.append({
        actorType: 'staff',
        actorId: staffId,
        action: 'reservation.outside-hours-confirmed',
        entity: 'reservation',
        entityId: booked.value.id,
        after: { reasons, startsAt: new Date(booked.value.startMs).toISOString(), endsAt: new Date(booked.value.endMs).toISOString() },
      });
    }
    return booked;
  }
}

/** A staff booking's menus: at least one, none twice (before anything is read). */
export const menuListShape = (menuIds: readonly string[], menuPath: string): Result<void, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  if (menuIds.length === 0) fields.push({ path: menuPath, message: 'メニューを1つ以上選んでください。' });
  menuIds.forEach((id, index) => {
    if (menuIds.indexOf(id) !== index) fields.push({ path: `${menuPath}.${index}`, message: '同じメニューが2回選ばれています。' });
  });
  return fields.length > 0 ? fail('VALIDATION_FAILED', { fields }) : ok(undefined);
};

/**
 * Whether these times need a confirmation: any start before now (PAST), and any time the clinic is
 * not open — a holiday, a closed weekday, before opening, after closing, a clinic break
 * (OUTSIDE_HOURS). For an automatic booking only the start is checked here: the assignment itself
 * follows the schedules and refuses a closed clinic (CLINIC_CLOSED).
 */
export const outsideHours = (
  clinic: ClinicCalendar,
  spans: readonly { readonly startMs: number; readonly endMs: number }[],
  nowMs: number,
  startOnly = false,
): OutsideHoursReason[] => {
  const reasons = new Set<OutsideHoursReason>();
  for (const span of spans) {
    if (span.startMs < nowMs) reasons.add('PAST');
    if (startOnly) continue;
    const day = DateTime.fromMillis(span.startMs, { zone: zoneOf(clinic.zone) }).startOf('day');
    const from = (span.startMs - day.toMillis()) / SLOT_MS;
    const to = (span.endMs - day.toMillis()) / SLOT_MS;
    if (!openRangesOf(clinic, day).some(([a, b]) => from >= a && to <= b)) reasons.add('OUTSIDE_HOURS');
  }
  return (['PAST', 'OUTSIDE_HOURS'] as const).filter((reason) => reasons.has(reason));
};

/** Where a member's messages go, from the member already read (no second read of the row). */
const recipientOf = (member: Member): Recipient => ({
  email: member.email,
  lineUserId: member.lineUserId,
  preference: member.notificationChannel ?? null,
});
