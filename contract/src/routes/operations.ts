import { accessPageJson, auditFilterQuery, auditSearchQuery } from '../audit';
import { idParams } from '../fields';
import { healthJson, pageViewBody } from '../operations';
import { reportJson, reportQuery } from '../reports';
import { route } from '../route';
import { memberInfoJson, memberInfoQuery, salonEkimuJson, salonsApiBody, salonsApiJson } from '../salons';
import { loggedIn, loginForm } from '../session';

/** Login and logout, for staff and members alike. */
export const session = {
  login: route({ method: 'post', path: '/api/login', body: loginForm, bodyType: 'form', responses: { 200: loggedIn } }),
  logout: route({ method: 'post', path: '/api/logout', responses: { 204: null } }),
};

/** The health check, and the page views and guest funnel steps the web app records. */
export const operations = {
  health: route({ method: 'get', path: '/api/health', responses: { 200: healthJson } }),
  pageView: route({ method: 'post', path: '/api/page-views', body: pageViewBody, responses: { 204: null } }),
};

/** The access log (ADMIN): searched page by page, or exported as CSV. */
export const adminAudit = {
  list: route({ method: 'get', path: '/api/admin/audit-logs', query: auditSearchQuery, responses: { 200: accessPageJson } }),
  /** CSV. */
  export: route({ method: 'get', path: '/api/admin/audit-logs/export', query: auditFilterQuery, responses: { 200: null } }),
};

/** The monthly reports, as a table or CSV (`format=csv`). */
export const adminReports = {
  report: route({ method: 'get', path: '/api/admin/reports', query: reportQuery, responses: { 200: reportJson } }),
};

/** The salon system (販売管理システム): a member's record there, a member's own contracts, the sync. */
export const salons = {
  memberInfo: route({ method: 'get', path: '/api/staffs/users/salons-member-info', query: memberInfoQuery, responses: { 200: memberInfoJson } }),
  ownEkimu: route({ method: 'get', path: '/api/users/salons-ekimu', responses: { 200: salonEkimuJson } }),
  sync: route({ method: 'post', path: '/api/admin/salons/salons-api', body: salonsApiBody, responses: { 200: salonsApiJson } }),
};

/** Lifts the guest booking limits of a member's phone and e-mail (staff, audited). */
export const staffGuestLimits = {
  clear: route({ method: 'delete', path: '/api/staffs/users/:id/guest-limit', params: idParams, responses: { 204: null } }),
};
