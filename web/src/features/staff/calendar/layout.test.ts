import { describe, expect, it } from 'vitest';
import type { Reservation } from './calendar.api';
import {
  addMinutes,
  buildRows,
  columnOf,
  dayWindow,
  instantOfColumn,
  minutesOn,
  moveRefusal,
  moveRequest,
  placeReservations,
  shadesFor,
  timeOfColumn,
} from './layout';
import { explicitTasks } from './BookingDialog';

const clinic = {
  openingHours: [
    { weekday: 1, open: '10:00', close: '20:00' },
    { weekday: 2, open: '09:30', close: '19:00' },
  ],
  holidays: [{ date: '2026-12-08', name: '臨時休診' }],
};

const rows = buildRows(
  [
    { id: '2', name: '鈴木', priority: 2 },
    { id: '1', name: '佐藤', priority: 1 },
  ],
  [
    { id: '5', name: '施術室2', displayOrder: 1 },
    { id: '4', name: '施術室1', displayOrder: 0 },
  ],
  [{ id: '9', name: 'レーザー', displayOrder: 0 }],
);

const task = (start: string, end: string, ids: { staffId?: string; roomId?: string; machineId?: string } = {}) => ({
  startsAt: `2026-12-07T${start}:00+09:00`,
  endsAt: `2026-12-07T${end}:00+09:00`,
  staffId: ids.staffId ?? null,
  roomId: ids.roomId ?? null,
  machineId: ids.machineId ?? null,
  menuId: 'm1',
  label: '施術',
});

const reservation = (id: string, tasks: ReturnType<typeof task>[], status: Reservation['status'] = 'RESERVED'): Reservation => ({
  id,
  clinicId: 'c1',
  userId: 'u1',
  status,
  source: 'STAFF',
  menuIds: ['m1'],
  menus: [{ id: 'm1', name: '全身脱毛' }],
  startsAt: tasks[0]!.startsAt,
  endsAt: tasks[tasks.length - 1]!.endsAt,
  tasks,
  createdAt: '2026-12-01T10:00:00+09:00',
  cancelledAt: null,
  confirmedAt: null,
  memo: '',
  campaign: null,
  user: { id: 'u1', name: '山田 花子', kana: 'ヤマダ ハナコ', userNumber: '100001' },
});

describe('day window', () => {
  it('takes the opening hours of the weekday (0 = Sunday) in 15-minute columns', () => {
    expect(dayWindow(clinic, '2026-12-07')).toEqual({ kind: 'open', openMin: 600, closeMin: 1200, columns: 40 });
    expect(dayWindow(clinic, '2026-12-15')).toEqual({ kind: 'open', openMin: 570, closeMin: 1140, columns: 38 });
  });
  it('is closed on a day without hours and on a holiday', () => {
    expect(dayWindow(clinic, '2026-12-06')).toEqual({ kind: 'closed', holidayName: null });
    expect(dayWindow(clinic, '2026-12-08')).toEqual({ kind: 'closed', holidayName: '臨時休診' });
  });
});

describe('time and columns', () => {
  it('converts between Tokyo times and columns', () => {
    expect(minutesOn('2026-12-07', '2026-12-07T10:15:00+09:00')).toBe(615);
    expect(minutesOn('2026-12-07', '2026-12-07T01:15:00Z')).toBe(615);
    expect(columnOf(600, 615)).toBe(1);
    expect(timeOfColumn(600, 1)).toBe('10:15');
    expect(instantOfColumn('2026-12-07', 600, 4)).toBe('2026-12-07T11:00:00+09:00');
    expect(addMinutes('2026-12-07T23:45:00+09:00', 30)).toBe('2026-12-08T00:15:00+09:00');
  });
});

describe('rows', () => {
  it('lists staff by priority, then rooms and machines by display order', () => {
    expect(rows.map((r) => r.key)).toEqual(['STAFF:1', 'STAFF:2', 'ROOM:4', 'ROOM:5', 'MACHINE:9']);
  });
});

