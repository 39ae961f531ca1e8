import { DomainRuleViolation, placeSchedule, type Staff } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aStaff } from '../support/mothers';
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

const HOUR = 3600_000;

/** What the staff management ports (staff, tokens, mail) and the schedule and block ports must do. */
export const staffSchedulesContract = (fresh: () => Promise<PortSet>): void => {
  describe('staff management, schedules and blocks', () => {
    let ports: PortSet;
    let clinicId: string;
    let otherClinicId: string;
    let staff: Staff;

    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic())).id;
      otherClinicId = (await ports.clinics.create(aClinic())).id;
      staff = await ports.staffs.create(aStaff({ employeeNumber: 'S0001', email: 's1@example.jp', clinicId, priority: 1 }));
    });

    describe('StaffRepositoryPort (administration)', () => {
      it('lists live staff by priority, all or of one clinic or of head office', async () => {
        const first = await ports.staffs.create(aStaff({ clinicId, priority: 0 }));
        const head = await ports.staffs.create(aStaff({ clinicId: null, priority: 5 }));
        const other = await ports.staffs.create(aStaff({ clinicId: otherClinicId, priority: 0 }));
        expect((await ports.staffs.list()).map((entry) => entry.id)).toEqual([first.id, other.id, staff.id, head.id]);
        expect((await ports.staffs.list({ clinicId })).map((entry) => entry.id)).toEqual([first.id, staff.id]);
        expect((await ports.staffs.list({ clinicId: null })).map((entry) => entry.id)).toEqual([head.id]);
        await ports.staffs.setPriorities([staff.id, first.id]);
        expect((await ports.staffs.list({ clinicId })).map((entry) => [entry.id, entry.priority])).toEqual([
          [staff.id, 0],
          [first.id, 1],
        ]);
      });

      it('updates details, refusing a taken number or email, and answers null for unknown staff', async () => {
        const other = await ports.staffs.create(aStaff({ employeeNumber: 'S0002', email: 's2@example.jp' }));
        const changes = { employeeNumber: 'S0009', email: 'new@example.jp', name: '新しい 名前', role: 'ADMIN' as const, clinicId: otherClinicId };
        expect(await ports.staffs.update(staff.id, changes)).toEqual({ ...staff, ...changes });
        expect(await violation(ports.staffs.update(other.id, { ...changes, email: 'x@example.jp' }))).toBe('STAFF_EXISTS');
        expect(await violation(ports.staffs.update(other.id, { ...changes, employeeNumber: 'S0002', email: 'NEW@example.jp' }))).toBe('STAFF_EXISTS');
        expect(await ports.staffs.update('999999', changes)).toBeNull();
      });

      it('soft-deletes: invisible to every lookup, number and email free again', async () => {
        expect(await ports.staffs.softDelete(staff.id, new Date())).toBe(true);
        expect(await ports.staffs.softDelete(staff.id, new Date())).toBe(false);
        expect(await ports.staffs.findById(staff.id)).toBeNull();
        expect(await ports.staffs.findByLoginIdentifier('S0001')).toBeNull();
        expect(await ports.staffs.findByLoginIdentifier('s1@example.jp')).toBeNull();
        expect(await ports.staffs.list()).toEqual([]);
        expect(await ports.staffs.count()).toBe(0);
        expect(await ports.staffs.update(staff.id, { ...staff, name: 'x' })).toBeNull();
        const again = await ports.staffs.create(aStaff({ employeeNumber: 'S0001', email: 'S1@example.jp' }));
        expect(await ports.staffs.findByLoginIdentifier('S0001')).toEqual(again);
      });

      it('answers no menus for staff who perform none', async () => {
        expect(await ports.staffs.menuIds([staff.id])).toEqual(new Map([[staff.id, []]]));
        await ports.staffs.setMenus(staff.id, []);
        expect((await ports.staffs.menuIds([staff.id])).get(staff.id)).toEqual([]);
      });
    });

    describe('StaffTokenRepositoryPort', () => {
      const issue = (tokenHash: string, purpose: 'INVITE' | 'RESET' = 'INVITE', expiresAt = new Date(Date.now() + HOUR)) =>
        ports.staffSchedules.staffTokens.issue({ tokenHash, staffId: staff.id, purpose, expiresAt });

      it('redeems a token once, setting the password', async () => {
        await issue('hash-1');
        expect(await ports.staffSchedules.staffTokens.redeem('hash-1', new Date(), 'new-hash')).toEqual({ staffId: staff.id });
        expect((await ports.staffs.findById(staff.id))?.passwordHash).toBe('new-hash');
        expect(await ports.staffSchedules.staffTokens.redeem('hash-1', new Date(), 'other-hash')).toBe('INVALID_TOKEN');
        expect((await ports.staffs.findById(staff.id))?.passwordHash).toBe('new-hash');
        expect(await ports.staffSchedules.staffTokens.redeem('unknown', new Date(), 'x')).toBe('INVALID_TOKEN');
      });

      it('answers TOKEN_EXPIRED for an unused token past its expiry', async () => {
        await issue('hash-1', 'RESET', new Date(Date.now() - 1000));
        expect(await ports.staffSchedules.staffTokens.redeem('hash-1', new Date(), 'x')).toBe('TOKEN_EXPIRED');
        expect((await ports.staffs.findById(staff.id))?.passwordHash).toBeNull();
      });

      it('revokes earlier tokens of the purpose on issue, all others on redemption, and all on deletion', async () => {
        await issue('invite-1');
        await issue('invite-2');
        await issue('reset-1', 'RESET');
        expect(await ports.staffSchedules.staffTokens.redeem('invite-1', new Date(), 'x')).toBe('INVALID_TOKEN');
        expect(await ports.staffSchedules.staffTokens.redeem('reset-1', new Date(), 'x')).toEqual({ staffId: staff.id });
        expect(await ports.staffSchedules.staffTokens.redeem('invite-2', new Date(), 'y')).toBe('INVALID_TOKEN');
        await issue('reset-2', 'RESET');
        await ports.staffs.softDelete(staff.id, new Date());
        expect(await ports.staffSchedules.staffTokens.redeem('reset-2', new Date(), 'z')).toBe('INVALID_TOKEN');
      });
    });

    describe('MailPort and MailOutboxPort', () => {
      it('keeps sent mail, newest first', async () => {
        await ports.staffSchedules.mail.send({ to: 'a@example.jp', subject: '一通目', text: '本文' });
        await ports.staffSchedules.mail.send({ to: 'b@example.jp', subject: '二通目', text: '本文\n二行目' });
        const mails = await ports.staffSchedules.mail.list(10);
        expect(mails.map((mail) => [mail.to, mail.subject, mail.text])).toEqual([
          ['b@example.jp', '二通目', '本文\n二行目'],
          ['a@example.jp', '一通目', '本文'],
        ]);
        expect(mails[0]!.createdAt).toBeInstanceOf(Date);
        expect(await ports.staffSchedules.mail.list(1)).toHaveLength(1);
      });
    });

    describe('ScheduleRepositoryPort', () => {
      const placed = (date: string, start: string, end: string, breaks: { start: string; end: string }[] = [], staffId = staff.id) => {
        const result = placeSchedule({ date, start, end, breaks }, { clinicId, staffId, categoryId: null });
        if (!result.ok) throw new Error('bad schedule');
        return result.value;
      };

      it('stores schedules with breaks and lists them by clinic, staff and dates', async () => {
        const created = await ports.staffSchedules.schedules.create(
          placed('2030-01-07', '10:00', '19:00', [
            { start: '15:00', end: '15:30' },
            { start: '13:00', end: '14:00' },
          ]),
        );
        expect(created).toEqual({
          id: expect.any(String),
          clinicId,
          staffId: staff.id,
          date: '2030-01-07',
          start: '10:00',
          end: '19:00',
          breaks: [
            { start: '13:00', end: '14:00' },
            { start: '15:00', end: '15:30' },
          ],
          categoryId: null,
        });
        const late = await ports.staffSchedules.schedules.create(placed('2030-01-06', '20:00', '24:00'));
        expect(await ports.staffSchedules.schedules.findById(created.id)).toEqual(created);
        expect(await ports.staffSchedules.schedules.list({ clinicId, from: '2030-01-06', to: '2030-01-07' })).toEqual([late, created]);
        expect(await ports.staffSchedules.schedules.list({ clinicId: otherClinicId, from: '2030-01-06', to: '2030-01-07' })).toEqual([]);
        expect(await ports.staffSchedules.schedules.listForStaff(staff.id, '2030-01-07', '2030-01-07')).toEqual([created]);
        expect(await ports.staffSchedules.schedules.findById('999999')).toBeNull();
      });

      it('refuses an overlap with the person’s schedules, allowing back-to-back and other people', async () => {
        await ports.staffSchedules.schedules.create(placed('2030-01-07', '10:00', '14:00'));
        expect(await violation(ports.staffSchedules.schedules.create(placed('2030-01-07', '13:45', '15:00')))).toBe('SCHEDULE_EXISTS');
        await ports.staffSchedules.schedules.create(placed('2030-01-07', '14:00', '15:00'));
        const other = await ports.staffs.create(aStaff({ clinicId }));
        await ports.staffSchedules.schedules.create(placed('2030-01-07', '10:00', '14:00', [], other.id));
        expect(await ports.staffSchedules.schedules.list({ clinicId, from: '2030-01-07', to: '2030-01-07' })).toHaveLength(3);
      });

      it('creates each of many schedules whole or not at all, reporting the overlapping dates', async () => {
        await ports.staffSchedules.schedules.create(placed('2030-01-08', '09:00', '11:00'));
        const outcome = await ports.staffSchedules.schedules.createEach(
          ['2030-01-07', '2030-01-08', '2030-01-09'].map((date) => placed(date, '10:00', '19:00', [{ start: '13:00', end: '14:00' }])),
        );
        expect(outcome.created.map((schedule) => schedule.date)).toEqual(['2030-01-07', '2030-01-09']);
        expect(outcome.created.every((schedule) => schedule.breaks.length === 1)).toBe(true);
        expect(outcome.overlapping).toEqual(['2030-01-08']);
        const onTheEighth = await ports.staffSchedules.schedules.listForStaff(staff.id, '2030-01-08', '2030-01-08');
        expect(onTheEighth.map((schedule) => [schedule.start, schedule.breaks])).toEqual([['09:00', []]]);
        expect(await ports.staffSchedules.schedules.createEach([])).toEqual({ created: [], overlapping: [] });
      });

      it('replaces a schedule and its breaks, refusing an overlap, and deletes it', async () => {
        const first = await ports.staffSchedules.schedules.create(placed('2030-01-07', '10:00', '12:00'));
        const second = await ports.staffSchedules.schedules.create(placed('2030-01-07', '13:00', '19:00', [{ start: '15:00', end: '16:00' }]));
        const changed = await ports.staffSchedules.schedules.update(second.id, placed('2030-01-07', '12:00', '20:00', [{ start: '17:00', end: '17:30' }]));
        expect(changed).toEqual({ ...second, start: '12:00', end: '20:00', breaks: [{ start: '17:00', end: '17:30' }] });
        expect(await violation(ports.staffSchedules.schedules.update(second.id, placed('2030-01-07', '11:00', '20:00')))).toBe('SCHEDULE_EXISTS');
        expect(await ports.staffSchedules.schedules.findById(second.id)).toEqual(changed);
        expect(await ports.staffSchedules.schedules.update('999999', placed('2030-01-09', '10:00', '11:00'))).toBeNull();
        expect(await ports.staffSchedules.schedules.delete(first.id)).toBe(true);
        expect(await ports.staffSchedules.schedules.delete(first.id)).toBe(false);
        expect(await ports.staffSchedules.schedules.findById(first.id)).toBeNull();
      });
    });

    describe('BlockRepositoryPort', () => {
      const block = (startsAt: string, endsAt: string, resourceId = staff.id) => ({
        clinicId,
        resourceType: 'STAFF' as const,
        resourceId,
        startsAt: `2030-01-07T${startsAt}:00+09:00`,
        endsAt: `2030-01-07T${endsAt}:00+09:00`,
        reason: '研修',
      });

      it('stores blocks and lists those overlapping a time, by start', async () => {
        const late = await ports.staffSchedules.blocks.create(block('15:00', '16:00'));
        const early = await ports.staffSchedules.blocks.create(block('10:00', '11:00'));
        expect(early).toEqual({ id: expect.any(String), ...block('10:00', '11:00') });
        expect(await ports.staffSchedules.blocks.findById(late.id)).toEqual(late);
        const day = { clinicId, from: '2030-01-07T00:00:00+09:00', to: '2030-01-08T00:00:00+09:00' };
        expect(await ports.staffSchedules.blocks.list(day)).toEqual([early, late]);
        expect(await ports.staffSchedules.blocks.list({ ...day, from: '2030-01-07T11:00:00+09:00' })).toEqual([late]);
        expect(await ports.staffSchedules.blocks.list({ ...day, clinicId: otherClinicId })).toEqual([]);
      });

      it('refuses a block over another block of the same resource, and frees the time on delete', async () => {
        const first = await ports.staffSchedules.blocks.create(block('10:00', '11:00'));
        expect(await violation(ports.staffSchedules.blocks.create(block('10:30', '11:30')))).toBe('RESOURCE_COLLISION');
        await ports.staffSchedules.blocks.create(block('11:00', '12:00'));
        const other = await ports.staffs.create(aStaff({ clinicId }));
        await ports.staffSchedules.blocks.create(block('10:00', '11:00', other.id));
        expect(await ports.staffSchedules.blocks.delete(first.id)).toBe(true);
        expect(await ports.staffSchedules.blocks.delete(first.id)).toBe(false);
        expect(await ports.staffSchedules.blocks.findById(first.id)).toBeNull();
        await ports.staffSchedules.blocks.create(block('10:30', '11:00'));
      });
    });
  });
};
