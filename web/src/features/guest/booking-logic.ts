/**
 * The pure logic of guest booking: the one-menu-per-clinic rule of booking links, the guest
 * form's validation, and what the done page keeps in sessionStorage (the Tokyo calendar of the
 * 30-day window is the members' too: `shared/booking`; what only the pages after a booking need
 * is in `guest-done.ts`). No React, no fetch.
 */
import type { CategoryJson, MenuJson, PublicClinicJson } from '@clinic/contract';
import { GUEST_LIMITS, isKana, isPhone, EMAIL } from '@clinic/contract/rules';
import { LOCALES, type Language } from '../../i18n/languages';

/** What guests see of clinics, categories and menus (@clinic/contract; type-only, the bundle stays as it is). */
export type GuestClinic = PublicClinicJson;
export type GuestCategory = CategoryJson;
export type GuestMenu = MenuJson;

/** 渋谷 → 渋谷院 (a name already ending in 院 is kept). */
export const clinicLabel = (name: string): string => (name.endsWith('院') ? name : `${name}院`);

/** A price in yen: 19,800円 in Japanese (the text of `yenText`), ¥19,800 elsewhere. */
export function priceLabel(price: number, language: Language, yenText: (n: string) => string): string {
  if (language === 'ja') return yenText(price.toLocaleString('ja-JP'));
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'JPY' }).format(price);
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

export type LinkMenus = { ok: true; byClinic: ReadonlyMap<string, GuestMenu> } | { ok: false; clinicIds: string[] };

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
export function menusByCategory(categories: readonly GuestCategory[], menus: readonly GuestMenu[]): { category: GuestCategory; menus: GuestMenu[] }[] {
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

// The server's rules, checked before sending: the same patterns and limits its schemas are built
// from (`@clinic/contract/rules`, plain values: no zod in the bundle).

/** Full-width ASCII (０-９, －, ＠…) as typed by Japanese keyboards → half-width. */
const halfWidth = (text: string): string => text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[ー－‐―−]/g, '-');

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

/**
 * The problem of each field, by the server's rules; `{}` when the form can be sent. Kana is asked
 * in Japanese only (docs/languages.md); the e-mail not at all in the LINE app (`email: false`).
 */
export function validateForm(form: GuestForm, language: Language = 'ja', options: { email: boolean } = { email: true }): FormProblems {
  const f = normalizeForm(form);
  const problems: FormProblems = {};
  if (!f.name) problems.name = 'required';
  else if (f.name.length > GUEST_LIMITS.name) problems.name = 'tooLong';
  if (language === 'ja') {
    if (!f.kana) problems.kana = 'required';
    else if (f.kana.length > GUEST_LIMITS.kana) problems.kana = 'tooLong';
    else if (!isKana(f.kana)) problems.kana = 'kana';
  }
  if (!f.phone) problems.phone = 'required';
  else if (!isPhone(f.phone)) problems.phone = 'phone';
  // A LINE guest is reached by LINE: no e-mail is asked (the LINE app).
  if (!options.email) return problems;
  if (!f.email) problems.email = 'required';
  else if (f.email.length > GUEST_LIMITS.email) problems.email = 'tooLong';
  else if (!EMAIL.test(f.email)) problems.email = 'email';
  return problems;
}

export const hasProblems = (problems: FormProblems): boolean => Object.keys(problems).length > 0;

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

/** A query string that carries only the header's `title` along (never tokens). */
export function titleQuery(search: URLSearchParams): string {
  const title = search.get('title');
  return title ? `?${new URLSearchParams({ title }).toString()}` : '';
}
