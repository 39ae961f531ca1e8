import { DEMO_PASSWORD } from '@clinic/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';

describe('start-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BOOTSTRAP_ADMIN_PASSWORD: 'first-admin-password', DEMO_DATA: 'on' });
  });
  afterAll(() => server.close());

  it('creates the first ADMIN from BOOTSTRAP_ADMIN_PASSWORD when no staff exists', async () => {
    const answer = await server.client().login('staffadmin', 'first-admin-password');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'staff', role: 'ADMIN' });
  });

  it('loads the demo chain of three clinics with staff of both roles and members', async () => {
    const client = server.client();
    // The demo chain is loaded after the bootstrap admin exists, and its own admin is skipped then.
    expect(server.app.demoLogins?.map((login) => login.id)).toContain('S1002');
    expect((await client.login('staffS1002', DEMO_PASSWORD)).body).toMatchObject({ role: 'STAFF' });
    const clinics = await client.get('/api/staffs/clinics');
    expect(clinics.body.map((clinic: { name: string }) => clinic.name)).toEqual(['渋谷', '新宿', '横浜']);
    expect((await server.client().login('user100001', DEMO_PASSWORD)).status).toBe(200);
    expect((await server.client().login('staffS1001', DEMO_PASSWORD)).body).toMatchObject({ role: 'ADMIN' });
  });

  it('does not load the demo chain twice', async () => {
    const { loadDemoChain } = await import('@clinic/server');
    const { ACCOUNTS, CLINICS } = await import('@clinic/server');
    const again = await loadDemoChain({
      clinics: server.app.container.get(CLINICS.clinics),
      staffs: server.app.container.get(ACCOUNTS.staffs),
      members: server.app.container.get(ACCOUNTS.members),
      hasher: server.app.container.get(ACCOUNTS.hasher),
    });
    expect(again).toBe(false);
    expect((await server.client().login('staffS1002', DEMO_PASSWORD)).status).toBe(200);
    expect(Number((await server.db.knex('clinics').count({ n: '*' }).first())!.n)).toBe(3);
  });
});
