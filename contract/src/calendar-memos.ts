import { z } from 'zod';

/** A calendar memo: one per clinic and date. */
export const memoJson = z.object({ id: z.string(), clinicId: z.string(), date: z.string(), content: z.string(), updatedAt: z.string() });

export type MemoJson = z.infer<typeof memoJson>;
