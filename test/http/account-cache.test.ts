import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAll, startTestServer, type SignedIn, type TestServer } from '../support/http-harness';
import { statementsDuring } from '../support/statements';
import { waitFor } from '../support/wait';

/**
 * The server keeps sessions and the accounts they name in memory between requests
 * (adapters/src/persistence/account-cache.ts). These prove it saves the round trips and that a
 * change is never answered from an old copy: on the same server at once, and from another
 * connection (another server) as soon as its NOTIFY arrives.
 */
let server: TestServer;
let signedIn: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  signedIn = await signInAll(server);
});

const queriesDuring = (work: () => Promise<unknown>): Promise<string[]> => statementsDuring(server.db.knex, work);

describe('sessions and accounts kept between requests', () => {
  it('reads the session and the staff member once, not on every request', async () => {
    const path = '/api/admin/clinics';
    const reads = (sql: string) => sql.includes('from "sessions"') || /from "staffs" where "deleted_at" is null and "staffs"."id"/.test(sql);
    // The login's own writes reach the cache as NOTIFYs, which may arrive after the first request
    // has filled it (a busy machine). Without the cache every request reads both, so the state where
    // a request is answered from memory alone never comes and the wait fails.
    await waitFor(
      async () => (await queriesDuring(async () => expect((await signedIn.admin.get(path)).status).toBe(200))).filter(reads).length === 0,
      'a request answered from the cache',
    );
  });

  it('answers a demotion, a removal and a logout at once, on the next request', async () => {
    const { admin, staffX, people } = signedIn;
    expect((await admin.get('/api/admin/mail-outbox')).status).toBe(200);
    await server.db.knex('staffs').where('id', people.admin.id).update({ role: 'STAFF', clinic_id: people.clinicX.id });
    const demoted = await admin.get('/api/admin/mail-outbox');
    expect(demoted.status).toBe(403);
    expect(demoted.body.error.code).toBe('FORBIDDEN');

    expect((await staffX.get('/api/staffs/profile')).status).toBe(200);
    await server.db.knex('staffs').where('id', people.staffX.id).update({ deleted_at: new Date().toISOString() });
    expect((await staffX.get('/api/staffs/profile')).status).toBe(401);

    const { member } = signedIn;
    expect((await member.get('/api/users/profile')).status).toBe(200);
    expect((await member.post('/api/logout')).status).toBe(204);
    const replayed = member.request('GET', '/api/users/profile');
    expect((await replayed).status).toBe(401);
  });

  it('answers a member made temporary again by another connection once its NOTIFY arrives', async () => {
    const { member, people } = signedIn;
    expect((await member.get('/api/users/profile')).status).toBe(200);
    // Straight through PostgreSQL, not through this server's connection pool: only the trigger's
    // NOTIFY tells the server (as when another server made the change).
    const trigger = server.db.kind === 'postgres' ? await otherConnection() : null;
    try {
      const writer = trigger ?? server.db.knex;
      await writer('users').where('id', people.member.id).update({ status: 'TEMPORARY', user_number: null });
      await expect.poll(async () => (await member.get('/api/users/profile')).status, { timeout: 5_000, interval: 20 }).toBe(401);
    } finally {
      await trigger?.destroy();
    }
  });
});

/** A second knex on the same database and schema as the server's (PostgreSQL only). */
const otherConnection = async () => {
  const { default: knexPkg } = await import('knex');
  const config = server.db.knex.client.config as { connection: unknown; searchPath?: string[] };
  return knexPkg.knex({ client: 'pg', connection: config.connection as never, searchPath: config.searchPath, pool: { min: 0, max: 1 } });
};
