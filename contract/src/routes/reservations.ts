import { z } from 'zod';
import { idParams, idSchema } from '../fields';
import {
  availableResourcesBody,
  availableResourcesJson,
  clinicRangeQuery,
  guestBookingBody,
  guestBookingJson,
  guestCancelJson,
  guestChallengeJson,
  guestConfirmationJson,
  memberBookingBody,
  memberChangeBody,
  moveBody,
  reservationHistoryJson,
  reservationJson,
  searchBody,
  slotsJson,
  staffBookingBody,
  staffReservationJson,
  staffSearchBody,
  staffSlotsJson,
  staffUpdateBody,
  tokenBody,
} from '../reservations';
import { route } from '../route';

const clinicQuery = z.object({ clinicId: idSchema });

/** A member's own reservations. */
export const reservations = {
  search: route({ method: 'post', path: '/api/users/reservations/search-available', body: searchBody, responses: { 200: slotsJson } }),
  book: route({ method: 'post', path: '/api/users/reservations', body: memberBookingBody, responses: { 201: reservationJson } }),
  list: route({ method: 'get', path: '/api/users/reservations', responses: { 200: z.array(reservationJson) } }),
  get: route({ method: 'get', path: '/api/users/reservations/:id', params: idParams, responses: { 200: reservationJson } }),
  change: route({ method: 'put', path: '/api/users/reservations/:id', params: idParams, body: memberChangeBody, responses: { 200: reservationJson } }),
  cancel: route({ method: 'put', path: '/api/users/reservations/:id/cancel', params: idParams, responses: { 200: reservationJson } }),
  confirm: route({ method: 'put', path: '/api/users/reservations/:id/confirm', params: idParams, responses: { 200: reservationJson } }),
};

/** A first counselling booked without an account, and what its token allows. */
export const guestReservations = {
  search: route({ method: 'post', path: '/api/guests/reservations/search-available', body: searchBody, responses: { 200: slotsJson } }),
  book: route({ method: 'post', path: '/api/guests/reservations', body: guestBookingBody, responses: { 201: guestBookingJson } }),
  challenge: route({ method: 'get', path: '/api/guests/challenge', responses: { 200: guestChallengeJson } }),
  cancel: route({ method: 'put', path: '/api/guests/reservations/cancel', body: tokenBody, responses: { 200: guestCancelJson } }),
  confirm: route({ method: 'put', path: '/api/guests/reservations/confirm', body: tokenBody, responses: { 200: guestConfirmationJson } }),
};

const staffStatus = <P extends string>(path: P) =>
  route({ method: 'put', path: `/api/staffs/reservations/:id/${path}`, params: idParams, responses: { 200: staffReservationJson } });

/** The calendar and every change staff make to a reservation. */
export const staffReservations = {
  search: route({ method: 'post', path: '/api/staffs/reservations/search-available', body: searchBody, responses: { 200: staffSlotsJson } }),
  calendar: route({ method: 'get', path: '/api/staffs/reservations', query: clinicRangeQuery, responses: { 200: z.array(staffReservationJson) } }),
  book: route({ method: 'post', path: '/api/staffs/reservations', body: staffBookingBody, responses: { 201: staffReservationJson } }),
  availableResources: route({
    method: 'post',
    path: '/api/staffs/reservations/available-resources',
    body: availableResourcesBody,
    responses: { 200: availableResourcesJson },
  }),
  find: route({ method: 'post', path: '/api/staffs/reservations/search', body: staffSearchBody, responses: { 200: z.array(staffReservationJson) } }),
  recent: route({ method: 'get', path: '/api/staffs/reservations/search-recent', query: clinicQuery, responses: { 200: z.array(staffReservationJson) } }),
  recentCancelled: route({
    method: 'get',
    path: '/api/staffs/reservations/search-recent-canceled',
    query: clinicQuery,
    responses: { 200: z.array(staffReservationJson) },
  }),
  /** Server-sent events (`text/event-stream`): the browser opens it with EventSource. */
  events: route({ method: 'get', path: '/api/staffs/events', query: clinicQuery, responses: { 200: null } }),
  history: route({ method: 'get', path: '/api/staffs/reservations/:id/history', params: idParams, responses: { 200: z.array(reservationHistoryJson) } }),
  get: route({ method: 'get', path: '/api/staffs/reservations/:id', params: idParams, responses: { 200: staffReservationJson } }),
  update: route({ method: 'put', path: '/api/staffs/reservations/:id', params: idParams, body: staffUpdateBody, responses: { 200: staffReservationJson } }),
  move: route({ method: 'put', path: '/api/staffs/reservations/:id/move', params: idParams, body: moveBody, responses: { 200: staffReservationJson } }),
  remove: route({ method: 'delete', path: '/api/staffs/reservations/:id', params: idParams, responses: { 204: null } }),
  cancel: staffStatus('cancel'),
  notVisited: staffStatus('not-visited'),
  visited: staffStatus('visited'),
  reserved: staffStatus('reserved'),
};
