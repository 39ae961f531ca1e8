/** Shapes and calls of member management (docs/api-members.md, "Member management"). */
import { messagesApi } from '../messages/messages.api';
import type { HttpClient } from '../../../shared/api/http';

export type MemberStatus = 'TEMPORARY' | 'FULL';
export type Gender = 'FEMALE' | 'MALE' | 'OTHER';
export type ReservationStatus = 'RESERVED' | 'VISITED' | 'CANCELLED' | 'NOT_VISITED';

export interface Member {
  id: string;
  userNumber: string | null;
  name: string;
  kana: string;
  phone: string;
  email: string | null;
  birthday: string | null;
  gender: Gender | null;
  clinicId: string;
  clinicName: string;
  status: MemberStatus;
  hasPassword: boolean;
  hasLine: boolean;
  introducerUserId: string | null;
  introducerUserNumber: string | null;
  introducerName: string | null;
  giftCount: number;
  externalMemberId: string | null;
  tagIds: string[];
  lastVisitAt: string | null;
  createdAt: string;
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

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

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
      http.get<Page<Member>>('/api/staffs/users/advanced-search', {
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
