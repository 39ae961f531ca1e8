import { inMemoryReservationWorld, seedBookableClinic } from '@clinic/test/fakes';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DomainRuleViolation } from '../../shared/errors';
import { fixedClock } from '../../shared/system-clock';
import type { ReservationView } from '../domain/reservation.entity';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import { BookReservationUseCase } from './book-reservation.use-case';
import { ManageReservationUseCase } from './manage-reservation.use-case';
import { SearchAvailabilityUseCase } from './search-availability.use-case';

const ZONE = 'Asia/Tokyo';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();
const hhmm = (epochMs: number) => DateTime.fromMillis(epochMs, { zone: ZONE }).toFormat('HH:mm');
const WORK_DAYS = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];

/**
 * Tuesday 1 December 2026, 09:00 in Tokyo. The member holds the laser (60 min) on Thursday the 3rd
 * at 10:00; changes and cancels close 24 hours before the start. `interfere` runs once, in the
 * middle of the next change (when the use case reads the clinic or the day), as a concurrent
 * request would.
 */
const setUp = async () => {
  const clock = fixedClock('2026-12-01T09:00:00');
  const world = inMemoryReservationWorld({ clock });
  const clinic = await seedBookableClinic(world, { workDays: WORK_DAYS });
  let interfere: (() => Promise<unknown>) | null = null;
  const once = async () => {
    const run = interfere;
    interfere = null;
    await run?.();
  };
  const source: AvailabilitySourcePort = {
    clinic: async (id) => {
      const read = await world.availability.clinic(id);
      await once();
      return read;
    },
    load: async (...args) => {
      const read = await world.availability.load(...args);
      await once();
      return read;
    },
    loadForSearch: async (...args) => {
      const read = await world.availability.loadForSearch(...args);
      await once();
      return read;
    },
  };
  const booking = new BookReservationUseCase(source, world.reservations, world.contracts, world.tokens, clock);
  const manage = new ManageReservationUseCase(world.reservations, source, booking, world.tokens, world.audit, clock, world.contracts);
  const search = new SearchAvailabilityUseCase(world.availability, world.contracts, clock);
  const online = (menuId: string, start: string) => ({ clinicId: clinic.clinicId, menuId, startMs: at(start) });
  const booked = await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-03T10:00'));
  if (!booked.ok) throw new Error(`set-up booking refused: ${booked.error.code}`);
  const laserStarts = async (date: string) => {
    const found = await search.execute({
      audience: 'member',
      clinicId: clinic.clinicId,
      menuId: clinic.menus.laser,
      from: date,
      to: date,
      userId: clinic.member.id,
    });
    return found.ok ? found.value.map((slot) => hhmm(slot.startMs)) : found.error.code;
  };
  return {
    clock,
    world,
    clinic,
    booking,
    manage,
    online,
    reservation: booked.value,
    laserStarts,
    interfere: (run: () => Promise<unknown>) => {
      interfere = run;
    },
  };
};

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);
const valueOf = <T>(result: { ok: true; value: T } | { ok: false }): T => {
  if (!result.ok) throw new Error('expected ok');
  return result.value;
};

