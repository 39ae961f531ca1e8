import { formResponseJson, formResponseParams } from '../forms';
import { route } from '../route';

/** 問診票・同意書 for staff (docs/forms.md); the older routes of forms.router.ts are not in the table yet. */
export const staffForms = {
  /** One response rendered with its own version: the printable page. */
  response: route({ method: 'get', path: '/api/staffs/form-responses/:responseId', params: formResponseParams, responses: { 200: formResponseJson } }),
};
