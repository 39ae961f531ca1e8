/** What staff management needs to know about other modules' records. */
export interface StaffReferencesPort {
  /** The clinic of each menu that exists, by menu id (unknown ids are absent). */
  menuClinics(menuIds: readonly string[]): Promise<Map<string, string>>;
  /** Whether a live (RESERVED or VISITED) reservation task ending after `now` names the staff member. */
  hasFutureLiveReservations(staffId: string, now: Date): Promise<boolean>;
}
