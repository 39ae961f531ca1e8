export type { Analytics, Audience, FunnelStep, FunnelStepEvent, PageViewEvent } from './analytics.port';
export { ANALYTICS_SESSION_KEY, ANALYTICS_STEPS_KEY, createHttpAnalytics, noopAnalytics, PAGE_VIEWS_URL } from './http-analytics.adapter';
export { AnalyticsProvider, PageViewTracker, useAnalytics } from './AnalyticsContext';
export { audienceOf, normalizePath } from './page-view';
