import { ACCEPTED_REPORT_KEYS } from '@clinic/core';
import { z } from 'zod';
import { idSchema } from './common.schemas';

/** `GET /api/admin/reports?type&month[&clinicId][&format=csv]`; an empty clinicId means the whole chain. */
export const reportQuery = z.object({
  type: z.enum(ACCEPTED_REPORT_KEYS as [string, ...string[]], { error: 'レポートの種類が正しくありません。' }),
  month: z.string({ error: '月を指定してください。' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月はYYYY-MMの形式で指定してください。' }),
  clinicId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
  format: z.enum(['json', 'csv'], { error: '形式はjsonまたはcsvを指定してください。' }).optional(),
});

export const reportJson = z.object({
  type: z.string(),
  title: z.string(),
  month: z.string(),
  clinicId: z.string().nullable(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['text', 'number', 'percent', 'minutes', 'hours']) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
