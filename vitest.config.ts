import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project has its own environment.
export default defineConfig({
  test: {
    projects: ['core', 'adapters', 'server', 'ui-kit', 'web', 'test'],
    // Vitest's default is the cores less one: on the 2-core machines of CI and the developers, one
    // file at a time. The HTTP, contract and ops files spend much of their time waiting for
    // PostgreSQL, a server process or a socket, so two files run side by side (docs/benchmarks.md,
    // "The test suite").
    maxWorkers: 2,
  },
});
