import { z } from 'zod';
import { idSchema } from './fields';

/** A calendar memo: one per clinic and date. */
export const memoJson = z.object({ id: z.string(), clinicId: z.string(), date: z.string(), content: z.string(), updatedAt: z.string() });

export type MemoJson = z.infer<typeof memoJson>;

/** A real calendar date, YYYY-MM-DD. */
const memoDate = z.iso.date({ error: '日付はYYYY-MM-DD形式で入力してください。' });

export const memoQuery = z.object({ clinicId: idSchema, from: memoDate, to: memoDate });
export const memoCreateBody = z.object({ clinicId: idSchema, date: memoDate, content: z.string().max(2000) });
export const memoUpdateBody = z.object({ content: z.string().max(2000) });
