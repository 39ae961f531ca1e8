import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

export interface LoadOptions {
  /**
   * A reload keeps the data on screen until the new data arrives (no spinner, nothing unmounted):
   * for pages that reload after their own actions and hold state of their own meanwhile.
   */
  readonly keepWhileReloading?: boolean;
  /**
   * Changed to load again with the same inputs: a counter bumped after an action of the page or
   * by a retry button. It is not read by `load`, so it is not among `deps`.
   */
  readonly reloadKey?: unknown;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * Runs `load` on mount and whenever `deps` or `options.reloadKey` change; results of a superseded run are dropped.
 * Failures are already announced by the HTTP client, so the state only says that it failed.
 * ESLint checks the `deps` of every call like those of `useEffect` (`additionalHooks` in
 * eslint.config.js).
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], options: LoadOptions = {}): LoadState<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  // A change of `deps` starts a new run. The list is compared during render (React's "storing
  // information from previous renders"), so the effect below depends on one number it names.
  const inputs = [...deps, options.reloadKey];
  const [run, setRun] = useState({ inputs, count: 0 });
  if (!sameDeps(run.inputs, inputs)) setRun({ inputs, count: run.count + 1 });
  // The run uses the `load` and options of the render that started it.
  const latest = useRef({ load, keep: options.keepWhileReloading === true });
  useEffect(() => {
    latest.current = { load, keep: options.keepWhileReloading === true };
  });
  const count = run.count;
  useEffect(() => {
    let active = true;
    const { load: current, keep } = latest.current;
    setState((previous) => (keep && previous.status === 'ready' ? previous : { status: 'loading' }));
    current().then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [count]);
  return state;
}

/** A `reloadKey` for `useLoad` and the function that changes it (a retry button, after an action). */
export function useReloadKey(): [number, () => void] {
  const [key, setKey] = useState(0);
  const reload = useCallback(() => setKey((k) => k + 1), []);
  return [key, reload];
}
