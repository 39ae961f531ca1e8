import type { Contract } from '../../members/domain/contract.entity';
import type { ContractLedgerPort } from '../../reservations/ports/contract-ledger.port';

/**
 * Where a member's contracts and remaining sessions come from: the built-in ledger, or the salon
 * system when one is configured (chosen in the composition root).
 */
export interface ContractSourcePort extends ContractLedgerPort {
  readonly kind: 'LEDGER' | 'SALON';
  /** Newest first. */
  listForMember(userId: string): Promise<Contract[]>;
}
