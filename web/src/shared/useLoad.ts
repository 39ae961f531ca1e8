import { useEffect, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

export interface LoadOptions {
  /**
   * A reload keeps the data on screen until the new data arrives (no spinner, nothing unmounted):
   * for pages that reload after their own actions and hold state of their own meanwhile.
   */
  readonly keepWhileReloading?: boolean;
}

/**
 * Runs `load` on mount and whenever `deps` change; results of a superseded run are dropped.
 * Failures are already announced by the HTTP client, so the state only says that it failed.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], options: LoadOptions = {}): LoadState<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const keep = options.keepWhileReloading === true;
  useEffect(() => {
    let active = true;
    setState((current) => (keep && current.status === 'ready' ? current : { status: 'loading' }));
    load().then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, deps);
  return state;
}
