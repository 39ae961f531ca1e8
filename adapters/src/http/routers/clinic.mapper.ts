import type { ClinicJson, PublicClinicJson } from '@clinic/contract';
import type { Clinic } from '@clinic/core';

const breaksJson = (clinic: Clinic) => clinic.breaks.map((entry) => ({ id: entry.id, weekday: entry.weekday, start: entry.start, end: entry.end }));
const holidaysJson = (clinic: Clinic) => clinic.holidays.map((holiday) => ({ date: holiday.date, name: holiday.name }));

export const toClinicJson = (clinic: Clinic): ClinicJson => ({
  id: clinic.id,
  name: clinic.name,
  phone: clinic.phone,
  homepageUrl: clinic.homepageUrl,
  webBookingEnabled: clinic.webBookingEnabled,
  hokenCategoryId: clinic.hokenCategoryId,
  openingHours: clinic.openingHours.map((hours) => ({ ...hours })),
  breaks: breaksJson(clinic),
  holidays: holidaysJson(clinic),
  updateDeadlineHours: clinic.updateDeadlineHours,
  cancelDeadlineHours: clinic.cancelDeadlineHours,
  minLeadMinutes: clinic.minLeadMinutes,
  reminderRules: clinic.reminderRules.map((rule) => ({ ...rule })),
  waitlistHoldMinutes: clinic.waitlistHoldMinutes,
  noShowLimit: clinic.noShowLimit,
  noShowWindowDays: clinic.noShowWindowDays,
});

/** What members and guests may see of a clinic. */
export const toPublicClinicJson = (clinic: Clinic): PublicClinicJson => ({
  id: clinic.id,
  name: clinic.name,
  phone: clinic.phone,
  homepageUrl: clinic.homepageUrl,
  webBookingEnabled: clinic.webBookingEnabled,
  hokenCategoryId: clinic.hokenCategoryId,
  openingHours: clinic.openingHours.map((hours) => ({ ...hours })),
  breaks: breaksJson(clinic),
  holidays: holidaysJson(clinic),
});
