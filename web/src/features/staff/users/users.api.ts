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
import { messagesApi } from '../messages/messages.api';
import { createApi, type Input } from '../../../shared/api/api';
import { staffGuestLimits, staffMembers, staffMenus, staffSettings, staffWaitlist } from '../../../shared/api/endpoints';
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

/** What the member search, the member form and the contract form send (the contract's request schemas). */
export type MemberSearch = Input<'staffMembers', 'search'>['query'];
export type MemberInput = Input<'staffMembers', 'create'>['body'];
export type MemberUpdate = Input<'staffMembers', 'update'>['body'];
export type ContractInput = Input<'staffMembers', 'addContract'>['body'];

export function usersApi(http: HttpClient, api = createApi(http, { staffGuestLimits, staffMembers, staffMenus, staffSettings, staffWaitlist })) {
  return {
    /** 送信履歴 of a member. */
    messages: messagesApi(http),
    search: (q: MemberSearch) =>
      api.staffMembers.search({
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
    details: (userId: string) => api.staffMembers.details({ params: { id: userId } }),
    create: (input: MemberInput) => api.staffMembers.create({ body: input }),
    update: (userId: string, input: MemberUpdate) => api.staffMembers.update({ params: { id: userId }, body: input }),
    resetGift: (userId: string) => api.staffMembers.resetGift({ params: { id: userId } }),
    unlinkLine: (userId: string) => api.staffMembers.unlinkLine({ params: { id: userId } }),
    setBookingRestriction: (userId: string, restricted: boolean, reason: string) =>
      api.staffWaitlist.restrictBooking({ params: { id: userId }, body: { restricted, reason } }),
    clearGuestLimit: (userId: string) => api.staffGuestLimits.clear({ params: { id: userId } }),
    setTags: (userId: string, tagIds: string[]) => api.staffMembers.setTags({ params: { id: userId }, body: { tagIds } }),
    registrationToken: (userId: string) => api.staffMembers.registrationToken({ params: { id: userId } }),
    addContract: (userId: string, body: ContractInput) => api.staffMembers.addContract({ params: { id: userId }, body }),
    tags: () => api.staffSettings.tags(),
    menus: (clinicId: string) => api.staffMenus.menus({ query: { clinicId } }),
    checkItems: (userId: string) => api.staffSettings.checkItems({ query: { userId } }),
    tick: (itemId: string, checked: boolean) => api.staffSettings.updateCheckItem({ params: { id: itemId }, body: { checked } }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;

/** Pages of a result (at least one, so "1 / 1" reads right when nothing matched). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
