/**
 * The method and path of every route of the contract's table (`@clinic/contract`, routes/), one
 * export per group, so that a page's chunk carries the groups it calls and no others.
 *
 * In the tests and `vite dev` this module computes them from the table itself; `vite build`
 * replaces it with their literal value (the `clinic:endpoints` plugin of vite.config.ts), so the
 * browser's bundle carries no zod and no schema, only `['post', '/api/users/reservations']`s.
 * Only this module imports the table at run time (the boundary rule web-types-only-from-contract);
 * endpoints.test.ts checks that it exports every group of the table.
 */
import { endpointsOf } from '@clinic/contract/route';
import { routes } from '@clinic/contract/routes';

export const reservations = endpointsOf(routes.reservations);
export const guestReservations = endpointsOf(routes.guestReservations);
export const staffReservations = endpointsOf(routes.staffReservations);
export const guestMenus = endpointsOf(routes.guestMenus);
export const memberMenus = endpointsOf(routes.memberMenus);
export const staffMenus = endpointsOf(routes.staffMenus);
export const waitlist = endpointsOf(routes.waitlist);
export const guestWaitlist = endpointsOf(routes.guestWaitlist);
export const staffWaitlist = endpointsOf(routes.staffWaitlist);
export const staffForms = endpointsOf(routes.staffForms);
export const lineApp = endpointsOf(routes.lineApp);
export const lineWebhook = endpointsOf(routes.lineWebhook);
export const lineUsage = endpointsOf(routes.lineUsage);
export const twoFactor = endpointsOf(routes.twoFactor);
export const adminTwoFactor = endpointsOf(routes.adminTwoFactor);
export const schedules = endpointsOf(routes.schedules);
export const blocks = endpointsOf(routes.blocks);
export const calendarMemos = endpointsOf(routes.calendarMemos);
export const adminSettings = endpointsOf(routes.adminSettings);
export const staffSettings = endpointsOf(routes.staffSettings);
export const memberAnnouncements = endpointsOf(routes.memberAnnouncements);
export const adminClinics = endpointsOf(routes.adminClinics);
export const memberAccount = endpointsOf(routes.memberAccount);
export const staffAccount = endpointsOf(routes.staffAccount);
export const staffDirectory = endpointsOf(routes.staffDirectory);
export const adminStaffs = endpointsOf(routes.adminStaffs);
export const staffPassword = endpointsOf(routes.staffPassword);
export const adminMenus = endpointsOf(routes.adminMenus);
export const adminRooms = endpointsOf(routes.adminRooms);
export const adminMachines = endpointsOf(routes.adminMachines);
export const staffFacilities = endpointsOf(routes.staffFacilities);
export const session = endpointsOf(routes.session);
export const operations = endpointsOf(routes.operations);
export const adminAudit = endpointsOf(routes.adminAudit);
export const adminReports = endpointsOf(routes.adminReports);
export const salons = endpointsOf(routes.salons);
export const staffGuestLimits = endpointsOf(routes.staffGuestLimits);
export const staffMembers = endpointsOf(routes.staffMembers);
export const memberPassword = endpointsOf(routes.memberPassword);
export const memberProfile = endpointsOf(routes.memberProfile);
export const staffMessages = endpointsOf(routes.staffMessages);
export const adminForms = endpointsOf(routes.adminForms);
export const memberForms = endpointsOf(routes.memberForms);
export const guestForms = endpointsOf(routes.guestForms);
export const guestLine = endpointsOf(routes.guestLine);
export const memberLine = endpointsOf(routes.memberLine);
