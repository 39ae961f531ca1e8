import { InMemoryAuditLog, InMemoryNoShows, InMemoryWaitlist, inMemoryReservationWorld, seedBookableClinic } from '@clinic/test/fakes';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { BookingRestrictions } from '../../no-shows/application/booking-restrictions';
import { spanOf, type ReservationTask } from '../../reservations/domain/reservation.entity';
import { fixedClock } from '../../shared/system-clock';
import { WaitlistMatcher } from './waitlist-matcher';
import { WaitlistUseCase, type JoinCommand } from './waitlist.use-case';

const at = (local: string) => DateTime.fromISO(local, { zone: 'Asia/Tokyo' }).toMillis();
const DAY = '2026-12-02';
const STAFF = { type: 'staff' as const, id: '9' };

/**
 * A clinic of the fakes on Tuesday 2026-12-01 10:00 (Tokyo), whose one staff member works on
 * Wednesday 12-02 and is booked all that day (10:00–11:00, 11:00–13:00 and 14:00–19:00, by three
 * staff bookings): nothing is free until one of them is cancelled.
 */
const setUp = async (limits = { perPerson: 5, perAddress: 10 }) => {
  const clock = fixedClock('2026-12-01T10:00:00+09:00');
  const world = inMemoryReservationWorld({ clock });
  const clinic = await seedBookableClinic(world, { workDays: [DAY] });
  const audit = new InMemoryAuditLog();
  const noShows = new InMemoryNoShows(world);
  const waitlist = new InMemoryWaitlist(world, noShows);
  const restrictions = new BookingRestrictions(noShows, world.availability, audit, clock);
  const matcher = new WaitlistMatcher(clock);
  const useCase = new WaitlistUseCase(
    waitlist,
    world.availability,
    matcher,
    restrictions,
    world.contracts,
    world.tokens,
    audit,
    clock,
    undefined,
    world.reservations,
    limits,
  );
  const task = (from: string, to: string): ReservationTask => ({
    startMs: at(`${DAY}T${from}`),
    endMs: at(`${DAY}T${to}`),
    staffId: clinic.staffId,
    roomId: null,
    machineId: null,
    menuId: clinic.menus.counselling,
    label: '問診',
  });
  const block = (from: string, to: string) => {
    const tasks = [task(from, to)];
    const draft = { clinicId: clinic.clinicId, userId: clinic.otherMember.id, menuIds: [clinic.menus.counselling], source: 'STAFF' as const };
    return world.reservations.create({ ...draft, tasks, memo: '', campaign: null, cancelTokenHash: null, ...spanOf(tasks) }, STAFF, 'RESERVATION_CONFLICT');
  };
  const morning = await block('10:00', '11:00');
  const late = await block('11:00', '13:00');
  await block('14:00', '19:00');
  /** Cancels the 10:00 booking and offers the hour it freed, as a cancel's transaction does. */
  const freeMorning = async () => {
    await world.reservations.setStatus(morning.id, 'CANCELLED', STAFF);
    return useCase.matchFreed({ clinicId: clinic.clinicId, fromMs: morning.startMs, toMs: morning.endMs });
  };
  const join = (menuId = clinic.menus.laser): JoinCommand => ({ clinicId: clinic.clinicId, menuId, from: DAY, to: DAY });
  /** A third FULL member, who holds no booking. */
  const third = () => world.members.create({ ...clinic.member, userNumber: '100009', email: 'third@example.jp', name: '高橋 三郎' });
  return { clock, world, clinic, audit, waitlist, useCase, freeMorning, join, late, third };
};

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('WaitlistUseCase: joining', () => {
  it('a member joins and waits while nothing is free; the same menu again is WAITLIST_ALREADY_JOINED', async () => {
    const { useCase, clinic, join, audit } = await setUp();
    const joined = await useCase.joinByMember(clinic.member.id, join());
    expect(joined.ok && joined.value).toMatchObject({ status: 'WAITING', userId: clinic.member.id, menuName: '顔脱毛', from: DAY, to: DAY, offer: null });
    expect(audit.entries.at(-1)).toMatchObject({ actorType: 'user', action: 'waitlist.join' });
    expect(codeOf(await useCase.joinByMember(clinic.member.id, join()))).toBe('WAITLIST_ALREADY_JOINED');
    expect(await useCase.listForMember(clinic.member.id)).toHaveLength(1);
  });

  it('refuses a member who holds a live booking of the menu, a day out of the window, a menu not bookable online, and more than the cap', async () => {
    const { useCase, clinic, join, world, third } = await setUp({ perPerson: 1, perAddress: 10 });
    const tomorrow = at('2026-12-03T10:00');
    const visit = [{ startMs: tomorrow, endMs: tomorrow + 3_600_000, staffId: null, roomId: null, machineId: null, menuId: clinic.menus.laser, label: '照射' }];
    await world.reservations.create(
      {
        clinicId: clinic.clinicId,
        userId: clinic.member.id,
        menuIds: [clinic.menus.laser],
        source: 'WEB_MEMBER',
        tasks: visit,
        memo: '',
        campaign: null,
        cancelTokenHash: null,
        ...spanOf(visit),
      },
      { type: 'user', id: clinic.member.id },
      'RESERVATION_CONFLICT',
    );
    expect(codeOf(await useCase.joinByMember(clinic.member.id, join()))).toBe('ALREADY_RESERVED');
    const past = await useCase.joinByMember(clinic.otherMember.id, { ...join(), from: '2026-11-30', to: DAY });
    expect(codeOf(past)).toBe('VALIDATION_FAILED');
    expect(codeOf(await useCase.joinByMember(clinic.otherMember.id, join(clinic.menus.staffOnly)))).toBe('MENU_NOT_ENABLED');
    const capped = await third();
    expect(codeOf(await useCase.joinByMember(capped.id, join()))).toBe('ok');
    expect(codeOf(await useCase.joinByMember(capped.id, join(clinic.menus.counselling)))).toBe('WAITLIST_LIMIT_REACHED');
  });

  it("a guest naming a FULL member's e-mail logs in instead (MEMBER_LOGIN_REQUIRED); a guest's own details join", async () => {
    const { useCase, clinic, join } = await setUp();
    const guest = { name: '鈴木 一郎', kana: 'スズキ イチロウ', phone: '080-3333-4444', email: 'suzuki@example.jp' };
    expect(codeOf(await useCase.joinByGuest({ ...guest, email: clinic.member.email!.toUpperCase() }, join()))).toBe('MEMBER_LOGIN_REQUIRED');
    // フリガナ is asked of a guest joining in Japanese, as of a guest booking.
    const noKana = await useCase.joinByGuest({ ...guest, kana: ' ' }, join());
    expect(!noKana.ok && noKana.error.fields).toEqual([{ path: 'guest.kana', message: 'フリガナを入力してください。' }]);
    expect(codeOf(await useCase.joinByGuest({ ...guest, kana: '', phone: '080-7777-8888', email: 'en@example.jp' }, join(), 'en', null))).toBe('ok');
    const joined = await useCase.joinByGuest(guest, join());
    if (!joined.ok) throw new Error(joined.error.code);
    expect(joined.value.entry).toMatchObject({ status: 'WAITING', userId: null, name: '鈴木 一郎' });
    expect(codeOf(await useCase.findByGuestToken(joined.value.token))).toBe('ok');
    expect(codeOf(await useCase.joinByGuest({ ...guest, email: 'other@example.jp', phone: '090-5555-6666' }, join()))).toBe('ok');
  });
});

