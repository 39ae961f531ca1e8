/**
 * Told when time of a clinic becomes bookable outside a reservation change (a block lifted, a
 * shift added or changed): the waitlist offers it (docs/waitlist.md).
 */
export interface FreedTimePort {
  freed(time: { readonly clinicId: string; readonly fromMs: number; readonly toMs: number }): Promise<unknown>;
}
