import { MessageProvider, ThemeRoot } from '@clinic/ui-kit';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { i18n, useT } from '../i18n';
import { AnalyticsProvider, type Analytics } from '../shared/analytics';

function Messages({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <MessageProvider dismissLabel={t('app.close')} defaultDurationMs={5_000}>
      {children}
    </MessageProvider>
  );
}

/**
 * Everything above the router: theme, texts and the ja-JP locale, the message area (above the router so a message
 * outlives the navigation it announces) and the analytics adapter.
 */
export function AppProviders({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeRoot>
        {/* react-aria's own dates and strings in Japanese, whatever the browser's language. */}
        <I18nProvider locale="ja-JP">
          <Messages>
            <AnalyticsProvider analytics={analytics}>{children}</AnalyticsProvider>
          </Messages>
        </I18nProvider>
      </ThemeRoot>
    </I18nextProvider>
  );
}
