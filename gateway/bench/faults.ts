// `npm run bench -- faults [--users 50] [--duration 120] [--outage 3] [--scale 1] [--cluster-dir DIR]`
// (issue 22 §3): faults under load, on a PostgreSQL cluster of the bench's own (initdb into a
// temporary directory, or --cluster-dir, reused between runs so the demo data loads once; the
// machine's shared server is never touched). The gateway runs with the analytics service in a
// process of its own (the split topology), and users load it as `bench -- load` does, while:
//   1. the database stops for --outage seconds and starts again (pg_ctl stop -m fast, then start):
//      during the outage calls must answer 503 with the error body (never hang, never a 500),
//      after it the gateway must answer again within 5 s without a restart, and no write it
//      acknowledged before may be lost (a writer adds cards throughout; each acknowledged one is
//      looked for afterwards);
//   2. the analytics service process is killed (SIGKILL) and started again 10 s later: only the
//      analytics calls may fail meanwhile (503 with the error body), every other call answers.
// BENCH_PORT sets the gateway's port (default 18221); the service takes the next one, the
// cluster BENCH_PG_PORT (default 18229).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import { call, printReport, removeOwnBoards, runLoad, signIn, signInUsers, startGateway, type Answer, type Session } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RECOVERY_GOAL_MS = 5_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── A PostgreSQL cluster of the bench's own ───────────────────────────────────

/** The newest Debian PostgreSQL binaries. */
function postgresBin(tool: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin', tool);
}

/** PostgreSQL refuses to run as root: then its tools run as the postgres account. */
function pgCommand(tool: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', postgresBin(tool), ...args]] : [postgresBin(tool), args];
}

function pgTool(tool: string, args: string[]): void {
  const result = spawnSync(...pgCommand(tool, args), { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status})`);
}

/** The same without blocking this process's event loop (under load, the answers keep being read). */
function pgToolAsync(tool: string, args: string[]): Promise<void> {
  const child = spawn(...pgCommand(tool, args), { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code})`)))),
  );
}

type Cluster = { url: string; stop(): Promise<void>; start(): Promise<void>; remove(): void };

function ownCluster(dir: string | undefined, port: number): Cluster {
  const root = dir ?? mkdtempSync(path.join(tmpdir(), 'tb-bench-pg-'));
  const data = path.join(root, 'data');
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', root]);
  if (!existsSync(path.join(data, 'PG_VERSION'))) pgTool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-instructions']);
  // Durable as a production server is (fsync and synchronous commit stay on): an acknowledged write must survive.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c jit=off -c shared_buffers=256MB`;
  const startArgs = ['-D', data, '-l', path.join(root, 'postgres.log'), '-o', options, '-w', 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  pgTool('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgToolAsync('pg_ctl', startArgs),
    stop: () => pgToolAsync('pg_ctl', stopArgs),
    remove: () => {
      pgTool('pg_ctl', stopArgs);
      if (!dir) rmSync(root, { recursive: true, force: true });
    },
  };
}

// ── The analytics service in its own process ──────────────────────────────────

/** services/src/serve.ts for analytics, until it answers at all (401 without a session is an answer). */
async function startService(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, SERVICE: 'analytics', PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the analytics service exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/Invoice/KPI`, { method: 'POST' });
      return child;
    } catch {
      await sleep(100);
    }
  }
}

// ── Probes: a reader and a writer beside the load ─────────────────────────────

type Probe = { at: number; status: number; ms: number; body: string };

/** Calls `make` every 100 ms until stopped, each with a 10 s limit (a hang shows as status 0). */
function probe(started: number, make: () => Promise<Response>, onAnswer?: (status: number, body: string) => void) {
  const answers: Probe[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const sent = Date.now();
      let status = 0;
      let body = '';
      try {
        const response = await make();
        status = response.status;
        body = await response.text();
      } catch (error) {
        body = String(error);
      }
      answers.push({ at: Date.now() - started, status, ms: Date.now() - sent, body });
      onAnswer?.(status, body);
      await sleep(100);
    }
  })();
  return { answers, stop: async () => ((running = false), await done) };
}

const request = (base: string, session: Session, method: 'GET' | 'POST', url: string, body?: unknown) =>
  fetch(`${base}/api${url}`, {
    method,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });

// ── Judging the answers ───────────────────────────────────────────────────────

type Window = { from: number; to: number };
const within = (at: number, window: Window) => at >= window.from && at <= window.to;

/** The distinct failures among `answers` as "status message" with their counts. */
function failures(answers: Array<{ status: number; body: string }>): string {
  const counts = new Map<string, number>();
  for (const answer of answers.filter((a) => a.status < 200 || a.status >= 300)) {
    let message = answer.body.slice(0, 100);
    try {
      message = (JSON.parse(answer.body) as { message?: string }).message ?? message;
    } catch {
      // not JSON: shown as it is
    }
    const key = `${answer.status} "${message}"`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count} × ${key}`).join('; ') || 'none';
}

