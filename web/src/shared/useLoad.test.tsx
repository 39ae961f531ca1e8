import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad, type LoadOptions } from './useLoad';

/** A load whose answers the test hands out one by one. */
const controlled = () => {
  const pending: ((value: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => pending.push(resolve));
  return { load, answer: (value: string) => act(() => pending.shift()!(value)) };
};

const render = (options?: LoadOptions) => {
  const { load, answer } = controlled();
  const hook = renderHook(({ version }) => useLoad(load, [version], options), { initialProps: { version: 0 } });
  return { hook, answer };
};

describe('useLoad', () => {
  it('shows loading again on a reload by default', async () => {
    const { hook, answer } = render();
    expect(hook.result.current.status).toBe('loading');
    await answer('first');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'first' });
    hook.rerender({ version: 1 });
    expect(hook.result.current.status).toBe('loading');
    await answer('second');
    expect(hook.result.current).toEqual({ status: 'ready', data: 'second' });
  });

  it('keeps the data on screen while reloading when asked, then shows the new data', async () => {
    const { hook, answer } = render({ keepWhileReloading: true });
    expect(hook.result.current.status).toBe('loading');
    await answer('first');
    hook.rerender({ version: 1 });
    expect(hook.result.current).toEqual({ status: 'ready', data: 'first' });
    await answer('second');
    await waitFor(() => expect(hook.result.current).toEqual({ status: 'ready', data: 'second' }));
  });
});
