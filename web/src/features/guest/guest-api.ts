import { translate } from '../../i18n';
import { describeFailure, HttpError, type HttpClient } from '../../shared/api/http';
import type { GuestCategory, GuestClinic, GuestForm, GuestMenu, Slot } from './booking-logic';

/** The guest endpoints (`/api/guests/...`, public). */
export const guestApi = (http: HttpClient) => ({
  clinics: () => http.get<GuestClinic[]>('/api/guests/clinics'),
  categories: (clinicId: string) => http.get<GuestCategory[]>('/api/guests/menu-categories', { query: { clinicId } }),
  menus: (clinicId: string) => http.get<GuestMenu[]>('/api/guests/menus', { query: { clinicId } }),
  /** A booking link's menus; the page shows a refusal itself. */
  menusByIds: (ids: readonly string[]) =>
    http.get<GuestMenu[]>('/api/guests/menus/by-ids', { query: { ids: ids.join(',') }, notifyErrors: false }),
  slots: (clinicId: string, menuId: string, from: string, to: string, signal?: AbortSignal) =>
    http.post<{ slots: Slot[] }>('/api/guests/reservations/search-available', { clinicId, menuId, from, to }, { signal }),
  /**
   * One key per attempt: a double tap (or a retry after a lost answer) books once. When the
   * server wants a proof of work first (428 CHALLENGE_REQUIRED, after several bookings from one
   * connection), the solver is loaded, solves it and the same booking is sent again, once.
   */
  book: async (body: BookingBody, idempotencyKey: string): Promise<Booked> => {
    const send = (challenge?: string) =>
      http.post<Booked>('/api/guests/reservations', challenge ? { ...body, challenge } : body, {
        notifyErrors: false,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'CHALLENGE_REQUIRED') throw error;
      const { solveGuestChallenge } = await import('./guest-challenge');
      return send(await solveGuestChallenge(http));
    }
  },
});

export interface BookingBody {
  clinicId: string;
  menuId: string;
  startsAt: string;
  campaign?: string;
  guest: GuestForm;
}

export interface Booked {
  id: string;
  startsAt: string;
  endsAt: string;
  clinicId: string;
  menus: { id: string; name: string }[];
  cancelToken: string;
}

export type CancelOutcome =
  | { ok: true }
  | { ok: false; code: string | undefined; text: string; phone?: string };

interface CancelErrorBody {
  error?: { code?: string; message?: string; detail?: { phone?: unknown } };
}

const CANCEL_URL = '/api/guests/reservations/cancel';
const CONFIRM_URL = '/api/guests/reservations/confirm';

/**
 * `PUT /api/guests/reservations/cancel`. Called directly rather than through the shared client:
 * CANCEL_DEADLINE_PASSED carries the clinic's phone in `error.detail.phone`, which the client's
 * `HttpError` does not keep. Texts of other failures come from the same `describeFailure`.
 */
export async function cancelByToken(token: string, doFetch: typeof fetch = globalThis.fetch): Promise<CancelOutcome> {
  const outcome = await putToken(CANCEL_URL, token, doFetch);
  return outcome.ok ? { ok: true } : outcome;
}

/** What a guest sees after confirming the visit. */
export interface ConfirmedVisit {
  id: string;
  status: string;
  startsAt: string;
  endsAt: string;
  clinicId: string;
  menus: { id: string; name: string }[];
  confirmedAt: string | null;
}

export type ConfirmOutcome = { ok: true; visit: ConfirmedVisit } | Extract<CancelOutcome, { ok: false }>;

/** `PUT /api/guests/reservations/confirm`: like the cancel, a refusal names the clinic's phone. */
export async function confirmVisitByToken(token: string, doFetch: typeof fetch = globalThis.fetch): Promise<ConfirmOutcome> {
  const outcome = await putToken(CONFIRM_URL, token, doFetch);
  return outcome.ok ? { ok: true, visit: outcome.body as ConfirmedVisit } : outcome;
}

async function putToken(url: string, token: string, doFetch: typeof fetch): Promise<{ ok: true; body: unknown } | Extract<CancelOutcome, { ok: false }>> {
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'PUT',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ token }),
    });
  } catch {
    return { ok: false, code: undefined, text: describeFailure({ method: 'PUT', url }, { kind: 'network' }, translate).text };
  }
  if (response.ok) return { ok: true, body: await response.json().catch(() => null) };
  const body = (await response.json().catch(() => null)) as CancelErrorBody | null;
  const error = body?.error;
  const notice = describeFailure(
    { method: 'PUT', url },
    { kind: 'status', status: response.status, body: error?.code ? { error: { code: error.code, message: error.message } } : null },
    translate,
  );
  const phone = typeof error?.detail?.phone === 'string' && error.detail.phone ? error.detail.phone : undefined;
  return { ok: false, code: error?.code, text: notice.text, ...(phone ? { phone } : {}) };
}
