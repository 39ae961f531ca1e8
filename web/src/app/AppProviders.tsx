import { MessageProvider, ThemeRoot, type MessageTimer } from '@clinic/ui-kit';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useT } from '../i18n';
import { AnalyticsProvider, type Analytics } from '../shared/analytics';

function Messages({ children, timer }: { children: ReactNode; timer?: MessageTimer }) {
  const t = useT();
  return (
    <MessageProvider dismissLabel={t('app.close')} defaultDurationMs={5_000} {...(timer ? { timer } : {})}>
      {children}
    </MessageProvider>
  );
}

/**
 * Everything above the router: theme, texts, the message area (above the router so a message
 * outlives the navigation it announces) and the analytics adapter. react-aria's ja-JP locale is
 * set by `AudienceLayout`, around every route but the guest pages, which load without react-aria
 * (docs/benchmarks.md, "Guest booking page budget").
 */
export function AppProviders({ analytics, children, messageTimer }: { analytics: Analytics; children: ReactNode; messageTimer?: MessageTimer }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeRoot>
        <Messages {...(messageTimer ? { timer: messageTimer } : {})}>
          <AnalyticsProvider analytics={analytics}>{children}</AnalyticsProvider>
        </Messages>
      </ThemeRoot>
    </I18nextProvider>
  );
}
