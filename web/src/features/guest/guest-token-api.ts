/**
 * The guest endpoints a link's token opens (cancel, visit confirmation), for the pages after a
 * booking; apart from `guest-api.ts` so that the booking page's chunk carries none of it.
 */
import type { GuestConfirmationJson } from '@clinic/contract';
import { translate } from '../../i18n';
import { describeFailure } from '../../shared/api/http';

export type CancelOutcome = { ok: true } | { ok: false; code: string | undefined; text: string; phone?: string };

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

/** What a guest sees after confirming the visit (the HTTP adapter's schema, @clinic/contract). */
export type ConfirmedVisit = GuestConfirmationJson;

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
