import type { BlockJson, ScheduleJson } from '@clinic/contract';
import { BLOCK_RESOURCE_TYPES, type Block, type Schedule, type SkipReason } from '@clinic/core';
import { z } from 'zod';
import { idSchema, timeOfDaySchema } from './common.schemas';

export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日付はYYYY-MM-DD形式で入力してください。' });

const breakSchema = z.object({ start: timeOfDaySchema, end: timeOfDaySchema });

// The answers' schemas are shared with the web app (its types come from them).
export { blockJson, scheduleJson, weeklyOutcomeJson } from '@clinic/contract';

export const rangeQuery = z.object({ clinicId: idSchema, from: dateSchema, to: dateSchema });

export const scheduleBody = z.object({
  staffId: idSchema,
  date: dateSchema,
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  breaks: z.array(breakSchema).max(10).default([]),
  categoryId: idSchema.nullable().optional(),
});

export const weeklyScheduleBody = z.object({
  staffId: idSchema,
  from: dateSchema,
  to: dateSchema,
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  breaks: z.array(breakSchema).max(10).default([]),
  categoryId: idSchema.nullable().optional(),
  skipHolidays: z.boolean().optional(),
});

const SKIP_MESSAGES: Readonly<Record<SkipReason, string>> = {
  HOLIDAY: '休診日のため登録しませんでした。',
  SCHEDULE_EXISTS: '同じ時間帯の勤務がすでにあるため登録しませんでした。',
};

export const blockBody = z.object({
  resourceType: z.enum(BLOCK_RESOURCE_TYPES),
  resourceId: idSchema,
  startsAt: z.string().min(1).max(40),
  endsAt: z.string().min(1).max(40),
  reason: z.string().max(200).optional(),
});

export const toScheduleJson = (schedule: Schedule): ScheduleJson => ({
  id: schedule.id,
  clinicId: schedule.clinicId,
  staffId: schedule.staffId,
  date: schedule.date,
  start: schedule.start,
  end: schedule.end,
  breaks: schedule.breaks.map((pause) => ({ start: pause.start, end: pause.end })),
  categoryId: schedule.categoryId,
});

export const toBlockJson = (block: Block): BlockJson => ({ ...block });

export const skippedJson = (skipped: readonly { date: string; reason: SkipReason }[]) =>
  skipped.map((entry) => ({ ...entry, message: SKIP_MESSAGES[entry.reason] }));
