import { localizeTexts, type Language, type ReservationView, type Slot } from '@clinic/core';
import { formatInstant } from './instant';

// The answers' and requests' schemas are shared with the web app (its types come from them).
export {
  availableResourcesBody,
  clinicRangeQuery,
  guestBookingBody,
  guestDetailsBody,
  guestPhoneSchema,
  memberBookingBody,
  memberChangeBody,
  moveBody,
  searchBody,
  staffBookingBody,
  staffSearchBody,
  staffUpdateBody,
  tokenBody,
  availableResourcesJson,
  guestBookingJson,
  guestConfirmationJson,
  reservationHistoryJson,
  reservationJson,
  slotsJson,
  staffReservationJson,
  staffSlotsJson,
} from '@clinic/contract';

const taskOut = (task: ReservationView['tasks'][number]) => ({
  startsAt: formatInstant(task.startMs),
  endsAt: formatInstant(task.endMs),
  staffId: task.staffId,
  roomId: task.roomId,
  machineId: task.machineId,
  menuId: task.menuId,
  label: task.label,
});

/**
 * What a member (or a guest) sees of a reservation: the menus' names in their language, each
 * falling back to Japanese (docs/languages.md). Staff answers pass no language: Japanese.
 */
export const toReservationJson = (reservation: ReservationView, language: Language = 'ja') => ({
  id: reservation.id,
  clinicId: reservation.clinicId,
  userId: reservation.userId,
  status: reservation.status,
  source: reservation.source,
  menuIds: [...reservation.menuIds],
  menus: reservation.menuIds.map((id, index) => ({
    id,
    name: localizeTexts({ name: reservation.menuNames[index] ?? '' }, reservation.menuTranslations[index], language).name,
  })),
  startsAt: formatInstant(reservation.startMs),
  endsAt: formatInstant(reservation.endMs),
  tasks: reservation.tasks.map(taskOut),
  createdAt: formatInstant(reservation.createdAtMs),
  cancelledAt: reservation.cancelledAtMs === null ? null : formatInstant(reservation.cancelledAtMs),
  confirmedAt: reservation.confirmedAtMs === null ? null : formatInstant(reservation.confirmedAtMs),
});

/**
 * What staff see: everything, with the member's name and card number. The staff fields are added to
 * the member's answer in place (`Object.assign`), not copied with it into a new object by a spread:
 * V8 built each spread copy on its slow path, 4.6 µs a reservation, and the copies then serialised
 * slower too (a calendar day of 180 reservations: 1.23 ms of CPU with the forms' summary, 0.30 after).
 */
export const toStaffReservationJson = (reservation: ReservationView) =>
  Object.assign(toReservationJson(reservation), {
    memo: reservation.memo,
    campaign: reservation.campaign,
    user: { id: reservation.userId, name: reservation.userName, kana: reservation.userKana, userNumber: reservation.userNumber },
  });

/** A string or null as JSON text (ids are digits, but their text is not assumed here). */
const jsonOf = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * The search's answer, `{"slots":[{"startsAt":…,"endsAt":…},…]}`, written as JSON text directly:
 * the same bytes as `JSON.stringify` of the objects, without a month's 800 objects and their
 * garbage, which cost more than writing the text (docs/benchmarks.md). Sent with
 * `sendJsonText`. The instants' texts contain nothing JSON escapes.
 */
export const slotsJsonText = (slots: readonly Slot[]): string => {
  let text = '{"slots":[';
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    text += `${i === 0 ? '' : ','}{"startsAt":"${formatInstant(slot.startMs)}","endsAt":"${formatInstant(slot.endMs)}"}`;
  }
  return `${text}]}`;
};

/** The staff search's answer, each start with the resources its tasks would be given, as JSON text (see `slotsJsonText`). */
export const staffSlotsJsonText = (slots: readonly Slot[]): string => {
  let text = '{"slots":[';
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    text += `${i === 0 ? '' : ','}{"startsAt":"${formatInstant(slot.startMs)}","endsAt":"${formatInstant(slot.endMs)}","tasks":[`;
    for (let t = 0; t < slot.tasks.length; t++) {
      const task = slot.tasks[t]!;
      text +=
        `${t === 0 ? '' : ','}{"startsAt":"${formatInstant(task.startMs)}","endsAt":"${formatInstant(task.endMs)}",` +
        `"staffId":${jsonOf(task.staffId)},"roomId":${jsonOf(task.roomId)},"machineId":${jsonOf(task.machineId)}}`;
    }
    text += ']}';
  }
  return `${text}]}`;
};
