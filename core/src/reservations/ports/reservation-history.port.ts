export interface HistoryEntry {
  readonly atMs: number;
  readonly action: string;
  readonly actor: { readonly type: string; readonly id: string | null; readonly name: string | null };
}

/** The audit trail of one reservation, oldest first. */
export interface ReservationHistoryPort {
  history(reservationId: string): Promise<HistoryEntry[]>;
}
