import type { outboxMailJson, StaffJson } from '@clinic/contract';
import { clinicZone, type OutboxMail, type Staff } from '@clinic/core';
import { DateTime } from 'luxon';
import { z } from 'zod';

/** An instant as the API speaks it: ISO 8601 with the Asia/Tokyo offset. */
export const isoInstant = (at: Date): string => DateTime.fromJSDate(at).setZone(clinicZone).toISO({ suppressMilliseconds: true })!;

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
