import { DateTime } from 'luxon';
import { CLINIC_ZONE, type ClockPort } from './clock.port';

export const systemClock: ClockPort = { now: () => DateTime.now().setZone(CLINIC_ZONE) };

/** A clock that stays where it is put: for tests and demo data. */
export const fixedClock = (iso: string): ClockPort & { set(iso: string): void } => {
  let current = DateTime.fromISO(iso, { zone: CLINIC_ZONE });
  return {
    now: () => current,
    set: (next: string) => {
      current = DateTime.fromISO(next, { zone: CLINIC_ZONE });
    },
  };
};
