import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A test file per core (Vitest's default keeps one core for itself, i.e. one file at a time on a
    // 2-core machine): the files wait mostly on their own database, not on the main process.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          include: ['shared/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'services/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // A worker imports the server's modules once for all its files (docs/decisions.md, "CI's
          // length, stop 40"): a file must leave what it changes as it found it (env, clocks, mocks).
          isolate: false,
          // One migrated database per run, copied by each test file's (services/src/testing/test-db.ts).
          globalSetup: ['services/src/testing/test-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['shared/src/web/**/*.test.tsx', 'shell/src/**/*.test.{ts,tsx}', 'mf-*/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
        },
      },
    ],
  },
});
