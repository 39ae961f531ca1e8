import { z } from 'zod';
import { idSchema, timeOfDaySchema } from './fields';

// The same lists as the core's (`BLOCK_RESOURCE_TYPES`, `SkipReason`): contract depends on zod only,
// and the HTTP adapter's mappers are typed by these schemas, so the compiler keeps them in step.
export const BLOCK_RESOURCE_TYPES = ['STAFF', 'ROOM', 'MACHINE'] as const;
export const SCHEDULE_SKIP_REASONS = ['HOLIDAY', 'SCHEDULE_EXISTS'] as const;

/** A staff member's shift on one day, with its breaks. */
export const scheduleJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  staffId: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
  categoryId: z.string().nullable(),
});

/** What a weekly registration did: how many shifts it made, and the days it skipped and why. */
export const weeklyOutcomeJson = z.object({
  created: z.number(),
  skipped: z.array(z.object({ date: z.string(), reason: z.enum(SCHEDULE_SKIP_REASONS), message: z.string() })),
});

/** A time a staff member, room or machine cannot be booked. */
export const blockJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  resourceType: z.enum(BLOCK_RESOURCE_TYPES),
  resourceId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
});

export type BlockResourceType = (typeof BLOCK_RESOURCE_TYPES)[number];
export type ScheduleSkipReason = (typeof SCHEDULE_SKIP_REASONS)[number];
export type ScheduleJson = z.infer<typeof scheduleJson>;
export type WeeklyOutcomeJson = z.infer<typeof weeklyOutcomeJson>;
export type BlockJson = z.infer<typeof blockJson>;

// Requests.

/** A day as the schedules' requests name it (`validateDateRange` checks that it exists). */
export const scheduleDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日付はYYYY-MM-DD形式で入力してください。' });

const breakSchema = z.object({ start: timeOfDaySchema, end: timeOfDaySchema });

export const rangeQuery = z.object({ clinicId: idSchema, from: scheduleDateSchema, to: scheduleDateSchema });

export const scheduleBody = z.object({
  staffId: idSchema,
  date: scheduleDateSchema,
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  breaks: z.array(breakSchema).max(10).default([]),
  categoryId: idSchema.nullable().optional(),
});

export const weeklyScheduleBody = z.object({
  staffId: idSchema,
  from: scheduleDateSchema,
  to: scheduleDateSchema,
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  breaks: z.array(breakSchema).max(10).default([]),
  categoryId: idSchema.nullable().optional(),
  skipHolidays: z.boolean().optional(),
});

export const blockBody = z.object({
  resourceType: z.enum(BLOCK_RESOURCE_TYPES),
  resourceId: idSchema,
  startsAt: z.string().min(1).max(40),
  endsAt: z.string().min(1).max(40),
  reason: z.string().max(200).optional(),
});
