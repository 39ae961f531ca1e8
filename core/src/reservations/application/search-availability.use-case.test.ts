import { inMemoryReservationWorld, seedBookableClinic } from '@clinic/test/fakes';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../shared/system-clock';
import { BookReservationUseCase } from './book-reservation.use-case';
import { SearchAvailabilityUseCase, type SearchCommand } from './search-availability.use-case';

const ZONE = 'Asia/Tokyo';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();
const local = (epochMs: number) => DateTime.fromMillis(epochMs, { zone: ZONE }).toFormat('MM-dd HH:mm');
/** Quarter-hours from `from` to `to` (inclusive) on one day, as `MM-dd HH:mm`. */
const quarters = (day: string, from: string, to: string): string[] => {
  const starts: string[] = [];
  for (let t = at(`${day}T${from}`); t <= at(`${day}T${to}`); t += 15 * 60_000) starts.push(local(t));
  return starts;
};

/** Tuesday 1 December 2026, 09:00 in Tokyo; the staff member works every day of the first week, the clinic is closed on Sunday the 6th and on Tuesday the 8th. */
const setUp = async () => {
  const clock = fixedClock('2026-12-01T09:00:00');
  const world = inMemoryReservationWorld({ clock });
  const workDays = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08'];
  const clinic = await seedBookableClinic(world, { workDays, holidays: ['2026-12-08'] });
  const search = new SearchAvailabilityUseCase(world.availability, world.contracts, clock);
  const booking = new BookReservationUseCase(world.availability, world.reservations, world.contracts, world.tokens, clock);
  const find = async (command: Partial<SearchCommand> & { from: string; to?: string }) => {
    const result = await search.execute({
      audience: 'member',
      clinicId: clinic.clinicId,
      menuId: clinic.menus.laser,
      userId: clinic.member.id,
      to: command.from,
      ...command,
    });
    return result.ok ? result.value.map((slot) => local(slot.startMs)) : result.error.code;
  };
  return { clock, world, clinic, search, booking, find };
};

describe('SearchAvailabilityUseCase', () => {
  it('offers every quarter-hour a 60-minute visit fits in: inside the hours, around the break, while the staff member works', async () => {
    const { find } = await setUp();
    expect(await find({ from: '2026-12-02' })).toEqual([...quarters('2026-12-02', '10:00', '12:00'), ...quarters('2026-12-02', '14:00', '18:00')]);
  });

  it('gives each start the staff member, room and machine a booking would get', async () => {
    const { search, clinic } = await setUp();
    const result = await search.execute({ audience: 'member', clinicId: clinic.clinicId, menuId: clinic.menus.laser, from: '2026-12-02', to: '2026-12-02' });
    expect(result.ok && result.value[0]).toEqual({
      startMs: at('2026-12-02T10:00'),
      endMs: at('2026-12-02T11:00'),
      tasks: [{ startMs: at('2026-12-02T10:00'), endMs: at('2026-12-02T11:00'), staffId: clinic.staffId, roomId: clinic.roomId, machineId: clinic.machineId }],
    });
  });

  it('leaves out what is booked, and offers it again once the booking is cancelled', async () => {
    const { world, clinic, booking, find } = await setUp();
    const booked = await booking.byMember(clinic.otherMember.id, {
      clinicId: clinic.clinicId,
      menuId: clinic.menus.counselling,
      startMs: at('2026-12-02T11:00'),
    });
    // The staff member is busy 11:00–11:30: a 60-minute visit can neither start from 10:15 to 11:15 nor overlap it.
    expect(await find({ from: '2026-12-02' })).toEqual([
      ...quarters('2026-12-02', '10:00', '10:00'),
      ...quarters('2026-12-02', '11:30', '12:00'),
      ...quarters('2026-12-02', '14:00', '18:00'),
    ]);
    await world.reservations.setStatus(booked.ok ? booked.value.id : '', 'CANCELLED', { type: 'staff', id: clinic.staffId });
    expect(await find({ from: '2026-12-02' })).toEqual([...quarters('2026-12-02', '10:00', '12:00'), ...quarters('2026-12-02', '14:00', '18:00')]);
  });

  it('offers nothing inside the lead time online; staff see today from now', async () => {
    const { clock, find } = await setUp();
    clock.set('2026-12-01T10:20:00');
    expect(await find({ from: '2026-12-01' })).toEqual([...quarters('2026-12-01', '11:30', '12:00'), ...quarters('2026-12-01', '14:00', '18:00')]);
    expect(await find({ from: '2026-12-01', audience: 'staff' })).toEqual([
      ...quarters('2026-12-01', '10:30', '12:00'),
      ...quarters('2026-12-01', '14:00', '18:00'),
    ]);
  });

  it('offers nothing on a Sunday or a holiday, though the staff member works, nor on a day without a schedule', async () => {
    const { find } = await setUp();
    expect(await find({ from: '2026-12-06' })).toEqual([]);
    expect(await find({ from: '2026-12-08' })).toEqual([]);
    expect(await find({ from: '2026-12-09' })).toEqual([]);
    expect(await find({ from: '2026-12-05', to: '2026-12-09' })).toHaveLength(2 * 26);
  });

  it('searches from today over at most 30 days online and 90 for staff', async () => {
    const { find } = await setUp();
    expect(await find({ from: '2026-11-30', to: '2026-12-01' })).toBe('SEARCH_PERIOD_TOO_LONG');
    expect(await find({ from: '2026-12-01', to: '2026-12-30' })).toEqual(expect.any(Array));
    expect(await find({ from: '2026-12-01', to: '2026-12-31' })).toBe('SEARCH_PERIOD_TOO_LONG');
    expect(await find({ from: '2026-12-01', to: '2027-02-28', audience: 'staff' })).toEqual(expect.any(Array));
    expect(await find({ from: '2026-12-01', to: '2027-03-01', audience: 'staff' })).toBe('SEARCH_PERIOD_TOO_LONG');
    expect(await find({ from: '2026-12-03', to: '2026-12-02' })).toBe('VALIDATION_FAILED');
  });

  it('checks the menu for the audience: a contract course needs sessions left, a staff-only menu is for staff', async () => {
    const { world, clinic, find } = await setUp();
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.course })).toBe('MENU_NOT_SUBSCRIBED');
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.course, audience: 'guest' })).toBe('MENU_NOT_SUBSCRIBED');
    await world.contracts.add({ userId: clinic.member.id, menuId: clinic.menus.course, sessionsTotal: 5, expiresOn: null });
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.course })).toHaveLength(26);
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.staffOnly })).toBe('MENU_NOT_ENABLED');
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.staffOnly, audience: 'staff' })).toHaveLength(26);
    expect(await find({ from: '2026-12-02', menuId: clinic.menus.disabled, audience: 'staff' })).toBe('MENU_NOT_ENABLED');
    expect(await find({ from: '2026-12-02', clinicId: '999999' })).toBe('CLINIC_NOT_FOUND');
  });
});
