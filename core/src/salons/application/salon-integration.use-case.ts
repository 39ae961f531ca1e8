import type { Staff } from '../../accounts/domain/staff.entity';
import type { Member } from '../../accounts/domain/member.entity';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { fail, ok, type Result } from '../../shared/result';
import { salonRefOf, type SalonContract, type SalonMember, type SalonSyncReport } from '../domain/salon-member';
import type { SalonMirrorPort } from '../ports/salon-mirror.port';
import type { SalonSystemPort } from '../ports/salon-system.port';
import type { SalonContractSource } from './salon-contract-source';

/**
 * The calls that reach the salon system on someone's behalf: member info for staff, a member's
 * own contracts, and the admin pass-through (sync, status).
 */
export class SalonIntegrationUseCase {
  constructor(
    private readonly salon: SalonSystemPort,
    private readonly contracts: SalonContractSource,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    private readonly mirror: SalonMirrorPort,
    private readonly audit: AuditLogPort,
  ) {}

  /** Any staff member of the chain, like every other member call (DOMAIN.md, "Who may do what"). */
  async memberInfo(_staff: Staff, userId: string): Promise<Result<{ member: Member; salon: SalonMember }, 'USER_NOT_FOUND' | 'EXTERNAL_USER_NOT_FOUND'>> {
    const member = await this.members.findById(userId);
    if (!member) return fail('USER_NOT_FOUND');
    const ref = salonRefOf(member);
    const salon = ref ? await this.salon.findMember(ref) : null;
    if (!salon) return fail('EXTERNAL_USER_NOT_FOUND');
    return ok({ member, salon });
  }

  /** The member's contracts as the salon system has them, menus we do not sell included. */
  async ownContracts(member: Member): Promise<Result<SalonContract[], 'EXTERNAL_USER_NOT_FOUND'>> {
    const contracts = await this.contracts.salonContractsOf(member.id);
    return contracts ? ok(contracts) : fail('EXTERNAL_USER_NOT_FOUND');
  }

  /** Fetches the whole export first (a bad page writes nothing), then applies it in one transaction. */
  async sync(staff: Staff): Promise<SalonSyncReport> {
    const exported = await this.salon.exportMembers();
    const report = await this.mirror.apply(exported);
    await this.audit.append({
      actorType: 'staff',
      actorId: staff.id,
      action: 'salon.sync',
      entity: 'salon',
      entityId: null,
      after: { members: report.members, contracts: report.contracts, errors: report.errors.length },
    });
    return report;
  }

  circuitState(): 'closed' | 'open' | 'half-open' {
    return this.salon.circuitState();
  }
}
