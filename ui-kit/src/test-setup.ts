import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no CSS.escape; react-aria uses it when looking up <meta> tags.
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = {};
}
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => String(value).replace(/[^a-zA-Z0-9_\u00A0-\uFFFF-]/g, (c) => `\\${c}`);
}

// Testing Library only auto-cleans when test globals are enabled; do it explicitly.
afterEach(() => {
  cleanup();
});

// jsdom has no canvas (it logs "not implemented"): no 2D context, as in a browser with canvas
// blocked. SignaturePad then offers the typed name only; drawing is tested in Playwright.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
