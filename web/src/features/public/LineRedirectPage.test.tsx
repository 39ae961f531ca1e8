import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/common/line-redirect/', () => {
  it('posts the query once (even under StrictMode) and shows the message of a refused answer', async () => {
    const api = fakeApi({
      'POST /api/guests/line/callback': {
        status: 400,
        body: { error: { code: 'LINE_STATE_MISMATCH', message: 'LINEからの応答を確認できませんでした。お手数ですが、もう一度はじめからお試しください。' } },
      },
    });
    renderApp('/common/line-redirect/?code=c-1&state=s-1&iss=http%3A%2F%2F127.0.0.1', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('LINEからの応答を確認できませんでした。お手数ですが、もう一度はじめからお試しください。');
    expect(screen.getByRole('heading', { name: 'LINE連携・ログインを完了できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/user/login/');
    const posts = api.calls.filter((c) => c.url === '/api/guests/line/callback');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ code: 'c-1', state: 's-1', iss: 'http://127.0.0.1' });
  });

  it("shows the server's message for the code it names (its one error table, in the person's language), also on a 503", async () => {
    const api = fakeApi({
      'POST /api/guests/line/callback': { status: 400, body: { error: { code: 'LINE_CONSENT_DENIED', message: 'You cancelled the consent on LINE.' } } },
    });
    renderApp('/common/line-redirect/?error=access_denied&state=s-2', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the consent on LINE.');

    const unavailable = fakeApi({
      'POST /api/guests/line/callback': { status: 503, body: { error: { code: 'LINE_UNAVAILABLE', message: 'ただいまLINEログインをご利用いただけません。' } } },
    });
    renderApp('/common/line-redirect/?code=c-5&state=s-5', unavailable);
    expect(await screen.findByText('ただいまLINEログインをご利用いただけません。')).toBeInTheDocument();
  });

  it('says so when LINE sent nothing back, without calling the server', async () => {
    const api = fakeApi({});
    renderApp('/common/line-redirect/', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('LINEからの応答に必要な情報がありません。');
    expect(api.calls.filter((c) => c.url.includes('/line/'))).toHaveLength(0);
  });

  it('goes where the server says once linked', async () => {
    const api = fakeApi({
      'POST /api/guests/line/callback': { body: { purpose: 'link', redirectTo: '/user/login/' } },
    });
    const { router } = renderApp('/common/line-redirect/?code=c-3&state=s-3', api);
    expect(await screen.findByText('LINE連携が完了しました。')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login/'));
  });

  it('while it checks, shows a spinner with its words in valid HTML (no block inside a paragraph)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The server has not answered yet: the page stays on its checking state.
      const api = fakeApi({});
      const waiting = (() => new Promise<Response>(() => undefined)) as typeof fetch;
      renderApp('/common/line-redirect/?code=c-4&state=s-4', {
        ...api,
        fetch: (input, init) => (String(input).includes('/line/callback') ? waiting(input, init) : api.fetch(input, init)),
      });
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('LINEからの応答を確認しています');
      expect(status.closest('p')).toBeNull();
      expect(errors.mock.calls.map(String).filter((call) => call.includes('descendant'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
