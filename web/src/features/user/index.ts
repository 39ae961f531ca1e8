// The member chunk: member login, password reset, logout, the member layout and mypage.
export { MemberLayout } from './MemberLayout';
export {
  MemberLoginPage,
  MemberPasswordResetPage,
  MemberLogoutPage,
  MemberUpdatePage,
  MemberServicesPage,
  MemberWaitlistPage,
  MemberReservePage,
  MemberReserveDonePage,
  MemberCancelDonePage,
  MemberVisitConfirmPage,
  MemberSettingsPage,
} from './MemberPages';
