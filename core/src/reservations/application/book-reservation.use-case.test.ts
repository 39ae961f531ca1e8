import { inMemoryReservationWorld, seedBookableClinic } from '@clinic/test/fakes';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DomainRuleViolation } from '../../shared/errors';
import { fixedClock } from '../../shared/system-clock';
import type { AvailabilitySourcePort } from '../ports/availability-source.port';
import { BookReservationUseCase } from './book-reservation.use-case';

const ZONE = 'Asia/Tokyo';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();
/** Every day from 1 to 12 December 2026 (Sunday the 6th too: the clinic is closed, the staff member is not). */
const WORK_DAYS = Array.from({ length: 12 }, (_, index) => `2026-12-${String(index + 1).padStart(2, '0')}`);

/** Tuesday 1 December 2026, 09:00 in Tokyo; the clinic is closed on Tuesday the 8th. */
const setUp = async (options: { source?: (real: AvailabilitySourcePort) => AvailabilitySourcePort } = {}) => {
  const clock = fixedClock('2026-12-01T09:00:00');
  const world = inMemoryReservationWorld({ clock });
  const clinic = await seedBookableClinic(world, { workDays: [...WORK_DAYS, '2027-02-27'], holidays: ['2026-12-08'] });
  const source = options.source ? options.source(world.availability) : world.availability;
  const booking = new BookReservationUseCase(source, world.reservations, world.contracts, world.tokens, clock);
  const online = (menuId: string, start: string) => ({ clinicId: clinic.clinicId, menuId, startMs: at(start) });
  return { clock, world, clinic, booking, online };
};

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('BookReservationUseCase: a member books online', () => {
  it('books the offered start with the staff member, room and machine the engine assigns, and audits it', async () => {
    const { world, clinic, booking, online } = await setUp();
    const result = await booking.byMember(clinic.member.id, { ...online(clinic.menus.laser, '2026-12-02T10:00'), campaign: 'winter' });
    expect(result.ok).toBe(true);
    const reservation = result.ok ? result.value : null!;
    expect(reservation).toMatchObject({
      clinicId: clinic.clinicId,
      userId: clinic.member.id,
      userName: '山田 花子',
      menuIds: [clinic.menus.laser],
      menuNames: ['顔脱毛'],
      status: 'RESERVED',
      source: 'WEB_MEMBER',
      startMs: at('2026-12-02T10:00'),
      endMs: at('2026-12-02T11:00'),
      campaign: 'winter',
      createdAtMs: at('2026-12-01T09:00'),
      version: 1,
    });
    expect(reservation.tasks).toEqual([
      {
        startMs: at('2026-12-02T10:00'),
        endMs: at('2026-12-02T11:00'),
        staffId: clinic.staffId,
        roomId: clinic.roomId,
        machineId: clinic.machineId,
        menuId: clinic.menus.laser,
        label: '照射',
      },
    ]);
    expect(await world.reservations.findById(reservation.id)).toEqual(reservation);
    expect(world.audit.entries).toEqual([
      expect.objectContaining({ actorType: 'user', actorId: clinic.member.id, action: 'reservation.create', entityId: reservation.id }),
    ]);
  });

  it('refuses a start someone else holds (RESERVATION_CONFLICT) and writes nothing; the end of their visit is free', async () => {
    const { world, clinic, booking, online } = await setUp();
    await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-02T10:00'));
    for (const start of ['2026-12-02T10:00', '2026-12-02T10:30', '2026-12-02T10:45']) {
      expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.counselling, start)))).toBe('RESERVATION_CONFLICT');
    }
    expect(await world.reservations.listForMember(clinic.otherMember.id)).toEqual([]);
    expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.counselling, '2026-12-02T11:00')))).toBe('ok');
  });

  it('a start taken between the plan and the write is refused by the repository, as the exclusion constraint refuses it', async () => {
    let racing: (() => Promise<unknown>) | null = null;
    const { clock, world, clinic, booking, online } = await setUp({
      // Another booking of the same start lands right after this one has read the day.
      source: (real) => ({
        clinic: (id) => real.clinic(id),
        loadForSearch: (...args) => real.loadForSearch(...args),
        load: async (...args) => {
          const context = await real.load(...args);
          const race = racing;
          racing = null;
          await race?.();
          return context;
        },
      }),
    });
    const other = new BookReservationUseCase(world.availability, world.reservations, world.contracts, world.tokens, clock);
    racing = () => other.byMember(clinic.otherMember.id, online(clinic.menus.laser, '2026-12-02T10:00'));
    await expect(booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-02T10:00'))).rejects.toEqual(
      new DomainRuleViolation({ code: 'RESERVATION_CONFLICT' }),
    );
    const day = await world.reservations.listForClinic(clinic.clinicId, at('2026-12-02T00:00'), at('2026-12-03T00:00'));
    expect(day.map((reservation) => reservation.userId)).toEqual([clinic.otherMember.id]);
  });

  it('keeps one live reservation per member and menu: ALREADY_RESERVED until it is cancelled', async () => {
    const { world, clinic, booking, online } = await setUp();
    const first = await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-02T10:00'));
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-03T10:00')))).toBe('ALREADY_RESERVED');
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2026-12-03T10:00')))).toBe('ok');
    expect(codeOf(await booking.byMember(clinic.otherMember.id, online(clinic.menus.laser, '2026-12-03T11:00')))).toBe('ok');
    await world.reservations.setStatus(first.ok ? first.value.id : '', 'CANCELLED', { type: 'user', id: clinic.member.id });
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-04T10:00')))).toBe('ok');
  });

  it('needs the clinic’s lead time (60 min) and the 15-minute grid: INVALID_TIMESLOT', async () => {
    const { clock, clinic, booking, online } = await setUp();
    clock.set('2026-12-01T10:20:00');
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2026-12-01T11:15')))).toBe('INVALID_TIMESLOT');
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2026-12-02T10:10')))).toBe('INVALID_TIMESLOT');
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2026-12-01T11:30')))).toBe('ok');
  });

  it('books up to 89 days ahead, not 90 (TOO_FAR_AHEAD)', async () => {
    const { clinic, booking, online } = await setUp();
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2027-03-01T10:00')))).toBe('TOO_FAR_AHEAD');
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.counselling, '2027-02-27T10:00')))).toBe('ok');
  });

  it.each([
    ['ending after closing', '2026-12-02T18:30'],
    ['across the clinic’s break', '2026-12-02T12:30'],
    ['on a Sunday (closed, though the staff member works)', '2026-12-06T10:00'],
    ['on a holiday (though the staff member works)', '2026-12-08T10:00'],
  ])('refuses a visit %s: CLINIC_CLOSED', async (_, start) => {
    const { clinic, booking, online } = await setUp();
    expect(codeOf(await booking.byMember(clinic.member.id, online(clinic.menus.laser, start)))).toBe('CLINIC_CLOSED');
  });

  it('books only enabled, web-bookable menus of the clinic, and contract menus with sessions left', async () => {
    const { world, clinic, booking, online } = await setUp();
    const book = (menuId: string) => booking.byMember(clinic.member.id, online(menuId, '2026-12-02T10:00')).then(codeOf);
    expect(await book(clinic.menus.disabled)).toBe('MENU_NOT_ENABLED');
    expect(await book(clinic.menus.staffOnly)).toBe('MENU_NOT_ENABLED');
    expect(await book('999999')).toBe('MENU_NOT_FOUND');
    expect(await book(clinic.menus.course)).toBe('MENU_NOT_SUBSCRIBED');
    await world.contracts.add({ userId: clinic.member.id, menuId: clinic.menus.course, sessionsTotal: 5, expiresOn: '2027-11-30' });
    expect(await book(clinic.menus.course)).toBe('ok');
    expect(codeOf(await booking.byMember(clinic.member.id, { ...online(clinic.menus.laser, '2026-12-02T10:00'), clinicId: '999999' }))).toBe(
      'CLINIC_NOT_FOUND',
    );
  });

  it('answers WEB_BOOKING_DISABLED with the clinic’s phone when the clinic takes no web bookings', async () => {
    const { world, clinic, booking, online } = await setUp();
    const settings = (await world.clinics.findById(clinic.clinicId))!;
    await world.clinics.update(clinic.clinicId, { ...settings, webBookingEnabled: false });
    expect(await booking.byMember(clinic.member.id, online(clinic.menus.laser, '2026-12-02T10:00'))).toEqual({
      ok: false,
      error: { code: 'WEB_BOOKING_DISABLED', detail: { phone: clinic.phone } },
    });
  });
});

