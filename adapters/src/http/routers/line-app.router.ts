import { LINE_APP_CANCEL_ERRORS, type LineAppUseCase, type LineWebhookEvent, type LineWebhookUseCase } from '@clinic/core';
import { routes, type LineAppConfigJson, type LineAppSessionJson } from '@clinic/contract';
import { validateSignature } from '@line/bot-sdk';
import { z } from 'zod';
import { HttpDomainError, renderDomainError, unwrap } from '../errors/http-error';
import { requestLanguage } from '../language';
import { principalOf, type AccountLookups, type ApiContext } from '../middleware/auth';
import { ApiRouter } from '../routing/api-router';
import { EXAMPLE_RESERVATION } from './examples';
import { toReservationJson } from './reservations.schemas';

export interface LineAppHttp {
  /** Null when LINE_LIFF_ID is unset: the LINE app's routes answer 404 LINE_APP_NOT_FOUND. */
  readonly app: { readonly useCase: LineAppUseCase; readonly liffId: string; readonly mock: boolean } | null;
  /** Null when LINE_MESSAGING_CHANNEL_SECRET is unset: the webhook answers 404. */
  readonly webhook: { readonly useCase: LineWebhookUseCase; readonly channelSecret: string } | null;
  readonly accounts: AccountLookups;
}

/** What the session keeps of the LINE app: the LINE user LINE vouched for (never one the browser named). */
interface LineAppSessionData {
  lineApp?: { lineUserId: string; since: string };
  principal?: { type: 'staff' | 'user'; id: string };
  regenerate(): Promise<void> | undefined;
}

const sessionOf = (ctx: ApiContext): LineAppSessionData | null => ctx.session as unknown as LineAppSessionData | null;

/**
 * The LINE user of this session when it was opened from the LINE app with a verified ID token,
 * else null. The guest booking uses it: a LINE guest books with a name and a phone, and is
 * reached by LINE.
 */
export const lineUserOfSession = (ctx: ApiContext): string | null => {
  const stored = sessionOf(ctx)?.lineApp;
  return stored && typeof stored.lineUserId === 'string' ? stored.lineUserId : null;
};

/** The events of LINE's webhook this system reads; anything else in them is kept out. */
const webhookBody = z.object({
  destination: z.string().max(100).optional(),
  events: z
    .array(
      z.looseObject({
        type: z.string().min(1).max(40),
        webhookEventId: z.string().min(1).max(100),
        source: z.looseObject({ type: z.string().max(20), userId: z.string().max(100).optional() }).optional(),
        postback: z.looseObject({ data: z.string().max(1000) }).optional(),
      }),
    )
    .max(100),
});

const eventOf = (event: z.output<typeof webhookBody>['events'][number]): LineWebhookEvent => ({
  id: event.webhookEventId,
  type: event.type,
  lineUserId: event.source?.userId ?? null,
  postbackData: event.postback?.data ?? null,
});

const EXAMPLE_SESSION: LineAppSessionJson = { lineUserId: 'U4af4980629a0b1c2d3e4f5a6b7c8d9e0', member: null };

/**
 * The LINE app (LIFF) and LINE's webhook, under `/api/line`. The identity of the LINE app's user
 * always comes from an ID token that LINE verified; the webhook acts only on a body signed with
 * the Messaging API channel's secret.
 */
