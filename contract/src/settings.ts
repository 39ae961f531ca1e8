import { z } from 'zod';
import { idSchema } from './fields';

// The same list as the core's `CHECK_CONDITION_KINDS` (contract depends on zod only); the HTTP
// adapter's mappers are typed by these schemas, so the compiler keeps them in step.
export const CHECK_CONDITION_KINDS = ['ALWAYS', 'FIRST_VISIT', 'CATEGORY'] as const;

/** A member tag. */
export const tagJson = z.object({ id: z.string(), name: z.string(), displayOrder: z.number() });

/** A condition of the check list (チェック項目の条件). */
export const checkConditionJson = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHECK_CONDITION_KINDS),
  categoryId: z.string().nullable(),
  displayOrder: z.number(),
});

/** A member's item of the check list. */
export const checkItemJson = z.object({
  id: z.string(),
  userId: z.string(),
  conditionId: z.string(),
  conditionName: z.string(),
  checked: z.boolean(),
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
  note: z.string(),
});

/** An announcement (お知らせ); clinicId null = every clinic. */
export const announcementJson = z.object({
  id: z.string(),
  clinicId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  publishedFrom: z.string(),
  publishedUntil: z.string().nullable(),
});

export type CheckConditionKind = (typeof CHECK_CONDITION_KINDS)[number];
export type TagJson = z.infer<typeof tagJson>;
export type CheckConditionJson = z.infer<typeof checkConditionJson>;
export type CheckItemJson = z.infer<typeof checkItemJson>;
export type AnnouncementJson = z.infer<typeof announcementJson>;

// Requests.

/** An instant with its offset: 2026-12-01T10:15:00+09:00. */
const offsetInstant = z.iso.datetime({ offset: true, error: '日時はオフセット付きのISO 8601形式（例: 2026-12-01T10:15:00+09:00）で入力してください。' });

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
  publishedFrom: offsetInstant,
  publishedUntil: offsetInstant.nullable().optional(),
});
