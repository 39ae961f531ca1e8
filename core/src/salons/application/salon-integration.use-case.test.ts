import { describe, expect, it } from 'vitest';
import type { Member } from '../../accounts/domain/member.entity';
import type { Staff } from '../../accounts/domain/staff.entity';
import type { AuditEntry } from '../../audit/ports/audit-log.port';
import type { Menu } from '../../menus/domain/menu.entity';
import type { SalonContract, SalonExportedMember, SalonMember, SalonMemberRef, SalonSyncReport } from '../domain/salon-member';
import type { SalonSystemPort } from '../ports/salon-system.port';
import { SalonContractSource } from './salon-contract-source';
import { SalonIntegrationUseCase } from './salon-integration.use-case';
import { SourcedContractRepository } from './sourced-contract-repository';
import { SalonSystemError } from '../domain/salon-system.error';

const member = (overrides: Partial<Member> = {}): Member => ({
  id: '10',
  userNumber: '100001',
  name: '山田 花子',
  kana: 'ヤマダ ハナコ',
  phone: '090',
  email: null,
  birthday: null,
  gender: null,
  clinicId: '1',
  status: 'FULL',
  passwordHash: null,
  lineUserId: null,
  introducerUserId: null,
  giftCount: 0,
  externalMemberId: null,
  ...overrides,
});
const staff = (overrides: Partial<Staff> = {}): Staff => ({
  id: '5',
  employeeNumber: 'S1',
  email: 's@example.jp',
  name: 'スタッフ',
  role: 'STAFF',
  clinicId: '1',
  priority: 0,
  passwordHash: null,
  ...overrides,
});
const menu = (id: string, kind: Menu['kind'] = 'CONTRACT'): Menu =>
  ({
    id,
    clinicId: '1',
    categoryId: '3',
    name: `メニュー${id}`,
    description: '',
    preVisitNote: '',
    translations: {},
    displayOrder: 0,
    enabled: true,
    webBookable: true,
    kind,
    price: 0,
    afterMenuId: null,
    tasks: [],
  }) as Menu;
const salonMember: SalonMember = { memberId: 'S-1', cardNumber: '100001', name: '山田 花子', kana: null, phone: null, email: null, points: 0 };
const contract = (overrides: Partial<SalonContract> = {}): SalonContract => ({
  contractId: 'C-1',
  menuId: '7',
  menuName: '脱毛',
  sessionsTotal: 5,
  sessionsUsed: 2,
  expiresOn: '2027-03-31',
  contractedAt: '2026-04-01T10:00:00+09:00',
  ...overrides,
});

/** A salon system held in memory, recording how members were looked up. */
const salonOf = (members: Record<string, { member: SalonMember; contracts: SalonContract[] }>) => {
  const lookups: SalonMemberRef[] = [];
  const port: SalonSystemPort = {
    findMember: async (ref) => {
      lookups.push(ref);
      const found = Object.values(members).find((entry) =>
        'memberId' in ref ? entry.member.memberId === ref.memberId : entry.member.cardNumber === ref.cardNumber,
      );
      return found?.member ?? null;
    },
    contractsOf: async (memberId) => Object.values(members).find((entry) => entry.member.memberId === memberId)?.contracts ?? null,
    exportMembers: async () => Object.values(members).map((entry) => ({ ...entry.member, contracts: entry.contracts })),
    circuitState: () => 'closed',
  };
  return { port, lookups };
};

const wire = (ours: Member, salonMembers: Parameters<typeof salonOf>[0], menus: Menu[] = [menu('7'), menu('8', 'NEW')]) => {
  const salon = salonOf(salonMembers);
  const members = { findById: async (id: string) => (id === ours.id ? ours : null) };
  const source = new SalonContractSource(salon.port, members, { findByIds: async (ids) => menus.filter((m) => ids.includes(m.id)) });
  const audit: AuditEntry[] = [];
  const applied: SalonExportedMember[][] = [];
  const report: SalonSyncReport = {
    created: 1,
    updated: 0,
    unchanged: 0,
    errors: [],
    members: { created: 1, updated: 0, unchanged: 0 },
    contracts: { created: 0, updated: 0, unchanged: 0 },
  };
  const useCase = new SalonIntegrationUseCase(
    salon.port,
    source,
    members,
    { apply: async (exported) => (applied.push([...exported]), report) },
    { append: async (entry) => void audit.push(entry) },
  );
  return { source, useCase, lookups: salon.lookups, audit, applied };
};

