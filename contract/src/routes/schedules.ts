import { z } from 'zod';
import { idParams } from '../fields';
import { route } from '../route';
import { blockBody, blockJson, rangeQuery, scheduleBody, scheduleJson, weeklyOutcomeJson, weeklyScheduleBody } from '../schedules';

/** Staff shifts (勤務): staff of any clinic read and write any clinic's (DOMAIN.md). */
export const schedules = {
  list: route({ method: 'get', path: '/api/staffs/schedules', query: rangeQuery, responses: { 200: z.array(scheduleJson) } }),
  create: route({ method: 'post', path: '/api/staffs/schedules', body: scheduleBody, responses: { 201: scheduleJson } }),
  createWeekly: route({ method: 'post', path: '/api/staffs/schedules/bulk', body: weeklyScheduleBody, responses: { 201: weeklyOutcomeJson } }),
  update: route({ method: 'put', path: '/api/staffs/schedules/:id', params: idParams, body: scheduleBody, responses: { 200: scheduleJson } }),
  remove: route({ method: 'delete', path: '/api/staffs/schedules/:id', params: idParams, responses: { 204: null } }),
};

/** Times a staff member, room or machine cannot be booked (予約ブロック). */
export const blocks = {
  list: route({ method: 'get', path: '/api/staffs/blocks', query: rangeQuery, responses: { 200: z.array(blockJson) } }),
  create: route({ method: 'post', path: '/api/staffs/blocks', body: blockBody, responses: { 201: blockJson } }),
  remove: route({ method: 'delete', path: '/api/staffs/blocks/:id', params: idParams, responses: { 204: null } }),
};
