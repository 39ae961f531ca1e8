import { lineGuestRouter, lineMemberRouter, type LineLoginHttp } from '@clinic/adapters/http';
import { OpenIdLineLogin } from '@clinic/adapters/line';
import { KnexLineLinkRepository, type Database } from '@clinic/adapters/persistence';
import { LineLoginUseCase, type ClockPort, type LineLinkRepositoryPort, type MemberRepositoryPort, type StaffRepositoryPort } from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Config } from '../config';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.line.${name}`);

/** Tokens of the LINE Login module. */
export const LINE = {
  links: token<LineLinkRepositoryPort>('links'),
  /** Null when LINE Login is not configured. */
  login: token<LineLoginUseCase | null>('login'),
  http: token<LineLoginHttp>('http'),
} as const;

export const LINE_REDIRECT_PATH = '/common/line-redirect/';

export const lineModule = new ContainerModule(({ bind }) => {
  bind(LINE.links)
    .toResolvedValue((db: Database) => new KnexLineLinkRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(LINE.login)
    .toResolvedValue(
      (config: Config, links: LineLinkRepositoryPort, members: MemberRepositoryPort, clock: ClockPort) =>
        config.line.mode === 'line'
          ? new LineLoginUseCase(
              new OpenIdLineLogin({ issuer: config.line.issuer, channelId: config.line.channelId, channelSecret: config.line.channelSecret }),
              links,
              members,
              clock,
            )
          : null,
      [SHARED.config, LINE.links, ACCOUNTS.members, SHARED.clock],
    )
    .inSingletonScope();
  bind(LINE.http)
    .toResolvedValue(
      (config: Config, line: LineLoginUseCase | null, staffs: StaffRepositoryPort, members: MemberRepositoryPort): LineLoginHttp => ({
        line,
        redirectUri: (ctx) => (config.line.mode === 'line' && config.line.redirectFromRequest ? ctx.origin : config.publicUrl) + LINE_REDIRECT_PATH,
        accounts: { staffs, members },
      }),
      [SHARED.config, LINE.login, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  for (const router of [lineMemberRouter, lineGuestRouter]) {
    bind(HTTP.router)
      .toResolvedValue((deps: LineLoginHttp) => router(deps), [LINE.http])
      .inSingletonScope();
  }
});
