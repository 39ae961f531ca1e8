/** Shapes and calls of member management (docs/api-members.md, "Member management"). */
import type {
  CheckItemJson,
  ContractJson,
  MemberJson,
  MemberPageJson,
  MemberStatus,
  MemberWithDetailsJson,
  RegistrationTokenJson,
  ReservationStatus,
  StaffMenuJson,
  StaffReservationJson,
  TagJson,
} from '@clinic/contract';
import type { Gender } from '../../user/member.api';
import { messagesApi } from '../messages/messages.api';
import { createApi } from '../../../shared/api/api';
import { staffGuestLimits, staffMenus, staffSettings } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';

export type { MemberStatus };
export { genderOf, type Gender } from '../../user/member.api';
export type { ReservationStatus };

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type Member = MemberJson;
export type Contract = ContractJson;

export type MemberPage = MemberPageJson;

export type CheckItem = CheckItemJson;
export type Tag = TagJson;
/** A reservation of the member panel, as staff see it. */
export type StaffReservation = StaffReservationJson;
export type MemberWithDetails = MemberWithDetailsJson;
/** The enabled menus staff book from (the contract form lists them). */
export type StaffMenu = StaffMenuJson;
export type RegistrationToken = RegistrationTokenJson;

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

export function usersApi(http: HttpClient, api = createApi(http, { staffGuestLimits, staffMenus, staffSettings })) {
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
    clearGuestLimit: (userId: string) => api.staffGuestLimits.clear({ params: { id: userId } }),
    setTags: (userId: string, tagIds: string[]) => http.put<Member>(`/api/staffs/users/${id(userId)}/tags`, { tagIds }),
    registrationToken: (userId: string) => http.get<RegistrationToken>(`/api/staffs/users/${id(userId)}/registration-token`),
    addContract: (userId: string, body: { menuId: string; sessionsTotal: number; expiresOn?: string }) =>
      http.post<Contract>(`/api/staffs/users/${id(userId)}/contracts`, body),
    tags: () => api.staffSettings.tags(),
    menus: (clinicId: string) => api.staffMenus.menus({ query: { clinicId } }),
    checkItems: (userId: string) => api.staffSettings.checkItems({ query: { userId } }),
    tick: (itemId: string, checked: boolean) => api.staffSettings.updateCheckItem({ params: { id: itemId }, body: { checked } }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;

/** Pages of a result (at least one, so "1 / 1" reads right when nothing matched). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
