/** Who a page is for; the page-view endpoint counts funnels per audience. */
export type Audience = 'staff' | 'admin' | 'user' | 'guest' | 'public';

export interface PageViewEvent {
  /** The route's pathname, always with a trailing slash; never the query (it may hold tokens). */
  path: string;
  audience: Audience;
  /** The previous page of the app, or on the first page the external referrer (no query). */
  referrer?: string;
  /** `utm_campaign` (or `campaign`) of the URL, for promo links. */
  campaign?: string;
}

/** The analytics port: one call per route change. Adapters must never throw. */
export interface Analytics {
  pageView(event: PageViewEvent): void;
}
