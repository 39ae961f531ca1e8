import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/routes';
import { noopAnalytics, type Analytics } from '../shared/analytics';

/** The whole app in StrictMode, on a memory router at `path`, with the API answered by `fetch`. */
export function renderApp(path: string, { fetch, analytics = noopAnalytics }: { fetch?: typeof globalThis.fetch; analytics?: Analytics } = {}) {
  const router = createMemoryRouter(appRoutes({ fetch }), { initialEntries: [path] });
  const view = render(
    <StrictMode>
      <AppProviders analytics={analytics}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, ...view };
}