describe('ManageReservationUseCase: a member changes the time', () => {
  it('moves the reservation (same id, a new version) and its allocation: the old start is free for others, the new one is held', async () => {
    const { world, clinic, booking, manage, online, reservation, laserStarts } = await setUp();
    expect(await laserStarts('2026-12-03')).not.toContain('10:00');
    const changed = valueOf(await manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T15:00')));
    expect(changed).toMatchObject({
      id: reservation.id,
      status: 'RESERVED',
      startMs: at('2026-12-04T15:00'),
      endMs: at('2026-12-04T16:00'),
      version: 2,
      tasks: [{ staffId: clinic.staffId, roomId: clinic.roomId, machineId: clinic.machineId, menuId: clinic.menus.laser, label: '照射' }],
    });
    expect(await world.reservations.listForMember(clinic.member.id)).toEqual([changed]);
    expect(await laserStarts('2026-12-03')).toContain('10:00');
    expect(await laserStarts('2026-12-04')).not.toContain('15:00');
    expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.laser, '2026-12-03T10:00')))).toBe('ok');
    expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.counselling, '2026-12-04T15:30')))).toBe('RESERVATION_CONFLICT');
    expect(world.audit.entries.find((entry) => entry.action === 'reservation.change')).toMatchObject({
      entityId: reservation.id,
      before: reservation,
      after: changed,
    });
  });

  it('may move onto time its own visit holds (it does not collide with itself)', async () => {
    const { clinic, manage, reservation } = await setUp();
    const changed = await manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-03T10:30'));
    expect(changed).toMatchObject({ ok: true, value: { id: reservation.id, startMs: at('2026-12-03T10:30') } });
  });

  it('refuses a start someone holds, outside the hours, or inside the lead time, and leaves the reservation as it was', async () => {
    const { world, clinic, booking, manage, online, reservation } = await setUp();
    await booking.byMember(clinic.otherMember.id, online(clinic.menus.counselling, '2026-12-04T10:00'));
    const change = (start: string) => manage.changeByMember(clinic.member.id, reservation.id, at(start)).then(codeOf);
    expect(await change('2026-12-04T09:45')).toBe('CLINIC_CLOSED');
    expect(await change('2026-12-04T10:15')).toBe('RESERVATION_CONFLICT');
    expect(await change('2026-12-04T12:30')).toBe('CLINIC_CLOSED');
    expect(await change('2026-12-06T10:00')).toBe('CLINIC_CLOSED');
    expect(await change('2026-12-01T09:30')).toBe('INVALID_TIMESLOT');
    expect(await world.reservations.findById(reservation.id)).toEqual(reservation);
  });

  it('closes 24 hours before the start: UPDATE_DEADLINE_PASSED with the clinic’s phone', async () => {
    const { clock, clinic, manage, reservation } = await setUp();
    clock.set('2026-12-02T10:00:00');
    expect(await manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T11:00'))).toEqual({
      ok: false,
      error: { code: 'UPDATE_DEADLINE_PASSED', detail: { phone: clinic.phone } },
    });
    clock.set('2026-12-02T09:59:00');
    expect(codeOf(await manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T11:00')))).toBe('ok');
  });

  it("answers another member's reservation as not found, and a cancelled one as UPDATE_FAILED", async () => {
    const { clinic, manage, reservation } = await setUp();
    expect(codeOf(await manage.changeByMember(clinic.otherMember.id, reservation.id, at('2026-12-04T10:00')))).toBe('RESERVATION_NOT_FOUND');
    await manage.cancelByMember(clinic.member.id, reservation.id);
    expect(codeOf(await manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T10:00')))).toBe('UPDATE_FAILED');
  });

  it('a change decided on a reservation that changed meanwhile is refused (RESERVATION_CHANGED, 409) and the other change stays', async () => {
    const { world, clinic, manage, reservation, interfere } = await setUp();
    // Staff write a memo while the member's change is being planned.
    interfere(() => manage.updateByStaff(clinic.staffId, reservation.id, { memo: '初回は問診あり' }));
    await expect(manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T10:00'))).rejects.toEqual(
      new DomainRuleViolation({ code: 'RESERVATION_CHANGED' }),
    );
    expect(await world.reservations.findById(reservation.id)).toMatchObject({ startMs: at('2026-12-03T10:00'), memo: '初回は問診あり', version: 2 });
  });
});

describe('ManageReservationUseCase: cancel', () => {
  it('a member cancels before the deadline: the slot is free again and a search finds it', async () => {
    const { clinic, booking, manage, online, reservation, laserStarts, world } = await setUp();
    const cancelled = await manage.cancelByMember(clinic.member.id, reservation.id);
    expect(cancelled).toMatchObject({ ok: true, value: { status: 'CANCELLED', cancelledAtMs: at('2026-12-01T09:00'), version: 2 } });
    expect(await laserStarts('2026-12-03')).toContain('10:00');
    expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.laser, '2026-12-03T10:00')))).toBe('ok');
    expect(world.audit.entries.find((entry) => entry.action === 'reservation.cancelled')).toMatchObject({
      entityId: reservation.id,
      before: { status: 'RESERVED' },
      after: { status: 'CANCELLED' },
    });
    expect(codeOf(await manage.cancelByMember(clinic.member.id, reservation.id))).toBe('UPDATE_FAILED');
  });

  it('closes 24 hours before the start: CANCEL_DEADLINE_PASSED; staff may still cancel', async () => {
    const { clock, clinic, manage, reservation } = await setUp();
    clock.set('2026-12-02T10:00:00');
    expect(await manage.cancelByMember(clinic.member.id, reservation.id)).toEqual({
      ok: false,
      error: { code: 'CANCEL_DEADLINE_PASSED', detail: { phone: clinic.phone } },
    });
    expect(await manage.setStatusByStaff(clinic.staffId, reservation.id, 'CANCELLED')).toMatchObject({ ok: true, value: { status: 'CANCELLED' } });
  });

  it('a guest cancels with the token of the booking; an unknown token is INVALID_TOKEN', async () => {
    const { clinic, booking, manage, online } = await setUp();
    const guest = { name: '高橋 直子', kana: 'タカハシ ナオコ', phone: '080-1111-2222', email: null };
    const { cancelToken, reservation } = valueOf(await booking.byGuest(guest, online(clinic.menus.counselling, '2026-12-04T10:00')));
    expect(codeOf(await manage.cancelByGuestToken('not-a-token'))).toBe('INVALID_TOKEN');
    expect(await manage.cancelByGuestToken(cancelToken)).toMatchObject({ ok: true, value: { id: reservation.id, status: 'CANCELLED' } });
  });

  it('a cancel decided on a reservation that changed meanwhile is refused (RESERVATION_CHANGED)', async () => {
    const { world, clinic, manage, reservation, interfere } = await setUp();
    interfere(() => manage.changeByMember(clinic.member.id, reservation.id, at('2026-12-04T10:00')));
    await expect(manage.cancelByMember(clinic.member.id, reservation.id)).rejects.toEqual(new DomainRuleViolation({ code: 'RESERVATION_CHANGED' }));
    expect(await world.reservations.findById(reservation.id)).toMatchObject({ status: 'RESERVED', startMs: at('2026-12-04T10:00') });
  });
});

