import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'test',
    environment: 'node',
    include: ['bench/**/*.test.ts', 'contracts/**/*.test.ts', 'http/**/*.test.ts', 'ops/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
