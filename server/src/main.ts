import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { openDatabase, warmSearchCopies, warmUpConnections } from '@clinic/adapters/persistence';
import { CLINIC_ZONE, dayStartMs, SEARCH_DAYS, todayIn } from '@clinic/core';
import { SecretBoxError } from '@clinic/adapters/security';
import { composeApplication } from './application';
import { RESERVATIONS } from './container/reservations.module';
import { ConfigError, loadConfig, type Config } from './config';
import { DEMO_PASSWORD } from './demo/demo-chain';
import { createLogger } from './logger';
import { withLocalLineProvider } from './line-startup';
import { withLocalSalon } from './salon-startup';

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

const logger = createLogger(readConfig().logLevel);
const localSalon = await withLocalSalon(await withLocalLineProvider(readConfig(), logger), logger);
const config = localSalon.config;
const database = await openDatabase(config.databaseUrl, {
  poolMax: config.databasePoolMax,
  ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
});
const app = await composeApplication(config, database, logger).catch(async (error: unknown) => {
  // A key that cannot be read or does not open the stored secrets: one line, as for a bad variable.
  if (error instanceof ConfigError || error instanceof SecretBoxError) {
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  throw error;
});
await localSalon.seed(app);
if (config.webRoot && !existsSync(config.webRoot)) {
  logger.warn({ webRoot: config.webRoot }, 'web build not found: run `npm run build` to serve the screens');
}

// Every pooled connection opened and warmed before the first request (PostgreSQL; docs/operations.md).
if (config.databaseWarmUp && database.kind === 'postgres') {
  const started = performance.now();
  const warmed = await warmUpConnections(database, config.databasePoolMax);
  logger.info({ connections: warmed, ms: Math.round(performance.now() - started) }, 'database connections warmed');
  // Every clinic's schedules of today's 30-day search window, kept for the searches (warm-up.ts).
  const searchStarted = performance.now();
  const today = todayIn(CLINIC_ZONE, Date.now());
  const window = [dayStartMs(CLINIC_ZONE, today.toISODate()!), dayStartMs(CLINIC_ZONE, today.plus({ days: SEARCH_DAYS.online - 1 }).toISODate()!, 1)] as const;
  const clinics = await warmSearchCopies(database, app.container.get(RESERVATIONS.source), ...window);
  logger.info({ clinics, ms: Math.round(performance.now() - searchStarted) }, 'search copies warmed');
}

const server = app.http.koa.listen(config.port, config.host);
// An idle keep-alive connection is kept longer than a load balancer's idle timeout (60 s at the
// common ones): the server never closes one just as a balancer or a client sends on it, which
// they see as a reset (502, ECONNRESET). Node's default is 5 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});
const { port } = server.address() as AddressInfo;
console.log(`listening on http://localhost:${port}`);
console.log(`database: ${database.description}`);
if (app.demoLogins) {
  console.log(`demo logins (password for all: ${DEMO_PASSWORD})`);
  for (const login of app.demoLogins) {
    const page = login.audience === 'staff' ? '/staff/login/' : '/user/login/';
    console.log(`  ${login.id.padEnd(8)} ${login.description}  → http://localhost:${port}${page}`);
  }
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  await app.stop();
  await database.close();
  await localSalon.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
