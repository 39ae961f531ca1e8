// The field rules the browser checks before sending and the server checks on arrival, as plain
// patterns and limits (no zod): the contract's schemas are built from them, and the web imports
// them at run time without bundling zod (docs/web.md, "Validation").

/** The languages of the guest and member screens (core's LANGUAGES; the HTTP adapter's mappers, typed by the schemas, keep them in step). */
export const LANGUAGES = ['ja', 'en', 'zh-CN'] as const;

// The access log's lists (plain values: the access log screen names each one).
// The same lists as the core's `ACCESS_ACTIONS` and `ACCESS_OUTCOMES` (adapters/src/http/contract-rules.test.ts keeps them equal).
export const ACCESS_ACTIONS = ['view', 'list', 'search', 'create', 'update', 'delete', 'export', 'login'] as const;
export const ACCESS_OUTCOMES = ['ok', 'refused', 'not_found', 'invalid', 'error', 'failed'] as const;
/**
 * What a staff access record is about (its `resource`): the `audit.resource` of a route in the HTTP
 * adapter's table (typed by this list), `route` for a refused staff route without one, `staff` for a
 * staff login. The access log screen has a Japanese name for each.
 */
export const ACCESS_RESOURCES = [
  'member',
  'contract',
  'registration_token',
  'reservation',
  'reservation_history',
  'check_item',
  'message',
  'formResponse',
  'mail_outbox',
  'audit_log',
  'route',
  'staff',
] as const;
export type AccessResource = (typeof ACCESS_RESOURCES)[number];

/** Katakana, the long vowel mark, the middle dot and spaces (full or half width). */
export const KATAKANA = /^[\u30A0-\u30FF\u3000\s・ー]+$/;

/**
 * A phone number as the guest booking and the waitlist accept it, in any spelling people write
 * (issue 26): NFKC first (full-width digits and `＋`), then spaces, hyphens and brackets allowed.
 * A Japanese number is 0 and 5 to 10 more digits (090-1234-5678, 03-1234-5678, 0120-123-456); an
 * international one is `+` and 7 to 15 digits (+14155550123, +81 90-1234-5678, +81 (0)90 1234 5678).
 * Every rule compares the number by core's `phoneKey` (E.164).
 */
export const isPhone = (text: string): boolean => {
  const phone = text.normalize('NFKC').trim();
  if (!/^\+?[0-9 \-()]+$/.test(phone)) return false;
  const digits = phone.replace(/[^0-9]/g, '');
  if (phone.startsWith('+')) return /^[1-9]\d{6,14}$/.test(digits.startsWith('810') ? `81${digits.slice(3)}` : digits);
  return /^0\d{5,10}$/.test(digits);
};

/** Kana as the guest forms accept it (trimmed first): empty, or katakana only. */
export const isKana = (text: string): boolean => {
  const kana = text.trim();
  return kana === '' || KATAKANA.test(kana);
};

/** An e-mail address, as zod's `z.email()` checks it by default (the guest schemas pass it as their pattern). */
export const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Lengths of the guest's fields. */
export const GUEST_LIMITS = { name: 100, kana: 100, email: 254, campaign: 100 } as const;

/** A staff password's length (core's staff-account rules). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** A clinic's breaks and reminders (core's clinic and reminder rules). */
export const MAX_CLINIC_BREAKS = 20;
export const MAX_REMINDER_RULES = 3;
export const MAX_REMINDER_HOURS = 72;

/** A menu's limits (core's MENU_RULES). */
export const MENU_RULES = {
  nameMax: 100,
  descriptionMax: 2000,
  preVisitNoteMax: 500,
  labelMax: 50,
  minTasks: 1,
  maxTasks: 10,
  minTaskMinutes: 15,
  maxTaskMinutes: 720,
  maxPrice: 10_000_000,
} as const;

/** Names and display orders of categories, rooms and machines (core's facility and category rules). */
export const CATEGORY_NAME_MAX = 50;
export const FACILITY_NAME_MAX = 50;
export const DISPLAY_ORDER_MAX = 9999;

/** The limits of forms, their items and answers (core's FORM_RULES, without its key pattern). */
export const FORM_RULES = {
  titleMax: 100,
  maxItems: 100,
  labelMax: 500,
  maxOptions: 50,
  optionValueMax: 100,
  bodyMax: 20_000,
  textAnswerMax: 2000,
  menuFormsMax: 20,
} as const;

/** A drawn signature's data URL, at most (core's SIGNATURE_IMAGE_MAX). */
export const SIGNATURE_IMAGE_MAX = 150_000;

/** A member's password's length (core's member rules). */
export const MEMBER_PASSWORD_MIN = 10;
export const MEMBER_PASSWORD_MAX = 128;