describe('WaitlistUseCase: offers', () => {
  it('offers freed time to the earliest entry and holds it; accepting books exactly that time, once', async () => {
    const { useCase, clinic, join, world, freeMorning } = await setUp();
    const first = await useCase.joinByMember(clinic.member.id, join());
    const second = await useCase.joinByMember(clinic.otherMember.id, join());
    if (!first.ok || !second.ok) throw new Error('join');
    expect(await freeMorning()).toBe(1);
    const offered = (await useCase.listForMember(clinic.member.id))[0]!;
    expect(offered).toMatchObject({
      status: 'OFFERED',
      offer: { startMs: at(`${DAY}T10:00`), endMs: at(`${DAY}T11:00`), expiresAtMs: at('2026-12-01T10:30') },
    });
    // One hour freed, one offer: the later entry still waits.
    expect((await useCase.listForMember(clinic.otherMember.id))[0]).toMatchObject({ status: 'WAITING', offer: null });
    // Held: the time is taken for anyone else, as by a booking.
    const load = await world.availability.load(clinic.clinicId, clinic.menus.laser, at(`${DAY}T00:00`), at('2026-12-03T00:00'));
    expect(load!.busy).toContainEqual({ type: 'STAFF', id: clinic.staffId, startMs: at(`${DAY}T10:00`), endMs: at(`${DAY}T11:00`) });
    expect(await useCase.heldOffers(clinic.clinicId, at(`${DAY}T00:00`), at('2026-12-03T00:00'))).toEqual([
      expect.objectContaining({ entryId: first.value.id, name: clinic.member.name, menuName: '顔脱毛', startMs: at(`${DAY}T10:00`) }),
    ]);
    const accepted = await useCase.acceptByMember(clinic.member.id, first.value.id);
    expect(accepted.ok && accepted.value).toMatchObject({ userId: clinic.member.id, source: 'WEB_MEMBER', status: 'RESERVED', startMs: at(`${DAY}T10:00`) });
    const booked = (await useCase.listForMember(clinic.member.id))[0]!;
    expect(booked).toMatchObject({ status: 'BOOKED', reservationId: accepted.ok ? accepted.value.id : '', offer: null });
    expect(codeOf(await useCase.acceptByMember(clinic.member.id, first.value.id))).toBe('OFFER_NOT_AVAILABLE');
    expect(codeOf(await useCase.acceptByMember(clinic.otherMember.id, first.value.id))).toBe('WAITLIST_NOT_FOUND');
  });

  it('an offer not taken in time is OFFER_EXPIRED and passes to the next entry; the sweep expires the last, and the time is free again', async () => {
    const { useCase, clinic, join, world, freeMorning, clock } = await setUp();
    const first = await useCase.joinByMember(clinic.member.id, join());
    const second = await useCase.joinByMember(clinic.otherMember.id, join());
    if (!first.ok || !second.ok) throw new Error('join');
    await freeMorning();
    clock.set('2026-12-01T10:30:00+09:00');
    expect(codeOf(await useCase.acceptByMember(clinic.member.id, first.value.id))).toBe('OFFER_EXPIRED');
    expect((await useCase.listForMember(clinic.member.id))[0]).toMatchObject({ status: 'EXPIRED', offer: null });
    const passed = (await useCase.listForMember(clinic.otherMember.id))[0]!;
    expect(passed).toMatchObject({ status: 'OFFERED', offer: { startMs: at(`${DAY}T10:00`), expiresAtMs: at('2026-12-01T11:00') } });
    clock.set('2026-12-01T11:00:00+09:00');
    expect(await useCase.expireDue()).toBe(1);
    expect((await useCase.listForMember(clinic.otherMember.id))[0]).toMatchObject({ status: 'EXPIRED' });
    expect(codeOf(await useCase.acceptByMember(clinic.otherMember.id, second.value.id))).toBe('OFFER_EXPIRED');
    const load = await world.availability.load(clinic.clinicId, clinic.menus.laser, at(`${DAY}T00:00`), at('2026-12-03T00:00'));
    expect(load!.busy.filter((hold) => hold.startMs < at(`${DAY}T11:00`))).toEqual([]);
  });

  it('a declined offer passes on in registration order; staff removing an offered entry passes it on too', async () => {
    const { useCase, clinic, join, freeMorning, third: makeThird } = await setUp();
    const third = await makeThird();
    const entries = await Promise.all([clinic.member.id, clinic.otherMember.id].map((id) => useCase.joinByMember(id, join())));
    const last = await useCase.joinByMember(third.id, join());
    if (!entries.every((entry) => entry.ok) || !last.ok) throw new Error('join');
    await freeMorning();
    expect(codeOf(await useCase.declineByMember(clinic.member.id, entries[0]!.ok ? entries[0]!.value.id : ''))).toBe('ok');
    expect((await useCase.listForMember(clinic.member.id))[0]).toMatchObject({ status: 'CANCELLED' });
    expect((await useCase.listForMember(clinic.otherMember.id))[0]).toMatchObject({ status: 'OFFERED' });
    expect(codeOf(await useCase.declineByMember(clinic.member.id, entries[0]!.ok ? entries[0]!.value.id : ''))).toBe('OFFER_NOT_AVAILABLE');
    expect(codeOf(await useCase.removeByStaff(STAFF.id, entries[1]!.ok ? entries[1]!.value.id : ''))).toBe('ok');
    expect((await useCase.listForMember(third.id))[0]).toMatchObject({ status: 'OFFERED', offer: { startMs: at(`${DAY}T10:00`) } });
  });

  it('an accept the booking rules refuse (ALREADY_RESERVED) changes nothing: the offer and its hold stay', async () => {
    const { useCase, clinic, join, freeMorning, world } = await setUp();
    const entry = await useCase.joinByMember(clinic.member.id, join());
    if (!entry.ok) throw new Error('join');
    await freeMorning();
    // Booked meanwhile by staff: the member now holds a live visit of the menu.
    const later = at('2026-12-03T15:00');
    const visit = [{ startMs: later, endMs: later + 3_600_000, staffId: null, roomId: null, machineId: null, menuId: clinic.menus.laser, label: '照射' }];
    await world.reservations.create(
      {
        clinicId: clinic.clinicId,
        userId: clinic.member.id,
        menuIds: [clinic.menus.laser],
        source: 'STAFF',
        tasks: visit,
        memo: '',
        campaign: null,
        cancelTokenHash: null,
        ...spanOf(visit),
      },
      STAFF,
      'RESERVATION_CONFLICT',
    );
    expect(codeOf(await useCase.acceptByMember(clinic.member.id, entry.value.id))).toBe('ALREADY_RESERVED');
    expect((await useCase.listForMember(clinic.member.id))[0]).toMatchObject({ status: 'OFFERED', offer: { startMs: at(`${DAY}T10:00`) } });
    expect(await useCase.heldOffers(clinic.clinicId, at(`${DAY}T00:00`), at('2026-12-03T00:00'))).toHaveLength(1);
  });

  it("a guest accepts by the token: the booking is their 仮会員's, with a cancel token; staff offer a start by hand", async () => {
    const { useCase, clinic, join, freeMorning, world, late } = await setUp();
    const guest = { name: '鈴木 一郎', kana: 'スズキ イチロウ', phone: '080-3333-4444', email: 'suzuki@example.jp' };
    const joined = await useCase.joinByGuest(guest, join());
    const member = await useCase.joinByMember(clinic.member.id, join(clinic.menus.counselling));
    if (!joined.ok || !member.ok) throw new Error('join');
    await freeMorning();
    const accepted = await useCase.acceptByGuestToken(joined.value.token);
    if (!accepted.ok) throw new Error(accepted.error.code);
    expect(accepted.value.reservation).toMatchObject({ source: 'WEB_GUEST', userName: '鈴木 一郎', startMs: at(`${DAY}T10:00`) });
    expect(await world.members.findById(accepted.value.reservation.userId)).toMatchObject({ status: 'TEMPORARY', phone: '080-3333-4444' });
    expect(accepted.value.cancelToken).toMatch(/^cancel-token-/);
    expect(codeOf(await useCase.acceptByGuestToken('unknown'))).toBe('INVALID_TOKEN');
    // The freed hour went to the guest, who joined first: the counselling entry waits. Staff free
    // 11:00–13:00 (nothing offered by itself here) and offer 12:00 by hand; a taken start is refused.
    expect((await useCase.listForMember(clinic.member.id))[0]).toMatchObject({ status: 'WAITING' });
    expect(codeOf(await useCase.offerByStaff(STAFF.id, member.value.id, at(`${DAY}T10:00`)))).toBe('RESERVATION_CONFLICT');
    await world.reservations.setStatus(late.id, 'CANCELLED', STAFF);
    expect(codeOf(await useCase.offerByStaff(STAFF.id, member.value.id, at(`${DAY}T12:00`)))).toBe('ok');
    expect((await useCase.listForMember(clinic.member.id))[0]).toMatchObject({ status: 'OFFERED', offer: { startMs: at(`${DAY}T12:00`) } });
    expect(codeOf(await useCase.offerByStaff(STAFF.id, member.value.id, at(`${DAY}T11:00`)))).toBe('OFFER_NOT_AVAILABLE');
    expect(codeOf(await useCase.offerByStaff(STAFF.id, '999', at(`${DAY}T12:30`)))).toBe('WAITLIST_NOT_FOUND');
  });
});
