// pnpm bench — the platform's speed figures (issue 2):
//   1. /api/ping requests/s and p99 with 50 connections while heavy aggregations run on the
//      embedded database (goal p99 ≤ 10 ms);
//   2. cold start of `npm start` on an existing build and database;
//   3. first-load JavaScript (gzip) of /login (goal ≤ 250 KiB) and /home (goal ≤ 350 KiB).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { chromium, type Page, type Response } from '@playwright/test';
import { configFromEnv, createMailer, seedApplication } from '@tradeboard/services';
import { migrate, openDatabase } from '@tradeboard/services/db';
import { gatewayConfigFromEnv } from '../src/config.ts';
import { buildGateway } from '../src/gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const requireHere = createRequire(import.meta.url);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer`);
}

const HEAVY_AGGREGATION = `
  SELECT g % 97 AS bucket, count(*), sum(g * 1.07), avg(g)
    FROM generate_series(1, 3000000) AS s(g)
   GROUP BY 1 ORDER BY 2 DESC`;

async function pingUnderLoad(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tb-bench-'));
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  await seedApplication(database.db);
  const log = pino({ level: 'silent' });
  const config = configFromEnv({});
  const app = await buildGateway({ ...gatewayConfigFromEnv({ LOG_LEVEL: 'silent' }, ROOT, 'bench') }, {
    db: database.db,
    config,
    mailer: createMailer(database.db, log, undefined, config.mailFrom),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  let running = true;
  let aggregations = 0;
  const load = (async () => {
    while (running && !process.env.BENCH_NO_LOAD) {
      await database.db.query(HEAVY_AGGREGATION);
      aggregations++;
    }
  })();
  const autocannon = path.join(path.dirname(requireHere.resolve('autocannon/package.json')), 'autocannon.js');
  const result = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [autocannon, '-c', '50', '-d', '10', '--json', `http://127.0.0.1:${port}/api/ping`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`autocannon exited ${code}`))));
  });
  running = false;
  await load;
  const stats = JSON.parse(result);
  console.log(
    `ping under load   ${Math.round(stats.requests.average)} req/s, p50 ${stats.latency.p50} ms, p99 ${stats.latency.p99} ms, ` +
      `errors ${stats.errors + stats.non2xx} (50 connections, 10 s, ${aggregations} heavy aggregations ran meanwhile)`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs `npm start` and times it until /api/ping answers. */
async function timedStart(dataDir: string, port: number): Promise<{ elapsedMs: number; stop: () => void }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/api/ping`);
  return { elapsedMs: performance.now() - started, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

/** The gzip size of every script a page loads while `action` runs. */
async function scriptBytes(page: Page, action: () => Promise<void>): Promise<{ gzip: number; files: number }> {
  const urls = new Set<string>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  let gzip = 0;
  for (const url of urls) gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return { gzip, files: urls.size };
}

async function firstLoadJs(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const loginPage = await browser.newPage();
  const login = await scriptBytes(loginPage, async () => {
    await loginPage.goto(`${base}/login`);
    await loginPage.getByLabel('Email').waitFor();
  });
  console.log(`first-load JS     /login ${kib(login.gzip)} gzip in ${login.files} files (goal ≤ 250 KiB)`);
  await loginPage.getByLabel('Email').fill('rep@tradeboard.example');
  await loginPage.getByRole('button', { name: 'Continue' }).click();
  await loginPage.getByLabel('Password', { exact: true }).fill('Demo-2026!');
  await loginPage.getByRole('button', { name: 'Login' }).click();
  await loginPage.waitForURL('**/home');
  // A new page with the session but an empty cache: what a signed-in user's first visit loads.
  const homePage = await browser.newPage({ storageState: await loginPage.context().storageState() });
  const home = await scriptBytes(homePage, async () => {
    await homePage.goto(`${base}/home`);
  });
  console.log(`first-load JS     /home ${kib(home.gzip)} gzip in ${home.files} files (goal ≤ 350 KiB)`);
  await browser.close();
}

const only = process.argv[2];
if (!only || only === 'ping') await pingUnderLoad();
if (!only || only === 'start') {
  spawnSync('node', ['scripts/tradeboard.mjs', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tb-bench-start-'));
  const port = 18_080;
  const first = await timedStart(dataDir, port);
  console.log(`first start       ${(first.elapsedMs / 1000).toFixed(1)} s (empty database: migrations and demo data)`);
  first.stop();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const second = await timedStart(dataDir, port);
  console.log(`cold start        ${(second.elapsedMs / 1000).toFixed(1)} s (npm start on an existing build and database)`);
  await firstLoadJs(port);
  second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
