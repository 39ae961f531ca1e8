/**
 * The browser's HTTP client for `/api`, with the error handling of section 8 of the specification.
 *
 * Every failure is turned into a notice (text, how long it shows, where to go next) by the pure
 * function `describeFailure`; the client shows it through the injected `notify` and follows its
 * `redirectTo` through the injected `redirect`, then rejects with an `HttpError` carrying the
 * notice, so a page can still react (or pass `notifyErrors: false` and show it itself).
 */
import type { ErrorCode } from '@clinic/core/errors';
import { currentLanguage, type Translate } from '../../i18n';
import { takePrefetched } from './prefetch';

export interface ApiFieldError {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  error: { code: string; message?: string; fields?: ApiFieldError[]; detail?: Record<string, string | number> };
}

/** What went wrong, before it is put into words. */
export type HttpFailure = { kind: 'network' } | { kind: 'status'; status: number; body: ApiErrorBody | null };

export interface ErrorNotice {
  text: string;
  durationMs: number;
  /** Where the app goes after showing the notice (login pages). */
  redirectTo?: string;
}

export const MESSAGE_DURATION_MS = 5_000;
export const AUTH_MESSAGE_DURATION_MS = 2_000;
export const STAFF_LOGIN_PATH = '/staff/login/';
/** Where a staff member past the grace period without two-factor login is sent. */
export const TWO_FACTOR_SETUP_PATH = '/staff/two-factor/';
export const MEMBER_LOGIN_PATH = '/user/login/';

/**
 * The error codes are the server's (core's `ERROR_CODES`, with their statuses and texts in the
 * HTTP adapter's one table, in the person's language): the browser keeps no copy of them. It
 * shows the server's `message` for any code, and its own words only when there is no answer to
 * read (no response, a 500, a 401's redirect).
 */
export type ApiErrorCode = ErrorCode;

/** Pathname of an API URL (absolute or not), without query. */
function apiPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** Staff and admin endpoints: their failures speak to staff and send them to the staff login. */
export function isStaffApi(url: string): boolean {
  return /^\/api\/(admin|staffs)(\/|$)/.test(apiPath(url));
}

/** `GET …/profile` (and `detailed-profile`): the call every authenticated screen starts with. */
export function isProfileFetch(method: string, url: string): boolean {
  return method.toUpperCase() === 'GET' && /^\/api\/[^/]+\/(detailed-)?profile\/?$/.test(apiPath(url));
}

export function isLoginCall(url: string): boolean {
  return /^\/api\/login\/?$/.test(apiPath(url));
}

export const loginPathFor = (url: string): string => (isStaffApi(url) ? STAFF_LOGIN_PATH : MEMBER_LOGIN_PATH);

/** The server's own text for the code it names; `undefined` without one (then the status decides). */
function namedMessage(body: ApiErrorBody | null): string | undefined {
  if (typeof body?.error?.code !== 'string') return undefined;
  return body.error.message?.trim() || undefined;
}

/**
 * Section 8 of the specification, as one decision:
 * - no response, or 500: "no response" (a 500 never shows server text);
 * - 401: the auth error for 2 s, then the login of the audience the URL belongs to
 *   (except on `POST /api/login` itself, where 401 means wrong credentials);
 * - 403 TWO_FACTOR_SETUP_REQUIRED (staff past the grace period): its message and the setup page;
 * - 403 on a profile fetch: "not authenticated" and the login;
 * - 503: "service unavailable";
 * - 400: the server's message when it names a code, else "registration failed" in the
 *   staff or the member wording;
 * - other 4xx naming a code (404, 409, 403, 429…): the server's message for that code;
 * - anything else: "unexpected error".
 * Everything but 401 shows for 5 s.
 */
export function describeFailure(request: { method: string; url: string }, failure: HttpFailure, t: Translate): ErrorNotice {
  const normal = (text: string): ErrorNotice => ({ text, durationMs: MESSAGE_DURATION_MS });
  if (failure.kind === 'network') return normal(t('errors.http.noResponse'));

  const { status, body } = failure;
  const { method, url } = request;
  const staff = isStaffApi(url);

  if (status === 500 || status === 0) return normal(t('errors.http.noResponse'));
  if (status === 401) {
    if (isLoginCall(url)) return normal(namedMessage(body) ?? t('errors.codes.INVALID_CREDENTIALS'));
    return {
      text: t('errors.http.unauthenticated'),
      durationMs: AUTH_MESSAGE_DURATION_MS,
      redirectTo: loginPathFor(url),
    };
  }
  if (status === 403 && body?.error?.code === 'TWO_FACTOR_SETUP_REQUIRED') {
    return { ...normal(namedMessage(body) ?? t('errors.codes.TWO_FACTOR_SETUP_REQUIRED')), redirectTo: TWO_FACTOR_SETUP_PATH };
  }
  if (status === 403 && isProfileFetch(method, url)) {
    return { ...normal(t('errors.http.profileForbidden')), redirectTo: loginPathFor(url) };
  }
  if (status === 503) return normal(t('errors.http.serviceUnavailable'));

  const named = namedMessage(body);
  if (status === 400) {
    return normal(named ?? (staff ? t('errors.http.registrationFailedStaff') : t('errors.http.registrationFailedMember')));
  }
  if (status >= 400 && status < 500 && named) return normal(named);
  return normal(t('errors.http.unexpected'));
}

