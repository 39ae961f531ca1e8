import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Analytics } from './analytics.port';
import { noopAnalytics } from './http-analytics.adapter';
import { cleanReferrer, normalizePath, pageViewEvent } from './page-view';

const AnalyticsContext = createContext<Analytics>(noopAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export const useAnalytics = (): Analytics => useContext(AnalyticsContext);

/**
 * Sends one page view per route change (a new pathname; query changes such as the clinic
 * selector's `clinicId` are the same route). The last path is kept in a ref, which survives
 * StrictMode's simulated unmount, so the doubled effect sends nothing twice.
 */
export function PageViewTracker() {
  const analytics = useAnalytics();
  const location = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const path = normalizePath(location.pathname);
    if (lastPath.current === path) return;
    const referrer = lastPath.current ?? cleanReferrer(typeof document === 'undefined' ? '' : document.referrer);
    lastPath.current = path;
    analytics.pageView(pageViewEvent(location, referrer));
  }, [analytics, location]);

  return null;
}
