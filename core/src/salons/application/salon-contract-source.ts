import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import { isUsable, type Contract } from '../../members/domain/contract.entity';
import type { MenuRepositoryPort } from '../../menus/ports/menu-repository.port';
import { salonRefOf, type SalonContract } from '../domain/salon-member';
import type { ContractSourcePort } from '../ports/contract-source.port';
import type { SalonSystemPort } from '../ports/salon-system.port';

/**
 * Contracts and remaining sessions read live from the salon system (its source of truth when
 * configured). A member the salon system does not know holds no contracts. Contracts for a menu
 * this system does not have are left out: they cannot be booked here. Visits are not reported
 * back: the salon system counts a session when the visit is settled at its till.
 */
export class SalonContractSource implements ContractSourcePort {
  readonly kind = 'SALON' as const;

  constructor(
    private readonly salon: SalonSystemPort,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly menus: Pick<MenuRepositoryPort, 'findByIds'>,
  ) {}

  /** The member's contracts as the salon system has them, or null when it does not know them. */
  async salonContractsOf(userId: string): Promise<SalonContract[] | null> {
    const member = await this.members.findById(userId);
    if (!member) return null;
    const ref = salonRefOf(member);
    if (!ref) return null;
    let memberId: string;
    if ('memberId' in ref) {
      memberId = ref.memberId;
    } else {
      const found = await this.salon.findMember(ref);
      if (!found) return null;
      memberId = found.memberId;
    }
    return this.salon.contractsOf(memberId);
  }

  async listForMember(userId: string): Promise<Contract[]> {
    const contracts = (await this.salonContractsOf(userId)) ?? [];
    if (contracts.length === 0) return [];
    const menus = new Map((await this.menus.findByIds([...new Set(contracts.map((c) => c.menuId))])).map((menu) => [menu.id, menu]));
    return contracts
      .flatMap((contract): Contract[] => {
        const menu = menus.get(contract.menuId);
        if (!menu || menu.kind !== 'CONTRACT') return [];
        return [
          {
            id: contract.contractId,
            userId,
            menuId: menu.id,
            menuName: menu.name,
            menuTranslations: menu.translations,
            clinicId: menu.clinicId,
            categoryId: menu.categoryId,
            sessionsTotal: contract.sessionsTotal,
            sessionsUsed: contract.sessionsUsed,
            expiresOn: contract.expiresOn,
            createdAt: new Date(contract.contractedAt),
          },
        ];
      })
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  }

  async hasRemainingSessions(userId: string, menuId: string, onDate: string): Promise<boolean> {
    return (await this.listForMember(userId)).some((contract) => contract.menuId === menuId && isUsable(contract, onDate));
  }

  async settleVisit(): Promise<void> {
    // The salon system settles sessions at its own till.
  }
}
