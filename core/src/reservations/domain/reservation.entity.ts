import type { Language, Translations } from '../../shared/language';
import { fail, ok, type Result } from '../../shared/result';

export const RESERVATION_STATUSES = ['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export type ReservationSource = 'WEB_MEMBER' | 'WEB_GUEST' | 'LINE' | 'STAFF';

/** One step of a visit, holding at most one staff member, one room and one machine. */
export interface ReservationTask {
  readonly startMs: number;
  readonly endMs: number;
  readonly staffId: string | null;
  readonly roomId: string | null;
  readonly machineId: string | null;
  readonly menuId: string | null;
  readonly label: string;
}

export interface Reservation {
  readonly id: string;
  readonly clinicId: string;
  readonly userId: string;
  readonly menuIds: readonly string[];
  readonly status: ReservationStatus;
  readonly source: ReservationSource;
  readonly startMs: number;
  readonly endMs: number;
  readonly tasks: readonly ReservationTask[];
  readonly memo: string;
  readonly campaign: string | null;
  readonly createdAtMs: number;
  readonly cancelledAtMs: number | null;
  /** When the member or guest confirmed the visit (from a reminder's link); cleared when the time changes. */
  readonly confirmedAtMs: number | null;
  readonly version: number;
}

/** A reservation as screens show it: with the member's and the menus' names. */
export interface ReservationView extends Reservation {
  readonly userName: string;
  readonly userKana: string;
  readonly userNumber: string | null;
  readonly menuNames: readonly string[];
  /** The English and Chinese texts of each menu of `menuNames` (same order), for guests and members. */
  readonly menuTranslations: readonly Translations[];
}

export type NewReservation = Omit<Reservation, 'id' | 'createdAtMs' | 'cancelledAtMs' | 'confirmedAtMs' | 'version' | 'status'> & {
  /** SHA-256 of the guest's cancel token, when there is one. */
  readonly cancelTokenHash: string | null;
  /** SHA-256 of the guest's visit-confirmation token (confirms the visit, nothing else), when there is one. */
  readonly visitTokenHash?: string | null;
  /** The language a guest booked in (docs/languages.md): its messages go out in it. Absent: the member's. */
  readonly language?: Language | null;
  /** A booking in the LINE app: the LINE user (verified by LINE) whose reservation it is. */
  readonly lineUserId?: string | null;
};

/** RESERVED and VISITED hold their resources; CANCELLED and NOT_VISITED free them. */
export const isLive = (status: ReservationStatus): boolean => status === 'RESERVED' || status === 'VISITED';

export const spanOf = (tasks: readonly Pick<ReservationTask, 'startMs' | 'endMs'>[]): { startMs: number; endMs: number } => ({
  startMs: Math.min(...tasks.map((task) => task.startMs)),
  endMs: Math.max(...tasks.map((task) => task.endMs)),
});

/** A member's reservation of one menu, as far as the one-per-menu rule reads it. */
export type MenuBooking = Pick<Reservation, 'id' | 'status' | 'endMs'>;

/**
 * One live reservation per member and menu: a RESERVED one that has not ended by `nowMs` (other
 * than `exceptId`) keeps the member from booking the menu again; a visit or a cancel does not.
 */
export const holdsMenu = (bookings: readonly MenuBooking[], nowMs: number, exceptId?: string): boolean =>
  bookings.some((booking) => booking.status === 'RESERVED' && booking.endMs > nowMs && booking.id !== exceptId);

/** What replacing a reservation's tasks writes (`ReservationRepositoryPort.replaceTasks`), as `replacementOf` decides it. */
export interface TaskReplacement {
  readonly tasks: readonly ReservationTask[];
  /** The span of `tasks`: the reservation's new start and end. */
  readonly startMs: number;
  readonly endMs: number;
  /** The span moved: the person confirmed the old time, so the visit's confirmation is cleared. */
  readonly clearConfirmation: boolean;
  readonly menuIds?: readonly string[];
  readonly memo?: string;
}

/** The replacement of `reservation`'s tasks (as read, at its version) by `change.tasks` (at least one). */
export const replacementOf = (
  reservation: Pick<Reservation, 'startMs' | 'endMs'>,
  change: Pick<TaskReplacement, 'tasks' | 'menuIds' | 'memo'>,
): TaskReplacement => {
  const span = spanOf(change.tasks);
  return { ...change, ...span, clearConfirmation: span.startMs !== reservation.startMs || span.endMs !== reservation.endMs };
};

/** Whether an online change or cancel is still allowed: more than `hours` before the start. */
export const beforeDeadline = (reservation: Pick<Reservation, 'startMs'>, nowMs: number, hours: number): boolean =>
  nowMs < reservation.startMs - hours * 3_600_000;

/**
 * Whether the visit can be confirmed (the 来院確認 of a reminder): only a reservation still
 * RESERVED whose start is ahead. Confirming again keeps the first time.
 */
export const confirmable = (reservation: Pick<Reservation, 'status' | 'startMs'>, nowMs: number): boolean =>
  reservation.status === 'RESERVED' && nowMs < reservation.startMs;

/** The status a cancel, a no-show or a visit leads to, or why it cannot. */
export const transition = (
  reservation: Pick<Reservation, 'status'>,
  to: 'CANCELLED' | 'NOT_VISITED' | 'VISITED' | 'RESERVED',
): Result<ReservationStatus, 'UPDATE_FAILED'> => {
  const allowed: Record<ReservationStatus, readonly ReservationStatus[]> = {
    RESERVED: ['CANCELLED', 'NOT_VISITED', 'VISITED'],
    VISITED: ['RESERVED'],
    NOT_VISITED: ['RESERVED'],
    CANCELLED: [],
  };
  return allowed[reservation.status].includes(to) ? ok(to) : fail('UPDATE_FAILED', { detail: { from: reservation.status, to } });
};

export type MoveTarget = { readonly type: 'STAFF' | 'ROOM' | 'MACHINE'; readonly id: string };

/**
 * A drag on the calendar: refused when the reservation has several tasks, staff, rooms or
 * machines; a move across rows must land on a row of the type being changed (a staff row for a
 * staff change…), and only a resource the reservation holds can be changed.
 */
export const planMove = (
  reservation: Pick<Reservation, 'tasks' | 'status'>,
  startMs: number,
  target: MoveTarget | null,
): Result<ReservationTask[], 'MOVE_NOT_ALLOWED'> => {
  if (reservation.status !== 'RESERVED' || reservation.tasks.length !== 1) return fail('MOVE_NOT_ALLOWED');
  const task = reservation.tasks[0]!;
  const length = task.endMs - task.startMs;
  const moved: ReservationTask = { ...task, startMs, endMs: startMs + length };
  if (!target) return ok([moved]);
  const key = target.type === 'STAFF' ? 'staffId' : target.type === 'ROOM' ? 'roomId' : 'machineId';
  if (task[key] === null) return fail('MOVE_NOT_ALLOWED');
  return ok([{ ...moved, [key]: target.id }]);
};
