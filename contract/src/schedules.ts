import { z } from 'zod';

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
