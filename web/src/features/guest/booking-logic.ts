/**
 * The pure logic of guest booking: the Tokyo calendar of the 30-day window, slots per day, the
 * one-menu-per-clinic rule of booking links, the guest form's validation, the .ics text, and
 * what the done page keeps in sessionStorage. No React, no fetch.
 */

export interface GuestClinic {
  id: string;
  name: string;
  phone?: string;
}

export interface GuestCategory {
  id: string;
  name: string;
  displayOrder: number;
}

export interface GuestMenu {
  id: string;
  clinicId: string;
  categoryId: string;
  name: string;
  description?: string;
  displayOrder: number;
  price?: number;
  durationMinutes?: number;
  kind?: 'NEW' | 'CONTRACT' | 'INSURANCE';
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

export const CLINIC_ZONE = 'Asia/Tokyo';
/** Guests search today … today + 29 (shared/DOMAIN.md). */
export const WINDOW_DAYS = 30;

/** 渋谷 → 渋谷院 (a name already ending in 院 is kept). */
export const clinicLabel = (name: string): string => (name.endsWith('院') ? name : `${name}院`);

// ---------------------------------------------------------------- dates in Asia/Tokyo

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLINIC_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD` of an instant in Tokyo. */
export const tokyoDate = (instant: Date | string | number): string => dateParts.format(new Date(instant));
/** `HH:mm` of an instant in Tokyo. */
export const tokyoTime = (instant: Date | string | number): string => timeParts.format(new Date(instant));

/** A calendar date plus `days` (pure date arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The 30 days a guest may book: today … today + 29 in Tokyo. */
export function bookingWindow(now: Date): { from: string; to: string; days: string[] } {
  const from = tokyoDate(now);
  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(from, i));
  return { from, to: days[days.length - 1]!, days };
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

// Japanese calendar text comes from the platform's locale data (Intl), not from strings here.
const DAY = new Intl.DateTimeFormat('ja-JP', { timeZone: 'UTC', month: 'long', day: 'numeric', weekday: 'short' });
const YEAR_DAY = new Intl.DateTimeFormat('ja-JP', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
const utcDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** 2026-12-01 → 12月1日(火) */
export function dateLabel(date: string): string {
  return DAY.format(utcDate(date));
}

/** 2026-12-01T10:15:00+09:00 → 2026年12月1日(火) 10:15 */
export function dateTimeLabel(startsAt: string): string {
  return `${YEAR_DAY.format(utcDate(tokyoDate(startsAt)))} ${tokyoTime(startsAt)}`;
}

/** The slots of each Tokyo day, in time order. */
export function slotsByDay(slots: readonly Slot[]): Map<string, Slot[]> {
  const byDay = new Map<string, Slot[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const slot of sorted) {
    const day = tokyoDate(slot.startsAt);
    const list = byDay.get(day);
    if (list) list.push(slot);
    else byDay.set(day, [slot]);
  }
  return byDay;
}

// ---------------------------------------------------------------- menus

/** `menuIds=1,7` of a booking link. */
export function menuIdsOf(search: URLSearchParams): string[] {
  return (search.get('menuIds') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0)
    .slice(0, 20);
}

export type LinkMenus =
  | { ok: true; byClinic: ReadonlyMap<string, GuestMenu> }
  | { ok: false; clinicIds: string[] };

/** A booking link names at most one menu per clinic; two of one clinic is an error. */
export function oneMenuPerClinic(menus: readonly GuestMenu[]): LinkMenus {
  const byClinic = new Map<string, GuestMenu>();
  const doubled = new Set<string>();
  for (const menu of menus) {
    if (byClinic.has(menu.clinicId)) doubled.add(menu.clinicId);
    else byClinic.set(menu.clinicId, menu);
  }
  return doubled.size > 0 ? { ok: false, clinicIds: [...doubled] } : { ok: true, byClinic };
}

/** What a guest can book: contract menus (役務) need a contract, which a guest never holds. */
export const guestBookable = (menu: GuestMenu): boolean => menu.kind !== 'CONTRACT';

/** Categories in display order with their menus in display order; empty categories left out. */
export function menusByCategory(
  categories: readonly GuestCategory[],
  menus: readonly GuestMenu[],
): { category: GuestCategory; menus: GuestMenu[] }[] {
  const order = (a: { displayOrder: number }, b: { displayOrder: number }) => a.displayOrder - b.displayOrder;
  return [...categories]
    .sort(order)
    .map((category) => ({ category, menus: menus.filter((m) => m.categoryId === category.id).sort(order) }))
    .filter((group) => group.menus.length > 0);
}

// ---------------------------------------------------------------- the guest form

export interface GuestForm {
  name: string;
  kana: string;
  phone: string;
  email: string;
}
export type GuestField = keyof GuestForm;
export type FieldProblem = 'required' | 'kana' | 'phone' | 'email' | 'tooLong';
export type FormProblems = Partial<Record<GuestField, FieldProblem>>;

export const EMPTY_FORM: GuestForm = { name: '', kana: '', phone: '', email: '' };

/** The server's rules (reservations.schemas.ts), checked before sending. */
const KATAKANA = /^[\u30A0-\u30FF\u3000\s・ー]+$/;
const PHONE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Full-width ASCII (０-９, －, ＠…) as typed by Japanese keyboards → half-width. */
const halfWidth = (text: string): string =>
  text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[ー－‐―−]/g, '-');

/** Hiragana → katakana (ふりがな typed in hiragana is accepted). */
const toKatakana = (text: string): string => text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** What is sent: trimmed, kana in katakana, phone and email in half-width. */
export function normalizeForm(form: GuestForm): GuestForm {
  return {
    name: form.name.trim(),
    kana: toKatakana(form.kana.trim()),
    phone: halfWidth(form.phone.trim()).replace(/\s/g, ''),
    email: form.email.trim().replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)),
  };
}

/** The problem of each field, by the server's rules; `{}` when the form can be sent. */
export function validateForm(form: GuestForm): FormProblems {
  const f = normalizeForm(form);
  const problems: FormProblems = {};
  if (!f.name) problems.name = 'required';
  else if (f.name.length > 100) problems.name = 'tooLong';
  if (!f.kana) problems.kana = 'required';
  else if (f.kana.length > 100) problems.kana = 'tooLong';
  else if (!KATAKANA.test(f.kana)) problems.kana = 'kana';
  if (!f.phone) problems.phone = 'required';
  else if (!PHONE.test(f.phone)) problems.phone = 'phone';
  if (!f.email) problems.email = 'required';
  else if (f.email.length > 254) problems.email = 'tooLong';
  else if (!EMAIL.test(f.email)) problems.email = 'email';
  return problems;
}

export const hasProblems = (problems: FormProblems): boolean => Object.keys(problems).length > 0;

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
const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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

// ---------------------------------------------------------------- what the done page keeps

export interface DoneBooking {
  id: string;
  startsAt: string;
  endsAt: string;
  clinicName: string;
  clinicPhone: string;
  menuName: string;
  guestName: string;
  email: string;
  cancelToken: string;
}

export const DONE_STORAGE_KEY = 'guestBooking.done';

export function saveDone(storage: Pick<Storage, 'setItem'>, booking: DoneBooking): void {
  try {
    storage.setItem(DONE_STORAGE_KEY, JSON.stringify(booking));
  } catch {
    // Private mode without storage: the done page says it cannot show the booking.
  }
}

export function loadDone(storage: Pick<Storage, 'getItem'>): DoneBooking | null {
  try {
    const raw = storage.getItem(DONE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DoneBooking>;
    return typeof value.id === 'string' && typeof value.startsAt === 'string' && typeof value.cancelToken === 'string'
      ? (value as DoneBooking)
      : null;
  } catch {
    return null;
  }
}

/** The guest cancel link of a booking (the same form as the mailed one). */
export const cancelPath = (token: string): string => `/guest/reserve/cancel/?token=${encodeURIComponent(token)}`;

/** A query string that carries only the header's `title` along (never tokens). */
export function titleQuery(search: URLSearchParams): string {
  const title = search.get('title');
  return title ? `?${new URLSearchParams({ title }).toString()}` : '';
}
