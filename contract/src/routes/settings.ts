import { z } from 'zod';
import { idParams } from '../fields';
import { route } from '../route';
import {
  announcementBody,
  announcementJson,
  announcementQuery,
  checkConditionBody,
  checkConditionJson,
  checkItemBody,
  checkItemJson,
  checkItemsQuery,
  tagBody,
  tagJson,
} from '../settings';

/** お知らせ a member sees on the mypage. */
export const memberAnnouncements = {
  list: route({ method: 'get', path: '/api/users/announcements', responses: { 200: z.array(announcementJson) } }),
};

/** Tags and a member's check list, as staff use them. */
export const staffSettings = {
  tags: route({ method: 'get', path: '/api/staffs/tags', responses: { 200: z.array(tagJson) } }),
  checkItems: route({ method: 'get', path: '/api/staffs/check-items', query: checkItemsQuery, responses: { 200: z.array(checkItemJson) } }),
  updateCheckItem: route({ method: 'put', path: '/api/staffs/check-items/:id', params: idParams, body: checkItemBody, responses: { 200: checkItemJson } }),
};

/** The chain's common settings (ADMIN): tags, check conditions, announcements. */
export const adminSettings = {
  tags: route({ method: 'get', path: '/api/admin/tags', responses: { 200: z.array(tagJson) } }),
  createTag: route({ method: 'post', path: '/api/admin/tags', body: tagBody, responses: { 201: tagJson } }),
  updateTag: route({ method: 'put', path: '/api/admin/tags/:id', params: idParams, body: tagBody, responses: { 200: tagJson } }),
  removeTag: route({ method: 'delete', path: '/api/admin/tags/:id', params: idParams, responses: { 204: null } }),
  checkConditions: route({ method: 'get', path: '/api/admin/check-conditions', responses: { 200: z.array(checkConditionJson) } }),
  createCheckCondition: route({ method: 'post', path: '/api/admin/check-conditions', body: checkConditionBody, responses: { 201: checkConditionJson } }),
  updateCheckCondition: route({
    method: 'put',
    path: '/api/admin/check-conditions/:id',
    params: idParams,
    body: checkConditionBody,
    responses: { 200: checkConditionJson },
  }),
  removeCheckCondition: route({ method: 'delete', path: '/api/admin/check-conditions/:id', params: idParams, responses: { 204: null } }),
  announcements: route({ method: 'get', path: '/api/admin/announcements', query: announcementQuery, responses: { 200: z.array(announcementJson) } }),
  createAnnouncement: route({ method: 'post', path: '/api/admin/announcements', body: announcementBody, responses: { 201: announcementJson } }),
  updateAnnouncement: route({
    method: 'put',
    path: '/api/admin/announcements/:id',
    params: idParams,
    body: announcementBody,
    responses: { 200: announcementJson },
  }),
  removeAnnouncement: route({ method: 'delete', path: '/api/admin/announcements/:id', params: idParams, responses: { 204: null } }),
};
