/** A change to a clinic's bookings between two instants, seen by every server. */
export interface ClinicChange {
  readonly clinicId: string;
  readonly fromMs: number;
  readonly toMs: number;
}

export interface ChangeFeedPort {
  /**
   * Calls back on every change, from this server or another; returns the unsubscribe.
   * `onMissed` is called when changes may have been missed (the feed lost its connection to the
   * database and is back): the subscriber should reload what it shows.
   */
  subscribe(listener: (change: ClinicChange) => void, onMissed?: () => void): () => void;
}
