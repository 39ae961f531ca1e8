// The staff chunk: staff login, password reset, the staff layout and the staff pages.
export { StaffLayout } from './StaffLayout';
export {
  StaffLoginPage,
  StaffPasswordResetPage,
  StaffUpdatePage,
  StaffCalendarPage,
  StaffUsersPage,
  StaffStaffsPage,
  StaffMessagesPage,
  StaffTwoFactorPage,
  StaffFormsPage,
  StaffFormPrintPage,
  StaffMemberFormsPage,
} from './StaffPages';
