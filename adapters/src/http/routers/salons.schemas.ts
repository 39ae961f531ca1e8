import { sessionsRemaining, type Contract, type SalonContract, type SalonSyncReport } from '@clinic/core';

export const fromSalonContract = (contract: SalonContract) => ({
  id: contract.contractId,
  menuId: contract.menuId,
  menuName: contract.menuName,
  sessionsTotal: contract.sessionsTotal,
  sessionsUsed: contract.sessionsUsed,
  sessionsRemaining: sessionsRemaining(contract),
  expiresOn: contract.expiresOn,
});

export const fromLedgerContract = (contract: Contract) => ({
  id: contract.id,
  menuId: contract.menuId,
  menuName: contract.menuName,
  sessionsTotal: contract.sessionsTotal,
  sessionsUsed: contract.sessionsUsed,
  sessionsRemaining: sessionsRemaining(contract),
  expiresOn: contract.expiresOn,
});

export const toSyncJson = (report: SalonSyncReport) => ({
  action: 'sync' as const,
  created: report.created,
  updated: report.updated,
  unchanged: report.unchanged,
  errors: report.errors.map((error) => ({ ...error })),
  members: { ...report.members },
  contracts: { ...report.contracts },
});
