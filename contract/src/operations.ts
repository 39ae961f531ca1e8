import { z } from 'zod';
import { idSchema } from './fields';

// The same list as the core's `FUNNEL_STEPS` (adapters/src/http/contract-rules.test.ts keeps them equal).
export const FUNNEL_STEPS = ['clinic-chosen', 'slot-chosen', 'details-entered', 'booked'] as const;

/** The health check's answer. */
export const healthJson = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** A page view or a step of the guest booking funnel. */
export const pageViewBody = z
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
