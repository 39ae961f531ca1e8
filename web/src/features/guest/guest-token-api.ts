/**
 * The guest endpoints a link's token opens (cancel, visit confirmation), for the pages after a
 * booking; apart from `guest-api.ts` so that the booking page's chunk carries none of it. The
 * page shows the outcome itself (no notice of the HTTP client): the refusal's text and, when the
 * deadline has passed, the clinic's phone.
 */
import { translate } from '../../i18n';
import { createApi, type Answer } from '../../shared/api/api';
import { guestReservations } from '../../shared/api/endpoints';
import { createHttpClient, HttpError } from '../../shared/api/http';

export type CancelOutcome = { ok: true } | { ok: false; code: string | undefined; text: string; phone?: string };

export type ConfirmedVisit = Answer<'guestReservations', 'confirm'>;

export type ConfirmOutcome = { ok: true; visit: ConfirmedVisit } | Extract<CancelOutcome, { ok: false }>;

const quietApi = (doFetch: typeof fetch | undefined) =>
  createApi(createHttpClient({ t: translate, notify: () => undefined, redirect: () => undefined, ...(doFetch ? { fetch: doFetch } : {}) }), {
    guestReservations,
  });

const refusal = (error: unknown): Extract<CancelOutcome, { ok: false }> => {
  if (!(error instanceof HttpError)) throw error;
  const phone = typeof error.detail['phone'] === 'string' && error.detail['phone'] ? error.detail['phone'] : undefined;
  return { ok: false, code: error.code, text: error.notice.text, ...(phone ? { phone } : {}) };
};

export async function cancelByToken(token: string, doFetch?: typeof fetch): Promise<CancelOutcome> {
  return quietApi(doFetch)
    .guestReservations.cancel({ body: { token } }, { notifyErrors: false })
    .then((): CancelOutcome => ({ ok: true }), refusal);
}

export async function confirmVisitByToken(token: string, doFetch?: typeof fetch): Promise<ConfirmOutcome> {
  return quietApi(doFetch)
    .guestReservations.confirm({ body: { token } }, { notifyErrors: false })
    .then((visit): ConfirmOutcome => ({ ok: true, visit }), refusal);
}
