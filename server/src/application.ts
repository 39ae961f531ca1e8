import { createHttpApp, knexPoolStats, type HttpApp, type TwoFactorGate } from '@clinic/adapters/http';
import {
  AccountCache,
  CachedSessionStore,
  loadDemoReservations,
  loadDemoSchedules,
  migrateToLatest,
  LOST_JOB_GRACE_MS,
  LOST_JOB_SWEEP_MS,
  QUEUE_AHEAD_MS,
  QUEUE_SWEEP_MS,
  PayloadTokens,
  type Database,
} from '@clinic/adapters/persistence';
import type { ClockPort } from '@clinic/core';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { SecretBox } from '@clinic/adapters/security';
import type { Config } from './config';
import { formsSecretBox, messagesSecretBox, resolveSecretKey } from './secret-key';
import { accountsModule } from './container/accounts.module';
import { clinicsModule } from './container/clinics.module';
import { operationsModule } from './container/operations.module';
import { facilitiesModule } from './container/facilities.module';
import { menusModule } from './container/menus.module';
import { membersModule } from './container/members.module';
import { LINE, lineModule } from './container/line.module';
import { reservationsModule } from './container/reservations.module';
import { WAITLIST, waitlistModule } from './container/waitlist.module';
import { MESSAGES, messagesModule } from './container/messages.module';
import { reportsModule } from './container/reports.module';
import { auditModule } from './container/audit.module';
import { schedulesModule } from './container/schedules.module';
import { settingsModule } from './container/settings.module';
import { formsModule } from './container/forms.module';
import { sharedModule } from './container/shared.module';
import { staffManagementModule } from './container/staff-management.module';
import { contractSourceModule, salonsModule } from './container/salons.module';
import { ACCOUNTS, CLINICS, FORMS, HTTP, SHARED } from './container/tokens';
import { demoLoginsIfPresent, loadDemoChain, type DemoLogin } from './demo/demo-chain';
import { loadDemoAnnouncements } from './demo/demo-announcements';
import { loadDemoSetup } from './demo/demo-setup';
import { loadDemoForms } from './demo/demo-forms';

export const VERSION = '0.1.0';

/**
 * Runs `task` every `ms` (and at once, `runNow`), never two at once in this process; a failure is
 * logged and the next turn tries again. Stopped with `clearInterval`.
 */
const sweepEvery = (ms: number, task: () => Promise<unknown>, what: string, logger: Logger, runNow = false): NodeJS.Timeout => {
  let running = false;
  const turn = () => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => logger.warn({ err: error }, `${what} failed; tried again at the next sweep`))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(turn, ms);
  timer.unref();
  if (runNow) turn();
  return timer;
};

export interface Application {
  readonly container: Container;
  readonly http: HttpApp;
  readonly database: Database;
  /** The demo logins, when the database holds the demo chain. */
  readonly demoLogins: DemoLogin[] | null;
  /** Stops background work (message delivery), waiting for deliveries under way; call before closing the database. */
  stop(): Promise<void>;
}

/**
 * The composition root: migrates the database, binds every module, runs the start-up use cases
 * (first admin, demo chain) and builds the Koa app. Nothing else calls `container.get`.
 */
export interface CompositionOverrides {
  /** Where "now" comes from; tests fix it. */
  readonly clock?: ClockPort;
}

/** The guard's two-factor check, reading each staff member's state through the account cache when there is one. */
const twoFactorGate = (container: Container, cache: AccountCache | null): TwoFactorGate => {
  const manage = container.get(ACCOUNTS.manageTwoFactor);
  if (!cache) return manage;
  const repository = container.get(ACCOUNTS.twoFactorRepository);
  return { mayProceed: (staff) => manage.mayProceed(staff, (id) => cache.twoFactorState(id, () => repository.state(id))) };
};

