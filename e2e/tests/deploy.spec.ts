import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import { expect, test, type Page } from '@playwright/test';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiClient, createBoard, signIn, unique } from './helpers.ts';

// Issue 22 §4: the boards team deploys its remote on its own. The remote's built files are served
// from a second origin (the team's static server), a gateway of its own points at it with
// REMOTE_BOARDS_URL, and a changed build published there reaches users on their next load: no shell
// rebuild, no gateway restart. Rolling back is publishing the previous build again.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The boards remote as `npm test` built it: the release in production. */
const CURRENT_BUILD = path.join(ROOT, 'mf-boards', 'dist');
/** How the next release is built: the same sources and configuration, with one visible change. */
const NEXT_RELEASE = path.join(ROOT, 'e2e', 'remote-release');
const HASHED_FILE = /\.[0-9a-f]{16,}\./;

const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const ORIGIN = `http://localhost:${E2E_PORT + 1}`;
const SHELL = `http://localhost:${E2E_PORT + 2}`;
const QUOTES = 5;

test.use({ baseURL: SHELL });
// Two version prompts (each up to the shell's 10 s poll plus the gateway's 5 s recheck) besides the usual steps.
test.describe.configure({ timeout: 180_000 });

/**
 * The next release of the boards remote, built by its own webpack configuration into the temporary
 * folder, once per change of the current build or of the recipe (both `npm test` runs of CI share it).
 */
async function nextRelease(): Promise<string> {
  const digest = createHash('sha256').update(readFileSync(path.join(CURRENT_BUILD, 'remoteEntry.js')));
  for (const file of readdirSync(NEXT_RELEASE).sort()) digest.update(file).update(readFileSync(path.join(NEXT_RELEASE, file)));
  const out = path.join(tmpdir(), `tb-e2e-boards-release-${digest.digest('hex').slice(0, 16)}`);
  if (existsSync(path.join(out, 'remoteEntry.js'))) return out;
  const partial = `${out}.${process.pid}`;
  const webpack = path.join(ROOT, 'mf-boards', 'node_modules', '.bin', 'webpack');
  try {
    await promisify(execFile)(webpack, ['--config', path.join(NEXT_RELEASE, 'webpack.config.mjs'), '--mode', 'production', '--env', `out=${partial}`], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    rmSync(out, { recursive: true, force: true });
    renameSync(partial, out);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return out;
}

/**
 * The boards team's origin, as a CDN serves a remote: hashed chunks cached for good, remoteEntry.js
 * revalidated on every load (the one file a release replaces), the shell's origin allowed (CORS;
 * harmless, though the files load as scripts, which need none).
 */
async function startOrigin(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('access-control-allow-origin', SHELL);
      reply.header('cache-control', HASHED_FILE.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await app.listen({ port: E2E_PORT + 1, host: 'localhost' });
  return app;
}

/** Publishes a build on the origin the way the README tells teams to: every other file first, remoteEntry.js last. */
function publish(build: string, origin: string): void {
  cpSync(build, origin, { recursive: true, filter: (source) => path.basename(source) !== 'remoteEntry.js' });
  copyFileSync(path.join(build, 'remoteEntry.js'), path.join(origin, 'remoteEntry.js'));
}

/** A gateway of its own (the suite's keeps serving the boards remote itself), its database already migrated when shared. */
async function startGateway(dataDir: string): Promise<ChildProcess> {
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(E2E_PORT + 2),
      // The embedded database belongs to one process: a fresh one here (PostgreSQL: the suite's, through DATABASE_URL).
      DATA_DIR: dataDir,
      DEMO_ERP_SCALE: '0',
      LOG_LEVEL: 'warn',
      REMOTE_BOARDS_URL: ORIGIN,
    },
  });
  await expect
    .poll(async () => (gateway.exitCode === null ? (await fetch(`${SHELL}/api/ping`).catch(() => undefined))?.status : `exited ${gateway.exitCode}`), {
      timeout: 300_000,
      intervals: [500],
    })
    .toBe(200);
  return gateway;
}

let originDir: string;
let dataDir: string;
let release: string;
let origin: FastifyInstance | undefined;
let gateway: ChildProcess | undefined;

test.beforeAll(async () => {
  // A remote build takes a minute or two on a busy machine; this file's gateway starts meanwhile.
  test.setTimeout(600_000);
  originDir = mkdtempSync(path.join(tmpdir(), 'tb-e2e-origin-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'tb-e2e-deploy-db-'));
  publish(CURRENT_BUILD, originDir);
  origin = await startOrigin(originDir);
  [release, gateway] = await Promise.all([nextRelease(), startGateway(dataDir)]);
});

test.afterAll(async () => {
  if (gateway?.exitCode === null) {
    const exited = new Promise((resolve) => gateway!.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
  await origin?.close();
  for (const dir of [originDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Accepts the shell's refresh prompt (seed 000 §4 version check), which appears once /version.json changes. */
async function refreshForNewVersion(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'A new version of Tradeboard is available' });
  // The shell asks every VERSION_POLL_MS (10 s); the gateway rechecks the origin every 5 s.
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  const recorded = page.waitForResponse((response) => response.url() === `${SHELL}/version.json`);
  await prompt.getByRole('button', { name: 'Refresh now' }).click();
  // The reloaded page's first check records the version it runs, before the next release is published.
  await recorded;
}

test('a build of the boards remote published on its own origin reaches users on their next load, and rolls back', async ({ page }) => {
  const fromOrigin = new Set<string>();
  const fromGateway = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === ORIGIN) fromOrigin.add(url.pathname);
    if (url.origin === SHELL && url.pathname.startsWith('/remotes/boards/')) fromGateway.add(url.pathname);
  });
  const main = page.getByRole('main');
  const manageBoards = main.getByRole('button', { name: 'Manage Boards' });
  const organizeBoards = main.getByRole('button', { name: 'Organize Boards' });

  await signIn(page, 'rep@tradeboard.example');
  await expect(page).toHaveURL(/\/home/);
  const board = await createBoard(await apiClient(page.request), QUOTES, unique('Release'), ['Pipeline']);
  const recorded = page.waitForResponse((response) => response.url() === `${SHELL}/version.json`);
  await page.goto(`/quotes/${board.boardMasterId}`);
  await recorded;

  // The current build, from the team's origin: the board page with its card, and the sidebar's board
  // list (the shell loads that module from the remote's container).
  await expect(main.getByRole('tab', { selected: true })).toHaveText(board.boardName);
  await expect(main.getByRole('article', { name: 'Pipeline' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: board.boardName })).toBeVisible();
  await expect(manageBoards).toBeVisible();
  expect(fromOrigin).toContain('/remoteEntry.js');
  expect(fromGateway).toEqual(new Set());

  // The team ships its next release to the origin; the open page offers a refresh, which loads it.
  publish(release, originDir);
  await refreshForNewVersion(page);
  await expect(organizeBoards).toBeVisible();
  await expect(manageBoards).toHaveCount(0);
  await expect(main.getByRole('article', { name: 'Pipeline' })).toBeVisible();

  // Rolled back: the previous build published again (its chunks never left the origin).
  publish(CURRENT_BUILD, originDir);
  await refreshForNewVersion(page);
  await expect(manageBoards).toBeVisible();
  await expect(organizeBoards).toHaveCount(0);
  expect(fromGateway).toEqual(new Set());
});
