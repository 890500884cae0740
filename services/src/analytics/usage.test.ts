import { describe, expect, it } from 'vitest';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue-all.ts';
import { generateErpData } from '../demo/erp/index.ts';
import { cents, TODAY, useErpServices, withChangedRollup, withRoleSettings } from './erp-test-kit.ts';

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

  it('counts and totals from erp.invoice_ibt_day, and from the lines for a search or a field it does not keep', async () => {
    const { admin } = kit.users;
    const [top] = await sql<{ customer: string; ship: string }>(
      `SELECT l.customer, x.branch AS ship FROM erp.invoice_line l
         JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
         JOIN erp.location x ON x.company = h.company AND x.location = h.location
         JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
        WHERE x.branch <> c.branch AND l.invoice_date BETWEEN '2025-11-21' AND $1 GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
      [TODAY],
    );
    const body = { dateSlug: 'rolling-12-months', filters: [eq('shipBranch', top!.ship)], pageSize: 1 };
    const before = await ok(admin, '/IBTSalesHistory/List', body);
    const lines = await ok(admin, '/IBTSalesHistory/List', { ...body, filters: [...body.filters, eq('customer', top!.customer)] });
    expect(lines.totalCount).toBeGreaterThan(0);
    expect(lines.totalCount).toBeLessThan(before.totalCount);
    await withChangedRollup(kit, `UPDATE erp.invoice_ibt_day SET line_count = line_count + 1000, sales = sales + 1 WHERE ship_branch = '${top!.ship}'`, 'erp.refresh_ibt_rollups', async () => {
      const [{ rows }] = await sql<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM erp.invoice_ibt_day WHERE ship_branch = $1 AND invoice_date BETWEEN $2 AND $3`,
        [top!.ship, before.from, before.to],
      );
      // Another body (a page size) is another cache entry: computed afresh, from the rollup.
      const changed = await ok(admin, '/IBTSalesHistory/List', { ...body, pageSize: 2 });
      expect(changed.totalCount).toBe(before.totalCount + 1000 * rows);
      expect(cents(changed.totals.sales)).toBe(cents(before.totals.sales) + 100 * rows);
      // A search reads the lines.
      const searched = await ok(admin, '/IBTSalesHistory/List', { ...body, searchString: top!.customer, searchOperator: 'Exact' });
      expect(searched.totalCount).toBeLessThan(before.totalCount);
    });
  });
});

