import { idParams } from '../fields';
import { route } from '../route';
import {
  recoveryCodesJson,
  twoFactorCodeBody,
  twoFactorRequirementBody,
  twoFactorRequirementJson,
  twoFactorSetupJson,
  twoFactorStatusJson,
} from '../two-factor';

/** A staff member's own two-factor login (docs/security.md). */
export const twoFactor = {
  status: route({ method: 'get', path: '/api/staffs/two-factor', responses: { 200: twoFactorStatusJson } }),
  setup: route({ method: 'post', path: '/api/staffs/two-factor/setup', responses: { 200: twoFactorSetupJson } }),
  activate: route({ method: 'post', path: '/api/staffs/two-factor/activate', body: twoFactorCodeBody, responses: { 200: recoveryCodesJson } }),
  regenerate: route({ method: 'post', path: '/api/staffs/two-factor/recovery-codes', body: twoFactorCodeBody, responses: { 200: recoveryCodesJson } }),
  disable: route({ method: 'delete', path: '/api/staffs/two-factor', body: twoFactorCodeBody, responses: { 204: null } }),
};

/** An ADMIN's side: reset a staff member's, require it of a clinic's staff. */
export const adminTwoFactor = {
  reset: route({ method: 'delete', path: '/api/admin/staffs/:id/two-factor', params: idParams, responses: { 204: null } }),
  requirement: route({ method: 'get', path: '/api/admin/clinics/:id/two-factor', params: idParams, responses: { 200: twoFactorRequirementJson } }),
  setRequirement: route({
    method: 'put',
    path: '/api/admin/clinics/:id/two-factor',
    params: idParams,
    body: twoFactorRequirementBody,
    responses: { 200: twoFactorRequirementJson },
  }),
};
