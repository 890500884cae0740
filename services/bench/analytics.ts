/**
 * `pnpm bench:analytics [--scale N] [--runs N] [--reload] [--as admin|rep|manager] [--only REGEX] [--data-dir DIR]`
 *
 * Times every implemented analytics call on PostgreSQL (DATABASE_URL), or without it on the
 * embedded database (in --data-dir, by default a directory of its own under the system's
 * temporary directory, never the application's), through the services'
 * own routes (Fastify inject, no gateway): p50/p95 cold (result cache emptied before each run)
 * and warm (answered from the cache), beside the same question answered by a plain GROUP BY on
 * the raw lines in the same run. Loads the demo ERP data at --scale first when the database
 * holds another scale (or none), or always with --reload. Scale 1 ≈ 250,000 invoice lines.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/demo/app-seed.ts';
import { TestBrowser } from '../src/testing/test-browser.ts';
import { clearAnalyticsCaches } from '../src/analytics/cache.ts';
import { loadAnalyticsContext } from '../src/analytics/scope.ts';
import { openBenchServices } from './bench-services.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20' },
    reload: { type: 'boolean', default: false },
    as: { type: 'string', default: 'admin' },
    only: { type: 'string' },
    'data-dir': { type: 'string', default: path.join(tmpdir(), 'tradeboard-bench-pglite') },
  },
});
const scale = Number(values.scale);
const runs = Math.max(3, Number(values.runs));
const { database, db, app, load, close } = await openBenchServices({ scale, dataDir: values['data-dir'], reload: values.reload });
const browser = new TestBrowser(app);
const login = await browser.login(`${values.as}@tradeboard.example`, DEMO_PASSWORD);
if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);

// The sample documents and accounts are the user's own (his data scope, as the server sees it):
// a rep or manager asked about another rep's invoice gets a 404, as he should.
const { rows: signedIn } = await db.query<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE email = $1 AND home_user_master_id IS NULL', [`${values.as}@tradeboard.example`]);
const { scope } = await loadAnalyticsContext(db, signedIn[0]!.id);
/** A SQL condition keeping rows of the user's scope, on their sales-rep column. */
const mine = (column: string) => (scope.all ? 'true' : `${column} = ANY(ARRAY[${scope.salesReps.map((r) => `'${r.replace(/'/g, "''")}'`).join(', ') || 'NULL'}]::text[])`);

type Call = {
  name: string;
  url: string;
  /** POST (the default) with body, or GET. */
  method?: 'GET';
  body: Record<string, unknown>;
  /** The same question as a plain GROUP BY on the raw lines, given the call's answer (for its dates). */
  raw: (answer: any) => { sql: string; params: unknown[] };
};

const TOP = 'ORDER BY 2 DESC LIMIT 15';
const grouped = (column: string, answer: any, table = 'erp.invoice_line', date = 'invoice_date', sales = 'sales') => ({
  sql: `SELECT ${column}, sum(${sales}), sum(cost), count(*) FROM ${table} WHERE ${date} BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`,
  params: [answer.from, answer.to],
});

