import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVERYTHING, useClinicEvents, type ReservationsChange } from './useClinicEvents';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('useClinicEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('passes on the changes of its clinic, and asks for a full reload after a reconnection or a resync', () => {
    const changes: ReservationsChange[] = [];
    renderHook(() => useClinicEvents('1', (change) => void changes.push(change)));
    const source = FakeEventSource.instances.at(-1)!;
    expect(source.url).toBe('/api/staffs/events?clinicId=1');

    act(() => source.emit('open'));
    act(() => source.emit('reservations', JSON.stringify({ clinicId: '1', from: '2026-12-01T10:00:00+09:00', to: '2026-12-01T11:00:00+09:00' })));
    act(() => source.emit('reservations', JSON.stringify({ clinicId: '2', from: '2026-12-01T10:00:00+09:00', to: '2026-12-01T11:00:00+09:00' })));
    expect(changes).toEqual([{ clinicId: '1', from: '2026-12-01', to: '2026-12-01' }]);

    // The server lost PostgreSQL and is back: it cannot say what changed meanwhile.
    act(() => source.emit('resync', JSON.stringify({ clinicId: '1' })));
    // The browser reconnected the stream by itself after a network break.
    act(() => source.emit('open'));
    expect(changes.slice(1)).toEqual([EVERYTHING('1'), EVERYTHING('1')]);
  });
});
