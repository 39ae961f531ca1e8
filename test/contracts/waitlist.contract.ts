import {
  fail,
  ok,
  type Actor,
  type Member,
  type Menu,
  type NewOffer,
  type NewReservation,
  type NewWaitlistEntry,
  type ReservationTask,
  type Staff,
  type WaitlistEntry,
  type WaitlistGuest,
} from '@clinic/core';
import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aMember, aStaff } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const ZONE = 'Asia/Tokyo';
/** A Tuesday, far enough ahead that "now" is always before it. */
const DAY = '2030-01-08';
const at = (hhmm: string, date = DAY) => DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toMillis();
const STAFF_ACTOR: Actor = { type: 'staff', id: '1' };
const LIMITS = { perPerson: 5, perAddress: 10 };

/**
 * What every WaitlistRepositoryPort and NoShowRecordPort must store: the in-memory fakes the waitlist
 * use case tests run on (waitlist.use-case.test.ts), and the Knex adapters on PGlite and PostgreSQL.
 * Where they disagree, the database is right. Not held to each other, because the fakes leave them
 * out: the messages written beside a join or an offer (no outbox in the fakes; the Knex runs have no
 * outbox writer either), the clinic lock (`lockClinic`, a no-op in memory) and `waiting`'s `within`
 * narrowing (it only spares the database rows the matcher passes over).
 */
