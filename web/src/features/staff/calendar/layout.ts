/**
 * The maths of the resource timeline (pure, Asia/Tokyo wall-clock): the day's window, time ↔
 * column, the rows, where each reservation is drawn, and the move rules of shared/DOMAIN.md.
 */
import { fromMinutes, toMinutes, tokyoInstant, tokyoParts, weekdayOf } from '../staffs/schedule-time';
import type { Block, ClinicDetail, HeldOffer, Reservation, ReservationStatus, ResourceType, Schedule } from './calendar.api';

export const STEP = 15;

export type DayWindow = { kind: 'open'; openMin: number; closeMin: number; columns: number } | { kind: 'closed'; holidayName: string | null };

/** The opening hours of `date` (weekday 0 = Sunday), or why the clinic is closed that day. */
export function dayWindow(clinic: Pick<ClinicDetail, 'openingHours' | 'holidays'>, date: string): DayWindow {
  const holiday = clinic.holidays.find((h) => h.date === date);
  if (holiday) return { kind: 'closed', holidayName: holiday.name ?? null };
  const hours = clinic.openingHours.find((h) => h.weekday === weekdayOf(date));
  if (!hours) return { kind: 'closed', holidayName: null };
  const openMin = Math.floor(toMinutes(hours.open) / STEP) * STEP;
  const closeMin = Math.ceil(toMinutes(hours.close) / STEP) * STEP;
  if (closeMin <= openMin) return { kind: 'closed', holidayName: null };
  return { kind: 'open', openMin, closeMin, columns: (closeMin - openMin) / STEP };
}

/** Minutes from midnight of `date` in Tokyo (negative before, ≥ 1440 after that day). */
export function minutesOn(date: string, instant: string): number {
  const midnight = Date.parse(`${date}T00:00:00+09:00`);
  return Math.round((Date.parse(instant) - midnight) / 60_000);
}

export const columnOf = (openMin: number, minutes: number): number => Math.floor((minutes - openMin) / STEP);
export const minutesOfColumn = (openMin: number, column: number): number => openMin + column * STEP;
export const timeOfColumn = (openMin: number, column: number): string => fromMinutes(minutesOfColumn(openMin, column));
export const instantOfColumn = (date: string, openMin: number, column: number): string => tokyoInstant(date, timeOfColumn(openMin, column));

/** `instant` moved by `minutes`, written in Tokyo time (`…+09:00`). */
export function addMinutes(instant: string, minutes: number): string {
  const moved = new Date(Date.parse(instant) + minutes * 60_000).toISOString();
  const { date, time } = tokyoParts(moved);
  return tokyoInstant(date, time);
}

/** `HH:mm` of an instant in Tokyo. */
export const clockOf = (instant: string): string => tokyoParts(instant).time;

export interface Row {
  /** `STAFF:2`, `ROOM:1`, `MACHINE:3`. */
  key: string;
  type: ResourceType;
  id: string;
  name: string;
}

export const rowKey = (type: ResourceType, id: string): string => `${type}:${id}`;

/** Staff by priority, then rooms and machines by display order. */
export function buildRows(
  staffs: readonly { id: string; name: string; priority: number }[],
  rooms: readonly { id: string; name: string; displayOrder: number }[],
  machines: readonly { id: string; name: string; displayOrder: number }[],
): Row[] {
  const byOrder = <T extends { displayOrder: number; id: string }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.displayOrder - b.displayOrder || Number(a.id) - Number(b.id));
  return [
    ...[...staffs].sort((a, b) => a.priority - b.priority).map((s) => ({ key: rowKey('STAFF', s.id), type: 'STAFF' as const, id: s.id, name: s.name })),
    ...byOrder(rooms).map((r) => ({ key: rowKey('ROOM', r.id), type: 'ROOM' as const, id: r.id, name: r.name })),
    ...byOrder(machines).map((m) => ({ key: rowKey('MACHINE', m.id), type: 'MACHINE' as const, id: m.id, name: m.name })),
  ];
}

export interface Placement {
  key: string;
  reservationId: string;
  rowIndex: number;
  /** First column (may be clipped to 0) and number of columns (≥ 1). */
  column: number;
  span: number;
  status: ReservationStatus;
}

