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

/**
 * Steps inside /guest/reserve/ (one route, so no page views): `clinic-chosen` tells the clinic,
 * the others are the rows of the 新規予約ファネル report (docs/reports.md).
 */
export type FunnelStep = 'clinic-chosen' | 'slot-chosen' | 'details-entered' | 'booked';

/** A funnel step: ids only, never what the guest typed. */
export interface FunnelStepEvent {
  funnel: 'guest-booking';
  step: FunnelStep;
  clinicId: string;
}

/**
 * The analytics port: one page view per route change, one step event per step and session.
 * Adapters must never throw.
 */
export interface Analytics {
  pageView(event: PageViewEvent): void;
  /** Sends each step of a funnel at most once per analytics session (repeats are dropped). */
  step(event: FunnelStepEvent): void;
}
