import type { Translate } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage, type Translations } from '../shared/types';

/**
 * The English and Chinese texts of a menu or category as the admin forms edit them
 * (docs/languages.md): plain strings, blank = not translated (guests see the Japanese).
 */
export interface TranslationForm {
  name: string;
  description: string;
  preVisitNote: string;
}

export type TranslationsForm = Record<TranslatedLanguage, TranslationForm>;

export const TRANSLATION_NAME_MAX = { menu: 100, category: 50 } as const;

/** The i18n key part of a language (`zh-CN` is no key). */
export const LANGUAGE_KEY = { en: 'en', 'zh-CN': 'zhCN' } as const satisfies Record<TranslatedLanguage, string>;

const blank = (): TranslationForm => ({ name: '', description: '', preVisitNote: '' });

export const emptyTranslationsForm = (): TranslationsForm => ({ en: blank(), 'zh-CN': blank() });

export const translationsToForm = (translations: Translations | undefined): TranslationsForm => {
  const form = emptyTranslationsForm();
  for (const language of TRANSLATED_LANGUAGES) {
    const text = translations?.[language];
    if (text) form[language] = { name: text.name ?? '', description: text.description ?? '', preVisitNote: text.preVisitNote ?? '' };
  }
  return form;
};

/** The label of a translated field, e.g. 英語の名称, 中国語（簡体字）の来院前のご案内. */
export const translationLabel = (t: Translate, language: TranslatedLanguage, field: keyof TranslationForm): string =>
  t(`adminSetup.translations.${LANGUAGE_KEY[language]}.${field}`);

/**
 * What the form refuses before sending (the server says the same): a description or note
 * without a name in that language, and texts over the limits. Keys `translations.<lang>.<field>`
 * like the server's field paths.
 */
export function validateTranslationsForm(form: TranslationsForm, t: Translate, kind: 'menu' | 'category', preVisitNoteMax = 500): FieldErrors {
  const errors: FieldErrors = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const text = form[language];
    const key = `translations.${language}`;
    const name = text.name.trim();
    if (!name && kind === 'menu' && (text.description.trim() || text.preVisitNote.trim())) {
      errors[`${key}.name`] = t('adminSetup.translations.nameNeeded', { field: translationLabel(t, language, 'name') });
    }
    if (name.length > TRANSLATION_NAME_MAX[kind])
      errors[`${key}.name`] = t('adminSetup.translations.tooLong', { field: translationLabel(t, language, 'name'), max: TRANSLATION_NAME_MAX[kind] });
    if (kind === 'menu' && text.preVisitNote.trim().length > preVisitNoteMax) {
      errors[`${key}.preVisitNote`] = t('adminSetup.translations.tooLong', { field: translationLabel(t, language, 'preVisitNote'), max: preVisitNoteMax });
    }
  }
  return errors;
}

/**
 * The `translations` of a request body: every language, trimmed; a blank name removes that
 * language (the server drops it), so emptying the fields deletes a translation. Categories: names only.
 */
export function translationsBody(form: TranslationsForm, kind: 'menu'): Record<TranslatedLanguage, { name: string; description: string; preVisitNote: string }>;
export function translationsBody(form: TranslationsForm, kind: 'category'): Record<TranslatedLanguage, { name: string }>;
export function translationsBody(form: TranslationsForm, kind: 'menu' | 'category') {
  const entries = TRANSLATED_LANGUAGES.map((language) => {
    const text = form[language];
    return [
      language,
      kind === 'menu' ? { name: text.name.trim(), description: text.description.trim(), preVisitNote: text.preVisitNote.trim() } : { name: text.name.trim() },
    ] as const;
  });
  return Object.fromEntries(entries);
}

/**
 * What the staff list marks on a menu or category: `missing`, the languages without a name
 * (guests see the Japanese name); `partial`, languages with a name but without a description or
 * 来院前のご案内 the Japanese menu has (the server's `missingTranslations`).
 */
export function translationGaps(item: { translations?: Translations; missingTranslations?: readonly TranslatedLanguage[] }): {
  missing: TranslatedLanguage[];
  partial: TranslatedLanguage[];
} {
  const missing = TRANSLATED_LANGUAGES.filter((language) => !item.translations?.[language]?.name?.trim());
  const partial = (item.missingTranslations ?? []).filter((language) => !missing.includes(language));
  return { missing, partial };
}

/** 英語・中国語 */
export const languageList = (t: Translate, languages: readonly TranslatedLanguage[]): string =>
  languages.map((language) => t(`adminSetup.translations.${LANGUAGE_KEY[language]}.short`)).join(t('adminSetup.translations.separator'));