export const waitlistContract = (fresh: () => Promise<PortSet>): void => {
  describe('waitlist and no-shows', () => {
    let ports: PortSet;
    let clinicId: string;
    let otherClinicId: string;
    let menu: Menu;
    let menu2: Menu;
    let staff: Staff;
    let member: Member;
    let member2: Member;

    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic({ name: '渋谷' }))).id;
      otherClinicId = (await ports.clinics.create(aClinic({ name: '新宿' }))).id;
      const { facilitiesMenus } = ports;
      const categoryId = (await facilitiesMenus.categories.create({ clinicId, name: '医療脱毛', displayOrder: 0 })).id;
      const record = (name: string) => ({
        clinicId,
        categoryId,
        name,
        description: '',
        displayOrder: 0,
        enabled: true,
        webBookable: true,
        kind: 'NEW' as const,
        price: 5500,
        afterMenuId: null,
        tasks: [{ label: '施術', durationMinutes: 30, needsStaff: true, roomIds: [], machineIds: [] }],
      });
      menu = await facilitiesMenus.menus.create(record('顔脱毛'));
      menu2 = await facilitiesMenus.menus.create(record('カウンセリング'));
      staff = await ports.staffs.create(aStaff({ clinicId, name: '佐藤 医師' }));
      member = await ports.members.create(aMember(clinicId, { name: '山田 花子', phone: '090-1234-5678', email: 'hanako@example.jp', status: 'FULL' }));
      member2 = await ports.members.create(aMember(clinicId, { name: '鈴木 一郎', phone: '080-1111-2222', email: null, status: 'TEMPORARY' }));
    });

    const waitlist = () => ports.waitlist.waitlist;
    const guest = (overrides: Partial<WaitlistGuest> = {}): WaitlistGuest => ({
      name: '田中 太郎',
      kana: 'タナカ タロウ',
      phone: '070-3333-4444',
      email: 'taro@example.jp',
      ...overrides,
    });
    const entry = (overrides: Partial<NewWaitlistEntry> = {}): NewWaitlistEntry => ({
      clinicId,
      menuId: menu.id,
      userId: member.id,
      guest: null,
      tokenHash: null,
      clientAddress: null,
      from: DAY,
      to: '2030-01-10',
      times: [{ start: '10:00', end: '12:00' }],
      ...overrides,
    });
    const guestEntry = (overrides: Partial<NewWaitlistEntry> = {}) =>
      entry({ userId: null, guest: guest(), tokenHash: 'token-1', clientAddress: '203.0.113.7', ...overrides });
    const join = async (overrides: Partial<NewWaitlistEntry> = {}, limits = LIMITS): Promise<WaitlistEntry> => {
      const outcome = await waitlist().join(entry(overrides), null, limits);
      if (!('written' in outcome)) throw new Error(`refused: ${outcome.refused}`);
      return outcome.written;
    };
    const task = (from: string, to: string): ReservationTask => ({
      startMs: at(from),
      endMs: at(to),
      staffId: staff.id,
      roomId: null,
      machineId: null,
      menuId: menu.id,
      label: '施術',
    });
    const offer = (from: string, to: string, overrides: Partial<NewOffer> = {}): NewOffer => ({
      startMs: at(from),
      endMs: at(to),
      tasks: [task(from, to)],
      holdFromMs: at('09:00'),
      expiresAtMs: at('09:30'),
      staffId: null,
      ...overrides,
    });
    const hold = (held: WaitlistEntry, newOffer: NewOffer) => waitlist().inTransaction((tx) => tx.hold(held, newOffer, null));
    const book = (userId: string, from: string, to: string) => {
      const draft: NewReservation = {
        clinicId,
        userId,
        menuIds: [menu.id],
        source: 'STAFF',
        tasks: [task(from, to)],
        memo: '',
        campaign: null,
        cancelTokenHash: null,
        startMs: at(from),
        endMs: at(to),
      };
      return ports.reservations.reservations.create(draft, STAFF_ACTOR, 'RESERVATION_CONFLICT');
    };

    describe('WaitlistRepositoryPort', () => {
      it("writes a member's entry and reads it back, WAITING, with the menu's and member's names", async () => {
        const before = Date.now();
        const written = await join();
        const after = Date.now();
        expect(written).toEqual({
          id: expect.stringMatching(/^\d+$/),
          clinicId,
          menuId: menu.id,
          menuName: '顔脱毛',
          menuTranslations: {},
          userId: member.id,
          guest: null,
          name: '山田 花子',
          from: DAY,
          to: '2030-01-10',
          times: [{ start: '10:00', end: '12:00' }],
          status: 'WAITING',
          reservationId: null,
          createdAtMs: expect.any(Number),
          offer: null,
        });
        expect(written.createdAtMs).toBeGreaterThanOrEqual(before - 1);
        expect(written.createdAtMs).toBeLessThanOrEqual(after + 1);
        expect(await waitlist().findById(written.id)).toEqual(written);
        expect(await waitlist().findById('999999')).toBeNull();
        expect(await waitlist().findById('not-an-id')).toBeNull();
      });

      it("writes a guest's entry with the guest's details, found by its token hash", async () => {
        const written = await join(guestEntry());
        expect(written).toMatchObject({ userId: null, guest: guest(), name: '田中 太郎', status: 'WAITING' });
        expect(await waitlist().findByTokenHash('token-1')).toEqual(written);
        expect(await waitlist().findByTokenHash('unknown')).toBeNull();
      });

      it('one open entry per person, clinic and menu: a second is refused as open, a guest by any spelling of the phone; closed entries do not count', async () => {
        const first = await join();
        expect(await waitlist().join(entry({ to: '2030-01-20' }), null, LIMITS)).toEqual({ refused: 'open' });
        await join({ menuId: menu2.id });
        await join(guestEntry());
        expect(await waitlist().join(guestEntry({ guest: guest({ phone: '07033334444', name: '別の 名前' }), tokenHash: 'token-2' }), null, LIMITS)).toEqual({
          refused: 'open',
        });
        await waitlist().inTransaction((tx) => tx.setStatus(first.id, 'CANCELLED'));
        const again = await join();
        expect(again.id).not.toBe(first.id);
        expect(await waitlist().hasOpenEntry(clinicId, menu.id, { userId: member.id })).toBe(true);
      });

      it('two joins of one person, clinic and menu at once write one entry; the other is refused as open', async () => {
        const outcomes = await Promise.all([waitlist().join(entry(), null, LIMITS), waitlist().join(entry({ to: '2030-01-20' }), null, LIMITS)]);
        expect(outcomes.filter((outcome) => 'written' in outcome)).toHaveLength(1);
        expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'open' }]);
        expect(await waitlist().listForMember(member.id)).toHaveLength(1);
      });

      it('two holds of one entry in transactions at once: exactly one offer is held', async () => {
        const waiting = await join();
        const held = await Promise.all([hold(waiting, offer('10:00', '10:30')), hold(waiting, offer('11:00', '11:30'))]);
        expect(held.filter(Boolean)).toHaveLength(1);
        const offered = (await waitlist().findById(waiting.id))!;
        expect(offered.status).toBe('OFFERED');
        expect(await waitlist().heldOffers(clinicId, at('00:00'), at('23:59'))).toHaveLength(1);
        // The losing offer's time is free.
        const free = offered.offer!.startMs === at('10:00') ? ['11:00', '11:30'] : ['10:00', '10:30'];
        await book(member2.id, free[0]!, free[1]!);
      });

      it("caps a person's open entries across the chain and an address's open entries, counting open ones only", async () => {
        await join({ menuId: menu.id });
        expect(await waitlist().join(entry({ menuId: menu2.id }), null, { perPerson: 1, perAddress: 10 })).toEqual({ refused: 'capped' });
        await join(guestEntry({ tokenHash: 'a' }), { perPerson: 5, perAddress: 1 });
        const sameAddress = guestEntry({ guest: guest({ phone: '090-5555-6666' }), tokenHash: 'b' });
        expect(await waitlist().join(sameAddress, null, { perPerson: 5, perAddress: 1 })).toEqual({ refused: 'capped' });
        // A member has no address: the address cap does not apply.
        await join({ userId: member2.id }, { perPerson: 5, perAddress: 0 });
        const opened = (await waitlist().listForMember(member.id))[0]!;
        await waitlist().inTransaction((tx) => tx.setStatus(opened.id, 'EXPIRED'));
        await join({ menuId: menu2.id }, { perPerson: 1, perAddress: 10 });
      });

      it("lists a member's entries newest first, and a clinic's open ones (or a day's, whatever their status) oldest first", async () => {
        const first = await join({ from: DAY, to: DAY });
        const second = await join({ menuId: menu2.id, from: '2030-01-09', to: '2030-01-12' });
        const guests = await join(guestEntry({ from: DAY, to: '2030-01-09' }));
        const elsewhere = await join({ clinicId: otherClinicId });
        expect((await waitlist().listForMember(member.id)).map((e) => e.id)).toEqual([elsewhere.id, second.id, first.id]);
        expect(await waitlist().listForMember('999999')).toEqual([]);
        expect((await waitlist().listForClinic(clinicId, null)).map((e) => e.id)).toEqual([first.id, second.id, guests.id]);
        expect((await waitlist().listForClinic(clinicId, '2030-01-09')).map((e) => e.id)).toEqual([second.id, guests.id]);
        await waitlist().inTransaction((tx) => tx.setStatus(first.id, 'CANCELLED'));
        expect((await waitlist().listForClinic(clinicId, null)).map((e) => e.id)).toEqual([second.id, guests.id]);
        expect((await waitlist().listForClinic(clinicId, DAY)).map((e) => e.id)).toEqual([first.id, guests.id]);
        expect(await waitlist().listForClinic('not-an-id', null)).toEqual([]);
      });

      it('reads the WAITING entries whose days reach into a range, oldest first', async () => {
        const first = await join({ from: DAY, to: DAY });
        const second = await join({ menuId: menu2.id, from: '2030-01-09', to: '2030-01-12' });
        await join({ clinicId: otherClinicId });
        const waiting = (from: string, to: string) => waitlist().inTransaction((tx) => tx.waiting(clinicId, from, to));
        expect((await waiting(DAY, DAY)).map((e) => e.id)).toEqual([first.id]);
        expect((await waiting('2030-01-01', '2030-01-31')).map((e) => e.id)).toEqual([first.id, second.id]);
        expect(await waiting('2030-01-13', '2030-01-14')).toEqual([]);
        await hold(first, offer('10:00', '10:30'));
        expect((await waiting('2030-01-01', '2030-01-31')).map((e) => e.id)).toEqual([second.id]);
      });

      it('holds an offer: the entry is OFFERED with it, its time is busy for a reservation, and the calendar shows it', async () => {
        const waiting = await join();
        expect(await hold(waiting, offer('10:00', '10:30', { staffId: staff.id }))).toBe(true);
        const offered = (await waitlist().findById(waiting.id))!;
        expect(offered.status).toBe('OFFERED');
        expect(offered.offer).toEqual({
          id: expect.stringMatching(/^\d+$/),
          entryId: waiting.id,
          startMs: at('10:00'),
          endMs: at('10:30'),
          tasks: [task('10:00', '10:30')],
          holdFromMs: at('09:00'),
          expiresAtMs: at('09:30'),
        });
        await expect(book(member2.id, '10:15', '10:45')).rejects.toMatchObject({ error: { code: 'RESERVATION_CONFLICT' } });
        expect(await waitlist().heldOffers(clinicId, at('00:00'), at('23:59'))).toEqual([
          {
            entryId: waiting.id,
            name: '山田 花子',
            menuName: '顔脱毛',
            startMs: at('10:00'),
            endMs: at('10:30'),
            expiresAtMs: at('09:30'),
            tasks: [task('10:00', '10:30')],
          },
        ]);
        // Touching is not overlapping.
        expect(await waitlist().heldOffers(clinicId, at('10:30'), at('11:00'))).toEqual([]);
        expect(await waitlist().heldOffers(otherClinicId, at('00:00'), at('23:59'))).toEqual([]);
        expect(await waitlist().hasOpenEntry(clinicId, menu.id, { userId: member.id })).toBe(true);
      });

      it('refuses a hold, writing nothing, when its time is taken or the entry no longer waits', async () => {
        const waiting = await join();
        await book(member2.id, '10:00', '10:30');
        expect(await hold(waiting, offer('10:15', '10:45'))).toBe(false);
        expect(await waitlist().findById(waiting.id)).toEqual(waiting);
        expect(await hold(waiting, offer('11:00', '11:30'))).toBe(true);
        expect(await hold(waiting, offer('12:00', '12:30'))).toBe(false);
        expect((await waitlist().findById(waiting.id))!.offer!.startMs).toBe(at('11:00'));
        await book(member2.id, '12:00', '12:30');
      });

      it('ends an offer: its hold is released and the entry keeps its status until set', async () => {
        const waiting = await join();
        await hold(waiting, offer('10:00', '10:30'));
        await waitlist().inTransaction(async (tx) => {
          await tx.endOffer(waiting.id, 'DECLINED');
          await tx.setStatus(waiting.id, 'WAITING');
        });
        expect(await waitlist().findById(waiting.id)).toMatchObject({ status: 'WAITING', offer: null });
        expect(await waitlist().heldOffers(clinicId, at('00:00'), at('23:59'))).toEqual([]);
        await book(member2.id, '10:00', '10:30');
        // Ending an entry's offer when it has none changes nothing.
        await waitlist().inTransaction((tx) => tx.endOffer(waiting.id, 'WITHDRAWN'));
      });

      it('sets the status and the reservation an accepted offer booked', async () => {
        const waiting = await join();
        const reservation = await book(member.id, '15:00', '15:30');
        await waitlist().inTransaction((tx) => tx.setStatus(waiting.id, 'BOOKED', reservation.id));
        expect(await waitlist().findById(waiting.id)).toMatchObject({ status: 'BOOKED', reservationId: reservation.id });
        expect(await waitlist().hasOpenEntry(clinicId, menu.id, { userId: member.id })).toBe(false);
      });

      it('rolls back everything the transaction wrote when its work answers a failed Result or throws', async () => {
        const waiting = await join();
        const refused = await waitlist().inTransaction(async (tx) => {
          expect(await tx.hold(waiting, offer('10:00', '10:30'), null)).toBe(true);
          return fail('ALREADY_RESERVED');
        });
        expect(refused).toEqual(fail('ALREADY_RESERVED'));
        expect(await waitlist().findById(waiting.id)).toEqual(waiting);
        expect(await waitlist().heldOffers(clinicId, at('00:00'), at('23:59'))).toEqual([]);
        await expect(
          waitlist().inTransaction(async (tx) => {
            await tx.setStatus(waiting.id, 'CANCELLED');
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await waitlist().findById(waiting.id)).toEqual(waiting);
        // A held offer ended in a failed transaction keeps its hold.
        await hold(waiting, offer('10:00', '10:30'));
        const kept = await waitlist().findById(waiting.id);
        await waitlist().inTransaction(async (tx) => {
          await tx.endOffer(waiting.id, 'EXPIRED');
          await tx.setStatus(waiting.id, 'EXPIRED');
          return fail('OFFER_EXPIRED');
        });
        expect(await waitlist().findById(waiting.id)).toEqual(kept);
        await expect(book(member2.id, '10:00', '10:30')).rejects.toMatchObject({ error: { code: 'RESERVATION_CONFLICT' } });
        expect(await waitlist().inTransaction(async () => ok(1))).toEqual(ok(1));
      });

      it('lists the offers due at an instant, soonest expiry first, up to the limit', async () => {
        const a = await join();
        const b = await join({ menuId: menu2.id });
        const c = await join({ userId: member2.id });
        await hold(a, offer('10:00', '10:30', { expiresAtMs: at('09:40') }));
        await hold(b, offer('11:00', '11:30', { expiresAtMs: at('09:20') }));
        await hold(c, offer('08:00', '08:30', { expiresAtMs: at('09:50') }));
        const due = (nowMs: number, limit = 10) => waitlist().inTransaction((tx) => tx.dueOffers(nowMs, limit));
        expect((await due(at('09:40'))).map((offered) => offered.entryId)).toEqual([b.id, a.id]);
        expect((await due(at('10:00'), 2)).map((offered) => offered.entryId)).toEqual([b.id, a.id]);
        expect(await due(at('09:00'))).toEqual([]);
        expect((await waitlist().heldOffers(clinicId, at('00:00'), at('23:59'))).map((held) => held.entryId)).toEqual([c.id, a.id, b.id]);
        const [first] = await due(at('09:20'));
        expect(first).toEqual({
          offerId: (await waitlist().findById(b.id))!.offer!.id,
          entryId: b.id,
          clinicId,
          startMs: at('11:00'),
          endMs: at('11:30'),
        });
      });

      it('reads a locked entry and a member’s addresses in a transaction', async () => {
        const waiting = await join();
        const read = await waitlist().inTransaction(async (tx) => ({
          locked: await tx.lock(waiting.id),
          missing: await tx.lock('999999'),
          recipient: await tx.recipient(member.id),
          nobody: await tx.recipient('999999'),
        }));
        expect(read).toEqual({
          locked: waiting,
          missing: null,
          recipient: { email: 'hanako@example.jp', lineUserId: member.lineUserId, preference: null },
          nobody: null,
        });
      });

      it('knows whether a person waits for a menu: a member by id, a guest by any spelling of the phone', async () => {
        await join(guestEntry());
        expect(await waitlist().hasOpenEntry(clinicId, menu.id, { phone: '07033334444', name: '誰か' })).toBe(true);
        expect(await waitlist().hasOpenEntry(clinicId, menu2.id, { phone: '070-3333-4444', name: '田中 太郎' })).toBe(false);
        expect(await waitlist().hasOpenEntry(otherClinicId, menu.id, { phone: '070-3333-4444', name: '田中 太郎' })).toBe(false);
        expect(await waitlist().hasOpenEntry(clinicId, menu.id, { userId: member.id })).toBe(false);
        expect(await waitlist().hasOpenEntry('not-an-id', menu.id, { userId: member.id })).toBe(false);
      });

      it("says a guest must log in when the details name a FULL member: the clinic's phone and name, or the e-mail anywhere", async () => {
        const required = (clinic: string, details: WaitlistGuest) => waitlist().memberLoginRequired(clinic, details);
        expect(await required(clinicId, guest({ name: '山田　花子', phone: '09012345678', email: '' }))).toBe(true);
        expect(await required(otherClinicId, guest({ name: '山田 花子', phone: '090-1234-5678', email: '' }))).toBe(false);
        expect(await required(clinicId, guest({ name: '山田 桜', phone: '090-1234-5678', email: '' }))).toBe(false);
        expect(await required(otherClinicId, guest({ email: ' HANAKO@example.jp ' }))).toBe(true);
        // A 仮会員 (TEMPORARY) need not log in.
        expect(await required(clinicId, guest({ name: '鈴木 一郎', phone: '080-1111-2222', email: '' }))).toBe(false);
        expect(await required(clinicId, guest({ phone: 'not a phone', email: '' }))).toBe(false);
        const inTx = await waitlist().inTransaction((tx) => tx.memberLoginRequired(clinicId, guest({ email: 'hanako@example.jp' })));
        expect(inTx).toBe(true);
      });
    });

    describe('NoShowRecordPort', () => {
      const noShows = () => ports.waitlist.noShows;

      it("reads the member's NOT_VISITED reservations since an instant, newest first, each stamped when it was recorded", async () => {
        const early = await book(member.id, '10:00', '10:30');
        const late = await book(member.id, '14:00', '14:30');
        await book(member.id, '16:00', '16:30');
        const visited = await book(member2.id, '11:00', '11:30');
        const before = Date.now();
        await ports.reservations.reservations.setStatus(early.id, 'NOT_VISITED', STAFF_ACTOR);
        await ports.reservations.reservations.setStatus(late.id, 'NOT_VISITED', STAFF_ACTOR);
        await ports.reservations.reservations.setStatus(visited.id, 'VISITED', STAFF_ACTOR);
        const after = Date.now();
        const found = await noShows().noShows(member.id, at('00:00'));
        expect(found.map((noShow) => noShow.startMs)).toEqual([at('14:00'), at('10:00')]);
        for (const noShow of found) {
          expect(noShow.recordedAtMs).toBeGreaterThanOrEqual(before - 1);
          expect(noShow.recordedAtMs).toBeLessThanOrEqual(after + 1);
        }
        expect((await noShows().noShows(member.id, at('10:01'))).map((noShow) => noShow.startMs)).toEqual([at('14:00')]);
        expect(await noShows().noShows(member2.id, 0)).toEqual([]);
        expect(await noShows().noShows('not-an-id', 0)).toEqual([]);
      });

      it('records what staff set by hand, when and by whom, and reads it back; nothing for an unknown person', async () => {
        expect(await noShows().manual(member.id)).toBeNull();
        const before = Date.now();
        expect(await noShows().setManual(member.id, true, '無断キャンセルが続いたため', staff.id)).toBe(true);
        const after = Date.now();
        const set = (await noShows().manual(member.id))!;
        expect(set).toEqual({ restricted: true, reason: '無断キャンセルが続いたため', atMs: expect.any(Number), by: '佐藤 医師' });
        expect(set.atMs).toBeGreaterThanOrEqual(before - 1);
        expect(set.atMs).toBeLessThanOrEqual(after + 1);
        expect(await noShows().setManual(member.id, false, '', staff.id)).toBe(true);
        expect(await noShows().manual(member.id)).toMatchObject({ restricted: false, reason: '', by: '佐藤 医師' });
        expect(await noShows().manual(member2.id)).toBeNull();
        expect(await noShows().setManual('999999', true, 'x', staff.id)).toBe(false);
        expect(await noShows().setManual('not-an-id', true, 'x', staff.id)).toBe(false);
        expect(await noShows().manual('999999')).toBeNull();
      });

      it("finds the clinic's members by any spelling of a phone, in id order", async () => {
        const twin = await ports.members.create(aMember(clinicId, { name: '山田 太郎', phone: '09012345678', status: 'TEMPORARY' }));
        await ports.members.create(aMember(otherClinicId, { name: '山田 花子', phone: '090-1234-5678' }));
        expect(await noShows().membersByPhone(clinicId, '090 1234 5678')).toEqual([member.id, twin.id]);
        expect(await noShows().membersByPhone(clinicId, '070-9999-9999')).toEqual([]);
        expect(await noShows().membersByPhone(clinicId, 'not a phone')).toEqual([]);
        expect(await noShows().membersByPhone('not-an-id', '090-1234-5678')).toEqual([]);
      });
    });
  });
};