describe('placements', () => {
  const window = { openMin: 600, closeMin: 1200 };
  it('draws a reservation on every row it holds, merging consecutive tasks of one row', () => {
    const r = reservation('r1', [
      task('10:00', '10:15', { staffId: '1', roomId: '4' }),
      task('10:15', '11:15', { staffId: '1', roomId: '4', machineId: '9' }),
      task('11:15', '11:30', { roomId: '5' }),
    ]);
    const placed = placeReservations([r], rows, '2026-12-07', window);
    expect(placed.map((p) => [rows[p.rowIndex]!.key, p.column, p.span]).sort()).toEqual([
      ['MACHINE:9', 1, 4],
      ['ROOM:4', 0, 5],
      ['ROOM:5', 5, 1],
      ['STAFF:1', 0, 5],
    ]);
  });
  it('clips to the window, skips unknown rows and hides cancelled ones on request', () => {
    const early = reservation('r2', [task('09:30', '10:30', { staffId: '1' })]);
    const gone = reservation('r3', [task('12:00', '12:30', { staffId: '77' })]);
    const cancelled = reservation('r4', [task('13:00', '13:30', { staffId: '2' })], 'CANCELLED');
    expect(placeReservations([early, gone, cancelled], rows, '2026-12-07', window).map((p) => [p.reservationId, p.column, p.span])).toEqual([
      ['r2', 0, 2],
      ['r4', 12, 2],
    ]);
    expect(placeReservations([cancelled], rows, '2026-12-07', window, { showCancelled: false })).toEqual([]);
  });
  it('shades working time, breaks and blocks', () => {
    const shades = shadesFor(
      rows,
      '2026-12-07',
      window,
      [
        {
          id: 's1',
          clinicId: 'c1',
          staffId: '2',
          date: '2026-12-07',
          start: '10:00',
          end: '18:00',
          breaks: [{ start: '13:00', end: '14:00' }],
          categoryId: null,
        },
      ],
      [
        {
          id: 'b1',
          clinicId: 'c1',
          resourceType: 'ROOM',
          resourceId: '5',
          startsAt: '2026-12-07T15:00:00+09:00',
          endsAt: '2026-12-07T15:30:00+09:00',
          reason: '',
        },
      ],
    );
    expect(shades.map((s) => [s.kind, s.rowIndex, s.column, s.span])).toEqual([
      ['work', 1, 0, 32],
      ['break', 1, 12, 4],
      ['block', 3, 20, 2],
    ]);
  });
});

describe('move rules', () => {
  const [staff1, staff2, room4, , machine] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  const single = reservation('r1', [task('10:00', '10:30', { staffId: '1', roomId: '4' })]);
  it('moves a one-task reservation in time and to another row of the same type', () => {
    expect(moveRefusal(single, staff1, staff1)).toBeNull();
    expect(moveRefusal(single, staff1, staff2)).toBeNull();
    expect(moveRequest(single, staff1, staff2, 3)).toEqual({ startsAt: '2026-12-07T10:45:00+09:00', target: { type: 'STAFF', id: '2' } });
    expect(moveRequest(single, room4, room4, -1)).toEqual({ startsAt: '2026-12-07T09:45:00+09:00', target: null });
  });
  it('refuses several tasks, another row type, and cancelled reservations', () => {
    const multi = reservation('r2', [task('10:00', '10:15', { staffId: '1' }), task('10:15', '10:30', { staffId: '1' })]);
    expect(moveRefusal(multi, staff1, staff1)).toBe('MULTI');
    expect(moveRefusal(single, staff1, machine)).toBe('OTHER_TYPE');
    expect(moveRefusal(single, room4, staff1)).toBe('OTHER_TYPE');
    expect(moveRefusal({ ...single, status: 'CANCELLED' }, staff1, staff1)).toBe('STATUS');
  });
});

describe('explicit booking tasks', () => {
  it('chains the tasks from the start, on the chosen staff, with free rooms and machines', () => {
    const menu = {
      tasks: [
        { id: 't1', position: 1, label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: ['4'], machineIds: [] },
        { id: 't2', position: 2, label: '照射', durationMinutes: 60, needsStaff: true, roomIds: ['4', '5'], machineIds: ['9'] },
        { id: 't3', position: 3, label: '冷却', durationMinutes: 15, needsStaff: false, roomIds: ['4', '5'], machineIds: [] },
      ],
    };
    const tasks = explicitTasks(menu, '2026-12-07T10:00:00+09:00', '2', { staffIds: ['2'], roomIds: ['5'], machineIds: ['9'] }, null);
    expect(tasks).toEqual([
      { startsAt: '2026-12-07T10:00:00+09:00', endsAt: '2026-12-07T10:15:00+09:00', staffId: '2', roomId: '4', machineId: null },
      { startsAt: '2026-12-07T10:15:00+09:00', endsAt: '2026-12-07T11:15:00+09:00', staffId: '2', roomId: '5', machineId: '9' },
      { startsAt: '2026-12-07T11:15:00+09:00', endsAt: '2026-12-07T11:30:00+09:00', staffId: null, roomId: '5', machineId: null },
    ]);
  });
});
