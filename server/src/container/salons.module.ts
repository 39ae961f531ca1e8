import { adminSalonsRouter, memberSalonsRouter, staffSalonsRouter, type SalonsHttp } from '@clinic/adapters/http';
import { KnexContractLedger, KnexContractRepository, KnexSalonMirror, type Database } from '@clinic/adapters/persistence';
import { HttpSalonSystem } from '@clinic/adapters/salon';
import {
  LedgerContractSource,
  SalonContractSource,
  SalonIntegrationUseCase,
  SourcedContractRepository,
  type AuditLogPort,
  type ContractRepositoryPort,
  type ContractSourcePort,
  type MemberRepositoryPort,
  type MenuRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { MEMBERS } from './members.module';
import { MENUS } from './menus.module';
import { RESERVATIONS } from './reservations.module';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.salons.${name}`);

/** The salon system's pieces, present only when SALON_API_URL is set. */
export interface SalonWiring {
  readonly source: SalonContractSource;
  readonly integration: SalonIntegrationUseCase;
}

export const SALONS = {
  wiring: token<{ readonly salon: SalonWiring | null }>('wiring'),
  /** Where contracts and remaining sessions come from: the salon system, or the built-in ledger. */
  source: token<ContractSourcePort>('source'),
  http: token<SalonsHttp>('http'),
} as const;

/**
 * The salon-management system (販売管理システム): one HTTP adapter (one circuit breaker) per
 * process when configured. Load before the members module: its `/api/staffs/users/:id` would
 * otherwise take `/users/salons-member-info`.
 */
export const salonsModule = new ContainerModule(({ bind }) => {
  bind(SALONS.wiring)
    .toResolvedValue(
      (config: Config, db: Database, members: MemberRepositoryPort, menus: MenuRepositoryPort, audit: AuditLogPort) => {
        if (!config.salon) return { salon: null };
        const { url, ...options } = config.salon;
        const system = new HttpSalonSystem({ baseUrl: url, ...options });
        const source = new SalonContractSource(system, members, menus);
        return { salon: { source, integration: new SalonIntegrationUseCase(system, source, members, new KnexSalonMirror(db.knex), audit) } };
      },
      [SHARED.config, SHARED.database, ACCOUNTS.members, MENUS.menus, SHARED.audit],
    )
    .inSingletonScope();
  bind(SALONS.source)
    .toResolvedValue(
      (wiring: { salon: SalonWiring | null }, db: Database): ContractSourcePort =>
        wiring.salon?.source ?? new LedgerContractSource(new KnexContractRepository(db.knex), new KnexContractLedger(db.knex)),
      [SALONS.wiring, SHARED.database],
    )
    .inSingletonScope();
  bind(SALONS.http)
    .toResolvedValue(
      (wiring: { salon: SalonWiring | null }, db: Database): SalonsHttp => ({
        salon: wiring.salon?.integration ?? null,
        ledger: new KnexContractRepository(db.knex),
      }),
      [SALONS.wiring, SHARED.database],
    )
    .inSingletonScope();
  for (const router of [staffSalonsRouter, memberSalonsRouter, adminSalonsRouter]) {
    bind(HTTP.router)
      .toResolvedValue(
        (deps: SalonsHttp, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => router(deps, { staffs, members }),
        [SALONS.http, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  }
});

/**
 * Load after the members and reservations modules: booking checks, visits and the contract lists
 * of the members module read the selected contract source. Adding a contract by hand still writes
 * the built-in ledger; when the salon system does not answer, lists fall back to the last sync.
 */
export const contractSourceModule = new ContainerModule(({ rebind }) => {
  rebind(RESERVATIONS.ledger)
    .toResolvedValue((source: ContractSourcePort) => source, [SALONS.source])
    .inSingletonScope();
  rebind(MEMBERS.contracts)
    .toResolvedValue(
      (source: ContractSourcePort, db: Database, logger: Logger): ContractRepositoryPort =>
        new SourcedContractRepository(source, new KnexContractRepository(db.knex), (error) =>
          logger.warn({ err: error, reason: error.reason }, 'salon system unavailable: contracts listed from the last sync'),
        ),
      [SALONS.source, SHARED.database, SHARED.logger],
    )
    .inSingletonScope();
});
