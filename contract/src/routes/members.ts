import { z } from 'zod';
import { idParams } from '../fields';
import {
  accountJson,
  contractJson,
  detailedProfileJson,
  memberContractBody,
  memberIdsBody,
  memberJson,
  memberListQuery,
  memberPageJson,
  memberResetRequestBody,
  memberSearchQuery,
  memberTagsBody,
  memberTokenPasswordBody,
  memberTokenQuery,
  memberWithDetailsJson,
  ownEkimuJson,
  ownUpdateBody,
  registrationTokenJson,
  updateMemberBody,
  createMemberBody,
} from '../members';
import { lineAvailableJson, lineCallbackBody, lineFinishedJson, lineStartedJson, memberLineJson } from '../line-login';
import { messageJson, messageParams, messagesQuery } from '../messages';
import { route } from '../route';

/** Members as staff manage them (会員管理). */
export const staffMembers = {
  list: route({ method: 'get', path: '/api/staffs/users', query: memberListQuery, responses: { 200: memberPageJson } }),
  search: route({ method: 'get', path: '/api/staffs/users/advanced-search', query: memberSearchQuery, responses: { 200: memberPageJson } }),
  byIds: route({ method: 'post', path: '/api/staffs/users/all-by-ids', body: memberIdsBody(100), responses: { 200: z.array(memberJson) } }),
  byIdsWithDetails: route({
    method: 'post',
    path: '/api/staffs/users/all-by-ids-with-details',
    body: memberIdsBody(20),
    responses: { 200: z.array(memberWithDetailsJson) },
  }),
  create: route({ method: 'post', path: '/api/staffs/users', body: createMemberBody, responses: { 201: memberJson } }),
  get: route({ method: 'get', path: '/api/staffs/users/:id', params: idParams, responses: { 200: memberJson } }),
  update: route({ method: 'put', path: '/api/staffs/users/:id', params: idParams, body: updateMemberBody, responses: { 200: memberJson } }),
  registrationToken: route({
    method: 'get',
    path: '/api/staffs/users/:id/registration-token',
    params: idParams,
    responses: { 200: registrationTokenJson },
  }),
  resetGift: route({ method: 'put', path: '/api/staffs/users/:id/reset-gift', params: idParams, responses: { 200: memberJson } }),
  unlinkLine: route({ method: 'put', path: '/api/staffs/users/:id/unlink-line', params: idParams, responses: { 200: memberJson } }),
  setTags: route({ method: 'put', path: '/api/staffs/users/:id/tags', params: idParams, body: memberTagsBody, responses: { 200: memberJson } }),
  details: route({ method: 'get', path: '/api/staffs/users/:id/with-details', params: idParams, responses: { 200: memberWithDetailsJson } }),
  contracts: route({ method: 'get', path: '/api/staffs/users/:id/contracts', params: idParams, responses: { 200: z.array(contractJson) } }),
  addContract: route({ method: 'post', path: '/api/staffs/users/:id/contracts', params: idParams, body: memberContractBody, responses: { 201: contractJson } }),
};

/** A member's password from a registration or reset link (no login). */
export const memberPassword = {
  tokenOwner: route({
    method: 'get',
    path: '/api/guests/users',
    query: memberTokenQuery,
    responses: { 200: z.object({ name: z.string(), userNumber: z.string().nullable(), expiresAt: z.string() }) },
  }),
  register: route({ method: 'put', path: '/api/guests/users', body: memberTokenPasswordBody, responses: { 200: accountJson } }),
  requestReset: route({
    method: 'post',
    path: '/api/guests/reset-password',
    body: memberResetRequestBody,
    responses: { 202: z.object({ message: z.string() }) },
  }),
  reset: route({ method: 'put', path: '/api/guests/update-password', body: memberTokenPasswordBody, responses: { 200: accountJson } }),
};

/** The member's own profile and contracts (mypage). */
export const memberProfile = {
  get: route({ method: 'get', path: '/api/users/detailed-profile', responses: { 200: detailedProfileJson } }),
  update: route({ method: 'put', path: '/api/users', body: ownUpdateBody, responses: { 200: detailedProfileJson } }),
  ownEkimu: route({ method: 'get', path: '/api/users/menus/own-ekimu', responses: { 200: z.array(ownEkimuJson) } }),
  contracts: route({ method: 'get', path: '/api/users/contracts', responses: { 200: z.array(contractJson) } }),
};

/** The message log (送信履歴) and the resend of a message. */
export const staffMessages = {
  list: route({ method: 'get', path: '/api/staffs/messages', query: messagesQuery, responses: { 200: z.array(messageJson) } }),
  resend: route({ method: 'post', path: '/api/staffs/messages/:id/resend', params: messageParams, responses: { 202: messageJson } }),
};

/** LINE login for guests: whether it is on, the start, and the callback. */
export const guestLine = {
  status: route({ method: 'get', path: '/api/guests/line', responses: { 200: lineAvailableJson } }),
  login: route({ method: 'post', path: '/api/guests/line/login', responses: { 200: lineStartedJson } }),
  callback: route({ method: 'post', path: '/api/guests/line/callback', body: lineCallbackBody, responses: { 200: lineFinishedJson } }),
};

/** A member's LINE link. */
export const memberLine = {
  status: route({ method: 'get', path: '/api/users/line', responses: { 200: memberLineJson } }),
  link: route({ method: 'post', path: '/api/users/line/link', responses: { 200: lineStartedJson } }),
};
