import { defineConfig } from 'vitest/config';

// Vite 8 transforms TS/TSX with oxc; the automatic JSX runtime needs no React plugin here.
export default defineConfig({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  test: {
    name: 'ui-kit',
    // A ceiling, not a speed target: with a second `npm test` beside this one on 2 cores, a form
    // typed with userEvent in jsdom took over 20 s (issue 15, item 6).
    testTimeout: 60_000,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // The files of one worker share the imports (React, the ui-kit, jsdom's environment) instead of
    // loading them again for each file: the web and ui-kit files took 56 s instead of 137–157 s
    // (CPU 106 s instead of 263–301 s) on 2 cores, and pass in any order (--sequence.shuffle).
    // docs/benchmarks.md, "The test suite".
    isolate: false,
  },
});
