import { describe, expect, it } from 'vitest';
import type { Reservation } from './calendar.api';
import { unconfirmedOf } from './UnconfirmedList';

const reservation = (id: string, startsAt: string, extra: Partial<Reservation> = {}): Reservation => ({
  id,
  clinicId: '1',
  userId: `u${id}`,
  status: 'RESERVED',
  source: 'STAFF',
  menuIds: ['41'],
  menus: [{ id: '41', name: 'ピコトーニング' }],
  startsAt,
  endsAt: startsAt,
  tasks: [],
  createdAt: '2026-11-20T10:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
  memo: '',
  campaign: null,
  user: { id: `u${id}`, name: `会員${id}`, kana: '', userNumber: null },
  ...extra,
});

describe('unconfirmedOf (未確認のみ)', () => {
  it("lists the day's RESERVED visits without a confirmation, by start time", () => {
    const list = unconfirmedOf(
      [
        reservation('1', '2026-12-02T15:00:00+09:00'),
        reservation('2', '2026-12-02T10:00:00+09:00'),
        reservation('3', '2026-12-02T11:00:00+09:00', { confirmedAt: '2026-12-01T18:05:00+09:00' }),
        reservation('4', '2026-12-02T12:00:00+09:00', { status: 'CANCELLED' }),
        reservation('5', '2026-12-02T12:00:00+09:00', { status: 'VISITED' }),
        // The evening before and the next day (a range read overlaps them).
        reservation('6', '2026-12-01T23:30:00+09:00'),
        reservation('7', '2026-12-03T00:00:00+09:00'),
        reservation('8', '2026-12-02T00:00:00+09:00'),
      ],
      '2026-12-02',
    );
    expect(list.map((r) => r.id)).toEqual(['8', '2', '1']);
  });
});
