import { z } from 'zod';
import { idSchema, instantMillis } from './fields';
import { ACCESS_ACTIONS, ACCESS_OUTCOMES } from './rules';

/** One record of the access log (who saw or changed what). */
export const accessRecordJson = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    type: z.string(),
    id: z.string().nullable(),
    login: z.string().nullable(),
    name: z.string().nullable(),
    role: z.string().nullable(),
    clinicId: z.string().nullable(),
  }),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  memberIds: z.array(z.string()),
  outcome: z.enum(ACCESS_OUTCOMES),
  status: z.number().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.unknown(),
});

/** Card number and name of a member the page's records name. */
export const auditMemberLabelJson = z.object({ id: z.string(), userNumber: z.string().nullable(), name: z.string() });

/** A page of GET /api/admin/audit-logs. */
export const accessPageJson = z.object({
  items: z.array(accessRecordJson),
  nextCursor: z.string().nullable(),
  /** Card number and name of the members the page's records name. */
  members: z.array(auditMemberLabelJson),
});

export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];
export type AccessRecordJson = z.infer<typeof accessRecordJson>;
export type AuditMemberLabelJson = z.infer<typeof auditMemberLabelJson>;
export type AccessPageJson = z.infer<typeof accessPageJson>;

/** `YYYY-MM-DD` (a day in Asia/Tokyo, which keeps +09:00 all year) or an instant with its offset; to the server, the instant in UTC. */
const dayOrInstant = (edge: 'from' | 'to') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      error: '日付（YYYY-MM-DD）またはオフセット付きの日時で入力してください。',
    })
    .transform((value, ctx) => {
      const isDay = value.length === 10;
      const millis = instantMillis(isDay ? `${value}T00:00:00+09:00` : value);
      if (Number.isNaN(millis)) {
        ctx.addIssue({ code: 'custom', message: '存在しない日付です。' });
        return z.NEVER;
      }
      // A day given as `to` includes the whole day.
      return new Date(isDay && edge === 'to' ? millis + 86_400_000 : millis).toISOString();
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
