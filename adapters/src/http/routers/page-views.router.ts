import { routes } from '@clinic/contract';
import { type PageViewRepositoryPort } from '@clinic/core';
import { createHash } from 'node:crypto';
import { principalOf, type AccountLookups } from '../middleware/auth';
import { SESSION_COOKIE } from '../middleware/session';
import { ApiRouter } from '../routing/api-router';

/** A one-way key: events of one session can be grouped without storing the session id. */
const keyOf = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export const pageViewsRouter = (pageViews: PageViewRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '計測', accounts).add(routes.operations.pageView, {
    summary: 'ページ閲覧・予約ファネルの段階を記録',
    examples: {
      body: { path: '/guest/reserve/', audience: 'guest', referrer: 'https://www.google.com/', campaign: 'spring', sessionId: 'k3J9xQ2mR7vT1wY5zA8bC0' },
    },
    description:
      '画面遷移ごとに1件送ります。新規予約ファネルの段階（funnel=guest-booking、step=slot-chosen / details-entered / booked、clinicId）も同じ窓口で1セッション1段階1回送ります。第三者の計測サービスは使わず、個人情報は受け取りません。',
    access: 'public',
    responses: { 204: { description: '記録しました。' } },
    handler: async (ctx, { body }) => {
      const cookie = ctx.cookies.get(SESSION_COOKIE);
      const principal = principalOf(ctx);
      await pageViews.record({
        path: body.path,
        audience: body.audience,
        referrer: body.referrer ?? null,
        campaign: body.campaign ?? null,
        sessionKey: body.sessionId ? keyOf(`analytics:${body.sessionId}`) : cookie ? keyOf(cookie) : principal ? `${principal.type}:${principal.id}` : null,
        at: new Date(),
        step: body.step ?? null,
        clinicId: body.step ? (body.clinicId ?? null) : null,
      });
      ctx.status = 204;
    },
  });
