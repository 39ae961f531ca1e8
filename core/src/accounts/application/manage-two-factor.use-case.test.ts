import {
  InMemoryAuditLog,
  InMemoryClinicRepository,
  InMemoryLoginAttemptLimiter,
  InMemoryMemberRepository,
  InMemoryStaffRepository,
  InMemoryTwoFactorRepository,
} from '@clinic/test/fakes';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../shared/system-clock';
import type { Staff } from '../domain/staff.entity';
import type { PasswordHasherPort } from '../ports/password-hasher.port';
import type { RecoveryCodesPort, TotpPort } from '../ports/totp.port';
import { AdministerTwoFactorUseCase } from './administer-two-factor.use-case';
import { LogInUseCase } from './log-in.use-case';
import { ManageTwoFactorUseCase } from './manage-two-factor.use-case';

/** A transparent TOTP: the code of step s is s mod 10^6, six digits; one step of drift either side. */
const stepOf = (at: Date) => Math.floor(at.getTime() / 30_000);
const codeAt = (at: Date) => String(stepOf(at) % 1_000_000).padStart(6, '0');
const fakeTotp: TotpPort = {
  generateSecret: () => 'SECRET',
  keyUri: (account, issuer, secret) => `otpauth://totp/${issuer}:${account}?secret=${secret}`,
  verify: (_secret, code, at) => [-1, 0, 1].map((delta) => stepOf(at) + delta).find((step) => String(step % 1_000_000).padStart(6, '0') === code) ?? null,
};
let serial = 0;
const fakeRecoveryCodes: RecoveryCodesPort = { generate: () => `code${String(++serial).padStart(6, '0')}`, digest: (code) => `digest:${code}` };
const plainHasher: PasswordHasherPort = { hash: async (password) => `plain:${password}`, verify: async (hash, password) => hash === `plain:${password}` };

const clinicSettings = {
  phone: '03',
  homepageUrl: null,
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: [],
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
};

