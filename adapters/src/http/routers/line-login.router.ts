import { routes } from '@clinic/contract';
import { lineFlowFrom, type LineLoginUseCase } from '@clinic/core';
import { type LineAvailableJson, type LineFinishedJson, type LinePurpose, type LineStartedJson, type MemberLineJson } from '@clinic/contract';
import { HttpDomainError } from '../errors/http-error';
import { currentMember, principalOf, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';

export interface LineLoginHttp {
  /** Null when LINE Login is not configured: the routes answer LINE_UNAVAILABLE. */
  readonly line: LineLoginUseCase | null;
  /** The `redirect_uri` for this request: `${PUBLIC_URL}/common/line-redirect/`, or the request's origin for the local provider. */
  readonly redirectUri: (ctx: ApiContext) => string;
  readonly accounts: AccountLookups;
}

/** Where the web app goes once LINE has answered. */
export const LINE_DONE_PATHS = { link: '/user/mypage/settings/', login: '/user/mypage/update/' } as const satisfies Record<LinePurpose, string>;

interface LineSession {
  lineFlow?: unknown;
  principal?: { type: 'staff' | 'user'; id: string };
  regenerate(): Promise<void> | undefined;
}

const session = (ctx: ApiContext): LineSession => ctx.session as unknown as LineSession;

const useCase = (deps: LineLoginHttp): LineLoginUseCase => {
  if (!deps.line) throw HttpDomainError.of('LINE_UNAVAILABLE');
  return deps.line;
};

/** Member side: is LINE linked, and start linking it (`/api/users/line`). */
export const lineMemberRouter = (deps: LineLoginHttp): ApiRouter =>
  new ApiRouter('/api/users', 'LINEログイン', deps.accounts)
    .add(routes.memberLine.status, {
      summary: 'LINE連携の状態',
      description: 'LINEログインが使えるか（`available`）と、ログイン中の会員がLINEと連携済みか（`linked`）を返します。',
      access: 'member',
      responses: { 200: { description: '連携の状態' } },
      examples: { response: { available: true, linked: false } },
      handler: async (ctx) => {
        ctx.body = { available: deps.line !== null, linked: currentMember(ctx).lineUserId !== null } satisfies MemberLineJson;
      },
    })
    .add(routes.memberLine.link, {
      summary: 'LINE連携を開始',
      description:
        'LINEの同意画面のURLを返します。`state`・`nonce`・PKCEの検証コードはサーバーのセッションにだけ保存され、LINEから `/common/line-redirect/` に戻ったあと `POST /api/guests/line/callback` で一度だけ使われます（10分で失効）。',
      access: 'member',
      errors: ['LINE_UNAVAILABLE', 'HTTPS_REQUIRED'],
      responses: { 200: { description: 'LINEの同意画面へ移動してください。' } },
      examples: {
        response: {
          authorizationUrl:
            'https://access.line.me/oauth2/v2.1/authorize?response_type=code&client_id=1650000000&redirect_uri=https%3A%2F%2Freserve.example.jp%2Fcommon%2Fline-redirect%2F&scope=openid+profile&state=q9Xw&nonce=Nn3k&code_challenge=E9Me&code_challenge_method=S256',
        },
      },
      handler: async (ctx) => {
        const member = currentMember(ctx);
        const { url, flow } = await useCase(deps).start('link', member.id, deps.redirectUri(ctx));
        session(ctx).lineFlow = flow;
        ctx.body = { authorizationUrl: url } satisfies LineStartedJson;
      },
    });

/** Anyone: start a LINE login and finish either flow (`/api/guests/line`). */
export const lineGuestRouter = (deps: LineLoginHttp): ApiRouter =>
  new ApiRouter('/api/guests', 'LINEログイン', deps.accounts)
    .add(routes.guestLine.status, {
      summary: 'LINEログインが使えるか',
      description: 'LINEログインが設定されていれば `available: true` です。',
      access: 'public',
      responses: { 200: { description: '使えるかどうか' } },
      examples: { response: { available: true } },
      handler: async (ctx) => {
        ctx.body = { available: deps.line !== null } satisfies LineAvailableJson;
      },
    })
    .add(routes.guestLine.login, {
      summary: 'LINEログインを開始',
      description: 'LINEの同意画面のURLを返します。LINEと連携済みの会員だけがログインできます。',
      access: 'public',
      errors: ['LINE_UNAVAILABLE', 'HTTPS_REQUIRED'],
      responses: { 200: { description: 'LINEの同意画面へ移動してください。' } },
      examples: {
        response: {
          authorizationUrl:
            'https://access.line.me/oauth2/v2.1/authorize?response_type=code&client_id=1650000000&redirect_uri=https%3A%2F%2Freserve.example.jp%2Fcommon%2Fline-redirect%2F&scope=openid+profile&state=q9Xw&nonce=Nn3k&code_challenge=E9Me&code_challenge_method=S256',
        },
      },
      handler: async (ctx) => {
        const { url, flow } = await useCase(deps).start('login', null, deps.redirectUri(ctx));
        session(ctx).lineFlow = flow;
        ctx.body = { authorizationUrl: url } satisfies LineStartedJson;
      },
    })
    .add(routes.guestLine.callback, {
      summary: 'LINEからの戻りを完了',
      description:
        '`/common/line-redirect/` が受け取ったクエリ（`code`・`state`、または `error`）をそのまま送ります。セッションに保存した連携の情報は成否にかかわらずこの呼び出しで消えます。連携なら会員にLINEのユーザーIDを保存し、ログインならセッションを新しくしてログインします。',
      access: 'public',
      errors: [
        'LINE_FLOW_EXPIRED',
        'LINE_STATE_MISMATCH',
        'LINE_CONSENT_DENIED',
        'LINE_AUTH_FAILED',
        'LINE_NOT_LINKED',
        'LINE_ALREADY_LINKED',
        'NOT_FULLY_REGISTERED',
        'LINE_UNAVAILABLE',
        'HTTPS_REQUIRED',
      ],
      responses: { 200: { description: '連携またはログインが完了しました。' } },
      examples: { body: { code: 'Xf3…', state: 'q9…' }, response: { purpose: 'login', redirectTo: '/user/mypage/update/' } },
      handler: async (ctx, { body }) => {
        const line = useCase(deps);
        const stored = session(ctx);
        const flow = lineFlowFrom(stored.lineFlow);
        // Single use: whatever happens next, this flow cannot be finished a second time.
        delete stored.lineFlow;
        const principal = principalOf(ctx);
        const result = await line.finish(
          flow,
          { state: body.state, code: body.code, error: body.error, iss: body.iss },
          principal?.type === 'user' ? principal.id : null,
        );
        if (!result.ok) throw new HttpDomainError(result.error);
        if (result.value.purpose === 'login') {
          stored.principal = { type: 'user', id: result.value.memberId };
          // A fresh session id at every login, as with the password login.
          await stored.regenerate();
        }
        ctx.body = { purpose: result.value.purpose, redirectTo: LINE_DONE_PATHS[result.value.purpose] } satisfies LineFinishedJson;
      },
    });
