import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n';
import { fakeApi } from '../../test/fake-api';
import {
  AUTH_MESSAGE_DURATION_MS,
  createHttpClient,
  describeFailure,
  HttpError,
  MESSAGE_DURATION_MS,
  type ApiErrorBody,
  type ErrorNotice,
  type HttpFailure,
} from './http';

const NO_RESPONSE = 'サーバからの応答がありません。管理者にお問い合わせください。';
const PROFILE_FORBIDDEN = '認証されていないため、再度ログインしてください。';
const t = translate;

const status = (code: number, body: ApiErrorBody | null = null): HttpFailure => ({ kind: 'status', status: code, body });
const named = (code: string, message?: string): ApiErrorBody => ({ error: { code, message } });

describe('describeFailure (section 8 of the specification)', () => {
  it('no response: the server-does-not-answer message for 5 s', () => {
    expect(describeFailure({ method: 'GET', url: '/api/staffs/users' }, { kind: 'network' }, t)).toEqual({
      text: NO_RESPONSE,
      durationMs: 5_000,
    });
  });

  it('500: the same message, never the server text', () => {
    const notice = describeFailure({ method: 'POST', url: '/api/users/reservations' }, status(500, named('INTERNAL', 'stack trace')), t);
    expect(notice).toEqual({ text: NO_RESPONSE, durationMs: 5_000 });
  });

  it('400 on a staff or admin URL: the staff wording of "registration failed"', () => {
    for (const url of ['/api/admin/rooms', '/api/staffs/users/1']) {
      const notice = describeFailure({ method: 'POST', url }, status(400), t);
      expect(notice.text).toBe(t('errors.http.registrationFailedStaff'));
      expect(notice.durationMs).toBe(5_000);
      expect(notice.redirectTo).toBeUndefined();
    }
    expect(t('errors.http.registrationFailedStaff')).toMatch(/登録に失敗しました/);
  });

  it('400 elsewhere: the member wording, which sends them to the clinic', () => {
    const notice = describeFailure({ method: 'POST', url: '/api/users/reservations' }, status(400), t);
    expect(notice.text).toBe(t('errors.http.registrationFailedMember'));
    expect(notice.text).toMatch(/クリニックまでお問い合わせください/);
  });

  it('400 with a named code: the server message for it', () => {
    const notice = describeFailure(
      { method: 'POST', url: '/api/users/reservations' },
      status(400, named('TOO_FAR_AHEAD', '90日以上先は予約できません（サーバ）')),
      t,
    );
    expect(notice).toEqual({ text: '90日以上先は予約できません（サーバ）', durationMs: 5_000 });
  });

  it("400 with a named code but no message: the generic wording (the browser keeps no copy of the server's texts)", () => {
    const notice = describeFailure({ method: 'POST', url: '/api/users/reservations' }, status(400, named('VALIDATION_FAILED')), t);
    expect(notice.text).toBe(t('errors.http.registrationFailedMember'));
  });

  it("400 with a code the browser has no list entry for: the server's message all the same", () => {
    const notice = describeFailure({ method: 'PUT', url: '/api/admin/menus/1' }, status(400, named('SOMETHING_NEW', '新しいエラーです。')), t);
    expect(notice.text).toBe('新しいエラーです。');
  });

  it('401 on staff/admin URLs: auth error for 2 s, then the staff login', () => {
    for (const url of ['/api/staffs/profile', '/api/admin/reports?type=x']) {
      expect(describeFailure({ method: 'GET', url }, status(401), t)).toEqual({
        text: t('errors.http.unauthenticated'),
        durationMs: 2_000,
        redirectTo: '/staff/login/',
      });
    }
  });

  it('401 elsewhere: the member login', () => {
    const notice = describeFailure({ method: 'GET', url: '/api/users/reservations' }, status(401), t);
    expect(notice).toEqual({ text: t('errors.http.unauthenticated'), durationMs: 2_000, redirectTo: '/user/login/' });
  });

  it('401 on the login itself is wrong credentials, not a redirect', () => {
    const notice = describeFailure({ method: 'POST', url: '/api/login' }, status(401, named('INVALID_CREDENTIALS')), t);
    expect(notice).toEqual({ text: 'IDまたはパスワードに誤りがあります。', durationMs: 5_000 });
  });

  it('403 on a profile fetch: "not authenticated" and the matching login', () => {
    expect(describeFailure({ method: 'GET', url: '/api/staffs/profile' }, status(403), t)).toEqual({
      text: PROFILE_FORBIDDEN,
      durationMs: 5_000,
      redirectTo: '/staff/login/',
    });
    expect(describeFailure({ method: 'GET', url: '/api/users/profile' }, status(403), t).redirectTo).toBe('/user/login/');
  });

  it('403 elsewhere: the named message, without a redirect', () => {
    const notice = describeFailure({ method: 'DELETE', url: '/api/admin/clinics/1' }, status(403, named('FORBIDDEN', '権限がありません')), t);
    expect(notice).toEqual({ text: '権限がありません', durationMs: 5_000 });
  });

  it('503: service unavailable', () => {
    const notice = describeFailure({ method: 'GET', url: '/api/staffs/users' }, status(503, named('SERVICE_UNAVAILABLE', 'DB down')), t);
    expect(notice).toEqual({ text: t('errors.http.serviceUnavailable'), durationMs: 5_000 });
  });

  it('409 with a named code: the server message (reservation conflict)', () => {
    const text = '指定いただいた日時の予約が埋まってしまったため、来院日時を再選択してください。';
    const notice = describeFailure({ method: 'POST', url: '/api/users/reservations' }, status(409, named('RESERVATION_CONFLICT', text)), t);
    expect(notice.text).toBe(text);
  });

  it('other statuses without a named code: unexpected error', () => {
    for (const code of [404, 418, 502]) {
      const notice = describeFailure({ method: 'GET', url: '/api/users/menus' }, status(code), t);
      expect(notice).toEqual({ text: t('errors.http.unexpected'), durationMs: 5_000 });
    }
  });

  it('any named code reads as the server wrote it, including codes the browser never heard of', () => {
    const text = 'お手数ですが、クリニックまでお電話でご連絡ください。';
    const notice = describeFailure({ method: 'POST', url: '/api/users/waitlist' }, status(403, named('SOME_FUTURE_CODE', text)), t);
    expect(notice).toEqual({ text, durationMs: 5_000 });
    expect(MESSAGE_DURATION_MS).toBe(5_000);
    expect(AUTH_MESSAGE_DURATION_MS).toBe(2_000);
  });
});

