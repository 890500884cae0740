#!/usr/bin/env node
// The README's commands. Works on a fresh clone with only Node 20 and npm:
//   node scripts/tradeboard.mjs start   install (if needed), build (if changed), serve
//   node scripts/tradeboard.mjs test    install, typecheck and lint, build, every test (unit, service, browser)
//   node scripts/tradeboard.mjs build   install and build only
//   node scripts/tradeboard.mjs serve   serve what is built
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const PNPM = ['-y', 'pnpm@10.34.9'];
/** The apps built by webpack: the shell and every remote. */
const WEB_APPS = ['shell', 'mf-auth', 'mf-boards', 'mf-accounts', 'mf-crm', 'mf-admin', 'mf-goals'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureInstalled() {
  const lock = path.join(ROOT, 'pnpm-lock.yaml');
  const installed = path.join(ROOT, 'node_modules', '.pnpm', 'lock.yaml');
  if (existsSync(installed) && readFileSync(installed, 'utf8') === readFileSync(lock, 'utf8')) return;
  console.log('▸ Installing dependencies (pnpm, from the lockfile)…');
  run('npx', [...PNPM, 'install', '--frozen-lockfile']);
}

function* filesUnder(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A digest of everything a web app's build reads, so an unchanged app is not rebuilt. */
function sourceDigest(app) {
  const digest = createHash('sha256');
  const inputs = [path.join(ROOT, app), path.join(ROOT, 'shared'), path.join(ROOT, 'pnpm-lock.yaml')];
  for (const input of inputs) {
    const files = statSync(input).isDirectory() ? [...filesUnder(input)].sort() : [input];
    for (const file of files) digest.update(file).update(readFileSync(file));
  }
  return digest.digest('hex');
}

/** .br and .gz beside each text file, served as they are by the gateway. */
function precompress(dir) {
  for (const file of readdirSync(dir, { recursive: true })) {
    const full = path.join(dir, String(file));
    if (!/\.(js|html|json|css|svg|txt)$/.test(full) || statSync(full).size < 1024) continue;
    const content = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** Builds the web apps whose sources changed, as many side by side as the machine has cores. */
async function ensureBuilt() {
  const stale = WEB_APPS.map((app) => ({ app, digest: sourceDigest(app) })).filter(
    ({ app, digest }) => !existsSync(stampOf(app)) || readFileSync(stampOf(app), 'utf8') !== digest,
  );
  if (!stale.length) return;
  console.log(`▸ Building ${stale.map(({ app }) => app).join(', ')}…`);
  const queue = [...stale];
  const builder = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { app, digest } = next;
      if (!(await runQuietly('npx', [...PNPM, '--filter', `./${app}`, 'run', 'build'], `build ${app}`))) process.exit(1);
      precompress(path.join(ROOT, app, 'dist'));
      writeFileSync(stampOf(app), digest);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), stale.length) }, builder));
}

const stampOf = (app) => path.join(ROOT, app, 'dist', '.build-stamp');

function serve(extraEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** A scratch database on the server named by DATABASE_URL, for the browser tests. */
function withScratchDatabase(databaseUrl, body) {
  const name = `tb_e2e_${randomBytes(4).toString('hex')}`;
  const sql = (statement) =>
    run(process.execPath, ['-e', `const pg=require('pg');const c=new pg.Client(${JSON.stringify(databaseUrl)});c.connect().then(()=>c.query(${JSON.stringify(statement)})).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})`], {
      cwd: path.join(ROOT, 'services'),
    });
  sql(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    return body(url.toString());
  } finally {
    sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** Runs a command with its output held back and printed whole at its end, so two can run side by side. */
function runQuietly(command, args, label) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      console.log(`${code === 0 ? '✔' : '✖'} ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
      resolve(code === 0);
    });
  });
}

/**
 * The typecheck and the lint (import boundaries, cycles), side by side: they need neither a build
 * nor a database, so a broken type or boundary fails in a minute, before the long runs.
 */
async function staticChecks() {
  console.log('▸ Typecheck (tsc) and lint (ESLint)…');
  const passed = await Promise.all(['typecheck', 'lint'].map((script) => runQuietly('npm', ['run', '--silent', script], script)));
  const failed = passed.filter((ok) => !ok).length;
  if (failed) {
    console.log(`${passed.length - failed} passed, ${failed} failed, 0 skipped`);
    process.exit(1);
  }
  return passed.length;
}

function countResults(file, pick) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  return pick(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * `checksPassed`: the static checks already passed, counted in the closing line. `databaseOnly`:
 * repeat only what depends on the database (CI's second run, against PostgreSQL): the service and
 * gateway tests, and the browser specs of e2e/playwright.config.ts's POSTGRESQL_RUN.
 */
function test(checksPassed, databaseOnly) {
  const reports = mkdtempSync(path.join(tmpdir(), 'tb-reports-'));
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
  console.log(`▸ Unit and service tests (Vitest) against ${database}…`);
  const vitest = spawnSync('npx', ['vitest', 'run', ...(databaseOnly ? ['--project', 'node'] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  console.log(`▸ Browser tests (Playwright, Chromium) against ${database}…`);
  const runE2e = (databaseUrl) =>
    spawnSync('npx', ['playwright', 'test'], {
      cwd: path.join(ROOT, 'e2e'),
      stdio: 'inherit',
      env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(databaseOnly ? { TB_DATABASE_ONLY: '1' } : {}), PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
    });
  const e2e = process.env.DATABASE_URL ? withScratchDatabase(process.env.DATABASE_URL, runE2e) : runE2e();
  const unit = countResults(`${reports}/vitest.json`, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  const browser = countResults(`${reports}/playwright.json`, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
  rmSync(reports, { recursive: true, force: true });
  const failed = unit.failed + browser.failed + (vitest.status && !unit.failed ? 1 : 0) + (e2e.status && !browser.failed ? 1 : 0);
  console.log(`${checksPassed + unit.passed + browser.passed} passed, ${failed} failed, ${unit.skipped + browser.skipped} skipped`);
  process.exit(vitest.status || e2e.status ? 1 : 0);
}

const command = process.argv[2];
switch (command) {
  case 'start':
    ensureInstalled();
    await ensureBuilt();
    serve();
    break;
  case 'serve':
    serve();
    break;
  case 'build':
    ensureInstalled();
    await ensureBuilt();
    break;
  case 'test': {
    ensureInstalled();
    // CI's second run (PostgreSQL) repeats only what depends on the database: no typecheck, lint,
    // browser-only unit tests, and only the POSTGRESQL_RUN browser specs.
    const databaseOnly = process.env.TB_DATABASE_ONLY === '1';
    const checksPassed = databaseOnly ? 0 : await staticChecks();
    await ensureBuilt();
    test(checksPassed, databaseOnly);
    break;
  }
  default:
    console.error('usage: node scripts/tradeboard.mjs start|serve|build|test');
    process.exit(2);
}
