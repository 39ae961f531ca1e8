import type { ReservationView, Slot } from '@clinic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from './instant';
import { slotsJsonText, staffSlotsJsonText, toReservationJson, toStaffReservationJson } from './reservations.schemas';

/** The answers as they were made before: objects, then JSON.stringify (koa's own). */
const slotsByObjects = (slots: readonly Slot[]) =>
  JSON.stringify({ slots: slots.map((slot) => ({ startsAt: formatInstant(slot.startMs), endsAt: formatInstant(slot.endMs) })) });
const staffSlotsByObjects = (slots: readonly Slot[]) =>
  JSON.stringify({
    slots: slots.map((slot) => ({
      startsAt: formatInstant(slot.startMs),
      endsAt: formatInstant(slot.endMs),
      tasks: slot.tasks.map((task) => ({
        startsAt: formatInstant(task.startMs),
        endsAt: formatInstant(task.endMs),
        staffId: task.staffId,
        roomId: task.roomId,
        machineId: task.machineId,
      })),
    })),
  });

const quarterHour = fc.integer({ min: 0, max: 200_000 }).map((i) => Date.UTC(2026, 0, 1) + i * 900_000);
/** Ids as the database gives them, and text JSON must escape, should one ever be other than digits. */
const id = fc.option(fc.oneof(fc.stringMatching(/^[1-9]\d{0,17}$/), fc.string()), { nil: null });
const task = fc.record({ startMs: quarterHour, endMs: quarterHour, staffId: id, roomId: id, machineId: id });
const slot = fc.record({ startMs: quarterHour, endMs: quarterHour, tasks: fc.array(task, { maxLength: 4 }) });

describe('the search answers written as JSON text', () => {
  it('are the bytes JSON.stringify gives for the objects, for random slots', () => {
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 40 }), (slots) => {
        expect(slotsJsonText(slots)).toBe(slotsByObjects(slots));
        expect(staffSlotsJsonText(slots)).toBe(staffSlotsByObjects(slots));
      }),
      { numRuns: 300 },
    );
  });

  it('are an empty list without slots, and parse back to the instants', () => {
    expect(slotsJsonText([])).toBe('{"slots":[]}');
    expect(staffSlotsJsonText([])).toBe('{"slots":[]}');
    const startMs = Date.parse('2026-12-01T01:15:00Z');
    expect(JSON.parse(slotsJsonText([{ startMs, endMs: startMs + 3_600_000, tasks: [] }]))).toEqual({
      slots: [{ startsAt: '2026-12-01T10:15:00+09:00', endsAt: '2026-12-01T11:15:00+09:00' }],
    });
  });
});

const view: ReservationView = {
  id: '44041',
  clinicId: '1',
  userId: '41',
  menuIds: ['1', '2'],
  menuNames: ['ピコトーニング', '全身脱毛'],
  menuTranslations: [{ en: { name: 'Pico toning' } }, {}],
  userName: '会員 41',
  userKana: 'カイイン',
  userNumber: 'B100040',
  status: 'CANCELLED',
  source: 'STAFF',
  startMs: Date.parse('2026-12-01T01:00:00Z'),
  endMs: Date.parse('2026-12-01T02:30:00Z'),
  tasks: [
    {
      startMs: Date.parse('2026-12-01T01:00:00Z'),
      endMs: Date.parse('2026-12-01T01:30:00Z'),
      staffId: '11',
      roomId: '3',
      machineId: null,
      menuId: '1',
      label: '',
    },
    {
      startMs: Date.parse('2026-12-01T01:30:00Z'),
      endMs: Date.parse('2026-12-01T02:30:00Z'),
      staffId: null,
      roomId: null,
      machineId: '5',
      menuId: '2',
      label: '照射',
    },
  ],
  memo: '電話予約',
  campaign: 'winter',
  createdAtMs: Date.parse('2026-11-24T00:00:00.123Z'),
  cancelledAtMs: Date.parse('2026-11-30T09:15:00Z'),
  confirmedAtMs: null,
  version: 3,
};

describe('the staff answer of a reservation', () => {
  it('is the member’s answer followed by the memo, the campaign and the member, in this order and with these texts', () => {
    expect(JSON.stringify(toStaffReservationJson(view))).toBe(
      JSON.stringify({
        id: '44041',
        clinicId: '1',
        userId: '41',
        status: 'CANCELLED',
        source: 'STAFF',
        menuIds: ['1', '2'],
        menus: [
          { id: '1', name: 'ピコトーニング' },
          { id: '2', name: '全身脱毛' },
        ],
        startsAt: '2026-12-01T10:00:00+09:00',
        endsAt: '2026-12-01T11:30:00+09:00',
        tasks: [
          { startsAt: '2026-12-01T10:00:00+09:00', endsAt: '2026-12-01T10:30:00+09:00', staffId: '11', roomId: '3', machineId: null, menuId: '1', label: '' },
          {
            startsAt: '2026-12-01T10:30:00+09:00',
            endsAt: '2026-12-01T11:30:00+09:00',
            staffId: null,
            roomId: null,
            machineId: '5',
            menuId: '2',
            label: '照射',
          },
        ],
        createdAt: '2026-11-24T09:00:00+09:00',
        cancelledAt: '2026-11-30T18:15:00+09:00',
        confirmedAt: null,
        memo: '電話予約',
        campaign: 'winter',
        user: { id: '41', name: '会員 41', kana: 'カイイン', userNumber: 'B100040' },
      }),
    );
  });

  it('leaves the member’s answer without the staff fields, in Japanese or the member’s language', () => {
    toStaffReservationJson(view);
    const member = toReservationJson(view, 'en');
    expect(Object.keys(member)).not.toContain('memo');
    expect(Object.keys(member)).not.toContain('user');
    expect(member.menus).toEqual([
      { id: '1', name: 'Pico toning' },
      { id: '2', name: '全身脱毛' },
    ]);
  });
});
