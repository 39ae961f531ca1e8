import type { BlockJson, ScheduleJson } from '@clinic/contract';
import type { Block, Schedule, SkipReason } from '@clinic/core';

const SKIP_MESSAGES: Readonly<Record<SkipReason, string>> = {
  HOLIDAY: '休診日のため登録しませんでした。',
  SCHEDULE_EXISTS: '同じ時間帯の勤務がすでにあるため登録しませんでした。',
};

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
