import { useLanguage } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { formsEn } from './forms-texts.en';
import { formsJa, type FormsTexts } from './forms-texts.ja';
import { formsZhCn } from './forms-texts.zh-CN';
import type { Translated } from '../../i18n/translated';

/** All three languages in the forms chunk: together a few kilobytes, and the page switches at once. */
export const FORMS_TEXTS: Record<Language, Translated<FormsTexts>> = { ja: formsJa, en: formsEn, 'zh-CN': formsZhCn };

/** The forms texts in the language shown. */
export function useFormsTexts(): Translated<FormsTexts> {
  return FORMS_TEXTS[useLanguage()];
}

/** `{{name}}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
