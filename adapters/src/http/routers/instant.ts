import { CLINIC_ZONE } from '@clinic/core';
import { DateTime } from 'luxon';
import { z } from 'zod';

const offsets = new Map<number, number>();

/**
 * `2026-12-01T10:15:00+09:00` for an instant in the clinics' zone. The zone's offset comes from
 * luxon (cached per hour); the text is then assembled directly, because a search answers hundreds
 * of start times and formatting each through luxon would cost more than finding them.
 */
export const formatInstant = (ms: number, zone: string = CLINIC_ZONE): string => {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = DateTime.fromMillis(ms, { zone }).offset;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** An ISO 8601 instant with its offset, read as epoch milliseconds. */
export const instantSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, {
    error: '日時はオフセット付きのISO 8601形式（例: 2026-12-01T10:15:00+09:00）で入力してください。',
  })
  .transform((value, ctx) => {
    const parsed = DateTime.fromISO(value, { setZone: true });
    if (!parsed.isValid) {
      ctx.addIssue({ code: 'custom', message: '存在しない日時です。' });
      return z.NEVER;
    }
    return parsed.toMillis();
  });

export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日付はYYYY-MM-DD形式で入力してください。' })
  .refine((value) => DateTime.fromISO(value).isValid, { error: '存在しない日付です。' });
