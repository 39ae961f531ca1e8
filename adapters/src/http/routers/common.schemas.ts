import { z } from 'zod';

/** Ids are strings of digits (bigint identities). */
export const idSchema = z.string().regex(/^\d{1,18}$/, { error: 'IDの形式が正しくありません。' });
export const idParams = z.object({ id: idSchema });

export const timeOfDaySchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: '時刻はHH:mm形式で入力してください。' });

export const clinicJson = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  homepageUrl: z.string().nullable(),
  webBookingEnabled: z.boolean(),
  hokenCategoryId: z.string().nullable(),
  openingHours: z.array(z.object({ weekday: z.number(), open: z.string(), close: z.string() })),
  /** weekday null = every open day. */
  breaks: z.array(z.object({ id: z.string(), weekday: z.number().nullable(), start: z.string(), end: z.string() })),
  /** From today (Asia/Tokyo) on, by date. */
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  updateDeadlineHours: z.number(),
  cancelDeadlineHours: z.number(),
  minLeadMinutes: z.number(),
  /** When reminders go out before a visit (Asia/Tokyo). */
  reminderRules: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('DAY_BEFORE'), at: z.string() }),
      z.object({ kind: z.literal('HOURS_BEFORE'), hours: z.number() }),
    ]),
  ),
  /** How long a waitlist offer holds its time, in minutes (docs/waitlist.md). */
  waitlistHoldMinutes: z.number(),
  /** No-shows in the window that stop online booking; null = no limit. */
  noShowLimit: z.number().nullable(),
  noShowWindowDays: z.number(),
});

export const publicClinicJson = clinicJson.pick({
  id: true,
  name: true,
  phone: true,
  homepageUrl: true,
  webBookingEnabled: true,
  hokenCategoryId: true,
  openingHours: true,
  breaks: true,
  holidays: true,
});
