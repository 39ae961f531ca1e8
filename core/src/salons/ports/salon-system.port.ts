import type { SalonContract, SalonExportedMember, SalonMember, SalonMemberRef } from '../domain/salon-member';

/**
 * The chain's salon-management system. Every method throws `SalonSystemError` (a
 * ServiceUnavailableError) when the system is slow, down, or answers something unusable.
 */
export interface SalonSystemPort {
  /** null when the salon system does not know the member. */
  findMember(ref: SalonMemberRef): Promise<SalonMember | null>;
  /** null when the salon system does not know the member. */
  contractsOf(memberId: string): Promise<SalonContract[] | null>;
  /** Every member with their contracts (all pages), validated before anything is returned. */
  exportMembers(): Promise<SalonExportedMember[]>;
  /** The circuit breaker's state, for the admin status call. */
  circuitState(): 'closed' | 'open' | 'half-open';
}
