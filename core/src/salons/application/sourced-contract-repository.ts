import type { Contract, NewContract } from '../../members/domain/contract.entity';
import type { ContractRepositoryPort } from '../../members/ports/contract-repository.port';
import { SalonSystemError } from '../domain/salon-system.error';
import type { ContractSourcePort } from '../ports/contract-source.port';

/**
 * The members module's contracts, read from the selected contract source. When the salon system
 * does not answer, a list falls back to the contracts the last sync mirrored into the built-in
 * ledger (staff member pages and mypage stay usable); the booking check has no such fallback.
 * Contracts added by hand always go to the built-in ledger.
 */
export class SourcedContractRepository implements ContractRepositoryPort {
  constructor(
    private readonly source: ContractSourcePort,
    private readonly ledger: ContractRepositoryPort,
    private readonly onFallback: (error: SalonSystemError) => void = () => {},
  ) {}

  add(contract: NewContract): Promise<Contract> {
    return this.ledger.add(contract);
  }

  menuKind(menuId: string): Promise<'NEW' | 'CONTRACT' | 'INSURANCE' | null> {
    return this.ledger.menuKind(menuId);
  }

  async listForMember(userId: string): Promise<Contract[]> {
    if (this.source.kind === 'LEDGER') return this.ledger.listForMember(userId);
    try {
      return await this.source.listForMember(userId);
    } catch (error) {
      if (!(error instanceof SalonSystemError)) throw error;
      this.onFallback(error);
      return this.ledger.listForMember(userId);
    }
  }
}
