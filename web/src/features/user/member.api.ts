/** Shapes and calls of the member's own API (docs/api-members.md, docs/reservations.md). */
import type {
  AnnouncementJson,
  CategoryJson,
  ContractJson,
  DetailedProfileJson,
  MenuJson,
  NotificationChannel,
  OwnEkimuJson,
  ReservationJson,
  ReservationStatus,
  SlotsJson,
  WaitlistJson,
  WaitlistStatus,
} from '@clinic/contract';
import { createApi, type Input } from '../../shared/api/api';
import { memberAnnouncements, memberMenus, memberProfile, reservations, waitlist } from '../../shared/api/endpoints';
import type { HttpClient } from '../../shared/api/http';

export type { ReservationStatus };
export type Gender = 'FEMALE' | 'MALE' | 'OTHER';
const GENDERS: readonly string[] = ['FEMALE', 'MALE', 'OTHER'] satisfies Gender[];
/** The answers type `gender` as a plain string (the schema lists no values): the one the screens know, else null. */
export const genderOf = (value: string | null): Gender | null => (value !== null && GENDERS.includes(value) ? (value as Gender) : null);

export type Announcement = AnnouncementJson;

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type Contract = ContractJson;
export type OwnEkimu = OwnEkimuJson;

/** A reservation as the member's API answers it (the HTTP adapter's schema, @clinic/contract). */
export type MemberReservation = ReservationJson;

/** A web-bookable menu and a category, their texts in the member's language. */
export type WebMenu = MenuJson;
export type MenuCategory = CategoryJson;

export type Slot = SlotsJson['slots'][number];

export type DetailedProfile = DetailedProfileJson;

export type { NotificationChannel };

/** What the member's own forms send (the contract's request schema of `PUT /api/users`). */
export type ProfileInput = Input<'memberProfile', 'update'>['body'];

/** A waitlist entry of the member (docs/waitlist.md). */
export type WaitlistEntry = WaitlistJson;
export type { WaitlistStatus };

export function memberApi(http: HttpClient, api = createApi(http, { memberAnnouncements, memberMenus, memberProfile, reservations, waitlist })) {
  return {
    announcements: () => api.memberAnnouncements.list(),
    contracts: () => api.memberProfile.contracts(),
    ownEkimu: () => api.memberProfile.ownEkimu(),
    menus: (clinicId: string, categoryId?: string) => api.memberMenus.menus({ query: { clinicId, categoryId } }),
    categories: (clinicId: string) => api.memberMenus.categories({ query: { clinicId } }),
    reservations: () => api.reservations.list(),
    reservation: (id: string) => api.reservations.get({ params: { id } }),
    searchAvailable: (body: Input<'reservations', 'search'>['body']) => api.reservations.search({ body }),
    book: (body: Input<'reservations', 'book'>['body'], idempotencyKey: string) =>
      api.reservations.book({ body }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    change: (id: string, startsAt: string) => api.reservations.change({ params: { id }, body: { startsAt } }),
    cancel: (id: string) => api.reservations.cancel({ params: { id } }),
    /** The page shows a refusal itself (it names the clinic's phone). */
    confirmVisit: (id: string) => api.reservations.confirm({ params: { id } }, { notifyErrors: false }),
    waitlist: () => api.waitlist.list(),
    /** The page shows a refusal itself (a restriction names the clinic's phone). */
    joinWaitlist: (body: Input<'waitlist', 'join'>['body']) => api.waitlist.join({ body }, { notifyErrors: false }),
    acceptOffer: (id: string) => api.waitlist.accept({ params: { id } }, { notifyErrors: false }),
    declineOffer: (id: string) => api.waitlist.decline({ params: { id } }),
    leaveWaitlist: (id: string) => api.waitlist.remove({ params: { id } }),
    detailedProfile: () => api.memberProfile.get(),
    updateProfile: (input: ProfileInput) => api.memberProfile.update({ body: input }),
  };
}

export type MemberApi = ReturnType<typeof memberApi>;

/** The menu names of a reservation (from `menus`, else the task labels). */
export function reservationMenuNames(reservation: Pick<MemberReservation, 'menus' | 'tasks'>): string {
  if (reservation.menus.length > 0) return reservation.menus.map((m) => m.name).join('、');
  const labels = [...new Set(reservation.tasks.map((task) => task.label).filter(Boolean))];
  return labels.join('、');
}
