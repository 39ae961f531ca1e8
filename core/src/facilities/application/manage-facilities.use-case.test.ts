import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryAuditLog, InMemoryClinicRepository, InMemoryFacilityRepository } from '@clinic/test/fakes';
import type { ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { fixedClock } from '../../shared/system-clock';
import { ManageFacilitiesUseCase } from './manage-facilities.use-case';

/** A head-office ADMIN: every clinic is in scope. */
const actor: ScopedActor = { type: 'staff', id: '1', role: 'ADMIN', clinicId: null };

describe('ManageFacilitiesUseCase', () => {
  let rooms: InMemoryFacilityRepository;
  let audit: InMemoryAuditLog;
  let manage: ManageFacilitiesUseCase;
  let clinicId: string;

  beforeEach(async () => {
    const clinics = new InMemoryClinicRepository();
    rooms = new InMemoryFacilityRepository('ROOM');
    audit = new InMemoryAuditLog();
    manage = new ManageFacilitiesUseCase(rooms, clinics, audit, fixedClock('2026-12-01T10:00:00+09:00'));
    clinicId = (
      await clinics.create({
        name: '渋谷',
        phone: '03',
        homepageUrl: null,
        webBookingEnabled: true,
        hokenCategoryId: null,
        openingHours: [],
        updateDeadlineHours: 24,
        cancelDeadlineHours: 24,
        minLeadMinutes: 60,
      })
    ).id;
  });

  it('appends a new room after the others unless told its place', async () => {
    const first = await manage.create(actor, { clinicId, name: '施術室1' });
    const second = await manage.create(actor, { clinicId, name: '施術室2', enabled: false });
    const placed = await manage.create(actor, { clinicId, name: 'カウンセリング室', displayOrder: 0 });
    expect([first, second, placed].map((result) => result.ok && [result.value.displayOrder, result.value.enabled])).toEqual([
      [0, true],
      [1, false],
      [0, true],
    ]);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['room.create', 'room.create', 'room.create']);
  });

  it('answers CLINIC_NOT_FOUND for an unknown clinic and ROOM_NOT_FOUND for an unknown room', async () => {
    const unknownClinic = await manage.create(actor, { clinicId: '999', name: '施術室1' });
    expect(!unknownClinic.ok && unknownClinic.error.code).toBe('CLINIC_NOT_FOUND');
    const unknownRoom = await manage.update(actor, '999', { name: 'x', displayOrder: 0, enabled: true });
    expect(!unknownRoom.ok && unknownRoom.error.code).toBe('ROOM_NOT_FOUND');
  });

  it('refuses to delete a room while a future reservation holds it, then frees its name', async () => {
    const created = await manage.create(actor, { clinicId, name: '施術室1' });
    const id = created.ok ? created.value.id : '';
    rooms.markInUse(id);
    const refused = await manage.delete(actor, id);
    expect(!refused.ok && refused.error.code).toBe('IN_USE');
    rooms.markInUse(id, false);
    expect((await manage.delete(actor, id)).ok).toBe(true);
    expect(await rooms.findById(id)).toBeNull();
    expect((await manage.create(actor, { clinicId, name: '施術室1' })).ok).toBe(true);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['room.create', 'room.delete', 'room.create']);
  });

  it("writes the rooms of a clinic only for those who manage it: another clinic's STAFF or ADMIN is FORBIDDEN, after a missing room", async () => {
    const room = await manage.create(actor, { clinicId, name: '施術室1' });
    if (!room.ok) throw new Error('setup');
    const written = audit.entries.length;
    const elsewhere: ScopedActor = { type: 'staff', id: '2', role: 'ADMIN', clinicId: '999' };
    expect(await manage.create(elsewhere, { clinicId, name: '施術室2' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await manage.update(elsewhere, room.value.id, { name: '乗っ取り', displayOrder: 0, enabled: true })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await manage.delete(elsewhere, room.value.id)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await manage.delete(elsewhere, '999999')).toMatchObject({ ok: false, error: { code: 'ROOM_NOT_FOUND' } });
    expect(audit.entries).toHaveLength(written);
    const own: ScopedActor = { type: 'staff', id: '3', role: 'STAFF', clinicId };
    expect((await manage.update(own, room.value.id, { name: '施術室A', displayOrder: 0, enabled: true })).ok).toBe(true);
  });
});
