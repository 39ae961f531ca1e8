import { z } from 'zod';
import { idSchema, isoDateSchema, timeOfDaySchema } from './fields';
import { MAX_CLINIC_BREAKS, MAX_REMINDER_HOURS, MAX_REMINDER_RULES } from './rules';

/** A reminder before a visit: the day before at a time, or a number of hours before. */
export const reminderRuleJson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('DAY_BEFORE'), at: z.string() }),
  z.object({ kind: z.literal('HOURS_BEFORE'), hours: z.number() }),
]);

/** A closed day of a clinic. */
export const holidayJson = z.object({ date: z.string(), name: z.string() });

/** A clinic with its settings (staff and admin answers). */
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
  holidays: z.array(holidayJson),
  updateDeadlineHours: z.number(),
  cancelDeadlineHours: z.number(),
  minLeadMinutes: z.number(),
  /** When reminders go out before a visit (Asia/Tokyo). */
  reminderRules: z.array(reminderRuleJson),
  /** How long a waitlist offer holds its time, in minutes (docs/waitlist.md). */
  waitlistHoldMinutes: z.number(),
  /** No-shows in the window that stop online booking; null = no limit. */
  noShowLimit: z.number().nullable(),
  noShowWindowDays: z.number(),
});

/** What members and guests may see of a clinic. */
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

export type ReminderRuleJson = z.infer<typeof reminderRuleJson>;
export type HolidayJson = z.infer<typeof holidayJson>;
export type ClinicJson = z.infer<typeof clinicJson>;
export type PublicClinicJson = z.infer<typeof publicClinicJson>;

/** "The day before at HH:mm" or "N hours before"; the core checks the rest (duplicates). */
export const reminderRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('DAY_BEFORE'), at: timeOfDaySchema.refine((at) => at !== '24:00', { error: '時刻は00:00〜23:59で入力してください。' }) }),
    z.object({
      kind: z.literal('HOURS_BEFORE'),
      hours: z
        .number({ error: '時間は数値で入力してください。' })
        .int({ error: `時間は1〜${MAX_REMINDER_HOURS}の整数で入力してください。` })
        .min(1, { error: `時間は1〜${MAX_REMINDER_HOURS}の整数で入力してください。` })
        .max(MAX_REMINDER_HOURS, { error: `時間は1〜${MAX_REMINDER_HOURS}の整数で入力してください。` }),
    }),
  ],
  { error: 'リマインドの種類はDAY_BEFORE（前日）かHOURS_BEFORE（N時間前）です。' },
);

export const clinicBody = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+\-() ]*$/, { error: '電話番号は数字とハイフンで入力してください。' }),
  homepageUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable()
    .optional(),
  webBookingEnabled: z.boolean(),
  hokenCategoryId: idSchema.nullable().optional(),
  openingHours: z.array(z.object({ weekday: z.number().int().min(0).max(6), open: timeOfDaySchema, close: timeOfDaySchema })).max(7),
  /** Left out: the clinic's breaks stay as they are. weekday null = every open day. */
  breaks: z
    .array(z.object({ weekday: z.number().int().min(0).max(6).nullable(), start: timeOfDaySchema, end: timeOfDaySchema }))
    .max(MAX_CLINIC_BREAKS)
    .optional(),
  updateDeadlineHours: z.number().int().min(0).max(2160).optional(),
  cancelDeadlineHours: z.number().int().min(0).max(2160).optional(),
  minLeadMinutes: z
    .number()
    .int()
    .min(0)
    .max(2160 * 60)
    .optional(),
  /** Left out: the clinic's rules stay as they are (a new clinic: the day before at 18:00). */
  reminderRules: z
    .array(reminderRuleSchema)
    .max(MAX_REMINDER_RULES, { error: `リマインドは${MAX_REMINDER_RULES}件までです。` })
    .optional(),
  /** Left out: kept (a new clinic: 30). How long a waitlist offer holds its time, minutes. */
  waitlistHoldMinutes: z
    .number()
    .int()
    .min(1, { error: '1分以上で入力してください。' })
    .max(1440, { error: '1440分（24時間）以内で入力してください。' })
    .optional(),
  /** Left out: kept (a new clinic: null = no limit). No-shows in the window that stop online booking. */
  noShowLimit: z.number().int().min(1, { error: '1以上で入力してください。' }).max(100, { error: '100以下で入力してください。' }).nullable().optional(),
  /** Left out: kept (a new clinic: 180). */
  noShowWindowDays: z.number().int().min(1, { error: '1日以上で入力してください。' }).max(3650, { error: '3650日以内で入力してください。' }).optional(),
});

export const clinicSimpleBody = z.object({
  name: z.string().trim().min(1).max(100),
  phone: clinicBody.shape.phone,
  webBookingEnabled: z.boolean(),
});

export const holidayBody = z.object({
  date: isoDateSchema,
  name: z.string().trim().max(50).optional(),
});

export const holidayParams = z.object({ id: idSchema, date: isoDateSchema });
