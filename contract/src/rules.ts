// The field rules the browser checks before sending and the server checks on arrival, as plain
// patterns and limits (no zod): the contract's schemas are built from them, and the web imports
// them at run time without bundling zod (docs/web.md, "Validation").

/** The languages of the guest and member screens (core's LANGUAGES; the HTTP adapter's mappers, typed by the schemas, keep them in step). */
export const LANGUAGES = ['ja', 'en', 'zh-CN'] as const;

/** Katakana, the long vowel mark, the middle dot and spaces (full or half width). */
export const KATAKANA = /^[\u30A0-\u30FF\u3000\s・ー]+$/;

/** A Japanese number (090-1234-5678). */
export const JAPANESE_PHONE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;
/** An international number in E.164 (+14155550123), spaces and hyphens allowed. */
export const INTERNATIONAL_PHONE = /^\+[1-9](?:[ -]?\d){6,14}$/;

/** A phone number as the guest booking and the waitlist accept it (trimmed first). */
export const isPhone = (text: string): boolean => {
  const phone = text.trim();
  return JAPANESE_PHONE.test(phone) || INTERNATIONAL_PHONE.test(phone);
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
