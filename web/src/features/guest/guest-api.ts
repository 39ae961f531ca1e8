import { createApi, type Answer, type Input } from '../../shared/api/api';
import { guestMenus, guestReservations } from '../../shared/api/endpoints';
import { HttpError, type HttpClient } from '../../shared/api/http';
import type { GuestCategory, GuestClinic, GuestMenu } from './booking-logic';

/** The guest endpoints (groups guestMenus and guestReservations of the route table, public). */
export const guestApi = (http: HttpClient, api = createApi(http, { guestReservations, guestMenus })) => ({
  clinics: (): Promise<GuestClinic[]> => api.guestMenus.clinics(),
  categories: (clinicId: string, signal?: AbortSignal): Promise<GuestCategory[]> => api.guestMenus.categories({ query: { clinicId } }, { signal }),
  menus: (clinicId: string, signal?: AbortSignal): Promise<GuestMenu[]> => api.guestMenus.menus({ query: { clinicId } }, { signal }),
  /** A booking link's menus; the page shows a refusal itself. */
  menusByIds: (ids: readonly string[], signal?: AbortSignal): Promise<GuestMenu[]> =>
    api.guestMenus.menusByIds({ query: { ids: ids.join(',') } }, { notifyErrors: false, signal }),
  slots: (clinicId: string, menuId: string, from: string, to: string, signal?: AbortSignal) =>
    api.guestReservations.search({ body: { clinicId, menuId, from, to } }, { signal }),
  /**
   * One key per attempt: a double tap (or a retry after a lost answer) books once. When the
   * server wants a proof of work first (428 CHALLENGE_REQUIRED, after several bookings from one
   * connection), the solver is loaded, solves it and the same booking is sent again, once.
   */
  book: async (body: BookingBody, idempotencyKey: string): Promise<Booked> => {
    const send = (challenge?: string) =>
      api.guestReservations.book({ body: challenge ? { ...body, challenge } : body }, { notifyErrors: false, headers: { 'Idempotency-Key': idempotencyKey } });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'CHALLENGE_REQUIRED') throw error;
      const { solveGuestChallenge } = await import('./guest-challenge');
      return send(await solveGuestChallenge(http));
    }
  },
});

/** What a guest booking sends (the route table's schema, @clinic/contract); the challenge is added here. */
export type BookingBody = Omit<Input<'guestReservations', 'book'>['body'], 'challenge'>;

/** The answer of a guest booking (the route table's schema, @clinic/contract). */
export type Booked = Answer<'guestReservations', 'book'>;
