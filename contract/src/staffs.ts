import { z } from 'zod';

// The same list as the core's `STAFF_ROLES` (contract depends on zod only); the HTTP adapter's
// `toStaffJson` is typed by `staffJson`, so the compiler keeps them in step.
export const STAFF_ROLES = ['ADMIN', 'STAFF'] as const;

/** A staff member as the set-up screens see them. */
export const staffJson = z.object({
  id: z.string(),
  employeeNumber: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  clinicId: z.string().nullable(),
  priority: z.number(),
  menuIds: z.array(z.string()),
  hasPassword: z.boolean(),
  /** A doctor: may explain and countersign consents (docs/forms.md). */
  doctor: z.boolean(),
});

/** A staff member just added, with the invitation's URL and expiry when they were invited (else null). */
export const createdStaffJson = staffJson.extend({
  invitationUrl: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
});

/** A fresh invitation (set your password) of a staff member. */
export const invitationJson = z.object({ invitationUrl: z.string(), expiresAt: z.string() });

export type StaffRole = (typeof STAFF_ROLES)[number];
export type StaffJson = z.infer<typeof staffJson>;
export type CreatedStaffJson = z.infer<typeof createdStaffJson>;
export type InvitationJson = z.infer<typeof invitationJson>;
