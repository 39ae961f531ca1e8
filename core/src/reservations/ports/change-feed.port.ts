/** A change to a clinic's bookings between two instants, seen by every server. */
export interface ClinicChange {
  readonly clinicId: string;
  readonly fromMs: number;
  readonly toMs: number;
}

export interface ChangeFeedPort {
  /** Calls back on every change, from this server or another; returns the unsubscribe. */
  subscribe(listener: (change: ClinicChange) => void): () => void;
}
