import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { appRoutes } from './app/routes';
import { startLanguage } from './i18n';
import { createHttpAnalytics } from './shared/analytics';
import { prefetchForPage } from './shared/api/prefetch';

// Before the router starts loading the page's chunk: its data on the way at the same time.
prefetchForPage(window.location.pathname);

const router = createBrowserRouter(appRoutes());
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The visitor's language (?lang=, saved choice, browser) is shown from the first render; an
// English or Chinese visitor waits for that language's texts (docs/languages.md).
void startLanguage(window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders analytics={createHttpAnalytics()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
