/** Shapes and calls of member management (docs/api-members.md, "Member management"). */
import type { ContractJson, MemberJson, MemberPageJson, MemberStatus } from '@clinic/contract';
import type { Gender } from '../../user/member.api';
import { messagesApi } from '../messages/messages.api';
import type { HttpClient } from '../../../shared/api/http';

export type { MemberStatus };
export { genderOf, type Gender } from '../../user/member.api';
export type ReservationStatus = 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type Member = MemberJson;
export type Contract = ContractJson;

export type MemberPage = MemberPageJson;

export interface CheckItem {
  id: string;
  userId: string;
  conditionId: string;
  conditionName: string;
  checked: boolean;
  checkedAt: string | null;
  checkedBy: string | null;
  note: string;
}

export interface Tag {
  id: string;
  name: string;
  displayOrder: number;
}

export interface StaffReservation {
  id: string;
  clinicId: string;
  status: ReservationStatus;
  startsAt: string;
  endsAt: string;
  menus?: { id: string; name: string }[];
  tasks: { label: string }[];
  memo?: string;
}

export interface MemberWithDetails {
  member: Member;
  reservations: StaffReservation[];
  contracts: Contract[];
  checkItems: CheckItem[];
  tags: Tag[];
  /** No-shows in the clinic's window, and whether online booking is restricted (docs/waitlist.md). */
  noShowCount: number;
  bookingRestriction: { restricted: boolean; reason: string; since: string | null; by: string | null };
}

export interface StaffMenu {
  id: string;
  clinicId: string;
  name: string;
  kind: 'NEW' | 'CONTRACT' | 'INSURANCE';
}

export interface RegistrationToken {
  token: string;
  expiresAt: string;
  url: string;
}

export interface MemberSearch {
  keyword?: string;
  tagId?: string;
  clinicId?: string;
  lastVisitFrom?: string;
  lastVisitTo?: string;
  page: number;
  pageSize: number;
}

export interface MemberInput {
  clinicId: string;
  name: string;
  kana: string;
  phone: string;
  email: string | null;
  birthday: string | null;
  gender: Gender | null;
  status: MemberStatus;
  userNumber?: string;
  introducerUserNumber?: string;
}

export type MemberUpdate = Partial<Omit<MemberInput, 'introducerUserNumber'>> & { externalMemberId?: string | null };

const id = (value: string) => encodeURIComponent(value);

export function usersApi(http: HttpClient) {
  return {
    /** 送信履歴 of a member. */
    messages: messagesApi(http),
    search: (q: MemberSearch) =>
      http.get<MemberPage>('/api/staffs/users/advanced-search', {
        query: {
          keyword: q.keyword || undefined,
          tagId: q.tagId || undefined,
          clinicId: q.clinicId || undefined,
          lastVisitFrom: q.lastVisitFrom || undefined,
          lastVisitTo: q.lastVisitTo || undefined,
          page: q.page,
          pageSize: q.pageSize,
        },
      }),
    details: (userId: string) => http.get<MemberWithDetails>(`/api/staffs/users/${id(userId)}/with-details`),
    create: (input: MemberInput) => http.post<Member>('/api/staffs/users', input),
    update: (userId: string, input: MemberUpdate) => http.put<Member>(`/api/staffs/users/${id(userId)}`, input),
    resetGift: (userId: string) => http.put<Member>(`/api/staffs/users/${id(userId)}/reset-gift`),
    unlinkLine: (userId: string) => http.put<Member>(`/api/staffs/users/${id(userId)}/unlink-line`),
    setBookingRestriction: (userId: string, restricted: boolean, reason: string) =>
      http.put<void>(`/api/staffs/users/${id(userId)}/booking-restriction`, { restricted, reason }),
    setTags: (userId: string, tagIds: string[]) => http.put<Member>(`/api/staffs/users/${id(userId)}/tags`, { tagIds }),
    registrationToken: (userId: string) => http.get<RegistrationToken>(`/api/staffs/users/${id(userId)}/registration-token`),
    addContract: (userId: string, body: { menuId: string; sessionsTotal: number; expiresOn?: string }) =>
      http.post<Contract>(`/api/staffs/users/${id(userId)}/contracts`, body),
    tags: () => http.get<Tag[]>('/api/staffs/tags'),
    menus: (clinicId: string) => http.get<StaffMenu[]>('/api/staffs/menus', { query: { clinicId } }),
    checkItems: (userId: string) => http.get<CheckItem[]>('/api/staffs/check-items', { query: { userId } }),
    tick: (itemId: string, checked: boolean) => http.put<CheckItem>(`/api/staffs/check-items/${id(itemId)}`, { checked }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;

/** Pages of a result (at least one, so "1 / 1" reads right when nothing matched). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
