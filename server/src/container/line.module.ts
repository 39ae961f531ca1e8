import { lineAppRouter, lineGuestRouter, lineMemberRouter, type LineAppHttp, type LineLoginHttp } from '@clinic/adapters/http';
import { LineIdTokenVerifier, LineMessagingClient, OpenIdLineLogin } from '@clinic/adapters/line';
import { KnexLineAppRepository, KnexLineLinkRepository, type Database, type MessageQueue } from '@clinic/adapters/persistence';
import {
  LineAppUseCase,
  LineLoginUseCase,
  LineWebhookUseCase,
  type ClockPort,
  type LineLinkRepositoryPort,
  type ManageReservationUseCase,
  type MemberRepositoryPort,
  type ReservationRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Config } from '../config';
import { MESSAGES } from './messages.module';
import { RESERVATIONS } from './reservations.module';
import { ACCOUNTS, HTTP, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.line.${name}`);

/** Tokens of the LINE Login module. */
export const LINE = {
  links: token<LineLinkRepositoryPort>('links'),
  /** Null when LINE Login is not configured. */
  login: token<LineLoginUseCase | null>('login'),
  http: token<LineLoginHttp>('http'),
  appRepository: token<KnexLineAppRepository>('appRepository'),
  /** Null when LINE_LIFF_ID is unset. */
  app: token<LineAppUseCase | null>('app'),
  /** Null when LINE_MESSAGING_CHANNEL_SECRET is unset. */
  webhook: token<LineWebhookUseCase | null>('webhook'),
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
  bind(LINE.appRepository)
    .toResolvedValue(
      (db: Database, reservations: ReservationRepositoryPort, queue: MessageQueue) => new KnexLineAppRepository(db.knex, reservations, queue),
      [SHARED.database, RESERVATIONS.repository, MESSAGES.queue],
    )
    .inSingletonScope();
  bind(LINE.app)
    .toResolvedValue(
      (
        config: Config,
        links: LineLinkRepositoryPort,
        members: MemberRepositoryPort,
        repository: KnexLineAppRepository,
        manage: ManageReservationUseCase,
        clock: ClockPort,
      ) =>
        config.lineApp && config.lineApp.verifyUrl !== 'local'
          ? new LineAppUseCase(
              new LineIdTokenVerifier({ verifyUrl: config.lineApp.verifyUrl, channelId: config.lineApp.channelId, timeoutMs: 5000 }),
              links,
              members,
              repository,
              manage,
              clock,
            )
          : null,
      [SHARED.config, LINE.links, ACCOUNTS.members, LINE.appRepository, RESERVATIONS.manage, SHARED.clock],
    )
    .inSingletonScope();
  bind(LINE.webhook)
    .toResolvedValue(
      (config: Config, links: LineLinkRepositoryPort, members: MemberRepositoryPort, repository: KnexLineAppRepository, manage: ManageReservationUseCase) =>
        config.lineWebhookSecret
          ? new LineWebhookUseCase(
              repository,
              repository,
              manage,
              repository,
              links,
              members,
              config.lineMessaging && 'token' in config.lineMessaging
                ? new LineMessagingClient({ baseUrl: config.lineMessaging.url, channelAccessToken: config.lineMessaging.token, timeoutMs: 10_000 })
                : null,
            )
          : null,
      [SHARED.config, LINE.links, ACCOUNTS.members, LINE.appRepository, RESERVATIONS.manage],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (config: Config, app: LineAppUseCase | null, webhook: LineWebhookUseCase | null, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
        lineAppRouter({
          app: app && config.lineApp ? { useCase: app, liffId: config.lineApp.liffId, mock: config.lineApp.mock } : null,
          webhook: webhook && config.lineWebhookSecret ? { useCase: webhook, channelSecret: config.lineWebhookSecret } : null,
          accounts: { staffs, members },
        } satisfies LineAppHttp),
      [SHARED.config, LINE.app, LINE.webhook, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  for (const router of [lineMemberRouter, lineGuestRouter]) {
    bind(HTTP.router)
      .toResolvedValue((deps: LineLoginHttp) => router(deps), [LINE.http])
      .inSingletonScope();
  }
});
