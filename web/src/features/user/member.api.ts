/** Shapes and calls of the member's own API (docs/api-members.md, docs/reservations.md). */
import type { HttpClient } from '../../shared/api/http';

export type ReservationStatus = 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';
export type Gender = 'FEMALE' | 'MALE' | 'OTHER';

export interface Announcement {
  id: string;
  clinicId: string | null;
  title: string;
  body: string;
  publishedFrom: string;
  publishedUntil: string | null;
}

export interface Contract {
  id: string;
  userId: string;
  menuId: string;
  menuName: string;
  clinicId: string;
  sessionsTotal: number;
  sessionsUsed: number;
  sessionsRemaining: number;
  expiresOn: string | null;
  createdAt: string;
}

export interface OwnEkimu {
  id: string;
  menu: { id: string; name: string; clinicId: string; categoryId: string };
  total: number;
  used: number;
  remaining: number;
  expiresOn: string | null;
}

export interface MemberReservation {
  id: string;
  clinicId: string;
  userId: string;
  status: ReservationStatus;
  menuIds: string[];
  menus?: { id: string; name: string }[];
  startsAt: string;
  endsAt: string;
  tasks: { menuId: string | null; label: string }[];
  createdAt: string;
  cancelledAt: string | null;
  /** When the visit was confirmed (a reminder's link); null until then. */
  confirmedAt?: string | null;
}

export interface WebMenu {
  id: string;
  clinicId: string;
  categoryId: string;
  name: string;
  description: string;
  displayOrder: number;
  kind: 'NEW' | 'CONTRACT' | 'INSURANCE';
  price: number;
  durationMinutes: number;
}

export interface MenuCategory {
  id: string;
  clinicId: string;
  name: string;
  displayOrder: number;
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

export interface DetailedProfile {
  id: string;
  name: string;
  kana: string;
  phone: string;
  email: string | null;
  birthday: string | null;
  gender: Gender | null;
  userNumber: string | null;
  status: 'TEMPORARY' | 'FULL';
  clinic: { id: string; name: string; phone: string };
  hasLine: boolean;
  giftCount: number;
  /** How messages reach the member (the effective choice: LINE only while LINE is linked). */
  notificationChannel: NotificationChannel;
}

export type NotificationChannel = 'LINE' | 'MAIL' | 'NONE';

export interface ProfileInput {
  name?: string;
  kana?: string;
  phone?: string;
  email?: string | null;
  birthday?: string | null;
  gender?: Gender | null;
  currentPassword?: string;
  newPassword?: string;
  notificationChannel?: NotificationChannel;
}

/** A key that makes a resent booking answer the first result instead of booking twice. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function memberApi(http: HttpClient) {
  return {
    announcements: () => http.get<Announcement[]>('/api/users/announcements'),
    contracts: () => http.get<Contract[]>('/api/users/contracts'),
    ownEkimu: () => http.get<OwnEkimu[]>('/api/users/menus/own-ekimu'),
    menus: (clinicId: string, categoryId?: string) =>
      http.get<WebMenu[]>('/api/users/menus', { query: { clinicId, categoryId } }),
    categories: (clinicId: string) => http.get<MenuCategory[]>('/api/users/menu-categories', { query: { clinicId } }),
    reservations: () => http.get<MemberReservation[]>('/api/users/reservations'),
    reservation: (id: string) => http.get<MemberReservation>(`/api/users/reservations/${encodeURIComponent(id)}`),
    searchAvailable: (body: { clinicId: string; menuId: string; from: string; to: string }) =>
      http.post<{ slots: Slot[] }>('/api/users/reservations/search-available', body),
    book: (body: { clinicId: string; menuId: string; startsAt: string }, idempotencyKey: string) =>
      http.post<MemberReservation>('/api/users/reservations', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    change: (id: string, startsAt: string) =>
      http.put<MemberReservation>(`/api/users/reservations/${encodeURIComponent(id)}`, { startsAt }),
    cancel: (id: string) =>
      http.put<MemberReservation>(`/api/users/reservations/${encodeURIComponent(id)}/cancel`),
    /** The page shows a refusal itself (it names the clinic's phone). */
    confirmVisit: (id: string) =>
      http.put<MemberReservation>(`/api/users/reservations/${encodeURIComponent(id)}/confirm`, undefined, { notifyErrors: false }),
    detailedProfile: () => http.get<DetailedProfile>('/api/users/detailed-profile'),
    updateProfile: (input: ProfileInput) => http.put<DetailedProfile>('/api/users', input),
  };
}

export type MemberApi = ReturnType<typeof memberApi>;

/** The menu names of a reservation (from `menus`, else the task labels). */
export function reservationMenuNames(reservation: MemberReservation): string {
  if (reservation.menus && reservation.menus.length > 0) return reservation.menus.map((m) => m.name).join('、');
  const labels = [...new Set(reservation.tasks.map((task) => task.label).filter(Boolean))];
  return labels.join('、');
}
