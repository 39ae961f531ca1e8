import { act, render } from '@testing-library/react';
import type { MessageTimer } from '@clinic/ui-kit';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/routes';
import { noopAnalytics, type Analytics } from '../shared/analytics';

/** The whole app in StrictMode, on a memory router at `path`, with the API answered by `fetch`. */
export function renderApp(
  path: string,
  { fetch, analytics = noopAnalytics, messageTimer }: { fetch?: typeof globalThis.fetch; analytics?: Analytics; messageTimer?: MessageTimer } = {},
) {
  const router = createMemoryRouter(appRoutes({ fetch }), { initialEntries: [path] });
  const view = render(
    <StrictMode>
      <AppProviders analytics={analytics} {...(messageTimer ? { messageTimer } : {})}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, ...view };
}

/**
 * A clock for the messages that the test controls: nothing vanishes until `elapse()`, so a test
 * on a busy machine reads a 2-second message whenever its page gets there.
 */
export function heldMessageTimer(): { timer: MessageTimer; elapse: () => void } {
  const due = new Set<() => void>();
  return {
    timer: {
      set: (run) => {
        due.add(run);
        return run;
      },
      clear: (handle) => {
        due.delete(handle as () => void);
      },
    },
    elapse: () => {
      const runs = [...due];
      due.clear();
      act(() => runs.forEach((run) => run()));
    },
  };
}