describe('BookReservationUseCase: guests and staff', () => {
  it('a guest books with a cancel token; the 仮会員 is made from the details', async () => {
    const { world, clinic, booking, online } = await setUp();
    const guest = { name: '高橋 直子', kana: 'タカハシ ナオコ', phone: '080-1111-2222', email: 'naoko@example.jp' };
    const result = await booking.byGuest(guest, online(clinic.menus.counselling, '2026-12-02T10:00'));
    expect(result.ok).toBe(true);
    const { reservation, cancelToken } = result.ok ? result.value : null!;
    expect(reservation).toMatchObject({ source: 'WEB_GUEST', userName: '高橋 直子' });
    expect(await world.members.findById(reservation.userId)).toMatchObject({ status: 'TEMPORARY', phone: '080-1111-2222' });
    expect(await world.reservations.findByCancelTokenHash(world.tokens.hash(cancelToken))).toEqual(reservation);
    expect(codeOf(await booking.byGuest(guest, online(clinic.menus.course, '2026-12-03T10:00')))).toBe('MENU_NOT_SUBSCRIBED');
  });

  it('a guest with the phone and name of a FULL member is told to log in (MEMBER_LOGIN_REQUIRED, decided in the booking transaction) and nothing is written', async () => {
    const { clinic, booking, online, world } = await setUp();
    const guest = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: clinic.member.phone, email: null };
    const members = world.members.all().length;
    expect(codeOf(await booking.byGuest(guest, online(clinic.menus.counselling, '2026-12-02T10:00')))).toBe('MEMBER_LOGIN_REQUIRED');
    expect(world.members.all()).toHaveLength(members);
    expect(await world.reservations.listForMember(clinic.member.id)).toEqual([]);
  });

  it('staff book without the lead time or the web rules, and still cannot double-book', async () => {
    const { clinic, booking } = await setUp();
    const byStaff = (menuId: string, start: string) =>
      booking.byStaffAutomatic(clinic.staffId, { clinicId: clinic.clinicId, userId: clinic.member.id, menuId, startMs: at(start) }).then(codeOf);
    expect(await byStaff(clinic.menus.staffOnly, '2026-12-01T10:00')).toBe('ok');
    expect(await byStaff(clinic.menus.laser, '2026-12-01T10:30')).toBe('RESERVATION_CONFLICT');
    expect(await byStaff(clinic.menus.laser, '2026-12-01T11:00')).toBe('ok');
  });
});
