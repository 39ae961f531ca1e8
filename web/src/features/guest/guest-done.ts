/**
 * What only the pages after a booking need (done, cancel, visit confirmation, waitlist offer): the
 * .ics file, the booking the booking page kept read back, and the cancel link. Apart from
 * `booking-logic.ts` so that the booking page's chunk carries none of it (web/vite.config.ts,
 * docs/benchmarks.md). No React, no fetch.
 */
import { CLINIC_ZONE, tokyoDate, tokyoTime } from '../../shared/booking';
import { DONE_STORAGE_KEY, type DoneBooking } from './booking-logic';

// ---------------------------------------------------------------- .ics

export interface IcsEvent {
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description?: string;
  /** DTSTAMP; defaults to now. */
  stamp?: Date;
}

/** `20261201T101500`: the Tokyo wall clock of an instant. */
function tokyoStamp(instant: string): string {
  return `${tokyoDate(instant).replaceAll('-', '')}T${tokyoTime(instant).replace(':', '')}00`;
}

const utcStamp = (date: Date): string => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** RFC 5545 text escaping. */
const escapeText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (UTF-8), never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar file with one event in Asia/Tokyo time (with its VTIMEZONE), CRLF line ends. */
export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//clinic-reservation//guest-booking//JA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${CLINIC_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0900',
    'TZOFFSETTO:+0900',
    'TZNAME:JST',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    `DTSTART;TZID=${CLINIC_ZONE}:${tokyoStamp(event.startsAt)}`,
    `DTEND;TZID=${CLINIC_ZONE}:${tokyoStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- the booking kept, the cancel link

export function loadDone(storage: Pick<Storage, 'getItem'>): DoneBooking | null {
  try {
    const raw = storage.getItem(DONE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DoneBooking>;
    return typeof value.id === 'string' && typeof value.startsAt === 'string' && typeof value.cancelToken === 'string' ? (value as DoneBooking) : null;
  } catch {
    return null;
  }
}

/** The guest cancel link of a booking (the same form as the mailed one). */
export const cancelPath = (token: string): string => `/guest/reserve/cancel/?token=${encodeURIComponent(token)}`;
