import { DateTime } from 'luxon';
import { type ClockPort } from './clock.port';
import { clinicZone } from './zone-offset';

export const systemClock: ClockPort = { now: () => DateTime.now().setZone(clinicZone) };

/** A clock that stays where it is put: for tests and demo data. */
export const fixedClock = (iso: string): ClockPort & { set(iso: string): void } => {
  let current = DateTime.fromISO(iso, { zone: clinicZone });
  return {
    now: () => current,
    set: (next: string) => {
      current = DateTime.fromISO(next, { zone: clinicZone });
    },
  };
};
