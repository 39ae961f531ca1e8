import { routes } from '@clinic/contract';
import type { LogInUseCase } from '@clinic/core';
import { HttpDomainError } from '../errors/http-error';
import type { AccountLookups } from '../middleware/auth';
import { clientAddress } from '../middleware/request-context';
import { ApiRouter } from '../routing/api-router';

interface SessionWithPrincipal {
  principal?: { type: 'staff' | 'user'; id: string };
  regenerate(): Promise<void> | undefined;
}

export const authRouter = (logIn: LogInUseCase, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '認証', accounts)
    .add(routes.session.login, {
      summary: 'ログイン',
      examples: { body: { username: 'staffS1002', password: 'clinic-demo' }, response: { type: 'staff', id: '31', name: '佐藤 美咲', role: 'STAFF' } },
      errors: [
        'INVALID_CREDENTIALS',
        'NOT_FULLY_REGISTERED',
        'RATE_LIMITED',
        'TWO_FACTOR_REQUIRED',
        'INVALID_TWO_FACTOR_CODE',
        'CROSS_SITE_REQUEST',
        'HTTPS_REQUIRED',
      ],
      description:
        'フォーム形式（application/x-www-form-urlencoded）で `username` と `password` を送ります。`username` はスタッフなら `staff`＋社員番号またはメールアドレス、会員なら `user`＋診察券番号またはメールアドレスです。パスワードが正しいと確かめるまでアカウントの状態は答えません（パスワード未設定のアカウントは誤ったパスワードと同じ 401 `INVALID_CREDENTIALS`、本登録前の会員は正しいパスワードのときだけ 403 `NOT_FULLY_REGISTERED`）。失敗は同じアカウントと接続元で15分に5回、同じアカウントへはどこからでも15分に20回、同じ接続元からはどのアカウントへでも15分に30回までで、超えると 429 になります。他のサイトからの送信（`Origin` が別のホスト、または `Sec-Fetch-Site: cross-site`）は 403 `CROSS_SITE_REQUEST` です。2段階認証を有効にしたスタッフは `code`（認証アプリの6桁の確認コード、またはリカバリーコード）も送ります。パスワードが正しく `code` がないと 401 `TWO_FACTOR_REQUIRED`（セッションは作られません）、コードが違うと 401 `INVALID_TWO_FACTOR_CODE` で、失敗として数えられます。',
      access: 'public',
      responses: { 200: { description: 'ログインしました。セッションCookieが新しく発行されます。' } },
      handler: async (ctx, { body }) => {
        const result = await logIn.execute({
          username: body.username,
          password: body.password,
          clientAddress: clientAddress(ctx),
          requestId: ctx.state.requestId,
          userAgent: ctx.get('User-Agent') || null,
          ...(body.code === undefined ? {} : { code: body.code }),
        });
        if (!result.ok) throw new HttpDomainError(result.error);
        const session = ctx.session as unknown as SessionWithPrincipal;
        session.principal = { type: result.value.type, id: result.value.id };
        // A fresh session id at every login: a planted cookie never becomes a logged-in one.
        await session.regenerate();
        ctx.body = result.value;
      },
    })
    .add(routes.session.logout, {
      summary: 'ログアウト',
      description: 'セッションをサーバーから削除します。同じCookieはその後使えません。',
      access: 'public',
      responses: { 204: { description: 'ログアウトしました。' } },
      handler: async (ctx) => {
        ctx.session = null;
        ctx.status = 204;
      },
    });
