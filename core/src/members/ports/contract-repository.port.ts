import type { Contract, NewContract } from '../domain/contract.entity';

export interface ContractRepositoryPort {
  add(contract: NewContract): Promise<Contract>;
  /** Newest first. */
  listForMember(userId: string): Promise<Contract[]>;
  /** The menu a contract would be for, or null when it does not exist. */
  menuKind(menuId: string): Promise<'NEW' | 'CONTRACT' | 'INSURANCE' | null>;
}
