import type { Logger } from 'pino';
import type { Application } from './application';
import type { Config } from './config';
import { seedDemoSalon } from './demo/demo-salon';

export interface LocalSalon {
  readonly config: Config;
  /** Puts the demo members (and a contract) into the fake, once the application is composed. */
  seed(app: Application): Promise<void>;
  close(): Promise<void>;
}

/**
 * With `SALON_API_URL=local`, starts the fake salon-management system of the tests
 * (test/fakes/fake-salon-server.ts) on loopback and points the salon adapter at it. Development only.
 */
export const withLocalSalon = async (config: Config, logger: Logger): Promise<LocalSalon> => {
  if (config.salon?.url !== 'local') return { config, seed: async () => {}, close: async () => {} };
  const { startFakeSalonServer } = await import('../../test/fakes/fake-salon-server');
  const fake = await startFakeSalonServer({ apiKey: config.salon.apiKey });
  logger.warn({ url: fake.url }, 'SALON_API_URL=local: using the fake salon-management system (never use it in production)');
  return {
    config: { ...config, salon: { ...config.salon, url: fake.url } },
    seed: (app) => seedDemoSalon(app, fake),
    close: () => fake.close(),
  };
};
