import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// One fresh embedded database per run (workers inherit it through the environment).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'tb-e2e-'));

/**
 * CI's second run, against PostgreSQL (TB_DATABASE_ONLY), repeats the journeys whose storage differs
 * by database beyond SQL: sessions and sign-in, board writes, stored files and PDFs, an ERP load. The
 * SQL of every other screen is proved on PostgreSQL by the service tests, which run on both.
 */
const POSTGRESQL_RUN = ['sign-in', 'boards', 'documents', 'erp-load'].map((spec) => `${spec}.spec.ts`);

/**
 * Chromium's headless shell (Debian: chromium-headless-shell) runs the same pages as full Chromium
 * with about a quarter less time on 2 cores (docs/decisions.md); full Chromium is the fallback.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

export default defineConfig({
  testDir: './tests',
  testMatch: process.env.TB_DATABASE_ONLY === '1' ? POSTGRESQL_RUN : undefined,
  // Generous for a shared 2-core machine; no test relies on it for timing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the one-line summary of `npm test` (scripts/tradeboard.mjs).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // The app honours "reduce motion": menus and dialogs appear at once, so a click never lands on a
    // menu still sliding in (a click there can miss its item). shell.spec checks the animated default.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/tradeboard.mjs serve',
    url: `http://localhost:${PORT}/api/ping`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // A small demo ERP load keeps the browser tests' start quick.
      DEMO_ERP_SCALE: process.env.DEMO_ERP_SCALE ?? '0.1',
      // Every test signs in from this one address; the limit itself is tested in gateway/src/edge-security.test.ts.
      PUBLIC_WRITES_PER_MINUTE: '600',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
