import { FUNNEL_STEPS, type PageViewRepositoryPort } from '@clinic/core';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { principalOf, type AccountLookups } from '../middleware/auth';
import { SESSION_COOKIE } from '../middleware/session';
import { ApiRouter } from '../routing/api-router';
import { idSchema } from './common.schemas';

const pageViewBody = z
  .object({
    path: z
      .string({ error: 'パスを指定してください。' })
      .min(1, { error: 'パスを指定してください。' })
      .max(500, { error: 'パスが長すぎます。' })
      .startsWith('/', { error: 'パスは/で始めてください。' }),
    audience: z.enum(['staff', 'admin', 'user', 'guest', 'public'], { error: '対象の画面が正しくありません。' }),
    referrer: z.string().max(1000, { error: '参照元が長すぎます。' }).optional(),
    campaign: z.string().max(200, { error: 'キャンペーン名が長すぎます。' }).optional(),
    /** The web app's analytics session: a random id kept for the browser tab, nothing personal. */
    sessionId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '計測セッションIDの形式が正しくありません。' })
      .optional(),
    funnel: z.literal('guest-booking', { error: 'ファネルの種類が正しくありません。' }).optional(),
    step: z.enum(FUNNEL_STEPS, { error: 'ファネルの段階が正しくありません。' }).optional(),
    clinicId: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.step === undefined && body.funnel === undefined && body.clinicId === undefined) return;
    if (body.funnel === undefined) ctx.addIssue({ code: 'custom', path: ['funnel'], message: 'ファネルの種類を指定してください。' });
    if (body.step === undefined) ctx.addIssue({ code: 'custom', path: ['step'], message: 'ファネルの段階を指定してください。' });
    if (body.clinicId === undefined) ctx.addIssue({ code: 'custom', path: ['clinicId'], message: 'クリニックを指定してください。' });
    if (body.sessionId === undefined) ctx.addIssue({ code: 'custom', path: ['sessionId'], message: '計測セッションIDを指定してください。' });
    if (body.audience !== 'guest') ctx.addIssue({ code: 'custom', path: ['audience'], message: 'ファネルの段階はゲストの画面からだけ送れます。' });
  });

/** A one-way key: events of one session can be grouped without storing the session id. */
const keyOf = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export const pageViewsRouter = (pageViews: PageViewRepositoryPort, accounts: AccountLookups): ApiRouter =>
  new ApiRouter('/api', '計測', accounts).add({
    method: 'post',
    path: '/page-views',
    summary: 'ページ閲覧・予約ファネルの段階を記録',
    examples: {
      body: { path: '/guest/reserve/', audience: 'guest', referrer: 'https://www.google.com/', campaign: 'spring', sessionId: 'k3J9xQ2mR7vT1wY5zA8bC0' },
    },
    description:
      '画面遷移ごとに1件送ります。新規予約ファネルの段階（funnel=guest-booking、step=slot-chosen / details-entered / booked、clinicId）も同じ窓口で1セッション1段階1回送ります。第三者の計測サービスは使わず、個人情報は受け取りません。',
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
        sessionKey: body.sessionId ? keyOf(`analytics:${body.sessionId}`) : cookie ? keyOf(cookie) : principal ? `${principal.type}:${principal.id}` : null,
        at: new Date(),
        step: body.step ?? null,
        clinicId: body.step ? (body.clinicId ?? null) : null,
      });
      ctx.status = 204;
    },
  });
