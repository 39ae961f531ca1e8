export type { Analytics, Audience, PageViewEvent } from './analytics.port';
export { createHttpAnalytics, noopAnalytics, PAGE_VIEWS_URL } from './http-analytics.adapter';
export { AnalyticsProvider, PageViewTracker, useAnalytics } from './AnalyticsContext';
export { audienceOf, normalizePath } from './page-view';
