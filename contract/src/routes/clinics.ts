import { z } from 'zod';
import { clinicBody, clinicJson, clinicSimpleBody, holidayBody, holidayJson, holidayParams, publicClinicJson } from '../clinics';
import { idParams } from '../fields';
import { memberProfile } from '../members';
import { route } from '../route';

/** The chain's clinics and their settings (ADMIN). */
export const adminClinics = {
  list: route({ method: 'get', path: '/api/admin/clinics', responses: { 200: z.array(clinicJson) } }),
  create: route({ method: 'post', path: '/api/admin/clinics', body: clinicBody, responses: { 201: clinicJson } }),
  get: route({ method: 'get', path: '/api/admin/clinics/:id', params: idParams, responses: { 200: clinicJson } }),
  update: route({ method: 'put', path: '/api/admin/clinics/:id', params: idParams, body: clinicBody, responses: { 200: clinicJson } }),
  updateSimple: route({ method: 'put', path: '/api/admin/clinics/:id/simple', params: idParams, body: clinicSimpleBody, responses: { 200: clinicJson } }),
  addHoliday: route({ method: 'post', path: '/api/admin/clinics/:id/holidays', params: idParams, body: holidayBody, responses: { 201: holidayJson } }),
  removeHoliday: route({ method: 'delete', path: '/api/admin/clinics/:id/holidays/:date', params: holidayParams, responses: { 204: null } }),
};

/** The member logged in, and the chain's clinics as members see them. */
export const memberAccount = {
  profile: route({ method: 'get', path: '/api/users/profile', responses: { 200: memberProfile } }),
  clinics: route({ method: 'get', path: '/api/users/clinics', responses: { 200: z.array(publicClinicJson) } }),
  clinic: route({ method: 'get', path: '/api/users/clinics/:id', params: idParams, responses: { 200: publicClinicJson } }),
};
