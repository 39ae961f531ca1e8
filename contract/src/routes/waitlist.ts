import { z } from 'zod';
import { idParams } from '../fields';
import { reservationJson } from '../reservations';
import {
  bookingRestrictionBody,
  guestWaitlistBookingJson,
  guestWaitlistJoinBody,
  guestWaitlistJoinJson,
  heldOfferJson,
  staffHoldsQuery,
  staffOfferBody,
  staffWaitlistJson,
  staffWaitlistQuery,
  waitlistJoinBody,
  waitlistJson,
  waitlistTokenBody,
  waitlistTokenQuery,
} from '../waitlist';
import { route } from '../route';

/** A member's キャンセル待ち (docs/waitlist.md). */
export const waitlist = {
  join: route({ method: 'post', path: '/api/users/waitlist', body: waitlistJoinBody, responses: { 201: waitlistJson } }),
  list: route({ method: 'get', path: '/api/users/waitlist', responses: { 200: z.array(waitlistJson) } }),
  remove: route({ method: 'delete', path: '/api/users/waitlist/:id', params: idParams, responses: { 204: null } }),
  accept: route({ method: 'post', path: '/api/users/waitlist/:id/accept', params: idParams, responses: { 201: reservationJson } }),
  decline: route({ method: 'post', path: '/api/users/waitlist/:id/decline', params: idParams, responses: { 204: null } }),
};

/** A guest's キャンセル待ち, by the token of its link. */
export const guestWaitlist = {
  join: route({ method: 'post', path: '/api/guests/waitlist', body: guestWaitlistJoinBody, responses: { 201: guestWaitlistJoinJson } }),
  get: route({ method: 'get', path: '/api/guests/waitlist', query: waitlistTokenQuery, responses: { 200: waitlistJson } }),
  cancel: route({ method: 'put', path: '/api/guests/waitlist/cancel', body: waitlistTokenBody, responses: { 204: null } }),
  accept: route({ method: 'post', path: '/api/guests/waitlist/accept', body: waitlistTokenBody, responses: { 201: guestWaitlistBookingJson } }),
  decline: route({ method: 'put', path: '/api/guests/waitlist/decline', body: waitlistTokenBody, responses: { 204: null } }),
};

/** The waitlist of a clinic for staff, and the no-show restriction of a member. */
export const staffWaitlist = {
  list: route({ method: 'get', path: '/api/staffs/waitlist', query: staffWaitlistQuery, responses: { 200: z.array(staffWaitlistJson) } }),
  holds: route({ method: 'get', path: '/api/staffs/waitlist/holds', query: staffHoldsQuery, responses: { 200: z.array(heldOfferJson) } }),
  offer: route({ method: 'post', path: '/api/staffs/waitlist/:id/offer', params: idParams, body: staffOfferBody, responses: { 201: staffWaitlistJson } }),
  remove: route({ method: 'delete', path: '/api/staffs/waitlist/:id', params: idParams, responses: { 204: null } }),
  restrictBooking: route({
    method: 'put',
    path: '/api/staffs/users/:id/booking-restriction',
    params: idParams,
    body: bookingRestrictionBody,
    responses: { 204: null },
  }),
};
