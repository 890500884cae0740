/**
 * `node --import tsx services/bench/goals.ts [--scale N] [--runs N] [--rows N] [--only REGEX] [--data-dir DIR]`
 *
 * Issue 28's speed targets for goals, through the services' own routes (Fastify inject), on the
 * embedded database (or DATABASE_URL):
 *  1. a 50,000-row goal spreadsheet (the setup's template downloaded and filled in with exceljs, as
 *     a manager would) uploaded through Bulk…GoalBatch, validated and stored (goal ≤ 10 s); then the
 *     grid's read of those rows (…Hierarchy) and a save of all of them edited through
 *     …HierarchyBulkUpdate;
 *  2. goal against actual: every Grouped/… call (sales, bookings, activity; monthly and quarterly;
 *     each level of the bench's setups, FiscalMonth and Complete) p50/p95 cold, as admin@,
 *     manager@ and rep@ (goal at scale 40 on PostgreSQL: p95 ≤ 100 ms).
 * The bench adds its own goal setups ("Bench: …", the current fiscal year of the first company) and
 * removes them at the end (a stopped run's are removed by the next run).
 */
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clearAnalyticsCaches } from '../src/analytics/cache.ts';
import { DEMO_PASSWORD } from '../src/demo/app-seed.ts';
import { multipart, TestBrowser } from '../src/testing/test-browser.ts';
import { openBenchServices, percentile } from './bench-services.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '10' },
    rows: { type: 'string', default: '50000' },
    only: { type: 'string' },
    'data-dir': { type: 'string', default: path.join(tmpdir(), 'tb-goals-bench-pglite') },
  },
});
const runs = Math.max(3, Number(values.runs));
const rowCount = Math.max(100, Number(values.rows));
const only = values.only ? new RegExp(values.only) : null;
const { db, app, load, close } = await openBenchServices({ scale: Number(values.scale), dataDir: values['data-dir'] });
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded';

async function signedIn(email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(app);
  if ((await browser.login(email, DEMO_PASSWORD)).statusCode !== 200) throw new Error(`sign-in failed for ${email}`);
  return browser;
}
const users = { admin: await signedIn('admin@tradeboard.example'), manager: await signedIn('manager@tradeboard.example'), rep: await signedIn('rep@tradeboard.example') };
const admin = users.admin;

