import {
  InMemoryAuditLog,
  InMemoryClinicRepository,
  InMemoryMailOutbox,
  InMemoryStaffReferences,
  InMemoryStaffRepository,
  InMemoryStaffTokenRepository,
  SequentialSecretTokens,
} from '@clinic/test/fakes';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Staff } from '../../accounts/domain/staff.entity';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import { fixedClock } from '../../shared/system-clock';
import { DeleteStaffUseCase } from './delete-staff.use-case';
import { SaveStaffUseCase } from './save-staff.use-case';
import { StaffPasswordUseCase } from './staff-password.use-case';
import { StaffTokenMailer } from './staff-token-mailer';

const plainHasher: PasswordHasherPort = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

describe('staff accounts, invitations and password resets', () => {
  let staffs: InMemoryStaffRepository;
  let outbox: InMemoryMailOutbox;
  let references: InMemoryStaffReferences;
  let clock: ReturnType<typeof fixedClock>;
  let save: SaveStaffUseCase;
  let passwords: StaffPasswordUseCase;
  let remove: DeleteStaffUseCase;
  let admin: Staff;
  let staff: Staff;
  let clinicId: string;

  beforeEach(async () => {
    staffs = new InMemoryStaffRepository();
    outbox = new InMemoryMailOutbox();
    references = new InMemoryStaffReferences();
    clock = fixedClock('2030-01-07T10:00:00');
    const clinics = new InMemoryClinicRepository();
    const tokens = new InMemoryStaffTokenRepository(staffs);
    const secrets = new SequentialSecretTokens();
    const audit = new InMemoryAuditLog();
    const mailer = new StaffTokenMailer(tokens, secrets, outbox, clock, { publicUrl: 'https://example.jp' });
    save = new SaveStaffUseCase(staffs, clinics, plainHasher, mailer, audit);
    passwords = new StaffPasswordUseCase(staffs, tokens, secrets, plainHasher, mailer, clock, audit);
    remove = new DeleteStaffUseCase(staffs, references, clock, audit);
    clinicId = (
      await clinics.create({
        name: '渋谷',
        phone: '',
        homepageUrl: null,
        webBookingEnabled: true,
        hokenCategoryId: null,
        openingHours: [],
        updateDeadlineHours: 24,
        cancelDeadlineHours: 24,
        minLeadMinutes: 60,
      } as never)
    ).id;
    admin = await staffs.create({
      employeeNumber: 'A1',
      email: 'a@example.jp',
      name: '管理者',
      role: 'ADMIN',
      clinicId: null,
      priority: 0,
      passwordHash: 'plain:x',
    });
    staff = await staffs.create({ employeeNumber: 'S1', email: 's@example.jp', name: '佐藤', role: 'STAFF', clinicId, priority: 0, passwordHash: null });
  });

  it('invites a new staff member whose token sets the password once, within 72 hours', async () => {
    const created = await save.create(admin, { employeeNumber: 'N1', email: 'n@example.jp', name: '新人', role: 'STAFF', clinicId, password: null });
    if (!created.ok) throw new Error(created.error.code);
    expect(created.value.invitation?.url).toBe('https://example.jp/common/password/register/?token=token-1');
    expect(created.value.staff.priority).toBe(1);
    expect((await outbox.list(10))[0]?.text).toContain('2030年1月10日(木) 10:00まで');
    clock.set('2030-01-10T09:59:00');
    expect(await passwords.setPassword('token-1', 'long enough password')).toEqual({ ok: true, value: { staffId: created.value.staff.id } });
    expect((await staffs.findById(created.value.staff.id))?.passwordHash).toBe('plain:long enough password');
    expect(await passwords.setPassword('token-1', 'long enough password')).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
  });

  it('tells an expired reset token from an invalid one', async () => {
    await passwords.requestReset('S@example.jp');
    expect((await outbox.list(1))[0]?.text).toContain('https://example.jp/common/password/register/?token=token-1&purpose=reset');
    clock.set('2030-01-07T10:30:00');
    expect(await passwords.setPassword('token-1', 'long enough password')).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    expect(await passwords.setPassword('token-9', 'long enough password')).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
    await passwords.requestReset('nobody@example.jp');
    expect(await outbox.list(10)).toHaveLength(1);
  });

  it('lets only ADMIN grant ADMIN, and STAFF only at their own clinic', async () => {
    const base = { employeeNumber: 'N2', email: 'n2@example.jp', name: '新人', clinicId, password: 'long enough password' };
    expect(await save.create(staff, { ...base, role: 'ADMIN' })).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await save.create(staff, { ...base, role: 'STAFF', clinicId: null })).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await save.create(staff, { ...base, role: 'STAFF' })).ok).toBe(true);
    expect(await save.update(staff, admin.id, { ...admin, name: '乗っ取り' })).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('refuses to delete staff with future live reservations, and hides the deleted', async () => {
    references.futureReservations.add(staff.id);
    expect(await remove.execute(admin, staff.id)).toMatchObject({ error: { code: 'IN_USE' } });
    references.futureReservations.clear();
    expect((await remove.execute(admin, staff.id)).ok).toBe(true);
    expect(await staffs.findByLoginIdentifier('S1')).toBeNull();
    expect(await staffs.list()).toEqual([admin]);
  });
});
