import { useLayoutEffect, type ReactNode } from 'react';
import { GlobalStyle } from './GlobalStyle';

export type ThemeName = 'primary' | 'secondary';

export interface ThemeRootProps {
  children?: ReactNode;
  /** `secondary` switches the brand colour (e.g. staff viewing another clinic). */
  theme?: ThemeName;
}

/** Renders the global CSS variables and base styles, then its children. */
export function ThemeRoot({ children, theme = 'primary' }: ThemeRootProps) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (theme !== 'secondary') return undefined;
    root.dataset['theme'] = 'secondary';
    return () => {
      delete root.dataset['theme'];
    };
  }, [theme]);
  return (
    <>
      <GlobalStyle />
      {children}
    </>
  );
}
