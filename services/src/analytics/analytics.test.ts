import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import { startTestServices, type TestBrowser } from '../testing/index.ts';
import { DATED_ROLLUPS, refreshRollups } from './rollups.ts';

const TODAY = '2026-11-20';
type Services = Awaited<ReturnType<typeof startTestServices>>;

let services: Services;
let admin: TestBrowser;
let rep: TestBrowser;
let rep2: TestBrowser;
let manager: TestBrowser;

async function signedIn(email: string): Promise<TestBrowser> {
  const browser = services.browser();
  const response = await browser.login(email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  return browser;
}

async function post(browser: TestBrowser, url: string, body: unknown = {}) {
  const response = await browser.request('POST', `/api${url}`, { body });
  return { status: response.statusCode, body: response.json() };
}

async function ok(browser: TestBrowser, url: string, body: unknown = {}) {
  const { status, body: json } = await post(browser, url, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return json;
}

/** Independent SQL on the raw lines. */
async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await services.db.query(text, params)).rows as T[];
}

const cents = (x: unknown) => Math.round(Number(x) * 100);

beforeAll(async () => {
  process.env.TRADEBOARD_TODAY = TODAY;
  services = await startTestServices({}, { erpData: true });
  [admin, rep, rep2, manager] = await Promise.all(
    ['admin', 'rep', 'rep2', 'manager'].map((name) => signedIn(`${name}@tradeboard.example`)),
  );
}, 180_000);

afterAll(async () => {
  delete process.env.TRADEBOARD_TODAY;
  await services?.close();
});

describe('Invoice/Grouped', () => {
  it('totals per sales rep for last month match a GROUP BY on the raw lines (day rollup)', async () => {
    const result = await ok(admin, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-month', pageSize: 500 });
    expect(result).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'Last Month', pageNumber: 1, pageSize: 500 });
    expect(result.source).toBe('invoice_day_rep');
    // Cost on the InvoiceCostBasis setting, by default Commission: the lines' commission cost.
    const raw = await sql<{ key: string; sales: string; cost: string; lines: number }>(
      `SELECT sales_rep AS key, sum(sales) AS sales, sum(commission_cost) AS cost, count(*)::int AS lines FROM erp.invoice_line
        WHERE invoice_date BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1 ORDER BY sum(sales) DESC`,
    );
    expect(result.totalCount).toBe(raw.length);
    expect(result.rows.map((r: { key: string }) => r.key)).toEqual(raw.map((r) => r.key));
    for (const [i, row] of result.rows.entries()) {
      expect(cents(row.sales)).toBe(cents(raw[i]!.sales));
      expect(cents(row.cost)).toBe(cents(raw[i]!.cost));
      expect(cents(row.grossProfit)).toBe(cents(raw[i]!.sales) - cents(raw[i]!.cost));
      expect(row.lineCount).toBe(raw[i]!.lines);
    }
    expect(result.rows.find((r: { key: string }) => r.key === 'SR01').name).toBe('Rick Rep');
    expect(cents(result.totals.sales)).toBe(raw.reduce((s, r) => s + cents(r.sales), 0));
  });

  it.each([
    ['customer', 'year-to-date', 'invoice_year_customer_total', 'customer'],
    ['customer', 'last-year', 'invoice_year_customer_total', 'customer'],
    ['customer', 'rolling-6-months', 'invoice_month_customer', 'customer'],
    ['customer', 'last-90-days', 'invoice_month_customer+invoice_day_customer', 'customer'],
    ['year', 'last-365-days', 'invoice_day_rep', "to_char(invoice_date, 'YYYY')"],
    ['productGroup', 'last-12-months', 'invoice_month_product_group', 'product_group'],
    ['branch', 'last-30-days', 'invoice_day_rep', 'branch'],
    ['itemNumber', 'last-quarter', 'invoice_month_item_total', 'item_number'],
    ['shipTo', 'this-month', 'invoice_line', 'ship_to'],
  ])('by %s for %s answers from %s, equal to the raw lines', async (groupBy, dateSlug, source, column) => {
    const result = await ok(admin, '/Invoice/Grouped', { groupBy, dateSlug, pageSize: 500, sortBy: 'key', sortDir: 'asc' });
    expect(result.source).toBe(source);
    const raw = await sql<{ key: string; sales: string }>(
      `SELECT ${column} AS key, sum(sales) AS sales FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1 LIMIT 500`,
      [result.from, result.to],
    );
    expect(result.rows.map((r: { key: string; sales: number }) => [r.key, cents(r.sales)])).toEqual(raw.map((r) => [r.key, cents(r.sales)]));
  });

  it('by item, an administrator reads the month × item rollups and a rep his own lines, with cost, lines and freight', async () => {
    const body = { dateSlug: 'last-quarter', pageSize: 500, sortBy: 'key', sortDir: 'asc' };
    const lines = (extra: string) =>
      sql<{ key: string; sales: string; cost: string; n: number; freight: string }>(
        `SELECT item_number AS key, sum(sales) AS sales, sum(commission_cost) AS cost, count(*)::int AS n, sum(freight) AS freight
           FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-07-01' AND '2026-09-30' ${extra} GROUP BY 1 ORDER BY 1 LIMIT 500`,
      );
    const figures = (rows: Array<{ key: string; sales: unknown; cost: unknown; lineCount?: number; n?: number; freight: unknown }>) =>
      rows.map((r) => [r.key, cents(r.sales), cents(r.cost), r.lineCount ?? r.n, cents(r.freight)]);
    const all = await ok(admin, '/Invoice/Freight/Grouped', { ...body, groupBy: 'itemNumber' });
    expect(all.source).toBe('invoice_month_item_total');
    expect(figures(all.rows)).toEqual(figures(await lines('')));
    // Filtered on a company: the month × company × item rollup.
    const [{ company }] = await sql<{ company: string }>('SELECT min(company) AS company FROM erp.invoice_line');
    const filters = [{ field: 'company', comparison: 'equals', values: [company] }];
    const ofCompany = await ok(admin, '/Invoice/Freight/Grouped', { ...body, groupBy: 'itemNumber', filters });
    expect(ofCompany.source).toBe('invoice_month_item');
    expect(figures(ofCompany.rows)).toEqual(figures(await lines(`AND company = '${company}'`)));
    const own = await ok(rep, '/Invoice/Freight/Grouped', { ...body, groupBy: 'itemNumber' });
    expect(own.source).toBe('invoice_line');
    expect(figures(own.rows)).toEqual(figures(await lines("AND sales_rep = 'SR01'")));
  });

  it('by item for one month, most sales first, reads its page from the month × item index and its count and totals from the summary', async () => {
    const body = { groupBy: 'itemNumber', dateSlug: 'last-month', pageSize: 5, pageNumber: 2, sortBy: 'sales', sortDir: 'desc' };
    const page = await ok(admin, '/Invoice/Grouped', body);
    expect(page.source).toBe('invoice_month_item_total');
    const raw = await sql<{ key: string; sales: string; cost: string; n: number }>(
      `SELECT item_number AS key, sum(sales) AS sales, sum(commission_cost) AS cost, count(*)::int AS n
         FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(raw.length).toBeGreaterThan(10);
    expect(page.totalCount).toBe(raw.length);
    type Row = { key: string; sales: number; cost: number; lineCount: number };
    expect(page.rows.map((r: Row) => [r.key, cents(r.sales), cents(r.cost), r.lineCount])).toEqual(raw.slice(5, 10).map((r) => [r.key, cents(r.sales), cents(r.cost), r.n]));
    expect(cents(page.totals.sales)).toBe(raw.reduce((s, r) => s + cents(r.sales), 0));
    expect(cents(page.totals.cost)).toBe(raw.reduce((s, r) => s + cents(r.cost), 0));
    // The count is the month's summary row: a changed one shows in a question not asked yet.
    await sql(`UPDATE erp.invoice_month_item_summary SET groups = groups + 1000 WHERE month = '2026-10-01'`);
    try {
      expect((await ok(admin, '/Invoice/Grouped', { ...body, pageSize: 4 })).totalCount).toBe(raw.length + 1000);
    } finally {
      await sql(`UPDATE erp.invoice_month_item_summary SET groups = groups - 1000 WHERE month = '2026-10-01'`);
    }
  });

  it('groups by month and day', async () => {
    const months = await ok(admin, '/Invoice/Grouped', { groupBy: 'month', dateSlug: 'year-to-date', pageSize: 20 });
    expect(months.rows.map((r: { key: string }) => r.key)).toEqual(Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));
    const [march] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-03-01' AND '2026-03-31'`);
    expect(cents(months.rows[2].sales)).toBe(cents(march!.s));
    const days = await ok(admin, '/Invoice/Grouped', { groupBy: 'day', dateSlug: 'this-week' });
    expect(days.rows.every((r: { key: string }) => r.key >= '2026-11-15' && r.key <= '2026-11-20')).toBe(true);
  });

  it('pages, sorts, searches and filters', async () => {
    const all = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', pageSize: 500, sortBy: 'name', sortDir: 'asc' });
    const page2 = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', pageSize: 5, pageNumber: 2, sortBy: 'name', sortDir: 'asc' });
    expect(page2.totalCount).toBe(all.totalCount);
    expect(page2.rows).toEqual(all.rows.slice(5, 10));
    const beyond = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', pageSize: 500, pageNumber: 99 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.totalCount).toBe(all.totalCount);
    expect(beyond.totals).toEqual(all.totals);
    const byProfit = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', pageSize: 500, sortBy: 'grossProfitPercent', sortDir: 'desc' });
    const margins = byProfit.rows.map((r: { grossProfitPercent: number | null }) => r.grossProfitPercent ?? -Infinity);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    const defaults = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year' });
    expect(defaults.pageSize).toBe(15);
    expect(defaults.rows).toHaveLength(Math.min(15, all.totalCount));
    const sales = defaults.rows.map((r: { sales: number }) => r.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));

    const someone = all.rows[3];
    const word = someone.name.split(' ')[0];
    for (const [operator, text, pred] of [
      ['Contains', word.slice(1, 4).toLowerCase(), (n: string) => n.toLowerCase().includes(word.slice(1, 4).toLowerCase())],
      ['BeginsWith', word, (n: string) => n.toLowerCase().startsWith(word.toLowerCase())],
      ['EndsWith', someone.name.slice(-4), (n: string) => n.toLowerCase().endsWith(someone.name.slice(-4).toLowerCase())],
      ['Exact', someone.name.toUpperCase(), (n: string) => n.toLowerCase() === someone.name.toLowerCase()],
    ] as const) {
      const found = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', pageSize: 500, searchString: text, searchOperator: operator });
      const expected = all.rows.filter((r: { key: string; name: string }) => pred(r.name) || pred(r.key)).map((r: { key: string }) => r.key);
      expect(found.rows.map((r: { key: string }) => r.key).sort(), operator).toEqual(expected.sort());
      expect(found.totalCount).toBeGreaterThan(0);
    }
    // Like-pattern characters and quotes are text, not SQL.
    for (const text of ['%', '_', "'; DROP TABLE erp.invoice_line; --"]) {
      const none = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year', searchString: text });
      expect(none.totalCount).toBe(0);
    }

    const filtered = await ok(admin, '/Invoice/Grouped', {
      groupBy: 'salesRep',
      dateSlug: 'last-year',
      filters: [
        { field: 'productGroup', comparison: 'include', values: ['FAS', 'BRG'] },
        { field: 'branch', comparison: 'equals', values: ['CHI'] },
        { field: 'customer', comparison: 'include', values: [] },
      ],
    });
    const raw = await sql<{ key: string; sales: string }>(
      `SELECT sales_rep AS key, sum(sales) AS sales FROM erp.invoice_line
        WHERE invoice_date BETWEEN '2025-01-01' AND '2025-12-31' AND product_group IN ('FAS', 'BRG') AND branch = 'CHI'
        GROUP BY 1 ORDER BY 2 DESC`,
    );
    expect(filtered.source).toBe('invoice_month_product_group');
    expect(filtered.rows.map((r: { key: string; sales: number }) => [r.key, cents(r.sales)])).toEqual(raw.map((r) => [r.key, cents(r.sales)]));
  });
});

