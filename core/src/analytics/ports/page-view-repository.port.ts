export interface PageView {
  readonly path: string;
  readonly audience: 'staff' | 'admin' | 'user' | 'guest' | 'public';
  readonly referrer: string | null;
  readonly campaign: string | null;
  readonly sessionKey: string | null;
  readonly at: Date;
}

/** First-party page-view events, so booking-funnel reports need no third party. */
export interface PageViewRepositoryPort {
  record(view: PageView): Promise<void>;
}
