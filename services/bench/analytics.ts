/**
 * `pnpm bench:analytics [--scale N] [--runs N] [--reload] [--as admin|rep|manager]`
 *
 * Times every implemented analytics call on PostgreSQL (DATABASE_URL) through the services'
 * own routes (Fastify inject, no gateway): p50/p95 cold (result cache emptied before each run)
 * and warm (answered from the cache), beside the same question answered by a plain GROUP BY on
 * the raw lines in the same run. Loads the demo ERP data at --scale first when the database
 * holds another scale (or none), or always with --reload. Scale 1 ≈ 250,000 invoice lines.
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pino from 'pino';
import { openDatabase, migrate } from '../src/db/index.ts';
import { seedApplication, DEMO_PASSWORD } from '../src/demo/app-seed.ts';
import { generateErpData } from '../src/demo/erp/index.ts';
import { servicePlugins } from '../src/index.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { createMailer } from '../src/platform/mailer.ts';
import { registerPlatform } from '../src/platform/platform.ts';
import { TestBrowser } from '../src/testing/test-browser.ts';
import { clearAnalyticsCaches } from '../src/analytics/analytics-routes.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20' },
    reload: { type: 'boolean', default: false },
    as: { type: 'string', default: 'admin' },
  },
});
const scale = Number(values.scale);
const runs = Math.max(3, Number(values.runs));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:analytics needs DATABASE_URL (a PostgreSQL database it may load the demo data into)');
  process.exit(2);
}

const database = await openDatabase({ databaseUrl });
const db = database.db;
await migrate(db);
await seedApplication(db);
const { rows: loads } = await db.query<{ scale: number; data_through: string; invoice_lines: number }>(
  'SELECT scale, data_through::text, invoice_lines FROM erp.data_load ORDER BY load_id DESC LIMIT 1',
);
let load = loads[0];
if (values.reload || !load || Number(load.scale) !== scale) {
  console.log(`Loading the demo ERP data at scale ${scale}…`);
  const started = performance.now();
  const result = await generateErpData(db, { scale, onProgress: (m) => console.log(`  ${m}`) });
  console.log(`Loaded ${result.invoiceLines.toLocaleString('en-US')} invoice lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  load = { scale, data_through: result.dataThrough, invoice_lines: result.invoiceLines };
}
process.env.TRADEBOARD_TODAY = load.data_through;

const app = Fastify({ logger: false });
const config = configFromEnv({});
await registerPlatform(app, { db, config, mailer: createMailer(db, pino({ level: 'silent' }), undefined, config.mailFrom) });
for (const plugin of Object.values(servicePlugins)) await app.register(plugin, { prefix: '/api' });
await app.ready();
const browser = new TestBrowser(app);
const login = await browser.login(`${values.as}@tradeboard.example`, DEMO_PASSWORD);
if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);

type Call = {
  name: string;
  url: string;
  body: Record<string, unknown>;
  /** The same question as a plain GROUP BY on the raw lines, given the call's answer (for its dates). */
  raw: (answer: any) => { sql: string; params: unknown[] };
};

const TOP = 'ORDER BY 2 DESC LIMIT 15';
const grouped = (column: string, answer: any, table = 'erp.invoice_line', date = 'invoice_date', sales = 'sales') => ({
  sql: `SELECT ${column}, sum(${sales}), sum(cost), count(*) FROM ${table} WHERE ${date} BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`,
  params: [answer.from, answer.to],
});