describe('Invoice by customer for one year, from the year × customer totals', () => {
  type Raw = { key: string; name: string; sales: string; cost: string; lines: number; freight: string; rank: number; share: string };
  /** This year's (or the range's) customers by the raw lines, in the order of `measure`, most first. */
  const raw = (measure: string, where = '', params: unknown[] = [], range = { from: '2026-01-01', to: TODAY }) =>
    sql<Raw>(
      `SELECT l.customer AS key, min(c.customer_name) AS name, sum(sales) AS sales, sum(commission_cost) AS cost, count(*)::int AS lines,
              sum(freight) AS freight, rank() OVER (ORDER BY sum(sales) DESC)::int AS rank,
              round(100 * sum(sales) / sum(sum(sales)) OVER (), 2) AS share
         FROM erp.invoice_line l LEFT JOIN erp.customer c ON c.customer = l.customer
        WHERE invoice_date BETWEEN '${range.from}' AND '${range.to}' ${where} GROUP BY 1 ORDER BY sum(${measure}) DESC, 1`,
      params,
    );
  const sumCents = (rows: Raw[], measure: 'sales' | 'freight') => rows.reduce((s, r) => s + cents(r[measure]), 0);
  type Row = { key: string; name: string; sales: number; cost: number; lineCount: number; rank: number; percentOfTotal: number; freight: number };

  /** Page 2 of 5 of Invoice/Rank by customer: its source, and figures, ranks, shares, names, count and totals equal to the raw lines'. */
  async function expectSecondRankPage(dateSlug: string, source: string, bySales: Raw[]) {
    const page = await ok(admin, '/Invoice/Rank', { groupBy: 'customer', dateSlug, pageSize: 5, pageNumber: 2 });
    expect(page.source).toBe(source);
    expect(page.totalCount).toBe(bySales.length);
    expect(page.rows.map((r: Row) => [r.key, r.name, cents(r.sales), cents(r.cost), r.lineCount, r.rank, r.percentOfTotal])).toEqual(
      bySales.slice(5, 10).map((r) => [r.key, r.name, cents(r.sales), cents(r.cost), r.lines, r.rank, Number(r.share)]),
    );
    expect(cents(page.totals.sales)).toBe(sumCents(bySales, 'sales'));
    expect(page.totals.lineCount).toBe(bySales.reduce((s, r) => s + r.lines, 0));
  }

  it('ranks a page from the index in sales order: figures, ranks, shares, names, count and totals equal to the raw lines', async () => {
    const bySales = await raw('sales');
    await expectSecondRankPage('year-to-date', 'invoice_year_customer_total', bySales);

    const beyond = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'year-to-date', pageNumber: 999 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.totalCount).toBe(bySales.length);
    expect(cents(beyond.totals.sales)).toBe(sumCents(bySales, 'sales'));
  });

  it('pages by freight, most first, from the freight index, with the freight total', async () => {
    const byFreight = await raw('freight');
    const page = await ok(admin, '/Invoice/Freight/Grouped', { groupBy: 'customer', dateSlug: 'year-to-date', pageSize: 10, sortBy: 'freight', sortDir: 'desc' });
    expect(page.source).toBe('invoice_year_customer_total');
    expect(page.rows.map((r: Row) => [r.key, cents(r.freight), cents(r.sales)])).toEqual(byFreight.slice(0, 10).map((r) => [r.key, cents(r.freight), cents(r.sales)]));
    expect(cents(page.totals.freight)).toBe(sumCents(byFreight, 'freight'));
  });

  it('ranks among the customers a filter keeps; a rep reads only his own rows, from the rollup that keeps the rep', async () => {
    const bySales = await raw('sales');
    const chosen = [bySales[7]!.key, bySales[2]!.key, bySales[4]!.key];
    const filtered = await ok(admin, '/Invoice/Rank', {
      groupBy: 'customer',
      dateSlug: 'year-to-date',
      filters: [{ field: 'customer', comparison: 'include', values: chosen }],
    });
    const expected = await raw('sales', 'AND l.customer = ANY($1)', [chosen]);
    expect(filtered.source).toBe('invoice_year_customer_total');
    expect(filtered.totalCount).toBe(3);
    expect(filtered.rows.map((r: Row) => [r.key, r.rank, r.percentOfTotal])).toEqual(expected.map((r) => [r.key, r.rank, Number(r.share)]));
    expect(cents(filtered.totals.sales)).toBe(sumCents(expected, 'sales'));

    const own = await ok(rep, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'year-to-date', pageSize: 500 });
    expect(own.source).toBe('invoice_year_customer_scope_total');
    const ownRaw = await raw('sales', "AND l.sales_rep = 'SR01'");
    expect(own.rows.map((r: Row) => [r.key, cents(r.sales)])).toEqual(ownRaw.map((r) => [r.key, cents(r.sales)]));
  });

  it('rolling and last 12 months by customer page from the 12 months through this month and through last month', async () => {
    const rolling = { from: '2025-12-01', to: TODAY };
    await expectSecondRankPage('rolling-12-months', 'invoice_trailing_year_customer_total', await raw('sales', '', [], rolling));

    const byFreight = await raw('freight', '', [], { from: '2025-11-01', to: '2026-10-31' });
    const last12 = await ok(admin, '/Invoice/Freight/Grouped', { groupBy: 'customer', dateSlug: 'last-12-months', pageSize: 10, sortBy: 'freight', sortDir: 'desc' });
    expect(last12.source).toBe('invoice_trailing_year_customer_total');
    expect(last12.totalCount).toBe(byFreight.length);
    expect(last12.rows.map((r: Row) => [r.key, cents(r.freight), cents(r.sales), r.lineCount])).toEqual(byFreight.slice(0, 10).map((r) => [r.key, cents(r.freight), cents(r.sales), r.lines]));
    expect(cents(last12.totals.freight)).toBe(sumCents(byFreight, 'freight'));

    // Other spans and a time group-by read the month rollup; a rep's scope its windows per user scope.
    const six = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-6-months', pageSize: 3 });
    expect(six.source).toBe('invoice_month_customer');
    const sixRaw = await raw('sales', '', [], { from: '2026-05-01', to: '2026-10-31' });
    expect(six.rows.map((r: Row) => [r.key, cents(r.sales)])).toEqual(sixRaw.slice(0, 3).map((r) => [r.key, cents(r.sales)]));
    const byMonth = await ok(admin, '/Invoice/Grouped', { groupBy: 'month', dateSlug: 'rolling-12-months', pageSize: 12 });
    expect(byMonth.source).not.toBe('invoice_trailing_year_customer_total');
    expect(byMonth.rows).toHaveLength(12);
    const own = await ok(rep, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 500 });
    expect(own.source).toBe('invoice_trailing_year_customer_scope_total');
    const ownRaw = await raw('sales', "AND l.sales_rep = 'SR01'", [], rolling);
    expect(own.rows.map((r: Row) => [r.key, cents(r.sales), r.rank])).toEqual(ownRaw.map((r) => [r.key, cents(r.sales), r.rank]));
  });

  it("every customer's 12 months through each of the data's last 13 months equal the raw lines of those months", async () => {
    const windows = await sql<{ month: string; customer: string; sales: string; lines: number; stored_sales: string; stored_lines: number }>(
      `WITH raw AS (
         SELECT w.month, l.customer, sum(l.sales) AS sales, count(*)::int AS lines
           FROM generate_series('2025-11-01'::date, '2026-11-01', interval '1 month') w(month)
           JOIN erp.invoice_line l ON l.invoice_date >= w.month - interval '11 months' AND l.invoice_date < w.month + interval '1 month'
          GROUP BY 1, 2)
       SELECT month::text, customer, r.sales, r.lines, t.sales AS stored_sales, t.line_count AS stored_lines
         FROM raw r FULL JOIN erp.invoice_trailing_year_customer_total t USING (month, customer)`,
    );
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.filter((w) => cents(w.sales) !== cents(w.stored_sales) || w.lines !== w.stored_lines)).toEqual([]);
    const summaries = await sql(
      `SELECT s.month FROM erp.invoice_trailing_year_customer_summary s
         JOIN (SELECT month, count(*)::int AS n, sum(sales) AS sales FROM erp.invoice_trailing_year_customer_total GROUP BY 1) t USING (month)
        WHERE s.groups <> t.n OR s.sales <> t.sales`,
    );
    expect(summaries).toEqual([]);
    // A window through an earlier month is summed from the month rollup.
    const older = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: '2024-11-01_2025-10-31', pageSize: 3 });
    expect(older.source).toBe('invoice_month_customer');
    const olderRaw = await raw('sales', '', [], { from: '2024-11-01', to: '2025-10-31' });
    expect(older.totalCount).toBe(olderRaw.length);
    expect(older.rows.map((r: Row) => [r.key, cents(r.sales)])).toEqual(olderRaw.slice(0, 3).map((r) => [r.key, cents(r.sales)]));
  });

  it("this month and last month by customer page from each of the data's last 13 months; an older or partial month reads the month rollup", async () => {
    await expectSecondRankPage('this-month', 'invoice_recent_month_customer_total', await raw('sales', '', [], { from: '2026-11-01', to: TODAY }));
    await expectSecondRankPage('last-month', 'invoice_recent_month_customer_total', await raw('sales', '', [], { from: '2026-10-01', to: '2026-10-31' }));
    const months = await sql<{ month: string; customer: string }>(
      `WITH raw AS (SELECT date_trunc('month', invoice_date)::date AS month, customer, sum(sales) AS sales, sum(freight) AS freight, count(*)::int AS lines,
                           count(DISTINCT invoice_number)::int AS invoices
                      FROM erp.invoice_line WHERE invoice_date >= '2025-11-01' GROUP BY 1, 2)
       SELECT month::text, customer FROM raw r FULL JOIN erp.invoice_recent_month_customer_total t USING (month, customer)
        WHERE (r.sales, r.freight, r.lines, r.invoices) IS DISTINCT FROM (t.sales, t.freight, t.line_count, t.invoice_count)`,
    );
    expect(months).toEqual([]);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.invoice_recent_month_customer_total`);
    expect(n).toBeGreaterThan(0);
    for (const dateSlug of ['2025-10-01_2025-10-31', '2026-10-01_2026-10-15']) {
      const other = await ok(admin, '/Invoice/Grouped', { groupBy: 'customer', dateSlug, pageSize: 3 });
      expect(other.source, dateSlug).not.toBe('invoice_recent_month_customer_total');
      const [from, to] = dateSlug.split('_') as [string, string];
      expect(other.rows.map((r: Row) => [r.key, cents(r.sales)])).toEqual((await raw('sales', '', [], { from, to })).slice(0, 3).map((r) => [r.key, cents(r.sales)]));
    }
    const own = await ok(rep, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-month', pageSize: 500 });
    expect(own.source).toBe('invoice_recent_month_customer_scope_total');
    const ownRaw = await raw('sales', "AND l.sales_rep = 'SR01'", [], { from: '2026-10-01', to: '2026-10-31' });
    expect(own.totalCount).toBe(ownRaw.length);
    expect(own.rows.map((r: Row) => [r.key, cents(r.sales), r.lineCount])).toEqual(ownRaw.map((r) => [r.key, cents(r.sales), r.lines]));
  });

  describe('windows and years by customer per user scope', () => {
    const TEAM = "AND l.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')";

    it("every rep's and manager's windows through each of the data's last 13 months equal their scope's raw lines, with their summaries", async () => {
      for (const [code, scope] of [['SR01', "l.sales_rep = 'SR01'"], ['SM01', TEAM.slice(4)]] as const) {
        const windows = await sql(
          `WITH raw AS (
             SELECT w.month, l.customer, sum(l.sales) AS sales, sum(l.freight) AS freight, count(*)::int AS lines
               FROM generate_series('2025-11-01'::date, '2026-11-01', interval '1 month') w(month)
               JOIN erp.invoice_line l ON l.invoice_date >= w.month - interval '11 months' AND l.invoice_date < w.month + interval '1 month' AND ${scope}
              GROUP BY 1, 2)
           SELECT month::text, customer FROM raw r FULL JOIN (SELECT * FROM erp.invoice_trailing_year_customer_scope_total WHERE scope_rep = $1) t USING (month, customer)
            WHERE (r.sales, r.freight, r.lines) IS DISTINCT FROM (t.sales, t.freight, t.line_count)`,
          [code],
        );
        expect(windows, code).toEqual([]);
        const summaries = await sql(
          `SELECT s.month FROM erp.invoice_trailing_year_customer_scope_summary s
             FULL JOIN (SELECT month, count(*)::int AS n, sum(sales) AS sales FROM erp.invoice_trailing_year_customer_scope_total WHERE scope_rep = $1 GROUP BY 1) t USING (month)
            WHERE s.scope_rep = $1 AND (s.groups, s.sales) IS DISTINCT FROM (t.n, t.sales)`,
          [code],
        );
        expect(summaries, code).toEqual([]);
      }
      const [{ n }] = await sql<{ n: number }>(`SELECT count(DISTINCT scope_rep)::int AS n FROM erp.invoice_trailing_year_customer_scope_total WHERE scope_rep IN ('SR01', 'SM01')`);
      expect(n).toBe(2);
    });

    it("a manager's rank, count and totals by customer for rolling 12 months equal his team's lines, from his scope's index and summary", async () => {
      const teamRaw = await raw('sales', TEAM, [], { from: '2025-12-01', to: TODAY });
      const page = await ok(manager, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 10, pageNumber: 2 });
      expect(page.source).toBe('invoice_trailing_year_customer_scope_total');
      expect(page.totalCount).toBe(teamRaw.length);
      expect(cents(page.totals.sales)).toBe(sumCents(teamRaw, 'sales'));
      expect(page.rows.map((r: Row) => [r.key, cents(r.sales), r.rank])).toEqual(teamRaw.slice(10, 20).map((r) => [r.key, cents(r.sales), r.rank]));
      // Another manager's team is not his: the rep of another team reads only his own.
      const other = await ok(rep2, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 500 });
      expect(other.rows.filter((r: Row) => page.rows.some((p: Row) => p.key === r.key))).toEqual([]);
    });

    it("every scope's year totals equal its raw lines, and a manager's year to date by customer pages from them", async () => {
      for (const [code, scope] of [['SR01', "l.sales_rep = 'SR01'"], ['SM01', TEAM.slice(4)]] as const) {
        const years = await sql(
          `WITH raw AS (SELECT date_trunc('year', l.invoice_date)::date AS year, l.customer, sum(l.sales) AS sales, sum(l.freight) AS freight, count(*)::int AS lines
                          FROM erp.invoice_line l WHERE ${scope} GROUP BY 1, 2)
           SELECT year::text, customer FROM raw r FULL JOIN (SELECT * FROM erp.invoice_year_customer_scope_total WHERE scope_rep = $1) t USING (year, customer)
            WHERE (r.sales, r.freight, r.lines) IS DISTINCT FROM (t.sales, t.freight, t.line_count)`,
          [code],
        );
        expect(years, code).toEqual([]);
      }
      const teamRaw = await raw('sales', TEAM);
      const page = await ok(manager, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'year-to-date', pageSize: 10, pageNumber: 2 });
      expect(page.source).toBe('invoice_year_customer_scope_total');
      expect(page.totalCount).toBe(teamRaw.length);
      expect(cents(page.totals.sales)).toBe(sumCents(teamRaw, 'sales'));
      expect(page.rows.map((r: Row) => [r.key, cents(r.sales)])).toEqual(teamRaw.slice(10, 20).map((r) => [r.key, cents(r.sales)]));
    });

    it("a rep's question follows his scope's rows (they are read, not the month rollup)", async () => {
      const [top] = (await ok(rep, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 1 })).rows as Row[];
      const move = (by: number) =>
        sql(`UPDATE erp.invoice_trailing_year_customer_scope_total SET sales = sales + $2 WHERE month = '2026-11-01' AND scope_rep = 'SR01' AND customer = $1`, [top!.key, by]);
      await move(1000000);
      try {
        const moved = await ok(rep, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 1, searchString: String(top!.key) });
        expect(moved.rows.filter((r: Row) => r.key === top!.key).map((r: Row) => cents(r.sales))).toEqual([cents(top!.sales) + 100000000]);
      } finally {
        await move(-1000000);
        // The rows back in the order of their date index, as a load leaves them (checked below).
        await sql('CLUSTER erp.invoice_trailing_year_customer_scope_total USING invoice_trailing_year_customer_scope_total_pkey');
      }
    });
  });

  it("year over year by customer pages from this year's index, and past this year's buyers from every customer of the three years", async () => {
    type Years = { key: string; y0: string; y1: string; y2: string };
    const byYears = await sql<Years>(
      `SELECT customer AS key, coalesce(sum(sales) FILTER (WHERE invoice_date >= '2026-01-01'), 0) AS y0,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-01-01' AND '2025-12-31'), 0) AS y1,
              coalesce(sum(sales) FILTER (WHERE invoice_date < '2025-01-01'), 0) AS y2
         FROM erp.invoice_line WHERE invoice_date >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    const buyers = byYears.filter((r) => Number(r.y0) > 0).length;
    // Some customers bought in the years before and not this year: they close the list.
    expect(buyers).toBeLessThan(byYears.length);
    const figures = (rows: Array<{ key: string; sales: number[] }>) => rows.map((r) => [r.key, ...r.sales.map(cents)]);
    const expected = (rows: Years[]) => rows.map((r) => [r.key, cents(r.y0), cents(r.y1), cents(r.y2)]);
    const page = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'customer', pageSize: 5, pageNumber: 3 });
    expect(page.source).toBe('invoice_year_customer_total');
    expect(page.totalCount).toBe(byYears.length);
    expect(figures(page.rows)).toEqual(expected(byYears.slice(10, 15)));
    // The page that holds the last of this year's buyers and the first customers without a purchase this year.
    const pageSize = 4;
    const across = Math.floor(buyers / pageSize) + 1;
    const last = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'customer', pageSize, pageNumber: across });
    expect(last.totalCount).toBe(byYears.length);
    expect(figures(last.rows)).toEqual(expected(byYears.slice((across - 1) * pageSize, across * pageSize)));
    const chosen = [byYears[3]!.key, byYears[buyers]!.key, byYears[1]!.key];
    const filtered = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'customer', filters: [{ field: 'customer', comparison: 'include', values: chosen }] });
    expect(filtered.totalCount).toBe(3);
    expect(figures(filtered.rows)).toEqual(expected([byYears[1]!, byYears[3]!, byYears[buyers]!]));
  });
});