describe('SalonContractSource', () => {
  it('reads the contracts of a linked member by salon id, keeping only CONTRACT menus we have', async () => {
    const { source, lookups } = wire(member({ externalMemberId: 'S-1' }), {
      a: { member: salonMember, contracts: [contract(), contract({ contractId: 'C-2', menuId: '8' }), contract({ contractId: 'C-3', menuId: '99' })] },
    });
    const contracts = await source.listForMember('10');
    expect(contracts.map((c) => [c.id, c.menuId, c.menuName, c.clinicId, c.categoryId, c.sessionsTotal - c.sessionsUsed])).toEqual([
      ['C-1', '7', 'メニュー7', '1', '3', 3],
    ]);
    expect(lookups).toEqual([]);
  });

  it('finds an unlinked member by card number, and one the salon does not know holds nothing', async () => {
    const { source, lookups } = wire(member(), { a: { member: salonMember, contracts: [contract()] } });
    expect(await source.listForMember('10')).toHaveLength(1);
    expect(lookups).toEqual([{ cardNumber: '100001' }]);
    const unknown = wire(member({ userNumber: '555555' }), { a: { member: salonMember, contracts: [contract()] } });
    expect(await unknown.source.listForMember('10')).toEqual([]);
    expect(await unknown.source.hasRemainingSessions('10', '7', '2026-12-01')).toBe(false);
  });

  it('allows booking while a usable contract has sessions left and is not expired', async () => {
    const left = wire(member(), { a: { member: salonMember, contracts: [contract()] } });
    expect(await left.source.hasRemainingSessions('10', '7', '2026-12-01')).toBe(true);
    expect(await left.source.hasRemainingSessions('10', '7', '2027-04-01')).toBe(false);
    const usedUp = wire(member(), { a: { member: salonMember, contracts: [contract({ sessionsUsed: 5 })] } });
    expect(await usedUp.source.hasRemainingSessions('10', '7', '2026-12-01')).toBe(false);
  });
});

describe('SalonIntegrationUseCase', () => {
  it('gives member info to any staff member of the chain, as every member call (DOMAIN.md)', async () => {
    const { useCase } = wire(member(), { a: { member: salonMember, contracts: [] } });
    expect((await useCase.memberInfo(staff(), '10')).ok).toBe(true);
    expect((await useCase.memberInfo(staff({ clinicId: null }), '10')).ok).toBe(true);
    expect((await useCase.memberInfo(staff({ clinicId: '2', role: 'ADMIN' }), '10')).ok).toBe(true);
    expect((await useCase.memberInfo(staff({ clinicId: '2' }), '10')).ok).toBe(true);
    expect(await useCase.memberInfo(staff(), '11')).toEqual({ ok: false, error: { code: 'USER_NOT_FOUND' } });
  });

  it('answers EXTERNAL_USER_NOT_FOUND for a member the salon does not know or cannot be looked up', async () => {
    const unknown = wire(member({ userNumber: '555555' }), { a: { member: salonMember, contracts: [] } });
    expect(await unknown.useCase.memberInfo(staff(), '10')).toEqual({ ok: false, error: { code: 'EXTERNAL_USER_NOT_FOUND' } });
    expect(await unknown.useCase.ownContracts(member({ userNumber: '555555' }))).toEqual({ ok: false, error: { code: 'EXTERNAL_USER_NOT_FOUND' } });
    const noCard = wire(member({ userNumber: null }), { a: { member: salonMember, contracts: [] } });
    expect(await noCard.useCase.memberInfo(staff(), '10')).toEqual({ ok: false, error: { code: 'EXTERNAL_USER_NOT_FOUND' } });
  });

  it('syncs the whole export and records who ran it', async () => {
    const { useCase, applied, audit } = wire(member(), { a: { member: salonMember, contracts: [contract()] } });
    const report = await useCase.sync(staff({ role: 'ADMIN', clinicId: null }));
    expect(report.created).toBe(1);
    expect(applied).toEqual([[{ ...salonMember, contracts: [contract()] }]]);
    expect(audit).toMatchObject([{ actorType: 'staff', actorId: '5', action: 'salon.sync' }]);
  });
});

describe('SourcedContractRepository', () => {
  const ledgerContract = {
    id: '1',
    userId: '10',
    menuId: '7',
    menuName: '脱毛',
    menuTranslations: {},
    clinicId: '1',
    categoryId: '3',
    sessionsTotal: 5,
    sessionsUsed: 1,
    expiresOn: null,
    createdAt: new Date(0),
  };
  const ledger = { add: async () => ledgerContract, menuKind: async () => 'CONTRACT' as const, listForMember: async () => [ledgerContract] };
  const source = (list: () => Promise<never[]>, kind: 'SALON' | 'LEDGER' = 'SALON') => ({
    kind,
    listForMember: list,
    hasRemainingSessions: async () => false,
    settleVisit: async () => {},
  });

  it('lists from the salon system, and from the last sync when it does not answer', async () => {
    const fallbacks: string[] = [];
    expect(
      await new SourcedContractRepository(
        source(async () => []),
        ledger,
      ).listForMember('10'),
    ).toEqual([]);
    const down = new SourcedContractRepository(
      source(async () => Promise.reject(new SalonSystemError('TIMEOUT', 'slow'))),
      ledger,
      (error) => fallbacks.push(error.reason),
    );
    expect(await down.listForMember('10')).toEqual([ledgerContract]);
    expect(fallbacks).toEqual(['TIMEOUT']);
  });

  it('lets other failures through', async () => {
    const broken = new SourcedContractRepository(
      source(async () => Promise.reject(new Error('bug'))),
      ledger,
    );
    await expect(broken.listForMember('10')).rejects.toThrow('bug');
  });
});
