import { DateTime } from 'luxon';
import type { ReservationMessages } from '../../messages/application/reservation-messages';
import { NO_MESSAGES, type Recipient } from '../../messages/domain/message.entity';
import type { Actor } from '../../shared/actor';
import type { ClockPort } from '../../shared/clock.port';
import type { ErrorCode, FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { AvailabilityEngine, SLOT_MS, type Slot } from '../domain/availability-engine';
import { bookingDays } from '../domain/booking-calendar';
import { START_REJECTIONS, checkStart, horizonMs, type StartRejection } from '../domain/booking-policy';
import { spanOf, type NewReservation, type ReservationTask, type ReservationView } from '../domain/reservation.entity';
import type { AvailabilityContext, AvailabilitySourcePort } from '../ports/availability-source.port';
import type { CancelTokensPort } from '../ports/cancel-tokens.port';
import type { ContractLedgerPort } from '../ports/contract-ledger.port';
import { guestKana, type GuestDetails } from '../domain/guest-member';
import { DEFAULT_LANGUAGE } from '../../shared/language';
import { writeOnlineBooking } from './online-booking';
import { hasLiveBookingOfMenu } from './reservation-checks';
import type { CreateOptions, ReservationRepositoryPort } from '../ports/reservation-repository.port';
import { MENU_REJECTIONS, checkBookable, type MenuRejection } from './search-availability.use-case';
import type { BookingRestrictions } from '../../no-shows/application/booking-restrictions';

export type BookingError =
  | MenuRejection
  | StartRejection
  | 'ALREADY_RESERVED'
  | 'MEMBER_LOGIN_REQUIRED'
  | 'RESERVATION_CONFLICT'
  | 'RESOURCE_COLLISION'
  | 'USER_NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'ONLINE_BOOKING_RESTRICTED';

/** Why a booking cannot be planned: the menu, the start, or no free slot at it. */
export const PLAN_ERRORS = [...MENU_REJECTIONS, ...START_REJECTIONS, 'RESERVATION_CONFLICT'] as const satisfies readonly ErrorCode[];
export type PlanError = (typeof PLAN_ERRORS)[number];
/**
 * What a member's booking can answer: a planning error, a live booking of the menu already
 * there (refused in the booking's transaction under a lock, and a slot taken meanwhile, as these codes), or
 * the no-show policy's restriction (docs/waitlist.md).
 */
export const MEMBER_BOOKING_ERRORS = [...PLAN_ERRORS, 'ALREADY_RESERVED', 'ONLINE_BOOKING_RESTRICTED'] as const satisfies readonly ErrorCode[];
export type MemberBookingError = (typeof MEMBER_BOOKING_ERRORS)[number];
/**
 * A guest's booking besides: the phone and name or e-mail are a full member's, who logs in to book;
 * no フリガナ in a Japanese booking.
 */
export const GUEST_BOOKING_ERRORS = [...MEMBER_BOOKING_ERRORS, 'MEMBER_LOGIN_REQUIRED', 'VALIDATION_FAILED'] as const satisfies readonly ErrorCode[];
export type GuestBookingError = (typeof GUEST_BOOKING_ERRORS)[number];

export interface OnlineBooking {
  readonly clinicId: string;
  readonly menuId: string;
  readonly startMs: number;
  readonly campaign?: string | null;
}

export interface ExplicitTask {
  readonly startMs: number;
  readonly endMs: number;
  readonly staffId: string | null;
  readonly roomId: string | null;
  readonly machineId: string | null;
}

/**
 * A caller's own rule on the context the booking loads (the staff rules of issue 16), checked
 * before the slot is planned: it answers from what is loaded anyway, without a read of its own.
 */
export type Admission<E extends ErrorCode> = (context: AvailabilityContext) => Result<unknown, E> | Promise<Result<unknown, E>>;

/**
 * The member's addresses for a staff booking's messages, when the caller reads the member itself
 * (then no second read): as read, or the read still in flight (awaited after the admission).
 */
export type StaffRecipient = Recipient | null | Promise<Recipient | null>;

const dayOf = (context: AvailabilityContext, startMs: number): string => DateTime.fromMillis(startMs, { zone: context.clinic.zone }).toISODate()!;

/**
 * Books a visit. Online (member or guest) and staff "automatic" bookings take the slot the
 * availability engine offers at that start, with the resources it assigns; staff may also give
 * the tasks and resources themselves. Either way the database has the last word: a resource held
 * at an overlapping time by a concurrent booking makes the write fail as a whole.
 */
export class BookReservationUseCase {
  constructor(
    private readonly source: AvailabilitySourcePort,
    private readonly reservations: ReservationRepositoryPort,
    private readonly ledger: ContractLedgerPort,
    private readonly tokens: CancelTokensPort,
    private readonly clock: ClockPort,
    /** The confirmation and reminders written with the booking (optional). */
    private readonly messages?: ReservationMessages,
    /** The no-show policy of online bookings (optional). */
    private readonly restrictions?: BookingRestrictions,
  ) {}

  /**
   * A member's booking. `line`: made in the LINE app by the member linked to that LINE user (the
   * session LINE's token opened): the reservation's source is LINE, as a LINE guest's is; the
   * member's messages go where the member chose, as for any of their bookings.
   */
  async byMember(userId: string, booking: OnlineBooking, line?: { readonly lineUserId: string }): Promise<Result<ReservationView, MemberBookingError>> {
    const planned = await this.plan('member', userId, booking);
    if (!planned.ok) return planned;
    const allowed = await this.restrictions?.check(planned.value.context.clinic, { userId });
    if (allowed && !allowed.ok) return allowed;
    const nowMs = this.clock.now().toMillis();
    // Checked here for a quick answer, and again in the booking's transaction under a lock on the
    // member, so that concurrent bookings cannot both pass (docs/reservations.md).
    if (await hasLiveBookingOfMenu(this.reservations, userId, booking.menuId, nowMs)) return fail('ALREADY_RESERVED');
    const outbox = await this.messages?.booked({ userId, startMs: booking.startMs }, planned.value.context.clinic, nowMs);
    const actor: Actor = { type: 'user', id: userId };
    const draft = { ...this.onlineDraft(booking, line ? 'LINE' : 'WEB_MEMBER', planned.value.tasks, null), ...(line ? { lineUserId: line.lineUserId } : {}) };
    return this.reservations.inTransaction((tx) => writeOnlineBooking(tx, draft, { userId }, actor, nowMs, outbox));
  }

  /**
   * A guest's booking. The 仮会員 with the same phone and name is found (or made) in the booking's
   * transaction (`writeOnlineBooking`), which also refuses a second live booking of the menu
   * (ALREADY_RESERVED) and a phone and name or e-mail of a FULL member (MEMBER_LOGIN_REQUIRED: a
   * member logs in to book; staff merge a 仮会員 into a member later).
   */
  async byGuest(
    guest: Omit<GuestDetails, 'clinicId'>,
    booking: OnlineBooking,
    /**
     * A booking in the LINE app: the LINE user that LINE verified. The reservation's source is
     * LINE, it belongs to that LINE user ("my bookings") and its messages go to them by LINE.
     */
    line?: { readonly lineUserId: string },
  ): Promise<Result<{ reservation: ReservationView; cancelToken: string }, GuestBookingError>> {
    const kana = guestKana(guest.kana, guest.language ?? DEFAULT_LANGUAGE);
    if (!kana.ok) return kana;
    const planned = await this.plan('guest', undefined, booking);
    if (!planned.ok) return planned;
    const allowed = await this.restrictions?.check(planned.value.context.clinic, {
      guest: { clinicId: booking.clinicId, phone: guest.phone, name: guest.name },
    });
    if (allowed && !allowed.ok) return allowed;
    const token = this.tokens.issue();
    // The reminder's confirm link has its own token: it confirms the visit and cannot cancel or change it.
    const visit = this.tokens.issue();
    const nowMs = this.clock.now().toMillis();
    const outbox = await this.messages?.booked({ userId: null, startMs: booking.startMs }, planned.value.context.clinic, nowMs, {
      email: guest.email?.trim() || null,
      cancelToken: token.token,
      visitToken: visit.token,
      lineUserId: line?.lineUserId ?? null,
    });
    // The temporary member (仮会員) is found or made in the same transaction as the booking.
    const actor: Actor = { type: 'guest', id: null };
    const draft = {
      ...this.onlineDraft(booking, line ? 'LINE' : 'WEB_GUEST', planned.value.tasks, token.hash),
      visitTokenHash: visit.hash,
      ...(line ? { lineUserId: line.lineUserId } : {}),
    };
    const person = { guest: { ...guest, kana: kana.value, clinicId: booking.clinicId } };
    const result = await this.reservations.inTransaction((tx) => writeOnlineBooking(tx, draft, person, actor, nowMs, outbox));
    if (!result.ok) return result;
    return ok({ reservation: result.value, cancelToken: token.token });
  }

  /**
   * Staff booking with automatic assignment: no lead time or online rules, the same collision rules.
   * `admit` is the staff booking's own rule (opening hours, issue 16), checked on the clinic the
   * planning loads anyway; `recipient`, when the caller has read the member, spares a second read.
   */
  async byStaffAutomatic<E extends ErrorCode = never>(
    staffId: string,
    command: { clinicId: string; userId: string; menuId: string; startMs: number; memo?: string; recipient?: StaffRecipient },
    admit?: Admission<E>,
  ): Promise<Result<ReservationView, BookingError | E>> {
    const planned = await this.plan('staff', command.userId, command, undefined, admit);
    if (!planned.ok) return planned;
    const recipient = await command.recipient;
    const outbox = await this.messages?.booked(
      { userId: command.userId, startMs: command.startMs, ...(recipient !== undefined ? { recipient } : {}) },
      planned.value.context.clinic,
      this.clock.now().toMillis(),
    );
    // No rule needs a lock: one statement, its own transaction (test/http/booking-round-trips.test.ts).
    return this.write(
      { type: 'staff', id: staffId },
      {
        clinicId: command.clinicId,
        userId: command.userId,
        menuIds: [command.menuId],
        source: 'STAFF',
        tasks: planned.value.tasks,
        memo: command.memo ?? '',
        campaign: null,
        cancelTokenHash: null,
      },
      'RESERVATION_CONFLICT',
      outbox ? { outbox } : {},
    );
  }

  /** Staff booking with the tasks and resources given: each checked, then written atomically. */
  async byStaffExplicit<E extends ErrorCode = never>(
    staffId: string,
    command: { clinicId: string; userId: string; menuIds: readonly string[]; tasks: readonly ExplicitTask[]; memo?: string; recipient?: StaffRecipient },
    admit?: Admission<E>,
  ): Promise<Result<ReservationView, BookingError | E>> {
    const checked = await this.checkExplicitTasks(command.clinicId, command.tasks, undefined, admit);
    if (!checked.ok) return checked;
    const { tasks, clinic } = checked.value;
    const recipient = await command.recipient;
    const outbox = this.messages
      ? await this.messages.booked(
          { userId: command.userId, startMs: spanOf(tasks).startMs, ...(recipient !== undefined ? { recipient } : {}) },
          clinic,
          this.clock.now().toMillis(),
        )
      : NO_MESSAGES;
    return this.write(
      { type: 'staff', id: staffId },
      {
        clinicId: command.clinicId,
        userId: command.userId,
        menuIds: command.menuIds,
        source: 'STAFF',
        tasks,
        memo: command.memo ?? '',
        campaign: null,
        cancelTokenHash: null,
      },
      'RESOURCE_COLLISION',
      { outbox },
    );
  }

  /**
   * Checks tasks given by hand: on the 15-minute grid, each resource belongs to the clinic (staff
   * scheduled then and not on a break). Holds by other reservations and blocks are left to the
   * database, which refuses them atomically.
   */
  async checkExplicitTasks<E extends ErrorCode = never>(
    clinicId: string,
    tasks: readonly ExplicitTask[],
    excludeReservationId?: string,
    admit?: Admission<E>,
  ): Promise<Result<{ tasks: ReservationTask[]; clinic: AvailabilityContext['clinic'] }, 'CLINIC_NOT_FOUND' | 'RESOURCE_COLLISION' | 'VALIDATION_FAILED' | E>> {
    const fields: FieldError[] = [];
    tasks.forEach((task, index) => {
      if (task.startMs % SLOT_MS !== 0 || task.endMs % SLOT_MS !== 0 || task.endMs <= task.startMs) {
        fields.push({ path: `tasks.${index}`, message: '時間は15分単位で、終了を開始より後にしてください。' });
      }
      if (!task.staffId && !task.roomId && !task.machineId) {
        fields.push({ path: `tasks.${index}`, message: 'スタッフ・部屋・機械のいずれかを指定してください。' });
      }
    });
    if (tasks.length === 0) fields.push({ path: 'tasks', message: '工程を1つ以上指定してください。' });
    if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
    const span = spanOf(tasks);
    const context = await this.source.load(clinicId, null, span.startMs, span.endMs, excludeReservationId ? { excludeReservationId } : {});
    if (!context) return fail('CLINIC_NOT_FOUND');
    const admitted = await admit?.(context);
    if (admitted && !admitted.ok) return admitted;
    for (const [index, task] of tasks.entries()) {
      const problem = unusable(context, task);
      if (problem) return fail('RESOURCE_COLLISION', { fields: [{ path: `tasks.${index}`, message: problem }] });
    }
    return ok({ tasks: tasks.map((task) => ({ ...task, menuId: null, label: '' })), clinic: context.clinic });
  }

  /**
   * The slot the engine offers at this start, with its assignment, or why there is none. Used for
   * new bookings and for a member's change (with the reservation's own holds left out).
   */
  async plan<E extends ErrorCode = never>(
    audience: 'member' | 'guest' | 'staff',
    userId: string | undefined,
    booking: { clinicId: string; menuId: string; startMs: number },
    excludeReservationId?: string,
    admit?: Admission<E>,
  ): Promise<Result<{ tasks: ReservationTask[]; context: AvailabilityContext }, PlanError | E>> {
    const now = this.clock.now();
    const nowMs = now.toMillis();
    const dayStart = DateTime.fromMillis(booking.startMs, { zone: now.zone }).startOf('day');
    const context = await this.source.load(
      booking.clinicId,
      booking.menuId,
      dayStart.toMillis(),
      dayStart.plus({ days: 1 }).toMillis(),
      excludeReservationId ? { excludeReservationId } : {},
    );
    const bookable = await checkBookable(context, audience, this.ledger, userId, now.toISODate()!);
    if (!bookable.ok) return bookable;
    const admitted = await admit?.(bookable.value);
    if (admitted && !admitted.ok) return admitted;
    const { clinic, menu } = bookable.value;
    const duration = menu.tasks.reduce((sum, task) => sum + task.durationMinutes, 0) * 60_000;
    const earliest = audience === 'staff' ? Number.NEGATIVE_INFINITY : nowMs + clinic.minLeadMinutes * 60_000;
    const start = checkStart(clinic, booking.startMs, duration, nowMs, earliest);
    if (!start.ok) return start;
    const day = dayOf(bookable.value, booking.startMs);
    const slot: Slot | undefined = new AvailabilityEngine({
      days: bookingDays(clinic, day, day),
      tasks: menu.tasks,
      menuCategoryId: menu.categoryId,
      staffIds: bookable.value.staffIds,
      roomIds: bookable.value.roomIds,
      machineIds: bookable.value.machineIds,
      schedules: bookable.value.schedules,
      busy: bookable.value.busy,
      earliestStartMs: booking.startMs,
      latestStartMs: Math.min(booking.startMs + 1, horizonMs(clinic.zone, nowMs)),
    }).search()[0];
    if (!slot || slot.startMs !== booking.startMs) return fail('RESERVATION_CONFLICT');
    return ok({
      context: bookable.value,
      tasks: slot.tasks.map((task, index) => ({ ...task, menuId: menu.id, label: menu.tasks[index]!.label })),
    });
  }

  /** An online booking's draft: one menu, the slot's tasks. */
  private onlineDraft(
    booking: OnlineBooking,
    source: 'WEB_MEMBER' | 'WEB_GUEST' | 'LINE',
    tasks: readonly ReservationTask[],
    cancelTokenHash: string | null,
  ): Omit<NewReservation, 'userId'> {
    return {
      clinicId: booking.clinicId,
      menuIds: [booking.menuId],
      source,
      tasks,
      memo: '',
      campaign: booking.campaign ?? null,
      cancelTokenHash,
      ...spanOf(tasks),
    };
  }

  /**
   * A staff booking: no rule needs a lock, so the reservation, its messages and its change record
   * (`reservation.create`) go out as one statement.
   */
  private async write(
    actor: Actor,
    draft: Omit<NewReservation, 'startMs' | 'endMs'>,
    conflict: 'RESERVATION_CONFLICT' | 'RESOURCE_COLLISION',
    options: CreateOptions = {},
  ): Promise<Result<ReservationView, never>> {
    return ok(await this.reservations.create({ ...draft, ...spanOf(draft.tasks) }, actor, conflict, { ...options, recorded: true }));
  }
}

const within = (from: number, to: number, a: number, b: number) => from >= a && to <= b;
const overlaps = (from: number, to: number, a: number, b: number) => from < b && a < to;

/** Why a hand-given task cannot use its resources, in Japanese, or null when it can. */
export const unusable = (context: AvailabilityContext, task: ExplicitTask): string | null => {
  if (task.staffId) {
    if (!context.staffIds.includes(task.staffId)) return 'このクリニックのスタッフではありません。';
    // Working time is the union of the person's schedules without their breaks.
    let working = true;
    for (let t = task.startMs; t < task.endMs && working; t += SLOT_MS) {
      working = context.schedules.some(
        (schedule) =>
          schedule.staffId === task.staffId &&
          within(t, Math.min(t + SLOT_MS, task.endMs), schedule.startMs, schedule.endMs) &&
          !schedule.breaks.some(([a, b]) => overlaps(t, Math.min(t + SLOT_MS, task.endMs), a, b)),
      );
    }
    if (!working) return 'スタッフの勤務時間外か休憩中です。';
  }
  if (task.roomId && !context.roomIds.includes(task.roomId)) return 'この部屋は使えません。';
  if (task.machineId && !context.machineIds.includes(task.machineId)) return 'この機械は使えません。';
  const busy = context.busy.some(
    (hold) =>
      overlaps(task.startMs, task.endMs, hold.startMs, hold.endMs) &&
      ((hold.type === 'STAFF' && hold.id === task.staffId) ||
        (hold.type === 'ROOM' && hold.id === task.roomId) ||
        (hold.type === 'MACHINE' && hold.id === task.machineId)),
  );
  return busy ? 'スタッフ・部屋・機械のいずれかが同じ時間帯に使われています。' : null;
};
