import type { ChangeFeedPort, ClinicChange } from '@clinic/core';
import type { Database } from '../database';

/**
 * Change events over PostgreSQL LISTEN/NOTIFY (the repository NOTIFYs inside its write
 * transaction, so an event is sent exactly when the change commits, to every server). One LISTEN
 * per process, fanned out to the subscribers.
 */
export class DatabaseChangeFeed implements ChangeFeedPort {
  private readonly listeners = new Set<(change: ClinicChange) => void>();
  private readonly missed = new Set<() => void>();
  private started: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Database) {}

  subscribe(listener: (change: ClinicChange) => void, onMissed?: () => void): () => void {
    this.listeners.add(listener);
    if (onMissed) this.missed.add(onMissed);
    this.started ??= this.db.listen(
      this.db.changeChannel,
      (payload) => this.dispatch(payload),
      () => {
        for (const callback of this.missed) callback();
      },
    );
    return () => {
      this.listeners.delete(listener);
      if (onMissed) this.missed.delete(onMissed);
    };
  }

  async close(): Promise<void> {
    if (this.started) await (await this.started)();
  }

  private dispatch(payload: string): void {
    let change: ClinicChange;
    try {
      const parsed = JSON.parse(payload) as ClinicChange;
      change = { clinicId: String(parsed.clinicId), fromMs: Number(parsed.fromMs), toMs: Number(parsed.toMs) };
    } catch {
      return;
    }
    for (const listener of this.listeners) listener(change);
  }
}
