import type { PageViewRepositoryPort } from '@clinic/core';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { principalOf, type AccountLookups } from '../middleware/auth';
import { SESSION_COOKIE } from '../middleware/session';
import { ApiRouter } from '../routing/api-router';

const pageViewBody = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
  audience: z.enum(['staff', 'admin', 'user', 'guest', 'public']),
  referrer: z.string().max(1000).optional(),
  campaign: z.string().max(200).optional(),
});

export const pageViewsRouter = (pageViews: PageViewRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '計測', accounts).add({
    method: 'post',
    path: '/page-views',
    summary: 'ページ閲覧を記録',
    description: '画面遷移ごとに1件送ります。第三者の計測サービスは使いません。',
    access: 'public',
    body: pageViewBody,
    responses: { 204: { description: '記録しました。' } },
    handler: async (ctx, { body }) => {
      const cookie = ctx.cookies.get(SESSION_COOKIE);
      const principal = principalOf(ctx);
      await pageViews.record({
        path: body.path,
        audience: body.audience,
        referrer: body.referrer ?? null,
        campaign: body.campaign ?? null,
        // A one-way key: visits of one session can be grouped without storing the session id.
        sessionKey: cookie ? createHash('sha256').update(cookie).digest('base64url').slice(0, 22) : principal ? `${principal.type}:${principal.id}` : null,
        at: new Date(),
      });
      ctx.status = 204;
    },
  });
