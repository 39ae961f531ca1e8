import { z } from 'zod';
import { memoCreateBody, memoJson, memoQuery, memoUpdateBody } from '../calendar-memos';
import { idParams } from '../fields';
import { route } from '../route';

/** Calendar memos: one per clinic and date, for staff of any clinic of the chain. */
export const calendarMemos = {
  list: route({ method: 'get', path: '/api/staffs/calendar-memo', query: memoQuery, responses: { 200: z.array(memoJson) } }),
  create: route({ method: 'post', path: '/api/staffs/calendar-memo', body: memoCreateBody, responses: { 201: memoJson } }),
  update: route({ method: 'put', path: '/api/staffs/calendar-memo/:id', params: idParams, body: memoUpdateBody, responses: { 200: memoJson } }),
  remove: route({ method: 'delete', path: '/api/staffs/calendar-memo/:id', params: idParams, responses: { 204: null } }),
};
