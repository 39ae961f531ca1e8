import { ACCESS_ACTIONS, ACCESS_OUTCOMES, CLINIC_ZONE } from '@clinic/core';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { idSchema } from './common.schemas';

/** `YYYY-MM-DD` (a day in Asia/Tokyo) or an instant with its offset. */
const dayOrInstant = (edge: 'from' | 'to') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      error: '日付（YYYY-MM-DD）またはオフセット付きの日時で入力してください。',
    })
    .transform((value, ctx) => {
      const isDay = value.length === 10;
      const parsed = isDay ? DateTime.fromISO(value, { zone: CLINIC_ZONE }) : DateTime.fromISO(value, { setZone: true });
      if (!parsed.isValid) {
        ctx.addIssue({ code: 'custom', message: '存在しない日付です。' });
        return z.NEVER;
      }
      // A day given as `to` includes the whole day.
      return (isDay && edge === 'to' ? parsed.plus({ days: 1 }) : parsed).toUTC().toISO()!;
    });

export const auditFilterQuery = z.object({
  staffId: idSchema.optional(),
  staffLogin: z.string().trim().min(1).max(300).optional(),
  memberId: idSchema.optional(),
  memberNumber: z.string().trim().min(1).max(20).optional(),
  action: z.enum(ACCESS_ACTIONS, { error: '操作の種類が正しくありません。' }).optional(),
  outcome: z.enum(ACCESS_OUTCOMES, { error: '結果の種類が正しくありません。' }).optional(),
  from: dayOrInstant('from').optional(),
  to: dayOrInstant('to').optional(),
});

export const auditSearchQuery = auditFilterQuery.extend({
  cursor: idSchema.optional(),
  limit: z.coerce.number({ error: '件数は数値で入力してください。' }).int().min(1).max(200).default(50),
});

// The answers' schemas are shared with the web app (its types come from them).
export { accessPageJson, accessRecordJson } from '@clinic/contract';
