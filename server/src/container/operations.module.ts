import { healthRouter, pageViewsRouter } from '@clinic/adapters/http';
import { KnexPageViewRepository, type Database } from '@clinic/adapters/persistence';
import type { MemberRepositoryPort, PageViewRepositoryPort, StaffRepositoryPort } from '@clinic/core';
import { ContainerModule } from 'inversify';
import { ACCOUNTS, ANALYTICS, HTTP, SHARED } from './tokens';

export const operationsModule = new ContainerModule(({ bind }) => {
  bind(ANALYTICS.pageViews)
    .toResolvedValue((db: Database) => new KnexPageViewRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (db: Database, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
        healthRouter(
          async () => {
            await db.knex.raw('select 1');
            return true;
          },
          { staffs, members },
        ),
      [SHARED.database, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (pageViews: PageViewRepositoryPort, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => pageViewsRouter(pageViews, { staffs, members }),
      [ANALYTICS.pageViews, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
