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
  },
});