// Documents and items the document calls ask for: recent ones, as a user would open them.
const { rows: samples } = await db.query(
  `SELECT (SELECT invoice_number FROM erp.invoice_header WHERE invoice_date > $1::date - 30 AND ${mine('sales_rep')} ORDER BY invoice_number DESC LIMIT 1) AS invoice,
          (SELECT item_number FROM erp.invoice_line WHERE invoice_date > $1::date - 30 AND ${mine('sales_rep')} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS item,
          (SELECT order_number FROM erp.order_header WHERE status <> 'Closed' AND ${mine('sales_rep')} ORDER BY order_date DESC, order_number LIMIT 1) AS "order",
          (SELECT quote_number FROM erp.quote_header WHERE ${mine('sales_rep')} ORDER BY quote_date DESC, quote_number LIMIT 1) AS quote,
          (SELECT row(o.order_number, o.order_line_number)::text FROM erp.invoice_header h
             JOIN erp.order_line o ON o.company = h.company AND o.order_number = h.order_number
            WHERE h.invoice_date > $1::date - 30 AND ${mine('h.sales_rep')} LIMIT 1) AS order_line`,
  [load.data_through],
);
const sample = samples[0]!;
const [lineOrder, lineNumber] = String(sample.order_line).replace(/[()]/g, '').split(',');
const firstOfMonth = `${load.data_through.slice(0, 8)}01`;
/** A plain query that reads the same rows as a list call's first page. */
const plain = (sql: string, params: unknown[] = []) => () => ({ sql, params });
const quoteBooked = `FROM erp.quote_line q JOIN erp.quote_header h USING (company, quote_number)
  JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number WHERE q.status = 'Converted'`;

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

  // ---------------------------------------------------------------- sales-routes.ts
  { name: 'Invoice/Header/{invoiceNumber}', url: `/Invoice/Header/${sample.invoice}`, body: {}, raw: plain(`SELECT * FROM erp.invoice_line WHERE invoice_number = $1`, [sample.invoice]) },
  { name: 'Invoice/Freight/Grouped customer YTD', url: '/Invoice/Freight/Grouped', body: { groupBy: 'customer', dateSlug: 'year-to-date' }, raw: (a) => grouped('customer', a, 'erp.invoice_line', 'invoice_date', 'freight') },
  { name: 'Invoice/ItemHistory (busiest item)', url: '/Invoice/ItemHistory', body: { itemNumber: sample.item }, raw: plain(`SELECT * FROM erp.invoice_line WHERE item_number = $1 ORDER BY invoice_date DESC LIMIT 15`, [sample.item]) },
  {
    name: 'Invoice/FirstTime last 90 days',
    url: '/Invoice/FirstTime',
    body: {},
    raw: (a) => ({ sql: `SELECT company, customer, min(invoice_date) FROM erp.invoice_header WHERE invoice_type = 'IN' GROUP BY 1, 2 HAVING min(invoice_date) BETWEEN $1 AND $2`, params: [a.from, a.to] }),
  },
  { name: 'Invoice/ByDay salesRep this month', url: '/Invoice/ByDay', body: { groupBy: 'salesRep' }, raw: (a) => ({ sql: `SELECT sales_rep, invoice_date, sum(sales) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1, 2`, params: [a.from, a.to] }) },
  { name: 'Invoice/Quarterly last year', url: '/Invoice/Quarterly/last-year', body: {}, raw: (a) => grouped(`date_trunc('quarter', invoice_date)`, a) },
  {
    name: 'Booking/ByDay this month salesRep',
    url: `/Booking/ByDay/${firstOfMonth}/salesRep`,
    body: {},
    raw: (a) => ({ sql: `SELECT sales_rep, order_line_date, sum(sales) FROM erp.booking WHERE order_line_date BETWEEN $1 AND $2 GROUP BY 1, 2`, params: [a.from, a.to] }),
  },
  { name: 'Booking/Details last 30 days', url: '/Booking/Details', body: {}, raw: (a) => ({ sql: `SELECT * FROM erp.booking WHERE order_line_date BETWEEN $1 AND $2 ORDER BY order_line_date DESC LIMIT 15`, params: [a.from, a.to] }) },
  { name: 'Booking/Quarterly YTD', url: '/Booking/Quarterly/year-to-date', body: {}, raw: (a) => grouped(`date_trunc('quarter', order_line_date)`, a, 'erp.booking', 'order_line_date') },
  { name: 'QuoteBooked/Grouped salesRep YTD', url: '/QuoteBooked/Grouped/salesRep/year-to-date', body: {}, raw: (a) => ({ sql: `SELECT q.sales_rep, sum(q.sales) ${quoteBooked} AND o.order_date BETWEEN $1 AND $2 GROUP BY 1`, params: [a.from, a.to] }) },
  { name: 'QuoteBooked/Rank customer YTD', url: '/QuoteBooked/Rank/customer/year-to-date', body: {}, raw: (a) => ({ sql: `SELECT q.customer, sum(q.sales) ${quoteBooked} AND o.order_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 2 DESC LIMIT 15`, params: [a.from, a.to] }) },
  {
    name: 'QuoteBooked/SlidingComparison productGroup last quarter',
    url: '/QuoteBooked/SlidingComparison/productGroup',
    body: { dateSlug: 'last-quarter' },
    raw: (a) => ({
      sql: `SELECT q.product_group, sum(q.sales) FILTER (WHERE o.order_date BETWEEN $1 AND $2), sum(q.sales) FILTER (WHERE o.order_date BETWEEN $3 AND $4)
              ${quoteBooked} AND (o.order_date BETWEEN $1 AND $2 OR o.order_date BETWEEN $3 AND $4) GROUP BY 1`,
      params: [a.current.from, a.current.to, a.comparison.from, a.comparison.to],
    }),
  },
  { name: 'QuoteBooked/Summary (5 periods)', url: '/QuoteBooked/Summary', body: {}, raw: (a) => ({ sql: `SELECT sum(q.sales) ${quoteBooked} AND o.order_date >= $1`, params: [a.periods[4].from] }) },
  { name: 'QuoteBooked/YearOverYear month', url: '/QuoteBooked/YearOverYear/month', body: {}, raw: (a) => ({ sql: `SELECT date_trunc('month', o.order_date), sum(q.sales) ${quoteBooked} AND o.order_date BETWEEN $1 AND $2 GROUP BY 1`, params: [a.years[2].from, a.years[0].to] }) },
  { name: 'RunRate/Sales/Grouped customer', url: '/RunRate/Sales/Grouped/customer', body: {}, raw: (a) => grouped('customer', a) },
  { name: 'RunRate/Sales/Grouped/Quarterly salesRep', url: '/RunRate/Sales/Grouped/Quarterly/salesRep', body: {}, raw: (a) => grouped('sales_rep', a) },
  { name: 'RunRate/Bookings/Grouped branch', url: '/RunRate/Bookings/Grouped/branch', body: {}, raw: (a) => grouped('branch', a, 'erp.booking', 'order_line_date') },
  { name: 'RunRate/Bookings/Grouped/Quarterly customer', url: '/RunRate/Bookings/Grouped/Quarterly/customer', body: {}, raw: (a) => grouped('customer', a, 'erp.booking', 'order_line_date') },
  { name: 'Order/Details (open lines)', url: '/Order/Details', body: {}, raw: plain(`SELECT * FROM erp.order_line WHERE qty_open > 0 ORDER BY order_date DESC LIMIT 15`) },
  { name: 'Order/Header', url: '/Order/Header', body: { orderNumber: sample.order }, raw: plain(`SELECT * FROM erp.order_line WHERE order_number = $1`, [sample.order]) },
  { name: 'Order/Header/List (open)', url: '/Order/Header/List', body: {}, raw: plain(`SELECT * FROM erp.order_header WHERE status <> 'Closed' ORDER BY order_date DESC LIMIT 15`) },
  {
    name: 'Order/LinesNotInStock',
    url: '/Order/LinesNotInStock',
    body: {},
    raw: plain(`SELECT l.* FROM erp.order_line l LEFT JOIN erp.inventory v USING (company, item_number, location) WHERE l.qty_open > 0 AND coalesce(v.qty_available, 0) < l.qty_open ORDER BY l.promise_date LIMIT 15`),
  },
  {
    name: 'Order/Line/Invoice (GET)',
    method: 'GET',
    url: `/Order/Line/Invoice/${lineOrder}/${lineNumber}`,
    body: {},
    raw: plain(`SELECT l.* FROM erp.invoice_header h JOIN erp.invoice_line l USING (company, invoice_number) WHERE h.order_number = $1`, [lineOrder]),
  },
  {
    name: 'Order/OnTimeDelivery/KPI last month',
    url: '/Order/OnTimeDelivery/KPI',
    body: { dateSlug: 'last-month' },
    raw: (a) => ({ sql: `SELECT count(*), count(*) FILTER (WHERE ship_date <= promise_date) FROM erp.order_line WHERE ship_date BETWEEN $1 AND $2`, params: [a.current.from, a.current.to] }),
  },
  {
    name: 'Order/OnTimeDelivery/Grouped customer L12M',
    url: '/Order/OnTimeDelivery/Grouped/customer',
    body: { dateSlug: 'last-12-months' },
    raw: (a) => ({ sql: `SELECT customer, count(*), count(*) FILTER (WHERE ship_date <= promise_date) FROM erp.order_line WHERE ship_date BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`, params: [a.from, a.to] }),
  },
  { name: 'Quote/Details (open lines)', url: '/Quote/Details', body: {}, raw: plain(`SELECT * FROM erp.quote_line WHERE status = 'Open' ORDER BY quote_date DESC LIMIT 15`) },
  { name: 'Quote/KPI YTD', url: '/Quote/KPI', body: { dateSlug: 'year-to-date' }, raw: (a) => ({ sql: `SELECT sum(sales) FROM erp.quote_line WHERE quote_date BETWEEN $1 AND $2`, params: [a.current.from, a.current.to] }) },
  { name: 'Quote/Summary (5 periods)', url: '/Quote/Summary', body: {}, raw: (a) => ({ sql: `SELECT sum(sales) FROM erp.quote_line WHERE quote_date >= $1`, params: [a.periods[4].from] }) },
  { name: 'Quote/Header', url: '/Quote/Header', body: { quoteNumber: sample.quote }, raw: plain(`SELECT * FROM erp.quote_line WHERE quote_number = $1`, [sample.quote]) },
  { name: 'Quote/ByDay salesRep this month', url: '/Quote/ByDay', body: { groupBy: 'salesRep' }, raw: (a) => ({ sql: `SELECT sales_rep, quote_date, sum(sales) FROM erp.quote_line WHERE quote_date BETWEEN $1 AND $2 GROUP BY 1, 2`, params: [a.from, a.to] }) },
  // The CRM (issue 27): never cached, so cold and warm are the same work.
  { name: 'ActivityTransaction/List', url: '/ActivityTransaction/List', body: {}, raw: plain(`SELECT * FROM crm.activity ORDER BY due_date DESC, activity_transaction_number DESC LIMIT 15`) },
  { name: 'ActivityTransaction/List search', url: '/ActivityTransaction/List', body: { searchString: 'price' }, raw: plain(`SELECT * FROM crm.activity WHERE subject ILIKE '%price%' ORDER BY due_date DESC LIMIT 15`) },
  { name: 'ActivityTransaction/KPI', url: '/ActivityTransaction/KPI', body: {}, raw: plain(`SELECT count(*), count(completed_date) FROM crm.activity`) },
  { name: 'ActivityTransaction/KPI L12M', url: '/ActivityTransaction/KPI', body: { dateSlug: 'last-12-months' }, raw: (a) => ({ sql: `SELECT count(*), count(completed_date) FROM crm.activity WHERE due_date BETWEEN $1 AND $2`, params: [a.from, a.to] }) },
  { name: 'ActivityTransaction/Grouped activityType L12M', url: '/ActivityTransaction/Grouped/activityType/last-12-months', body: {}, raw: (a) => ({ sql: `SELECT activity_type_id, count(*) FROM crm.activity WHERE due_date BETWEEN $1 AND $2 GROUP BY 1`, params: [a.from, a.to] }) },
  { name: 'Opportunity/List', url: '/Opportunity/List', body: {}, raw: plain(`SELECT * FROM crm.opportunity ORDER BY expected_close_date DESC, opportunity DESC LIMIT 15`) },
  { name: 'Opportunity/List search', url: '/Opportunity/List', body: { searchString: 'racking' }, raw: plain(`SELECT * FROM crm.opportunity WHERE name ILIKE '%racking%' ORDER BY expected_close_date DESC LIMIT 15`) },
  { name: 'Opportunity/KPI', url: '/Opportunity/KPI', body: {}, raw: plain(`SELECT count(*), sum(opportunity_size) FROM crm.opportunity`) },
  { name: 'Opportunity/KPI L12M', url: '/Opportunity/KPI', body: { dateSlug: 'last-12-months' }, raw: (a) => ({ sql: `SELECT count(*), sum(opportunity_size) FROM crm.opportunity WHERE expected_close_date BETWEEN $1 AND $2`, params: [a.from, a.to] }) },
  { name: 'Opportunity/Funnel stage', url: '/Opportunity/Funnel/stage', body: {}, raw: plain(`SELECT stage_id, count(*), sum(opportunity_size) FROM crm.opportunity GROUP BY 1`) },
  { name: 'Opportunity/Grouped stage L12M', url: '/Opportunity/Grouped/stage/last-12-months', body: {}, raw: (a) => ({ sql: `SELECT stage_id, count(*) FROM crm.opportunity WHERE expected_close_date BETWEEN $1 AND $2 GROUP BY 1`, params: [a.from, a.to] }) },
];

