import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAudienceTexts } from '../i18n';

// The app loads the texts of the pages outside the guest pages with their routes; tests that
// render a page directly need them from the start.
await loadAudienceTexts();

// Lazy routes load their chunk on first use: give slow machines time. A ceiling, not a wait: a
// state that comes sooner ends the wait at once. At 5 s, ten page tests failed to find their first
// heading while eight other test runs shared the 2 cores (load average 29).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no CSS.escape; react-aria uses it when looking up <meta> tags.
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = {};
}
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => String(value).replace(/[^a-zA-Z0-9_\u00A0-\uFFFF-]/g, (c) => `\\${c}`);
}

// jsdom has no matchMedia; the app's layout switches with CSS only, but libraries may ask.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// jsdom has no canvas (it logs "not implemented"): no 2D context, as in a browser with canvas
// blocked; the signature pad then offers the typed name only. Drawing is tested in Playwright.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
