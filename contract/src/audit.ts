import { z } from 'zod';

// The same list as the core's `ACCESS_OUTCOMES` (contract depends on zod only); the HTTP adapter's
// mapper is typed by `accessRecordJson`, so the compiler keeps them in step.
export const ACCESS_OUTCOMES = ['ok', 'refused', 'not_found', 'invalid', 'error', 'failed'] as const;

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
