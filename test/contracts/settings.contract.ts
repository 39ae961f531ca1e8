import { DomainRuleViolation, MEMO_DATE_TAKEN, type Clinic, type Member } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aMember } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

/** What every port of calendar memos and chain-wide settings must do. */
export const settingsContract = (fresh: () => Promise<PortSet>): void => {
  describe('settings', () => {
    let ports: PortSet;
    let clinic: Clinic;
    let other: Clinic;
    beforeEach(async () => {
      ports = await fresh();
      clinic = await ports.clinics.create(aClinic({ name: '渋谷' }));
      other = await ports.clinics.create(aClinic({ name: '新宿' }));
    });

    describe('CalendarMemoRepositoryPort', () => {
      it('keeps one memo per clinic and date, lists a range by date, updates and deletes', async () => {
        const later = await ports.settings.memos.create({ clinicId: clinic.id, date: '2026-12-03', content: '棚卸し', updatedBy: null });
        const first = await ports.settings.memos.create({ clinicId: clinic.id, date: '2026-12-01', content: '院長不在', updatedBy: null });
        await ports.settings.memos.create({ clinicId: other.id, date: '2026-12-01', content: '新宿のメモ', updatedBy: null });
        expect(first).toEqual({
          id: expect.any(String),
          clinicId: clinic.id,
          date: '2026-12-01',
          content: '院長不在',
          updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
        });
        expect(
          await ports.settings.memos.create({ clinicId: clinic.id, date: '2026-12-01', content: '二件目', updatedBy: null }).catch((error) => error),
        ).toEqual(new DomainRuleViolation({ code: 'VALIDATION_FAILED', fields: [MEMO_DATE_TAKEN] }));
        expect((await ports.settings.memos.list(clinic.id, '2026-12-01', '2026-12-31')).map((memo) => memo.content)).toEqual(['院長不在', '棚卸し']);
        expect(await ports.settings.memos.list(clinic.id, '2026-12-02', '2026-12-02')).toEqual([]);

        const updated = await ports.settings.memos.update(later.id, '棚卸し（午後）', null);
        expect(updated).toMatchObject({ id: later.id, content: '棚卸し（午後）', date: '2026-12-03' });
        expect(await ports.settings.memos.findById(later.id)).toEqual(updated);
        expect(await ports.settings.memos.update('999999', 'x', null)).toBeNull();
        expect(await ports.settings.memos.delete(later.id)).toBe(true);
        expect(await ports.settings.memos.delete(later.id)).toBe(false);
        expect(await ports.settings.memos.findById(later.id)).toBeNull();
      });
    });

    describe('TagRepositoryPort', () => {
      it('appends tags last, refuses a taken name on create and rename, and deletes', async () => {
        const vip = await ports.settings.tags.create('VIP');
        const care = await ports.settings.tags.create('要注意');
        expect(vip).toEqual({ id: expect.any(String), name: 'VIP', displayOrder: 0 });
        expect(care.displayOrder).toBe(1);
        await expect(ports.settings.tags.create('VIP')).rejects.toEqual(new DomainRuleViolation({ code: 'TAG_EXISTS' }));
        await expect(ports.settings.tags.rename(care.id, 'VIP')).rejects.toEqual(new DomainRuleViolation({ code: 'TAG_EXISTS' }));
        expect(await ports.settings.tags.rename(care.id, '要確認')).toEqual({ ...care, name: '要確認' });
        expect(await ports.settings.tags.rename('999999', 'x')).toBeNull();
        expect((await ports.settings.tags.list()).map((tag) => tag.name)).toEqual(['VIP', '要確認']);
        expect(await ports.settings.tags.delete(vip.id)).toBe(true);
        expect(await ports.settings.tags.delete(vip.id)).toBe(false);
        expect(await ports.settings.tags.findById(vip.id)).toBeNull();
        expect((await ports.settings.tags.create('VIP')).displayOrder).toBe(2);
      });
    });

    describe('CheckConditionRepositoryPort', () => {
      it('appends conditions last, refuses a taken name and an unknown category, updates and deletes', async () => {
        const category = await ports.settings.seedCategory(clinic.id, '医療脱毛');
        const consent = await ports.settings.conditions.create({ name: '同意書', kind: 'ALWAYS', categoryId: null });
        const laser = await ports.settings.conditions.create({ name: '脱毛問診票', kind: 'CATEGORY', categoryId: category });
        expect(consent).toEqual({ id: expect.any(String), name: '同意書', kind: 'ALWAYS', categoryId: null, displayOrder: 0 });
        expect(laser).toMatchObject({ kind: 'CATEGORY', categoryId: category, displayOrder: 1 });
        await expect(ports.settings.conditions.create({ name: '同意書', kind: 'FIRST_VISIT', categoryId: null })).rejects.toEqual(
          new DomainRuleViolation({ code: 'CHECK_ITEM_EXISTS' }),
        );
        await expect(ports.settings.conditions.create({ name: '別カテゴリ', kind: 'CATEGORY', categoryId: '999999' })).rejects.toEqual(
          new DomainRuleViolation({ code: 'CATEGORY_NOT_FOUND', fields: [{ path: 'categoryId', message: 'メニューカテゴリが見つかりません。' }] }),
        );
        expect(await ports.settings.conditions.update(laser.id, { name: '初回問診票', kind: 'FIRST_VISIT', categoryId: null })).toEqual({
          ...laser,
          name: '初回問診票',
          kind: 'FIRST_VISIT',
          categoryId: null,
        });
        await expect(ports.settings.conditions.update(laser.id, { name: '同意書', kind: 'ALWAYS', categoryId: null })).rejects.toBeInstanceOf(
          DomainRuleViolation,
        );
        expect(await ports.settings.conditions.update('999999', { name: 'x', kind: 'ALWAYS', categoryId: null })).toBeNull();
        expect((await ports.settings.conditions.list()).map((condition) => condition.name)).toEqual(['同意書', '初回問診票']);
        expect(await ports.settings.conditions.delete(consent.id)).toBe(true);
        expect(await ports.settings.conditions.delete(consent.id)).toBe(false);
        expect(await ports.settings.categories.clinicOfCategory(category)).toBe(clinic.id);
        expect(await ports.settings.categories.clinicOfCategory('999999')).toBeNull();
      });
    });

    describe('CheckItemRepositoryPort and MemberHistoryPort', () => {
      let member: Member;
      beforeEach(async () => {
        member = await ports.members.create(aMember(clinic.id));
      });

      it('creates each item once, lists them in the order of their conditions, and records a tick', async () => {
        const second = await ports.settings.conditions.create({ name: '問診票', kind: 'ALWAYS', categoryId: null });
        const first = await ports.settings.conditions.create({ name: '同意書', kind: 'FIRST_VISIT', categoryId: null });
        expect(await ports.settings.checkItems.ensure(member.id, [first.id, second.id])).toEqual(expect.arrayContaining([first.id, second.id]));
        expect(await ports.settings.checkItems.ensure(member.id, [first.id, second.id])).toEqual([]);
        const items = await ports.settings.checkItems.listForMember(member.id);
        expect(items.map((item) => item.conditionName)).toEqual(['問診票', '同意書']);
        expect(items[0]).toEqual({
          id: expect.any(String),
          userId: member.id,
          conditionId: second.id,
          conditionName: '問診票',
          checked: false,
          checkedAt: null,
          checkedBy: null,
          note: '',
        });
        const ticked = await ports.settings.checkItems.update(items[0]!.id, {
          checked: true,
          checkedAt: '2026-12-01T10:15:00+09:00',
          checkedBy: null,
          note: '記入済み',
        });
        expect(ticked).toMatchObject({ checked: true, checkedAt: '2026-12-01T10:15:00+09:00', note: '記入済み' });
        expect(await ports.settings.checkItems.findById(items[0]!.id)).toEqual(ticked);
        expect(await ports.settings.checkItems.update('999999', { checked: true, checkedAt: null, checkedBy: null, note: '' })).toBeNull();

        // Deleting a condition takes its items with it.
        await ports.settings.conditions.delete(second.id);
        expect((await ports.settings.checkItems.listForMember(member.id)).map((item) => item.conditionName)).toEqual(['同意書']);
      });

      it('tells whether the member has visited and which categories their live or visited reservations use', async () => {
        const laser = await ports.settings.seedCategory(clinic.id, '医療脱毛');
        const skin = await ports.settings.seedCategory(clinic.id, '美容皮膚科');
        const hoken = await ports.settings.seedCategory(clinic.id, '保険診療');
        expect(await ports.settings.history.historyOf(member.id)).toEqual({ hasVisited: false, categoryIds: [] });
        await ports.settings.seedReservation(member.id, clinic.id, laser, 'RESERVED');
        await ports.settings.seedReservation(member.id, clinic.id, hoken, 'CANCELLED');
        await ports.settings.seedReservation(member.id, clinic.id, hoken, 'NOT_VISITED');
        let history = await ports.settings.history.historyOf(member.id);
        expect(history.hasVisited).toBe(false);
        expect(history.categoryIds).toEqual([laser]);
        await ports.settings.seedReservation(member.id, clinic.id, skin, 'VISITED');
        history = await ports.settings.history.historyOf(member.id);
        expect(history.hasVisited).toBe(true);
        expect([...history.categoryIds].sort()).toEqual([laser, skin].sort());
      });
    });

    describe('AnnouncementRepositoryPort', () => {
      const at = (iso: string) => iso;

      it('stores announcements in Asia/Tokyo, lists newest first, filters by clinic and by publication', async () => {
        const chain = await ports.settings.announcements.create(
          {
            clinicId: null,
            title: '年末年始の休診',
            body: '12/29〜1/3は休診です。',
            publishedFrom: at('2026-12-01T00:00:00+09:00'),
            publishedUntil: at('2027-01-04T00:00:00+09:00'),
          },
          null,
        );
        const own = await ports.settings.announcements.create(
          { clinicId: clinic.id, title: '新しい機器', body: '', publishedFrom: at('2026-12-10T09:00:00+09:00'), publishedUntil: null },
          null,
        );
        const foreign = await ports.settings.announcements.create(
          { clinicId: other.id, title: '新宿院から', body: '', publishedFrom: at('2026-12-05T00:00:00+09:00'), publishedUntil: null },
          null,
        );
        const future = await ports.settings.announcements.create(
          { clinicId: clinic.id, title: '春のキャンペーン', body: '', publishedFrom: at('2027-03-01T00:00:00+09:00'), publishedUntil: null },
          null,
        );
        expect(chain).toEqual({
          id: expect.any(String),
          clinicId: null,
          title: '年末年始の休診',
          body: '12/29〜1/3は休診です。',
          publishedFrom: '2026-12-01T00:00:00+09:00',
          publishedUntil: '2027-01-04T00:00:00+09:00',
        });
        expect((await ports.settings.announcements.list()).map((entry) => entry.id)).toEqual([future.id, own.id, foreign.id, chain.id]);
        expect((await ports.settings.announcements.list({ clinicId: clinic.id })).map((entry) => entry.id)).toEqual([future.id, own.id, chain.id]);

        const shown = async (now: string) => (await ports.settings.announcements.publishedFor(clinic.id, now)).map((entry) => entry.title);
        expect(await shown('2026-12-10T08:59:59+09:00')).toEqual(['年末年始の休診']);
        expect(await shown('2026-12-10T09:00:00+09:00')).toEqual(['新しい機器', '年末年始の休診']);
        expect(await shown('2027-01-04T00:00:00+09:00')).toEqual(['新しい機器']);
        expect(await shown('2027-03-01T00:00:00+09:00')).toEqual(['春のキャンペーン', '新しい機器']);

        const updated = await ports.settings.announcements.update(own.id, { ...own, title: '新しい機器を導入しました' });
        expect(updated).toEqual({ ...own, title: '新しい機器を導入しました' });
        expect(await ports.settings.announcements.findById(own.id)).toEqual(updated);
        expect(await ports.settings.announcements.update('999999', own)).toBeNull();
        expect(await ports.settings.announcements.delete(own.id)).toBe(true);
        expect(await ports.settings.announcements.delete(own.id)).toBe(false);
      });
    });
  });
};