export const composeApplication = async (config: Config, database: Database, logger: Logger, overrides: CompositionOverrides = {}): Promise<Application> => {
  await migrateToLatest(database);
  const container = new Container({ defaultScope: 'Singleton' });
  const twoFactorKey = await resolveSecretKey(config.twoFactor.key, logger);
  container.bind(ACCOUNTS.secretBox).toConstantValue(new SecretBox(twoFactorKey, config.twoFactor.previousKeys));
  container.bind(FORMS.secretBox).toConstantValue(formsSecretBox(config.formsKey, twoFactorKey, config.twoFactor.previousKeys));
  container.bind(MESSAGES.payloadTokens).toConstantValue(new PayloadTokens(messagesSecretBox(twoFactorKey, config.twoFactor.previousKeys)));
  await container.load(
    sharedModule(config, logger, database, overrides.clock),
    accountsModule,
    clinicsModule,
    operationsModule,
    facilitiesModule,
    menusModule,
    staffManagementModule,
    schedulesModule,
    settingsModule,
    reservationsModule,
    messagesModule,
    salonsModule,
    membersModule,
    lineModule,
    reportsModule,
    auditModule,
    waitlistModule,
    formsModule,
  );
  // The contract source (built-in ledger or salon system) replaces the ledger bindings above.
  await container.load(contractSourceModule);

  // Two-factor secrets stored in the clear or under a previous key are sealed with the key now; a wrong key stops the start.
  const sealed = await container.get(ACCOUNTS.twoFactorStore).sealStoredSecrets();
  if (sealed > 0) logger.info({ staffs: sealed }, 'sealed stored two-factor secrets with the current key');
  // Guests' tokens in messages written before sealing began are sealed now (docs/messages.md).
  const sealedPayloads = await container.get(MESSAGES.payloadTokens).sealStored(database.knex);
  if (sealedPayloads > 0) logger.info({ messages: sealedPayloads }, 'sealed guest tokens stored in message payloads');

  if (config.bootstrapAdminPassword) {
    const outcome = await container.get(ACCOUNTS.bootstrapAdmin).execute(config.bootstrapAdminPassword);
    if (outcome === 'created') logger.info('created the first ADMIN (employee number "admin")');
  }

  const clinics = container.get(CLINICS.clinics);
  const wantsDemo = config.demoData ?? (database.kind === 'pglite' && (await clinics.list()).length === 0);
  const staffs = container.get(ACCOUNTS.staffs);
  if (wantsDemo) {
    const loaded = await loadDemoChain({ clinics, staffs, members: container.get(ACCOUNTS.members), hasher: container.get(ACCOUNTS.hasher) });
    if (loaded) {
      const clock = container.get(SHARED.clock);
      for (const [name, load] of [
        ['setup', () => loadDemoSetup(container)],
        ['schedules', () => loadDemoSchedules(database, clock)],
        ['announcements', () => loadDemoAnnouncements(container)],
        ['forms', () => loadDemoForms(container)],
        ['reservations', () => loadDemoReservations(database, clock)],
      ] as const) {
        const started = performance.now();
        await load();
        logger.info({ ms: Math.round(performance.now() - started) }, `demo ${name} loaded`);
      }
      // Fresh statistics after the bulk load, so the planner does not wait for autovacuum to
      // learn that allocations and schedules now hold thousands of rows.
      await database.knex.raw('analyze allocations, schedules, schedule_breaks, reservations, reservation_tasks, reservation_menus, users');
    } else {
      logger.info('DEMO_DATA is on but the database already has clinics: the demo chain was not loaded');
    }
  }
  const demoLogins = await demoLoginsIfPresent(staffs);

  // The message pipeline: the queue's tables are made before the first booking can enqueue; this
  // process delivers unless MESSAGE_WORKER=off (every process may: they share the queue).
  const queue = container.get(MESSAGES.queue);
  await queue.start();
  if (config.messages.worker) {
    const deliver = container.get(MESSAGES.deliver);
    await queue.work(async (messageIds) => {
      try {
        const outcomes = await deliver.deliverAll(messageIds);
        for (const [messageId, outcome] of outcomes)
          if (outcome === 'FAILED') logger.warn({ messageId }, 'a message could not be delivered after the last attempt');
      } catch (error) {
        logger.warn({ err: error, messageIds }, 'message delivery failed; the queue tries again');
        throw error;
      }
    }, config.messages.batchSize);
  }

  // LINE's webhook events, each handled once after the webhook has answered LINE.
  const lineWebhook = container.get(LINE.webhook);
  if (config.messages.worker && lineWebhook) {
    await queue.workLineEvents(async (webhookEventId) => {
      try {
        await lineWebhook.handle(webhookEventId);
      } catch (error) {
        logger.warn({ err: error, webhookEventId }, 'a LINE webhook event failed; the queue tries again');
        throw error;
      }
    });
  }

  // Every worker process sweeps, at its own pace; each sweep is safe beside the others'.
  const sweeps: NodeJS.Timeout[] = [];
  if (config.messages.worker) {
    // Offers whose hold ran out pass to the next entry.
    const waitlist = container.get(WAITLIST.useCase);
    sweeps.push(sweepEvery(Math.max(1000, config.messages.pollSeconds * 1000), () => waitlist.expireDue(), 'waitlist expiry', logger));
    // Messages held back when written (a reminder for the day before) go to the queue before they
    // are due; at start too, in case this was the only worker and it was down for a while.
    const messages = container.get(MESSAGES.repository);
    sweeps.push(sweepEvery(QUEUE_SWEEP_MS, () => messages.queueHeldBack(QUEUE_AHEAD_MS), 'queueing held-back messages', logger, true));
    // Messages whose job the queue lost (a restore, a TRUNCATE by hand) are queued again, once.
    const requeueLost = async () => {
      const healed = await messages.requeueLost(LOST_JOB_GRACE_MS);
      if (healed > 0) logger.warn({ healed }, 'pending messages had no delivery job (restored or removed queue); queued again');
    };
    sweeps.push(sweepEvery(LOST_JOB_SWEEP_MS, requeueLost, 'queueing messages that lost their job', logger, true));
  }

  // Sessions and the accounts they name, kept between requests while LISTEN is up.
  const accountCache = config.accountCache ? new AccountCache() : null;
  await accountCache?.start(database);
  const sessions = container.get(ACCOUNTS.sessions);
  const http = createHttpApp({
    logger,
    sessions: accountCache ? new CachedSessionStore(sessions, accountCache.sessions) : sessions,
    principalCache: accountCache ?? undefined,
    session: config.session,
    routers: container.getAll(HTTP.router),
    webRoot: config.webRoot,
    trustProxy: config.trustProxy,
    trustProxyHops: config.trustProxyHops,
    publicUrl: config.publicUrl,
    version: VERSION,
    metrics: { token: config.metricsToken, poolStats: () => knexPoolStats(database.knex) },
    audit: container.get(SHARED.audit),
    twoFactorGate: twoFactorGate(container, accountCache),
  });
  return {
    container,
    http,
    database,
    demoLogins,
    stop: async () => {
      for (const sweep of sweeps) clearInterval(sweep);
      await queue.stop();
    },
  };
};
