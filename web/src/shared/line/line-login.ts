import type { LineAvailableJson, LineFinishedJson, LineStartedJson, MemberLineJson } from '@clinic/contract';
import type { Translate } from '../../i18n';
import { createApi, type Input } from '../api/api';
import { guestLine, memberLine } from '../api/endpoints';
import type { HttpClient } from '../api/http';
import { HttpError } from '../api/http';

/** The answers' types come from the HTTP adapter's schemas (@clinic/contract). */
export type LineStarted = LineStartedJson;
export type LineFinished = LineFinishedJson;

/** The query LINE sends back to /common/line-redirect/, forwarded as it is (the body of `guestLine.callback`). */
export type LineCallbackParams = Input<'guestLine', 'callback'>['body'];

export const lineApi = (http: HttpClient, api = createApi(http, { guestLine, memberLine })) => ({
  available: (): Promise<LineAvailableJson> => api.guestLine.status(),
  memberStatus: (): Promise<MemberLineJson> => api.memberLine.status(),
  startLogin: (): Promise<LineStarted> => api.guestLine.login({}, { notifyErrors: false }),
  startLink: (): Promise<LineStarted> => api.memberLine.link({}, { notifyErrors: false }),
  finish: (params: LineCallbackParams): Promise<LineFinished> => api.guestLine.callback({ body: params }, { notifyErrors: false }),
});

/**
 * The words for a failed LINE step: the server's message when it names a code (its one error
 * table, in the person's language: LINE_CONSENT_DENIED, LINE_NOT_LINKED, LINE_UNAVAILABLE…), else
 * the HTTP client's notice (no answer, a 500, which never shows the server's text).
 */
export function lineFailureText(error: unknown, t: Translate): string {
  if (!(error instanceof HttpError)) return t('errors.http.unexpected');
  return error.code && error.serverMessage && error.status !== 500 ? error.serverMessage : error.notice.text;
}

/** Reads the callback query; only the parameters the server needs. */
export function callbackParams(search: string): LineCallbackParams {
  const query = new URLSearchParams(search);
  const params: LineCallbackParams = {};
  for (const key of ['code', 'state', 'error', 'error_description', 'iss'] as const) {
    const value = query.get(key);
    if (value) params[key] = value;
  }
  return params;
}

/**
 * One POST per callback, even when React mounts the page twice (StrictMode) or the effect runs
 * again: the server forgets the flow at the first call, so a second one would fail.
 */
const finishing = new Map<string, Promise<LineFinished>>();
export function finishOnce(http: HttpClient, params: LineCallbackParams): Promise<LineFinished> {
  const key = JSON.stringify(params);
  let pending = finishing.get(key);
  if (!pending) {
    pending = lineApi(http).finish(params);
    finishing.set(key, pending);
  }
  return pending;
}
