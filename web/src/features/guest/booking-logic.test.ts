import { guestBookingBody } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  clinicLabel,
  hasProblems,
  menuIdsOf,
  menusByCategory,
  normalizeForm,
  oneMenuPerClinic,
  saveDone,
  titleQuery,
  validateForm,
  type DoneBooking,
  type GuestMenu,
} from './booking-logic';
import { cancelPath, loadDone } from './guest-done';

const menu = (id: string, clinicId: string, categoryId = 'k1', displayOrder = 0): GuestMenu => ({
  id,
  clinicId,
  categoryId,
  name: `メニュー${id}`,
  description: '',
  preVisitNote: '',
  displayOrder,
  enabled: true,
  webBookable: true,
  kind: 'NEW',
  price: 0,
  afterMenuId: null,
  durationMinutes: 60,
  tasks: [],
});

describe('booking links: one menu per clinic', () => {
  it('reads menuIds=1,7', () => {
    expect(menuIdsOf(new URLSearchParams('menuIds=1,%207,,'))).toEqual(['1', '7']);
    expect(menuIdsOf(new URLSearchParams(''))).toEqual([]);
  });

  it('accepts one menu of each clinic', () => {
    const result = oneMenuPerClinic([menu('1', 'c1'), menu('7', 'c2')]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.byClinic.get('c2')?.id).toBe('7');
  });

  it('refuses two menus of one clinic', () => {
    expect(oneMenuPerClinic([menu('1', 'c1'), menu('2', 'c1'), menu('7', 'c2')])).toEqual({ ok: false, clinicIds: ['c1'] });
  });

  it('groups menus by category in display order, without empty categories', () => {
    const groups = menusByCategory(
      [
        { id: 'k2', clinicId: 'c1', name: '医療脱毛', displayOrder: 2 },
        { id: 'k1', clinicId: 'c1', name: 'カウンセリング', displayOrder: 1 },
        { id: 'k3', clinicId: 'c1', name: '空', displayOrder: 3 },
      ],
      [menu('b', 'c1', 'k2', 2), menu('a', 'c1', 'k2', 1), menu('c', 'c1', 'k1')],
    );
    expect(groups.map((g) => [g.category.name, g.menus.map((m) => m.id)])).toEqual([
      ['カウンセリング', ['c']],
      ['医療脱毛', ['a', 'b']],
    ]);
  });

  it('shows a clinic as name + 院', () => {
    expect(clinicLabel('渋谷')).toBe('渋谷院');
    expect(clinicLabel('渋谷院')).toBe('渋谷院');
  });
});

describe('the guest form', () => {
  const good = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' };

  it('accepts a complete form', () => {
    expect(validateForm(good)).toEqual({});
  });

  it('names every empty field', () => {
    expect(validateForm({ name: ' ', kana: '', phone: '', email: '' })).toEqual({
      name: 'required',
      kana: 'required',
      phone: 'required',
      email: 'required',
    });
  });

  it('wants katakana, a Japanese phone number and an email address', () => {
    expect(validateForm({ ...good, kana: 'Yamada' }).kana).toBe('kana');
    expect(validateForm({ ...good, kana: '山田' }).kana).toBe('kana');
    expect(validateForm({ ...good, phone: '12345' }).phone).toBe('phone');
    expect(validateForm({ ...good, email: 'hanako@' }).email).toBe('email');
    expect(validateForm({ ...good, name: 'あ'.repeat(101) }).name).toBe('tooLong');
  });

  it('turns hiragana kana into katakana and full-width digits into half-width', () => {
    const form = normalizeForm({ name: ' 山田 花子 ', kana: 'やまだ はなこ', phone: '０９０ー１２３４ー５６７８', email: ' hanako＠example.jp ' });
    expect(form).toEqual({ name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' });
    expect(validateForm({ ...good, kana: 'やまだ はなこ' })).toEqual({});
  });
});

describe('what the done page keeps', () => {
  const booking: DoneBooking = {
    id: 'r1',
    startsAt: '2026-12-01T10:30:00+09:00',
    endsAt: '2026-12-01T11:30:00+09:00',
    clinicName: '渋谷院',
    clinicPhone: '03-1234-5678',
    menuName: '新規カウンセリング',
    guestName: '山田 花子',
    email: 'hanako@example.jp',
    cancelToken: 'tok/en+1',
  };

  it('round-trips through storage and ignores garbage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(loadDone(storage)).toBeNull();
    saveDone(storage, booking);
    expect(loadDone(storage)).toEqual(booking);
    store.set('guestBooking.done', '{not json');
    expect(loadDone(storage)).toBeNull();
  });

  it('puts the token only in the cancel link, and only the title on other pages', () => {
    expect(cancelPath('tok/en+1')).toBe('/guest/reserve/cancel/?token=tok%2Fen%2B1');
    expect(titleQuery(new URLSearchParams('title=医療脱毛&token=x&campaign=y'))).toBe(`?title=${encodeURIComponent('医療脱毛')}`);
    expect(titleQuery(new URLSearchParams('token=x'))).toBe('');
  });
});

describe('the guest form and the server accept the same input', () => {
  const good = { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' };
  const server = (guest: typeof good) => guestBookingBody.safeParse({ clinicId: '1', menuId: '41', startsAt: '2026-12-01T10:00:00+09:00', guest }).success;
  const samples: (typeof good)[] = [
    good,
    { ...good, phone: '+1-415-555-0123' },
    { ...good, phone: '+1 415 555 0123' },
    { ...good, phone: '+14155550123' },
    { ...good, phone: '03-1234-5678' },
    { ...good, phone: '12345' },
    { ...good, phone: '+0123456789' },
    { ...good, kana: 'やまだ' },
    { ...good, kana: 'Yamada' },
    { ...good, email: 'hanako@example' },
    { ...good, email: 'hana..ko@example.jp' },
    { ...good, name: 'あ'.repeat(101) },
    { ...good, email: `${'a'.repeat(250)}@example.jp` },
  ];
  it.each(samples)('%o', (guest) => {
    // What the browser sends is the normalized form (hiragana kana in katakana, full-width digits half-width).
    expect(hasProblems(validateForm(guest))).toBe(!server(normalizeForm(guest)));
  });
});
