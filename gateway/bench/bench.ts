// pnpm bench — the platform's speed figures (issue 2):
//   1. /api/ping requests/s and p99 with 50 connections while heavy aggregations run on the
//      embedded database (goal p99 ≤ 10 ms);
//   2. cold start of `npm start` on an existing build and database;
//   3. first-load JavaScript (gzip) of /login (goal ≤ 200 KiB) and /home (goal ≤ 350 KiB, before any chart),
//      with each page's largest files; `pnpm bench firstload` runs only this, on the existing build;
//   4. boards (issues 3, 22): navigation to a 12-card data board (KPIs, charts, lists of the
//      catalogue's masters) fully rendered in Chromium (goal ≤ 1.5 s),
//      in a regular browser profile (a returning user's: HTTP and code caches) and in a private
//      window (no code cache), and the p95 of the calls the board page makes on load; and the account
//      summary of the rep's largest customer, its header and default board drawn (issue 23, goal ≤ 1.5 s).
//      `pnpm bench boards` runs only this.
// BENCH_PORT sets the port of the started server (default 18080); with DATABASE_URL it runs on
// PostgreSQL (load the data first, e.g. `npm run db:seed -- --scale 40`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { chromium, type BrowserContext, type Page, type Response } from '@playwright/test';
import { sectionIdOf } from '@tradeboard/shared/constants';
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
  // A first start generates the demo data: minutes on a busy 2-core machine.
  await waitFor(`http://127.0.0.1:${port}/api/ping`, 600_000);
  return { elapsedMs: performance.now() - started, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

/** The gzip size of every script a page loads while `action` runs, and of its largest files. */
async function scriptBytes(page: Page, action: () => Promise<void>): Promise<{ gzip: number; files: number; largest: string }> {
  const urls = new Set<string>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes: Array<{ file: string; gzip: number }> = [];
  for (const url of urls) sizes.push({ file: new URL(url).pathname, gzip: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length });
  const largest = sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 8).map((s) => `${s.file} ${kib(s.gzip)}`).join(', ');
  return { gzip: sizes.reduce((sum, s) => sum + s.gzip, 0), files: urls.size, largest };
}

/** How the bench starts Chromium (the machine's own build; no sandbox, GPU or background traffic). */
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

async function firstLoadJs(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch(CHROMIUM);
  const loginPage = await browser.newPage();
  const login = await scriptBytes(loginPage, async () => {
    await loginPage.goto(`${base}/login`);
    await loginPage.getByLabel('Email').waitFor();
  });
  console.log(`first-load JS     /login ${kib(login.gzip)} gzip in ${login.files} files (goal ≤ 200 KiB); largest: ${login.largest}`);
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
  console.log(`first-load JS     /home ${kib(home.gzip)} gzip in ${home.files} files (goal ≤ 350 KiB); largest: ${home.largest}`);
  await browser.close();
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figures = (values: number[]) => `median ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;

/**
 * The bench's data board: 12 cards of the catalogue's masters as the default boards use them
 * (services/src/demo/component-catalogue-boards.ts): four KPI figures and eight charts over their
 * tables (analysis, comparison and list components); 22 data calls (each component's data call,
 * and its KPI call when it has one).
 */
const BOARD_MASTERS = [
  'Sales This Month',
  'Bookings This Month',
  'Orders This Month',
  'Sales Year To Date',
  'Sales by Month',
  'Bookings by Month',
  'Sales Year over Year by Month',
  'Sales by Sales Rep',
  'Top Customers by Sales',
  'Sales by Product Group',
  'Open Orders by Customer',
  'Open Quotes by Customer',
];
const BOARD_CARDS = BOARD_MASTERS.length;
const BOARD_NAME = 'Bench: 12 data cards';
const BOARD_RUNS = 10;
const ACCOUNT_SUMMARY_SECTION = sectionIdOf('accountSummary')!;
const API_RUNS = 200;

/** Signs in with node's fetch; returns headers that carry the session and the anti-forgery token. */
async function signedInHeaders(base: string, email: string): Promise<Record<string, string>> {
  const tokenResponse = await fetch(`${base}/api/Authenticate/GenerateAntiforgeryToken`);
  const token = await tokenResponse.text();
  const cookies = tokenResponse.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const login = await fetch(`${base}/api/Authenticate/CookieLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: cookies.join('; ') },
    body: JSON.stringify({ email, password: 'Demo-2026!', persistCookie: false }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  cookies.push(...login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]));
  return { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: cookies.join('; ') };
}

/**
 * The data board (BOARD_MASTERS, one component a card, each with its master's default config), made
 * through the API in the Reports section, and an empty board beside it to arrive from.
 */
