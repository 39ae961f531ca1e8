/** What staff set by hand: true restricts, false lifts (until the next no-show). */
export interface ManualRestriction {
  readonly restricted: boolean | null;
  readonly reason: string;
  readonly atMs: number | null;
  /** The staff member's name. */
  readonly by: string | null;
}

export interface BookingRestriction {
  readonly restricted: boolean;
  readonly reason: string;
  readonly sinceMs: number | null;
  readonly by: string | null;
}

/** A no-show: when the visit was to start (the window counts these) and when it was recorded (a lift holds until a later one). */
export interface NoShow {
  readonly startMs: number;
  readonly recordedAtMs: number;
}

export interface NoShowSettings {
  readonly noShowLimit: number | null;
  readonly noShowWindowDays: number;
}

const DAY_MS = 86_400_000;

/** The start of the no-show window at `nowMs`. */
export const noShowWindowStartMs = (settings: NoShowSettings, nowMs: number): number => nowMs - settings.noShowWindowDays * DAY_MS;

/**
 * Whether a person may book online. Staff's restriction wins; otherwise `noShowLimit` no-shows
 * (starts in the window) restrict, unless staff lifted it after every one of them was recorded: a
 * lifted restriction stays lifted until a no-show recorded after the lift (issue 26), whenever
 * that visit was to start — a visit of last week marked as a no-show today restricts again.
 */
export const bookingRestriction = (settings: NoShowSettings, noShows: readonly NoShow[], manual: ManualRestriction | null): BookingRestriction => {
  const noShowStartsMs = noShows.map((noShow) => noShow.startMs);
  if (manual?.restricted === true) return { restricted: true, reason: manual.reason, sinceMs: manual.atMs, by: manual.by };
  const lifted: BookingRestriction =
    manual?.restricted === false
      ? { restricted: false, reason: manual.reason, sinceMs: manual.atMs, by: manual.by }
      : { restricted: false, reason: '', sinceMs: null, by: null };
  const limit = settings.noShowLimit;
  if (limit === null || noShowStartsMs.length < limit) return lifted;
  const newest = Math.max(...noShowStartsMs);
  const liftedAtMs = manual?.restricted === false ? manual.atMs : null;
  if (liftedAtMs !== null && noShows.every((noShow) => noShow.recordedAtMs <= liftedAtMs)) return lifted;
  const sorted = [...noShowStartsMs].sort((a, b) => b - a);
  return {
    restricted: true,
    reason: `無断キャンセルが直近${settings.noShowWindowDays}日間に${noShowStartsMs.length}回あります。`,
    sinceMs: sorted[limit - 1] ?? newest,
    by: null,
  };
};
