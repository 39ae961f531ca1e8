import { z } from 'zod';
import { idSchema } from './fields';

// The same keys as the core's `ACCEPTED_REPORT_KEYS` (adapters/src/http/contract-rules.test.ts keeps them equal).
export const ACCEPTED_REPORT_KEYS = [
  'average-lead-time',
  'cancel-number',
  'category-guest-count',
  'category-user-count',
  'checklist-achievement-rate',
  'guest-booking-funnel',
  'hour-count',
  'menu-count',
  'no-show-rate',
  'reservation-with-user',
  'staff-category-uptime',
  'staff-menu-uptime',
  'staff-reservation-uptime',
  'staff-schedule-uptime',
  'staff-uptime',
  'users-checklist-unchekcked',
  'visit-guest-from-web',
  'visit-guest-not-from-web',
  'visit-guest-number',
  'visit-introduced-guest-number',
  'visit-member-from-web',
  'visit-member-not-from-web',
  'visit-number',
  'visit-user-number',
  'waitlist-conversions',
  'users-checklist-unchecked',
] as const;

/** `GET /api/admin/reports?type&month[&clinicId][&format=csv]`; an empty clinicId means the whole chain. */
export const reportQuery = z.object({
  type: z.enum(ACCEPTED_REPORT_KEYS, { error: 'レポートの種類が正しくありません。' }),
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

export type ReportJson = z.infer<typeof reportJson>;
