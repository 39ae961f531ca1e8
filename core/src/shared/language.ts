import type { FieldError } from './errors';
import { fail, ok, type Result } from './result';

/**
 * The languages members and guests are served in (docs/languages.md): Japanese, the default and
 * the language of staff; English; Simplified Chinese.
 */
export const LANGUAGES = ['ja', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

/** The languages a menu or category may be translated into (Japanese is its own text). */
export const TRANSLATED_LANGUAGES = ['en', 'zh-CN'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * A language tag as a browser or client writes it, mapped to one we serve: `en`, `en-US` → en;
 * `zh`, `zh-CN`, `zh-Hans`, `zh-SG` → zh-CN (Simplified); `ja`, `ja-JP` → ja. Traditional Chinese
 * (`zh-TW`, `zh-HK`, `zh-Hant`) is not served and gives null, like any other language.
 */
export const matchLanguage = (tag: string): Language | null => {
  const lower = tag.trim().toLowerCase();
  if (lower === 'ja' || lower.startsWith('ja-')) return 'ja';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower === 'zh-cn' || lower === 'zh-sg' || lower.startsWith('zh-hans')) return 'zh-CN';
  return null;
};

/**
 * The best served language of an `Accept-Language` header by its q-values (the first listed wins
 * a tie), or null when it names none of them (absent, `*`, only other languages).
 */
export const languageOfAcceptHeader = (header: string | undefined | null): Language | null => {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const language = matchLanguage(tag);
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? null;
};

/** A menu's or category's text in one other language; empty optional texts fall back to Japanese. */
export interface TranslatedText {
  readonly name: string;
  readonly description?: string;
  readonly preVisitNote?: string;
}

export type Translations = Partial<Readonly<Record<TranslatedLanguage, TranslatedText>>>;

export const NO_TRANSLATIONS: Translations = Object.freeze({});

export interface TranslationLimits {
  readonly nameMax: number;
  readonly descriptionMax?: number;
  readonly preVisitNoteMax?: number;
}

const LANGUAGE_LABEL: Record<TranslatedLanguage, string> = { en: '英語', 'zh-CN': '中国語' };

/**
 * Trims the translations and drops a language whose name is blank and whose other texts are
 * too (an emptied form); a language with a description or note but no name is refused, as are
 * texts over the limits. Field paths are `translations.<lang>.<field>`.
 */
export const validateTranslations = (translations: Translations | undefined, limits: TranslationLimits): Result<Translations, 'VALIDATION_FAILED'> => {
  if (!translations) return ok(NO_TRANSLATIONS);
  const fields: FieldError[] = [];
  const result: Partial<Record<TranslatedLanguage, TranslatedText>> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const given = translations[language];
    if (!given) continue;
    const name = (given.name ?? '').trim();
    const description = (given.description ?? '').trim();
    const preVisitNote = (given.preVisitNote ?? '').trim();
    const label = LANGUAGE_LABEL[language];
    const path = `translations.${language}`;
    if (name.length === 0) {
      if (description.length > 0 || preVisitNote.length > 0) fields.push({ path: `${path}.name`, message: `${label}の名前を入力してください。` });
      continue;
    }
    if (name.length > limits.nameMax) fields.push({ path: `${path}.name`, message: `${label}の名前は${limits.nameMax}文字以内で入力してください。` });
    if (limits.descriptionMax !== undefined && description.length > limits.descriptionMax) {
      fields.push({ path: `${path}.description`, message: `${label}の説明は${limits.descriptionMax}文字以内で入力してください。` });
    }
    if (limits.preVisitNoteMax !== undefined && preVisitNote.length > limits.preVisitNoteMax) {
      fields.push({ path: `${path}.preVisitNote`, message: `${label}の来院前のご案内は${limits.preVisitNoteMax}文字以内で入力してください。` });
    }
    result[language] = {
      name,
      ...(limits.descriptionMax !== undefined && description ? { description } : {}),
      ...(limits.preVisitNoteMax !== undefined && preVisitNote ? { preVisitNote } : {}),
    };
  }
  if (fields.length > 0) return fail('VALIDATION_FAILED', { fields });
  return ok(result);
};

/**
 * The texts of a menu or category in a language: each text of the translation when it has one,
 * else the Japanese text (a translated name without a description shows the Japanese
 * description). Japanese returns the texts unchanged.
 */
export const localizeTexts = <T extends { readonly name: string; readonly description?: string; readonly preVisitNote?: string }>(
  texts: T,
  translations: Translations | undefined,
  language: Language,
): T => {
  if (language === 'ja') return texts;
  const translation = translations?.[language];
  if (!translation) return texts;
  return {
    ...texts,
    name: translation.name || texts.name,
    ...(texts.description !== undefined ? { description: translation.description || texts.description } : {}),
    ...(texts.preVisitNote !== undefined ? { preVisitNote: translation.preVisitNote || texts.preVisitNote } : {}),
  };
};

/**
 * The languages a menu or category lacks for staff to see: a language without a name, or
 * (menus) with a Japanese description or pre-visit note but none in that language.
 */
export const missingTranslations = (
  texts: { readonly description?: string; readonly preVisitNote?: string },
  translations: Translations | undefined,
): TranslatedLanguage[] =>
  TRANSLATED_LANGUAGES.filter((language) => {
    const translation = translations?.[language];
    if (!translation?.name) return true;
    if (texts.description && !translation.description) return true;
    if (texts.preVisitNote && !translation.preVisitNote) return true;
    return false;
  });
