import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'test',
    environment: 'node',
    include: ['architecture/**/*.test.ts', 'bench/**/*.test.ts', 'contracts/**/*.test.ts', 'http/**/*.test.ts', 'ops/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 30_000,
    // Every file starts its own server on its own database or schema and closes it; none mocks a
    // module or changes the environment, so the files of one worker share its imports instead of
    // loading the whole server again for each (docs/benchmarks.md, "The test suite").
    isolate: false,
    hookTimeout: 60_000,
  },
});
