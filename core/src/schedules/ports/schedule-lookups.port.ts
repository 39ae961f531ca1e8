/** What schedules and blocks need to know about other modules' records. */
export interface ScheduleLookupsPort {
  /** The clinic of a menu category, or null when there is none. */
  clinicOfCategory(categoryId: string): Promise<string | null>;
  /** The clinic of a room or machine that is not deleted, or null. */
  clinicOfResource(type: 'ROOM' | 'MACHINE', id: string): Promise<string | null>;
  /** The clinic's holidays between the dates (inclusive), `YYYY-MM-DD` ascending. */
  holidays(clinicId: string, from: string, to: string): Promise<string[]>;
}
