import { clinicZone } from '@clinic/core';
import { DateTime } from 'luxon';

/** A timestamptz as the drivers give it (a Date, or text) → ISO 8601 in Asia/Tokyo, to the second. */
export const toClinicIso = (value: Date | string): string => {
  const parsed = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value.replace(' ', 'T'), { setZone: true });
  const at = parsed.isValid ? parsed : DateTime.fromSQL(String(value), { setZone: true });
  return at.setZone(clinicZone).startOf('second').toISO({ suppressMilliseconds: true })!;
};
