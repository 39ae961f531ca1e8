import type { StaffJson } from '@clinic/contract';
import { CLINIC_ZONE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STAFF_ROLES, type OutboxMail, type Staff } from '@clinic/core';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { idSchema } from './common.schemas';

// The answers' schemas are shared with the web app (its types come from them).
export { createdStaffJson, invitationJson, staffJson } from '@clinic/contract';

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

/** An instant as the API speaks it: ISO 8601 with the Asia/Tokyo offset. */
export const isoInstant = (at: Date): string => DateTime.fromJSDate(at).setZone(CLINIC_ZONE).toISO({ suppressMilliseconds: true })!;

export const toStaffJson = (staff: Staff, menuIds: readonly string[]): StaffJson => ({
  id: staff.id,
  employeeNumber: staff.employeeNumber,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  clinicId: staff.clinicId,
  priority: staff.priority,
  menuIds: [...menuIds],
  hasPassword: staff.passwordHash !== null,
  doctor: staff.doctor === true,
});

export const toOutboxMailJson = (mail: OutboxMail): z.output<typeof outboxMailJson> => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  createdAt: isoInstant(mail.createdAt),
});
