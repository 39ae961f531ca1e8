import { BOOTSTRAP_ADMIN_EMAIL } from '@clinic/core';
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

  it('gives the first ADMIN an e-mail the staff form accepts, so it can be edited and saved as it is', async () => {
    const admin = server.client();
    await admin.login('staffadmin', 'first-admin-password');
    const self = (await admin.get('/api/admin/staffs')).body.find((staff: { employeeNumber: string }) => staff.employeeNumber === 'admin');
    expect(self.email).toBe(BOOTSTRAP_ADMIN_EMAIL);
    const saved = await admin.put(`/api/admin/staffs/${self.id}`, {
      employeeNumber: 'admin',
      email: self.email,
      name: '管理者 太郎',
      role: 'ADMIN',
      clinicId: null,
    });
    expect(saved.status).toBe(200);
  });

  it('names the right password for the first ADMIN in the demo banner', () => {
    const admin = server.app.demoLogins?.find((login) => login.id === 'admin');
    expect(admin?.description).toContain('BOOTSTRAP_ADMIN_PASSWORD');
    expect(server.app.demoLogins?.find((login) => login.id === 'S1002')?.description).not.toContain('BOOTSTRAP_ADMIN_PASSWORD');
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
