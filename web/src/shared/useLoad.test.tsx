import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEditableLoad } from './useEditableLoad';
import { useLoad, type LoadOptions } from './useLoad';

/** A load whose answers the test hands out one by one. */
const controlled = () => {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return {
    load,
    answer: (value: string) => act(() => pending.shift()!.resolve(value)),
    refuse: (error: unknown) => act(() => pending.shift()!.reject(error)),
    waiting: () => pending.length,
  };
};

const render = (options?: LoadOptions<string>) => {
  const { load, answer, refuse } = controlled();
  const hook = renderHook(({ version, reloadKey }) => useLoad(load, [version], { ...options, reloadKey }), { initialProps: { version: 0, reloadKey: 0 } });
  return { hook, answer, refuse };
};

describe('useLoad', () => {
  it('shows loading again on a reload by default', async () => {
    const { hook, answer } = render();
    expect(hook.result.current.status).toBe('loading');
    await answer('first');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'first' });
    hook.rerender({ version: 1, reloadKey: 0 });
    expect(hook.result.current.status).toBe('loading');
    await answer('second');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'second' });
  });

  it('keeps the data on screen while reloading when asked, then shows the new data', async () => {
    const { hook, answer } = render({ keepWhileReloading: true });
    expect(hook.result.current.status).toBe('loading');
    await answer('first');
    hook.rerender({ version: 1, reloadKey: 0 });
    expect(hook.result.current).toEqual({ status: 'ready', data: 'first' });
    await answer('second');
    await waitFor(() => expect(hook.result.current).toEqual({ status: 'ready', data: 'second' }));
  });

  it('loads again when the reload key changes, the inputs being the same', async () => {
    const { hook, answer } = render();
    await answer('first');
    hook.rerender({ version: 0, reloadKey: 1 });
    expect(hook.result.current.status).toBe('loading');
    await answer('again');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'again' });
  });

  it('drops the answer of a run that a newer one replaced', async () => {
    const { hook, answer } = render();
    hook.rerender({ version: 1, reloadKey: 0 });
    await answer('stale');
    expect(hook.result.current.status).toBe('loading');
    await answer('fresh');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'fresh' });
  });

  it('keeps the data only while the given test says so (the same member, not another one)', async () => {
    const { load, answer } = controlled();
    const hook = renderHook(
      ({ id, reloadKey }) => useLoad(() => load().then((name) => ({ id, name })), [id], { reloadKey, keepWhileReloading: (shown) => shown.id === id }),
      {
        initialProps: { id: 'a', reloadKey: 0 },
      },
    );
    await answer('A');
    hook.rerender({ id: 'a', reloadKey: 1 });
    expect(hook.result.current).toEqual({ status: 'ready', data: { id: 'a', name: 'A' } });
    await answer('A2');
    expect(hook.result.current).toEqual({ status: 'ready', data: { id: 'a', name: 'A2' } });
    hook.rerender({ id: 'b', reloadKey: 1 });
    expect(hook.result.current.status).toBe('loading');
    await answer('B');
    expect(hook.result.current).toEqual({ status: 'ready', data: { id: 'b', name: 'B' } });
  });

  it('a failed reload that kept the data says so and still carries the data; one that did not carries none', async () => {
    const kept = render({ keepWhileReloading: true });
    await kept.answer('first');
    kept.hook.rerender({ version: 0, reloadKey: 1 });
    await kept.refuse(new Error('offline'));
    expect(kept.hook.result.current).toEqual({ status: 'failed', error: new Error('offline'), data: 'first' });
    // A retry shows that data again while it loads.
    kept.hook.rerender({ version: 0, reloadKey: 2 });
    expect(kept.hook.result.current).toEqual({ status: 'ready', data: 'first' });
    await kept.answer('second');
    expect(kept.hook.result.current).toEqual({ status: 'ready', data: 'second' });

    const plain = render();
    await plain.answer('first');
    plain.hook.rerender({ version: 0, reloadKey: 1 });
    await plain.refuse(new Error('offline'));
    expect(plain.hook.result.current).toEqual({ status: 'failed', error: new Error('offline') });
  });
});

describe('useEditableLoad', () => {
  it('changes the loaded data in place until the next load replaces it', async () => {
    const { load, answer, waiting } = controlled();
    const hook = renderHook(({ reloadKey }) => useEditableLoad(load, [], { reloadKey }), { initialProps: { reloadKey: 0 } });
    // Nothing to change before the data is there.
    act(() => hook.result.current[1]((data) => `${data}!`));
    expect(hook.result.current[0].status).toBe('loading');
    await answer('first');
    act(() => hook.result.current[1]((data) => `${data} (edited)`));
    expect(hook.result.current[0]).toEqual({ status: 'ready', data: 'first (edited)' });
    hook.rerender({ reloadKey: 1 });
    expect(waiting()).toBe(1);
    await answer('second');
    expect(hook.result.current[0]).toEqual({ status: 'ready', data: 'second' });
  });
});
