import type { Contract } from '../../members/domain/contract.entity';
import type { ContractRepositoryPort } from '../../members/ports/contract-repository.port';
import type { ContractLedgerPort } from '../../reservations/ports/contract-ledger.port';
import type { ContractSourcePort } from '../ports/contract-source.port';

/** The built-in ledger as a contract source: contracts and sessions kept in our database. */
export class LedgerContractSource implements ContractSourcePort {
  readonly kind = 'LEDGER' as const;

  constructor(
    private readonly contracts: Pick<ContractRepositoryPort, 'listForMember'>,
    private readonly ledger: ContractLedgerPort,
  ) {}

  listForMember(userId: string): Promise<Contract[]> {
    return this.contracts.listForMember(userId);
  }

  hasRemainingSessions(userId: string, menuId: string, onDate: string): Promise<boolean> {
    return this.ledger.hasRemainingSessions(userId, menuId, onDate);
  }

  settleVisit(reservationId: string, visited: boolean): Promise<void> {
    return this.ledger.settleVisit(reservationId, visited);
  }
}
