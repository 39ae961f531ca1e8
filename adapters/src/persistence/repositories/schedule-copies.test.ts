import type { EngineSchedule } from '@clinic/core';
import { describe, expect, it } from 'vitest';
import { ScheduleCopies } from './knex-availability-source';

const schedules = (staffId: string): EngineSchedule[] => [{ staffId, startMs: 0, endMs: 3_600_000, breaks: [], categoryId: null }];

describe('ScheduleCopies', () => {
  it('keeps at most its size, the least recently used going first', () => {
    const copies = new ScheduleCopies(2);
    copies.keep('a', 'v1', schedules('1'));
    copies.keep('b', 'v1', schedules('2'));
    // Reading a makes b the least recently used.
    expect(copies.get('a')?.schedules[0]?.staffId).toBe('1');
    copies.keep('c', 'v1', schedules('3'));
    expect(copies.size).toBe(2);
    expect(copies.get('b')).toBeUndefined();
    expect(copies.get('a')?.version).toBe('v1');
    expect(copies.get('c')?.version).toBe('v1');
  });

  it('replaces a key with its newer version without growing', () => {
    const copies = new ScheduleCopies(2);
    copies.keep('a', 'v1', schedules('1'));
    copies.keep('a', 'v2', schedules('9'));
    expect(copies.size).toBe(1);
    expect(copies.get('a')).toEqual({ version: 'v2', schedules: schedules('9') });
  });
});
