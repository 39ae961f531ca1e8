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

/** What staff see: everything, with the member's name and card number. */
export const toStaffReservationJson = (reservation: ReservationView) => ({
  ...toReservationJson(reservation),
  memo: reservation.memo,
  campaign: reservation.campaign,
  user: { id: reservation.userId, name: reservation.userName, kana: reservation.userKana, userNumber: reservation.userNumber },
});

export const toSlotsJson = (slots: readonly Slot[]) => ({
  slots: slots.map((slot) => ({ startsAt: formatInstant(slot.startMs), endsAt: formatInstant(slot.endMs) })),
});

export const toStaffSlotsJson = (slots: readonly Slot[]) => ({
  slots: slots.map((slot) => ({
    startsAt: formatInstant(slot.startMs),
    endsAt: formatInstant(slot.endMs),
    tasks: slot.tasks.map((task) => ({
      startsAt: formatInstant(task.startMs),
      endsAt: formatInstant(task.endMs),
      staffId: task.staffId,
      roomId: task.roomId,
      machineId: task.machineId,
    })),
  })),
});
