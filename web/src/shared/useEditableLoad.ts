import { useCallback } from 'react';
import { useLoadRuns, type LoadOptions, type LoadState } from './useLoad';

/** Changes the loaded data in place (an action's answer, a reorder), until the next load replaces it. */
export type UpdateLoaded<T> = (change: (data: T) => T) => void;

/**
 * `useLoad`, and a function that changes the loaded data in place: for a page that shows an
 * action's answer (a ticked item, a reordered list) without reading everything again.
 */
export function useEditableLoad<T>(load: () => Promise<T>, deps: readonly unknown[], options: LoadOptions<T> = {}): [LoadState<T>, UpdateLoaded<T>] {
  const [state, setState] = useLoadRuns(load, deps, options);
  const update = useCallback<UpdateLoaded<T>>(
    (change) => setState((shown) => (shown.status === 'ready' ? { status: 'ready', data: change(shown.data) } : shown)),
    [setState],
  );
  return [state, update];
}
