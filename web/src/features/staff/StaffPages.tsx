import { LoginPage } from '../../shared/auth/LoginPage';

export function StaffLoginPage() {
  return <LoginPage audience="staff" titleKey="login.staff.title" idLabelKey="login.staff.id" passwordResetPath="/staff/password/reset/" />;
}

export { StaffPasswordResetPage } from './StaffPasswordResetPage';

export { StaffUpdatePage } from './update/StaffUpdatePage';
export { StaffCalendarPage } from './calendar/StaffCalendarPage';
export { StaffUsersPage } from './users/StaffUsersPage';
export { StaffsPage as StaffStaffsPage } from './staffs/StaffsPage';
export { StaffMessagesPage } from './messages/StaffMessagesPage';
export { TwoFactorPage as StaffTwoFactorPage } from './two-factor/TwoFactorPage';
export { StaffFormsPage } from './forms/StaffFormsPage';
export { StaffFormPrintPage } from './forms/StaffFormPrintPage';
export { StaffMemberFormsPage } from './forms/StaffMemberFormsPage';
