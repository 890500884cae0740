import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['shared/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'services/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
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
