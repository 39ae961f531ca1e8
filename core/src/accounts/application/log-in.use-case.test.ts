import { InMemoryAuditLog, InMemoryLoginAttemptLimiter, InMemoryMemberRepository, InMemoryStaffRepository } from '@clinic/test/fakes';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PasswordHasherPort } from '../ports/password-hasher.port';
import { LogInUseCase } from './log-in.use-case';

/** A transparent hasher: unit tests check the rules, not argon2. */
const plainHasher: PasswordHasherPort = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

describe('LogInUseCase', () => {
  let staffs: InMemoryStaffRepository;
  let members: InMemoryMemberRepository;
  let audit: InMemoryAuditLog;
  let now: number;
  let logIn: LogInUseCase;
  let widerLogIn: LogInUseCase;

  beforeEach(async () => {
    staffs = new InMemoryStaffRepository();
    members = new InMemoryMemberRepository();
    audit = new InMemoryAuditLog();
    now = 1_000_000;
    const limiter = new InMemoryLoginAttemptLimiter({ maxFailures: 3, windowSeconds: 60 }, () => now);
    logIn = new LogInUseCase(staffs, members, plainHasher, limiter, audit);
    const clock = () => now;
    widerLogIn = new LogInUseCase(
      staffs,
      members,
      plainHasher,
      new InMemoryLoginAttemptLimiter({ maxFailures: 3, windowSeconds: 60 }, clock),
      audit,
      undefined,
      {
        account: new InMemoryLoginAttemptLimiter({ maxFailures: 5, windowSeconds: 60 }, clock),
        address: new InMemoryLoginAttemptLimiter({ maxFailures: 8, windowSeconds: 60 }, clock),
      },
    );
    await staffs.create({ employeeNumber: 'S1', email: 's1@example.jp', name: '佐藤', role: 'ADMIN', clinicId: null, priority: 0, passwordHash: 'plain:pw' });
    const base = {
      name: '山田',
      kana: 'ヤマダ',
      phone: '',
      birthday: null,
      gender: null,
      clinicId: '1',
      lineUserId: null,
      introducerUserId: null,
      giftCount: 0,
      externalMemberId: null,
    };
    await members.create({ ...base, userNumber: '100', email: 'm@example.jp', status: 'FULL', passwordHash: 'plain:pw' });
    await members.create({ ...base, userNumber: null, email: 'temp@example.jp', status: 'TEMPORARY', passwordHash: null });
    await members.create({ ...base, userNumber: null, email: 'was-full@example.jp', status: 'TEMPORARY', passwordHash: 'plain:pw' });
    await staffs.create({ employeeNumber: 'S2', email: 's2@example.jp', name: '鈴木', role: 'STAFF', clinicId: null, priority: 0, passwordHash: null });
  });

  const attempt = (username: string, password = 'pw') => logIn.execute({ username, password, clientAddress: '127.0.0.1' });

  it('logs staff in with their role, and members without one', async () => {
    expect(await attempt('staffS1')).toEqual({ ok: true, value: { type: 'staff', id: '1', name: '佐藤', role: 'ADMIN' } });
    expect(await attempt('user100')).toEqual({ ok: true, value: { type: 'user', id: '1', name: '山田' } });
  });

  it('needs the audience prefix: the same id under the other audience is unknown', async () => {
    expect((await attempt('S1')).ok).toBe(false);
    expect(await attempt('userS1')).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
    expect(await attempt('staff')).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
  });

  it('tells a temporary member NOT_FULLY_REGISTERED only after the right password', async () => {
    expect(await attempt('userwas-full@example.jp', 'bad')).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
    expect(await attempt('userwas-full@example.jp')).toMatchObject({ ok: false, error: { code: 'NOT_FULLY_REGISTERED' } });
  });

  it('answers an account without a password exactly like a wrong password, and counts it', async () => {
    expect(await attempt('usertemp@example.jp')).toEqual({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
    expect(await attempt('staffS2')).toEqual({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
    expect(audit.entries.map((entry) => entry.action)).toEqual(['login.failed', 'login.failed']);
  });

  it('counts an account as one whether named by number or e-mail', async () => {
    await attempt('staffS1', 'bad');
    await attempt('staffs1@example.jp', 'bad');
    await attempt('staffS1@EXAMPLE.jp', 'bad');
    expect(await attempt('staffS1')).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('limits one account from many addresses, and one address against many accounts', async () => {
    const from = (address: string, username: string, password = 'bad') => widerLogIn.execute({ username, password, clientAddress: address });
    for (let i = 0; i < 5; i++) expect(await from(`10.0.0.${i}`, 'staffS1')).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    expect(await from('10.0.0.99', 'staffS1', 'pw')).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // The address 10.0.0.99 sprays other names: 8 failures, then even a right password is refused.
    for (let i = 0; i < 8; i++) expect(await from('10.0.0.99', `staffnobody${i}`)).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    expect(await from('10.0.0.99', 'user100', 'pw')).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect((await from('10.0.0.98', 'user100', 'pw')).ok).toBe(true);
    now += 61_000;
    expect((await from('10.0.0.99', 'staffS1', 'pw')).ok).toBe(true);
  });

  it('blocks after the allowed failures until the window passes', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt('staffS1', 'bad')).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    expect(await attempt('staffS1')).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', detail: { retryAfterSeconds: 60 } } });
    now += 61_000;
    expect((await attempt('staffS1')).ok).toBe(true);
  });

  it('audits failures and successes', async () => {
    await attempt('staffS1', 'bad');
    await attempt('staffS1');
    expect(audit.entries.map((entry) => entry.action)).toEqual(['login.failed', 'login']);
  });
});