/** Whether a failed answer is the 503 error body (JSON { statusCode: 503, error, message }). */
function isCleanUnavailable(answer: { status: number; body: string }): boolean {
  if (answer.status !== 503) return false;
  try {
    const body = JSON.parse(answer.body) as { statusCode?: number; error?: string; message?: string };
    return body.statusCode === 503 && body.error === 'Service Unavailable' && typeof body.message === 'string';
  } catch {
    return false;
  }
}

/** After `from`, how long until `answers` succeed from then on (NaN if they never do). */
function recoveredAfter(answers: Array<{ at: number; status: number }>, from: number): number {
  const lastFailure = answers.filter((a) => a.at >= from && (a.status < 200 || a.status >= 300)).at(-1)?.at;
  const firstSuccess = answers.find((a) => a.at >= (lastFailure ?? from) && a.status >= 200 && a.status < 300)?.at;
  return firstSuccess === undefined ? NaN : Math.max(0, firstSuccess - from);
}

// ── npm run bench -- faults ───────────────────────────────────────────────────

export async function faultsBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string', default: '50' },
      duration: { type: 'string', default: '120' },
      outage: { type: 'string', default: '3' },
      scale: { type: 'string', default: '1' },
      'cluster-dir': { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  const port = Number(process.env.BENCH_PORT ?? 18_221);
  console.log('Starting a PostgreSQL cluster of its own…');
  const cluster = ownCluster(values['cluster-dir'], Number(process.env.BENCH_PG_PORT ?? 18_229));
  let service: ChildProcess | undefined;
  let server: Awaited<ReturnType<typeof startGateway>> | undefined;
  // Interrupted, the bench still stops what it started (the cluster runs on its own otherwise).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      service?.kill('SIGKILL');
      server?.child.kill('SIGKILL');
      cluster.remove();
      process.exit(1);
    });
  }
  try {
    console.log('Starting the gateway (demo data on the first start) and the analytics service on its own…');
    server = await startGateway(port, { DATABASE_URL: cluster.url, DEMO_ERP_SCALE: values.scale, SERVICE_ANALYTICS_URL: `http://127.0.0.1:${port + 1}` });
    service = await startService(port + 1, cluster.url);
    const { base } = server;
    const users = await signInUsers(base, Number(values.users));
    const prober = await signIn(base, 'rep');
    const { body: ownBoard } = await call<{ boardMasterId: number }>(base, prober, 'POST', '/Board/Add', { sectionId: SECTION_IDS.reports, boardName: 'Faults: acknowledged writes' });

    const started = Date.now();
    const acknowledged: number[] = [];
    let written = 0;
    const reader = probe(started, () => request(base, prober, 'GET', `/Board/List/${SECTION_IDS.sales}`));
    const writer = probe(
      started,
      () => request(base, prober, 'POST', '/Card/Add', { boardMasterId: ownBoard.boardMasterId, cardName: `Write ${++written}`, displayOrder: 0 }),
      (status, body) => void (status === 200 && acknowledged.push((JSON.parse(body) as { cardMasterId: number }).cardMasterId)),
    );
    const answers: Answer[] = [];
    const load = runLoad(base, users, duration, 1, (answer) => answers.push(answer));

    // 1. The database stops and starts again (at a quarter of the run).
    await sleep(duration * 250);
    const outage: Window = { from: Date.now() - started, to: 0 };
    await cluster.stop();
    await sleep(Number(values.outage) * 1000);
    await cluster.start();
    outage.to = Date.now() - started;
    console.log(`database down from ${seconds(outage.from)} to ${seconds(outage.to)} (pg_ctl stop -m fast; start)`);

    // 2. The analytics service is killed and started again (at half of the run, and at least 20 s
    // after the database came back, so the two recoveries are told apart; the rest shows the second).
    await sleep(Math.max(20_000 - (Date.now() - started - outage.to), duration * 500 - (Date.now() - started)));
    const killed: Window = { from: Date.now() - started, to: 0 };
    service.kill('SIGKILL');
    await sleep(10_000);
    service = await startService(port + 1, cluster.url);
    killed.to = Date.now() - started;
    console.log(`analytics service killed at ${seconds(killed.from)}, listening again at ${seconds(killed.to)}`);

    const result = await load;
    await reader.stop();
    await writer.stop();

    const afterOutage: Window = { from: outage.from, to: outage.to + RECOVERY_GOAL_MS };
    const afterKill: Window = { from: killed.from, to: killed.to + RECOVERY_GOAL_MS };
    const all = [...answers, ...reader.answers, ...writer.answers];
    const isAnalytics = (answer: Answer) => answer.cls.startsWith('data') || answer.cls.startsWith('table');
    printReport(`faults (${values.users} users, PostgreSQL of its own, analytics proxied)`, result);

    console.log('\n1. database restart under load');
    const duringOutage = all.filter((a) => within(a.at, afterOutage));
    // A 4xx is the call's own answer (the database was not needed or was up): not the outage's.
    const failedDuring = duringOutage.filter((a) => a.status === 0 || a.status >= 500);
    console.log(`   answers while down or recovering: ${duringOutage.length}; failed: ${failures(failedDuring)}`);
    console.log(`   every failure a 503 with the error body: ${failedDuring.every(isCleanUnavailable) ? 'yes' : 'NO'}`);
    console.log(`   slowest answer while down: ${Math.round(Math.max(0, ...all.filter((a) => within(a.at, outage)).map((a) => a.ms)))} ms (calls never hang: goal < 10,000 ms)`);
    const beforeKill = (a: { at: number }) => a.at < killed.from;
    console.log(
      `   answering again after the database was up (goal ≤ ${RECOVERY_GOAL_MS} ms): reader ${recoveredAfter(reader.answers.filter(beforeKill), outage.to)} ms, ` +
        `writer ${recoveredAfter(writer.answers.filter(beforeKill), outage.to)} ms, load ${recoveredAfter(answers.filter(beforeKill).filter((a) => a.status < 400 || a.status >= 500), outage.to)} ms`,
    );
    const board = await call<{ cards: Array<{ cardMasterId: number }> }>(base, prober, 'GET', `/DynamicPage/${ownBoard.boardMasterId}`);
    const kept = new Set(board.body.cards.map((card) => card.cardMasterId));
    console.log(`   writes acknowledged: ${acknowledged.length} of ${written}; lost: ${acknowledged.filter((id) => !kept.has(id)).length} (goal 0)`);

    console.log('\n2. analytics service killed under load');
    const duringKill = answers.filter((a) => within(a.at, afterKill));
    const others = duringKill.filter((a) => !isAnalytics(a));
    const analytics = duringKill.filter(isAnalytics).filter((a) => a.status < 400 || a.status >= 500);
    console.log(`   other areas' calls meanwhile: ${others.length}, failed: ${failures(others)} (goal none)`);
    console.log(`   analytics calls meanwhile: ${analytics.length}, failed: ${failures(analytics)}`);
    console.log(`   every analytics failure a 503 with the error body: ${analytics.filter((a) => a.status >= 300).every(isCleanUnavailable) ? 'yes' : 'NO'}`);
    const analyticsAfter = answers.filter((a) => isAnalytics(a) && a.at >= killed.from && (a.status < 400 || a.status >= 500));
    console.log(`   analytics answering again ${recoveredAfter(analyticsAfter, killed.to)} ms after the service listened again`);

    const outside = answers.filter((a) => !within(a.at, afterOutage) && !within(a.at, afterKill) && (a.status < 200 || a.status >= 300));
    console.log(`\nfailures outside the two faults: ${failures(outside)}`);
    await removeOwnBoards(base, users);
  } finally {
    service?.kill('SIGTERM');
    await server?.stop();
    cluster.remove();
  }
}
