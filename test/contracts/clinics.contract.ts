import { DomainRuleViolation } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

/** What every ClinicRepositoryPort must do. */
export const clinicsContract = (fresh: () => Promise<PortSet>): void => {
  describe('clinics', () => {
    let ports: PortSet;
    beforeEach(async () => {
      ports = await fresh();
    });

    describe('ClinicRepositoryPort', () => {
      it('stores every setting and the opening hours ordered by weekday', async () => {
        const settings = aClinic({
          name: '渋谷',
          homepageUrl: 'https://example.jp/',
          openingHours: [
            { weekday: 6, open: '09:00', close: '17:00' },
            { weekday: 0, open: '10:00', close: '24:00' },
          ],
          minLeadMinutes: 30,
        });
        const created = await ports.clinics.create(settings);
        expect(created).toEqual({
          ...settings,
          id: created.id,
          openingHours: [settings.openingHours[1], settings.openingHours[0]],
          breaks: [],
          holidays: [],
          reminderRules: [{ kind: 'DAY_BEFORE', at: '18:00' }],
          waitlistHoldMinutes: 30,
          noShowLimit: null,
          noShowWindowDays: 180,
        });
        expect(await ports.clinics.findById(created.id)).toEqual(created);
        expect(await ports.clinics.list()).toEqual([created]);
      });

      it('replaces all settings on update, and answers null for an unknown clinic', async () => {
        const created = await ports.clinics.create(aClinic());
        const changed = aClinic({ name: '新宿', webBookingEnabled: false, openingHours: [{ weekday: 3, open: '11:00', close: '12:00' }] });
        expect(await ports.clinics.update(created.id, changed)).toEqual({
          ...changed,
          id: created.id,
          breaks: [],
          holidays: [],
          reminderRules: created.reminderRules,
          waitlistHoldMinutes: 30,
          noShowLimit: null,
          noShowWindowDays: 180,
        });
        // The waitlist and no-show settings are kept when left out, and replaced when given.
        const strict = await ports.clinics.update(created.id, { ...changed, waitlistHoldMinutes: 45, noShowLimit: 3, noShowWindowDays: 90 });
        expect(strict).toMatchObject({ waitlistHoldMinutes: 45, noShowLimit: 3, noShowWindowDays: 90 });
        expect(await ports.clinics.update(created.id, changed)).toMatchObject({ waitlistHoldMinutes: 45, noShowLimit: 3, noShowWindowDays: 90 });
        expect(await ports.clinics.update(created.id, { ...changed, noShowLimit: null })).toMatchObject({ noShowLimit: null });
        expect(await ports.clinics.update('999999', changed)).toBeNull();
        expect(await ports.clinics.findById('999999')).toBeNull();
      });

      it('stores reminder rules as given, and keeps them when the settings leave them out', async () => {
        const rules = [
          { kind: 'DAY_BEFORE' as const, at: '19:30' },
          { kind: 'HOURS_BEFORE' as const, hours: 2 },
        ];
        const created = await ports.clinics.create(aClinic({ reminderRules: rules }));
        expect(created.reminderRules).toEqual(rules);
        expect((await ports.clinics.update(created.id, aClinic({ name: '目黒' })))?.reminderRules).toEqual(rules);
        expect((await ports.clinics.update(created.id, aClinic({ reminderRules: [] })))?.reminderRules).toEqual([]);
        expect((await ports.clinics.findById(created.id))?.reminderRules).toEqual([]);
      });

      it('refuses two clinics with one name', async () => {
        await ports.clinics.create(aClinic({ name: '横浜' }));
        const other = await ports.clinics.create(aClinic({ name: '大宮' }));
        await expect(ports.clinics.create(aClinic({ name: '横浜' }))).rejects.toEqual(new DomainRuleViolation({ code: 'CLINIC_DUPLICATE' }));
        await expect(ports.clinics.update(other.id, aClinic({ name: '横浜' }))).rejects.toBeInstanceOf(DomainRuleViolation);
        expect((await ports.clinics.findById(other.id))?.name).toBe('大宮');
      });

      it('stores breaks ordered every-day first, keeps them when left out and replaces them when given', async () => {
        const created = await ports.clinics.create(
          aClinic({
            breaks: [
              { weekday: 3, start: '15:00', end: '15:30' },
              { weekday: null, start: '13:00', end: '14:00' },
              { weekday: 1, start: '12:00', end: '12:15' },
            ],
          }),
        );
        expect(created.breaks.map(({ weekday, start, end }) => ({ weekday, start, end }))).toEqual([
          { weekday: null, start: '13:00', end: '14:00' },
          { weekday: 1, start: '12:00', end: '12:15' },
          { weekday: 3, start: '15:00', end: '15:30' },
        ]);
        expect(created.breaks.every((entry) => /^\d+$/.test(entry.id))).toBe(true);

        const { breaks: _kept, ...withoutBreaks } = aClinic({ name: '改名' });
        const kept = await ports.clinics.update(created.id, withoutBreaks);
        expect(kept?.breaks).toEqual(created.breaks);

        const replaced = await ports.clinics.update(created.id, aClinic({ breaks: [{ weekday: 2, start: '12:00', end: '13:00' }] }));
        expect(replaced?.breaks.map(({ weekday, start, end }) => ({ weekday, start, end }))).toEqual([{ weekday: 2, start: '12:00', end: '13:00' }]);
        expect((await ports.clinics.update(created.id, aClinic({ breaks: [] })))?.breaks).toEqual([]);
      });

      it('registers holidays once per date, answers upcoming ones by date, and removes them', async () => {
        const clinic = await ports.clinics.create(aClinic());
        const other = await ports.clinics.create(aClinic());
        expect(await ports.clinics.addHoliday(clinic.id, { date: '2999-12-31', name: '大晦日' })).toEqual({ date: '2999-12-31', name: '大晦日' });
        await ports.clinics.addHoliday(clinic.id, { date: '2999-01-01', name: '' });
        await ports.clinics.addHoliday(clinic.id, { date: '2000-01-01', name: '過去' });
        await ports.clinics.addHoliday(other.id, { date: '2999-12-31', name: '' });
        await expect(ports.clinics.addHoliday(clinic.id, { date: '2999-12-31', name: '二度目' })).rejects.toEqual(
          new DomainRuleViolation({ code: 'HOLIDAY_ALREADY_REGISTERED' }),
        );
        expect(await ports.clinics.addHoliday('999999', { date: '2999-12-31', name: '' })).toBeNull();

        // Past holidays are not answered; the list of clinics carries the same holidays.
        expect((await ports.clinics.findById(clinic.id))?.holidays).toEqual([
          { date: '2999-01-01', name: '' },
          { date: '2999-12-31', name: '大晦日' },
        ]);
        expect((await ports.clinics.list()).map((entry) => entry.holidays.length)).toEqual([2, 1]);

        expect(await ports.clinics.removeHoliday(clinic.id, '2999-12-31')).toBe(true);
        expect(await ports.clinics.removeHoliday(clinic.id, '2999-12-31')).toBe(false);
        expect((await ports.clinics.findById(clinic.id))?.holidays).toEqual([{ date: '2999-01-01', name: '' }]);
        expect((await ports.clinics.findById(other.id))?.holidays).toEqual([{ date: '2999-12-31', name: '' }]);
      });
    });
  });
};
