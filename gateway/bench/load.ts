// `npm run bench -- load [--users 200] [--duration 300] [--rate 1] [--data-dir DIR]` (issue 22 §3):
// simulated signed-in users, each with its own session and anti-forgery token, doing what users
// do on a started gateway with demo data: board page loads (the shell's and the section page's
// reads, then every component's data and KPI calls, built from the board's own configs as the
// renderers build them), filters (a value picked from Filter/List, then the board again with it),
// table paging, sorting and search, and a few writes on the user's own board. Prints throughput
// and p50/p95/p99 per call class; goal: 0 errors, p99 < 1 s.
//
// On the embedded database by default (in --data-dir, reused between runs, or a new temporary
// one: the first start loads the demo data); on PostgreSQL when DATABASE_URL is set.
// BENCH_PORT sets the port of the started gateway (default 18221); --url uses one already running.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildPartRequest, initialViewState, PAGED_OUTPUT_MODELS, type ComponentConfigValue, type FilterValue } from '@tradeboard/shared/boards';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import type { ContractResult, dynamicPageDefault, globalFilterFilterList } from '@tradeboard/shared/contracts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const PASSWORD = 'Demo-2026!';

// ── The gateway under test ─────────────────────────────────────────────────────

export type Server = { base: string; child: ChildProcess; stop(): Promise<void> };

export async function waitForPing(base: string, child?: ChildProcess, timeoutMs = 1_800_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not answer`);
}

/** `npm start`'s process (gateway/src/server.ts) with `env` over this one's, until /api/ping answers. */
export async function startGateway(port: number, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: ROOT,
    // Every simulated user signs in from this one address: lift the per-client limit on public writes.
    env: { ...process.env, LOG_LEVEL: 'error', PUBLIC_WRITES_PER_MINUTE: '100000', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForPing(base, child);
  return {
    base,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// ── Signed-in users ───────────────────────────────────────────────────────────

/** The demo accounts users sign in as, in turn (README; the two-factor and SSO ones aside). */
const ACCOUNTS = ['rep', 'rep2', 'manager', 'admin', 'viewer'] as const;
type Account = (typeof ACCOUNTS)[number];

export type Session = { account: Account; cookie: string; xsrf: string };

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);

/** Signs in as a browser does (anti-forgery token, then CookieLogin); waits out a 429 as a user would. */
export async function signIn(base: string, account: Account): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    const tokenResponse = await fetch(`${base}/api/Authenticate/GenerateAntiforgeryToken`);
    const xsrf = await tokenResponse.text();
    const cookies = cookiesOf(tokenResponse);
    const login = await fetch(`${base}/api/Authenticate/CookieLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: cookies.join('; ') },
      body: JSON.stringify({ email: `${account}@tradeboard.example`, password: PASSWORD, persistCookie: false }),
    });
    if (login.status === 429 && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(login.headers.get('retry-after') ?? 1)));
      continue;
    }
    const result = (await login.json()) as { resultType?: string };
    if (!login.ok || result.resultType !== 'Success') throw new Error(`sign-in of ${account} failed: ${login.status} ${JSON.stringify(result)}`);
    return { account, cookie: [...cookies, ...cookiesOf(login)].join('; '), xsrf };
  }
}

