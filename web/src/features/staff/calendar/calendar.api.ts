/** Shapes and calls the calendar uses (reservations API, set-up API, calendar memos). */
import type {
  AvailableResourcesJson,
  ClinicJson,
  FacilityJson,
  HeldOfferJson,
  MemberJson,
  MemoJson,
  ReservationHistoryJson,
  ReservationSource,
  ReservationStatus,
  StaffMenuJson,
  StaffReservationJson,
  StaffSlotsJson,
  StaffWaitlistJson,
  WaitlistStatus,
} from '@clinic/contract';
import { messagesApi } from '../messages/messages.api';
import { createApi, type Input } from '../../../shared/api/api';
import {
  blocks,
  calendarMemos,
  schedules,
  staffAccount,
  staffDirectory,
  staffFacilities,
  staffMembers,
  staffMenus,
  staffReservations,
  staffWaitlist,
} from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';
import type { Block, Schedule, Staff } from '../staffs/staffs.api';

export type { Block, Schedule, Staff };

export type ResourceType = 'STAFF' | 'ROOM' | 'MACHINE';
export type { ReservationSource, ReservationStatus };

/** The set-up's answers the calendar reads (@clinic/contract). */
export type ClinicDetail = ClinicJson;
export type OpeningHours = ClinicDetail['openingHours'][number];
export type Facility = FacilityJson;
/** The enabled menus staff book from, with their tasks. */
export type CalendarMenu = StaffMenuJson;
export type MenuTask = CalendarMenu['tasks'][number];

/** A reservation as the staff API answers it (the HTTP adapter's schema, @clinic/contract). */
export type Reservation = StaffReservationJson;
export type ReservationTask = Reservation['tasks'][number];

export type CalendarMemo = MemoJson;
export type HistoryEntry = ReservationHistoryJson;
export type StaffSlot = StaffSlotsJson['slots'][number];
export type SlotTask = StaffSlot['tasks'][number];
export type AvailableResources = AvailableResourcesJson;
/** What the list of unconfirmed visits shows of a member. */
export type MemberContact = Pick<MemberJson, 'id' | 'name' | 'phone'>;

/** `allowOutsideHours`: the staff member confirmed a time in the past or outside opening hours. */
export type BookingBody = Input<'staffReservations', 'book'>['body'];

export type StatusAction = 'cancel' | 'not-visited' | 'visited' | 'reserved';

/** A waitlist offer holding time (キャンセル待ち確保); an entry of the day's waitlist, as staff see it. */
export type HeldOffer = HeldOfferJson;
export type WaitlistEntry = StaffWaitlistJson;
export type { WaitlistStatus };

const quiet = { notifyErrors: false } as const;

/** The route of each status change (`PUT /api/staffs/reservations/:id/not-visited`, …). */
const STATUS_ROUTES = { cancel: 'cancel', 'not-visited': 'notVisited', visited: 'visited', reserved: 'reserved' } as const satisfies Record<
  StatusAction,
  string
>;

export function calendarApi(
  http: HttpClient,
  api = createApi(http, {
    blocks,
    calendarMemos,
    schedules,
    staffAccount,
    staffDirectory,
    staffFacilities,
    staffMembers,
    staffMenus,
    staffReservations,
    staffWaitlist,
  }),
) {
  return {
    /** 送信履歴 of a reservation. */
    messages: messagesApi(http),
    clinics: () => api.staffAccount.clinics(),
    staffs: (clinicId: string) => api.staffDirectory.list({ query: { clinicId } }),
    rooms: (clinicId: string) => api.staffFacilities.rooms({ query: { clinicId } }),
    machines: (clinicId: string) => api.staffFacilities.machines({ query: { clinicId } }),
    menus: (clinicId: string) => api.staffMenus.menus({ query: { clinicId } }),
    schedules: (clinicId: string, from: string, to: string) => api.schedules.list({ query: { clinicId, from, to } }),
    blocks: (clinicId: string, from: string, to: string) => api.blocks.list({ query: { clinicId, from, to } }),
    holds: (clinicId: string, from: string, to: string) =>
      api.staffWaitlist.holds({ query: { clinicId, from: `${from}T00:00:00+09:00`, to: `${to}T23:59:59+09:00` } }),
    waitlist: (clinicId: string, date: string) => api.staffWaitlist.list({ query: { clinicId, date } }),
    offerWaitlist: (entryId: string, startsAt: string) => api.staffWaitlist.offer({ params: { id: entryId }, body: { startsAt } }, quiet),
    removeWaitlist: (entryId: string) => api.staffWaitlist.remove({ params: { id: entryId } }),
    reservations: (clinicId: string, from: string, to: string) => api.staffReservations.calendar({ query: { clinicId, from, to } }),
    reservation: (reservationId: string) => api.staffReservations.get({ params: { id: reservationId } }),
    /** `null` when the server has no history endpoint (yet). */
    history: (reservationId: string) => api.staffReservations.history({ params: { id: reservationId } }, quiet).catch(() => null),
    recent: (clinicId: string) => api.staffReservations.recent({ query: { clinicId } }),
    recentCancelled: (clinicId: string) => api.staffReservations.recentCancelled({ query: { clinicId } }),
    searchAvailable: (clinicId: string, menuId: string, date: string) =>
      api.staffReservations.search({ body: { clinicId, menuId, from: date, to: date } }, quiet),
    availableResources: (clinicId: string, startsAt: string, endsAt: string) =>
      api.staffReservations.availableResources({ body: { clinicId, startsAt, endsAt } }, quiet),
    book: (body: BookingBody) => api.staffReservations.book({ body }, quiet),
    updateMemo: (reservationId: string, memo: string) => api.staffReservations.update({ params: { id: reservationId }, body: { memo } }),
    setStatus: (reservationId: string, action: StatusAction) => api.staffReservations[STATUS_ROUTES[action]]({ params: { id: reservationId } }),
    remove: (reservationId: string) => api.staffReservations.remove({ params: { id: reservationId } }),
    move: (reservationId: string, startsAt: string, target: { type: ResourceType; id: string } | null) =>
      api.staffReservations.move({ params: { id: reservationId }, body: target ? { startsAt, target } : { startsAt } }),
    memos: (clinicId: string, from: string, to: string) => api.calendarMemos.list({ query: { clinicId, from, to } }),
    createMemo: (clinicId: string, date: string, content: string) => api.calendarMemos.create({ body: { clinicId, date, content } }),
    saveMemo: (memoId: string, content: string) => api.calendarMemos.update({ params: { id: memoId }, body: { content } }),
    /** The members' phones for the list of unconfirmed visits (at most 100 ids a call). */
    memberContacts: (ids: readonly string[]) => api.staffMembers.byIds({ body: { ids: [...ids] } }),
    deleteMemo: (memoId: string) => api.calendarMemos.remove({ params: { id: memoId } }),
  };
}

export type CalendarApi = ReturnType<typeof calendarApi>;
