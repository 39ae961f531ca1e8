import type { Slot } from '@clinic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from './instant';
import { slotsJsonText, staffSlotsJsonText } from './reservations.schemas';

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
