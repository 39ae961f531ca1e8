import { InMemoryAuditLog, InMemoryClinicRepository, InMemoryMenuCategoryLookup } from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import type { ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { fixedClock } from '../../shared/system-clock';
import type { ClinicSettings } from '../domain/clinic.entity';
import { ManageClinicHolidaysUseCase } from './manage-clinic-holidays.use-case';
import { SaveClinicUseCase } from './save-clinic.use-case';

const settings = (overrides: Partial<ClinicSettings> = {}): ClinicSettings => ({
  name: '渋谷',
  phone: '03',
  homepageUrl: null,
  webBookingEnabled: true,
  hokenCategoryId: null,
  openingHours: [{ weekday: 1, open: '10:00', close: '19:00' }],
  updateDeadlineHours: 24,
  cancelDeadlineHours: 24,
  minLeadMinutes: 60,
  ...overrides,
});
/** A head-office ADMIN: every clinic is in scope. */
const actor: ScopedActor = { type: 'staff', id: '1', role: 'ADMIN', clinicId: null };

const setUp = () => {
  const clock = fixedClock('2026-12-01T10:00:00');
  const clinics = new InMemoryClinicRepository(clock);
  const categories = new InMemoryMenuCategoryLookup();
  const audit = new InMemoryAuditLog();
  return {
    clinics,
    categories,
    audit,
    save: new SaveClinicUseCase(clinics, audit, categories),
    holidays: new ManageClinicHolidaysUseCase(clinics, audit, clock),
  };
};

describe('SaveClinicUseCase', () => {
  it('accepts only a category of the same clinic as its insurance category', async () => {
    const { save, categories } = setUp();
    const created = await save.create(actor, settings());
    const other = await save.create(actor, settings({ name: '新宿' }));
    if (!created.ok || !other.ok) throw new Error('setup');
    categories.add('10', created.value.id);
    categories.add('20', other.value.id);
    expect((await save.create(actor, settings({ name: '横浜', hokenCategoryId: '10' }))).ok).toBe(false);
    const foreign = await save.update(actor, created.value.id, settings({ hokenCategoryId: '20' }));
    expect(!foreign.ok && foreign.error).toMatchObject({ code: 'CATEGORY_NOT_FOUND', fields: [{ path: 'hokenCategoryId' }] });
    expect((await save.update(actor, created.value.id, settings({ hokenCategoryId: '99' }))).ok).toBe(false);
    const own = await save.update(actor, created.value.id, settings({ hokenCategoryId: '10' }));
    expect(own.ok && own.value.hokenCategoryId).toBe('10');
  });

  it('keeps breaks left out, and refuses new hours that would leave them outside', async () => {
    const { save, audit } = setUp();
    const created = await save.create(actor, settings({ breaks: [{ weekday: 1, start: '13:00', end: '14:00' }] }));
    if (!created.ok) throw new Error('setup');
    const renamed = await save.update(actor, created.value.id, settings({ name: '渋谷駅前' }));
    expect(renamed.ok && renamed.value.breaks).toEqual(created.value.breaks);
    const shorter = await save.update(actor, created.value.id, settings({ openingHours: [{ weekday: 1, open: '14:00', close: '19:00' }] }));
    expect(!shorter.ok && shorter.error.fields?.[0]?.path).toBe('breaks.0.start');
    expect(audit.entries.map((entry) => entry.action)).toEqual(['clinic.create', 'clinic.update']);
  });
});

describe('ManageClinicHolidaysUseCase', () => {
  it('registers a date once, refuses the past, and removes quietly', async () => {
    const { save, holidays, audit } = setUp();
    const created = await save.create(actor, settings());
    if (!created.ok) throw new Error('setup');
    const id = created.value.id;
    expect(await holidays.add(actor, id, { date: '2026-12-31', name: '年末' })).toEqual({ ok: true, value: { date: '2026-12-31', name: '年末' } });
    expect(await holidays.add(actor, id, { date: '2026-12-31', name: '' })).toMatchObject({ ok: false, error: { code: 'HOLIDAY_ALREADY_REGISTERED' } });
    expect(await holidays.add(actor, id, { date: '2026-11-30', name: '' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await holidays.add(actor, '999', { date: '2026-12-31', name: '' })).toMatchObject({ ok: false, error: { code: 'CLINIC_NOT_FOUND' } });
    expect(await holidays.remove(actor, id, '2026-12-31')).toEqual({ ok: true, value: undefined });
    expect(await holidays.remove(actor, id, '2026-12-31')).toEqual({ ok: true, value: undefined });
    expect(audit.entries.map((entry) => entry.action)).toEqual(['clinic.create', 'clinic.holiday.add', 'clinic.holiday.remove']);
  });
});

describe('clinic scope of the settings', () => {
  it("refuses staff and ADMIN of another clinic (FORBIDDEN, nothing written) and lets a clinic's own staff change it", async () => {
    const { save, holidays, clinics, audit } = setUp();
    const created = await save.create(actor, settings());
    if (!created.ok) throw new Error('setup');
    const id = created.value.id;
    const written = audit.entries.length;
    for (const role of ['STAFF', 'ADMIN'] as const) {
      const elsewhere: ScopedActor = { type: 'staff', id: '2', role, clinicId: '999' };
      expect(await save.update(elsewhere, id, settings({ name: '乗っ取り' }))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await save.updateBasics(elsewhere, id, { name: '乗っ取り', phone: '03', webBookingEnabled: false })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
      expect(await holidays.add(elsewhere, id, { date: '2026-12-31', name: '' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await holidays.remove(elsewhere, id, '2026-12-31')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      // Refused before anything is read: an unknown clinic is FORBIDDEN too, not CLINIC_NOT_FOUND.
      expect(await save.update(elsewhere, '12345', settings())).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(audit.entries).toHaveLength(written);
    expect((await clinics.findById(id))!.name).toBe('渋谷');
    const own: ScopedActor = { type: 'staff', id: '3', role: 'STAFF', clinicId: id };
    const basics = await save.updateBasics(own, id, { name: '渋谷駅前', phone: '03-1111-2222', webBookingEnabled: false });
    expect(basics.ok && basics.value).toMatchObject({
      name: '渋谷駅前',
      phone: '03-1111-2222',
      webBookingEnabled: false,
      openingHours: created.value.openingHours,
    });
    expect((await holidays.add(own, id, { date: '2026-12-31', name: '年末' })).ok).toBe(true);
    expect(await save.updateBasics(own, '12345', { name: 'x', phone: '03', webBookingEnabled: true })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });
});
