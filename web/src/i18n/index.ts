import i18next, { type TOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { jaEntry } from './ja-entry';
import type { JaResources } from './ja';

/** Every dotted key of the resources that leads to a text, e.g. `errors.http.noResponse`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<JaResources>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The app's own i18next instance (not the global default, so the ui-kit's Storybook or a test
 * can run another one beside it). Japanese only; React escapes output, so i18next must not.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'ja',
  fallbackLng: 'ja',
  supportedLngs: ['ja'],
  resources: { ja: { translation: jaEntry } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let audienceTexts: Promise<void> | undefined;

/**
 * Adds the texts of `./ja.ts` (every page but the guest pages) to the instance, once. The routes
 * outside the guest pages wait for it before they render (`AudienceLayout`); a failed download
 * is tried again on the next call.
 */
export function loadAudienceTexts(): Promise<void> {
  audienceTexts ??= import('./ja').then(
    ({ ja }) => {
      i18n.addResourceBundle('ja', 'translation', ja, true, true);
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