export const lineAppRouter = (deps: LineAppHttp): ApiRouter => {
  const app = () => {
    if (!deps.app) throw HttpDomainError.of('LINE_APP_NOT_FOUND');
    return deps.app;
  };
  /** The LINE user of the session, or 401 (the app sends a new ID token then). */
  const lineUser = (ctx: ApiContext): string => {
    app();
    const lineUserId = lineUserOfSession(ctx);
    if (!lineUserId) throw HttpDomainError.of('UNAUTHENTICATED');
    return lineUserId;
  };
  return new ApiRouter('/api/line', 'LINEアプリ', deps.accounts)
    .add(routes.lineApp.config, {
      summary: 'LINEアプリの設定',
      description:
        'Webアプリが LIFF を初期化するための LIFF ID と、開発用のモック（`@line/liff-mock`）を使うかどうかです。`LINE_LIFF_ID` が未設定なら 404 LINE_APP_NOT_FOUND。',
      access: 'public',
      errors: ['LINE_APP_NOT_FOUND'],
      responses: { 200: { description: 'LIFF の設定' } },
      examples: { response: { liffId: '2001234567-AbCdEfGh', mock: false } },
      handler: async (ctx) => {
        const { liffId, mock } = app();
        ctx.body = { liffId, mock } satisfies LineAppConfigJson;
      },
    })
    .add(routes.lineApp.session, {
      summary: 'LINEアプリのセッションを開始',
      description:
        'LIFF の IDトークンをサーバーが LINE の検証エンドポイント（`LINE_VERIFY_URL`）で検証し、その LINE ユーザーのセッションを作ります。ブラウザーが送る LINE ユーザーIDは使いません。' +
        'その LINE ユーザーと連携済みの会員ならその会員としてログインし（`member`）、それ以外は LINE ゲストのセッションです（`member: null`、ゲスト予約は氏名と電話番号だけで LINE に通知）。' +
        '検証で拒否されたトークンは 401 INVALID_TOKEN。',
      access: 'public',
      errors: ['LINE_APP_NOT_FOUND', 'INVALID_TOKEN'],
      responses: {
        200: { description: 'LINE ユーザーと、連携済みの会員（なければ null）' },
        401: { description: 'LINE が IDトークンを拒否しました（`INVALID_TOKEN`）。' },
      },
      examples: { body: { idToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJVNGFmNDk4MDYyOSJ9.c2lnbmF0dXJl' }, response: EXAMPLE_SESSION },
      handler: async (ctx, { body }) => {
        const started = await app().useCase.startSession(body.idToken);
        if (!started.ok) {
          // 401, not the 400 of a bad link's token: the person is not who LINE says.
          const rendered = renderDomainError(started.error, requestLanguage(ctx));
          ctx.status = 401;
          ctx.body = rendered.body;
          return;
        }
        const { lineUserId, member } = started.value;
        const session = sessionOf(ctx)!;
        // Whoever was logged in before in this browser is not any more: the LINE user is.
        delete session.principal;
        session.lineApp = { lineUserId, since: new Date().toISOString() };
        if (member) session.principal = { type: 'user', id: member.id };
        // A fresh session id, as at every login.
        await session.regenerate();
        ctx.body = { lineUserId, member: member ? { id: member.id, name: member.name, clinicId: member.clinicId } : null } satisfies LineAppSessionJson;
      },
    })
    .add(routes.lineApp.reservations, {
      summary: 'LINEアプリの予約一覧',
      description:
        'セッションの LINE ユーザーの、これから来院する予約（予約中で終了前）を開始日時の順に返します。LINE アプリで予約したものと、連携済みの会員の予約です。',
      access: 'public',
      errors: ['LINE_APP_NOT_FOUND', 'UNAUTHENTICATED'],
      responses: { 200: { description: '予約の一覧' } },
      examples: { response: [{ ...EXAMPLE_RESERVATION, source: 'LINE' }] },
      handler: async (ctx) => {
        const language = requestLanguage(ctx);
        ctx.body = (await app().useCase.list(lineUser(ctx))).map((reservation) => toReservationJson(reservation, language));
      },
    })
    .add(routes.lineApp.cancel, {
      summary: 'LINEアプリから予約をキャンセル',
      description:
        'セッションの LINE ユーザーの予約をキャンセルします。他の人の予約は 404 RESERVATION_NOT_FOUND。キャンセル期限を過ぎると CANCEL_DEADLINE_PASSED（クリニックの電話番号つき）。',
      access: 'public',
      errors: ['LINE_APP_NOT_FOUND', 'UNAUTHENTICATED', ...LINE_APP_CANCEL_ERRORS],
      responses: { 200: { description: 'キャンセル後の予約' } },
      examples: { params: { id: '1001' }, response: { ...EXAMPLE_RESERVATION, source: 'LINE', status: 'CANCELLED', cancelledAt: '2026-11-25T09:00:00+09:00' } },
      handler: async (ctx, { params }) => {
        const lineUserId = lineUser(ctx);
        const principal = principalOf(ctx);
        const actor = principal?.type === 'user' ? { type: 'user' as const, id: principal.id } : { type: 'guest' as const, id: null };
        ctx.body = toReservationJson(unwrap(await app().useCase.cancel(lineUserId, params.id, actor)), requestLanguage(ctx));
      },
    })
    .add(routes.lineWebhook.receive, {
      summary: 'LINEのWebhook',
      description:
        'LINE プラットフォームからのイベント（Messaging API チャネルの Webhook URL に登録）。`X-Line-Signature` が本文そのもの（生のバイト列）の HMAC-SHA256（鍵は `LINE_MESSAGING_CHANNEL_SECRET`）の base64 でなければ 401 で、何もしません。' +
        '署名が正しければイベントを `webhookEventId` ごとに一度だけ記録してジョブキューに入れ、すぐに 200 を返します（再送されたイベントは何も変えません）。' +
        'postback `action=confirm&reservationId=<id>` は、その予約の LINE ユーザーからなら来院確認（`confirmedAt`）になり、他の人からなら何もしません。follow は連携済みの会員にあいさつを送り、unfollow はその人への LINE 送信をやめます（メールアドレスがあればメールに切り替え）。' +
        '`X-Requested-With` は不要です。',
      access: 'public',
      errors: ['LINE_APP_NOT_FOUND', 'UNAUTHENTICATED'],
      responses: { 200: { description: '受け付けました。' } },
      examples: { response: {} },
      handler: async (ctx) => {
        if (!deps.webhook) throw HttpDomainError.of('LINE_APP_NOT_FOUND');
        const raw = (ctx.request as unknown as { rawBody?: string }).rawBody ?? '';
        const signature = ctx.get('X-Line-Signature');
        if (!signature || !validateSignature(raw, deps.webhook.channelSecret, signature)) throw HttpDomainError.of('UNAUTHENTICATED');
        const parsed = webhookBody.safeParse((ctx.request as unknown as { body?: unknown }).body);
        if (!parsed.success) {
          throw HttpDomainError.of('VALIDATION_FAILED', {
            fields: parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
          });
        }
        await deps.webhook.useCase.receive(parsed.data.events.map(eventOf));
        ctx.body = {};
      },
    });
};
