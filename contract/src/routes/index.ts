// The route table: every route of the API, declared once, grouped by subject. The HTTP adapter's
// routers take method, path, validation and the answers' schemas from it; the web app's client is
// made from it (web/src/shared/api/api.ts). How to add a route: docs/architecture.md.
import { adminForms, guestForms, memberForms, staffForms } from './forms';
import { lineApp, lineUsage, lineWebhook } from './line';
import { guestLine, memberLine, memberPassword, memberProfile, staffMembers, staffMessages } from './members';
import { adminAudit, adminReports, operations, salons, session, staffGuestLimits } from './operations';
import { adminMachines, adminMenus, adminRooms, guestMenus, memberMenus, staffFacilities, staffMenus } from './menus';
import { guestReservations, reservations, staffReservations } from './reservations';
import { calendarMemos } from './calendar-memos';
import { adminClinics, memberAccount } from './clinics';
import { blocks, schedules } from './schedules';
import { adminSettings, memberAnnouncements, staffSettings } from './settings';
import { adminStaffs, staffAccount, staffDirectory, staffPassword } from './staffs';
import { adminTwoFactor, twoFactor } from './two-factor';
import { guestWaitlist, staffWaitlist, waitlist } from './waitlist';

export const routes = {
  reservations,
  guestReservations,
  staffReservations,
  guestMenus,
  memberMenus,
  staffMenus,
  waitlist,
  guestWaitlist,
  staffWaitlist,
  staffForms,
  lineApp,
  lineWebhook,
  lineUsage,
  twoFactor,
  adminTwoFactor,
  schedules,
  blocks,
  calendarMemos,
  adminSettings,
  staffSettings,
  memberAnnouncements,
  adminClinics,
  memberAccount,
  staffAccount,
  staffDirectory,
  adminStaffs,
  staffPassword,
  adminMenus,
  adminRooms,
  adminMachines,
  staffFacilities,
  session,
  operations,
  adminAudit,
  adminReports,
  salons,
  staffGuestLimits,
  staffMembers,
  memberPassword,
  memberProfile,
  staffMessages,
  adminForms,
  memberForms,
  guestForms,
  guestLine,
  memberLine,
};

export type Routes = typeof routes;
