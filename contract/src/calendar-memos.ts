import { z } from 'zod';
import { idSchema, isoDateSchema } from './fields';

/** A calendar memo: one per clinic and date. */
export const memoJson = z.object({ id: z.string(), clinicId: z.string(), date: z.string(), content: z.string(), updatedAt: z.string() });

export type MemoJson = z.infer<typeof memoJson>;

export const memoQuery = z.object({ clinicId: idSchema, from: isoDateSchema, to: isoDateSchema });
export const memoCreateBody = z.object({ clinicId: idSchema, date: isoDateSchema, content: z.string().max(2000) });
export const memoUpdateBody = z.object({ content: z.string().max(2000) });