describe('IBTSalesHistory/List’s page from the keys of the lines shipped from another branch (erp.invoice_ibt_line)', () => {
  const key = (r: { company: string; invoiceNumber: string; invoiceLineNumber: number }) => `${r.company}/${r.invoiceNumber}/${r.invoiceLineNumber}`;
  /** A page of the raw lines shipped from another branch, newest first, as the API's row keys. */
  const rawPage = async (pageSize: number, offset: number, extra = '') =>
    (
      await sql<{ k: string }>(
        `SELECT l.company || '/' || l.invoice_number || '/' || l.invoice_line_number AS k FROM erp.invoice_line l
           JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
           JOIN erp.location x ON x.company = h.company AND x.location = h.location
           JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
          WHERE x.branch <> c.branch AND l.invoice_date BETWEEN '2026-08-23' AND '${TODAY}' ${extra}
          ORDER BY l.invoice_date DESC, l.invoice_number DESC, l.invoice_line_number LIMIT ${pageSize} OFFSET ${offset}`,
      )
    ).map((r) => r.k);

  it('pages like the raw lines: the first page, a deep one and a rep’s', async () => {
    const { admin, rep } = kit.users;
    expect((await ok(admin, '/IBTSalesHistory/List', { pageSize: 12 })).rows.map(key)).toEqual(await rawPage(12, 0));
    expect((await ok(admin, '/IBTSalesHistory/List', { pageSize: 12, pageNumber: 7 })).rows.map(key)).toEqual(await rawPage(12, 72));
    expect((await ok(rep, '/IBTSalesHistory/List', { pageSize: 12 })).rows.map(key)).toEqual(await rawPage(12, 0, "AND l.sales_rep = 'SR01'"));
  });

  it('lists only the lines whose keys the table holds (a removed one is gone)', async () => {
    const { admin } = kit.users;
    const [first] = await rawPage(1, 0);
    const [company, invoice, line] = first!.split('/');
    const remove = `DELETE FROM erp.invoice_ibt_line WHERE (company, invoice_number, invoice_line_number) = ('${company}', '${invoice}', ${line})`;
    await withChangedRollup(kit, remove, 'erp.refresh_ibt_rollups', async () => {
      const page = await ok(admin, '/IBTSalesHistory/List', { pageSize: 11 });
      expect(page.rows.map(key)).toEqual((await rawPage(12, 0)).slice(1));
    });
  });

  it('reads a team’s page by the keys’ rep (a key given to a rep of another team there leaves its page)', async () => {
    const { manager } = kit.users;
    const team = "AND l.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')";
    expect((await ok(manager, '/IBTSalesHistory/List', { pageSize: 12 })).rows.map(key)).toEqual(await rawPage(12, 0, team));
    const [first] = await rawPage(1, 0, team);
    const [company, invoice, line] = first!.split('/');
    const move = `UPDATE erp.invoice_ibt_line SET sales_rep = 'SR13' WHERE (company, invoice_number, invoice_line_number) = ('${company}', '${invoice}', ${line})`;
    await withChangedRollup(kit, move, 'erp.refresh_ibt_rollups', async () => {
      const page = await ok(manager, '/IBTSalesHistory/List', { pageSize: 11 });
      expect(page.rows.map(key)).toEqual((await rawPage(12, 0, team)).slice(1));
    });
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

describe('Inventory/Inactive/Customer, largest sales first, from the pairs’ sales bounds (erp.customer_item_last_sale)', () => {
  type Row = { company: string; customer: string; itemNumber: string; lastPurchaseDate: string; qty: number; sales: number; invoiceCount: number };
  /** A page of the raw lines' inactive pairs, largest sales first (ties by company, customer, item), as the API's rows would show them. */
  const rawPage = async (pageSize: number, offset: number, today = TODAY, lookbackFrom = '2024-11-21', windowFrom = '2026-08-23', extra = '', params: unknown[] = []) =>
    (
      await sql<{ company: string; customer: string; item_number: string; last: string; qty: number; sales: string; invoices: number }>(
        `${inactiveSql('l.company, l.customer, l.item_number', 'erp.invoice_line l', extra).replace(`'${TODAY}'::date`, `'${today}'::date`)}
          ORDER BY sum(l.sales) DESC, l.company, l.customer, l.item_number LIMIT ${pageSize} OFFSET ${offset}`,
        [lookbackFrom, windowFrom, ...params],
      )
    ).map((r) => [r.company, r.customer, r.item_number, r.last, r.qty, cents(r.sales), r.invoices].join('|'));
  const rawCount = async (today = TODAY, lookbackFrom = '2024-11-21', windowFrom = '2026-08-23', extra = '', params: unknown[] = []) =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${inactiveSql('l.company, l.customer, l.item_number', 'erp.invoice_line l', extra).replace(`'${TODAY}'::date`, `'${today}'::date`)}) x`,
        [lookbackFrom, windowFrom, ...params],
      )
    )[0]!.n;
  const shown = (rows: Row[]) => rows.map((r) => [r.company, r.customer, r.itemNumber, r.lastPurchaseDate, r.qty, cents(r.sales), r.invoiceCount].join('|'));

  it('pages like the raw lines: the first pages, a deep page and a large one, with the count', async () => {
    const { admin } = kit.users;
    const total = await rawCount();
    expect(total).toBeGreaterThan(200);
    for (const [pageSize, pageNumber] of [[15, 1], [15, 2], [15, 7], [7, 30], [250, 1]] as const) {
      const result = await ok(admin, '/Inventory/Inactive/Customer', { pageSize, pageNumber });
      expect(result.totalCount).toBe(total);
      expect(shown(result.rows)).toEqual(await rawPage(pageSize, (pageNumber - 1) * pageSize));
    }
    const explicit = await ok(admin, '/Inventory/Inactive/Customer', { sortBy: 'sales', sortDir: 'desc', inactiveDays: 30, lookbackDays: 365 });
    expect(shown(explicit.rows)).toEqual(await rawPage(15, 0, TODAY, '2025-11-21', '2026-10-22'));
    expect(explicit.totalCount).toBe(await rawCount(TODAY, '2025-11-21', '2026-10-22'));
  });

  it('counts from the pairs per day and rep, and reads every line when the bounds cannot decide the page', async () => {
    const { admin, rep, rep2 } = kit.users;
    const before = await ok(admin, '/Inventory/Inactive/Customer', { pageSize: 11 });
    const [{ day, company }] = await sql<{ day: string; company: string }>(
      `SELECT last_date::text AS day, company FROM erp.customer_item_last_sale WHERE sales_rep = 'SR01' AND last_date = '2025-06-02' LIMIT 1`,
    );
    // Each request its own (pageSize), so none is answered from the result cache.
    const byCompany = async (pageSize: number) => (await ok(admin, '/Inventory/Inactive/Customer', { pageSize, filters: [eq('company', company)] })).totalCount;
    const companyCount = await rawCount(TODAY, '2024-11-21', '2026-08-23', 'AND l.company = $3', [company]);
    expect(await byCompany(5)).toBe(companyCount);
    const [mine, theirs] = [await ok(rep, '/Inventory/Inactive/Customer', { pageSize: 5 }), await ok(rep2, '/Inventory/Inactive/Customer', { pageSize: 5 })];
    expect(mine.totalCount).toBe(await rawCount(TODAY, '2024-11-21', '2026-08-23', "AND l.sales_rep = 'SR01'"));
    // One more of SR01's pairs on a day in the period: counted for every rep, its company and SR01, never on a page.
    const oneMore = `UPDATE erp.customer_item_last_sale_day SET pairs = pairs + 1 WHERE last_date = '${day}' AND company = '${company}' AND sales_rep = 'SR01'`;
    await withChangedRollup(kit, oneMore, 'erp.refresh_customer_item_last_sale_days', async () => {
      const counted = await ok(admin, '/Inventory/Inactive/Customer', { pageSize: 12 });
      expect(counted.totalCount).toBe(before.totalCount + 1);
      expect(shown(counted.rows)).toEqual(await rawPage(12, 0));
      expect(await byCompany(6)).toBe(companyCount + 1);
      expect((await ok(rep, '/Inventory/Inactive/Customer', { pageSize: 6 })).totalCount).toBe(mine.totalCount + 1);
      expect((await ok(rep2, '/Inventory/Inactive/Customer', { pageSize: 6 })).totalCount).toBe(theirs.totalCount);
      // A filter on anything else counts the pairs themselves.
      const [{ customer }] = await sql<{ customer: string }>(`SELECT customer FROM erp.customer_item_last_sale WHERE last_date = '${day}' AND company = '${company}' LIMIT 1`);
      const byCustomer = await ok(admin, '/Inventory/Inactive/Customer', { filters: [eq('customer', customer)] });
      expect(byCustomer.totalCount).toBe(await rawCount(TODAY, '2024-11-21', '2026-08-23', 'AND l.customer = $3', [customer]));
    });
    // Bounds that all tie: the page cannot be decided from them, so the lines answer it.
    await withChangedRollup(kit, 'UPDATE erp.customer_item_last_sale SET sales_bound = 1e9', 'erp.refresh_customer_item_rollups', async () => {
      const undecided = await ok(admin, '/Inventory/Inactive/Customer', { pageSize: 13 });
      expect(undecided.totalCount).toBe(before.totalCount);
      expect(shown(undecided.rows)).toEqual(await rawPage(13, 0));
    });
  });

  it('filters, a rep’s scope and a "today" before the last day of data give the raw lines’ page', async () => {
    const { admin, rep } = kit.users;
    const [{ branch, customer }] = await sql<{ branch: string; customer: string }>(
      'SELECT branch, customer FROM erp.invoice_line WHERE qty > 0 GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1',
    );
    const byBranch = await ok(admin, '/Inventory/Inactive/Customer', { filters: [eq('branch', branch)] });
    expect(shown(byBranch.rows)).toEqual(await rawPage(15, 0, TODAY, '2024-11-21', '2026-08-23', 'AND l.branch = $3', [branch]));
    expect(byBranch.totalCount).toBe(await rawCount(TODAY, '2024-11-21', '2026-08-23', 'AND l.branch = $3', [branch]));
    const byCustomer = await ok(admin, '/Inventory/Inactive/Customer', { filters: [eq('customer', customer)], pageSize: 5, pageNumber: 2 });
    expect(shown(byCustomer.rows)).toEqual(await rawPage(5, 5, TODAY, '2024-11-21', '2026-08-23', 'AND l.customer = $3', [customer]));

    const mine = await ok(rep, '/Inventory/Inactive/Customer', {});
    expect(shown(mine.rows)).toEqual(await rawPage(15, 0, TODAY, '2024-11-21', '2026-08-23', "AND l.sales_rep = 'SR01'"));

    process.env.TRADEBOARD_TODAY = '2026-09-30';
    try {
      const earlier = await ok(admin, '/Inventory/Inactive/Customer', {});
      expect(shown(earlier.rows)).toEqual(await rawPage(15, 0, '2026-09-30', '2024-10-01', '2026-07-03'));
      expect(earlier.totalCount).toBe(await rawCount('2026-09-30', '2024-10-01', '2026-07-03'));
    } finally {
      process.env.TRADEBOARD_TODAY = TODAY;
    }
  });
});

describe('Usage/Log sorted by month, counted per month (erp.usage_month_groups)', () => {
  type Row = { company: string; customer: string; itemNumber: string; month: string; qty: number; sales: number; lineCount: number; invoiceCount: number; lastInvoiceDate: string };
  /** A page of the raw lines' groups in the API's order (month, then sales down, company, customer, item), as the API's rows would show them. */
  const rawLog = async (from: string, to: string, dir: 'ASC' | 'DESC', pageSize: number, offset: number, extra = '', params: unknown[] = []) => {
    const where = `invoice_date BETWEEN $1::date AND $2::date ${extra}`;
    const page = await sql<Record<string, string | number>>(
      `SELECT company, customer, item_number, to_char(invoice_date, 'YYYY-MM') AS month, sum(qty)::int AS qty, sum(sales) AS sales, count(*)::int AS lines,
              count(DISTINCT invoice_number)::int AS invoices, max(invoice_date)::text AS last
         FROM erp.invoice_line WHERE ${where} GROUP BY 1, 2, 3, 4
        ORDER BY 4 ${dir}, sum(sales) DESC, 1, 2, 3 LIMIT ${pageSize} OFFSET ${offset}`,
      [from, to, ...params],
    );
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM erp.invoice_line WHERE ${where} GROUP BY company, customer, item_number, to_char(invoice_date, 'YYYY-MM')) x`,
      [from, to, ...params],
    );
    return { totalCount: n, rows: page.map((r) => [r.company, r.customer, r.item_number, r.month, r.qty, cents(r.sales), r.lines, r.invoices, r.last].join('|')) };
  };
  const shown = (result: { totalCount: number; rows: Row[] }) => ({
    totalCount: result.totalCount,
    rows: result.rows.map((r) => [r.company, r.customer, r.itemNumber, r.month, r.qty, cents(r.sales), r.lineCount, r.invoiceCount, r.lastInvoiceDate].join('|')),
  });

  it('pages like the raw lines, newest or oldest month first, for periods with and without partial months', async () => {
    const { admin } = kit.users;
    const cases = [
      { body: {}, from: '2025-12-01', to: TODAY, dir: 'DESC' as const, pageSize: 15, pageNumber: 1 },
      { body: { pageNumber: 20, pageSize: 50 }, from: '2025-12-01', to: TODAY, dir: 'DESC' as const, pageSize: 50, pageNumber: 20 },
      { body: { sortBy: 'month' }, from: '2025-12-01', to: TODAY, dir: 'ASC' as const, pageSize: 15, pageNumber: 1 },
      { body: { sortBy: 'Month', sortDir: 'asc', pageNumber: 9, pageSize: 20 }, from: '2025-12-01', to: TODAY, dir: 'ASC' as const, pageSize: 20, pageNumber: 9 },
      { body: { dateSlug: 'last-month' }, from: '2026-10-01', to: '2026-10-31', dir: 'DESC' as const, pageSize: 15, pageNumber: 1 },
      { body: { dateSlug: 'this-month', pageNumber: 2 }, from: '2026-11-01', to: TODAY, dir: 'DESC' as const, pageSize: 15, pageNumber: 2 },
      { body: { dateSlug: 'last-90-days', pageSize: 50, pageNumber: 3 }, from: '2026-08-23', to: TODAY, dir: 'DESC' as const, pageSize: 50, pageNumber: 3 },
      { body: { dateSlug: 'last-90-days', sortBy: 'month', sortDir: 'asc' }, from: '2026-08-23', to: TODAY, dir: 'ASC' as const, pageSize: 15, pageNumber: 1 },
      { body: { pageNumber: 100000 }, from: '2025-12-01', to: TODAY, dir: 'DESC' as const, pageSize: 15, pageNumber: 100000 },
    ];
    for (const c of cases) {
      const result = await ok(admin, '/Usage/Log', c.body);
      expect([result.from, result.to]).toEqual([c.from, c.to]);
      const raw = await rawLog(c.from, c.to, c.dir, c.pageSize, (c.pageNumber - 1) * c.pageSize);
      // Past the last page the count is 0, as it always was.
      expect(shown(result)).toEqual(raw.rows.length ? raw : { totalCount: 0, rows: [] });
      if (c.pageNumber < 1000) expect(raw.rows.length).toBeGreaterThan(0);
    }
  });

  it('with a filter, a rep’s scope, or a customer filter (read from the lines), gives the raw lines’ page', async () => {
    const { admin, rep } = kit.users;
    const [{ branch, product_group, customer }] = await sql<{ branch: string; product_group: string; customer: string }>(
      `SELECT branch, product_group, customer FROM erp.invoice_line WHERE invoice_date >= '2026-01-01' GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
    );
    const byBranch = await ok(admin, '/Usage/Log', { pageNumber: 2, pageSize: 10, filters: [eq('branch', branch), { field: 'productGroup', comparison: 'include', values: [product_group, 'nope'] }] });
    expect(shown(byBranch)).toEqual(await rawLog('2025-12-01', TODAY, 'DESC', 10, 10, 'AND branch = $3 AND product_group = ANY($4)', [branch, [product_group, 'nope']]));
    const mine = await ok(rep, '/Usage/Log', { pageSize: 30 });
    expect(shown(mine)).toEqual(await rawLog('2025-12-01', TODAY, 'DESC', 30, 0, "AND sales_rep = 'SR01'"));
    const byCustomer = await ok(admin, '/Usage/Log', { sortDir: 'asc', sortBy: 'month', filters: [eq('customer', customer)] });
    expect(shown(byCustomer)).toEqual(await rawLog('2025-12-01', TODAY, 'ASC', 15, 0, 'AND customer = $3', [customer]));
  });

  it('counts from the table, and reads every line of a month where a customer’s item falls in several slices', async () => {
    const { admin } = kit.users;
    const raw = await rawLog('2025-12-01', TODAY, 'DESC', 15, 0);
    const oneMoreGroup = `UPDATE erp.usage_month_groups SET groups = groups + 1 WHERE month = '2026-03-01' AND (company, branch, sales_rep, product_group) =
                            (SELECT company, branch, sales_rep, product_group FROM erp.usage_month_groups WHERE month = '2026-03-01' LIMIT 1)`;
    await withChangedRollup(kit, oneMoreGroup, 'erp.refresh_usage_rollups', async () => {
      const counted = await ok(admin, '/Usage/Log', { pageSize: 16 });
      expect(counted.totalCount).toBe(raw.totalCount + 1);
      await sql(`UPDATE erp.usage_month_groups SET mixed = true WHERE month = '2026-03-01'`);
      const mixed = await ok(admin, '/Usage/Log', { pageSize: 15 });
      expect(shown(mixed)).toEqual(raw);
    });
  });
});

describe('Usage/Log’s page of the data’s last 13 months (erp.usage_month_customer_item)', () => {
  type Row = { customer: string; itemNumber: string; month: string; qty: number };
  const top = async (month: string) =>
    (
      await sql<{ company: string; customer: string; item_number: string; qty: number }>(
        `SELECT company, customer, item_number, qty FROM erp.usage_month_customer_item WHERE month = $1 ORDER BY sales DESC, company, customer, item_number LIMIT 1`,
        [month],
      )
    )[0]!;

  it('reads the newest month’s page from the table (a changed row shows), and another filter’s from the lines', async () => {
    const { admin } = kit.users;
    const newest = await top('2026-11-01');
    const raise = `UPDATE erp.usage_month_customer_item SET qty = qty + 1000
                    WHERE month = '2026-11-01' AND (company, customer, item_number) = ('${newest.company}', '${newest.customer}', '${newest.item_number}')`;
    await withChangedRollup(kit, raise, 'erp.refresh_usage_month_customer_items', async () => {
      // Questions no other test asks: answers are cached per data load.
      const page = await ok(admin, '/Usage/Log', { pageSize: 14 });
      expect([page.rows[0].customer, page.rows[0].itemNumber, page.rows[0].qty]).toEqual([newest.customer, newest.item_number, newest.qty + 1000]);
      const byCompany = await ok(admin, '/Usage/Log', { pageSize: 14, filters: [eq('company', newest.company)] });
      expect(byCompany.rows[0].qty).toBe(newest.qty + 1000);
      const [{ branch }] = await sql<{ branch: string }>(
        `SELECT branch FROM erp.invoice_line WHERE invoice_date >= '2026-11-01' AND (company, customer, item_number) = ($1, $2, $3) LIMIT 1`,
        [newest.company, newest.customer, newest.item_number],
      );
      const byBranch = await ok(admin, '/Usage/Log', { pageSize: 14, filters: [eq('branch', branch)] });
      const shown = byBranch.rows.find((r: Row) => r.customer === newest.customer && r.itemNumber === newest.item_number && r.month === '2026-11');
      expect(shown?.qty).toBe(newest.qty);
    });
  });

  it('reads a rep’s and a team’s page of the newest month from the table by the row’s rep (a changed row of his shows)', async () => {
    const { rep, manager } = kit.users;
    const [his] = await sql<{ company: string; customer: string; item_number: string; qty: number }>(
      `SELECT company, customer, item_number, qty FROM erp.usage_month_customer_item WHERE month = '2026-11-01' AND sales_rep = 'SR01'
        ORDER BY sales DESC, company, customer, item_number LIMIT 1`,
    );
    const raise = `UPDATE erp.usage_month_customer_item SET qty = qty + 1000
                    WHERE month = '2026-11-01' AND (company, customer, item_number) = ('${his!.company}', '${his!.customer}', '${his!.item_number}')`;
    await withChangedRollup(kit, raise, 'erp.refresh_usage_month_customer_items', async () => {
      const mine = await ok(rep, '/Usage/Log', { pageSize: 13 });
      expect([mine.rows[0].customer, mine.rows[0].itemNumber, mine.rows[0].qty]).toEqual([his!.customer, his!.item_number, his!.qty + 1000]);
      const team = await ok(manager, '/Usage/Log', { pageSize: 499 });
      expect(team.rows.find((r: Row) => r.customer === his!.customer && r.itemNumber === his!.item_number && r.month === '2026-11')?.qty).toBe(his!.qty + 1000);
    });
  });

  it('reads a month older than the last 13 from the lines: last year, oldest month first and newest first', async () => {
    const { admin } = kit.users;
    const oldest = await top('2025-01-01');
    expect(oldest).toBeUndefined();
    const december = await top('2025-12-01');
    const raise = `UPDATE erp.usage_month_customer_item SET qty = qty + 1000 WHERE month = '2025-12-01'`;
    await withChangedRollup(kit, raise, 'erp.refresh_usage_month_customer_items', async () => {
      const newestFirst = await ok(admin, '/Usage/Log', { dateSlug: 'last-year' });
      expect([newestFirst.rows[0].month, newestFirst.rows[0].customer, newestFirst.rows[0].qty]).toEqual(['2025-12', december.customer, december.qty + 1000]);
      const oldestFirst = await ok(admin, '/Usage/Log', { dateSlug: 'last-year', sortBy: 'month', sortDir: 'asc', pageSize: 50 });
      expect(oldestFirst.rows[0].month).toBe('2025-01');
      const [{ lines }] = await sql<{ lines: number }>(
        `SELECT count(*)::int AS lines FROM erp.invoice_line WHERE (company, customer, item_number) = ($1, $2, $3) AND invoice_date BETWEEN '2025-01-01' AND '2025-01-31'`,
        [oldestFirst.rows[0].company, oldestFirst.rows[0].customer, oldestFirst.rows[0].itemNumber],
      );
      expect(oldestFirst.rows[0].lineCount).toBe(lines);
    });
  });
});

describe('Usage/KPI of every rep from the rollups (erp.invoice_day_rep, erp.customer_invoice_days, erp.item_invoice_days)', () => {
  const rawKpi = async (from: string, to: string, extra = '', params: unknown[] = []) => {
    const [r] = await sql<{ qty: number; sales: string; n: number; c: number; i: number }>(
      `SELECT coalesce(sum(l.qty), 0)::int AS qty, coalesce(sum(l.sales), 0) AS sales, count(*)::int AS n,
              count(DISTINCT (l.company, l.customer))::int AS c, count(DISTINCT (l.company, l.item_number))::int AS i
         FROM erp.invoice_line l WHERE l.invoice_date BETWEEN $1::date AND $2::date ${extra}`,
      [from, to, ...params],
    );
    return [r!.qty, cents(r!.sales), r!.n, r!.c, r!.i];
  };
  const figures = (range: { qty: number; sales: number; lineCount: number; customerCount: number; itemCount: number }) => [range.qty, cents(range.sales), range.lineCount, range.customerCount, range.itemCount];
  const addQtyToOneDay = (day: string) =>
    `UPDATE erp.invoice_day_rep SET qty = qty + 1000 WHERE (invoice_date, company, branch, sales_rep) = (SELECT invoice_date, company, branch, sales_rep FROM erp.invoice_day_rep WHERE invoice_date = '${day}' LIMIT 1)`;

  it('answers like the raw lines for whole months, partial edges, a company filter and a range within a month', async () => {
    const { admin } = kit.users;
    const [{ company }] = await sql<{ company: string }>('SELECT company FROM erp.invoice_line GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    for (const [body, current, comparison] of [
      [{ dateSlug: 'year-to-date' }, ['2026-01-01', TODAY], ['2025-01-01', '2025-11-20']],
      [{ dateSlug: 'last-month' }, ['2026-10-01', '2026-10-31'], ['2025-10-01', '2025-10-31']],
      [{ dateSlug: 'this-month' }, ['2026-11-01', TODAY], ['2025-11-01', '2025-11-20']],
    ] as const) {
      const result = await ok(admin, '/Usage/KPI', body);
      expect([result.current.from, result.current.to, result.comparison.from, result.comparison.to]).toEqual([...current, ...comparison]);
      expect(figures(result.current)).toEqual(await rawKpi(current[0], current[1]));
      expect(figures(result.comparison)).toEqual(await rawKpi(comparison[0], comparison[1]));
      const mine = await ok(admin, '/Usage/KPI', { ...body, filters: [eq('company', company)] });
      expect(figures(mine.current)).toEqual(await rawKpi(current[0], current[1], 'AND l.company = $3', [company]));
    }
    const rolling = await ok(admin, '/Usage/KPI', { dateSlug: 'last-90-days' });
    expect(figures(rolling.current)).toEqual(await rawKpi(rolling.current.from, rolling.current.to));
  });

  it('reads quantity, sales and lines from the day rollup (a changed rollup row shows), and the lines for a filter it does not keep', async () => {
    const { admin } = kit.users;
    const [month, running] = [await ok(admin, '/Usage/KPI', { dateSlug: 'last-month' }), await ok(admin, '/Usage/KPI', { dateSlug: 'this-month' })];
    await withChangedRollup(kit, `${addQtyToOneDay('2026-10-15')}; ${addQtyToOneDay('2026-11-10')}`, 'erp.refresh_usage_kpi_rollups', async () => {
      // Another body (an empty filter list) is another cache entry: computed afresh, from the rollup.
      const changed = await ok(admin, '/Usage/KPI', { dateSlug: 'last-month', filters: [] });
      expect(changed.current.qty).toBe(month.current.qty + 1000);
      expect(figures(changed.comparison)).toEqual(figures(month.comparison));
      const changedRunning = await ok(admin, '/Usage/KPI', { dateSlug: 'this-month', filters: [] });
      expect(changedRunning.current.qty).toBe(running.current.qty + 1000);
      const [{ branch }] = await sql<{ branch: string }>('SELECT branch FROM erp.invoice_line GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
      const byBranch = await ok(admin, '/Usage/KPI', { dateSlug: 'last-month', filters: [eq('branch', branch)] });
      expect(figures(byBranch.current)).toEqual(await rawKpi('2026-10-01', '2026-10-31', 'AND l.branch = $3', [branch]));
    });
  });

  it('counts the customers and items with a day in the range from their invoice days', async () => {
    const { admin } = kit.users;
    // One customer and one item of this month, their days moved back a year: they no longer count in it.
    const [{ company, customer, item }] = await sql<{ company: string; customer: string; item: string }>(
      `SELECT company, min(customer) AS customer, min(item_number) AS item FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-11-01' AND $1 GROUP BY 1 LIMIT 1`,
      [TODAY],
    );
    const before = await ok(admin, '/Usage/KPI', { dateSlug: 'this-month', filters: [eq('company', company)] });
    const back = (table: string, key: string, value: string) =>
      `UPDATE erp.${table} SET days = datemultirange(daterange('2025-11-02', '2025-11-02', '[]')) WHERE company = '${company}' AND ${key} = '${value}'`;
    await withChangedRollup(kit, `${back('customer_invoice_days', 'customer', customer)}; ${back('item_invoice_days', 'item_number', item)}`, 'erp.refresh_usage_kpi_rollups', async () => {
      // The same question in other words (include for equals) is another cache entry: computed afresh.
      const changed = await ok(admin, '/Usage/KPI', { dateSlug: 'this-month', filters: [{ field: 'company', comparison: 'include', values: [company] }] });
      expect([changed.current.customerCount, changed.current.itemCount]).toEqual([before.current.customerCount - 1, before.current.itemCount - 1]);
      expect([changed.current.qty, changed.current.sales]).toEqual([before.current.qty, before.current.sales]);
    });
  });

  it('answers a rep, a team and a filtered rep like their own lines, from the days per rep (a changed row shows)', async () => {
    const { admin, rep, manager } = kit.users;
    const team = "AND l.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')";
    for (const [body, current, comparison] of [
      [{ dateSlug: 'year-to-date' }, ['2026-01-01', TODAY], ['2025-01-01', '2025-11-20']],
      [{ dateSlug: 'this-month' }, ['2026-11-01', TODAY], ['2025-11-01', '2025-11-20']],
    ] as const) {
      for (const [user, extra] of [[rep, "AND l.sales_rep = 'SR01'"], [manager, team]] as const) {
        const result = await ok(user, '/Usage/KPI', body);
        expect(figures(result.current)).toEqual(await rawKpi(current[0], current[1], extra));
        expect(figures(result.comparison)).toEqual(await rawKpi(comparison[0], comparison[1], extra));
      }
      const byRep = await ok(admin, '/Usage/KPI', { ...body, filters: [eq('salesRep', 'SR02')] });
      expect(figures(byRep.current)).toEqual(await rawKpi(current[0], current[1], "AND l.sales_rep = 'SR02'"));
    }
    // One of SR01's items of this month, its days for him moved back a year: it no longer counts for him.
    const [{ company, item }] = await sql<{ company: string; item: string }>(
      `SELECT company, min(item_number) AS item FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date BETWEEN '2026-11-01' AND $1 GROUP BY 1 LIMIT 1`,
      [TODAY],
    );
    const before = await ok(rep, '/Usage/KPI', { dateSlug: 'this-month' });
    const back = `UPDATE erp.item_rep_invoice_days SET days = datemultirange(daterange('2025-11-02', '2025-11-02', '[]'))
                   WHERE sales_rep = 'SR01' AND company = '${company}' AND item_number = '${item}'`;
    await withChangedRollup(kit, back, 'erp.refresh_usage_kpi_rollups', async () => {
      const changed = await ok(rep, '/Usage/KPI', { dateSlug: 'this-month', filters: [] });
      expect([changed.current.customerCount, changed.current.itemCount]).toEqual([before.current.customerCount, before.current.itemCount - 1]);
    });
  });

  it('counts them from their first day of the year for a range from 1 January, and from their days for any other', async () => {
    const { admin } = kit.users;
    const [{ company }] = await sql<{ company: string }>(`SELECT company FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-01-01' AND $1 LIMIT 1`, [TODAY]);
    const body = (dateSlug: string) => ({ dateSlug, filters: [eq('company', company)] });
    const [ytd, lastMonth] = [await ok(admin, '/Usage/KPI', body('year-to-date')), await ok(admin, '/Usage/KPI', body('last-month'))];
    // One customer's and one item's first day of 2026 moved past today: they no longer count from 1 January, and still do in last month's days.
    const later = `INSERT INTO erp.year_first_day VALUES ('2026-01-01', '2026-12-31', '${company}', 1, 1);
                   UPDATE erp.year_first_day SET customers = customers - 1, items = items - 1
                    WHERE (year, first_date, company) = (SELECT year, first_date, company FROM erp.year_first_day
                                                          WHERE year = '2026-01-01' AND company = '${company}' AND customers > 0 AND items > 0 LIMIT 1)`;
    await withChangedRollup(kit, later, 'erp.refresh_year_first_days', async () => {
      // Another body (include for equals) is another cache entry: computed afresh.
      const again = (dateSlug: string) => ok(admin, '/Usage/KPI', { dateSlug, filters: [{ field: 'company', comparison: 'include', values: [company] }] });
      const changed = await again('year-to-date');
      expect([changed.current.customerCount, changed.current.itemCount]).toEqual([ytd.current.customerCount - 1, ytd.current.itemCount - 1]);
      expect(figures(changed.comparison)).toEqual(figures(ytd.comparison));
      expect(figures((await again('last-month')).current)).toEqual(figures(lastMonth.current));
    });
  });

  it('counts a customer whose run of consecutive days crosses into the year from 1 January of it', async () => {
    const { admin } = kit.users;
    const [{ company }] = await sql<{ company: string }>('SELECT company FROM erp.invoice_line LIMIT 1');
    const count = async (dateSlug: string, filters: unknown[]) => (await ok(admin, '/Usage/KPI', { dateSlug, filters })).current.customerCount;
    const before = [await count('year-to-date', [eq('company', company)]), await count('last-year', [eq('company', company)])];
    // 31 December and 1 January: one range of the multirange, starting in the year before.
    await sql(`INSERT INTO erp.customer_invoice_days VALUES ($1, 'ZZ-NEW-YEAR', datemultirange(daterange('2025-12-31', '2026-01-01', '[]')))`, [company]);
    try {
      await sql('SELECT erp.refresh_year_first_days()');
      // Other bodies (include, the company twice) than any before are other cache entries: computed afresh.
      const include = [{ field: 'company', comparison: 'include', values: [company, company] }];
      expect([await count('year-to-date', include), await count('last-year', include)]).toEqual([before[0]! + 1, before[1]! + 1]);
    } finally {
      await sql(`DELETE FROM erp.customer_invoice_days WHERE customer = 'ZZ-NEW-YEAR'`);
      await sql('SELECT erp.refresh_year_first_days()');
    }
  });
});

describe('Inventory/Inactive/Supplier from each item’s last sale (erp.item_last_sale), and both tables after a reload', () => {
  type Row = { company: string; itemNumber: string; lastSoldDate: string; customerCount: number; qty: number; sales: number };
  const from = 'erp.invoice_line l JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number';
  /** Every inactive item of the raw lines for a window ending `today`, as the API's rows would show them. */
  const rawItems = async (today: string, lookbackFrom: string, windowFrom: string, extra = '', params: unknown[] = []) =>
    (
      await sql<{ company: string; item_number: string; last: string; qty: number; sales: string; customers: number }>(
        inactiveSql('l.company, l.item_number', from, extra).replace(`'${TODAY}'::date`, `'${today}'::date`),
        [lookbackFrom, windowFrom, ...params],
      )
    )
      .map((r) => [r.company, r.item_number, r.last, r.customers, r.qty, cents(r.sales)].join('|'))
      .sort();
  const answered = (rows: Row[]) => rows.map((r) => [r.company, r.itemNumber, r.lastSoldDate, r.customerCount, r.qty, cents(r.sales)].join('|')).sort();
  const everyItem = async (body: Record<string, unknown>, user = kit.users.admin) => {
    const first = await ok(user, '/Inventory/Inactive/Supplier', { ...body, pageSize: 500 });
    const rows: Row[] = [...first.rows];
    for (let page = 2; rows.length < first.totalCount; page++) {
      rows.push(...(await ok(user, '/Inventory/Inactive/Supplier', { ...body, pageSize: 500, pageNumber: page })).rows);
    }
    return { totalCount: first.totalCount as number, rows };
  };
  /** A page of the raw lines' inactive items (`extra` narrows the lines), largest sales first (ties by company, supplier, item), with the count. */
  const rawPage = async (pageSize: number, offset: number, extra = '', params: unknown[] = []) => {
    const rows = await sql<{ company: string; item_number: string; last: string; qty: number; sales: string; customers: number }>(
      `${inactiveSql('l.company, i.supplier, l.item_number', from, extra)} ORDER BY sum(l.sales) DESC, l.company, i.supplier, l.item_number`,
      ['2024-11-21', '2026-08-23', ...params],
    );
    return { totalCount: rows.length, rows: rows.slice(offset, offset + pageSize).map((r) => [r.company, r.item_number, r.last, r.customers, r.qty, cents(r.sales)].join('|')) };
  };
  const shown = (result: { totalCount: number; rows: Row[] }) => ({
    totalCount: result.totalCount,
    rows: result.rows.map((r) => [r.company, r.itemNumber, r.lastSoldDate, r.customerCount, r.qty, cents(r.sales)].join('|')),
  });
  const TEAM = "AND l.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')";

  it('answers every item as the raw lines do, for the default and another window, and with a filter that reads the raw lines', async () => {
    const all = await everyItem({});
    const raw = await rawItems(TODAY, '2024-11-21', '2026-08-23');
    expect(raw.length).toBeGreaterThan(10);
    expect(all.totalCount).toBe(raw.length);
    expect(answered(all.rows)).toEqual(raw);

    const narrow = await everyItem({ inactiveDays: 30, lookbackDays: 365 });
    expect(answered(narrow.rows)).toEqual(await rawItems(TODAY, '2025-11-21', '2026-10-22'));

    const [{ branch }] = await sql<{ branch: string }>('SELECT branch FROM erp.invoice_line GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    const byBranch = await everyItem({ filters: [eq('branch', branch)] });
    expect(answered(byBranch.rows)).toEqual(await rawItems(TODAY, '2024-11-21', '2026-08-23', 'AND l.branch = $3', [branch]));
  });

  it('a "today" before the last day of data counts the items that sold after it by their lines up to today', async () => {
    const today = '2026-09-30';
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.item_last_sale WHERE last_date > $1`, [today]);
    expect(n).toBeGreaterThan(0);
    process.env.TRADEBOARD_TODAY = today;
    try {
      const all = await everyItem({});
      expect(all.rows.length).toBe(all.totalCount);
      expect(answered(all.rows)).toEqual(await rawItems(today, '2024-10-01', '2026-07-03'));
    } finally {
      process.env.TRADEBOARD_TODAY = TODAY;
    }
  });

  it('pages from the largest sales bounds like the raw lines, and counts the items from the table', async () => {
    const { admin } = kit.users;
    for (const [pageSize, pageNumber] of [[15, 1], [15, 2], [5, 9], [250, 1]] as const) {
      expect(shown(await ok(admin, '/Inventory/Inactive/Supplier', { pageSize, pageNumber }))).toEqual(await rawPage(pageSize, (pageNumber - 1) * pageSize));
    }
    const raw = await rawPage(13, 0);
    // An item that sold in the window, its last sale moved into the period in the table: counted once more there, on no page.
    const moved = `UPDATE erp.item_last_sale SET last_date = '2025-06-01'
                    WHERE (company, item_number) = (SELECT company, item_number FROM erp.item_last_sale WHERE last_date > '2026-08-23' ORDER BY company, item_number LIMIT 1)`;
    await withChangedRollup(kit, moved, 'erp.refresh_item_rollups', async () => {
      // Each request its own (pageSize), so none is answered from the result cache.
      expect(shown(await ok(admin, '/Inventory/Inactive/Supplier', { pageSize: 13 }))).toEqual({ ...raw, totalCount: raw.totalCount + 1 });
      // Bounds that cannot decide the page (all alike): every inactive item's lines are read, and counted.
      await sql(`UPDATE erp.item_last_sale SET sales_bound = 1000000`);
      expect(shown(await ok(admin, '/Inventory/Inactive/Supplier', { pageSize: 14 }))).toEqual(await rawPage(14, 0));
    });
  });

  it('a rep’s, a team’s and a filtered rep’s items from each rep’s last sale (erp.item_rep_last_sale), as their own lines say', async () => {
    const { admin, rep, manager } = kit.users;
    const mine = "AND l.sales_rep = 'SR01'";
    for (const [pageSize, pageNumber] of [[15, 1], [5, 4]] as const) {
      expect(shown(await ok(rep, '/Inventory/Inactive/Supplier', { pageSize, pageNumber }))).toEqual(await rawPage(pageSize, (pageNumber - 1) * pageSize, mine));
      expect(shown(await ok(manager, '/Inventory/Inactive/Supplier', { pageSize, pageNumber }))).toEqual(await rawPage(pageSize, (pageNumber - 1) * pageSize, TEAM));
    }
    const byRep = await ok(admin, '/Inventory/Inactive/Supplier', { filters: [eq('salesRep', 'SR02')] });
    expect(shown(byRep)).toEqual(await rawPage(15, 0, "AND l.sales_rep = 'SR02'"));
    // Another sort reads the lines of the items inactive for the team only, and answers every one of them.
    const team = await everyItem({ sortBy: 'itemNumber' }, manager);
    expect(answered(team.rows)).toEqual(await rawItems(TODAY, '2024-11-21', '2026-08-23', TEAM));
    // The rep's default page is counted from his rows: one of his items that sold in the window, moved into the period there, counts once more.
    const raw = await rawPage(13, 0, mine);
    const moved = `UPDATE erp.item_rep_last_sale SET last_date = '2025-06-01'
                    WHERE (sales_rep, company, item_number) = (SELECT sales_rep, company, item_number FROM erp.item_rep_last_sale
                                                                WHERE sales_rep = 'SR01' AND last_date > '2026-08-23' ORDER BY company, item_number LIMIT 1)`;
    await withChangedRollup(kit, moved, 'erp.refresh_item_rollups', async () => {
      expect(shown(await ok(rep, '/Inventory/Inactive/Supplier', { pageSize: 13 }))).toEqual({ ...raw, totalCount: raw.totalCount + 1 });
    });
  });

  it('is rebuilt by each data load: after a reload with another seed the answer is still the raw lines’', async () => {
    await generateErpData(kit.services.db, { scale: 0.02, seed: 7, today: new Date(2026, 10, 20) });
    const [{ stale }] = await sql<{ stale: number }>(
      `SELECT count(*)::int AS stale FROM (SELECT company, item_number, max(invoice_date) AS d, sum(greatest(sales, 0)) AS b FROM erp.invoice_line WHERE qty > 0 GROUP BY 1, 2) x
         FULL JOIN erp.item_last_sale s USING (company, item_number) WHERE s.last_date IS DISTINCT FROM x.d OR s.sales_bound IS DISTINCT FROM x.b`,
    );
    expect(stale).toBe(0);
    const [{ staleReps }] = await sql<{ staleReps: number }>(
      `SELECT count(*)::int AS "staleReps" FROM (SELECT sales_rep, company, item_number, max(invoice_date) AS d, sum(greatest(sales, 0)) AS b
                                                FROM erp.invoice_line WHERE qty > 0 GROUP BY 1, 2, 3) x
         FULL JOIN erp.item_rep_last_sale s USING (sales_rep, company, item_number) WHERE s.last_date IS DISTINCT FROM x.d OR s.sales_bound IS DISTINCT FROM x.b`,
    );
    expect(staleReps).toBe(0);
    const all = await everyItem({});
    expect(answered(all.rows)).toEqual(await rawItems(TODAY, '2024-11-21', '2026-08-23'));
    const [{ pairs }] = await sql<{ pairs: number }>(
      `SELECT count(*)::int AS pairs FROM (SELECT company, customer, item_number, max(invoice_date) AS d, sum(greatest(sales, 0)) AS b
                                            FROM erp.invoice_line WHERE qty > 0 GROUP BY 1, 2, 3) x
         FULL JOIN erp.customer_item_last_sale s USING (company, customer, item_number) WHERE s.last_date IS DISTINCT FROM x.d OR s.sales_bound IS DISTINCT FROM x.b`,
    );
    expect(pairs).toBe(0);
    const [{ months }] = await sql<{ months: number }>(
      `SELECT count(*)::int AS months FROM (
         SELECT date_trunc('month', invoice_date)::date AS month, company, branch, sales_rep, product_group, count(DISTINCT (customer, item_number))::int AS groups
           FROM erp.invoice_line GROUP BY 1, 2, 3, 4, 5) x
         FULL JOIN erp.usage_month_groups m USING (month, company, branch, sales_rep, product_group) WHERE m.groups IS DISTINCT FROM x.groups`,
    );
    expect(months).toBe(0);
    const [{ itemMonths }] = await sql<{ itemMonths: number }>(
      `SELECT count(*)::int AS "itemMonths" FROM (
         SELECT date_trunc('month', invoice_date)::date AS month, company, item_number, sum(qty) AS qty, sum(sales) AS sales, count(*)::int AS line_count
           FROM erp.invoice_line GROUP BY 1, 2, 3) x
         FULL JOIN erp.invoice_month_item m USING (month, company, item_number)
        WHERE m.qty IS DISTINCT FROM x.qty OR m.sales IS DISTINCT FROM x.sales OR m.line_count IS DISTINCT FROM x.line_count`,
    );
    expect(itemMonths).toBe(0);
    const [{ customerItemMonths }] = await sql<{ customerItemMonths: number }>(
      `SELECT count(*)::int AS "customerItemMonths" FROM (
         SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, sum(qty)::int AS qty, sum(sales) AS sales,
                count(*)::int AS line_count, count(DISTINCT invoice_number)::int AS invoice_count, max(invoice_date) AS last_date
           FROM erp.invoice_line WHERE invoice_date >= '2025-11-01' GROUP BY 1, 2, 3, 4) x
         FULL JOIN erp.usage_month_customer_item u USING (month, company, customer, item_number)
        WHERE (u.qty, u.sales, u.line_count, u.invoice_count, u.last_date) IS DISTINCT FROM (x.qty, x.sales, x.line_count, x.invoice_count, x.last_date)`,
    );
    expect(customerItemMonths).toBe(0);
    const log = await ok(kit.users.admin, '/Usage/Log', { pageSize: 9, pageNumber: 4 });
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM erp.invoice_line WHERE invoice_date BETWEEN '2025-12-01' AND '${TODAY}' GROUP BY company, customer, item_number, date_trunc('month', invoice_date)) x`,
    );
    expect(log.totalCount).toBe(n);
  }, 180_000);
});
