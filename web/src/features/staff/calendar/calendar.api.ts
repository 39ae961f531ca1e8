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
export type BookingBody =
  | { clinicId: string; userId: string; menuId: string; startsAt: string; memo?: string; allowOutsideHours?: boolean }
  | { clinicId: string; userId: string; menuIds: string[]; tasks: Omit<SlotTask, never>[]; memo?: string; allowOutsideHours?: boolean };

export type StatusAction = 'cancel' | 'not-visited' | 'visited' | 'reserved';

/** A waitlist offer holding time (キャンセル待ち確保); an entry of the day's waitlist, as staff see it. */
export type HeldOffer = HeldOfferJson;
export type WaitlistEntry = StaffWaitlistJson;
export type { WaitlistStatus };

const id = (value: string) => encodeURIComponent(value);
const quiet = { notifyErrors: false } as const;

export function calendarApi(http: HttpClient) {
  return {
    /** 送信履歴 of a reservation. */
    messages: messagesApi(http),
    clinics: () => http.get<ClinicDetail[]>('/api/staffs/clinics'),
    staffs: (clinicId: string) => http.get<Staff[]>('/api/staffs', { query: { clinicId } }),
    rooms: (clinicId: string) => http.get<Facility[]>('/api/staffs/rooms', { query: { clinicId } }),
    machines: (clinicId: string) => http.get<Facility[]>('/api/staffs/machines', { query: { clinicId } }),
    menus: (clinicId: string) => http.get<CalendarMenu[]>('/api/staffs/menus', { query: { clinicId } }),
    schedules: (clinicId: string, from: string, to: string) => http.get<Schedule[]>('/api/staffs/schedules', { query: { clinicId, from, to } }),
    blocks: (clinicId: string, from: string, to: string) => http.get<Block[]>('/api/staffs/blocks', { query: { clinicId, from, to } }),
    holds: (clinicId: string, from: string, to: string) =>
      http.get<HeldOffer[]>('/api/staffs/waitlist/holds', { query: { clinicId, from: `${from}T00:00:00+09:00`, to: `${to}T23:59:59+09:00` } }),
    waitlist: (clinicId: string, date: string) => http.get<WaitlistEntry[]>('/api/staffs/waitlist', { query: { clinicId, date } }),
    offerWaitlist: (entryId: string, startsAt: string) => http.post<WaitlistEntry>(`/api/staffs/waitlist/${id(entryId)}/offer`, { startsAt }, quiet),
    removeWaitlist: (entryId: string) => http.delete<void>(`/api/staffs/waitlist/${id(entryId)}`),
    reservations: (clinicId: string, from: string, to: string) => http.get<Reservation[]>('/api/staffs/reservations', { query: { clinicId, from, to } }),
    reservation: (reservationId: string) => http.get<Reservation>(`/api/staffs/reservations/${id(reservationId)}`),
    /** `null` when the server has no history endpoint (yet). */
    history: (reservationId: string) => http.get<HistoryEntry[]>(`/api/staffs/reservations/${id(reservationId)}/history`, quiet).catch(() => null),
    recent: (clinicId: string) => http.get<Reservation[]>('/api/staffs/reservations/search-recent', { query: { clinicId } }),
    recentCancelled: (clinicId: string) => http.get<Reservation[]>('/api/staffs/reservations/search-recent-canceled', { query: { clinicId } }),
    searchAvailable: (clinicId: string, menuId: string, date: string) =>
      http.post<StaffSlotsJson>('/api/staffs/reservations/search-available', { clinicId, menuId, from: date, to: date }, quiet),
    availableResources: (clinicId: string, startsAt: string, endsAt: string) =>
      http.post<AvailableResources>('/api/staffs/reservations/available-resources', { clinicId, startsAt, endsAt }, quiet),
    book: (body: BookingBody) => http.post<Reservation>('/api/staffs/reservations', body, quiet),
    updateMemo: (reservationId: string, memo: string) => http.put<Reservation>(`/api/staffs/reservations/${id(reservationId)}`, { memo }),
    setStatus: (reservationId: string, action: StatusAction) => http.put<Reservation>(`/api/staffs/reservations/${id(reservationId)}/${action}`),
    remove: (reservationId: string) => http.delete<void>(`/api/staffs/reservations/${id(reservationId)}`),
    move: (reservationId: string, startsAt: string, target: { type: ResourceType; id: string } | null) =>
      http.put<Reservation>(`/api/staffs/reservations/${id(reservationId)}/move`, target ? { startsAt, target } : { startsAt }),
    memos: (clinicId: string, from: string, to: string) => http.get<CalendarMemo[]>('/api/staffs/calendar-memo', { query: { clinicId, from, to } }),
    createMemo: (clinicId: string, date: string, content: string) => http.post<CalendarMemo>('/api/staffs/calendar-memo', { clinicId, date, content }),
    saveMemo: (memoId: string, content: string) => http.put<CalendarMemo>(`/api/staffs/calendar-memo/${id(memoId)}`, { content }),
    /** The members' phones for the list of unconfirmed visits (at most 100 ids a call). */
    memberContacts: (ids: readonly string[]) => http.post<MemberContact[]>('/api/staffs/users/all-by-ids', { ids }),
    deleteMemo: (memoId: string) => http.delete<void>(`/api/staffs/calendar-memo/${id(memoId)}`),
  };
}

export type CalendarApi = ReturnType<typeof calendarApi>;
