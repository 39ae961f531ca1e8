import { useEffect } from 'react';
import { ScrollRestoration, useLocation, type Location } from 'react-router-dom';
import { isJapaneseOnlyPath, preferredLanguage, showLanguage } from '../i18n';
import { PageViewTracker } from '../shared/analytics';
import { HttpProvider } from '../shared/api/HttpContext';
import { FadeOutlet } from '../shared/ui/FadeOutlet';
import { SkipLink } from '../shared/ui/SkipLink';

/** The layout group of a path: pages inside one layout share the layout's own fade. */
export function layoutGroupOf(location: Location): string {
  const path = location.pathname;
  if (/^\/(staff|admin)\/(?!login|password)/.test(path)) return 'staff';
  if (path.startsWith('/user/mypage/') && !path.startsWith('/user/mypage/logout')) return 'mypage';
  if (path.startsWith('/guest/')) return 'guest';
  return path;
}

/** The root route: HTTP client bound to the router, one page view per route change, fades. */
export function RootLayout({ fetch }: { fetch?: typeof globalThis.fetch }) {
  // Staff and admin screens are Japanese; the others show the visitor's language.
  const { pathname } = useLocation();
  const japaneseOnly = isJapaneseOnlyPath(pathname);
  useEffect(() => {
    void showLanguage(japaneseOnly ? 'ja' : preferredLanguage()).catch(() => undefined);
  }, [japaneseOnly]);
  return (
    <HttpProvider fetch={fetch}>
      <PageViewTracker />
      <SkipLink />
      <FadeOutlet keyOf={layoutGroupOf} />
      <ScrollRestoration />
    </HttpProvider>
  );
}
