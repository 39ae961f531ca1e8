import { KnexAuditLog, type Database } from '@clinic/adapters/persistence';
import { systemClock, type ClockPort } from '@clinic/core';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { SHARED } from './tokens';

export const sharedModule = (config: Config, logger: Logger, database: Database, clock: ClockPort = systemClock) =>
  new ContainerModule(({ bind }) => {
    bind(SHARED.config).toConstantValue(config);
    bind(SHARED.logger).toConstantValue(logger);
    bind(SHARED.database).toConstantValue(database);
    bind(SHARED.clock).toConstantValue(clock);
    bind(SHARED.audit)
      .toResolvedValue((db: Database) => new KnexAuditLog(db.knex), [SHARED.database])
      .inSingletonScope();
  });
