import { describe, expect, it } from 'vitest';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue.ts';
import { cents, TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

const eq = (field: string, value: string) => ({ field, comparison: 'equals', values: [value] });
const sum = (rows: Array<Record<string, unknown>>, field: string) => rows.reduce((s, r) => s + Number(r[field]), 0);

/** Independent inactive rule: purchases (qty > 0) since `lookbackFrom`, none since `windowFrom`. */
const inactiveSql = (keys: string, from: string, extra = '') => `
  SELECT ${keys}, max(l.invoice_date)::text AS last, sum(l.qty)::int AS qty, sum(l.sales) AS sales,
         count(DISTINCT l.invoice_number)::int AS invoices, count(DISTINCT l.customer)::int AS customers
    FROM ${from} WHERE l.qty > 0 AND l.invoice_date BETWEEN $1::date AND '${TODAY}'::date ${extra}
   GROUP BY ${keys} HAVING max(l.invoice_date) < $2::date`;

describe('Inventory/Inactive', () => {
  it('Customer: the items an account bought in the last 730 days but not in the last 90, as the raw lines say', async () => {
    const { admin } = kit.users;
    const [top] = await sql<{ company: string; customer: string }>(
      `SELECT company, customer FROM (${inactiveSql('l.company, l.customer, l.item_number', 'erp.invoice_line l')}) x
        GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
      ['2024-11-21', '2026-08-23'],
    );
    const result = await ok(admin, '/Inventory/Inactive/Customer', { pageSize: 500, filters: [eq('customer', top!.customer), eq('company', top!.company)] });
    expect(result).toMatchObject({ asOf: TODAY, inactiveDays: 90, lookbackDays: 730, windowFrom: '2026-08-23', lookbackFrom: '2024-11-21' });
    const raw = await sql<{ item_number: string; last: string; qty: number; sales: string; invoices: number }>(
      `${inactiveSql('l.item_number', 'erp.invoice_line l', 'AND l.customer = $3 AND l.company = $4')} ORDER BY sum(l.sales) DESC, 1`,
      ['2024-11-21', '2026-08-23', top!.customer, top!.company],
    );
    expect(raw.length).toBeGreaterThan(1);
    expect(result.totalCount).toBe(raw.length);
    type Row = { customer: string; itemNumber: string; lastPurchaseDate: string; daysSinceLastPurchase: number; invoiceCount: number; qty: number; sales: number };
    const byItem = new Map(result.rows.map((r: Row) => [r.itemNumber, r]));
    for (const r of raw) {
      const row = byItem.get(r.item_number) as Row;
      expect([row.customer, row.lastPurchaseDate, row.invoiceCount, row.qty, cents(row.sales)]).toEqual([top!.customer, r.last, r.invoices, r.qty, cents(r.sales)]);
      expect(row.daysSinceLastPurchase).toBe(Math.round((Date.parse(TODAY) - Date.parse(r.last)) / 86_400_000));
      expect(row.daysSinceLastPurchase).toBeGreaterThanOrEqual(90);
    }
    expect(result.rows.map((r: Row) => cents(r.sales))).toEqual([...result.rows.map((r: Row) => cents(r.sales))].sort((a, b) => b - a));

    // Another window, every account: the count of (customer, item) pairs.
    const narrow = await ok(admin, '/Inventory/Inactive/Customer', { inactiveDays: 30, lookbackDays: 365, pageSize: 1 });
    expect(narrow).toMatchObject({ windowFrom: '2026-10-22', lookbackFrom: '2025-11-21' });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM (${inactiveSql('l.company, l.customer, l.item_number', 'erp.invoice_line l')}) x`, ['2025-11-21', '2026-10-22']);
    expect(narrow.totalCount).toBe(n);

    // Sorted by the invoice count and searched (every group's count and names before the page).
    const byInvoices = await ok(admin, '/Inventory/Inactive/Customer', { pageSize: 500, sortBy: 'invoiceCount', sortDir: 'desc', filters: [eq('customer', top!.customer), eq('company', top!.company)] });
    expect(byInvoices.rows.map((r: Row) => [r.itemNumber, r.invoiceCount])).toEqual(
      [...result.rows].sort((a: Row, b: Row) => b.invoiceCount - a.invoiceCount || a.itemNumber.localeCompare(b.itemNumber)).map((r: Row) => [r.itemNumber, r.invoiceCount]),
    );
    const item = result.rows[0] as Row;
    const searched = await ok(admin, '/Inventory/Inactive/Customer', { searchString: item.itemNumber, searchOperator: 'Exact', filters: [eq('customer', top!.customer)] });
    expect(searched.rows.map((r: Row) => [r.itemNumber, r.invoiceCount, r.qty])).toEqual([[item.itemNumber, item.invoiceCount, item.qty]]);
  });

  it("Supplier: a supplier's items that sold before but not in the window, with the stock on hand", async () => {
    const { admin } = kit.users;
    const from = 'erp.invoice_line l JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number';
    const [top] = await sql<{ supplier: string }>(
      `SELECT supplier FROM (${inactiveSql('i.supplier, l.company, l.item_number', from)}) x GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      ['2024-11-21', '2026-08-23'],
    );
    const result = await ok(admin, '/Inventory/Inactive/Supplier', { pageSize: 500, filters: [eq('supplier', top!.supplier)] });
    const raw = await sql<{ company: string; item_number: string; last: string; qty: number; sales: string; customers: number; on_hand: number }>(
      `SELECT x.*, coalesce((SELECT sum(qty_on_hand) FROM erp.inventory v WHERE v.company = x.company AND v.item_number = x.item_number), 0)::int AS on_hand
         FROM (${inactiveSql('l.company, l.item_number', from, 'AND i.supplier = $3')}) x`,
      ['2024-11-21', '2026-08-23', top!.supplier],
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(result.totalCount).toBe(raw.length);
    const key = (company: string, item: string) => `${company}:${item}`;
    const expected = new Map(raw.map((r) => [key(r.company, r.item_number), [r.last, r.customers, r.qty, cents(r.sales), r.on_hand]]));
    for (const row of result.rows) {
      expect(row.supplier).toBe(top!.supplier);
      expect([row.lastSoldDate, row.customerCount, row.qty, cents(row.sales), row.qtyOnHand]).toEqual(expected.get(key(row.company, row.itemNumber)));
    }
  });
});

describe('Usage', () => {
  it('Log: net quantity and sales per customer, item and month, as the raw lines say', async () => {
    const { rep } = kit.users;
    const [top] = await sql<{ customer: string }>(
      `SELECT customer FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date >= '2025-12-01' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const result = await ok(rep, '/Usage/Log', { pageSize: 500, filters: [eq('customer', top!.customer)] });
    expect(result).toMatchObject({ dateSlug: 'rolling-12-months', to: TODAY });
    const raw = await sql<{ n: number; qty: number; sales: string; lines: number; invoices: number }>(
      `SELECT count(*)::int AS n, sum(qty)::int AS qty, sum(sales) AS sales, sum(lines)::int AS lines, sum(invoices)::int AS invoices FROM (
         SELECT company, item_number, to_char(invoice_date, 'YYYY-MM'), sum(qty) AS qty, sum(sales) AS sales, count(*) AS lines, count(DISTINCT invoice_number) AS invoices
           FROM erp.invoice_line WHERE customer = $1 AND sales_rep = 'SR01' AND invoice_date BETWEEN $2::date AND $3::date GROUP BY 1, 2, 3) x`,
      [top!.customer, result.from, result.to],
    );
    expect(result.totalCount).toBe(raw[0]!.n);
    expect(sum(result.rows, 'qty')).toBe(raw[0]!.qty);
    expect(Math.round(sum(result.rows, 'sales') * 100)).toBe(cents(raw[0]!.sales));
    expect(sum(result.rows, 'lineCount')).toBe(raw[0]!.lines);
    expect(sum(result.rows, 'invoiceCount')).toBe(raw[0]!.invoices);
    expect(result.rows[0].month >= result.rows.at(-1).month).toBe(true);
    expect(result.rows.every((r: { month: string }) => /^\d{4}-\d{2}$/.test(r.month))).toBe(true);
  });

  it('Comparison: this year to date per product group beside the same dates last year', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Usage/Comparison', { groupBy: 'productGroup', dateSlug: 'year-to-date', pageSize: 500 });
    expect(result).toMatchObject({ current: { from: '2026-01-01', to: TODAY }, comparison: { from: '2025-01-01', to: '2025-11-20' } });
    const raw = await sql<{ key: string; cq: number; pq: number; cs: string; ps: string }>(
      `SELECT product_group AS key,
              coalesce(sum(qty) FILTER (WHERE invoice_date BETWEEN '2026-01-01' AND '${TODAY}'), 0)::int AS cq,
              coalesce(sum(qty) FILTER (WHERE invoice_date BETWEEN '2025-01-01' AND '2025-11-20'), 0)::int AS pq,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2026-01-01' AND '${TODAY}'), 0) AS cs,
              coalesce(sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-01-01' AND '2025-11-20'), 0) AS ps
         FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-01-01' AND '${TODAY}' OR invoice_date BETWEEN '2025-01-01' AND '2025-11-20'
        GROUP BY 1 ORDER BY cs DESC, 1`,
    );
    expect(result.rows.map((r: any) => [r.key, r.currentQty, r.comparisonQty, cents(r.currentSales), cents(r.comparisonSales)])).toEqual(
      raw.map((r) => [r.key, r.cq, r.pq, cents(r.cs), cents(r.ps)]),
    );
    const first = result.rows[0];
    expect(first.name).not.toBe(first.key);
    expect(cents(first.change)).toBe(cents(first.currentSales) - cents(first.comparisonSales));
    expect(first.changePercent).toBeCloseTo((100 * (first.currentSales - first.comparisonSales)) / first.comparisonSales, 1);
    expect(result.totals.currentQty).toBe(raw.reduce((s, r) => s + r.cq, 0));
    // Sorted by the change in quantity, and searched on the group's name.
    const byQty = await ok(admin, '/Usage/Comparison', { groupBy: 'productGroup', sortBy: 'qtyChange', sortDir: 'asc', pageSize: 500 });
    const changes = byQty.rows.map((r: { qtyChange: number }) => r.qtyChange);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
    const named = await ok(admin, '/Usage/Comparison', { groupBy: 'productGroup', searchString: first.name, searchOperator: 'Exact' });
    expect(named.rows.map((r: { key: string }) => r.key)).toEqual([first.key]);
  });

  it('KPI: this month against the same days last year', async () => {
    const { manager } = kit.users;
    const result = await ok(manager, '/Usage/KPI', { dateSlug: 'this-month' });
    expect(result).toMatchObject({ current: { from: '2026-11-01', to: TODAY }, comparison: { from: '2025-11-01', to: '2025-11-20' } });
    const period = async (from: string, to: string) =>
      (
        await sql<{ qty: number; sales: string; n: number; c: number; i: number }>(
          `SELECT coalesce(sum(l.qty), 0)::int AS qty, coalesce(sum(l.sales), 0) AS sales, count(*)::int AS n,
                  count(DISTINCT (l.company, l.customer))::int AS c, count(DISTINCT (l.company, l.item_number))::int AS i
             FROM erp.invoice_line l
            WHERE l.invoice_date BETWEEN $1::date AND $2::date
              AND l.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')`,
          [from, to],
        )
      )[0]!;
    const [now, then] = [await period('2026-11-01', TODAY), await period('2025-11-01', '2025-11-20')];
    const figures = (range: { qty: number; sales: number; lineCount: number; customerCount: number; itemCount: number }) => [range.qty, cents(range.sales), range.lineCount, range.customerCount, range.itemCount];
    expect(figures(result.current)).toEqual([now.qty, cents(now.sales), now.n, now.c, now.i]);
    expect(figures(result.comparison)).toEqual([then.qty, cents(then.sales), then.n, then.c, then.i]);
    expect(result.qtyChange).toBe(now.qty - then.qty);
    expect(cents(result.change)).toBe(cents(now.sales) - cents(then.sales));
  });
});

describe('IBTSalesHistory/List', () => {
  it("lists the lines shipped from another branch's location than the customer's home branch", async () => {
    const { admin, rep } = kit.users;
    const ibt = (extra = '') => `
      SELECT count(*)::int AS n, coalesce(sum(l.sales), 0) AS sales
        FROM erp.invoice_line l
        JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
        JOIN erp.location x ON x.company = h.company AND x.location = h.location
        JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
       WHERE x.branch <> c.branch AND l.invoice_date BETWEEN '2026-08-23' AND '${TODAY}' ${extra}`;
    const result = await ok(admin, '/IBTSalesHistory/List', { pageSize: 50 });
    expect(result).toMatchObject({ dateSlug: 'last-90-days', from: '2026-08-23', to: TODAY });
    const [all] = await sql<{ n: number; sales: string }>(ibt());
    expect(all!.n).toBeGreaterThan(0);
    expect(result.totalCount).toBe(all!.n);
    expect(cents(result.totals.sales)).toBe(cents(all!.sales));
    for (const row of result.rows) {
      expect(row.shipBranch).not.toBe(row.homeBranch);
      expect(row.invoiceDate >= '2026-08-23').toBe(true);
    }
    expect(result.rows[0].invoiceDate >= result.rows.at(-1).invoiceDate).toBe(true);
    const [mine] = await sql<{ n: number }>(ibt(`AND l.sales_rep = 'SR01'`));
    expect((await ok(rep, '/IBTSalesHistory/List')).totalCount).toBe(mine!.n);
    const fromDc = await ok(admin, '/IBTSalesHistory/List', { filters: [eq('location', 'DC1')], pageSize: 1 });
    const [dc] = await sql<{ n: number }>(ibt(`AND h.location = 'DC1'`));
    expect(fromDc.totalCount).toBe(dc!.n);
  });
});

describe('the usage components', () => {
  it("Inactive Items on the account summary board shows the page's account only, within the rep's scope", async () => {
    const { rep, rep2 } = kit.users;
    const inactive = COMPONENT_CATALOGUE.find((m) => m.displayName === 'Inactive Items')!;
    const [mine] = await sql<{ company: string; customer: string; n: number }>(
      `SELECT company, customer, count(*)::int AS n FROM (${inactiveSql('l.company, l.customer, l.item_number', 'erp.invoice_line l', "AND l.sales_rep = 'SR01'")}) x
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
      ['2024-11-21', '2026-08-23'],
    );
    const boardFilters = implicitFilters('/accountSummary', `?accountType=customer&accountId=${mine!.customer}&company=${mine!.company}`);
    const request = buildPartRequest(inactive.configs, 'data', { boardFilters })!;
    expect(request.path).toBe('/Inventory/Inactive/Customer');
    const result = await ok(rep, request.path, { ...request.body, pageSize: 500 });
    expect(result.totalCount).toBe(mine!.n);
    expect(result.rows.every((r: { customer: string; company: string }) => r.customer === mine!.customer && r.company === mine!.company)).toBe(true);
    expect((await ok(rep2, request.path, request.body)).totalCount).toBe(0);
  });

  it('every usage master answers 200 with its configured columns', async () => {
    const { manager } = kit.users;
    const masters = COMPONENT_CATALOGUE.filter((m) => m.id >= 870 && m.id <= 879);
    expect(masters.length).toBeGreaterThanOrEqual(6);
    for (const m of masters) {
      for (const part of ['data', 'kpi'] as const) {
        const request = buildPartRequest(m.configs, part);
        if (!request) continue;
        const body = await ok(manager, request.path, request.body);
        if (part === 'kpi' || m.configs.outputModel === 'Kpi') {
          expect(body.current.sales, m.displayName).toBeGreaterThan(0);
          continue;
        }
        const rows: Array<Record<string, unknown>> = body.rows;
        expect(rows.length, m.displayName).toBeGreaterThan(0);
        for (const column of m.configs.columnConfigs ?? []) expect(rows[0], `${m.displayName} ${column.dataSource}`).toHaveProperty(column.dataSource);
      }
    }
  });
});

describe('scope and bad input', () => {
  it("rep2 cannot read rep1's customers' usage, inactive items or IBT lines by changing filters", async () => {
    const { rep, rep2 } = kit.users;
    const [theirs] = await sql<{ company: string; customer: string }>(
      `SELECT company, customer FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date >= '2026-01-01' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const filters = [eq('customer', theirs!.customer), eq('company', theirs!.company)];
    expect((await ok(rep, '/Usage/Log', { filters })).totalCount).toBeGreaterThan(0);
    expect((await ok(rep2, '/Usage/Log', { filters })).totalCount).toBe(0);
    expect((await ok(rep2, '/Usage/Log', { filters: [eq('salesRep', 'SR01')] })).totalCount).toBe(0);
    expect((await ok(rep2, '/Usage/Comparison', { groupBy: 'customer', filters })).totalCount).toBe(0);
    const kpi = await ok(rep2, '/Usage/KPI', { dateSlug: 'year-to-date', filters });
    expect([kpi.current.qty, kpi.current.sales, kpi.current.lineCount]).toEqual([0, 0, 0]);
    expect((await ok(rep2, '/Inventory/Inactive/Customer', { filters, inactiveDays: 10 })).totalCount).toBe(0);
    expect((await ok(rep2, '/IBTSalesHistory/List', { filters: [eq('salesRep', 'SR01')], dateSlug: 'year-to-date' })).totalCount).toBe(0);
    // And what rep2 sees is only his own lines.
    const [own] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT DISTINCT product_group FROM erp.invoice_line WHERE sales_rep = 'SR02'
          AND (invoice_date BETWEEN '2026-01-01' AND '${TODAY}' OR invoice_date BETWEEN '2025-01-01' AND '2025-11-20')) x`,
    );
    expect((await ok(rep2, '/Usage/Comparison', { groupBy: 'productGroup' })).totalCount).toBe(own!.n);
  });

  it('answers 400 naming the field for bad input, and 403 for Inactive without InventoryAccessRight', async () => {
    const { admin, rep } = kit.users;
    const bad = async (url: string, body: unknown, field: string) => {
      const response = await post(admin, url, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toContain(field);
    };
    await bad('/Inventory/Inactive/Customer', { inactiveDays: 0 }, 'inactiveDays');
    await bad('/Inventory/Inactive/Customer', { inactiveDays: 90, lookbackDays: 60 }, 'lookbackDays');
    await bad('/Inventory/Inactive/Supplier', { filters: [eq('color', 'red')] }, "'color'");
    await bad('/Inventory/Inactive/Supplier', { sortBy: 'price' }, "'price'");
    await bad('/Usage/Log', { dateSlug: 'someday' }, "'someday'");
    await bad('/Usage/Log', { filters: [eq('supplier', 'X')] }, "'supplier'");
    await bad('/Usage/Comparison', { groupBy: 'color' }, "'color'");
    await bad('/Usage/Comparison', { sortBy: 'weight' }, "'weight'");
    await bad('/Usage/KPI', {}, 'dateSlug');
    await bad('/Usage/KPI', { dateSlug: 'this-month', filters: [eq('price', '1')] }, "'price'");
    await bad('/IBTSalesHistory/List', { pageSize: 0 }, 'pageSize');
    await bad('/IBTSalesHistory/List', { filters: [eq('warehouse', 'DC1')] }, "'warehouse'");
    await withRoleSettings(kit, 'SalesRep', { InventoryAccessRight: 'false' }, async () => {
      expect((await post(rep, '/Inventory/Inactive/Customer')).status).toBe(403);
      expect((await post(rep, '/Usage/Log')).status).toBe(200);
    });
  });
});
