import { z } from 'zod';

export const RESERVATION_STATUSES = ['RESERVED', 'VISITED', 'CANCELLED', 'NOT_VISITED'] as const;
export const RESERVATION_SOURCES = ['WEB_MEMBER', 'WEB_GUEST', 'STAFF'] as const;

const slotJson = z.object({ startsAt: z.string(), endsAt: z.string() });
/** Free start times of a menu (member and guest search). */
export const slotsJson = z.object({ slots: z.array(slotJson) });

const taskJson = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.string().nullable(),
  roomId: z.string().nullable(),
  machineId: z.string().nullable(),
});
/** Free start times with the resources each would take (staff search). */
export const staffSlotsJson = z.object({ slots: z.array(slotJson.extend({ tasks: z.array(taskJson) })) });

const menuNameJson = z.object({ id: z.string(), name: z.string() });

/** A reservation as a member sees it. */
export const reservationJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  userId: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  menuIds: z.array(z.string()),
  /** The menus of `menuIds`, in the same order, with their names. */
  menus: z.array(menuNameJson),
  startsAt: z.string(),
  endsAt: z.string(),
  tasks: z.array(taskJson.extend({ menuId: z.string().nullable(), label: z.string() })),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** When the visit was confirmed from a reminder's link; null until then and after a change of time. */
  confirmedAt: z.string().nullable(),
});

/** What a guest sees after confirming the visit: enough to show the date, time and menu. */
export const guestConfirmationJson = z.object({
  id: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  clinicId: z.string(),
  menus: z.array(menuNameJson),
  confirmedAt: z.string().nullable(),
});

/** What a guest gets back from a booking: the visit to show, and the token of its cancel link. */
export const guestBookingJson = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  clinicId: z.string(),
  menus: z.array(menuNameJson),
  cancelToken: z.string(),
});

/** A reservation as staff see it: with the member, the memo and the campaign. */
export const staffReservationJson = reservationJson.extend({
  memo: z.string(),
  campaign: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), kana: z.string(), userNumber: z.string().nullable() }),
});

/** One change of a reservation's history: who did what, when (oldest first). */
export const reservationHistoryJson = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
});

/** The staff, rooms and machines free over a span (staff bookings and moves). */
export const availableResourcesJson = z.object({ staffIds: z.array(z.string()), roomIds: z.array(z.string()), machineIds: z.array(z.string()) });

export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
export type SlotsJson = z.output<typeof slotsJson>;
export type StaffSlotsJson = z.output<typeof staffSlotsJson>;
export type ReservationJson = z.output<typeof reservationJson>;
export type StaffReservationJson = z.output<typeof staffReservationJson>;
export type GuestConfirmationJson = z.output<typeof guestConfirmationJson>;
export type GuestBookingJson = z.output<typeof guestBookingJson>;
export type ReservationHistoryJson = z.output<typeof reservationHistoryJson>;
export type AvailableResourcesJson = z.output<typeof availableResourcesJson>;
