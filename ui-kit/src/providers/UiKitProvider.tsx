import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { ThemeRoot, type ThemeName } from '../tokens/ThemeRoot';
import { MessageProvider } from '../components/Messages/MessageProvider';

export interface UiKitProviderProps {
  children?: ReactNode;
  theme?: ThemeName;
  /** react-aria locale: date formats, calendar weekdays and its built-in strings. */
  locale?: string;
}

/** Everything the kit expects around an app: theme variables, ja-JP locale, messages. */
export function UiKitProvider({ children, theme = 'primary', locale = 'ja-JP' }: UiKitProviderProps) {
  return (
    <ThemeRoot theme={theme}>
      <I18nProvider locale={locale}>
        <MessageProvider>{children}</MessageProvider>
      </I18nProvider>
    </ThemeRoot>
  );
}
