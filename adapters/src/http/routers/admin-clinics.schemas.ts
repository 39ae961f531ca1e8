import type { clinicBody } from '@clinic/contract';
import { CLINIC_DEFAULTS } from '@clinic/core';
import { z } from 'zod';

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
  reminderRules: body.reminderRules,
  waitlistHoldMinutes: body.waitlistHoldMinutes,
  noShowLimit: body.noShowLimit,
  noShowWindowDays: body.noShowWindowDays,
});