/** Intervals in minutes, merged where they touch or overlap. */
function merge(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * One block per reservation and row it holds (each task's staff, room and machine); consecutive
 * tasks on one row become one block. Clipped to the window; nothing outside it.
 */
export function placeReservations(
  reservations: readonly Reservation[],
  rows: readonly Row[],
  date: string,
  window: { openMin: number; closeMin: number },
  options: { showCancelled: boolean } = { showCancelled: true },
): Placement[] {
  const rowIndex = new Map(rows.map((row, index) => [row.key, index]));
  const placements: Placement[] = [];
  for (const reservation of reservations) {
    const faint = reservation.status === 'CANCELLED' || reservation.status === 'NOT_VISITED';
    if (faint && !options.showCancelled) continue;
    const held = new Map<number, [number, number][]>();
    for (const task of reservation.tasks) {
      const start = minutesOn(date, task.startsAt);
      const end = minutesOn(date, task.endsAt);
      const holders: [ResourceType, string | null][] = [
        ['STAFF', task.staffId],
        ['ROOM', task.roomId],
        ['MACHINE', task.machineId],
      ];
      for (const [type, id] of holders) {
        if (id === null) continue;
        const index = rowIndex.get(rowKey(type, id));
        if (index === undefined) continue;
        held.set(index, [...(held.get(index) ?? []), [start, end]]);
      }
    }
    for (const [index, intervals] of held) {
      for (const [start, end] of merge(intervals)) {
        const a = Math.max(start, window.openMin);
        const b = Math.min(end, window.closeMin);
        if (b <= a) continue;
        const column = columnOf(window.openMin, a);
        placements.push({
          key: `${reservation.id}:${index}:${start}`,
          reservationId: reservation.id,
          rowIndex: index,
          column,
          span: Math.max(1, Math.ceil((b - window.openMin) / STEP) - column),
          status: reservation.status,
        });
      }
    }
  }
  return placements;
}

export type ShadeKind = 'work' | 'break' | 'block' | 'hold';

export interface Shade {
  key: string;
  rowIndex: number;
  column: number;
  span: number;
  kind: ShadeKind;
  /** A held waitlist offer's text (who, until when). */
  label?: string;
}

function clipShade(key: string, rowIndex: number, kind: ShadeKind, start: number, end: number, window: { openMin: number; closeMin: number }): Shade | null {
  const a = Math.max(start, window.openMin);
  const b = Math.min(end, window.closeMin);
  if (b <= a) return null;
  const column = Math.floor((a - window.openMin) / STEP);
  return { key, rowIndex, kind, column, span: Math.max(1, Math.ceil((b - window.openMin) / STEP) - column) };
}

/** Working time of staff rows, their breaks, blocks on any row, and the clinic's breaks on every row. */
export function shadesFor(
  rows: readonly Row[],
  date: string,
  window: { openMin: number; closeMin: number },
  schedules: readonly Schedule[],
  blocks: readonly Block[],
  clinicBreaks: readonly { weekday: number | null; start: string; end: string }[] = [],
  holds: readonly HeldOffer[] = [],
): Shade[] {
  const rowIndex = new Map(rows.map((row, index) => [row.key, index]));
  const shades: Shade[] = [];
  const push = (shade: Shade | null) => shade && shades.push(shade);
  for (const schedule of schedules) {
    if (schedule.date !== date) continue;
    const index = rowIndex.get(rowKey('STAFF', schedule.staffId));
    if (index === undefined) continue;
    push(clipShade(`w${schedule.id}`, index, 'work', toMinutes(schedule.start), toMinutes(schedule.end), window));
    schedule.breaks.forEach((b, i) => push(clipShade(`b${schedule.id}-${i}`, index, 'break', toMinutes(b.start), toMinutes(b.end), window)));
  }
  for (const block of blocks) {
    const index = rowIndex.get(rowKey(block.resourceType, block.resourceId));
    if (index === undefined) continue;
    push(clipShade(`k${block.id}`, index, 'block', minutesOn(date, block.startsAt), minutesOn(date, block.endsAt), window));
  }
  for (const held of holds) {
    held.tasks.forEach((task, taskIndex) => {
      for (const [type, resourceId] of [
        ['STAFF', task.staffId],
        ['ROOM', task.roomId],
        ['MACHINE', task.machineId],
      ] as const) {
        if (!resourceId) continue;
        const index = rowIndex.get(rowKey(type, resourceId));
        if (index === undefined) continue;
        const shade = clipShade(`h${held.entryId}-${taskIndex}-${type}`, index, 'hold', minutesOn(date, task.startsAt), minutesOn(date, task.endsAt), window);
        if (shade) shades.push({ ...shade, label: `キャンセル待ち確保：${held.name}（${clockOf(held.expiresAt)}まで）` });
      }
    });
  }
  const weekday = weekdayOf(date);
  clinicBreaks
    .filter((b) => b.weekday === null || b.weekday === weekday)
    .forEach((b, i) => rows.forEach((_, index) => push(clipShade(`c${i}-${index}`, index, 'break', toMinutes(b.start), toMinutes(b.end), window))));
  return shades;
}

export type MoveRefusal = 'MULTI' | 'OTHER_TYPE' | 'NOT_HELD' | 'STATUS';

/**
 * The move rules: only a reservation of one task with at most one staff member, room and
 * machine moves; across rows only onto a row of the type it came from; only live reservations.
 */
export function moveRefusal(reservation: Pick<Reservation, 'tasks' | 'status'>, from: Row, to: Row): MoveRefusal | null {
  if (reservation.status === 'CANCELLED' || reservation.status === 'NOT_VISITED') return 'STATUS';
  const distinct = (pick: (t: Reservation['tasks'][number]) => string | null) => new Set(reservation.tasks.map(pick).filter((v) => v !== null)).size;
  if (reservation.tasks.length !== 1 || distinct((t) => t.staffId) > 1 || distinct((t) => t.roomId) > 1 || distinct((t) => t.machineId) > 1) return 'MULTI';
  if (from.key === to.key) return null;
  if (from.type !== to.type) return 'OTHER_TYPE';
  const task = reservation.tasks[0]!;
  const heldId = from.type === 'STAFF' ? task.staffId : from.type === 'ROOM' ? task.roomId : task.machineId;
  if (heldId !== from.id) return 'NOT_HELD';
  return null;
}

/** The target and start the server's move expects for a ghost `columns` right and on row `to`. */
export function moveRequest(reservation: Pick<Reservation, 'startsAt'>, from: Row, to: Row, columns: number) {
  return {
    startsAt: addMinutes(reservation.startsAt, columns * STEP),
    target: from.key === to.key ? null : { type: to.type, id: to.id },
  };
}

/** The reservations whose time touches `date` (Tokyo). */
export const touchesDay = (from: string, to: string, date: string): boolean => from <= date && date <= to;

export { fromMinutes, toMinutes };
