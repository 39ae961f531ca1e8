import { z } from 'zod';

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
