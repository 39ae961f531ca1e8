import { afterAll, beforeAll, describe } from 'vitest';
import { databaseTargets } from '../support/databases';
import { knexPorts } from '../support/port-sets';
import { accountsContract } from './accounts.contract';
import { clinicsContract } from './clinics.contract';
import { facilitiesContract } from './facilities.contract';
import { memberStoreContract } from './member-store.contract';
import { menusContract } from './menus.contract';
import { reservationsContract } from './reservations.contract';
import { sessionsContract } from './sessions.contract';
import { staffSchedulesContract } from './staff-schedules.contract';
import { settingsContract } from './settings.contract';
import { twoFactorContract } from './two-factor.contract';
import { waitlistContract } from './waitlist.contract';

const target = databaseTargets().find((candidate) => candidate.name === 'PostgreSQL');

// Runs when TEST_DATABASE_URL names a PostgreSQL server (always in CI); reported as skipped otherwise.
describe.skipIf(!target)('port contracts on the Knex adapters with PostgreSQL (TEST_DATABASE_URL)', () => {
  const factory = target ? knexPorts(target) : null;
  beforeAll(() => factory!.start());
  afterAll(() => factory!.stop());
  accountsContract(() => factory!.fresh());
  clinicsContract(() => factory!.fresh());
  facilitiesContract(() => factory!.fresh());
  memberStoreContract(() => factory!.fresh(), { listings: true });
  menusContract(() => factory!.fresh());
  reservationsContract(() => factory!.fresh());
  sessionsContract(() => factory!.fresh());
  staffSchedulesContract(() => factory!.fresh());
  settingsContract(() => factory!.fresh());
  twoFactorContract(() => factory!.fresh());
  waitlistContract(() => factory!.fresh());
});
