import { z } from 'zod';
import { idParams } from '../fields';
import {
  countersignBody,
  countersignParams,
  formCreateBody,
  formJson,
  formResponseJson,
  formResponseParams,
  formsExportJson,
  formSubmitBody,
  formSubmittedJson,
  formTokenQuery,
  formVersionBody,
  formVersionJson,
  formVersionParams,
  guestFormParams,
  guestFormSubmitBody,
  memberFormParams,
  personFormJson,
} from '../forms';
import { route } from '../route';

/** 問診票・同意書 as the head office builds them: forms, their drafts and published versions (docs/forms.md). */
export const adminForms = {
  list: route({ method: 'get', path: '/api/admin/forms', responses: { 200: z.array(formJson) } }),
  create: route({ method: 'post', path: '/api/admin/forms', body: formCreateBody, responses: { 201: formJson } }),
  get: route({ method: 'get', path: '/api/admin/forms/:id', params: idParams, responses: { 200: formJson } }),
  version: route({ method: 'get', path: '/api/admin/forms/:id/versions/:versionId', params: formVersionParams, responses: { 200: formVersionJson } }),
  createDraft: route({ method: 'post', path: '/api/admin/forms/:id/versions', params: idParams, body: formVersionBody, responses: { 201: formVersionJson } }),
  saveDraft: route({
    method: 'put',
    path: '/api/admin/forms/:id/versions/:versionId',
    params: formVersionParams,
    body: formVersionBody,
    responses: { 200: formVersionJson },
  }),
  publish: route({ method: 'post', path: '/api/admin/forms/:id/versions/:versionId/publish', params: formVersionParams, responses: { 200: formVersionJson } }),
};

/** The forms a member's reservation asks for, and their answers. */
export const memberForms = {
  list: route({ method: 'get', path: '/api/users/reservations/:id/forms', params: idParams, responses: { 200: z.array(personFormJson) } }),
  submit: route({
    method: 'post',
    path: '/api/users/reservations/:id/forms/:formId',
    params: memberFormParams,
    body: formSubmitBody,
    responses: { 201: formSubmittedJson },
  }),
};

/** The same for a guest, by the token of their reservation. */
export const guestForms = {
  list: route({ method: 'get', path: '/api/guests/reservations/forms', query: formTokenQuery, responses: { 200: z.array(personFormJson) } }),
  submit: route({
    method: 'post',
    path: '/api/guests/reservations/forms/:formId',
    params: guestFormParams,
    body: guestFormSubmitBody,
    responses: { 201: formSubmittedJson },
  }),
};

/** 問診票・同意書 for staff: a visit's answers, the doctor's countersignature, one member's export, a printable response. */
export const staffForms = {
  reservation: route({ method: 'get', path: '/api/staffs/reservations/:id/forms', params: idParams, responses: { 200: z.array(formResponseJson) } }),
  countersign: route({
    method: 'post',
    path: '/api/staffs/form-responses/:responseId/countersign',
    params: countersignParams,
    body: countersignBody,
    responses: { 200: formResponseJson },
  }),
  memberExport: route({ method: 'get', path: '/api/staffs/users/:id/forms/export', params: idParams, responses: { 200: formsExportJson } }),
  /** One response rendered with its own version: the printable page. */
  response: route({ method: 'get', path: '/api/staffs/form-responses/:responseId', params: formResponseParams, responses: { 200: formResponseJson } }),
};
