import { DateTime } from 'luxon';
import { clinicZone } from '../../shared/zone-offset';
import type { FieldError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { SLOT_MINUTES } from '../../shared/time-of-day';
import { instantOn, type Schedule } from './schedule.entity';

export const BLOCK_RESOURCE_TYPES = ['STAFF', 'ROOM', 'MACHINE'] as const;
export type BlockResourceType = (typeof BLOCK_RESOURCE_TYPES)[number];

/** A time in which a staff member, room or machine takes no bookings (予約ブロック). */
export interface Block {
  readonly id: string;
  readonly clinicId: string;
  readonly resourceType: BlockResourceType;
  readonly resourceId: string;
  /** ISO 8601 with offset, Asia/Tokyo. */
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string;
}

export type NewBlock = Omit<Block, 'id'>;

/** The longest block: a staff member's leave or a machine's maintenance of a few weeks. */
export const BLOCK_MAX_DAYS = 92;

const parseInstant = (text: string, path: string, fields: FieldError[]): DateTime | null => {
  const at = DateTime.fromISO(text, { setZone: true });
  if (!at.isValid || !/(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    fields.push({ path, message: '日時はISO 8601形式（時差付き）で入力してください。' });
    return null;
  }
  const local = at.setZone(clinicZone);
  if (local.minute % SLOT_MINUTES !== 0 || local.second !== 0 || local.millisecond !== 0) {
    fields.push({ path, message: '15分単位で入力してください。' });
    return null;
  }
  return local;
};

/** Checks a block's times (15-minute grid, start before end, not longer than 92 days) and normalises them to Asia/Tokyo. */
export const validateBlockTimes = (startsAt: string, endsAt: string): Result<{ startsAt: string; endsAt: string }, 'VALIDATION_FAILED'> => {
  const fields: FieldError[] = [];
  const start = parseInstant(startsAt, 'startsAt', fields);
  const end = parseInstant(endsAt, 'endsAt', fields);
  if (start && end && end <= start) fields.push({ path: 'endsAt', message: '終了日時は開始日時より後にしてください。' });
  if (start && end && end.diff(start, 'days').days > BLOCK_MAX_DAYS) {
    fields.push({ path: 'endsAt', message: `ブロックは${BLOCK_MAX_DAYS}日以内で設定してください。` });
  }
  if (fields.length > 0 || !start || !end) return fail('VALIDATION_FAILED', { fields });
  return ok({ startsAt: start.toISO({ suppressMilliseconds: true })!, endsAt: end.toISO({ suppressMilliseconds: true })! });
};

/** Whether the time from `startsAt` to `endsAt` overlaps a break of one of the schedules. */
export const overlapsBreak = (startsAt: string, endsAt: string, schedules: readonly Schedule[]): boolean => {
  const from = DateTime.fromISO(startsAt).toMillis();
  const to = DateTime.fromISO(endsAt).toMillis();
  return schedules.some((schedule) =>
    schedule.breaks.some((pause) => {
      const breakFrom = DateTime.fromISO(instantOn(schedule.date, minutesOf(pause.start))).toMillis();
      const breakTo = DateTime.fromISO(instantOn(schedule.date, minutesOf(pause.end))).toMillis();
      return from < breakTo && breakFrom < to;
    }),
  );
};

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