async function twelveCardBoard(base: string, headers: Record<string, string>): Promise<{ sectionId: number; boardId: number; fromBoardId: number }> {
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${base}/api${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const sectionId = 6;
  const masters = (await (await fetch(`${base}/api/Component/List/${sectionId}`, { headers })).json()) as Array<{ id: number; displayName: string }>;
  const from = await post('/Board/Add', { sectionId, boardName: 'Bench: start' });
  const board = await post('/Board/Add', { sectionId, boardName: BOARD_NAME });
  for (const [index, name] of BOARD_MASTERS.entries()) {
    const master = masters.find((m) => m.displayName === name);
    if (!master) throw new Error(`no component master named ${name}`);
    const card = await post('/Card/Add', { boardMasterId: board.boardMasterId, cardName: name, displayOrder: index });
    await post('/Component/Instance/Add', { componentMasterId: master.id, cardMasterId: card.cardMasterId, componentInstanceName: name });
  }
  return { sectionId, boardId: board.boardMasterId, fromBoardId: from.boardMasterId };
}

/**
 * A browser context signed in as the rep: `profile` is a regular browser profile (its HTTP cache
 * and V8's code cache kept between visits, as in the browser a returning user opens every
 * morning); `private` is Playwright's default context, an off-the-record window in which Chromium
 * keeps no code cache, so every visit compiles the scripts again.
 */
async function signedInContext(base: string, kind: 'profile' | 'private'): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  let opened: { context: BrowserContext; close: () => Promise<void> };
  if (kind === 'profile') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tb-bench-profile-'));
    const context = await chromium.launchPersistentContext(dir, CHROMIUM);
    opened = { context, close: async () => (await context.close(), rmSync(dir, { recursive: true, force: true })) };
  } else {
    const browser = await chromium.launch(CHROMIUM);
    opened = { context: await browser.newContext(), close: () => browser.close() };
  }
  const request = opened.context.request;
  const token = await (await request.get(`${base}/api/Authenticate/GenerateAntiforgeryToken`)).text();
  await request.post(`${base}/api/Authenticate/CookieLogin`, {
    headers: { 'X-XSRF-TOKEN': token },
    data: { email: 'rep@tradeboard.example', password: 'Demo-2026!', persistCookie: false },
  });
  return opened;
}

/**
 * Until the board's cards (12: the bench's board) show their components (a data component, or
 * the white space's peers): no skeleton left, every KPI with its figure, every chart drawn (an SVG with its marks, not an icon) and every table with
 * its rows; with `header`, the record header's key figures drawn too.
 */
const boardRendered = (page: Page, cardCount = BOARD_CARDS, header = false) =>
  page.waitForFunction(
    ({ count, header }) => {
      // No named function in here: the page runs it as it is (tsx would wrap one in a helper it lacks).
      const cards = [...document.querySelectorAll('main article.tb-card')];
      return (
        (!header || document.querySelector('.tb-record .tb-figures .tb-figure')) &&
        cards.length === count &&
        cards.every(
          (card) =>
            card.querySelector('.tb-data, .tb-white-space__peers') &&
            !card.querySelector('.ant-skeleton') &&
            [...card.querySelectorAll('.tb-kpi')].every((kpi) => kpi.querySelector('.tb-kpi__value')) &&
            [...card.querySelectorAll('.tb-chart')].every((chart) => [...chart.querySelectorAll('svg')].some((svg) => svg.querySelectorAll('*').length > 20)) &&
            [...card.querySelectorAll('.ant-table')].every((table) => table.querySelector('.ant-table-row, .ant-empty')),
        )
      );
    },
    { count: cardCount, header },
    { polling: 'raf', timeout: 30_000 },
  );

/** The page opened in a new tab, BOARD_RUNS + 1 times until `drawn`: the first visit (empty caches), then the rest. */
async function pageLoads(context: BrowserContext, url: string, drawn: (page: Page) => Promise<unknown> = boardRendered): Promise<{ first: number; then: number[] }> {
  const times: number[] = [];
  for (let run = 0; run <= BOARD_RUNS; run++) {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url);
    await drawn(page);
    times.push(performance.now() - started);
    await page.close();
  }
  return { first: times[0]!, then: times.slice(1) };
}

/**
 * Navigation to the board until its 12 cards show their components' content: as a page load in a
 * new tab (in a regular profile, and in a private window), and inside the app (a click on its tab
 * from the board beside it).
 */
async function boardRender(base: string, boardId: number, fromBoardId: number): Promise<void> {
  const url = `${base}/reports/${boardId}`;
  const privateWindow = await signedInContext(base, 'private');
  const inPrivate = await pageLoads(privateWindow.context, url);
  await privateWindow.close();
  const profile = await signedInContext(base, 'profile');
  const inProfile = await pageLoads(profile.context, url);
  console.log(`12-card board      page load, regular profile: first visit ${inProfile.first.toFixed(0)} ms; then ${figures(inProfile.then)} over ${BOARD_RUNS} visits (goal ≤ 1500 ms)`);
  console.log(`12-card board      page load, private window (no code cache): first visit ${inPrivate.first.toFixed(0)} ms; then ${figures(inPrivate.then)}`);

  const inApp: number[] = [];
  const page = await profile.context.newPage();
  for (let run = 0; run < BOARD_RUNS; run++) {
    await page.goto(`${base}/reports/${fromBoardId}`);
    const tab = page.getByRole('main').getByRole('tab', { name: BOARD_NAME });
    await tab.waitFor();
    const started = performance.now();
    await tab.click();
    await boardRendered(page);
    inApp.push(performance.now() - started);
  }
  console.log(`12-card board      in the app (tab click): ${figures(inApp)} over ${BOARD_RUNS} visits`);
  await profile.close();
}

