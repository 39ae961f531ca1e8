import { lineUsageRouter, messagesRouter } from '@clinic/adapters/http';
import { LineMessagingClient } from '@clinic/adapters/line';
import { MessageChannels } from '@clinic/adapters/mail';
import { KnexMessageRepository, MessageQueue, OutboxWriter, PayloadTokens, type Database } from '@clinic/adapters/persistence';
import {
  DeliverMessageUseCase,
  LineUsageUseCase,
  ReservationMessages,
  StaffMessagesUseCase,
  type ClockPort,
  type MailPort,
  type MemberRepositoryPort,
  type StaffRepositoryPort,
  type FormsUseCase,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { lineAppUrlOf, type Config } from '../config';
import { STAFF_MANAGEMENT } from './staff-management.module';
import { ACCOUNTS, FORMS, HTTP, NOTIFICATIONS, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.messages.${name}`);

export const MESSAGES = {
  queue: token<MessageQueue>('queue'),
  repository: token<KnexMessageRepository>('repository'),
  outbox: token<OutboxWriter>('outbox'),
  channels: token<MessageChannels>('channels'),
  deliver: token<DeliverMessageUseCase>('deliver'),
  staff: token<StaffMessagesUseCase>('staff'),
  lineUsage: token<LineUsageUseCase>('lineUsage'),
  /** Seals guests' tokens in the payloads; its box is bound by the composition root (messagesSecretBox). */
  payloadTokens: token<PayloadTokens>('payloadTokens'),
} as const;

/** The schema of the job queue's tables: beside the product's own schema. */
export const jobSchemaOf = (database: Database): string => (database.schema ? `${database.schema}_jobs` : 'pgboss');

/** The message pipeline: outbox rows written with each reservation change, delivered by pg-boss (docs/messages.md). */
export const messagesModule = new ContainerModule(({ bind }) => {
  bind(MESSAGES.queue)
    .toResolvedValue(
      (db: Database, config: Config, logger: Logger) =>
        new MessageQueue(
          db.knex,
          {
            schema: jobSchemaOf(db),
            pollingIntervalSeconds: config.messages.pollSeconds,
            expireInSeconds: config.messages.leaseSeconds,
            maintenanceIntervalSeconds: Math.max(1, Math.min(60, config.messages.leaseSeconds)),
          },
          (error) => logger.warn({ err: error }, 'message queue'),
        ),
      [SHARED.database, SHARED.config, SHARED.logger],
    )
    .inSingletonScope();
  bind(MESSAGES.repository)
    .toResolvedValue(
      (db: Database, queue: MessageQueue, tokens: PayloadTokens) => new KnexMessageRepository(db.knex, queue, tokens),
      [SHARED.database, MESSAGES.queue, MESSAGES.payloadTokens],
    )
    .inSingletonScope();
  bind(MESSAGES.outbox)
    .toResolvedValue((queue: MessageQueue, tokens: PayloadTokens) => new OutboxWriter(queue, tokens), [MESSAGES.queue, MESSAGES.payloadTokens])
    .inSingletonScope();
  bind(MESSAGES.channels)
    .toResolvedValue(
      (mail: MailPort, config: Config) => {
        const line =
          config.lineMessaging && 'token' in config.lineMessaging
            ? new LineMessagingClient({ baseUrl: config.lineMessaging.url, channelAccessToken: config.lineMessaging.token, timeoutMs: 10_000 })
            : null;
        return new MessageChannels(mail, line);
      },
      [STAFF_MANAGEMENT.mail, SHARED.config],
    )
    .inSingletonScope();
  bind(NOTIFICATIONS.reservations)
    .toResolvedValue(
      (repository: KnexMessageRepository, config: Config) =>
        new ReservationMessages(repository, () => config.lineMessaging !== null && 'token' in config.lineMessaging),
      [MESSAGES.repository, SHARED.config],
    )
    .inSingletonScope();
  bind(MESSAGES.deliver)
    .toResolvedValue(
      (repository: KnexMessageRepository, channels: MessageChannels, config: Config, clock: ClockPort, forms: FormsUseCase) =>
        new DeliverMessageUseCase(
          repository,
          channels,
          {
            retryBaseMs: config.messages.retryBaseMs,
            leaseMs: config.messages.leaseSeconds * 1000,
            publicUrl: config.publicUrl,
            lineAppUrl: lineAppUrlOf(config),
            lineEnabled: config.lineMessaging !== null && 'token' in config.lineMessaging,
          },
          clock,
          (reservationIds) => forms.pendingOf(reservationIds),
        ),
      [MESSAGES.repository, MESSAGES.channels, SHARED.config, SHARED.clock, FORMS.forms],
    )
    .inSingletonScope();
  bind(MESSAGES.staff)
    .toResolvedValue((repository: KnexMessageRepository, clock: ClockPort) => new StaffMessagesUseCase(repository, clock), [MESSAGES.repository, SHARED.clock])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (staff: StaffMessagesUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => messagesRouter(staff, { staffs, members }),
      [MESSAGES.staff, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
  bind(MESSAGES.lineUsage)
    .toResolvedValue((repository: KnexMessageRepository) => new LineUsageUseCase(repository), [MESSAGES.repository])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (usage: LineUsageUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => lineUsageRouter(usage, { staffs, members }),
      [MESSAGES.lineUsage, ACCOUNTS.staffs, ACCOUNTS.members],
    )
    .inSingletonScope();
});
