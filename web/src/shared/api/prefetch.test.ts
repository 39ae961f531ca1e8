import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n';
import { createHttpClient, HttpError } from './http';
import { prefetchForPage, takePrefetched } from './prefetch';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetch: typeof globalThis.fetch) {
  const notify = vi.fn();
  return { notify, http: createHttpClient({ t: translate, notify, redirect: vi.fn(), fetch }) };
}

describe('prefetch of the first page data', () => {
  afterEach(() => {
    takePrefetched('/api/guests/clinics');
    vi.unstubAllGlobals();
  });

  it('the guest booking page: the clinics are asked for at once, and the client takes that answer once', async () => {
    const early = vi.fn(async () => json([{ id: 'c1', name: '渋谷' }]));
    vi.stubGlobal('fetch', early);
    prefetchForPage('/guest/reserve/');
    prefetchForPage('/guest/reserve/');
    expect(early).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledWith('/api/guests/clinics', expect.objectContaining({ method: 'GET', credentials: 'include' }));

    const later = vi.fn(async () => json([]));
    const { http } = client(later);
    await expect(http.get('/api/guests/clinics')).resolves.toEqual([{ id: 'c1', name: '渋谷' }]);
    expect(later).not.toHaveBeenCalled();
    // Taken once: the next call asks the server again.
    await expect(http.get('/api/guests/clinics')).resolves.toEqual([]);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('a prefetched failure is reported like any other answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    prefetchForPage('/guest/reserve');
    const { http, notify } = client(vi.fn());
    const error = await http.get('/api/guests/clinics').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ text: 'サーバからの応答がありません。管理者にお問い合わせください。' }));
  });

  it('other pages prefetch nothing', () => {
    const early = vi.fn(async () => json([]));
    vi.stubGlobal('fetch', early);
    for (const path of ['/', '/guest/reserve/done/', '/staff/calendar/', '/user/mypage/reserve/']) prefetchForPage(path);
    expect(early).not.toHaveBeenCalled();
  });
});