const calls: Call[] = [
  { name: 'Invoice/Grouped salesRep YTD', url: '/Invoice/Grouped', body: { groupBy: 'salesRep', dateSlug: 'year-to-date' }, raw: (a) => grouped('sales_rep', a) },
  { name: 'Invoice/Grouped customer YTD', url: '/Invoice/Grouped', body: { groupBy: 'customer', dateSlug: 'year-to-date' }, raw: (a) => grouped('customer', a) },
  { name: 'Invoice/Grouped productGroup L12M', url: '/Invoice/Grouped', body: { groupBy: 'productGroup', dateSlug: 'last-12-months' }, raw: (a) => grouped('product_group', a) },
  { name: 'Invoice/Grouped month rolling 12', url: '/Invoice/Grouped', body: { groupBy: 'month', dateSlug: 'rolling-12-months' }, raw: (a) => ({ sql: `SELECT date_trunc('month', invoice_date), sum(sales), sum(cost), count(*) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1`, params: [a.from, a.to] }) },
  { name: 'Invoice/Grouped branch last 30 days', url: '/Invoice/Grouped', body: { groupBy: 'branch', dateSlug: 'last-30-days' }, raw: (a) => grouped('branch', a) },
  { name: 'Invoice/Grouped itemNumber last month', url: '/Invoice/Grouped', body: { groupBy: 'itemNumber', dateSlug: 'last-month' }, raw: (a) => grouped('item_number', a) },
  { name: 'Invoice/Rank customer rolling 12', url: '/Invoice/Rank', body: { groupBy: 'customer', dateSlug: 'rolling-12-months' }, raw: (a) => grouped('customer', a) },
  {
    name: 'Invoice/KPI YTD vs LY YTD',
    url: '/Invoice/KPI',
    body: { dateSlug: 'year-to-date' },
    raw: (a) => ({
      sql: `SELECT sum(sales) FILTER (WHERE invoice_date >= $1), count(DISTINCT invoice_number) FILTER (WHERE invoice_date >= $1),
                   sum(sales) FILTER (WHERE invoice_date <= $4), count(DISTINCT invoice_number) FILTER (WHERE invoice_date <= $4)
              FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 OR invoice_date BETWEEN $3 AND $4`,
      params: [a.current.from, a.current.to, a.comparison.from, a.comparison.to],
    }),
  },
  {
    name: 'Invoice/Summary (5 periods)',
    url: '/Invoice/Summary',
    body: {},
    raw: (a) => ({
      sql: `SELECT ${a.periods.map((_: unknown, i: number) => `sum(sales) FILTER (WHERE invoice_date BETWEEN $${2 * i + 1} AND $${2 * i + 2}), count(DISTINCT invoice_number) FILTER (WHERE invoice_date BETWEEN $${2 * i + 1} AND $${2 * i + 2})`).join(', ')}
              FROM erp.invoice_line WHERE invoice_date >= $9`,
      params: a.periods.flatMap((p: { from: string; to: string }) => [p.from, p.to]),
    }),
  },
  {
    name: 'Invoice/YearOverYear month',
    url: '/Invoice/YearOverYear',
    body: { groupBy: 'month', pageSize: 12 },
    raw: (a) => ({
      sql: `SELECT extract(month FROM invoice_date), extract(year FROM invoice_date), sum(sales), sum(cost) FROM erp.invoice_line
             WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1, 2`,
      params: [a.years[2].from, a.years[0].to],
    }),
  },
  {
    name: 'Invoice/YearOverYear customer',
    url: '/Invoice/YearOverYear',
    body: { groupBy: 'customer' },
    raw: (a) => ({
      sql: `SELECT customer, sum(sales) FILTER (WHERE invoice_date >= $3), sum(sales) FILTER (WHERE invoice_date BETWEEN $2 AND $4), sum(sales) FILTER (WHERE invoice_date < $2)
              FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $5 GROUP BY 1 ORDER BY 2 DESC NULLS LAST LIMIT 15`,
      params: [a.years[2].from, a.years[1].from, a.years[0].from, a.years[1].to, a.years[0].to],
    }),
  },
  {
    name: 'Invoice/SlidingComparison productGroup last quarter',
    url: '/Invoice/SlidingComparison',
    body: { groupBy: 'productGroup', dateSlug: 'last-quarter' },
    raw: (a) => ({
      sql: `SELECT product_group, sum(sales) FILTER (WHERE invoice_date BETWEEN $1 AND $2), sum(sales) FILTER (WHERE invoice_date BETWEEN $3 AND $4)
              FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 OR invoice_date BETWEEN $3 AND $4 GROUP BY 1 ORDER BY 2 DESC LIMIT 15`,
      params: [a.current.from, a.current.to, a.comparison.from, a.comparison.to],
    }),
  },
  {
    name: 'Invoice/SlidingComparison customer this month',
    url: '/Invoice/SlidingComparison',
    body: { groupBy: 'customer', dateSlug: 'this-month' },
    raw: (a) => ({
      sql: `SELECT customer, sum(sales) FILTER (WHERE invoice_date BETWEEN $1 AND $2), sum(sales) FILTER (WHERE invoice_date BETWEEN $3 AND $4)
              FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 OR invoice_date BETWEEN $3 AND $4 GROUP BY 1 ORDER BY 2 DESC NULLS LAST LIMIT 15`,
      params: [a.current.from, a.current.to, a.comparison.from, a.comparison.to],
    }),
  },
  { name: 'Booking/Grouped salesRep YTD', url: '/Booking/Grouped/salesRep/year-to-date', body: {}, raw: (a) => grouped('sales_rep', a, 'erp.booking', 'order_line_date') },
  { name: 'Booking/Grouped customer last month', url: '/Booking/Grouped/customer/last-month', body: {}, raw: (a) => grouped('customer', a, 'erp.booking', 'order_line_date') },
  {
    name: 'Order/Grouped branch (open)',
    url: '/Order/Grouped/branch',
    body: {},
    raw: () => ({ sql: `SELECT branch, sum(open_sales), count(*) FROM erp.order_line WHERE qty_open > 0 GROUP BY 1 ORDER BY 2 DESC`, params: [] }),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 95).toFixed(1).padStart(7)}`;
}

async function call(c: Call) {
  const response = await browser.request('POST', `/api${c.url}`, { body: c.body });
  if (response.statusCode !== 200) throw new Error(`${c.name}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const { rows: size } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM erp.invoice_line');
console.log(
  `\nPostgreSQL, ${size[0]!.n.toLocaleString('en-US')} invoice lines (scale ${load.scale}), today ${load.data_through}, as ${values.as}@, ${runs} runs each; ms`,
);
console.log(`${'call'.padEnd(52)} ${'source'.padEnd(28)} ${'cold p50'.padStart(7)} ${'p95'.padStart(7)}   ${'warm p50'.padStart(7)} ${'p95'.padStart(7)}   ${'raw p50'.padStart(7)} ${'p95'.padStart(7)}`);
for (const c of calls) {
  clearAnalyticsCaches();
  const answer = await call(c); // first call: plans and buffers warm up
  const raw = c.raw(answer);
  await db.query(raw.sql, raw.params);
  const cold: number[] = [];
  const warm: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i++) {
    clearAnalyticsCaches();
    cold.push(await time(() => call(c)));
    warm.push(await time(() => call(c)));
    plain.push(await time(() => db.query(raw.sql, raw.params)));
  }
  console.log(`${c.name.padEnd(52)} ${String(answer.source ?? '').padEnd(28)} ${stats(cold)}   ${stats(warm)}   ${stats(plain)}`);
}

await app.close();
await database.close();
