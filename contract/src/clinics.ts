import { z } from 'zod';

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