// ---------------------------------------------------------------- purchasing, AR/AP, analysis, inventory, accounts
// (cached like the sales calls: warm answers from the result cache; the raw column is the plainest SQL for the same answer)
const { rows: erpSamples } = await db.query<{ company: string; customer: string; supplier: string; po: string; item: string; invoice: string }>(
  `SELECT o.company, o.customer, (SELECT supplier FROM erp.purchase_order_header h WHERE h.company = o.company ORDER BY po_number LIMIT 1) AS supplier,
          (SELECT po_number FROM erp.purchase_order_header ORDER BY po_number LIMIT 1) AS po,
          (SELECT item_number FROM erp.purchase_order_line ORDER BY po_number LIMIT 1) AS item, o.invoice_number AS invoice
     FROM erp.ar_open o WHERE ${mine('o.sales_rep')} ORDER BY o.balance DESC LIMIT 1`,
);
const erp = erpSamples[0]!;
// White space's largest peer group: a small customer of the commonest account class (the AR sample is a big one, with few peers).
const { rows: smallSamples } = await db.query<{ company: string; customer: string }>(
  `SELECT company, customer FROM erp.customer_trailing_year_sales s JOIN erp.customer c USING (company, customer)
    WHERE s.account_class = (SELECT account_class FROM erp.customer_trailing_year_sales GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AND s.sales < 10000
      AND ${mine('c.sales_rep')}
    ORDER BY s.sales DESC, customer LIMIT 1`,
);
const small = smallSamples[0] ?? erp;
const WHITE_SPACE_RAW = `SELECT product_group, count(DISTINCT customer), sum(sales) FROM erp.invoice_line WHERE company = $1 AND invoice_date > current_date - 365 GROUP BY 1`;
const byDates = (sql: string) => (a: any) => ({ sql, params: [a.from, a.to] });
const fixed = (sql: string, params: unknown[] = []) => () => ({ sql, params });
const AGING = `sum(balance), sum(balance) FILTER (WHERE due_date < current_date)`;
calls.push(
  { name: 'PurchaseOrder/Grouped supplier YTD', url: '/PurchaseOrder/Grouped/supplier', body: {}, raw: byDates(`SELECT supplier, sum(cost), sum(open_cost), count(*) FROM erp.purchase_order_line WHERE order_date BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`) },
  { name: 'PurchaseOrder/Open/Grouped supplier', url: '/PurchaseOrder/Open/Grouped/supplier', body: {}, raw: fixed(`SELECT supplier, sum(open_cost) FROM erp.purchase_order_line WHERE qty_open > 0 GROUP BY 1 ${TOP}`) },
  { name: 'PurchaseOrder/KPI last month', url: '/PurchaseOrder/KPI', body: { dateSlug: 'last-month' }, raw: (a) => ({ sql: `SELECT sum(cost) FROM erp.purchase_order_line WHERE order_date BETWEEN $1 AND $2`, params: [a.current.from, a.current.to] }) },
  { name: 'PurchaseOrder/Summary (5 periods)', url: '/PurchaseOrder/Summary', body: {}, raw: (a) => ({ sql: `SELECT sum(cost) FROM erp.purchase_order_line WHERE order_date >= $1`, params: [a.periods[4].from] }) },
  { name: 'PurchaseOrder/OnTime supplier last quarter', url: '/PurchaseOrder/OnTime', body: { dateSlug: 'last-quarter' }, raw: byDates(`SELECT supplier, count(*), count(*) FILTER (WHERE received_date <= due_date) FROM erp.purchase_order_line WHERE received_date BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`) },
  { name: 'PurchaseOrder/Details', url: '/PurchaseOrder/Details', body: {}, raw: fixed(`SELECT * FROM erp.purchase_order_line ORDER BY order_date DESC LIMIT 15`) },
  { name: 'PurchaseOrder/Header', url: '/PurchaseOrder/Header', body: { poNumber: erp.po }, raw: fixed(`SELECT * FROM erp.purchase_order_line WHERE po_number = $1`, [erp.po]) },
  { name: 'PurchaseOrder/ItemHistory', url: '/PurchaseOrder/ItemHistory', body: { itemNumber: erp.item }, raw: fixed(`SELECT * FROM erp.purchase_order_line WHERE item_number = $1 ORDER BY order_date DESC LIMIT 15`, [erp.item]) },
  { name: 'AR/Grouped customer', url: '/AR/Grouped/customer', body: {}, raw: fixed(`SELECT customer, ${AGING} FROM erp.ar_open GROUP BY 1 ${TOP}`) },
  { name: 'AR/List', url: '/AR/List', body: {}, raw: fixed(`SELECT * FROM erp.ar_open ORDER BY due_date LIMIT 15`) },
  { name: 'AP/Grouped supplier', url: '/AP/Grouped/supplier', body: {}, raw: fixed(`SELECT supplier, ${AGING} FROM erp.ap_open GROUP BY 1 ${TOP}`) },
  { name: 'AP/List', url: '/AP/List', body: {}, raw: fixed(`SELECT * FROM erp.ap_open ORDER BY due_date LIMIT 15`) },
  { name: 'UnifiedAr/Invoice/Exact', url: `/UnifiedAr/Invoice/Exact/${erp.invoice}`, body: { company: erp.company }, raw: fixed(`SELECT * FROM erp.invoice_header h LEFT JOIN erp.ar_open o USING (company, invoice_number) WHERE h.invoice_number = $1`, [erp.invoice]) },
  { name: 'Analysis/SalesBookingsQuotes salesRep YTD', url: '/Analysis/SalesBookingsQuotes/salesRep/year-to-date', body: {}, raw: byDates(`SELECT sales_rep, sum(sales) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1`) },
  { name: 'Analysis/BusinessHealth customer last month', url: '/Analysis/BusinessHealth/customer/last-month', body: {}, raw: byDates(`SELECT customer, sum(sales), sum(cost) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1 ${TOP}`) },
  { name: 'Analysis/BusinessHealthDetail salesRep', url: '/Analysis/BusinessHealthDetail/salesRep', body: {}, raw: byDates(`SELECT sales_rep, customer, sum(sales) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1, 2`) },
  { name: 'Analysis/QuoteConversionRatio salesRep YTD', url: '/Analysis/QuoteConversionRatio/salesRep/year-to-date', body: {}, raw: byDates(`SELECT sales_rep, count(*), count(*) FILTER (WHERE status = 'Converted') FROM erp.quote_header WHERE quote_date BETWEEN $1 AND $2 GROUP BY 1`) },
  { name: 'Analysis/ArApRatio company', url: '/Analysis/ArApRatio/company', body: {}, raw: fixed(`SELECT company, sum(balance) FROM erp.ar_open GROUP BY 1 UNION ALL SELECT company, sum(balance) FROM erp.ap_open GROUP BY 1`) },
  { name: 'Inventory/Summary', url: '/Inventory/Summary', body: {}, raw: fixed(`SELECT company, item_number, sum(qty_on_hand) FROM erp.inventory WHERE qty_on_hand > 0 GROUP BY 1, 2 ORDER BY 2 LIMIT 15`) },
  { name: 'Inventory/Details', url: '/Inventory/Details', body: {}, raw: fixed(`SELECT * FROM erp.inventory WHERE qty_on_hand > 0 ORDER BY item_number LIMIT 15`) },
  { name: 'Inventory/Value/Grouped productGroup/30', url: '/Inventory/Value/Grouped/productGroup/30', body: {}, raw: fixed(`SELECT i.product_group, sum(v.qty_on_hand * v.unit_cost) FROM erp.inventory v JOIN erp.item i USING (company, item_number) GROUP BY 1 ${TOP}`) },
  { name: 'Inventory/ValueAnalysis/Grouped location', url: '/Inventory/ValueAnalysis/Grouped/location', body: {}, raw: fixed(`SELECT location, sum(qty_on_hand * unit_cost) FROM erp.inventory GROUP BY 1 ${TOP}`) },
  { name: 'Inventory/Value/Detail', url: '/Inventory/Value/Detail', body: {}, raw: fixed(`SELECT * FROM erp.inventory ORDER BY qty_on_hand * unit_cost DESC LIMIT 15`) },
  { name: 'Inventory/Reorder/100', url: '/Inventory/Reorder/100', body: {}, raw: fixed(`SELECT * FROM erp.inventory WHERE reorder_point > 0 AND qty_available <= reorder_point LIMIT 15`) },
  { name: 'Customer/List', url: '/Customer/List', body: {}, raw: fixed(`SELECT * FROM erp.customer ORDER BY customer_name LIMIT 15`) },
  { name: 'Customer/WhiteSpace (big account)', url: `/Customer/WhiteSpace/${erp.customer}/${erp.company}`, body: {}, raw: fixed(WHITE_SPACE_RAW, [erp.company]) },
  { name: 'Customer/WhiteSpace (small account, most peers)', url: `/Customer/WhiteSpace/${small.customer}/${small.company}`, body: {}, raw: fixed(WHITE_SPACE_RAW, [small.company]) },
  { name: 'Customer/Summary', url: '/Customer/Summary', body: { company: erp.company, customer: erp.customer }, raw: fixed(`SELECT sum(sales) FROM erp.invoice_line WHERE company = $1 AND customer = $2`, [erp.company, erp.customer]) },
  { name: 'ShipTo/List', url: '/ShipTo/List', body: {}, raw: fixed(`SELECT * FROM erp.ship_to ORDER BY ship_to_name LIMIT 15`) },
  { name: 'Corporate/List', url: '/Corporate/List', body: {}, raw: fixed(`SELECT * FROM erp.corporate ORDER BY corporate_name LIMIT 15`) },
  { name: 'Supplier/Summary', url: '/Supplier/Summary', body: { company: erp.company, supplier: erp.supplier }, raw: fixed(`SELECT sum(cost) FROM erp.purchase_order_line WHERE supplier = $1`, [erp.supplier]) },
  { name: 'ProductGroup/List', url: '/ProductGroup/List', body: {}, raw: fixed(`SELECT * FROM erp.product_group ORDER BY product_group_name LIMIT 15`) },
  { name: 'Supplier/List', url: '/Supplier/List', body: {}, raw: fixed(`SELECT * FROM erp.supplier ORDER BY supplier_name LIMIT 15`) },
  { name: 'Prospect/List', url: '/Prospect/List', body: {}, raw: fixed(`SELECT * FROM erp.prospect ORDER BY prospect_name LIMIT 15`) },
  { name: 'Inventory/ValueAnalysis/Detail', url: '/Inventory/ValueAnalysis/Detail', body: {}, raw: fixed(`SELECT * FROM erp.inventory WHERE qty_on_hand > 0 ORDER BY qty_on_hand * unit_cost DESC LIMIT 15`) },
);

