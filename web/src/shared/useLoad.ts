import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What a load has given so far. A failed reload that kept the data on screen (`keepWhileReloading`)
 * still carries that data, so a page can show the failure beside what it showed before.
 */
export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown; data?: T };

export interface LoadOptions<T = unknown> {
  /**
   * A reload keeps the data on screen until the new data arrives (no spinner, nothing unmounted):
   * for pages that reload after their own actions and hold state of their own meanwhile. A
   * function decides from the data shown, e.g. to keep a member's details while the same member
   * is read again, but not while another one is.
   */
  readonly keepWhileReloading?: boolean | ((shown: T) => boolean);
  /**
   * Changed to load again with the same inputs: a counter bumped after an action of the page or
   * by a retry button. It is not read by `load`, so it is not among `deps`.
   */
  readonly reloadKey?: unknown;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * The one way the web loads data (docs/web.md, "Loading data"): runs `load` on mount and whenever
 * `deps` or `options.reloadKey` change; results of a superseded run are dropped. Failures are
 * already announced by the HTTP client, so the state only says that it failed. Pages do not write
 * effects with liveness flags of their own (`loads.test.ts`).
 * ESLint checks the `deps` of every call like those of `useEffect` (`additionalHooks` in
 * eslint.config.js).
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], options: LoadOptions<T> = {}): LoadState<T> {
  return useLoadRuns(load, deps, options)[0];
}

/**
 * The work of `useLoad` and `useEditableLoad` (`./useEditableLoad.ts`, a module of its own so that
 * the guest booking page does not carry it); named apart so that ESLint checks the `deps` where
 * the pages pass them.
 */
export function useLoadRuns<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  options: LoadOptions<T>,
): [LoadState<T>, Dispatch<SetStateAction<LoadState<T>>>] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  // A change of `deps` starts a new run, with the `load` and options of the render that started it.
  // The list is compared during render (React's "storing information from previous renders"), so
  // the effect below depends on the run alone. (Kept small: the guest booking page carries it.)
  const inputs = [...deps, options.reloadKey];
  const next = { inputs, load, keep: options.keepWhileReloading };
  const [run, setRun] = useState(next);
  if (!sameDeps(run.inputs, inputs)) setRun(next);
  useEffect(() => {
    // The one liveness flag of the web: the answer of a run that a newer one replaced is dropped.
    let active = true;
    const { keep } = run;
    // Kept: the data shown stays (also after a failed reload that kept it, so a retry shows it again).
    setState((shown) =>
      'data' in shown && (keep === true || (keep && keep(shown.data as T)))
        ? shown.status === 'ready'
          ? shown
          : { status: 'ready', data: shown.data as T }
        : { status: 'loading' },
    );
    run.load().then(
      (data) => active && setState({ status: 'ready', data }),
      // Still 'ready' here only when this run kept the data on screen.
      (error: unknown) => active && setState((shown) => ({ status: 'failed', error, ...(shown.status === 'ready' && { data: shown.data }) })),
    );
    return () => {
      active = false;
    };
  }, [run]);
  return [state, setState];
}

/** A `reloadKey` for `useLoad` and the function that changes it (a retry button, after an action). */
export function useReloadKey(): [number, () => void] {
  const [key, setKey] = useState(0);
  const reload = useCallback(() => setKey((k) => k + 1), []);
  return [key, reload];
}