describe('Invoice/Rank, KPI, Summary, SlidingComparison, YearOverYear', () => {
  it('ranks customers by sales like rank() over the raw lines', async () => {
    const result = await ok(admin, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 25 });
    const raw = await sql<{ key: string; rank: number; share: string }>(
      `SELECT customer AS key, rank() OVER (ORDER BY sum(sales) DESC)::int AS rank,
              round(100 * sum(sales) / sum(sum(sales)) OVER (), 2) AS share
         FROM erp.invoice_line WHERE invoice_date BETWEEN '2025-12-01' AND '2026-11-20'
        GROUP BY 1 ORDER BY sum(sales) DESC, 1 LIMIT 25`,
    );
    expect(result.rows.map((r: { key: string; rank: number; percentOfTotal: number }) => [r.key, r.rank, r.percentOfTotal])).toEqual(
      raw.map((r) => [r.key, r.rank, Number(r.share)]),
    );
    const third = await ok(admin, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'rolling-12-months', pageSize: 1, pageNumber: 3 });
    expect(third.rows[0].rank).toBe(3);
  });

  it('KPI: year to date against the same days last year, with invoice counts', async () => {
    const kpi = await ok(admin, '/Invoice/KPI', { dateSlug: 'year-to-date' });
    const [now, then] = await sql<{ s: string; c: string; n: number }>(
      `SELECT sum(sales) AS s, sum(commission_cost) AS c, count(DISTINCT invoice_number)::int AS n FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2
       UNION ALL
       SELECT sum(sales), sum(commission_cost), count(DISTINCT invoice_number)::int FROM erp.invoice_line WHERE invoice_date BETWEEN $3 AND $4`,
      ['2026-01-01', TODAY, '2025-01-01', '2025-11-20'],
    );
    expect(kpi.current).toMatchObject({ from: '2026-01-01', to: TODAY, documentCount: now!.n });
    expect(cents(kpi.current.sales)).toBe(cents(now!.s));
    expect(cents(kpi.current.grossProfit)).toBe(cents(now!.s) - cents(now!.c));
    expect(kpi.comparison).toMatchObject({ from: '2025-01-01', to: '2025-11-20', documentCount: then!.n });
    expect(cents(kpi.comparison.sales)).toBe(cents(then!.s));
    expect(cents(kpi.change)).toBe(cents(now!.s) - cents(then!.s));
    expect(kpi.changePercent).toBeCloseTo((100 * (Number(now!.s) - Number(then!.s))) / Number(then!.s), 1);
  });

  it('KPI: month to date compares with the same days of last year’s month', async () => {
    const kpi = await ok(admin, '/Invoice/KPI', { dateSlug: 'this-month' });
    expect([kpi.current.from, kpi.current.to, kpi.comparison.from, kpi.comparison.to]).toEqual(['2026-11-01', TODAY, '2025-11-01', '2025-11-20']);
    const [then] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2025-11-01' AND '2025-11-20'`);
    expect(cents(kpi.comparison.sales)).toBe(cents(then!.s));
  });

  it('Summary: this month, last month, YTD, last year YTD, last year', async () => {
    const summary = await ok(admin, '/Invoice/Summary', {});
    expect(summary.periods.map((p: { dateSlug: string }) => p.dateSlug)).toEqual(['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year']);
    for (const p of summary.periods) {
      const [raw] = await sql<{ s: string; n: number }>(
        'SELECT coalesce(sum(sales), 0) AS s, count(DISTINCT invoice_number)::int AS n FROM erp.invoice_line WHERE invoice_date BETWEEN $1 AND $2',
        [p.from, p.to],
      );
      expect(cents(p.sales), p.dateSlug).toBe(cents(raw!.s));
      expect(p.documentCount).toBe(raw!.n);
    }
  });

  it('SlidingComparison: last quarter by product group against the same quarter last year', async () => {
    const result = await ok(admin, '/Invoice/SlidingComparison', { groupBy: 'productGroup', dateSlug: 'last-quarter', pageSize: 100 });
    expect(result.current).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(result.comparison).toEqual({ from: '2025-07-01', to: '2025-09-30' });
    const raw = await sql<{ key: string; c: string; p: string }>(
      `SELECT product_group AS key,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2026-07-01' AND '2026-09-30'), 0) AS c,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-07-01' AND '2025-09-30'), 0) AS p
         FROM erp.invoice_line GROUP BY 1 HAVING count(*) FILTER (WHERE invoice_date BETWEEN '2025-07-01' AND '2025-09-30'
                                                                         OR invoice_date BETWEEN '2026-07-01' AND '2026-09-30') > 0
        ORDER BY 2 DESC, 1`,
    );
    expect(result.rows.map((r: { key: string; currentSales: number; comparisonSales: number; change: number }) => [r.key, cents(r.currentSales), cents(r.comparisonSales), cents(r.change)])).toEqual(
      raw.map((r) => [r.key, cents(r.c), cents(r.p), cents(r.c) - cents(r.p)]),
    );
  });

  it('SlidingComparison by customer over ranges of partial months: whole months from the rollup, edges from the lines, for a rep his own', async () => {
    const result = await ok(rep, '/Invoice/SlidingComparison', { groupBy: 'customer', dateSlug: 'last-90-days', pageSize: 500, sortBy: 'key', sortDir: 'asc' });
    expect(result.source).toBe('invoice_month_customer+invoice_day_customer');
    const { current, comparison } = result;
    expect([current.from.slice(8), comparison.from.slice(8)]).not.toEqual(['01', '01']);
    const raw = await sql<{ key: string; c: string; p: string }>(
      `SELECT customer AS key, coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN $1 AND $2), 0) AS c,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN $3 AND $4), 0) AS p
         FROM erp.invoice_line WHERE sales_rep = 'SR01' AND (invoice_date BETWEEN $1 AND $2 OR invoice_date BETWEEN $3 AND $4)
        GROUP BY 1 ORDER BY 1 LIMIT 500`,
      [current.from, current.to, comparison.from, comparison.to],
    );
    expect(result.totalCount).toBe(raw.length);
    expect(result.rows.map((r: { key: string; currentSales: number; comparisonSales: number }) => [r.key, cents(r.currentSales), cents(r.comparisonSales)])).toEqual(
      raw.map((r) => [r.key, cents(r.c), cents(r.p)]),
    );
  });

  it('SlidingComparison by customer this month: the page from the month index by sales, sums and count from the day × customer rollup, which sums the lines exactly', async () => {
    const differing = await sql(
      `WITH raw AS (SELECT invoice_date, company, customer, branch, sales_rep, sum(sales) AS sales, sum(cost) AS cost, sum(commission_cost) AS commission_cost,
                           sum(freight) AS freight, count(*)::int AS lines, count(DISTINCT invoice_number)::int AS invoices
                      FROM erp.invoice_line GROUP BY 1, 2, 3, 4, 5)
       SELECT * FROM raw r FULL JOIN erp.invoice_day_customer t USING (invoice_date, company, customer, branch, sales_rep)
        WHERE (r.sales, r.cost, r.commission_cost, r.freight, r.lines, r.invoices) IS DISTINCT FROM (t.sales, t.cost, t.commission_cost, t.freight, t.line_count, t.invoice_count)`,
    );
    expect(differing).toEqual([]);
    const raw = async (where = '', params: unknown[] = []) =>
      sql<{ key: string; name: string; c: string; p: string }>(
        `SELECT l.customer AS key, min(c.customer_name) AS name,
                coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2026-11-01' AND '${TODAY}'), 0) AS c,
                coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-11-01' AND '2025-11-20'), 0) AS p
           FROM erp.invoice_line l LEFT JOIN erp.customer c ON c.customer = l.customer
          WHERE (invoice_date BETWEEN '2026-11-01' AND '${TODAY}' OR invoice_date BETWEEN '2025-11-01' AND '2025-11-20') ${where}
          GROUP BY 1 ORDER BY 3 DESC, 1`,
        params,
      );
    const shape = (rows: Array<{ key: string; name: string; currentSales: number; comparisonSales: number }>) =>
      rows.map((r) => [r.key, r.name, cents(r.currentSales), cents(r.comparisonSales)]);
    const expected = (rows: Awaited<ReturnType<typeof raw>>) => rows.map((r) => [r.key, r.name, cents(r.c), cents(r.p)]);

    const body = (more: object) => ({ groupBy: 'customer', dateSlug: 'this-month', ...more });
    const ranked = 'invoice_day_customer ranked by invoice_recent_month_customer_total';
    const all = await raw();
    const buyers = all.filter((r) => cents(r.c) > 0).length;
    expect(buyers).toBeGreaterThan(14);
    const second = await ok(admin, '/Invoice/SlidingComparison', body({ pageSize: 7, pageNumber: 2 }));
    expect(second.source).toBe(ranked);
    expect(second.comparison).toEqual({ from: '2025-11-01', to: '2025-11-20' });
    expect(second.totalCount).toBe(all.length);
    expect(shape(second.rows)).toEqual(expected(all.slice(7, 14)));

    // Unfiltered, the count is migration 048's rows: each customer at its first day of November in either year.
    const firstDays = await sql(
      `WITH a AS (SELECT date_trunc('month', invoice_date)::date AS month, extract(day FROM invoice_date)::int AS day, customer FROM erp.invoice_line),
            c AS (SELECT month, customer, min(day) AS first_day FROM (SELECT * FROM a UNION ALL SELECT (month + interval '1 year')::date, day, customer FROM a) y GROUP BY 1, 2),
            n AS (SELECT month, first_day, count(*)::int AS groups FROM c GROUP BY 1, 2)
       SELECT * FROM n FULL JOIN erp.invoice_month_to_date_customers t USING (month, first_day) WHERE n.groups IS DISTINCT FROM t.groups`,
    );
    expect(firstDays).toEqual([]);
    await sql(`UPDATE erp.invoice_month_to_date_customers SET groups = groups + 1000
                WHERE month = '2026-11-01' AND first_day = (SELECT min(first_day) FROM erp.invoice_month_to_date_customers WHERE month = '2026-11-01')`);
    try {
      expect((await ok(admin, '/Invoice/SlidingComparison', body({ pageSize: 6 }))).totalCount).toBe(all.length + 1000);
    } finally {
      await sql('SELECT erp.refresh_invoice_month_to_date_customers()');
    }

    // Filtered on customers: counted among them.
    const chosen = [all[9]!.key, all[3]!.key, all.at(-1)!.key];
    const filtered = await ok(admin, '/Invoice/SlidingComparison', body({ pageSize: 2, filters: [{ field: 'customer', comparison: 'include', values: chosen }] }));
    expect(filtered.source).toBe(ranked);
    expect(filtered.totalCount).toBe(3);
    expect(shape(filtered.rows)).toEqual(expected((await raw('AND l.customer = ANY($1)', [chosen])).slice(0, 2)));

    // A page reaching past the customers who bought this month: every group's aggregate answers it.
    const past = await ok(admin, '/Invoice/SlidingComparison', body({ pageSize: buyers - 1, pageNumber: 2 }));
    expect(past.source).toBe('invoice_day_customer');
    expect(past.totalCount).toBe(all.length);
    expect(shape(past.rows)).toEqual(expected(all.slice(buyers - 1, 2 * (buyers - 1))));

    // A rep's own: his scope's month index has no month-to-date counts, so the day rollup answers alone, a first page too.
    const own = await ok(rep, '/Invoice/SlidingComparison', body({ pageSize: 500 }));
    expect(own.source).toBe('invoice_day_customer');
    const ownRaw = await raw("AND l.sales_rep = 'SR01'");
    expect(own.totalCount).toBe(ownRaw.length);
    expect(shape(own.rows)).toEqual(expected(ownRaw));
    const ownFirst = await ok(rep, '/Invoice/SlidingComparison', body({ pageSize: 5 }));
    expect(ownFirst.source).toBe('invoice_day_customer');
    expect(shape(ownFirst.rows)).toEqual(expected(ownRaw.slice(0, 5)));
  });

  it('a custom range with a partial month at each end sums both edges from the lines, scoped and filtered like the months', async () => {
    const [{ branch }] = await sql<{ branch: string }>(`SELECT branch FROM erp.invoice_line WHERE sales_rep = 'SR01' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const result = await ok(rep, '/Invoice/Grouped', {
      groupBy: 'customer',
      dateSlug: '2026-08-22_2026-10-20',
      filters: [{ field: 'branch', comparison: 'equals', values: [branch] }],
      pageSize: 500,
      sortBy: 'key',
      sortDir: 'asc',
    });
    expect(result.source).toBe('invoice_month_customer+invoice_day_customer');
    const raw = await sql<{ key: string; sales: string; lines: number }>(
      `SELECT customer AS key, sum(sales) AS sales, count(*)::int AS lines FROM erp.invoice_line
        WHERE sales_rep = 'SR01' AND branch = $1 AND invoice_date BETWEEN '2026-08-22' AND '2026-10-20' GROUP BY 1 ORDER BY 1 LIMIT 500`,
      [branch],
    );
    expect(result.totalCount).toBe(raw.length);
    expect(result.rows.map((r: { key: string; sales: number; lineCount: number }) => [r.key, cents(r.sales), r.lineCount])).toEqual(raw.map((r) => [r.key, cents(r.sales), r.lines]));
  });

  it('YearOverYear by month: the current year and the two before', async () => {
    const result = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'month', pageSize: 12 });
    expect(result.years.map((y: { year: number }) => y.year)).toEqual([2026, 2025, 2024]);
    expect(result.rows.map((r: { key: string }) => r.key)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const raw = await sql<{ m: number; y: number; s: string }>(
      `SELECT extract(month FROM invoice_date)::int AS m, extract(year FROM invoice_date)::int AS y, sum(sales) AS s
         FROM erp.invoice_line WHERE invoice_date >= '2024-01-01' GROUP BY 1, 2`,
    );
    for (const row of result.rows) {
      result.years.forEach((year: { year: number }, i: number) => {
        const match = raw.find((r) => r.m === Number(row.key) && r.y === year.year);
        expect(cents(row.sales[i]), `${row.key}/${year.year}`).toBe(cents(match?.s ?? 0));
      });
    }
    const byCustomer = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'customer', pageSize: 5 });
    expect(byCustomer.source).toBe('invoice_year_customer_total');
    const top = await sql<{ key: string; y0: string; y1: string; y2: string }>(
      `SELECT customer AS key, coalesce(sum(sales) FILTER (WHERE invoice_date >= '2026-01-01'), 0) AS y0,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-01-01' AND '2025-12-31'), 0) AS y1,
              coalesce(sum(sales) FILTER (WHERE invoice_date < '2025-01-01'), 0) AS y2
         FROM erp.invoice_line WHERE invoice_date >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`,
    );
    expect(byCustomer.rows.map((r: { key: string; sales: number[] }) => [r.key, ...r.sales.map(cents)])).toEqual(
      top.map((r) => [r.key, cents(r.y0), cents(r.y1), cents(r.y2)]),
    );
    const byRep = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'salesRep', sortBy: 'minus1', sortDir: 'desc' });
    const minus1 = byRep.rows.map((r: { sales: number[] }) => r.sales[1]);
    expect(minus1).toEqual([...minus1].sort((a, b) => b - a));
  });

  it('fiscal periods follow the FiscalYear setting (a year starting 1 July)', async () => {
    await services.db.query(
      `INSERT INTO app.setting_global (customer_master_id, setting_master_id, setting_value)
       SELECT 1, setting_master_id, '1990-07-01' FROM app.setting_master WHERE setting_name = 'FiscalYear'
       ON CONFLICT (customer_master_id, setting_master_id) DO UPDATE SET setting_value = excluded.setting_value`,
    );
    try {
      const kpi = await ok(admin, '/Invoice/KPI', { dateSlug: 'fiscal-year-to-date' });
      expect([kpi.current.from, kpi.current.to, kpi.comparison.from, kpi.comparison.to]).toEqual(['2026-07-01', TODAY, '2025-07-01', '2025-11-20']);
      const [raw] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-07-01' AND $1`, [TODAY]);
      expect(cents(kpi.current.sales)).toBe(cents(raw!.s));
      const quarter = await ok(admin, '/Invoice/KPI', { dateSlug: 'last-fiscal-quarter' });
      expect([quarter.current.from, quarter.current.to]).toEqual(['2026-07-01', '2026-09-30']);
      const yoy = await ok(admin, '/Invoice/YearOverYear', { groupBy: 'month', fiscal: true, pageSize: 12 });
      expect(yoy.years[0]).toEqual({ token: 'current', year: 2027, from: '2026-07-01', to: '2027-06-30' });
      const [july] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-07-01' AND '2026-07-31'`);
      expect(yoy.rows[0].key).toBe('01');
      expect(cents(yoy.rows[0].sales[0])).toBe(cents(july!.s));
    } finally {
      await services.db.query(`DELETE FROM app.setting_global WHERE setting_master_id = (SELECT setting_master_id FROM app.setting_master WHERE setting_name = 'FiscalYear')`);
    }
  });
});

