import { CHECK_CONDITION_KINDS } from '@clinic/core';
import { z } from 'zod';
import { dateSchema } from './admin-clinics.schemas';
import { idSchema } from './common.schemas';

/** An instant with its offset: 2026-12-01T10:15:00+09:00. */
export const instantSchema = z.iso.datetime({ offset: true, error: '日時はオフセット付きのISO 8601形式（例: 2026-12-01T10:15:00+09:00）で入力してください。' });

export const memoQuery = z.object({ clinicId: idSchema, from: dateSchema, to: dateSchema });
export const memoCreateBody = z.object({ clinicId: idSchema, date: dateSchema, content: z.string().max(2000) });
export const memoUpdateBody = z.object({ content: z.string().max(2000) });
// The answers' schemas are shared with the web app (its types come from them).
export { announcementJson, checkConditionJson, checkItemJson, memoJson, tagJson } from '@clinic/contract';

export const tagBody = z.object({ name: z.string().max(50) });

export const checkConditionBody = z.object({
  name: z.string().max(100),
  kind: z.enum(CHECK_CONDITION_KINDS),
  /** Required for CATEGORY, ignored for the other kinds. */
  categoryId: idSchema.nullable().optional(),
});

export const checkItemsQuery = z.object({ userId: idSchema });
export const checkItemBody = z.object({ checked: z.boolean(), note: z.string().max(500).optional() });

export const announcementQuery = z.object({ clinicId: idSchema.optional() });
export const announcementBody = z.object({
  clinicId: idSchema.nullable(),
  title: z.string().max(100),
  body: z.string().max(5000).optional(),
  publishedFrom: instantSchema,
  publishedUntil: instantSchema.nullable().optional(),
});
