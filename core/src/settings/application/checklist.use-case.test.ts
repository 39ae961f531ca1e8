import {
  InMemoryAuditLog,
  InMemoryCheckConditionRepository,
  InMemoryCheckItemRepository,
  InMemoryMemberHistory,
  InMemoryMemberRepository,
} from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../shared/system-clock';
import { ChecklistUseCase } from './checklist.use-case';

const actor = { type: 'staff' as const, id: '9' };

describe('ChecklistUseCase', () => {
  it('creates the items that apply on first read, keeps them afterwards, and ticks them', async () => {
    const members = new InMemoryMemberRepository();
    const conditions = new InMemoryCheckConditionRepository();
    const items = new InMemoryCheckItemRepository(conditions);
    const history = new InMemoryMemberHistory();
    const audit = new InMemoryAuditLog();
    const checklist = new ChecklistUseCase(members, conditions, items, history, audit, fixedClock('2026-12-01T10:15:30'));
    const member = await members.create({
      userNumber: '1',
      name: '山田 花子',
      kana: 'ヤマダ ハナコ',
      phone: '',
      email: null,
      birthday: null,
      gender: null,
      clinicId: '1',
      status: 'FULL',
      passwordHash: null,
      lineUserId: null,
      introducerUserId: null,
      giftCount: 0,
      externalMemberId: null,
    });
    await conditions.create({ name: '同意書', kind: 'ALWAYS', categoryId: null });
    await conditions.create({ name: '初回問診票', kind: 'FIRST_VISIT', categoryId: null });
    await conditions.create({ name: '脱毛の注意事項', kind: 'CATEGORY', categoryId: '7' });

    const first = await checklist.list(actor, member.id);
    expect(first.ok && first.value.map((item) => item.conditionName)).toEqual(['同意書', '初回問診票']);

    history.set(member.id, { hasVisited: true, categoryIds: ['7'] });
    const later = await checklist.list(actor, member.id);
    expect(later.ok && later.value.map((item) => item.conditionName)).toEqual(['同意書', '初回問診票', '脱毛の注意事項']);
    expect(audit.entries.filter((entry) => entry.action === 'checkItem.create')).toHaveLength(2);

    const id = later.ok ? later.value[0]!.id : '';
    const ticked = await checklist.tick(actor, id, { checked: true, note: '署名済み' });
    expect(ticked).toMatchObject({ ok: true, value: { checked: true, checkedAt: '2026-12-01T10:15:30+09:00', checkedBy: '9', note: '署名済み' } });
    expect(await checklist.tick(actor, '999', { checked: true })).toMatchObject({ ok: false, error: { code: 'CHECK_ITEM_NOT_FOUND' } });
    expect(await checklist.list(actor, '999')).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
  });
});