// ---------------------------------------------------------------- service, shipments, usage, inactive items, notes, adjustments, RMAs
const { rows: laterSamples } = await db.query<{ service_order: string; rma: string }>(
  `SELECT (SELECT service_order_number FROM erp.service_order_header WHERE ${mine('sales_rep')} ORDER BY opened_date DESC, service_order_number LIMIT 1) AS service_order,
          (SELECT rma_number FROM erp.rma_header WHERE ${mine('sales_rep')} ORDER BY rma_date DESC, rma_number LIMIT 1) AS rma`,
);
const later = laterSamples[0]!;
calls.push(
  { name: 'ServiceOrder/Details', url: '/ServiceOrder/Details', body: {}, raw: fixed(`SELECT * FROM erp.service_order_header ORDER BY opened_date DESC LIMIT 15`) },
  { name: 'ServiceOrder/Grouped technician', url: '/ServiceOrder/Grouped/technician', body: {}, raw: fixed(`SELECT technician, count(*) FROM erp.service_order_header GROUP BY 1 ${TOP}`) },
  { name: 'ServiceOrder/Summary', url: '/ServiceOrder/Summary', body: {}, raw: fixed(`SELECT status, count(*) FROM erp.service_order_header GROUP BY 1`) },
  { name: 'ServiceOrder/Notes', url: '/ServiceOrder/Notes', body: { serviceOrderNumber: later.service_order }, raw: fixed(`SELECT * FROM erp.service_order_note WHERE service_order_number = $1`, [later.service_order]) },
  { name: 'Shipment/List', url: '/Shipment/List', body: {}, raw: fixed(`SELECT * FROM erp.shipment ORDER BY ship_date DESC LIMIT 15`) },
  { name: 'Usage/Log', url: '/Usage/Log', body: {}, raw: fixed(`SELECT customer, item_number, sum(qty) FROM erp.invoice_line WHERE invoice_date > current_date - 365 GROUP BY 1, 2 ${TOP}`) },
  { name: 'Usage/KPI YTD', url: '/Usage/KPI', body: { dateSlug: 'year-to-date' }, raw: (a) => ({ sql: `SELECT sum(qty) FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2`, params: [a.current?.from ?? a.from, a.current?.to ?? a.to] }) },
  { name: 'Inventory/Inactive/Customer', url: '/Inventory/Inactive/Customer', body: {}, raw: fixed(`SELECT company, customer, item_number, max(invoice_date) FROM erp.invoice_line WHERE invoice_date > current_date - 365 GROUP BY 1, 2, 3 HAVING max(invoice_date) < current_date - 90 ${TOP}`) },
  { name: 'Inventory/Inactive/Supplier', url: '/Inventory/Inactive/Supplier', body: {}, raw: fixed(`SELECT company, item_number, max(invoice_date) FROM erp.invoice_line WHERE invoice_date > current_date - 365 GROUP BY 1, 2 HAVING max(invoice_date) < current_date - 90 ${TOP}`) },
  { name: 'IBTSalesHistory/List', url: '/IBTSalesHistory/List', body: {}, raw: fixed(`SELECT l.* FROM erp.invoice_line l JOIN erp.invoice_header h USING (company, invoice_number) JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer WHERE loc.branch <> c.branch ORDER BY l.invoice_date DESC LIMIT 15`) },
  { name: 'Inventory/Adjustment', url: '/Inventory/Adjustment', body: {}, raw: fixed(`SELECT * FROM erp.inventory_adjustment_header ORDER BY adjustment_date DESC LIMIT 15`) },
  { name: 'Inventory/Adjustment reason', url: '/Inventory/Adjustment', body: { groupBy: 'reason' }, raw: fixed(`SELECT reason, sum(total_value) FROM erp.inventory_adjustment_header GROUP BY 1`) },
  { name: 'Inventory/RMA', url: '/Inventory/RMA', body: {}, raw: fixed(`SELECT * FROM erp.rma_header ORDER BY rma_date DESC LIMIT 15`) },
  { name: 'Inventory/RMA/Detail', url: '/Inventory/RMA/Detail', body: {}, raw: fixed(`SELECT * FROM erp.rma_line ORDER BY rma_number DESC LIMIT 15`) },
  { name: 'Customer/Note/List', url: '/Customer/Note/List', body: {}, raw: fixed(`SELECT * FROM erp.customer_note ORDER BY company, customer LIMIT 15`) },
);

