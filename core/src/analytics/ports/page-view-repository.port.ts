/**
 * Events of the guest booking funnel after the visit of /guest/reserve/ (docs/reports.md):
 * `clinic-chosen` only tells the clinic (step 1 done); the others are the funnel's steps.
 */
export const FUNNEL_STEPS = ['clinic-chosen', 'slot-chosen', 'details-entered', 'booked'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface PageView {
  readonly path: string;
  readonly audience: 'staff' | 'admin' | 'user' | 'guest' | 'public';
  readonly referrer: string | null;
  readonly campaign: string | null;
  readonly sessionKey: string | null;
  readonly at: Date;
  /** A step of the guest booking funnel; absent or null for a plain page view. */
  readonly step?: FunnelStep | null;
  /** The clinic chosen at that step (funnel steps only). */
  readonly clinicId?: string | null;
}

/** First-party page-view events, so booking-funnel reports need no third party. */
export interface PageViewRepositoryPort {
  record(view: PageView): Promise<void>;
}
