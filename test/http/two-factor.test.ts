import { OtpauthTotp } from '@clinic/adapters/security';
import { fixedClock } from '@clinic/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, seedPeople, startTestServer, type People, type TestClient, type TestServer } from '../support/http-harness';

// Two-factor login (docs/security.md): the clock is the server's, so codes and the grace period are exact.
const clock = fixedClock('2026-12-01T09:00:00+09:00');
const at = () => clock.now().toJSDate();
const advance = (seconds: number) => clock.set(clock.now().plus({ seconds }).toISO()!);
const codeFor = (secret: string) => OtpauthTotp.codeAt(secret, at());
/** A six-digit code that is none of the codes accepted now (this step and one either side). */
const wrongCodeFor = (secret: string) => {
  const accepted = [-30_000, 0, 30_000].map((offset) => OtpauthTotp.codeAt(secret, new Date(at().getTime() + offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!;
};

let server: TestServer;
let people: People;

beforeAll(async () => {
  server = await startTestServer({ TWO_FACTOR_GRACE_DAYS: '7' }, { clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock.set('2026-12-01T09:00:00+09:00');
  await server.reset();
  people = await seedPeople(server.app);
});

const login = (client: TestClient, username: string, code?: string, password = PASSWORD) =>
  client.request('POST', '/api/login', { form: code === undefined ? { username, password } : { username, password, code }, xhr: false });

const signedIn = async (username: string): Promise<TestClient> => {
  const client = server.client();
  expect((await login(client, username)).status).toBe(200);
  return client;
};

/** Sets up two-factor login for a logged-in client; answers the secret and the recovery codes. */
const enrol = async (client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> => {
  const setup = await client.post('/api/staffs/two-factor/setup');
  expect(setup.status).toBe(200);
  const activated = await client.post('/api/staffs/two-factor/activate', { code: codeFor(setup.body.secret) });
  expect(activated.status).toBe(200);
  advance(30); // the activation used this time step
  return { secret: setup.body.secret, recoveryCodes: activated.body.recoveryCodes };
};

describe('enrolment', () => {
  it('hands out a pending secret with its otpauth URI, then turns it on with a code and answers 10 recovery codes', async () => {
    const admin = await signedIn('staffA0001');
    expect((await admin.get('/api/staffs/two-factor')).body).toEqual({
      enabled: false,
      required: true,
      deadline: '2026-12-08T09:00:00+09:00',
      recoveryCodesLeft: 0,
    });
    const first = await admin.post('/api/staffs/two-factor/setup');
    const setup = await admin.post('/api/staffs/two-factor/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*A0001\?issuer=/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(decodeURIComponent(setup.body.otpauthUrl)).toContain('クリニック予約');

    // A code of the replaced pending secret, or a wrong one, is refused as bad input (400, not a lost session).
    const stale = await admin.post('/api/staffs/two-factor/activate', { code: codeFor(first.body.secret) });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', fields: [{ path: 'code' }] });

    const activated = await admin.post('/api/staffs/two-factor/activate', { code: codeFor(setup.body.secret) });
    expect(activated.status).toBe(200);
    expect(activated.body.recoveryCodes).toHaveLength(10);
    expect(new Set(activated.body.recoveryCodes).size).toBe(10);
    expect((await admin.get('/api/staffs/two-factor')).body).toEqual({ enabled: true, required: true, deadline: null, recoveryCodesLeft: 10 });
    expect((await admin.post('/api/staffs/two-factor/setup')).body.error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');

    // Stored: the secret sealed (docs/security.md), so the column does not hold it; only digests of the recovery codes.
    const row = await server.db.knex('staffs').where({ id: people.admin.id }).first();
    expect(row.two_factor_secret).toMatch(/^v1\./);
    expect(row.two_factor_secret).not.toContain(setup.body.secret);
    expect(row.two_factor_pending_secret).toBeNull();
    const digests = await server.db.knex('staff_recovery_codes').where({ staff_id: people.admin.id }).pluck('code_digest');
    expect(digests).toHaveLength(10);
    for (const code of activated.body.recoveryCodes) expect(digests).not.toContain(code);
    expect(await server.db.knex('audit_log').where({ action: 'two-factor.enabled', entity_id: people.admin.id })).toHaveLength(1);
  });

  it('refuses activation before setup', async () => {
    const admin = await signedIn('staffA0001');
    const answer = await admin.post('/api/staffs/two-factor/activate', { code: '123456' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('TWO_FACTOR_SETUP_NOT_STARTED');
  });
});

describe('POST /api/login with two-factor login on', () => {
  it('asks for the code after the right password, refuses a wrong or replayed code, and takes the right one', async () => {
    const { secret } = await enrol(await signedIn('staffA0001'));

    const client = server.client();
    const noCode = await login(client, 'staffA0001');
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ error: { code: 'TWO_FACTOR_REQUIRED', message: '確認コードを入力してください。' } });
    expect((await client.get('/api/staffs/profile')).status).toBe(401);

    // A wrong password says nothing about the second factor, with or without a code.
    const wrongPassword = await login(client, 'staffA0001', codeFor(secret), 'not the password');
    expect(wrongPassword.body.error.code).toBe('INVALID_CREDENTIALS');

    const wrong = await login(client, 'staffA0001', wrongCodeFor(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await client.get('/api/staffs/profile')).status).toBe(401);

    const code = codeFor(secret);
    const right = await login(client, 'staffA0001', code);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ type: 'staff', id: people.admin.id, name: people.admin.name, role: 'ADMIN' });
    expect((await client.get('/api/staffs/profile')).status).toBe(200);

    // The same code again, even within its 30 seconds, is a replay.
    const replay = await login(server.client(), 'staffA0001', code);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    advance(30);
    expect((await login(server.client(), 'staffA0001', codeFor(secret))).status).toBe(200);
  });

  it('accepts a recovery code once, in any case and with or without the hyphen', async () => {
    const { recoveryCodes } = await enrol(await signedIn('staffA0001'));
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(server.client(), 'staffA0001', first)).status).toBe(200);
    const again = await login(server.client(), 'staffA0001', first);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await login(server.client(), 'staffA0001', second.replace('-', '').toUpperCase())).status).toBe(200);
    expect(await server.db.knex('audit_log').where({ action: 'two-factor.recovery-code-used', entity_id: people.admin.id })).toHaveLength(2);
  });

  it('counts wrong codes as failed logins: guessing ends in 429', async () => {
    const { secret } = await enrol(await signedIn('staffA0001'));
    const client = server.client();
    const wrongCode = wrongCodeFor(secret);
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(client, 'staffA0001', wrongCode)).status).toBe(401);
    const blocked = await login(client, 'staffA0001', codeFor(secret));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
  });

  it('leaves accounts without two-factor login as they were: the password alone, the code ignored', async () => {
    expect((await login(server.client(), 'staffS0001')).status).toBe(200);
    expect((await login(server.client(), 'staffS0001', '123456')).status).toBe(200);
    expect((await login(server.client(), 'user100001', '123456')).status).toBe(200);
  });
});

