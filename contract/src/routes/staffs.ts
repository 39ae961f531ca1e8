import { z } from 'zod';
import { clinicJson } from '../clinics';
import { idParams } from '../fields';
import { route } from '../route';
import {
  createdStaffJson,
  createStaffBody,
  invitationJson,
  outboxMailJson,
  outboxQuery,
  priorityBody,
  staffJson,
  staffListQuery,
  staffMenusBody,
  staffPasswordBody,
  staffPasswordResetBody,
  staffProfile,
  updateStaffBody,
} from '../staffs';

/** The staff member logged in, and the clinics they switch between. */
export const staffAccount = {
  profile: route({ method: 'get', path: '/api/staffs/profile', responses: { 200: staffProfile } }),
  clinics: route({ method: 'get', path: '/api/staffs/clinics', responses: { 200: z.array(clinicJson) } }),
};

/** The staff directory for the calendar and the staff screens, and who performs which menus. */
export const staffDirectory = {
  list: route({ method: 'get', path: '/api/staffs', query: staffListQuery, responses: { 200: z.array(staffJson) } }),
  get: route({ method: 'get', path: '/api/staffs/:id', params: idParams, responses: { 200: staffJson } }),
  setMenus: route({ method: 'put', path: '/api/staffs/:id/menus', params: idParams, body: staffMenusBody, responses: { 200: staffJson } }),
};

/** Staff accounts (ADMIN), and the development mail outbox. */
export const adminStaffs = {
  list: route({ method: 'get', path: '/api/admin/staffs', query: staffListQuery, responses: { 200: z.array(staffJson) } }),
  get: route({ method: 'get', path: '/api/admin/staffs/:id', params: idParams, responses: { 200: staffJson } }),
  create: route({ method: 'post', path: '/api/admin/staffs', body: createStaffBody, responses: { 201: createdStaffJson } }),
  update: route({ method: 'put', path: '/api/admin/staffs/:id', params: idParams, body: updateStaffBody, responses: { 200: staffJson } }),
  remove: route({ method: 'delete', path: '/api/admin/staffs/:id', params: idParams, responses: { 204: null } }),
  setPriority: route({ method: 'put', path: '/api/admin/staffs/:id/priority', params: idParams, body: priorityBody, responses: { 200: z.array(staffJson) } }),
  invite: route({ method: 'post', path: '/api/admin/staffs/:id/invitation', params: idParams, responses: { 201: invitationJson } }),
  mailOutbox: route({ method: 'get', path: '/api/admin/mail-outbox', query: outboxQuery, responses: { 200: z.array(outboxMailJson) } }),
};

/** A staff member's password from an invitation or a reset link (no login). */
export const staffPassword = {
  set: route({
    method: 'post',
    path: '/api/guests/staff-password',
    body: staffPasswordBody,
    responses: { 200: z.object({ id: z.string(), employeeNumber: z.string() }) },
  }),
  requestReset: route({
    method: 'post',
    path: '/api/guests/staff-password-reset',
    body: staffPasswordResetBody,
    responses: { 202: z.object({ message: z.string() }) },
  }),
};