describe('ManageReservationUseCase: staff change the tasks and menus', () => {
  it('staff move a visit by hand and change its menus; a resource in use is RESOURCE_COLLISION', async () => {
    const { world, clinic, booking, manage, online, reservation } = await setUp();
    await booking.byMember(clinic.otherMember.id, online(clinic.menus.counselling, '2026-12-04T14:00'));
    const task = (from: string, to: string) => ({ startMs: at(from), endMs: at(to), staffId: clinic.staffId, roomId: clinic.roomId, machineId: null });
    const moved = await manage.updateByStaff(clinic.staffId, reservation.id, {
      tasks: [task('2026-12-04T11:00', '2026-12-04T12:30')],
      menuIds: [clinic.menus.laser, clinic.menus.counselling],
    });
    expect(moved).toMatchObject({
      ok: true,
      value: { id: reservation.id, startMs: at('2026-12-04T11:00'), endMs: at('2026-12-04T12:30'), menuNames: ['顔脱毛', 'カウンセリング'] },
    });
    const collision = await manage.updateByStaff(clinic.staffId, reservation.id, { tasks: [task('2026-12-04T14:00', '2026-12-04T15:00')] });
    expect(codeOf(collision)).toBe('RESOURCE_COLLISION');
    expect(await world.reservations.findById(reservation.id)).toEqual(valueOf(moved as { ok: true; value: ReservationView }));
  });
});