/** A failed call: what happened and the notice that was (or would have been) shown. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** The server's message, as sent (empty when there was none). */
  readonly serverMessage: string | undefined;
  readonly fields: ApiFieldError[];
  /** What the code carries besides its message (the clinic's `phone` of CANCEL_DEADLINE_PASSED, …). */
  readonly detail: Readonly<Record<string, string | number>>;
  readonly notice: ErrorNotice;

  constructor(failure: HttpFailure, notice: ErrorNotice) {
    super(notice.text);
    this.notice = notice;
    if (failure.kind === 'status') {
      this.status = failure.status;
      this.code = failure.body?.error?.code;
      this.serverMessage = failure.body?.error?.message;
      this.fields = failure.body?.error?.fields ?? [];
      this.detail = failure.body?.error?.detail ?? {};
    } else {
      this.status = undefined;
      this.code = undefined;
      this.serverMessage = undefined;
      this.fields = [];
      this.detail = {};
    }
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (`application/x-www-form-urlencoded`), as the login expects. */
  form?: Record<string, string>;
  /** `false`: do not show the notice nor redirect; the caller handles the `HttpError`. */
  notifyErrors?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T>(method: string, url: string, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: Omit<RequestOptions, 'json' | 'form'>): Promise<T>;
  post<T>(url: string, json?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, json?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
  postForm<T>(url: string, form: Record<string, string>, options?: RequestOptions): Promise<T>;
}

export interface HttpClientDeps {
  t: Translate;
  notify: (notice: ErrorNotice) => void;
  redirect: (path: string) => void;
  fetch?: typeof fetch;
  /** No answer within this time counts as "no response". */
  timeoutMs?: number;
  now?: () => number;
}

/** Several calls failing with 401 at once show one message and redirect once. */
const AUTH_REDIRECT_DEDUPE_MS = 3_000;

/** `url` with the query's defined values (`?a=1&b=2`). */
export function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function asErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null || !('error' in value)) return null;
  const error = (value as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  return value as ApiErrorBody;
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = deps.timeoutMs ?? 30_000;
  let lastAuthRedirectAt = Number.NEGATIVE_INFINITY;
  /** Identical GETs in flight share one request (and one notice), e.g. StrictMode's double effects. */
  const inflight = new Map<string, Promise<unknown>>();

  function fail(method: string, url: string, failure: HttpFailure, notify: boolean): HttpError {
    const notice = describeFailure({ method, url }, failure, deps.t);
    if (notify) {
      const isAuthRedirect = notice.redirectTo !== undefined;
      const duplicate = isAuthRedirect && now() - lastAuthRedirectAt < AUTH_REDIRECT_DEDUPE_MS;
      if (!duplicate) {
        if (isAuthRedirect) lastAuthRedirectAt = now();
        deps.notify(notice);
        if (notice.redirectTo) deps.redirect(notice.redirectTo);
      }
    }
    return new HttpError(failure, notice);
  }

  async function send<T>(method: string, url: string, options: RequestOptions): Promise<T> {
    // Guest and member answers (menus, error messages) come in the language shown; staff ones stay Japanese.
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...options.headers };
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    // The server refuses state changes without it (CSRF guard); the login is the one exception.
    if (method !== 'GET' && method !== 'HEAD' && !isLoginCall(url)) {
      headers['X-Requested-With'] = 'XMLHttpRequest';
    }
    const notify = options.notifyErrors !== false;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    try {
      const prefetched = method === 'GET' && !options.signal && !options.headers ? takePrefetched(url) : undefined;
      response = await (prefetched ?? doFetch(url, { method, headers, body, credentials: 'include', signal }));
    } catch (error) {
      // The caller gave up: not a failure to report.
      if (options.signal?.aborted) throw error;
      throw fail(method, url, { kind: 'network' }, notify);
    }
    const payload = await readBody(response).catch(() => undefined);
    if (!response.ok) {
      throw fail(method, url, { kind: 'status', status: response.status, body: asErrorBody(payload) }, notify);
    }
    return payload as T;
  }

  function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const fullUrl = withQuery(url, options.query);
    if (upper !== 'GET' || options.signal) return send<T>(upper, fullUrl, options);
    const key = `${fullUrl} ${options.notifyErrors === false ? 'quiet' : 'loud'}`;
    const pending = inflight.get(key);
    if (pending) return pending as Promise<T>;
    const started = send<T>(upper, fullUrl, options).finally(() => inflight.delete(key));
    inflight.set(key, started);
    return started;
  }

  return {
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, json, options) => request('POST', url, { ...options, json }),
    put: (url, json, options) => request('PUT', url, { ...options, json }),
    delete: (url, options) => request('DELETE', url, options),
    postForm: (url, form, options) => request('POST', url, { ...options, form }),
  };
}