/** A call that must answer 2xx: its response. */
async function ok(browser: TestBrowser, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) {
  const response = await browser.request(method, `/api${url}`, { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// ---------------------------------------------------------------- the bench's goal setups
const company = (await db.query<{ company: string }>('SELECT company FROM erp.company ORDER BY company LIMIT 1')).rows[0]!.company;
const goalYear = (await ok(admin, 'POST', '/SalesGoal/Grouped/Complete/current/0', {})).json().fiscalYear as number;
const resources = { Sales: 'SalesGoal', Bookings: 'BookingsGoal', Activity: 'ActivityGoal' } as const;
type Kind = keyof typeof resources;

/** Removes the bench's configs (a stopped run's too). */
async function removeBenchConfigs(): Promise<void> {
  await db.query("DELETE FROM app.goal_config WHERE description LIKE 'Bench: %'");
}
await removeBenchConfigs();
const addedSetups: Kind[] = [];
for (const k of Object.keys(resources) as Kind[]) {
  const response = await admin.request('POST', `/api/${resources[k]}/InsertHierarchySetup`, { body: { company, goalYear } });
  if (response.statusCode === 200) addedSetups.push(k);
  else if (response.statusCode !== 409) throw new Error(`InsertHierarchySetup ${k}: ${response.statusCode} ${response.body}`);
}
async function addConfig(k: Kind, description: string, goalType: string, hierarchy: string[]): Promise<number> {
  const body = { company, goalYear, goalType, setupDescription: description, ...Object.fromEntries(hierarchy.map((type, i) => [`hierarchyType${i + 1}`, type])) };
  const config = (await ok(admin, 'POST', `/${resources[k]}/InsertHierarchyConfig`, body)).json() as { id: number };
  await ok(admin, 'POST', `/${resources[k]}/${resources[k]}sHierarchyConfigName`, { id: config.id, description });
  return config.id;
}

// The rows: what a distributor sets. Every rep a goal a month; his customers (the largest first) a
// goal a month; the rest of the rows product groups under those customers.
const { rows: reps } = await db.query<{ rep: string }>('SELECT DISTINCT sales_rep AS rep FROM erp.customer WHERE company = $1 AND sales_rep IS NOT NULL ORDER BY 1', [company]);
const { rows: customers } = await db.query<{ rep: string; customer: string }>(
  `SELECT c.sales_rep AS rep, c.customer FROM erp.customer c
     LEFT JOIN erp.invoice_year_customer y ON y.customer = c.customer AND y.company = c.company
    WHERE c.company = $1 AND c.sales_rep IS NOT NULL
    GROUP BY 1, 2 ORDER BY coalesce(sum(y.sales), 0) DESC, 2 LIMIT $2`,
  [company, Math.floor(rowCount / 24)],
);
const { rows: groups } = await db.query<{ group: string }>('SELECT DISTINCT product_group AS "group" FROM erp.product_group WHERE company = $1 ORDER BY 1', [company]);
type Cells = Array<string | number | null>;
const months = Array.from({ length: 12 }, (_, i) => i + 1);
const sheetRows: Cells[] = [];
const push = (month: number, goal: number, rep: string, customer: string | null, group: string | null) =>
  sheetRows.push([company, goalYear, month, goal, Math.round(goal / 5), 'SalesRep', rep, 'Customer', customer, 'ProductGroup', group]);
for (const { rep } of reps) for (const month of months) push(month, 250_000, rep, null, null);
for (const { rep, customer } of customers) for (const month of months) push(month, 10_000, rep, customer, null);
outer: for (const { group } of groups) {
  for (const { rep, customer } of customers) {
    for (const month of months) {
      if (sheetRows.length >= rowCount) break outer;
      push(month, 1_000, rep, customer, group);
    }
  }
}

/** The setup's template downloaded (as the manage screen does) with `rows` written below its header. */
async function filledTemplate(k: Kind, configId: number, rows: Cells[]): Promise<Buffer> {
  const template = await ok(admin, 'POST', `/${resources[k]}/${resources[k]}sTemplateGenerator/${configId}`, {}, { 'export-results': 'true' });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Goals')!;
  sheet.spliceRows(2, sheet.rowCount);
  sheet.addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const only50k = !only || only.test('upload');
console.log(
  `scale ${load.scale} (${Number(load.invoice_lines).toLocaleString('en-US')} invoice lines, data through ${load.data_through}), ${kind}; company ${company}, fiscal year ${goalYear}`,
);
const big = await addConfig('Sales', 'Bench: 50,000 rows', 'SalesRep', ['Customer', 'ProductGroup']);
let started = performance.now();
const file = await filledTemplate('Sales', big, sheetRows);
console.log(`${sheetRows.length.toLocaleString('en-US')}-row template filled in (exceljs, not timed as the upload): ${(file.length / 1024 / 1024).toFixed(1)} MB in ${seconds(performance.now() - started)}`);
for (let run = 0; run < (only50k ? Math.min(runs, 3) : 1); run++) {
  const { body, headers } = multipart('sales-goals.xlsx', file);
  started = performance.now();
  const answer = (await ok(admin, 'POST', `/SalesGoal/BulkSalesGoalBatch/${big}`, body, headers)).json() as { rows: number; replaced: number };
  console.log(`upload ${run + 1}: ${answer.rows.toLocaleString('en-US')} rows validated and stored (replacing ${answer.replaced.toLocaleString('en-US')}) in ${seconds(performance.now() - started)} (goal ≤ 10 s)`);
}
if (only50k) {
  for (let run = 0; run < Math.min(runs, 3); run++) {
    started = performance.now();
    const read = await ok(admin, 'GET', `/SalesGoal/SalesGoalsHierarchy/${big}`);
    const readMs = performance.now() - started;
    const rows = read.json() as Array<Record<string, unknown>>;
    const edited = rows.map((row) => ({ ...row, salesGoal: Number(row.salesGoal ?? 0) + 1, isDirty: true }));
    const payload = JSON.stringify(edited);
    started = performance.now();
    const saved = (await ok(admin, 'POST', '/SalesGoal/SalesGoalsHierarchyBulkUpdate', payload, { 'content-type': 'application/json' })).json() as { updated: number };
    console.log(
      `grid read ${run + 1}: ${rows.length.toLocaleString('en-US')} rows (${(read.rawPayload.length / 1024 / 1024).toFixed(1)} MB) in ${seconds(readMs)}; ` +
        `save of all of them edited: ${saved.updated.toLocaleString('en-US')} updated (${(payload.length / 1024 / 1024).toFixed(1)} MB) in ${seconds(performance.now() - started)}`,
    );
  }
}

// Smaller setups beside it: branch goals with their reps; bookings by rep and customer; activity by rep.
const branches = (await db.query<{ branch: string; rep: string }>('SELECT DISTINCT branch, sales_rep AS rep FROM erp.customer WHERE company = $1 AND sales_rep IS NOT NULL ORDER BY 1, 2', [company])).rows;
const branchConfig = await addConfig('Sales', 'Bench: branches', 'Branch', ['SalesRep']);
const branchRows = [
  ...[...new Set(branches.map((b) => b.branch))].flatMap((branch) => months.map((month) => ({ goalTypeValue: branch, goalMonth: month, salesGoal: 900_000, profitGoal: 200_000 }))),
  ...branches.flatMap(({ branch, rep }) => months.map((month) => ({ goalTypeValue: branch, hierarchyValue1: rep, goalMonth: month, salesGoal: 200_000, profitGoal: 40_000 }))),
];
const bookings = await addConfig('Bookings', 'Bench: bookings', 'SalesRep', ['Customer']);
const bookingRows = [
  ...reps.flatMap(({ rep }) => months.map((month) => ({ goalTypeValue: rep, goalMonth: month, bookingsGoal: 250_000, profitGoal: 50_000 }))),
  ...customers.slice(0, 500).flatMap(({ rep, customer }) => months.map((month) => ({ goalTypeValue: rep, hierarchyValue1: customer, goalMonth: month, bookingsGoal: 10_000, profitGoal: 2_000 }))),
];
const activity = await addConfig('Activity', 'Bench: activity', 'SalesRep', []);
const activityRows = reps.flatMap(({ rep }) => months.map((month) => ({ goalTypeValue: rep, goalMonth: month, activityCreatedGoal: 40, activityCompletedGoal: 30 })));
let nextId = 1;
for (const [k, configId, rows] of [['Sales', branchConfig, branchRows], ['Bookings', bookings, bookingRows], ['Activity', activity, activityRows]] as const) {
  await ok(admin, 'POST', `/${resources[k]}/${resources[k]}sHierarchyBulkUpdate`, rows.map((row) => ({ ...row, id: nextId++, configId, isNew: true })));
}

// ---------------------------------------------------------------- goal against actual
type Call = { name: string; url: string };
const setups: Array<{ k: Kind; configId: number; levels: string[] }> = [
  { k: 'Sales', configId: big, levels: ['SalesRep', 'Customer', 'ProductGroup'] },
  { k: 'Sales', configId: branchConfig, levels: ['Branch', 'SalesRep'] },
  { k: 'Bookings', configId: bookings, levels: ['SalesRep', 'Customer'] },
  { k: 'Activity', configId: activity, levels: ['SalesRep'] },
];
const calls: Call[] = [];
for (const { k, configId, levels } of setups) {
  const label = configId === big ? `${k} 50k` : configId === branchConfig ? `${k} branches` : k;
  const groupBys = [...levels, 'FiscalMonth', ...(k === 'Activity' ? [] : ['Complete'])];
  for (const groupBy of groupBys) {
    calls.push({ name: `${label} Grouped/${groupBy}`, url: `/${resources[k]}/Grouped/${groupBy}/current/${configId}` });
    if (groupBy !== 'FiscalMonth') calls.push({ name: `${label} Grouped/Quarterly/${groupBy}`, url: `/${resources[k]}/Grouped/Quarterly/${groupBy}/current/${configId}` });
  }
}
// configId 0: every setup of the kind for the year (the goal card's question).
calls.push({ name: 'Sales all setups Grouped/SalesRep', url: '/SalesGoal/Grouped/SalesRep/current/0' });
calls.push({ name: 'Bookings all setups Grouped/SalesRep', url: '/BookingsGoal/Grouped/SalesRep/current/0' });

console.log(`\ngoal against actual, ${runs} runs each, cold (result cache emptied before each), ms p50 / p95 (goal at scale 40 on PostgreSQL: p95 ≤ 100 ms):`);
console.log(`${'call'.padEnd(46)} ${Object.keys(users).map((u) => `${u}@`.padStart(17)).join('')}   rows (admin)`);
const over: string[] = [];
for (const call of calls) {
  if (only && !only.test(call.name)) continue;
  const cells: string[] = [];
  let rowsAnswered = 0;
  for (const [who, browser] of Object.entries(users)) {
    const ms: number[] = [];
    let status = 200;
    for (let run = 0; run <= runs && status === 200; run++) {
      clearAnalyticsCaches();
      const t = performance.now();
      const response = await browser.request('POST', `/api${call.url}`, { body: {} });
      const elapsed = performance.now() - t;
      status = response.statusCode;
      if (status === 200 && who === 'admin') rowsAnswered = (response.json() as { rows: unknown[] }).rows.length;
      if (status === 200 && run > 0) ms.push(elapsed); // the first run warms the route up
      if (status !== 200 && status !== 403) throw new Error(`${call.name} as ${who}: ${status} ${response.body.slice(0, 300)}`);
    }
    if (status === 403) {
      cells.push('no access'.padStart(17));
      continue;
    }
    const p95 = percentile(ms, 95);
    if (p95 > 100) over.push(`${call.name} as ${who}@ (${p95.toFixed(0)} ms)`);
    cells.push(`${percentile(ms, 50).toFixed(1)} / ${p95.toFixed(1)}`.padStart(17));
  }
  console.log(`${call.name.padEnd(46)} ${cells.join('')}   ${rowsAnswered}`);
}
console.log(over.length ? `\np95 over 100 ms: ${over.join('; ')}` : '\nevery p95 ≤ 100 ms');

// ---------------------------------------------------------------- clean up
for (const [k, configId] of [['Sales', big], ['Sales', branchConfig], ['Bookings', bookings], ['Activity', activity]] as const) {
  await ok(admin, 'DELETE', `/${resources[k]}/${resources[k]}sHierarchyConfig/${configId}`);
}
const organization = (await db.query<{ id: number }>("SELECT customer_master_id AS id FROM app.user_master WHERE email = 'admin@tradeboard.example'")).rows[0]!.id;
for (const k of addedSetups) {
  await db.query(
    `DELETE FROM app.goal_setup s WHERE s.customer_master_id = $1 AND s.goal_kind = $2 AND s.company = $3 AND s.goal_year = $4
        AND NOT EXISTS (SELECT 1 FROM app.goal_config c WHERE (c.customer_master_id, c.goal_kind, c.company, c.goal_year) = (s.customer_master_id, s.goal_kind, s.company, s.goal_year))`,
    [organization, k, company, goalYear],
  );
}
await close();