/** A JSON call as the signed-in user. */
export async function call<T>(base: string, session: Session, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

// ── What a user does ──────────────────────────────────────────────────────────

/** One HTTP call of a user, with the class it is reported under. */
export type Step = { cls: string; method: 'GET' | 'POST'; path: string; body?: unknown; answered?: (status: number, body: string) => void };

type Page = ContractResult<typeof dynamicPageDefault>;

type FilterMaster = ContractResult<typeof globalFilterFilterList>[number];

/** The sections with a data board by default and which accounts see it (staff-only boards). */
const SECTIONS: Array<{ name: string; id: number; staffOnly?: boolean }> = [
  { name: 'home', id: SECTION_IDS.home },
  { name: 'sales', id: SECTION_IDS.sales },
  { name: 'orders', id: SECTION_IDS.orders },
  { name: 'quotes', id: SECTION_IDS.quotes },
  { name: 'shipments', id: SECTION_IDS.shipments },
  { name: 'inventory', id: SECTION_IDS.inventory },
  { name: 'purchaseOrders', id: SECTION_IDS.purchaseOrders, staffOnly: true },
  { name: 'accounting', id: SECTION_IDS.accounting, staffOnly: true },
];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The data components of a board page, with the config each renders from (the instance's, else its master's). */
function dataConfigs(page: Page): ComponentConfigValue[] {
  const masters = new Map(page.components.map((master) => [master.id, master]));
  return page.cards
    .flatMap((card) => card.componentInstances)
    .map((instance) => (Object.keys(instance.configs ?? {}).length ? instance.configs : (masters.get(instance.componentMasterId)?.configs ?? {})))
    .filter((config) => config.dataConfig?.queryString || config.kpiConfig?.queryString);
}

/** The calls the renderers make for a board's components (the data part and the KPI part of each). */
function componentCalls(configs: ComponentConfigValue[], boardFilters: FilterValue[]): Step[] {
  return configs.flatMap((config) =>
    (['data', 'kpi'] as const).flatMap((part) => {
      const request = buildPartRequest(config, part, { boardFilters });
      const template = part === 'data' ? config.dataConfig?.queryString : config.kpiConfig?.queryString;
      return request ? [{ cls: `data    POST ${template}`, method: 'POST' as const, path: request.path, body: request.body }] : [];
    }),
  );
}

/**
 * A user's session as an endless walk: open a section's board (the shell's reads, the page's,
 * then its components' calls), then one of: filter the board by a value picked from the field's
 * list, page/sort/search a table, or (users who may edit) rename their board and add and
 * remove a card on it. Later calls that depend on an answer read it when their turn comes.
 */
export function* userWalk(session: Session, ownBoardId: number | undefined): Generator<Step, never> {
  const staff = session.account !== 'viewer';
  const sections = SECTIONS.filter((section) => staff || !section.staffOnly);
  for (let visit = 1; ; visit++) {
    const section = pick(sections);
    let page: Page | undefined;
    let fields: FilterMaster[] = [];
    yield* [
      { cls: 'page    GET  /User/GetBySession', method: 'GET', path: '/User/GetBySession' },
      { cls: 'page    GET  /System/SiteMenu', method: 'GET', path: '/System/SiteMenu' },
      { cls: 'page    GET  /Notifications/UnreadCount', method: 'GET', path: '/Notifications/UnreadCount' },
      { cls: 'page    GET  /Board/List/{sectionMasterId}', method: 'GET', path: `/Board/List/${section.id}` },
      { cls: 'page    GET  /Board/User/Display/Get', method: 'GET', path: `/Board/User/Display/Get?sectionMasterId=${section.id}` },
      { cls: 'page    GET  /GlobalFilter/List', method: 'GET', path: '/GlobalFilter/List' },
      {
        cls: 'page    GET  /GlobalFilter/FilterList',
        method: 'GET',
        path: '/GlobalFilter/FilterList',
        answered: (status, body) => void (fields = status === 200 ? (JSON.parse(body) as FilterMaster[]) : []),
      },
      {
        cls: 'page    GET  /DynamicPage/Default/{sectionMasterId}',
        method: 'GET',
        path: `/DynamicPage/Default/${section.id}`,
        answered: (status, body) => void (page = status === 200 ? (JSON.parse(body) as Page) : undefined),
      },
      {
        cls: 'page    POST /System/PageView',
        method: 'POST',
        path: '/System/PageView',
        body: { path: `/${section.name}`, queryString: '', userAgent: 'tradeboard-load', sectionMasterId: section.id },
      },
    ] satisfies Step[];
    const configs = page ? dataConfigs(page) : [];
    yield* componentCalls(configs, []);
    const action = Math.random();
    if (action < 0.4 && configs.length && fields.length) {
      // Any field the filter editor offers: a component whose call does not take it is sent the rest.
      const { filterName: field, filterType, dynamicDataColumn } = pick(fields);
      let values: Array<{ value: string }> = [];
      yield {
        cls: 'filter  POST /Filter/List/{filterType}',
        method: 'POST',
        path: `/Filter/List/${filterType}${dynamicDataColumn ? `?dynamicDataColumn=${dynamicDataColumn}` : ''}`,
        body: { pageSize: 50, pageNumber: 1 },
        answered: (status, body) => void (values = status === 200 ? JSON.parse(body) : []),
      };
      if (values.length) yield* componentCalls(configs, [{ field, comparison: 'include', values: [pick(values).value] }]);
    } else if (action < 0.8 || !staff || !ownBoardId) {
      const table = configs.find((config) => PAGED_OUTPUT_MODELS.has(config.outputModel ?? 'List') && config.dataConfig?.queryString);
      if (!table) continue;
      const template = `table   POST ${table.dataConfig!.queryString}`;
      const start = initialViewState(table);
      // The next page; then a sort on a column the table lets the user sort (one holding a value
      // per row, not a list per year); then a search.
      let sortable: string[] = [];
      const nextPage = buildPartRequest(table, 'data', { view: { ...start, pageNumber: 2 } })!;
      yield {
        cls: template,
        method: 'POST',
        path: nextPage.path,
        body: nextPage.body,
        answered: (status, body) => {
          const row = status === 200 ? (JSON.parse(body) as { rows?: Array<Record<string, unknown>> }).rows?.[0] : undefined;
          sortable = (table.columnConfigs ?? []).filter((c) => c.isVisible && row && c.dataSource in row && !Array.isArray(row[c.dataSource])).map((c) => c.dataSource);
        },
      };
      const views = [{ ...start, searchString: pick(['a', 'e', 'in', 'co']) }];
      if (sortable.length) views.unshift({ ...start, sort: { sortBy: pick(sortable), sortDir: 'desc' as const, forced: true } });
      for (const view of views) {
        const request = buildPartRequest(table, 'data', { view })!;
        yield { cls: template, method: 'POST', path: request.path, body: request.body };
      }
    } else {
      let cardId: number | undefined;
      yield {
        cls: 'write   POST /Board/Update',
        method: 'POST',
        path: '/Board/Update',
        body: { id: ownBoardId, isEnabled: true, boardName: `Load: my board (${visit})` },
      };
      yield {
        cls: 'write   POST /Card/Add',
        method: 'POST',
        path: '/Card/Add',
        body: { boardMasterId: ownBoardId, cardName: `Card ${visit}`, displayOrder: 0 },
        answered: (status, body) => void (cardId = status === 200 ? (JSON.parse(body) as { cardMasterId: number }).cardMasterId : undefined),
      };
      if (cardId) yield { cls: 'write   POST /Card/Remove/{cardMasterId}', method: 'POST', path: `/Card/Remove/${cardId}` };
    }
  }
}

export type User = { session: Session; ownBoardId?: number; walk: Iterator<Step, never> };

/** `count` users signed in across the demo accounts, each editor with a board of his own in Reports. */
export async function signInUsers(base: string, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let index = 0; index < count; index++) {
    const session = await signIn(base, ACCOUNTS[index % ACCOUNTS.length]!);
    let ownBoardId: number | undefined;
    if (session.account !== 'viewer') {
      const board = await call<{ boardMasterId: number }>(base, session, 'POST', '/Board/Add', { sectionId: SECTION_IDS.reports, boardName: `Load: user ${index + 1}` });
      if (board.status !== 200) throw new Error(`Board/Add: ${board.status} ${JSON.stringify(board.body)}`);
      ownBoardId = board.body.boardMasterId;
    }
    users.push({ session, ownBoardId, walk: userWalk(session, ownBoardId) });
  }
  return users;
}

