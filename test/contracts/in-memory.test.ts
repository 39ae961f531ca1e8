import { afterAll, beforeAll, describe } from 'vitest';
import { inMemoryPorts } from '../support/port-sets';
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

const factory = inMemoryPorts();

describe('port contracts on the in-memory fakes', () => {
  beforeAll(() => factory.start());
  afterAll(() => factory.stop());
  accountsContract(() => factory.fresh());
  clinicsContract(() => factory.fresh());
  facilitiesContract(() => factory.fresh());
  memberStoreContract(() => factory.fresh(), { listings: false });
  menusContract(() => factory.fresh());
  reservationsContract(() => factory.fresh());
  sessionsContract(() => factory.fresh());
  staffSchedulesContract(() => factory.fresh());
  settingsContract(() => factory.fresh());
  twoFactorContract(() => factory.fresh());
  waitlistContract(() => factory.fresh());
});
