import { KnexLoginAttemptLimiter, type Database } from '@clinic/adapters/persistence';
import { RESET_REQUEST_POLICIES, ResetRequestThrottle } from '@clinic/core';

/** Reset-mail limits kept in PostgreSQL, so every server of a deployment counts together. */
export const resetThrottle = (db: Database, audience: 'staff' | 'member'): ResetRequestThrottle =>
  new ResetRequestThrottle(
    {
      perClient: new KnexLoginAttemptLimiter(db.knex, RESET_REQUEST_POLICIES.perClient),
      perAddress: new KnexLoginAttemptLimiter(db.knex, RESET_REQUEST_POLICIES.perAddress),
    },
    audience,
  );
