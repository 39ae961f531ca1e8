import { I18nProvider } from 'react-aria-components';
import { Outlet } from 'react-router-dom';
import { useLanguage } from '../i18n';
import { LOCALES } from '../i18n/languages';

/**
 * Around every route but the guest pages: react-aria's own dates and strings in Japanese,
 * whatever the browser's language. Loaded lazily with the texts of those pages
 * (`loadAudienceTexts`), so that the guest booking page loads neither react-aria nor those texts
 * (docs/benchmarks.md, "Guest booking page budget").
 */
export function AudienceLayout() {
  // Japanese on staff screens (RootLayout shows Japanese there); the visitor's language elsewhere.
  const language = useLanguage();
  return (
    <I18nProvider locale={LOCALES[language]}>
      <Outlet />
    </I18nProvider>
  );
}