/** The p95 of each call the board page makes on load (sequential, signed in as the rep). */
async function boardApiCalls(base: string, headers: Record<string, string>, sectionId: number, boardId: number): Promise<void> {
  const calls = [
    `/Board/List/${sectionId}`,
    `/Board/User/Display/Get?sectionMasterId=${sectionId}`,
    `/DynamicPage/${boardId}`,
    `/DynamicPage/Default/${sectionId}`,
  ];
  for (const call of calls) {
    const times: number[] = [];
    for (let run = 0; run < API_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${base}/api${call}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${call}: ${response.status}`);
      times.push(performance.now() - started);
    }
    console.log(`board-load call    GET /api${call.padEnd(44)} ${figures(times)} (${API_RUNS} calls)`);
  }
}

/**
 * The account summary of the rep's largest customer (issue 23): its header's key figures and its
 * section's default board drawn, as a page load in a new tab of a regular profile (its first visit
 * with the browser's caches empty and the account's answers not cached on the server).
 */
async function accountSummaryRender(base: string, headers: Record<string, string>): Promise<void> {
  const get = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}/api${url}`, { headers, ...init });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const post = (url: string, body: unknown) => get(url, { method: 'POST', body: JSON.stringify(body) });
  const top = await post('/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'year-to-date', pageSize: 2, sortBy: 'sales', sortDir: 'desc' });
  const [measured, warmUp] = await Promise.all(
    (top.rows as Array<{ key: string }>).map(async ({ key }) => {
      const found = await post('/Customer/List', { pageSize: 1, filters: [{ field: 'customer', comparison: 'equals', values: [key] }] });
      const customer = found.rows[0] as { customer: string; company: string };
      return `${base}/accountSummary?${new URLSearchParams({ accountType: 'customer', accountId: customer.customer, company: customer.company })}`;
    }),
  );
  const board = (await get(`/DynamicPage/Default/${ACCOUNT_SUMMARY_SECTION}`)) as { cards: unknown[] };
  const drawn = (page: Page) => boardRendered(page, board.cards.length, true);
  // A server in service: the account pages' code paths run once, for the next-largest customer in
  // another window (not timed); the measured account's answers are still uncached on its first visit.
  const other = await signedInContext(base, 'private');
  const warm = await other.context.newPage();
  await warm.goto(warmUp!);
  await drawn(warm);
  await other.close();
  const profile = await signedInContext(base, 'profile');
  const loads = await pageLoads(profile.context, measured!, drawn);
  await profile.close();
  console.log(`account summary    page load (header and ${board.cards.length}-card board), regular profile: first visit ${loads.first.toFixed(0)} ms; then ${figures(loads.then)} over ${BOARD_RUNS} visits (goal ≤ 1500 ms)`);
}

async function boardBench(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const headers = await signedInHeaders(base, 'rep@tradeboard.example');
  const { sectionId, boardId, fromBoardId } = await twelveCardBoard(base, headers);
  try {
    await boardRender(base, boardId, fromBoardId);
    await accountSummaryRender(base, headers);
    await boardApiCalls(base, headers, sectionId, boardId);
  } finally {
    // The bench's boards go (on PostgreSQL the database outlives the run: a second board of the name would make its tab ambiguous).
    const { 'content-type': _json, ...bodyless } = headers;
    for (const id of [boardId, fromBoardId]) {
      const removed = await fetch(`${base}/api/Board/Remove/${id}`, { method: 'POST', headers: bodyless });
      if (!removed.ok) console.warn(`the bench's board ${id} was not removed: ${removed.status}`);
    }
  }
}

const only = process.argv[2];
if (only === 'load') await (await import('./load.ts')).loadBench(process.argv.slice(3));
if (only === 'faults') await (await import('./faults.ts')).faultsBench(process.argv.slice(3));
if (only === 'import') await import('./import.ts');
if (only === 'goals-grid') await (await import('./goals-grid.ts')).goalsGridBench();
if (!only || only === 'ping') await pingUnderLoad();
if (!only || only === 'start') {
  spawnSync('node', ['scripts/tradeboard.mjs', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tb-bench-start-'));
  const port = Number(process.env.BENCH_PORT ?? 18_080);
  const first = await timedStart(dataDir, port);
  console.log(`first start       ${(first.elapsedMs / 1000).toFixed(1)} s (empty database: migrations and demo data)`);
  first.stop();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const second = await timedStart(dataDir, port);
  console.log(`cold start        ${(second.elapsedMs / 1000).toFixed(1)} s (npm start on an existing build and database)`);
  await firstLoadJs(port);
  await boardBench(port);
  second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// On the existing build: the board bench, or the first-load JavaScript alone.
if (only === 'boards' || only === 'firstload') {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tb-bench-${only}-`));
  const port = Number(process.env.BENCH_PORT ?? 18_080);
  const server = await timedStart(dataDir, port);
  try {
    await (only === 'boards' ? boardBench(port) : firstLoadJs(port));
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