describe('createHttpClient', () => {
  function client(routes: Parameters<typeof fakeApi>[0]) {
    const api = fakeApi(routes);
    const notify = vi.fn<(notice: ErrorNotice) => void>();
    const redirect = vi.fn<(path: string) => void>();
    return { http: createHttpClient({ t, notify, redirect, fetch: api.fetch }), notify, redirect, ...api };
  }

  it('sends credentials, and X-Requested-With on every non-GET call but the login', async () => {
    const { http, calls } = client({
      'GET /api/staffs/profile': { body: { id: '1' } },
      'PUT /api/staffs/reservations/1/cancel': { body: {} },
      'POST /api/logout': { status: 204 },
      'POST /api/login': { body: { type: 'staff' } },
    });
    await http.get('/api/staffs/profile');
    await http.put('/api/staffs/reservations/1/cancel', {});
    await expect(http.post('/api/logout')).resolves.toBeUndefined();
    await http.postForm('/api/login', { username: 'staff001', password: 'p w&' });

    expect(calls.map((c) => c.init.credentials)).toEqual(['include', 'include', 'include', 'include']);
    const xrw = calls.map((c) => (c.init.headers as Record<string, string>)['X-Requested-With']);
    expect(xrw).toEqual([undefined, 'XMLHttpRequest', 'XMLHttpRequest', undefined]);
    const login = calls[3]!;
    expect((login.init.headers as Record<string, string>)['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(login.init.body).toBe('username=staff001&password=p+w%26');
  });

  it('adds the query and returns the JSON', async () => {
    const { http, calls } = client({ 'GET /api/staffs/reservations': { body: [{ id: 'r1' }] } });
    await expect(http.get('/api/staffs/reservations', { query: { clinicId: 'c1', from: '2026-01-01', to: undefined } })).resolves.toEqual([{ id: 'r1' }]);
    expect(calls[0]!.url).toBe('/api/staffs/reservations?clinicId=c1&from=2026-01-01');
  });

  it('401: shows the auth error for 2 s, redirects, and rejects with the notice', async () => {
    const { http, notify, redirect } = client({ 'GET /api/staffs/profile': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } } });
    const error = await http.get('/api/staffs/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(notify).toHaveBeenCalledWith({ text: t('errors.http.unauthenticated'), durationMs: 2_000, redirectTo: '/staff/login/' });
    expect(redirect).toHaveBeenCalledWith('/staff/login/');
  });

  it('several 401s at once: one message, one redirect', async () => {
    const { http, notify, redirect } = client({
      'GET /api/users/profile': { status: 401 },
      'GET /api/users/reservations': { status: 401 },
    });
    await Promise.allSettled([http.get('/api/users/profile'), http.get('/api/users/reservations')]);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith('/user/login/');
  });

  it('identical GETs in flight share one request', async () => {
    const { http, calls } = client({ 'GET /api/staffs/clinics': { body: [] } });
    await Promise.all([http.get('/api/staffs/clinics'), http.get('/api/staffs/clinics')]);
    expect(calls).toHaveLength(1);
  });

  it('no answer at all: the no-response message', async () => {
    const notify = vi.fn<(notice: ErrorNotice) => void>();
    const http = createHttpClient({
      t,
      notify,
      redirect: vi.fn(),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(http.get('/api/guests/clinics')).rejects.toBeInstanceOf(HttpError);
    expect(notify).toHaveBeenCalledWith({ text: NO_RESPONSE, durationMs: 5_000 });
  });

  it('notifyErrors: false leaves the message and the redirect to the caller', async () => {
    const { http, notify, redirect } = client({
      'POST /api/login': { status: 403, body: { error: { code: 'NOT_FULLY_REGISTERED', message: '本登録がまだです' } } },
    });
    const error = (await http.postForm('/api/login', { username: 'u', password: 'p' }, { notifyErrors: false }).catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('NOT_FULLY_REGISTERED');
    expect(error.serverMessage).toBe('本登録がまだです');
    expect(notify).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('400 with fields keeps them for the form', async () => {
    const fields = [{ path: 'name', message: '入力してください' }];
    const { http, notify } = client({
      'POST /api/admin/rooms': { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: '全ての項目に正しく値を入力してください。', fields } } },
    });
    const error = (await http.post('/api/admin/rooms', {}).catch((e: unknown) => e)) as HttpError;
    expect(error.fields).toEqual(fields);
    expect(notify).toHaveBeenCalledWith({ text: '全ての項目に正しく値を入力してください。', durationMs: 5_000 });
  });
});
