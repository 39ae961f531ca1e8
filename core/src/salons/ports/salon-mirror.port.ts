import type { SalonExportedMember, SalonSyncReport } from '../domain/salon-member';

/**
 * Applies the salon system's export to our database in one transaction: links members by card
 * number and mirrors their contracts into the built-in ledger. Applying the same export twice
 * changes nothing the second time.
 */
export interface SalonMirrorPort {
  apply(members: readonly SalonExportedMember[]): Promise<SalonSyncReport>;
}