export async function removeOwnBoards(base: string, users: User[]): Promise<void> {
  for (const user of users) if (user.ownBoardId) await call(base, user.session, 'POST', `/Board/Remove/${user.ownBoardId}`);
}

// ── The load ──────────────────────────────────────────────────────────────────

export type Answer = { cls: string; status: number; ms: number; at: number; body: string };
export type LoadResult = { answers: Answer[]; errors: number; timeouts: number; seconds: number };

/**
 * Runs the users' walks on one connection each (autocannon, `rate` requests a second per
 * connection) for `seconds`. `onAnswer` sees each answer as it comes.
 */
export async function runLoad(base: string, users: User[], seconds: number, rate: number, onAnswer?: (answer: Answer) => void): Promise<LoadResult> {
  const answers: Answer[] = [];
  // A connection takes the next user whose last call was answered, and hands him back with the
  // answer: each user has one call in flight at most, in his walk's order. (autocannon gives a
  // request's context to its answer, not a connection's identity, and a long request list to keep
  // one would take it seconds to copy.) A user whose call was never answered (a timeout) is taken
  // again once nobody else is free.
  const ready = [...users];
  const inFlight = new Map<User, number>();
  const takeUser = (): User => {
    const user = ready.shift() ?? [...inFlight].sort((a, b) => a[1] - b[1])[0]![0];
    inFlight.set(user, Date.now());
    return user;
  };
  const calls = new WeakMap<object, { user: User; step: Step }>();
  // autocannon reports a response's latency (its 'response' event) right after the request's
  // onResponse, synchronously: the step answered is handed over between the two.
  let answered: { step: Step; status: number; body: string } | undefined;
  const started = Date.now();
  const options: autocannon.Options = {
    url: base,
    connections: users.length,
    connectionRate: rate,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request: autocannon.Request, context: object): autocannon.Request => {
          const user = takeUser();
          const step = user.walk.next().value;
          calls.set(context, { user, step });
          const { cookie, xsrf } = user.session;
          return {
            ...request,
            method: step.method,
            path: `/api${step.path}`,
            headers: { cookie, 'x-xsrf-token': xsrf, ...(step.body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: step.body === undefined ? undefined : JSON.stringify(step.body),
          };
        },
        onResponse: (status: number, body: string, context: object) => {
          const { user, step } = calls.get(context)!;
          step.answered?.(status, body);
          inFlight.delete(user);
          ready.push(user);
          answered = { step, status, body };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, _statusCode, _bytes, ms) => {
      if (!answered) return;
      const answer = { cls: answered.step.cls, status: answered.status, ms, at: Date.now() - started, body: answered.body };
      answers.push(answer);
      onAnswer?.(answer);
      answered = undefined;
    });
  });
  return { answers, errors: result.errors, timeouts: result.timeouts, seconds: (Date.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Throughput, then count, errors and p50/p95/p99 per call class and per kind of call. */
export function printReport(title: string, result: LoadResult): { errors: number; p99: number } {
  const rows = new Map<string, Answer[]>();
  const add = (key: string, answer: Answer) => rows.set(key, [...(rows.get(key) ?? []), answer]);
  for (const answer of result.answers) {
    add(answer.cls, answer);
    add(`all ${answer.cls.split(' ')[0]}`, answer);
    add('all calls', answer);
  }
  const failed = (answers: Answer[]) => answers.filter((answer) => answer.status >= 400).length;
  console.log(`\n${title}: ${result.answers.length} calls in ${result.seconds.toFixed(0)} s = ${(result.answers.length / result.seconds).toFixed(0)} calls/s; ` +
    `non-2xx ${failed(result.answers)}, connection errors ${result.errors - result.timeouts}, timeouts (10 s) ${result.timeouts}`);
  console.log(`${'call class'.padEnd(62)} ${'calls'.padStart(7)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  ms`);
  const keys = [...rows.keys()].sort((a, b) => Number(a.startsWith('all')) - Number(b.startsWith('all')) || a.localeCompare(b));
  for (const key of keys) {
    const answers = rows.get(key)!;
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `${key.padEnd(62)} ${String(answers.length).padStart(7)} ${String(failed(answers)).padStart(6)} ` +
        [50, 95, 99].map((p) => String(Math.round(percentile(sorted, p))).padStart(7)).join(' '),
    );
  }
  const statuses = new Map<string, number>();
  for (const answer of result.answers.filter((a) => a.status >= 400)) {
    const key = `${answer.status} ${answer.cls.trim()}: ${answer.body.slice(0, 120)}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  for (const [key, count] of [...statuses].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${count} × ${key}`);
  const all = result.answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return { errors: failed(result.answers) + result.errors, p99: all.length ? percentile(all, 99) : NaN };
}

// ── npm run bench -- load ─────────────────────────────────────────────────────

export async function loadBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string', default: '200' },
      duration: { type: 'string', default: '300' },
      rate: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      url: { type: 'string' },
    },
  });
  const users = Number(values.users);
  const seconds = Number(values.duration);
  const rate = Number(values.rate);
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'tb-bench-load-'));
  const database = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})` : 'the embedded database';
  console.log(values.url ? `Using the gateway at ${values.url}…` : `Starting the gateway on ${database}…`);
  const server = values.url
    ? { base: values.url, stop: async () => undefined }
    : await startGateway(Number(process.env.BENCH_PORT ?? 18_221), { DATA_DIR: dataDir });
  try {
    console.log(`Signing in ${users} users…`);
    const signedIn = await signInUsers(server.base, users);
    console.log(`${users} users, ${rate} call/s each, for ${seconds} s…`);
    const result = await runLoad(server.base, signedIn, seconds, rate);
    const { errors, p99 } = printReport(`load on ${database}, ${users} users`, result);
    console.log(`goal: 0 errors (${errors}), p99 < 1000 ms (${Math.round(p99)} ms)`);
    await removeOwnBoards(server.base, signedIn);
  } finally {
    await server.stop();
    if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
  }
}
