import { z } from 'zod';
import { idSchema } from './fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules';

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

const staffFields = {
  employeeNumber: z.string().trim().min(1).max(32),
  email: z.string().trim().min(3).max(254),
  name: z.string().trim().min(1).max(100),
  role: z.enum(STAFF_ROLES),
  clinicId: idSchema.nullable(),
  doctor: z.boolean().optional().describe('医師（同意書の説明・確認ができる）。作成で省略するとfalse、更新で省略すると今のまま'),
};

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください。` })
  .max(PASSWORD_MAX_LENGTH, { error: `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください。` });

export const createStaffBody = z.object({ ...staffFields, password: passwordSchema.nullable().optional() });

export const updateStaffBody = z.object(staffFields);

export const priorityBody = z.object({ priority: z.number().int().min(0).max(10_000) });

export const staffMenusBody = z.object({ menuIds: z.array(idSchema).max(1000) });

export const staffListQuery = z.object({ clinicId: idSchema.optional() });

export const staffPasswordBody = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

export const staffPasswordResetBody = z.object({ email: z.string().trim().min(1).max(254) });

export const outboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });

export const outboxMailJson = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });

/** The staff member logged in; `clinicId` null: head office. */
export const staffProfile = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  clinicId: z.string().nullable(),
});
export type StaffProfileJson = z.infer<typeof staffProfile>;
