import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isPublishedAt, mayWriteAnnouncement, validateAnnouncement } from './announcement.entity';
import { conditionApplies, validateCheckCondition } from './check-condition.entity';
import { tickCheckItem } from './check-item.entity';
import { validateTagName } from './tag.entity';

describe('check conditions', () => {
  it('apply always, until the first visit, or for a booked or visited category', () => {
    const none = { hasVisited: false, categoryIds: [] };
    const visited = { hasVisited: true, categoryIds: ['7'] };
    expect(conditionApplies({ kind: 'ALWAYS', categoryId: null }, visited)).toBe(true);
    expect(conditionApplies({ kind: 'FIRST_VISIT', categoryId: null }, none)).toBe(true);
    expect(conditionApplies({ kind: 'FIRST_VISIT', categoryId: null }, visited)).toBe(false);
    expect(conditionApplies({ kind: 'CATEGORY', categoryId: '7' }, visited)).toBe(true);
    expect(conditionApplies({ kind: 'CATEGORY', categoryId: '8' }, visited)).toBe(false);
  });

  it('need a name, and a category for kind CATEGORY only', () => {
    expect(validateCheckCondition({ name: ' ', kind: 'CATEGORY', categoryId: null })).toMatchObject({
      ok: false,
      error: { fields: [{ path: 'name' }, { path: 'categoryId', message: '対象のメニューカテゴリを選んでください。' }] },
    });
    expect(validateCheckCondition({ name: ' 同意書 ', kind: 'ALWAYS', categoryId: '3' })).toEqual({
      ok: true,
      value: { name: '同意書', kind: 'ALWAYS', categoryId: null },
    });
  });
});

describe('tickCheckItem', () => {
  const open = { checked: false, checkedAt: null, checkedBy: null, note: 'メモ' };
  it('records who and when, keeps the first tick, clears on untick and keeps a note left out', () => {
    const ticked = tickCheckItem(open, { checked: true }, '5', '2026-12-01T10:00:00+09:00');
    expect(ticked).toEqual({ checked: true, checkedAt: '2026-12-01T10:00:00+09:00', checkedBy: '5', note: 'メモ' });
    expect(tickCheckItem(ticked, { checked: true, note: '追記' }, '6', '2026-12-02T10:00:00+09:00')).toEqual({ ...ticked, note: '追記' });
    expect(tickCheckItem(ticked, { checked: false }, '6', '2026-12-02T10:00:00+09:00')).toEqual(open);
  });
});

describe('tags', () => {
  it('need a name of at most 50 characters', () => {
    expect(validateTagName(' VIP ')).toEqual({ ok: true, value: 'VIP' });
    expect(validateTagName('').ok).toBe(false);
    expect(validateTagName('あ'.repeat(51)).ok).toBe(false);
  });
});

describe('announcements', () => {
  it('are written by the head-office ADMIN anywhere, by a clinic ADMIN for that clinic only, never by STAFF', () => {
    expect(mayWriteAnnouncement({ role: 'ADMIN', clinicId: null }, null)).toBe(true);
    expect(mayWriteAnnouncement({ role: 'ADMIN', clinicId: null }, '2')).toBe(true);
    expect(mayWriteAnnouncement({ role: 'ADMIN', clinicId: '1' }, '1')).toBe(true);
    // Issue 16: a clinic's ADMIN reached the head office and other clinics.
    expect(mayWriteAnnouncement({ role: 'ADMIN', clinicId: '1' }, null)).toBe(false);
    expect(mayWriteAnnouncement({ role: 'ADMIN', clinicId: '1' }, '2')).toBe(false);
    expect(mayWriteAnnouncement({ role: 'STAFF', clinicId: '1' }, '1')).toBe(false);
    expect(mayWriteAnnouncement({ role: 'STAFF', clinicId: '1' }, null)).toBe(false);
    expect(mayWriteAnnouncement({ role: 'STAFF', clinicId: null }, '2')).toBe(false);
  });

  it('keep instants in Asia/Tokyo and end after they start', () => {
    const valid = validateAnnouncement({ clinicId: null, title: ' 休診 ', body: '', publishedFrom: '2026-12-01T00:00:00Z', publishedUntil: null });
    expect(valid).toEqual({ ok: true, value: { clinicId: null, title: '休診', body: '', publishedFrom: '2026-12-01T09:00:00+09:00', publishedUntil: null } });
    const backwards = validateAnnouncement({
      clinicId: null,
      title: 'x',
      body: '',
      publishedFrom: '2026-12-02T00:00:00+09:00',
      publishedUntil: '2026-12-01T00:00:00+09:00',
    });
    expect(!backwards.ok && backwards.error.fields?.map((field) => field.path)).toEqual(['publishedUntil']);
  });

  it('are shown from their start until (not including) their end', () => {
    const entry = { publishedFrom: '2026-12-01T00:00:00+09:00', publishedUntil: '2026-12-02T00:00:00+09:00' };
    expect(isPublishedAt(entry, DateTime.fromISO('2026-11-30T23:59:59+09:00'))).toBe(false);
    expect(isPublishedAt(entry, DateTime.fromISO('2026-12-01T00:00:00+09:00'))).toBe(true);
    expect(isPublishedAt(entry, DateTime.fromISO('2026-12-02T00:00:00+09:00'))).toBe(false);
  });
});
