import { CLINIC_DEFAULTS, MAX_CLINIC_BREAKS } from '@clinic/core';
import { z } from 'zod';
import { idSchema, timeOfDaySchema } from './common.schemas';

export const clinicBody = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z.string().trim().max(30).regex(/^[0-9+\-() ]*$/, { error: '電話番号は数字とハイフンで入力してください。' }),
  homepageUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().optional(),
  webBookingEnabled: z.boolean(),
  hokenCategoryId: idSchema.nullable().optional(),
  openingHours: z
    .array(z.object({ weekday: z.number().int().min(0).max(6), open: timeOfDaySchema, close: timeOfDaySchema }))
    .max(7),
  /** Left out: the clinic's breaks stay as they are. weekday null = every open day. */
  breaks: z
    .array(z.object({ weekday: z.number().int().min(0).max(6).nullable(), start: timeOfDaySchema, end: timeOfDaySchema }))
    .max(MAX_CLINIC_BREAKS)
    .optional(),
  updateDeadlineHours: z.number().int().min(0).max(2160).optional(),
  cancelDeadlineHours: z.number().int().min(0).max(2160).optional(),
  minLeadMinutes: z.number().int().min(0).max(2160 * 60).optional(),
});

export const clinicSimpleBody = z.object({
  name: z.string().trim().min(1).max(100),
  phone: clinicBody.shape.phone,
  webBookingEnabled: z.boolean(),
});

/** A real calendar date, YYYY-MM-DD. */
export const dateSchema = z.iso.date({ error: '日付はYYYY-MM-DD形式で入力してください。' });

export const holidayBody = z.object({
  date: dateSchema,
  name: z.string().trim().max(50).optional(),
});

export const holidayParams = z.object({ id: idSchema, date: dateSchema });

export const holidayJson = z.object({ date: z.string(), name: z.string() });

export const toClinicSettings = (body: z.output<typeof clinicBody>) => ({
  name: body.name,
  phone: body.phone,
  homepageUrl: body.homepageUrl ?? null,
  webBookingEnabled: body.webBookingEnabled,
  hokenCategoryId: body.hokenCategoryId ?? null,
  openingHours: body.openingHours,
  breaks: body.breaks,
  updateDeadlineHours: body.updateDeadlineHours ?? CLINIC_DEFAULTS.updateDeadlineHours,
  cancelDeadlineHours: body.cancelDeadlineHours ?? CLINIC_DEFAULTS.cancelDeadlineHours,
  minLeadMinutes: body.minLeadMinutes ?? CLINIC_DEFAULTS.minLeadMinutes,
});