describe('two-factor login', () => {
  const clock = fixedClock('2026-12-01T09:00:00+09:00');
  const now = () => clock.now().toJSDate();
  const advance = (seconds: number) => clock.set(clock.now().plus({ seconds }).toISO()!);
  let staffs: InMemoryStaffRepository;
  let audit: InMemoryAuditLog;
  let manage: ManageTwoFactorUseCase;
  let administer: AdministerTwoFactorUseCase;
  let logIn: LogInUseCase;
  let admin: Staff;
  let staff: Staff;
  let clinicId: string;

  beforeEach(async () => {
    clock.set('2026-12-01T09:00:00+09:00');
    staffs = new InMemoryStaffRepository();
    const clinics = new InMemoryClinicRepository();
    const repository = new InMemoryTwoFactorRepository(staffs, clinics);
    audit = new InMemoryAuditLog();
    const limiter = new InMemoryLoginAttemptLimiter({ maxFailures: 3, windowSeconds: 900 }, () => now().getTime());
    manage = new ManageTwoFactorUseCase(repository, fakeTotp, fakeRecoveryCodes, limiter, audit, clock, { graceDays: 7 });
    administer = new AdministerTwoFactorUseCase(repository, staffs, audit, clock);
    logIn = new LogInUseCase(staffs, new InMemoryMemberRepository(), plainHasher, limiter, audit, manage);
    clinicId = (await clinics.create({ name: '渋谷', ...clinicSettings })).id;
    admin = await staffs.create({
      employeeNumber: 'A1',
      email: 'a1@example.jp',
      name: '管理 者',
      role: 'ADMIN',
      clinicId: null,
      priority: 0,
      passwordHash: 'plain:pw',
    });
    staff = await staffs.create({ employeeNumber: 'S1', email: 's1@example.jp', name: '佐藤', role: 'STAFF', clinicId, priority: 0, passwordHash: 'plain:pw' });
  });

  const enrol = async (who: Staff) => {
    expect((await manage.setup(who)).ok).toBe(true);
    const activated = await manage.activate(who, codeAt(now()));
    if (!activated.ok) throw new Error(activated.error.code);
    advance(30);
    return activated.value.recoveryCodes;
  };
  const attempt = (username: string, code?: string, password = 'pw') =>
    logIn.execute({ username, password, clientAddress: '127.0.0.1', ...(code === undefined ? {} : { code }) });

  describe('who must use it, and the grace period', () => {
    it('holds an ADMIN to it after the grace period, counted from when it was first needed', async () => {
      expect(await manage.status(admin)).toEqual({ enabled: false, required: true, deadline: new Date('2026-12-08T00:00:00Z'), recoveryCodesLeft: 0 });
      advance(7 * 24 * 3600);
      expect(await manage.mayProceed(admin)).toBe(true);
      advance(1);
      expect(await manage.mayProceed(admin)).toBe(false);
      await enrol(admin);
      expect(await manage.mayProceed(admin)).toBe(true);
    });

    it('holds STAFF only when their clinic requires it, from the later of the grace start and the requirement', async () => {
      expect(await manage.status(staff)).toEqual({ enabled: false, required: false, deadline: null, recoveryCodesLeft: 0 });
      advance(30 * 24 * 3600);
      expect(await manage.mayProceed(staff)).toBe(true);
      await manage.status(admin); // the grace of others is theirs alone
      expect((await administer.setClinicRequirement(admin, clinicId, true)).ok).toBe(true);
      expect((await manage.status(staff)).deadline).toEqual(new Date(now().getTime() + 7 * 24 * 3600 * 1000));
      advance(7 * 24 * 3600 + 1);
      expect(await manage.mayProceed(staff)).toBe(false);
      await administer.setClinicRequirement(admin, clinicId, false);
      expect(await manage.mayProceed(staff)).toBe(true);
    });

    it('starts a new grace period when an ADMIN resets an account', async () => {
      await enrol(admin);
      advance(60 * 24 * 3600);
      expect((await administer.reset(admin, admin.id)).ok).toBe(true);
      expect(await manage.status(admin)).toMatchObject({ enabled: false, deadline: new Date(now().getTime() + 7 * 24 * 3600 * 1000) });
      expect(await administer.reset(admin, '999')).toEqual({ ok: false, error: { code: 'STAFF_NOT_FOUND' } });
      expect(audit.entries.filter((entry) => entry.action === 'two-factor.reset')).toHaveLength(1);
    });
  });

  describe('at login', () => {
    it('asks for the code after the right password only, and refuses a replayed code', async () => {
      await enrol(admin);
      expect(await attempt('staffA1')).toMatchObject({ ok: false, error: { code: 'TWO_FACTOR_REQUIRED' } });
      expect(await attempt('staffA1', codeAt(now()), 'wrong')).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
      const code = codeAt(now());
      expect((await attempt('staffA1', code)).ok).toBe(true);
      expect(await attempt('staffA1', code)).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
      // The code of the step before was within the drift window, but is older than the one used.
      expect(await attempt('staffA1', codeAt(new Date(now().getTime() - 30_000)))).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
    });

    it('counts wrong codes with the failed logins', async () => {
      await enrol(admin);
      for (let i = 0; i < 3; i++) expect(await attempt('staffA1', '999999')).toMatchObject({ error: { code: 'INVALID_TWO_FACTOR_CODE' } });
      expect(await attempt('staffA1', codeAt(now()))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    });

    it('takes each recovery code once, written any way', async () => {
      const [first, second] = (await enrol(admin)) as [string, string];
      expect((await attempt('staffA1', first.toUpperCase())).ok).toBe(true);
      expect(await attempt('staffA1', first)).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
      expect((await attempt('staffA1', ` ${second} `)).ok).toBe(true);
      expect((await manage.status(admin)).recoveryCodesLeft).toBe(8);
      expect(audit.entries.filter((entry) => entry.action === 'two-factor.recovery-code-used')).toHaveLength(2);
    });

    it('lets accounts without it log in by password, starting the grace period of those that must', async () => {
      expect((await attempt('staffS1', '123456')).ok).toBe(true);
      expect((await attempt('staffA1')).ok).toBe(true);
      advance(8 * 24 * 3600);
      expect(await manage.mayProceed(admin)).toBe(false);
    });
  });

  describe('managing it', () => {
    it('replaces a pending secret, refuses wrong codes until rate limited', async () => {
      expect(await manage.activate(admin, '000000')).toEqual({ ok: false, error: { code: 'TWO_FACTOR_SETUP_NOT_STARTED' } });
      expect((await manage.setup(admin)).ok).toBe(true);
      const wrong = codeAt(new Date(now().getTime() + 10 * 30_000));
      for (let i = 0; i < 3; i++) expect(await manage.activate(admin, wrong)).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
      expect(await manage.activate(admin, codeAt(now()))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    });

    it('answers ten recovery codes and regenerates them on a right code', async () => {
      const codes = await enrol(staff);
      expect(codes).toHaveLength(10);
      const renewed = await manage.regenerateRecoveryCodes(staff, codeAt(now()));
      if (!renewed.ok) throw new Error(renewed.error.code);
      expect(renewed.value.recoveryCodes.some((code) => codes.includes(code))).toBe(false);
      expect(await manage.setup(staff)).toEqual({ ok: false, error: { code: 'TWO_FACTOR_ALREADY_ENABLED' } });
    });

    it('turns it off for optional accounts only', async () => {
      await enrol(admin);
      expect(await manage.disable(admin, codeAt(now()))).toEqual({ ok: false, error: { code: 'TWO_FACTOR_MANDATORY' } });
      const codes = await enrol(staff);
      expect(await manage.disable(staff, 'not-a-code')).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
      expect(await manage.disable(staff, codes[0]!)).toEqual({ ok: true, value: undefined });
      expect(await manage.status(staff)).toMatchObject({ enabled: false, required: false });
      expect(audit.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['two-factor.enabled', 'two-factor.disabled']));
    });
  });
});
