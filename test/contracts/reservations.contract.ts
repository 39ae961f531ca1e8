import {
  AvailabilityEngine,
  DomainRuleViolation,
  SLOTS_PER_DAY,
  SLOT_MS,
  bookingDays,
  confirmVisit,
  hasLiveBookingOfMenu,
  placeSchedule,
  replacementOf,
  writeOnlineBooking,
  type Actor,
  type ConflictCode,
  type EngineBusy,
  type EngineBusyDay,
  type EngineSchedule,
  type Facility,
  type GuestDetails,
  type Member,
  type Menu,
  type MenuRecord,
  type NewReservation,
  type ReservationTask,
  type ReservationView,
  type Result,
  type Staff,
} from '@clinic/core';
import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aMember, aNewReservation, aStaff } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const violation = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainRuleViolation) return error.error.code;
    throw error;
  }
  throw new Error('expected a DomainRuleViolation');
};

/** An online booking's refusal (a failed Result of `writeOnlineBooking`), thrown as the repository's own are. */
const online = async <T>(result: Promise<Result<T>>): Promise<T> => {
  const outcome = await result;
  if (!outcome.ok) throw new DomainRuleViolation(outcome.error);
  return outcome.value;
};

const ZONE = 'Asia/Tokyo';
/** A Tuesday, far enough ahead that "now" is always before it. */
const DAY = '2030-01-08';
const NEXT_DAY = '2030-01-09';
const ms = (date: string, hhmm: string) => DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toMillis();
const at = (hhmm: string) => ms(DAY, hhmm);
const iso = (epochMs: number) => DateTime.fromMillis(epochMs, { zone: ZONE }).toISO({ suppressMilliseconds: true })!;
const STAFF_ACTOR: Actor = { type: 'staff', id: '1' };
const byHold = (a: EngineBusy, b: EngineBusy) => a.type.localeCompare(b.type) || Number(a.id) - Number(b.id) || a.startMs - b.startMs;

/**
 * What every ReservationRepositoryPort, AvailabilitySourcePort and ContractLedgerPort must do: the
 * in-memory fakes the core's use case tests run on, and the Knex adapters on PGlite and PostgreSQL.
 * Where they disagree, the database is right.
 */
