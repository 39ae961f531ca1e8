import i18next, { type TOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { jaEntry } from './ja-entry';
import type { JaResources } from './ja';
import { detectLanguage, saveLanguage, type Language } from './languages';

/** Every dotted key of the resources that leads to a text, e.g. `errors.http.noResponse`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<JaResources>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The app's own i18next instance (not the global default, so the ui-kit's Storybook or a test
 * can run another one beside it). Japanese is bundled; English and Chinese are loaded when
 * chosen (docs/languages.md), and a key they lack shows the Japanese text. React escapes
 * output, so i18next must not.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'ja',
  fallbackLng: 'ja',
  supportedLngs: ['ja', 'en', 'zh-CN'],
  // Copies: i18next merges later bundles into the stored object, and the modules' texts stay as written.
  resources: { ja: { translation: structuredClone(jaEntry) } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let audienceTexts: Promise<void> | undefined;
let audienceLoaded = false;
const loadedTexts = new Set<string>();

/** The other languages' texts, each its own chunk: a Japanese visitor downloads none of them. */
const ENTRY_TEXTS = {
  en: () => import('./en-entry').then((m) => m.enEntry),
  'zh-CN': () => import('./zh-CN-entry').then((m) => m.zhCnEntry),
};
const AUDIENCE_TEXTS = {
  en: () => import('./en').then((m) => m.en),
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCn),
};

async function loadTexts(language: Language): Promise<void> {
  if (language === 'ja') return;
  const parts: [string, () => Promise<object>][] = [[`${language}:entry`, ENTRY_TEXTS[language]]];
  if (audienceLoaded) parts.push([`${language}:audience`, AUDIENCE_TEXTS[language]]);
  await Promise.all(
    parts
      .filter(([key]) => !loadedTexts.has(key))
      .map(async ([key, load]) => {
        i18n.addResourceBundle(language, 'translation', structuredClone(await load()), true, true);
        loadedTexts.add(key);
      }),
  );
}

/** The language of the guest, member and top pages: `?lang=`, saved choice, browser (set by `startLanguage`). */
let preferred: Language = 'ja';
/** The language being shown or about to be (`showLanguage` sets it before loading its texts). */
let target: Language = 'ja';
export const preferredLanguage = (): Language => preferred;

/** The language shown now. */
export const currentLanguage = (): Language => (i18n.language as Language) || 'ja';

/** Shows `language` (its texts loaded first) and sets `<html lang>`; not saved. */
export async function showLanguage(language: Language): Promise<void> {
  // Set first: the other audiences' texts may arrive meanwhile and must come in this language too.
  target = language;
  await loadTexts(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The person's choice: shown and kept for the next visit. */
export function chooseLanguage(language: Language): Promise<void> {
  preferred = language;
  saveLanguage(language);
  return showLanguage(language);
}

/** Staff and admin screens are Japanese whatever was chosen on the others. */
export const isJapaneseOnlyPath = (pathname: string): boolean => /^\/(staff|admin)(\/|$)/.test(pathname);

/**
 * At start-up (main.tsx): the preferred language of this browser, shown before the first render
 * unless the page is a staff or admin one.
 */
export function startLanguage(pathname: string): Promise<void> {
  preferred = detectLanguage();
  return showLanguage(isJapaneseOnlyPath(pathname) ? 'ja' : preferred).catch(() => undefined);
}

/** The language shown, re-rendering on a change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation(undefined, { i18n });
  return (instance.language as Language) || 'ja';
}

/**
 * Adds the texts of `./ja.ts` (every page but the guest pages) to the instance, once. The routes
 * outside the guest pages wait for it before they render (`AudienceLayout`); a failed download
 * is tried again on the next call.
 */
export function loadAudienceTexts(): Promise<void> {
  audienceTexts ??= import('./ja').then(
    async ({ ja }) => {
      i18n.addResourceBundle('ja', 'translation', structuredClone(ja), true, true);
      audienceLoaded = true;
      await loadTexts(target);
    },
    (error: unknown) => {
      audienceTexts = undefined;
      throw error;
    },
  );
  return audienceTexts;
}

/** Translation outside React (the HTTP client, tests). */
export const translate: Translate = (key, values) => i18n.t(key, values as TOptions);

/** Translation inside React, typed by the resource keys. */
export function useT(): Translate {
  const { t } = useTranslation(undefined, { i18n });
  return useCallback<Translate>((key, values) => t(key, values as TOptions), [t]);
}
