/**
 * The languages of the guest, member and top pages (docs/languages.md). Staff and admin screens
 * are always Japanese. Kept small: this module is in the entry chunk of the guest booking page.
 */
export const LANGUAGES = ['ja', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own name, for the switch (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { ja: '日本語', en: 'English', 'zh-CN': '简体中文' };

/** The BCP 47 locale of dates, times and prices (Intl). */
export const LOCALES: Record<Language, string> = { ja: 'ja-JP', en: 'en-US', 'zh-CN': 'zh-CN' };

export const LANGUAGE_STORAGE_KEY = 'clinic.language';

export const isLanguageTag = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** A tag as browsers and links write it → a served language, or null (`zh-TW` is not served). */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const lower = (tag ?? '').trim().toLowerCase();
  if (/^ja(-|$)/.test(lower)) return 'ja';
  if (/^en(-|$)/.test(lower)) return 'en';
  if (/^zh(-cn|-sg|-hans.*)?$/.test(lower)) return 'zh-CN';
  return null;
}

interface Sources {
  readonly search: string;
  readonly stored: string | null;
  readonly browser: readonly string[];
}

/** `?lang=`, then the saved choice, then the browser's languages in order, then Japanese. */
export function preferredLanguage({ search, stored, browser }: Sources): Language {
  const asked = matchLanguage(new URLSearchParams(search).get('lang'));
  if (asked) return asked;
  const saved = matchLanguage(stored);
  if (saved) return saved;
  for (const tag of browser) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return 'ja';
}

const readStored = (): string | null => {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** The preferred language of this browser now (`window` absent, as in some tests: Japanese). */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return 'ja';
  return preferredLanguage({ search: window.location.search, stored: readStored(), browser: navigator.languages ?? [navigator.language] });
}

/** Keeps the choice for the next visit (private mode may refuse: the choice then lasts the visit). */
export function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* not kept */
  }
}