describe('same board, my data', () => {
  it('a rep sees only his own lines', async () => {
    const result = await ok(rep, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'year-to-date' });
    expect(result.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    const [raw] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date BETWEEN '2026-01-01' AND $1`, [TODAY]);
    expect(cents(result.rows[0].sales)).toBe(cents(raw!.s));
    expect(cents(result.totals.sales)).toBe(cents(raw!.s));
    const kpi = await ok(rep, '/Invoice/KPI', { dateSlug: 'year-to-date' });
    expect(cents(kpi.current.sales)).toBe(cents(raw!.s));
  });

  it('a rep cannot read another rep’s data by changing filters or ids', async () => {
    const [other] = await sql<{ customer: string }>(
      `SELECT customer FROM erp.invoice_line GROUP BY customer HAVING bool_and(sales_rep = 'SR02') LIMIT 1`,
    );
    const range = ['2024-01-01', TODAY];
    const own = async (extra: string, params: unknown[] = []) =>
      cents(
        (await sql<{ s: string }>(
          `SELECT coalesce(sum(sales), 0) AS s FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date BETWEEN $1 AND $2 ${extra}`,
          [...range, ...params],
        ))[0]!.s,
      );
    const attempts: Array<[unknown[], number]> = [
      [[{ field: 'salesRep', comparison: 'equals', values: ['SR02'] }], 0],
      [[{ field: 'SalesRep', comparison: 'include', values: ['SR01', 'SR02'] }], await own('')],
      [[{ field: 'customer', comparison: 'equals', values: [other!.customer] }], await own('AND customer = $3', [other!.customer])],
    ];
    const sr02 = await ok(rep2, '/Invoice/KPI', { dateSlug: `${range[0]}_${range[1]}` });
    expect(sr02.current.sales).toBeGreaterThan(0);
    for (const [filters, expected] of attempts) {
      for (const groupBy of ['salesRep', 'customer']) {
        const grouped = await ok(rep, '/Invoice/Grouped', { groupBy, dateSlug: `${range[0]}_${range[1]}`, filters, pageSize: 500 });
        expect(cents(grouped.totals.sales), JSON.stringify(filters)).toBe(expected);
        if (groupBy === 'salesRep') expect(grouped.rows.every((r: { key: string }) => r.key === 'SR01')).toBe(true);
      }
      const kpi = await ok(rep, '/Invoice/KPI', { dateSlug: `${range[0]}_${range[1]}`, filters });
      expect(cents(kpi.current.sales), JSON.stringify(filters)).toBe(expected);
      const rank = await ok(rep, '/Invoice/Rank', { groupBy: 'customer', dateSlug: 'last-year', filters, pageSize: 500 });
      expect(rank.rows.every((r: { key: string }) => r.key !== other!.customer)).toBe(true);
    }
    const booking = await ok(rep, '/Booking/Grouped/salesRep/last-year', { filters: [{ field: 'salesRep', comparison: 'equals', values: ['SR02'] }] });
    expect(booking.rows).toEqual([]);
    const orders = await ok(rep, '/Order/Grouped/salesRep', {});
    expect(orders.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    const yoy = await ok(rep, '/Invoice/YearOverYear', { groupBy: 'salesRep' });
    expect(yoy.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
  });

  it('a manager sees his team and himself, not another manager’s team; an admin sees all', async () => {
    const team = await ok(manager, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-year', pageSize: 100, sortBy: 'key' });
    const keys = team.rows.map((r: { key: string }) => r.key);
    expect(keys).toContain('SR01');
    expect(keys).toContain('SR12');
    expect(keys.some((k: string) => ['SM02', 'SR13', 'SR14', 'SR15', 'SR16'].includes(k))).toBe(false);
    const [raw] = await sql<{ s: string }>(
      `SELECT sum(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2025-01-01' AND '2025-12-31'
          AND sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')`,
    );
    expect(cents(team.totals.sales)).toBe(cents(raw!.s));
    const all = await ok(admin, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-year', pageSize: 100 });
    expect(all.rows.map((r: { key: string }) => r.key)).toContain('SR13');
  });

  it('a user with no sales rep and no admin role reads nothing', async () => {
    const viewer = await signedIn('viewer@tradeboard.example');
    const kpi = await ok(viewer, '/Invoice/KPI', { dateSlug: 'last-year' });
    expect(kpi.current.sales).toBe(0);
    const grouped = await ok(viewer, '/Invoice/Grouped', { groupBy: 'customer', dateSlug: 'last-year' });
    expect(grouped.totalCount).toBe(0);
  });

  it('needs a session', async () => {
    const response = await services.browser().request('POST', '/api/Invoice/Grouped', { body: { groupBy: 'salesRep', dateSlug: 'today' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad requests give 400 naming the field', () => {
  it.each([
    ['/Invoice/Grouped', { groupBy: 'password', dateSlug: 'today' }, /groupBy 'password'/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'someday' }, /dateSlug 'someday'/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', filters: [{ field: 'sales_rep; --', comparison: 'include', values: ['x'] }] }, /filter field 'sales_rep; --'/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', sortBy: 'sales DESC; --' }, /sortBy field 'sales DESC; --'/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', pageSize: 501 }, /pageSize/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', pageNumber: 0 }, /pageNumber/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', searchOperator: 'Like' }, /searchOperator/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', filters: [{ field: 'branch', comparison: 'between', values: ['x'] }] }, /comparison/],
    ['/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'today', filters: [{ field: 'branch', comparison: 'equals', values: ['A', 'B'] }] }, /branch/],
    ['/Invoice/Grouped', { dateSlug: 'today' }, /groupBy/],
    ['/Invoice/Rank', { groupBy: 'invoiceNumber', dateSlug: 'today' }, /groupBy 'invoiceNumber'/],
    ['/Invoice/KPI', { dateSlug: '2026-02-30' }, /dateSlug '2026-02-30'/],
    ['/Invoice/SlidingComparison', { groupBy: 'month', dateSlug: 'next-decade' }, /dateSlug/],
    ['/Invoice/YearOverYear', { groupBy: 'weather' }, /groupBy 'weather'/],
    ['/Invoice/YearOverYear', { groupBy: 'day' }, /groupBy 'day'/],
    ['/Invoice/Summary', { filters: [{ field: 'cost', comparison: 'include', values: ['1'] }] }, /filter field 'cost'/],
    ['/Booking/Grouped/nope/today', {}, /groupBy 'nope'/],
    ['/Booking/Grouped/salesRep/nope', {}, /dateSlug 'nope'/],
    ['/Booking/Grouped/salesRep/today?bookingDateBasis=ShipDate', {}, /bookingDateBasis/],
    ['/Order/Grouped/nope', {}, /groupBy 'nope'/],
  ])('%s %j', async (url, body, message) => {
    const { status, body: json } = await post(admin, url, body);
    expect(status).toBe(400);
    expect(json.message).toMatch(message);
  });
});

describe('Booking and Order', () => {
  it('Booking/Grouped on either date basis matches the raw bookings', async () => {
    for (const [basis, column] of [
      ['OrderLineDate', 'order_line_date'],
      ['BookingDate', 'booking_date'],
    ] as const) {
      const result = await ok(admin, `/Booking/Grouped/salesRep/last-month?bookingDateBasis=${basis}`, { pageSize: 100 });
      expect(result.source).toBe('booking_day_rep');
      const raw = await sql<{ key: string; s: string }>(
        `SELECT sales_rep AS key, sum(sales) AS s FROM erp.booking WHERE ${column} BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1 ORDER BY 2 DESC`,
      );
      expect(result.rows.map((r: { key: string; sales: number }) => [r.key, cents(r.sales)])).toEqual(raw.map((r) => [r.key, cents(r.s)]));
    }
    // By customer over whole months: the month × customer rollup, on either basis.
    for (const [basis, column] of [
      ['OrderLineDate', 'order_line_date'],
      ['BookingDate', 'booking_date'],
    ] as const) {
      const byCustomer = await ok(admin, `/Booking/Grouped/customer/year-to-date?bookingDateBasis=${basis}`, { pageSize: 3 });
      expect(byCustomer.source).toBe('booking_month_customer');
      const raw = await sql<{ key: string; s: string; n: number }>(
        `SELECT customer AS key, sum(sales) AS s, count(*)::int AS n FROM erp.booking WHERE ${column} BETWEEN '2026-01-01' AND $1 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3`,
        [TODAY],
      );
      expect(byCustomer.rows.map((r: { key: string; sales: number; lineCount: number }) => [r.key, cents(r.sales), r.lineCount])).toEqual(raw.map((r) => [r.key, cents(r.s), r.n]));
    }
    // By customer for one month of the last 13: each month's customers (a one-month window), on either basis.
    for (const [basis, column] of [
      ['OrderLineDate', 'order_line_date'],
      ['BookingDate', 'booking_date'],
    ] as const) {
      const lastMonth = await ok(admin, `/Booking/Grouped/customer/last-month?bookingDateBasis=${basis}`, { pageSize: 4, pageNumber: 2 });
      expect(lastMonth.source).toBe('booking_recent_month_customer_total');
      const raw = await sql<{ key: string; s: string; n: number }>(
        `SELECT customer AS key, sum(sales) AS s, count(*)::int AS n, count(*) OVER ()::int AS groups, sum(sum(sales)) OVER () AS total
           FROM erp.booking WHERE ${column} BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1 ORDER BY 2 DESC, 1`,
      );
      expect(lastMonth.rows.map((r: { key: string; sales: number; lineCount: number }) => [r.key, cents(r.sales), r.lineCount])).toEqual(
        raw.slice(4, 8).map((r) => [r.key, cents(r.s), r.n]),
      );
      expect(lastMonth.totalCount).toBe(raw.length);
      expect(cents(lastMonth.totals.sales)).toBe(raw.reduce((sum, r) => sum + cents(r.s), 0));
    }
    const kpi = await ok(admin, '/Booking/KPI', { dateSlug: 'last-month' });
    const [raw] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.booking WHERE order_line_date BETWEEN '2026-10-01' AND '2026-10-31'`);
    expect(cents(kpi.current.sales)).toBe(cents(raw!.s));
    await ok(admin, '/Booking/Rank/branch/year-to-date', {});
    await ok(admin, '/Booking/Summary', {});
    await ok(admin, '/Booking/SlidingComparison/productGroup', { dateSlug: 'last-quarter' });
    await ok(admin, '/Booking/YearOverYear/month', {});
  });

  it('Order/Grouped: the open amount per group', async () => {
    const result = await ok(admin, '/Order/Grouped/branch', { pageSize: 100 });
    const raw = await sql<{ key: string; s: string }>(`SELECT branch AS key, sum(open_sales) AS s FROM erp.order_line WHERE qty_open > 0 GROUP BY 1 ORDER BY 2 DESC`);
    expect(result.rows.map((r: { key: string; sales: number }) => [r.key, cents(r.sales)])).toEqual(raw.map((r) => [r.key, cents(r.s)]));
  });
});

describe('Invoice/Details, Order KPI and Summary, Quote/Grouped', () => {
  it('Invoice/Details lists lines: default period and page, sort, search, filters, scope', async () => {
    const list = await ok(admin, '/Invoice/Details', {});
    expect(list).toMatchObject({ dateSlug: 'last-30-days', from: '2026-10-22', to: TODAY, pageNumber: 1, pageSize: 15 });
    const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-10-22' AND $1`, [TODAY]);
    expect(list.totalCount).toBe(count!.n);
    expect(list.rows).toHaveLength(15);
    const dates = list.rows.map((r: { invoiceDate: string }) => r.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const cheapest = await ok(admin, '/Invoice/Details', { dateSlug: 'last-month', sortBy: 'sales', sortDir: 'asc', pageSize: 3 });
    const [min] = await sql<{ s: string }>(`SELECT min(sales) AS s FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-10-01' AND '2026-10-31'`);
    expect(cents(cheapest.rows[0].sales)).toBe(cents(min!.s));

    const line = list.rows[0];
    const byName = await ok(admin, '/Invoice/Details', { searchString: line.customerName, searchOperator: 'Exact', pageSize: 500 });
    expect(byName.rows.every((r: { customerName: string }) => r.customerName === line.customerName)).toBe(true);
    const [named] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM erp.invoice_line l JOIN erp.customer c USING (company, customer)
        WHERE invoice_date BETWEEN '2026-10-22' AND $1 AND lower(c.customer_name) = lower($2)`,
      [TODAY, line.customerName],
    );
    expect(byName.totalCount).toBe(named!.n);
    const filtered = await ok(admin, '/Invoice/Details', { filters: [{ field: 'invoiceNumber', comparison: 'equals', values: [line.invoiceNumber] }], pageSize: 100 });
    expect(filtered.rows.every((r: { invoiceNumber: string }) => r.invoiceNumber === line.invoiceNumber)).toBe(true);

    const mine = await ok(rep, '/Invoice/Details', { pageSize: 500, filters: [{ field: 'salesRep', comparison: 'include', values: ['SR02', 'SR01'] }] });
    expect(mine.rows.every((r: { salesRep: string }) => r.salesRep === 'SR01')).toBe(true);
    const [own] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date BETWEEN '2026-10-22' AND $1`, [TODAY]);
    expect(mine.totalCount).toBe(own!.n);

    expect((await post(admin, '/Invoice/Details', { sortBy: 'password' })).status).toBe(400);
    expect((await post(admin, '/Invoice/Details', { filters: [{ field: 'sales', comparison: 'equals', values: ['1'] }] })).body.message).toMatch(/filter field 'sales'/);
  });

  it('Order/KPI and Order/Summary: lines entered in the period', async () => {
    const kpi = await ok(admin, '/Order/KPI', { dateSlug: 'last-month' });
    const [raw] = await sql<{ s: string; n: number }>(
      `SELECT sum(sales) AS s, count(DISTINCT order_number)::int AS n FROM erp.order_line WHERE order_date BETWEEN '2026-10-01' AND '2026-10-31'`,
    );
    expect(cents(kpi.current.sales)).toBe(cents(raw!.s));
    expect(kpi.current.documentCount).toBe(raw!.n);
    const summary = await ok(admin, '/Order/Summary', {});
    expect(summary.periods).toHaveLength(5);
    expect(cents(summary.periods[1].sales)).toBe(cents(raw!.s));
  });

  it('Quote/Grouped: open quotes, or the quotes of a period', async () => {
    const open = await ok(admin, '/Quote/Grouped/salesRep', { pageSize: 100 });
    const raw = await sql<{ key: string; s: string }>(`SELECT sales_rep AS key, sum(sales) AS s FROM erp.quote_line WHERE status = 'Open' GROUP BY 1 ORDER BY 2 DESC`);
    expect(open.rows.map((r: { key: string; sales: number }) => [r.key, cents(r.sales)])).toEqual(raw.map((r) => [r.key, cents(r.s)]));
    const ytd = await ok(rep, '/Quote/Grouped/customer', { dateSlug: 'year-to-date', pageSize: 500 });
    const [own] = await sql<{ s: string }>(`SELECT sum(sales) AS s FROM erp.quote_line WHERE sales_rep = 'SR01' AND quote_date BETWEEN '2026-01-01' AND $1`, [TODAY]);
    expect(cents(ytd.totals.sales)).toBe(cents(own!.s));
  });
});

describe('rollups and the result cache follow the data version', () => {
  it('a load leaves each dated rollup in the order of its date index, so a period lies on adjacent pages', async () => {
    for (const { table, index } of DATED_ROLLUPS) {
      const { rows: key } = await services.db.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_index i, unnest(i.indkey) WITH ORDINALITY k(attnum, position)
           JOIN pg_attribute a ON a.attnum = k.attnum
          WHERE i.indexrelid = 'erp.${index}'::regclass AND a.attrelid = i.indrelid AND k.position <= i.indnkeyatts ORDER BY k.position`,
      );
      const columns = key.map((column) => column.name).join(', ');
      const { rows } = await services.db.query<{ rows: number; misplaced: number }>(
        `SELECT count(*)::int AS rows, count(*) FILTER (WHERE keyed < before)::int AS misplaced
           FROM (SELECT ROW(${columns}) AS keyed, lag(ROW(${columns})) OVER (ORDER BY ctid) AS before FROM erp.${table}) r`,
      );
      expect(rows[0]!.rows, table).toBeGreaterThan(0);
      expect(rows[0]!.misplaced, `${table} rows out of (${columns}) order`).toBe(0);
    }
  });

  it('a new load retires cached answers; until its rollups are built the raw lines answer', async () => {
    const before = await ok(admin, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-month' });
    expect(before.source).toBe('invoice_day_rep');
    // A load the rollups have not seen yet (as a loader that forgot to refresh them would leave it).
    await services.db.query(`INSERT INTO erp.data_load (scale, seed, data_through, invoice_lines) VALUES (0.02, 1, '2026-11-20', 0)`);
    await services.db.query(`UPDATE erp.invoice_line SET sales = sales + 1 WHERE sales_rep = 'SR01' AND invoice_date BETWEEN '2026-10-01' AND '2026-10-31'`);
    const stale = await ok(admin, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-month' });
    expect(stale.source).toBe('invoice_line');
    const sr01 = (r: { rows: Array<{ key: string; sales: number; lineCount: number }> }) => r.rows.find((x) => x.key === 'SR01')!;
    expect(cents(sr01(stale).sales)).toBe(cents(sr01(before).sales) + 100 * sr01(before).lineCount);
    await refreshRollups(services.db);
    const fresh = await ok(admin, '/Invoice/Grouped', { groupBy: 'salesRep', dateSlug: 'last-month' });
    expect(fresh.source).toBe('invoice_day_rep');
    expect(fresh.rows).toEqual(stale.rows);
  });
});
