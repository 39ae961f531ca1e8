import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingWindow,
  buildIcs,
  cancelPath,
  clinicLabel,
  dateTimeLabel,
  loadDone,
  menuIdsOf,
  menusByCategory,
  normalizeForm,
  oneMenuPerClinic,
  saveDone,
  slotsByDay,
  titleQuery,
  tokyoTime,
  validateForm,
  type DoneBooking,
  type GuestMenu,
} from './booking-logic';

const menu = (id: string, clinicId: string, categoryId = 'k1', displayOrder = 0): GuestMenu => ({
  id,
  clinicId,
  categoryId,
  name: `メニュー${id}`,
  displayOrder,
});

describe('the 30-day window in Asia/Tokyo', () => {
  it('starts on the Tokyo date, not the UTC one', () => {
    // 2026-11-30 23:30 UTC is already 1 December in Tokyo.
    const w = bookingWindow(new Date('2026-11-30T23:30:00Z'));
    expect(w.from).toBe('2026-12-01');
    expect(w.to).toBe('2026-12-30');
    expect(w.days).toHaveLength(30);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('groups slots by Tokyo day and shows HH:mm in Tokyo', () => {
    const byDay = slotsByDay([
      { startsAt: '2026-12-02T10:00:00+09:00', endsAt: '2026-12-02T11:00:00+09:00' },
      { startsAt: '2026-12-01T15:45:00Z', endsAt: '2026-12-01T16:45:00Z' }, // 00:45 on the 2nd in Tokyo
      { startsAt: '2026-12-01T09:30:00+09:00', endsAt: '2026-12-01T10:30:00+09:00' },
    ]);
    expect([...byDay.keys()]).toEqual(['2026-12-01', '2026-12-02']);
    expect(byDay.get('2026-12-02')!.map((s) => tokyoTime(s.startsAt))).toEqual(['00:45', '10:00']);
    expect(dateTimeLabel('2026-12-01T09:30:00+09:00')).toBe('2026年12月1日(火) 09:30');
  });
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
        { id: 'k2', name: '医療脱毛', displayOrder: 2 },
        { id: 'k1', name: 'カウンセリング', displayOrder: 1 },
        { id: 'k3', name: '空', displayOrder: 3 },
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

describe('the .ics file', () => {
  const ics = buildIcs({
    uid: 'r1@clinic',
    startsAt: '2026-12-01T01:30:00Z',
    endsAt: '2026-12-01T02:30:00Z',
    summary: '新規カウンセリング（渋谷院）',
    location: '渋谷院',
    description: '渋谷院, 03-1234-5678; お気をつけて',
    stamp: new Date('2026-11-20T00:00:00Z'),
  });
  const lines = ics.split('\r\n');

  it('is one VEVENT in Asia/Tokyo wall-clock time with the clinic as location', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;TZID=Asia/Tokyo:20261201T103000');
    expect(lines).toContain('DTEND;TZID=Asia/Tokyo:20261201T113000');
    expect(lines).toContain('TZOFFSETTO:+0900');
    expect(lines).toContain('LOCATION:渋谷院');
    expect(lines).toContain('DTSTAMP:20261120T000000Z');
    expect(lines).toContain('UID:r1@clinic');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes commas and semicolons and folds lines at 75 octets', () => {
    expect(ics).toContain('DESCRIPTION:渋谷院\\, 03-1234-5678\\; お気をつけて');
    const long = buildIcs({ uid: 'u', startsAt: '2026-12-01T01:30:00Z', endsAt: '2026-12-01T02:30:00Z', summary: 'あ'.repeat(60), location: 'x' });
    const encoder = new TextEncoder();
    for (const line of long.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding gives the text back.
    expect(long.replace(/\r\n /g, '')).toContain(`SUMMARY:${'あ'.repeat(60)}`);
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