describe('the grace period', () => {
  it('lets an un-enrolled ADMIN work for TWO_FACTOR_GRACE_DAYS, then only set it up', async () => {
    const admin = await signedIn('staffA0001');
    advance(7 * 24 * 3600 - 60);
    expect((await admin.get('/api/admin/staffs')).status).toBe(200);
    advance(120);
    const held = await admin.get('/api/admin/staffs');
    expect(held.status).toBe(403);
    expect(held.body).toEqual({ error: { code: 'TWO_FACTOR_SETUP_REQUIRED', message: '2段階認証の設定が必要です。設定画面から設定してください。' } });
    expect((await admin.get('/api/staffs/clinics')).body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    // The staff access audit records the refusal.
    expect(await server.db.knex('audit_log').where({ kind: 'access', path: '/api/admin/staffs', status: 403 }).first()).toMatchObject({
      outcome: 'refused',
      actor_id: people.admin.id,
    });
    expect((await admin.get('/api/staffs/profile')).status).toBe(200);
    expect((await admin.get('/api/staffs/two-factor')).body).toMatchObject({ enabled: false, required: true, deadline: '2026-12-08T09:00:00+09:00' });
    // A fresh login still works (the acceptance suite logs the bootstrap admin in by password), and so does the setup.
    const again = await signedIn('staffA0001');
    expect((await again.get('/api/admin/staffs')).status).toBe(403);
    await enrol(again);
    expect((await again.get('/api/admin/staffs')).status).toBe(200);
    expect((await admin.get('/api/admin/staffs')).status).toBe(200);
  });

  it('holds STAFF to it only when their clinic requires it, counted from when it began to', async () => {
    const admin = await signedIn('staffA0001');
    const staffX = await signedIn('staffS0001');
    const staffY = await signedIn('staffS0002');
    expect((await staffX.get('/api/staffs/two-factor')).body).toEqual({ enabled: false, required: false, deadline: null, recoveryCodesLeft: 0 });
    await enrol(admin);

    advance(3 * 24 * 3600);
    const required = await admin.put(`/api/admin/clinics/${people.clinicX.id}/two-factor`, { staffRequired: true });
    expect(required.status).toBe(200);
    expect(required.body).toEqual({ staffRequired: true, since: '2026-12-04T09:00:30+09:00' });
    expect((await admin.get(`/api/admin/clinics/${people.clinicX.id}/two-factor`)).body).toEqual(required.body);
    expect((await admin.get(`/api/admin/clinics/${people.clinicY.id}/two-factor`)).body).toEqual({ staffRequired: false, since: null });
    // The clinic's own body does not change.
    expect((await admin.get(`/api/admin/clinics/${people.clinicX.id}`)).body).not.toHaveProperty('staffTwoFactorRequiredSince');

    expect((await staffX.get('/api/staffs/two-factor')).body).toMatchObject({ required: true, deadline: '2026-12-11T09:00:30+09:00' });
    expect((await staffY.get('/api/staffs/two-factor')).body).toMatchObject({ required: false, deadline: null });
    advance(8 * 24 * 3600);
    expect((await staffX.get('/api/staffs/clinics')).body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await staffY.get('/api/staffs/clinics')).status).toBe(200);

    // Once enrolled, STAFF of a requiring clinic cannot turn it off; others can.
    const x = await enrol(staffX);
    const refused = await staffX.request('DELETE', '/api/staffs/two-factor', { json: { code: codeFor(x.secret) } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('TWO_FACTOR_MANDATORY');
    const y = await enrol(staffY);
    expect((await staffY.request('DELETE', '/api/staffs/two-factor', { json: { code: codeFor(y.secret) } })).status).toBe(204);
    expect((await staffY.get('/api/staffs/two-factor')).body).toMatchObject({ enabled: false, required: false });
    expect((await login(server.client(), 'staffS0002')).status).toBe(200);

    // Optional again: nobody is held.
    expect((await admin.put(`/api/admin/clinics/${people.clinicX.id}/two-factor`, { staffRequired: false })).body).toEqual({
      staffRequired: false,
      since: null,
    });
    expect(await server.db.knex('audit_log').where({ action: 'two-factor.clinic-requirement' })).toHaveLength(2);
    expect(await server.db.knex('audit_log').where({ action: 'two-factor.disabled', entity_id: people.staffY.id })).toHaveLength(1);
  });

  it('refuses a STAFF member the requirement and the reset', async () => {
    const staffX = await signedIn('staffS0001');
    expect((await staffX.put(`/api/admin/clinics/${people.clinicX.id}/two-factor`, { staffRequired: true })).status).toBe(403);
    expect((await staffX.request('DELETE', `/api/admin/staffs/${people.staffY.id}/two-factor`)).status).toBe(403);
  });
});

describe('recovery codes and the admin reset', () => {
  it('makes new recovery codes on a right code, voiding the old ones', async () => {
    const admin = await signedIn('staffA0001');
    const { secret, recoveryCodes } = await enrol(admin);
    expect((await admin.post('/api/staffs/two-factor/recovery-codes', { code: '00000' })).status).toBe(400);
    const renewed = await admin.post('/api/staffs/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await login(server.client(), 'staffA0001', recoveryCodes[0])).status).toBe(401);
    expect((await login(server.client(), 'staffA0001', renewed.body.recoveryCodes[0])).status).toBe(200);
    expect((await admin.get('/api/staffs/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('lets an ADMIN reset a staff member who lost their phone: password alone again, a new grace period', async () => {
    const admin = await signedIn('staffA0001');
    await enrol(admin);
    await admin.put(`/api/admin/clinics/${people.clinicX.id}/two-factor`, { staffRequired: true });
    await enrol(await signedIn('staffS0001'));
    expect((await login(server.client(), 'staffS0001')).body.error.code).toBe('TWO_FACTOR_REQUIRED');

    advance(30 * 24 * 3600);
    const reset = await admin.request('DELETE', `/api/admin/staffs/${people.staffX.id}/two-factor`);
    expect(reset.status).toBe(204);
    const staffX = await signedIn('staffS0001');
    expect((await staffX.get('/api/staffs/two-factor')).body).toEqual({
      enabled: false,
      required: true,
      deadline: clock.now().plus({ days: 7 }).toISO({ suppressMilliseconds: true }),
      recoveryCodesLeft: 0,
    });
    expect((await staffX.get('/api/staffs/clinics')).status).toBe(200);
    expect(await server.db.knex('staff_recovery_codes').where({ staff_id: people.staffX.id })).toHaveLength(0);
    const audit = await server.db.knex('audit_log').where({ action: 'two-factor.reset' }).first();
    expect(audit).toMatchObject({ actor_id: people.admin.id, entity_id: people.staffX.id });
    expect((await admin.request('DELETE', '/api/admin/staffs/999999/two-factor')).status).toBe(404);
  });
});