// ---------------------------------------------------------------- the accounts area: jump-to and search type-ahead, the map (issue 23)
// A type-ahead asks with what a user has typed so far: part of a name common enough to find many
// accounts, and an account number typed from its start. The map asks around the demo's home city.
const { rows: typed } = await db.query<{ part: string; number: string }>(
  `SELECT (SELECT lower(split_part(customer_name, ' ', 1)) FROM erp.customer GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS part,
          (SELECT left(customer, 5) FROM erp.customer ORDER BY customer LIMIT 1) AS number`,
);
const { part, number } = typed[0]!;
const near = { lat: 41.85, lng: -87.65 };
const typeAhead = (searchString: string) => ({ searchString, pageSize: 50 });
const likeName = (table: string, name: string) => fixed(`SELECT * FROM ${table} WHERE lower(${name}) LIKE $1 ORDER BY ${name} LIMIT 50`, [`%${part}%`]);
const radiusSql = (table: string) =>
  `SELECT company, sales_rep, latitude, longitude FROM ${table} WHERE latitude IS NOT NULL AND 3958.8 * 2 * asin(least(1, sqrt(power(sin(radians(latitude - $1) / 2), 2)
     + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2)))) <= 500`;
calls.push(
  { name: 'Customer/Search/true (jump-to, part of a name)', url: '/Customer/Search/true', body: typeAhead(part), raw: likeName('erp.customer', 'customer_name') },
  { name: 'Customer/Search/false (number, BeginsWith)', url: '/Customer/Search/false', body: { ...typeAhead(number), searchOperator: 'BeginsWith' }, raw: fixed(`SELECT * FROM erp.customer WHERE customer LIKE $1 ORDER BY customer_name LIMIT 50`, [`${number}%`]) },
  { name: 'ShipTo/Search (part of a name)', url: '/ShipTo/Search', body: typeAhead(part), raw: likeName('erp.ship_to', 'ship_to_name') },
  { name: 'Prospect/Search (part of a name)', url: '/Prospect/Search', body: typeAhead(part), raw: likeName('erp.prospect', 'prospect_name') },
  { name: 'Corporate/Search (part of a name)', url: '/Corporate/Search', body: typeAhead(part), raw: likeName('erp.corporate', 'corporate_name') },
  { name: 'Supplier/Search (part of a name)', url: '/Supplier/Search', body: typeAhead(part.slice(0, 3)), raw: likeName('erp.supplier', 'supplier_name') },
  { name: 'Contact/List (jump to contact)', url: '/Contact/List', body: { searchString: 'son', pageSize: 50 }, raw: fixed(`SELECT * FROM erp.contact WHERE lower(contact_name) LIKE '%son%' ORDER BY contact_name LIMIT 50`) },
  { name: 'Map/Radius default 500 mi (500 markers)', url: `/Map/Radius/${near.lat}/${near.lng}/0`, body: { pageSize: 500 }, raw: fixed(`${radiusSql('erp.customer')} UNION ALL ${radiusSql('erp.ship_to')}`, [near.lat, near.lng]) },
  { name: 'Map/Radius 25 mi (500 markers)', url: `/Map/Radius/${near.lat}/${near.lng}/25`, body: { pageSize: 500 }, raw: fixed(`${radiusSql('erp.customer').replace('<= 500', '<= 25')}`, [near.lat, near.lng]) },
  { name: 'Customer/Map/Radius 25 mi', url: `/Customer/Map/Radius/${near.lat}/${near.lng}/25`, body: { pageSize: 500 }, raw: fixed(`${radiusSql('erp.customer').replace('<= 500', '<= 25')}`, [near.lat, near.lng]) },
);

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
  const response = await browser.request(c.method ?? 'POST', `/api${c.url}`, c.method ? {} : { body: c.body });
  if (response.statusCode !== 200) throw new Error(`${c.name}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const { rows: size } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM erp.invoice_line');
console.log(
  `\n${database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)'}, ${size[0]!.n.toLocaleString('en-US')} invoice lines (scale ${load.scale}), today ${load.data_through}, as ${values.as}@, ${runs} runs each; ms`,
);
console.log(`${'call'.padEnd(52)} ${'source'.padEnd(28)} ${'cold p50'.padStart(7)} ${'p95'.padStart(7)}   ${'warm p50'.padStart(7)} ${'p95'.padStart(7)}   ${'raw p50'.padStart(7)} ${'p95'.padStart(7)}`);
const only = values.only ? new RegExp(values.only) : null;
const failed: string[] = [];
for (const c of calls.filter((c) => !only || only.test(c.name))) {
  try {
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
  } catch (error) {
    // A call that does not answer (a 503 after the statement timeout) is reported, and the rest still measured.
    console.log(`${c.name.padEnd(52)} ${(error as Error).message.slice(c.name.length + 2, c.name.length + 120)}`);
    failed.push(c.name);
  }
}

if (failed.length) console.log(`\n${failed.length} call(s) did not answer: ${failed.join(', ')}`);
await close();
process.exitCode = failed.length ? 1 : 0;