export const reservationsContract = (fresh: () => Promise<PortSet>): void => {
  describe('reservations', () => {
    let ports: PortSet;
    let clinicId: string;
    let otherClinicId: string;
    let categoryId: string;
    let room1: Facility;
    let room2: Facility;
    let machine: Facility;
    let staff1: Staff;
    let staff2: Staff;
    let member: Member;
    let member2: Member;
    /** 60 minutes: staff, one of the two rooms and the machine. */
    let menuA: Menu;
    /** 30 minutes: staff only. */
    let menuB: Menu;

    const menuRecord = (name: string, overrides: Partial<MenuRecord> = {}): MenuRecord => ({
      clinicId,
      categoryId,
      name,
      description: '',
      displayOrder: 0,
      enabled: true,
      webBookable: true,
      kind: 'NEW',
      price: 5500,
      afterMenuId: null,
      tasks: [{ label: '施術', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
      ...overrides,
    });

    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic({ name: '渋谷' }))).id;
      otherClinicId = (await ports.clinics.create(aClinic({ name: '新宿' }))).id;
      const { facilitiesMenus } = ports;
      categoryId = (await facilitiesMenus.categories.create({ clinicId, name: '医療脱毛', displayOrder: 0 })).id;
      room1 = await facilitiesMenus.rooms.create({ clinicId, name: '施術室1', displayOrder: 1, enabled: true });
      room2 = await facilitiesMenus.rooms.create({ clinicId, name: '施術室2', displayOrder: 0, enabled: true });
      machine = await facilitiesMenus.machines.create({ clinicId, name: 'ジェントルマックス', displayOrder: 0, enabled: true });
      menuA = await facilitiesMenus.menus.create(
        menuRecord('顔脱毛', {
          translations: { en: { name: 'Face hair removal' } },
          tasks: [{ label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room1.id, room2.id], machineIds: [machine.id] }],
        }),
      );
      menuB = await facilitiesMenus.menus.create(menuRecord('カウンセリング'));
      staff1 = await ports.staffs.create(aStaff({ clinicId, priority: 1 }));
      staff2 = await ports.staffs.create(aStaff({ clinicId, priority: 0 }));
      member = await ports.members.create(aMember(clinicId, { name: '山田 花子', kana: 'ヤマダ ハナコ', userNumber: '100001', phone: '090-1234-5678' }));
      member2 = await ports.members.create(aMember(clinicId, { name: 'Smith Anna', kana: 'スミス アンナ', userNumber: '100002' }));
    });

    const task = (
      from: string,
      to: string,
      resources: { staffId?: string; roomId?: string; machineId?: string } = {},
      menuId: string | null = menuA.id,
      label = '照射',
      date = DAY,
    ): ReservationTask => ({
      startMs: ms(date, from),
      endMs: ms(date, to),
      staffId: resources.staffId ?? null,
      roomId: resources.roomId ?? null,
      machineId: resources.machineId ?? null,
      menuId,
      label,
    });

    const draft = (userId: string, tasks: ReservationTask[], overrides: Partial<NewReservation> = {}): NewReservation =>
      aNewReservation(clinicId, userId, tasks, { menuIds: [menuA.id], ...overrides });

    /**
     * Books; with `onePerMenuAtMs`, as an online booking does (the core's `writeOnlineBooking` in the
     * port's transaction: the member locked, one live reservation per member and menu at that instant).
     */
    const book = (
      userId: string,
      tasks: ReservationTask[],
      overrides: Partial<NewReservation> = {},
      conflict: ConflictCode = 'RESERVATION_CONFLICT',
      options: { onePerMenuAtMs?: number } = {},
    ): Promise<ReservationView> =>
      options.onePerMenuAtMs === undefined
        ? ports.reservations.reservations.create(draft(userId, tasks, overrides), STAFF_ACTOR, conflict)
        : online(
            ports.reservations.reservations.inTransaction((tx) =>
              writeOnlineBooking(tx, draft(userId, tasks, overrides), { userId }, STAFF_ACTOR, options.onePerMenuAtMs!),
            ),
          );

    const repo = () => ports.reservations.reservations;
    const ids = (views: readonly ReservationView[]) => views.map((view) => view.id);
    const wholeDay = () => repo().listForClinic(clinicId, ms(DAY, '00:00'), ms(NEXT_DAY, '00:00'));

    describe('ReservationRepositoryPort', () => {
      it("writes a reservation with its menus and tasks, and reads it back with the member's and menus' names", async () => {
        const before = Date.now();
        const tasks = [
          task('10:00', '10:30', { staffId: staff1.id, roomId: room1.id }, menuB.id, '問診'),
          task('10:30', '11:30', { staffId: staff1.id, roomId: room1.id, machineId: machine.id }),
        ];
        const created = await book(member.id, tasks, { menuIds: [menuB.id, menuA.id], memo: '初回', campaign: 'spring', source: 'WEB_MEMBER' });
        const after = Date.now();
        expect(created).toEqual({
          id: expect.stringMatching(/^\d+$/),
          clinicId,
          userId: member.id,
          menuIds: [menuB.id, menuA.id],
          menuNames: ['カウンセリング', '顔脱毛'],
          menuTranslations: [{}, { en: { name: 'Face hair removal' } }],
          userName: '山田 花子',
          userKana: 'ヤマダ ハナコ',
          userNumber: '100001',
          status: 'RESERVED',
          source: 'WEB_MEMBER',
          startMs: at('10:00'),
          endMs: at('11:30'),
          tasks,
          memo: '初回',
          campaign: 'spring',
          createdAtMs: expect.any(Number),
          cancelledAtMs: null,
          confirmedAtMs: null,
          version: 1,
        });
        expect(created.createdAtMs).toBeGreaterThanOrEqual(before - 1);
        expect(created.createdAtMs).toBeLessThanOrEqual(after + 1);
        expect(await repo().findById(created.id)).toEqual(created);
        expect(await repo().findById('999999')).toBeNull();
        expect(await repo().findById('not-an-id')).toBeNull();
      });

      it("reads a reservation with its member's addresses as they are now", async () => {
        const created = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        await ports.members.update(member.id, { email: 'hanako.new@example.jp', notificationChannel: 'MAIL' });
        const found = await repo().findWithRecipient(created.id);
        expect(found).toEqual({
          reservation: await repo().findById(created.id),
          recipient: { email: 'hanako.new@example.jp', lineUserId: member.lineUserId, preference: 'MAIL' },
        });
        expect(await repo().findWithRecipient('999999')).toBeNull();
        expect(await repo().findWithRecipient('not-an-id')).toBeNull();
      });

      it('shows the names as they are now: a renamed member is read with the new name', async () => {
        const created = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        await ports.members.update(member.id, { name: '山田 春子' });
        expect((await repo().findById(created.id))!.userName).toBe('山田 春子');
      });

      it('refuses a second live hold of one staff member, room or machine at an overlapping time with the code asked for, and writes nothing', async () => {
        const first = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id, roomId: room1.id, machineId: machine.id })]);
        // Each resource alone is enough to collide.
        expect(await violation(book(member2.id, [task('10:30', '11:30', { staffId: staff1.id })]))).toBe('RESERVATION_CONFLICT');
        expect(await violation(book(member2.id, [task('09:30', '10:15', { staffId: staff2.id, roomId: room1.id })], {}, 'RESOURCE_COLLISION'))).toBe(
          'RESOURCE_COLLISION',
        );
        expect(await violation(book(member2.id, [task('10:45', '11:15', { machineId: machine.id })]))).toBe('RESERVATION_CONFLICT');
        // Two tasks of one reservation may not hold one staff member twice at once either.
        expect(
          await violation(book(member2.id, [task('12:00', '13:00', { staffId: staff2.id }), task('12:30', '13:30', { staffId: staff2.id, roomId: room2.id })])),
        ).toBe('RESERVATION_CONFLICT');
        expect(ids(await wholeDay())).toEqual([first.id]);
        // Ranges are half-open: back to back is no overlap; other resources at the same time are free.
        const next = await book(member2.id, [task('11:00', '12:00', { staffId: staff1.id, roomId: room1.id, machineId: machine.id })]);
        const beside = await book(member2.id, [task('10:00', '11:00', { staffId: staff2.id, roomId: room2.id })]);
        expect(ids(await wholeDay())).toEqual([first.id, beside.id, next.id]);
      });

      it("holds are per resource, whatever the reservation's clinic", async () => {
        const other = await ports.staffs.create(aStaff({ clinicId: otherClinicId }));
        await book(member.id, [task('10:00', '11:00', { staffId: other.id })], { clinicId: otherClinicId });
        expect(await violation(book(member2.id, [task('10:00', '11:00', { staffId: other.id })]))).toBe('RESERVATION_CONFLICT');
      });

      it('a block and a reservation exclude each other as two reservations do', async () => {
        const blocks = ports.staffSchedules.blocks;
        const block = (resourceId: string, from: string, to: string) =>
          blocks.create({ clinicId, resourceType: 'STAFF', resourceId, startsAt: iso(at(from)), endsAt: iso(at(to)), reason: '研修' });
        await block(staff1.id, '12:00', '13:00');
        expect(await violation(book(member.id, [task('12:30', '13:30', { staffId: staff1.id })]))).toBe('RESERVATION_CONFLICT');
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        expect(await violation(block(staff1.id, '10:30', '11:00'))).toBe('RESOURCE_COLLISION');
        // A cancelled reservation holds nothing.
        await repo().setStatus(reservation.id, 'CANCELLED', STAFF_ACTOR);
        await block(staff1.id, '10:30', '11:00');
        expect(await violation(repo().setStatus(reservation.id, 'RESERVED', STAFF_ACTOR))).toBe('RESOURCE_COLLISION');
      });

      it('names a missing member, menu, staff member, room or machine as not found, and writes nothing', async () => {
        const free = (resources: { staffId?: string; roomId?: string; machineId?: string }, menuId: string | null = menuA.id) => [
          task('15:00', '16:00', resources, menuId),
        ];
        expect(await violation(book('999999', free({ staffId: staff1.id })))).toBe('USER_NOT_FOUND');
        expect(await violation(book(member.id, free({ staffId: staff1.id }), { menuIds: ['999999'] }))).toBe('MENU_NOT_FOUND');
        expect(await violation(book(member.id, free({ staffId: '999999' })))).toBe('STAFF_NOT_FOUND');
        expect(await violation(book(member.id, free({ roomId: '999999' })))).toBe('ROOM_NOT_FOUND');
        expect(await violation(book(member.id, free({ machineId: '999999' })))).toBe('MACHINE_NOT_FOUND');
        expect(await wholeDay()).toEqual([]);
        // The refused ones held nothing either.
        await book(member.id, free({ staffId: staff1.id, roomId: room1.id, machineId: machine.id }));
      });

      it('keeps one live reservation per member and menu when asked (onePerMenuAtMs), and only then', async () => {
        const nowMs = Date.now();
        const first = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })], {}, 'RESERVATION_CONFLICT', { onePerMenuAtMs: nowMs });
        const again = (options: { onePerMenuAtMs?: number }) => book(member.id, [task('14:00', '15:00')], {}, 'RESERVATION_CONFLICT', options);
        expect(await violation(again({ onePerMenuAtMs: nowMs }))).toBe('ALREADY_RESERVED');
        expect(
          await violation(book(member.id, [task('14:00', '15:00')], { menuIds: [menuB.id, menuA.id] }, 'RESERVATION_CONFLICT', { onePerMenuAtMs: nowMs })),
        ).toBe('ALREADY_RESERVED');
        expect(ids(await repo().listForMember(member.id))).toEqual([first.id]);
        // Another member or another menu: no rule broken. Staff bookings do not ask for the rule.
        await book(member2.id, [task('14:00', '15:00')], {}, 'RESERVATION_CONFLICT', { onePerMenuAtMs: nowMs });
        await book(member.id, [task('16:00', '16:30')], { menuIds: [menuB.id] }, 'RESERVATION_CONFLICT', { onePerMenuAtMs: nowMs });
        const byStaff = await again({});
        // Neither a cancelled reservation nor a visit counts; nor one that has ended by then.
        await repo().setStatus(first.id, 'CANCELLED', STAFF_ACTOR);
        await repo().setStatus(byStaff.id, 'VISITED', STAFF_ACTOR);
        const online = await again({ onePerMenuAtMs: nowMs });
        expect(await violation(again({ onePerMenuAtMs: nowMs }))).toBe('ALREADY_RESERVED');
        await again({ onePerMenuAtMs: online.endMs });
      });

      it('answers whether a member holds another live reservation of a menu that has not ended', async () => {
        const nowMs = Date.now();
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuA.id, nowMs)).toBe(true);
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuA.id, nowMs, reservation.id)).toBe(false);
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuA.id, reservation.endMs)).toBe(false);
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuA.id, reservation.endMs - 1)).toBe(true);
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuB.id, nowMs)).toBe(false);
        expect(await hasLiveBookingOfMenu(repo(), member2.id, menuA.id, nowMs)).toBe(false);
        expect(await hasLiveBookingOfMenu(repo(), 'x', menuA.id, nowMs)).toBe(false);
        // A visit is not a booking to keep: only RESERVED counts.
        const visited = await repo().setStatus(reservation.id, 'VISITED', STAFF_ACTOR);
        expect(visited!.status).toBe('VISITED');
        expect(await hasLiveBookingOfMenu(repo(), member.id, menuA.id, nowMs)).toBe(false);
      });

      it('cancels: frees the holds, stamps the time and moves the version; back to RESERVED only while the holds are free', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id, roomId: room1.id })]);
        const before = Date.now();
        const cancelled = await repo().setStatus(reservation.id, 'CANCELLED', STAFF_ACTOR, 1);
        expect(cancelled).toEqual({ ...reservation, status: 'CANCELLED', version: 2, cancelledAtMs: expect.any(Number) });
        expect(cancelled!.cancelledAtMs).toBeGreaterThanOrEqual(before - 1);
        const taker = await book(member2.id, [task('10:30', '11:30', { staffId: staff1.id })]);
        expect(await violation(repo().setStatus(reservation.id, 'RESERVED', STAFF_ACTOR, 2))).toBe('RESOURCE_COLLISION');
        expect(await repo().findById(reservation.id)).toEqual(cancelled);
        expect(await repo().delete(taker.id)).toBe(true);
        const back = await repo().setStatus(reservation.id, 'RESERVED', STAFF_ACTOR, 2);
        expect(back).toEqual({ ...reservation, version: 3 });
        expect(await violation(book(member2.id, [task('10:30', '11:30', { roomId: room1.id })]))).toBe('RESERVATION_CONFLICT');
      });

      it('a no-show frees the holds and is stamped like a cancel; a visit keeps them', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        const visited = await repo().setStatus(reservation.id, 'VISITED', STAFF_ACTOR);
        expect(visited).toMatchObject({ status: 'VISITED', cancelledAtMs: null, version: 2 });
        expect(await violation(book(member2.id, [task('10:00', '11:00', { staffId: staff1.id })]))).toBe('RESERVATION_CONFLICT');
        await repo().setStatus(reservation.id, 'RESERVED', STAFF_ACTOR);
        const noShow = await repo().setStatus(reservation.id, 'NOT_VISITED', STAFF_ACTOR);
        expect(noShow).toMatchObject({ status: 'NOT_VISITED', version: 4, cancelledAtMs: expect.any(Number) });
        await book(member2.id, [task('10:00', '11:00', { staffId: staff1.id })]);
      });

      it('refuses a status change on a version that has moved on (RESERVATION_CHANGED) and leaves the reservation as it is', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        await repo().setStatus(reservation.id, 'VISITED', STAFF_ACTOR, 1);
        const current = await repo().findById(reservation.id);
        expect(await violation(repo().setStatus(reservation.id, 'CANCELLED', STAFF_ACTOR, 1))).toBe('RESERVATION_CHANGED');
        expect(await repo().findById(reservation.id)).toEqual(current);
        expect(await repo().setStatus('999999', 'CANCELLED', STAFF_ACTOR)).toBeNull();
        expect(await repo().setStatus('999999', 'CANCELLED', STAFF_ACTOR, 1)).toBeNull();
        expect(await repo().setStatus('x', 'CANCELLED', STAFF_ACTOR)).toBeNull();
      });

      it('moves a reservation: same id, the old time freed, the new one held, the confirmation cleared', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id, roomId: room1.id })]);
        await confirmVisit(repo(), reservation, Date.now());
        const tasks = [task('14:00', '15:00', { staffId: staff2.id, roomId: room2.id })];
        const moved = await repo().replaceTasks(reservation.id, replacementOf(reservation, { tasks }), 'RESERVATION_CONFLICT', 1);
        expect(moved).toEqual({ ...reservation, tasks, startMs: at('14:00'), endMs: at('15:00'), version: 2, confirmedAtMs: null });
        await book(member2.id, [task('10:00', '11:00', { staffId: staff1.id, roomId: room1.id })]);
        expect(await violation(book(member2.id, [task('14:30', '15:30', { staffId: staff2.id })]))).toBe('RESERVATION_CONFLICT');
      });

      it('refuses a move onto held time with the code asked for, and keeps the reservation and its holds', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        await book(member2.id, [task('14:00', '15:00', { staffId: staff2.id })]);
        const move = [task('14:30', '15:30', { staffId: staff2.id })];
        expect(await violation(repo().replaceTasks(reservation.id, replacementOf(reservation, { tasks: move }), 'RESOURCE_COLLISION', 1))).toBe(
          'RESOURCE_COLLISION',
        );
        expect(await repo().findById(reservation.id)).toEqual(reservation);
        expect(await violation(book(member2.id, [task('10:00', '10:30', { staffId: staff1.id })]))).toBe('RESERVATION_CONFLICT');
      });

      it('replaces menus and memo; the same span keeps the confirmation; a stale version or unknown id changes nothing', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        const confirmed = await confirmVisit(repo(), reservation, Date.now());
        const tasks = [task('10:00', '10:30', { staffId: staff2.id }, menuB.id, '問診'), task('10:30', '11:00', { staffId: staff2.id })];
        const changed = await repo().replaceTasks(
          reservation.id,
          replacementOf(reservation, { tasks, menuIds: [menuB.id, menuA.id], memo: '変更' }),
          'RESOURCE_COLLISION',
          1,
        );
        expect(changed).toEqual({
          ...confirmed!.reservation,
          tasks,
          menuIds: [menuB.id, menuA.id],
          menuNames: ['カウンセリング', '顔脱毛'],
          menuTranslations: [{}, { en: { name: 'Face hair removal' } }],
          memo: '変更',
          version: 2,
        });
        expect(await violation(repo().replaceTasks(reservation.id, replacementOf(reservation, { tasks }), 'RESOURCE_COLLISION', 1))).toBe(
          'RESERVATION_CHANGED',
        );
        expect(await repo().replaceTasks('999999', replacementOf(reservation, { tasks }), 'RESOURCE_COLLISION')).toBeNull();
        expect(await repo().findById(reservation.id)).toEqual(changed);
      });

      it('a cancelled reservation given new tasks holds nothing with them', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        await book(member2.id, [task('14:00', '15:00', { staffId: staff2.id })]);
        await repo().setStatus(reservation.id, 'CANCELLED', STAFF_ACTOR);
        const moved = await repo().replaceTasks(
          reservation.id,
          replacementOf(reservation, { tasks: [task('14:00', '15:00', { staffId: staff2.id })] }),
          'RESOURCE_COLLISION',
        );
        expect(moved).toMatchObject({ status: 'CANCELLED', startMs: at('14:00'), version: 3 });
      });

      it('records the first confirmation of a RESERVED visit that has not started, once, without a new version', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        const atMs = at('09:00') - 86_400_000;
        expect(await confirmVisit(repo(), reservation, atMs)).toEqual({ reservation: { ...reservation, confirmedAtMs: atMs }, first: true });
        expect(await confirmVisit(repo(), reservation, atMs + 60_000)).toEqual({ reservation: { ...reservation, confirmedAtMs: atMs }, first: false });
        const other = await book(member2.id, [task('12:00', '13:00')]);
        expect(await confirmVisit(repo(), other, other.startMs)).toBeNull();
        await repo().setStatus(other.id, 'CANCELLED', STAFF_ACTOR);
        // Read before the cancel: the repository finds the version moved on.
        expect(await confirmVisit(repo(), other, atMs)).toBeNull();
        expect(await repo().confirm('999999', atMs, 1)).toBeNull();
      });

      it('finds a guest booking by the hash of its cancel token', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00')], { cancelTokenHash: 'hash-of-token' });
        expect(await repo().findByCancelTokenHash('hash-of-token')).toEqual(reservation);
        expect(await repo().findByCancelTokenHash('other')).toBeNull();
      });

      it('deletes a reservation and frees its holds', async () => {
        const reservation = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
        expect(await repo().delete(reservation.id)).toBe(true);
        expect(await repo().delete(reservation.id)).toBe(false);
        expect(await repo().delete('x')).toBe(false);
        expect(await repo().findById(reservation.id)).toBeNull();
        await book(member2.id, [task('10:00', '11:00', { staffId: staff1.id })]);
      });

      describe('lists', () => {
        let early: ReservationView;
        let late: ReservationView;
        let sameStart: ReservationView;
        let nextDay: ReservationView;
        let elsewhere: ReservationView;
        beforeEach(async () => {
          late = await book(member.id, [task('14:00', '15:00')]);
          early = await book(member2.id, [task('09:00', '10:00')]);
          sameStart = await book(member.id, [task('14:00', '14:30')], { menuIds: [menuB.id] });
          nextDay = await book(member.id, [task('10:00', '11:00', {}, menuA.id, '照射', NEXT_DAY)]);
          elsewhere = await book(member.id, [task('10:00', '11:00')], { clinicId: otherClinicId, menuIds: [] });
        });

        it("lists a clinic's reservations overlapping a half-open range by start, then id, whatever their status", async () => {
          await repo().setStatus(early.id, 'CANCELLED', STAFF_ACTOR);
          expect(ids(await wholeDay())).toEqual([early.id, late.id, sameStart.id]);
          expect(ids(await repo().listForClinic(clinicId, at('10:00'), at('14:00')))).toEqual([]);
          expect(ids(await repo().listForClinic(clinicId, at('09:59'), at('14:01')))).toEqual([early.id, late.id, sameStart.id]);
          expect(ids(await repo().listForClinic(clinicId, at('14:30'), at('14:30')))).toEqual([]);
          expect(ids(await repo().listForClinic(clinicId, at('00:00'), ms('2030-01-10', '00:00')))).toEqual([early.id, late.id, sameStart.id, nextDay.id]);
          expect(ids(await repo().listForClinic(otherClinicId, at('00:00'), ms(NEXT_DAY, '00:00')))).toEqual([elsewhere.id]);
          expect(await repo().listForClinic('x', at('00:00'), ms(NEXT_DAY, '00:00'))).toEqual([]);
        });

        it('searches by member, status and a keyword in the name or kana (any case) or the whole number', async () => {
          const search = (filter: Parameters<ReturnType<typeof repo>['searchForClinic']>[3]) =>
            repo()
              .searchForClinic(clinicId, at('00:00'), ms('2030-01-10', '00:00'), filter)
              .then((views) => ids(views));
          await repo().setStatus(late.id, 'CANCELLED', STAFF_ACTOR);
          expect(await search({})).toEqual([early.id, late.id, sameStart.id, nextDay.id]);
          expect(await search({ userId: member.id })).toEqual([late.id, sameStart.id, nextDay.id]);
          expect(await search({ userId: member.id, status: 'RESERVED' })).toEqual([sameStart.id, nextDay.id]);
          expect(await search({ status: 'CANCELLED' })).toEqual([late.id]);
          expect(await search({ keyword: '花子' })).toEqual([late.id, sameStart.id, nextDay.id]);
          expect(await search({ keyword: 'ハナコ' })).toEqual([late.id, sameStart.id, nextDay.id]);
          expect(await search({ keyword: 'smith' })).toEqual([early.id]);
          expect(await search({ keyword: '100002' })).toEqual([early.id]);
          expect(await search({ keyword: '10000' })).toEqual([]);
          expect(await search({ keyword: '%' })).toEqual([]);
          expect(await search({ keyword: '_' })).toEqual([]);
          expect(await search({ userId: 'x' })).toEqual([]);
        });

        it("lists a member's reservations, latest start first, at every clinic", async () => {
          expect(ids(await repo().listForMember(member.id))).toEqual([nextDay.id, sameStart.id, late.id, elsewhere.id]);
          expect(ids(await repo().listForMember(member2.id))).toEqual([early.id]);
          expect(await repo().listForMember('x')).toEqual([]);
        });

        it("lists a clinic's newest bookings and cancels, newest first, up to the limit", async () => {
          expect(ids(await repo().recent(clinicId, 'created', 3))).toEqual([nextDay.id, sameStart.id, early.id]);
          expect(await repo().recent(clinicId, 'cancelled', 3)).toEqual([]);
          await repo().setStatus(sameStart.id, 'CANCELLED', STAFF_ACTOR);
          await repo().setStatus(early.id, 'CANCELLED', STAFF_ACTOR);
          expect(ids(await repo().recent(clinicId, 'cancelled', 5))).toEqual([early.id, sameStart.id]);
          expect(ids(await repo().recent(clinicId, 'cancelled', 1))).toEqual([early.id]);
        });
      });

      describe('guest bookings', () => {
        const guest: GuestDetails = { clinicId: '', name: ' 佐藤  一郎 ', kana: 'サトウ イチロウ', phone: '090-1111-2222', email: 'sato@example.jp' };
        const bookAsGuest = (tasks: ReservationTask[], details: Partial<GuestDetails> = {}, overrides: Partial<NewReservation> = {}) =>
          online(
            repo().inTransaction((tx) =>
              writeOnlineBooking(
                tx,
                draft('', tasks, { source: 'WEB_GUEST', ...overrides }),
                { guest: { ...guest, clinicId, ...details } },
                { type: 'guest', id: null },
                Date.now(),
              ),
            ),
          );

        it('makes a 仮会員 from the details, and finds it again by phone and name', async () => {
          const first = await bookAsGuest([task('10:00', '11:00', { staffId: staff1.id })]);
          expect(first).toMatchObject({ userName: '佐藤 一郎', userKana: 'サトウ イチロウ', userNumber: null, source: 'WEB_GUEST' });
          expect(await ports.members.findById(first.userId)).toMatchObject({
            name: '佐藤 一郎',
            phone: '090-1111-2222',
            email: 'sato@example.jp',
            status: 'TEMPORARY',
            clinicId,
          });
          const second = await bookAsGuest([task('12:00', '12:30')], { phone: '09011112222', name: '佐藤 一郎' }, { menuIds: [menuB.id] });
          expect(second.userId).toBe(first.userId);
          expect(await violation(bookAsGuest([task('14:00', '15:00')]))).toBe('ALREADY_RESERVED');
        });

        it('refuses the phone and name, or the e-mail, of a FULL member (they log in to book), and makes no 仮会員', async () => {
          expect(await violation(bookAsGuest([task('10:00', '11:00')], { name: '山田 花子', phone: '09012345678', email: null }))).toBe(
            'MEMBER_LOGIN_REQUIRED',
          );
          expect(await violation(bookAsGuest([task('10:00', '11:00')], { email: member.email!.toUpperCase() }))).toBe('MEMBER_LOGIN_REQUIRED');
          // Nor does a booking refused for its time.
          await book(member.id, [task('10:00', '11:00', { staffId: staff1.id })]);
          expect(await violation(bookAsGuest([task('10:00', '11:00', { staffId: staff1.id })]))).toBe('RESERVATION_CONFLICT');
          expect(await wholeDay()).toHaveLength(1);
          expect(await ports.members.findByLoginIdentifier('sato@example.jp')).toBeNull();
        });
      });
    });

    describe('AvailabilitySourcePort', () => {
      let staff3: Staff;
      let held: ReservationView;

      beforeEach(async () => {
        staff3 = await ports.staffs.create(aStaff({ clinicId, priority: 2 }));
        await ports.staffs.setMenus(staff1.id, [menuA.id, menuB.id]);
        await ports.staffs.setMenus(staff2.id, [menuA.id]);
        await ports.staffs.setMenus(staff3.id, [menuB.id]);
        await ports.facilitiesMenus.rooms.create({ clinicId, name: '休止中', displayOrder: 2, enabled: false });
        const settings = aClinic({
          name: '渋谷',
          breaks: [
            { weekday: null, start: '13:00', end: '14:00' },
            { weekday: 2, start: '16:00', end: '16:30' },
          ],
        });
        await ports.clinics.update(clinicId, settings);
        await ports.clinics.addHoliday(clinicId, { date: NEXT_DAY, name: '臨時休診' });
        await ports.clinics.addHoliday(clinicId, { date: '2030-02-11', name: '建国記念の日' });
        const schedule = (staffId: string, date: string, start: string, end: string, breaks: { start: string; end: string }[] = []) => {
          const placed = placeSchedule({ date, start, end, breaks }, { clinicId, staffId, categoryId: null });
          if (!placed.ok) throw new Error('bad schedule');
          return ports.staffSchedules.schedules.create(placed.value);
        };
        await schedule(staff1.id, DAY, '10:00', '19:00', [{ start: '13:00', end: '14:00' }]);
        await schedule(staff3.id, DAY, '10:00', '15:00');
        await schedule(staff2.id, '2030-01-10', '10:00', '19:00');
        held = await book(member.id, [task('10:00', '11:00', { staffId: staff1.id, roomId: room1.id, machineId: machine.id })]);
        await book(member2.id, [task('11:00', '11:30', { staffId: staff3.id }, menuB.id)], { menuIds: [menuB.id] });
        const cancelled = await book(member2.id, [task('15:00', '16:00', { staffId: staff2.id, roomId: room2.id })]);
        await repo().setStatus(cancelled.id, 'CANCELLED', STAFF_ACTOR);
        await ports.staffSchedules.blocks.create({
          clinicId,
          resourceType: 'ROOM',
          resourceId: room2.id,
          startsAt: iso(at('12:00')),
          endsAt: iso(at('13:00')),
          reason: '清掃',
        });
      });

      const load = (menuId: string | null, options?: { excludeReservationId?: string }) =>
        ports.reservations.availability.load(clinicId, menuId, at('00:00'), ms('2030-01-10', '00:00'), options);
      const busyOf = async (menuId: string | null, options?: { excludeReservationId?: string }) => [...(await load(menuId, options))!.busy].sort(byHold);
      const hold = (type: EngineBusy['type'], id: string, from: string, to: string): EngineBusy => ({ type, id, startMs: at(from), endMs: at(to) });

      it('reads the clinic, the menu, its performers by priority, the usable rooms and machines, and the schedules', async () => {
        const context = (await load(menuA.id))!;
        const clinic = (await ports.clinics.findById(clinicId))!;
        expect(context.clinic).toEqual({
          id: clinicId,
          name: '渋谷',
          phone: clinic.phone,
          zone: ZONE,
          webBookingEnabled: true,
          minLeadMinutes: 60,
          updateDeadlineHours: 24,
          cancelDeadlineHours: 24,
          reminderRules: clinic.reminderRules,
          waitlistHoldMinutes: 30,
          noShowLimit: null,
          noShowWindowDays: 180,
          openingHours: clinic.openingHours,
          breaks: [
            { weekday: null, start: '13:00', end: '14:00' },
            { weekday: 2, start: '16:00', end: '16:30' },
          ],
          holidays: new Set([NEXT_DAY]),
        });
        expect(context.menu).toEqual({
          id: menuA.id,
          clinicId,
          categoryId,
          name: '顔脱毛',
          kind: 'NEW',
          enabled: true,
          webBookable: true,
          tasks: [{ id: menuA.tasks[0]!.id, label: '照射', durationMinutes: 60, needsStaff: true, roomIds: [room2.id, room1.id], machineIds: [machine.id] }],
        });
        expect(context.staffIds).toEqual([staff2.id, staff1.id]);
        expect(context.roomIds).toEqual([room2.id, room1.id]);
        expect(context.machineIds).toEqual([machine.id]);
        expect(context.schedules).toEqual([
          { staffId: staff1.id, startMs: at('10:00'), endMs: at('19:00'), breaks: [[at('13:00'), at('14:00')]], categoryId: null },
        ]);
      });

      it("holds are the live allocations of the menu's staff, rooms and machines: reservations and blocks", async () => {
        expect(await busyOf(menuA.id)).toEqual([
          hold('MACHINE', machine.id, '10:00', '11:00'),
          hold('ROOM', room1.id, '10:00', '11:00'),
          hold('ROOM', room2.id, '12:00', '13:00'),
          hold('STAFF', staff1.id, '10:00', '11:00'),
        ]);
        // Without a menu: every staff member of the clinic, and every hold.
        const all = (await load(null))!;
        expect(all.menu).toBeNull();
        expect(all.staffIds).toEqual([staff2.id, staff1.id, staff3.id]);
        expect(await busyOf(null)).toEqual([
          hold('MACHINE', machine.id, '10:00', '11:00'),
          hold('ROOM', room1.id, '10:00', '11:00'),
          hold('ROOM', room2.id, '12:00', '13:00'),
          hold('STAFF', staff1.id, '10:00', '11:00'),
          hold('STAFF', staff3.id, '11:00', '11:30'),
        ]);
      });

      it('reads each schedule once with all its breaks and its category, and every hold of a resource with its own bounds', async () => {
        // staff3 gets a second schedule in the range: two breaks and a category; staff1 a second
        // hold, and a block that began the day before the range.
        const placed = placeSchedule(
          {
            date: NEXT_DAY,
            start: '09:00',
            end: '18:00',
            breaks: [
              { start: '12:00', end: '12:45' },
              { start: '15:15', end: '15:30' },
            ],
          },
          { clinicId, staffId: staff3.id, categoryId },
        );
        if (!placed.ok) throw new Error('bad schedule');
        await ports.staffSchedules.schedules.create(placed.value);
        await book(member2.id, [task('16:00', '17:30', { staffId: staff1.id })]);
        await ports.staffSchedules.blocks.create({
          clinicId,
          resourceType: 'STAFF',
          resourceId: staff1.id,
          startsAt: iso(ms('2030-01-07', '20:00')),
          endsAt: iso(at('09:30')),
          reason: '研修',
        });
        const all = (await load(null))!;
        const byStart = (a: { startMs: number }, b: { startMs: number }) => a.startMs - b.startMs;
        expect([...all.schedules].map((s) => ({ ...s, breaks: [...s.breaks].sort((a, b) => a[0] - b[0]) })).sort(byStart)).toEqual([
          { staffId: staff1.id, startMs: at('10:00'), endMs: at('19:00'), breaks: [[at('13:00'), at('14:00')]], categoryId: null },
          { staffId: staff3.id, startMs: at('10:00'), endMs: at('15:00'), breaks: [], categoryId: null },
          {
            staffId: staff3.id,
            startMs: ms(NEXT_DAY, '09:00'),
            endMs: ms(NEXT_DAY, '18:00'),
            breaks: [
              [ms(NEXT_DAY, '12:00'), ms(NEXT_DAY, '12:45')],
              [ms(NEXT_DAY, '15:15'), ms(NEXT_DAY, '15:30')],
            ],
            categoryId,
          },
        ]);
        expect([...all.busy].filter((hold) => hold.type === 'STAFF' && hold.id === staff1.id).sort(byStart)).toEqual([
          { type: 'STAFF', id: staff1.id, startMs: ms('2030-01-07', '20:00'), endMs: at('09:30') },
          hold('STAFF', staff1.id, '10:00', '11:00'),
          hold('STAFF', staff1.id, '16:00', '17:30'),
        ]);
      });

      it('leaves out the reservation being changed, and what lies outside the range', async () => {
        expect(await busyOf(menuA.id, { excludeReservationId: held.id })).toEqual([hold('ROOM', room2.id, '12:00', '13:00')]);
        const late = await ports.reservations.availability.load(clinicId, menuA.id, at('13:00'), at('23:00'));
        expect(late!.busy).toEqual([]);
        expect(late!.schedules).toHaveLength(1);
      });

      it('reads a schedule the range overlaps, by a quarter-hour too, and not one that only touches it at either end', async () => {
        // staff1 works 10:00–19:00 on DAY, staff3 10:00–15:00; the ranges are half-open.
        const staffOf = async (from: string, to: string) => {
          const read = await ports.reservations.availability.load(clinicId, null, at(from), at(to));
          const searched = await ports.reservations.availability.loadForSearch(clinicId, null, at(from), at(to));
          const ids = read!.schedules.map((s) => s.staffId).sort();
          expect(searched!.schedules.map((s) => s.staffId).sort()).toEqual(ids);
          return ids;
        };
        expect(await staffOf('09:00', '10:00')).toEqual([]);
        expect(await staffOf('09:45', '10:15')).toEqual([staff1.id, staff3.id].sort());
        expect(await staffOf('14:45', '15:00')).toEqual([staff1.id, staff3.id].sort());
        expect(await staffOf('15:00', '16:00')).toEqual([staff1.id]);
        expect(await staffOf('18:45', '19:00')).toEqual([staff1.id]);
        expect(await staffOf('19:00', '23:00')).toEqual([]);
      });

      it("reads a search's busy time as quarter-hours per resource and day, as the engine reduces the holds, and the search answers the same", async () => {
        // A second hold of staff 1 touching the quarter-hour of the first one's end (11:00–11:10 after 10:00–11:00 would
        // overlap; 11:05–11:20 touches 11:00–11:15 as nothing else does), and one on the next day.
        await book(member2.id, [task('11:05', '11:20', { staffId: staff1.id })]);
        const [fromMs, toMs] = [at('00:00'), ms('2030-01-10', '00:00')];
        /** The holds' quarter-hours by the engine's rule, per resource and day of the range. */
        const quartersOf = (holds: readonly EngineBusy[]) => {
          const days = new Map<string, EngineBusyDay>();
          for (const hold of holds) {
            for (const dayStartMs of [fromMs, ms(NEXT_DAY, '00:00')]) {
              const from = Math.max(0, Math.floor((hold.startMs - dayStartMs) / SLOT_MS));
              const to = Math.min(SLOTS_PER_DAY, Math.ceil((hold.endMs - dayStartMs) / SLOT_MS));
              if (from >= to) continue;
              const key = `${hold.type}:${hold.id}:${dayStartMs}`;
              const words = days.get(key) ?? { type: hold.type, id: hold.id, dayStartMs, q0: 0, q1: 0, q2: 0 };
              const next: { -readonly [K in keyof EngineBusyDay]: EngineBusyDay[K] } = { ...words };
              for (let quarter = from; quarter < to; quarter++) {
                const word = (['q0', 'q1', 'q2'] as const)[quarter >> 5]!;
                next[word] = next[word] | (1 << (quarter & 31)) | 0;
              }
              days.set(key, next);
            }
          }
          return [...days.values()];
        };
        const byDay = (a: EngineBusyDay, b: EngineBusyDay) => a.type.localeCompare(b.type) || Number(a.id) - Number(b.id) || a.dayStartMs - b.dayStartMs;
        for (const menuId of [menuA.id, menuB.id, null]) {
          const exact = (await ports.reservations.availability.load(clinicId, menuId, fromMs, toMs))!;
          const search = (await ports.reservations.availability.loadForSearch(clinicId, menuId, fromMs, toMs))!;
          const { busy, ...setting } = exact;
          const { busyDays, schedules: searchSchedules, ...searchSetting } = search;
          const { schedules: exactSchedules, ...exactSetting } = setting;
          expect(searchSetting).toEqual(exactSetting);
          // The search reads every staff member's schedules (one copy serves every menu); the performers' are the booking's.
          const byStaffAndStart = (a: EngineSchedule, b: EngineSchedule) => Number(a.staffId) - Number(b.staffId) || a.startMs - b.startMs;
          expect(searchSchedules.filter((s) => exact.staffIds.includes(s.staffId)).sort(byStaffAndStart)).toEqual([...exactSchedules].sort(byStaffAndStart));
          expect([...busyDays].sort(byDay), `menu ${menuId}`).toEqual(quartersOf(busy).sort(byDay));
          if (menuId === null) continue;
          const menu = exact.menu!;
          const query = {
            days: bookingDays(exact.clinic, DAY, NEXT_DAY),
            tasks: menu.tasks,
            menuCategoryId: menu.categoryId,
            staffIds: exact.staffIds,
            roomIds: exact.roomIds,
            machineIds: exact.machineIds,
            schedules: exact.schedules,
            earliestStartMs: fromMs,
            latestStartMs: toMs,
          };
          const answer = new AvailabilityEngine({ ...query, busy }).search();
          expect(answer.length, `menu ${menuId}`).toBeGreaterThan(0);
          expect(new AvailabilityEngine({ ...query, busy: [], busyDays }).search(), `menu ${menuId}`).toEqual(answer);
        }
        // Staff 1 at 11:00 is busy by the quarter-hour 11:05–11:20 touches, whichever way the busy time is read.
        const day = (await ports.reservations.availability.loadForSearch(clinicId, menuA.id, fromMs, toMs))!.busyDays.find(
          (entry) => entry.type === 'STAFF' && entry.id === staff1.id && entry.dayStartMs === fromMs,
        )!;
        expect((day.q1 >>> (44 - 32)) & 0b11).toBe(0b11);
      });

      it('answers null for an unknown clinic and no menu for one of another clinic', async () => {
        expect(await ports.reservations.availability.load('999999', menuA.id, at('00:00'), at('23:00'))).toBeNull();
        expect(await ports.reservations.availability.load('x', null, at('00:00'), at('23:00'))).toBeNull();
        const other = await ports.reservations.availability.load(otherClinicId, menuA.id, at('00:00'), at('23:00'));
        expect(other).toMatchObject({ menu: null, staffIds: [], roomIds: [], machineIds: [], schedules: [], busy: [] });
      });

      it("reads a clinic's booking settings with its holidays from today on", async () => {
        const clinic = await ports.reservations.availability.clinic(clinicId);
        expect(clinic).toMatchObject({ id: clinicId, name: '渋谷', zone: ZONE, holidays: new Set([NEXT_DAY, '2030-02-11']) });
        expect(await ports.reservations.availability.clinic('999999')).toBeNull();
      });
    });

    describe('ContractLedgerPort', () => {
      let course: Menu;
      beforeEach(async () => {
        course = await ports.facilitiesMenus.menus.create(menuRecord('全身脱毛 5回コース', { kind: 'CONTRACT' }));
      });

      const sessionsUsed = async (userId: string) => (await ports.reservations.contracts.listForMember(userId)).map((contract) => contract.sessionsUsed);

      it('says whether a member has a session left on a date', async () => {
        await ports.reservations.contracts.add({ userId: member.id, menuId: course.id, sessionsTotal: 1, expiresOn: '2030-06-30' });
        const ledger = ports.reservations.ledger;
        expect(await ledger.hasRemainingSessions(member.id, course.id, DAY)).toBe(true);
        expect(await ledger.hasRemainingSessions(member.id, course.id, '2030-06-30')).toBe(true);
        expect(await ledger.hasRemainingSessions(member.id, course.id, '2030-07-01')).toBe(false);
        expect(await ledger.hasRemainingSessions(member2.id, course.id, DAY)).toBe(false);
        expect(await ledger.hasRemainingSessions(member.id, menuA.id, DAY)).toBe(false);
        expect(await ledger.hasRemainingSessions('x', course.id, DAY)).toBe(false);
        const visit = await book(member.id, [task('10:00', '11:00', {}, course.id)], { menuIds: [course.id] });
        await ledger.settleVisit(visit.id, true);
        expect(await ledger.hasRemainingSessions(member.id, course.id, DAY)).toBe(false);
      });

      it('a visit uses one session of the contract that expires first, once; anything else gives it back', async () => {
        const later = await ports.reservations.contracts.add({ userId: member.id, menuId: course.id, sessionsTotal: 5, expiresOn: null });
        const sooner = await ports.reservations.contracts.add({ userId: member.id, menuId: course.id, sessionsTotal: 5, expiresOn: '2030-03-31' });
        expect(later).toMatchObject({ menuName: '全身脱毛 5回コース', clinicId, categoryId, sessionsUsed: 0 });
        const visit = await book(member.id, [task('10:00', '11:00', {}, course.id)], { menuIds: [course.id, menuB.id] });
        const ledger = ports.reservations.ledger;
        await ledger.settleVisit(visit.id, true);
        await ledger.settleVisit(visit.id, true);
        // Newest contract first.
        expect(await sessionsUsed(member.id)).toEqual([1, 0]);
        expect((await ports.reservations.contracts.listForMember(member.id)).map((contract) => contract.id)).toEqual([sooner.id, later.id]);
        await ledger.settleVisit(visit.id, false);
        expect(await sessionsUsed(member.id)).toEqual([0, 0]);
        expect(await ports.reservations.contracts.menuKind(course.id)).toBe('CONTRACT');
        expect(await ports.reservations.contracts.menuKind('999999')).toBeNull();
      });
    });
  });
};
