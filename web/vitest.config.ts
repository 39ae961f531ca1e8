import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    // A ceiling, not a speed target: with a second `npm test` beside this one on 2 cores, a form
    // typed with userEvent in jsdom took over 20 s (issue 15, item 6).
    testTimeout: 60_000,
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The files of one worker share the imports (React, the ui-kit, jsdom's environment) instead of
    // loading them again for each file: the web and ui-kit files took 56 s instead of 137–157 s
    // (CPU 106 s instead of 263–301 s) on 2 cores, and pass in any order (--sequence.shuffle).
    // docs/benchmarks.md, "The test suite".
    isolate: false,
  },
});
