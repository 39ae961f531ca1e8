import { defineConfig } from 'vitest/config';

// Vite 8 transforms TS/TSX with oxc; the automatic JSX runtime needs no React plugin here.
export default defineConfig({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  test: {
    name: 'ui-kit',
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
  },
});
