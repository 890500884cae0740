import { describe, expect, it } from 'vitest';
import { cents, TODAY, useErpServices } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

describe('account lists', () => {
  it('Customer/List gives the seed list item, sorted by name, scoped to the rep', async () => {
    const { admin, rep } = kit.users;
    const all = await ok(admin, '/Customer/List', { pageSize: 5 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.customer');
    expect(all.totalCount).toBe(n);
    expect(Object.keys(all.rows[0])).toEqual(expect.arrayContaining(['company', 'customer', 'customerName', 'address', 'branch', 'branchName']));
    const names = all.rows.map((r: { customerName: string }) => r.customerName);
    const [first] = await sql<{ name: string }>('SELECT min(customer_name) AS name FROM erp.customer');
    expect(names[0]).toBe(first!.name);

    const mine = await ok(rep, '/Customer/List', { pageSize: 500 });
    const [{ m }] = await sql<{ m: number }>(`SELECT count(*)::int AS m FROM erp.customer WHERE sales_rep = 'SR01'`);
    expect(mine.totalCount).toBe(m);
    expect(mine.rows.every((r: { salesRep: string }) => r.salesRep === 'SR01')).toBe(true);
    const widened = await ok(rep, '/Customer/List', { filters: [{ field: 'salesRep', comparison: 'include', values: ['SR02'] }] });
    expect(widened.totalCount).toBe(0);
  });

  it('ShipTo, Corporate, Prospect and Supplier lists search, filter and page', async () => {
    const { admin } = kit.users;
    const [shipTo] = await sql<{ ship_to: string; customer: string }>('SELECT ship_to, customer FROM erp.ship_to ORDER BY ship_to LIMIT 1');
    const found = await ok(admin, '/ShipTo/List', { searchString: shipTo!.ship_to, searchOperator: 'Exact' });
    expect(found.rows.map((r: { shipTo: string; customer: string }) => [r.shipTo, r.customer])).toContainEqual([shipTo!.ship_to, shipTo!.customer]);
    const corporates = await ok(admin, '/Corporate/List', { pageSize: 500 });
    const raw = await sql<{ corporate: string; n: number }>(
      'SELECT k.corporate, (SELECT count(*)::int FROM erp.customer c WHERE c.company = k.company AND c.corporate = k.corporate) AS n FROM erp.corporate k',
    );
    expect(corporates.totalCount).toBe(raw.length);
    for (const row of corporates.rows) expect(row.customerCount).toBe(raw.find((r) => r.corporate === row.corporate)!.n);
    const prospects = await ok(admin, '/Prospect/List', { pageSize: 3, pageNumber: 2 });
    const [{ p }] = await sql<{ p: number }>('SELECT count(*)::int AS p FROM erp.prospect');
    expect(prospects.totalCount).toBe(p);
    expect(prospects.rows).toHaveLength(3);
    const suppliers = await ok(admin, '/Supplier/List', { searchString: 'zzz-no-such' });
    expect(suppliers.totalCount).toBe(0);
    expect((await post(admin, '/Supplier/List', { sortBy: 'salesRep' })).body.message).toContain("'salesRep'");
  });

  it('reference lists: Branch and Location per company, Company, ProductGroup', async () => {
    const { rep } = kit.users;
    const branches = await ok(rep, '/Branch/List/01', { pageSize: 500 });
    const [{ b }] = await sql<{ b: number }>(`SELECT count(*)::int AS b FROM erp.branch WHERE company = '01'`);
    expect(branches.totalCount).toBe(b);
    expect(branches.rows.every((r: { company: string }) => r.company === '01')).toBe(true);
    const locations = await ok(rep, '/Location/List/02');
    expect(locations.rows.every((r: { company: string }) => r.company === '02')).toBe(true);
    const companies = await ok(rep, '/Company/List');
    expect(companies.rows.map((r: { company: string }) => r.company).sort()).toEqual((await sql<{ company: string }>('SELECT company FROM erp.company ORDER BY 1')).map((r) => r.company));
    const groups = await ok(rep, '/ProductGroup/List', { pageSize: 500, filters: [{ field: 'company', comparison: 'equals', values: ['01'] }] });
    const [{ g }] = await sql<{ g: number }>(`SELECT count(*)::int AS g FROM erp.product_group WHERE company = '01'`);
    expect(groups.totalCount).toBe(g);
  });
});

describe('account summaries', () => {
  it('Customer/Summary: sales by period, open orders, quotes and AR equal the raw tables', async () => {
    const { admin } = kit.users;
    const [c] = await sql<{ company: string; customer: string }>(
      `SELECT company, customer FROM erp.ar_open GROUP BY 1, 2 ORDER BY sum(balance) DESC LIMIT 1`,
    );
    const summary = await ok(admin, '/Customer/Summary', { company: c!.company, customer: c!.customer });
    expect(summary.account).toMatchObject({ company: c!.company, accountId: c!.customer, CRMDisplayAccountAddress: false });
    const [raw] = await sql<{ ytd: string; ly: string; lygp: string; orders: string; quotes: string; ar: string; due: string }>(
      `SELECT (SELECT sum(sales) FROM erp.invoice_line WHERE company = $1 AND customer = $2 AND invoice_date BETWEEN '2026-01-01' AND '${TODAY}') AS ytd,
              (SELECT sum(sales) FROM erp.invoice_line WHERE company = $1 AND customer = $2 AND invoice_date BETWEEN '2025-01-01' AND '2025-12-31') AS ly,
              (SELECT sum(sales - commission_cost) FROM erp.invoice_line WHERE company = $1 AND customer = $2 AND invoice_date BETWEEN '2025-01-01' AND '2025-12-31') AS lygp,
              (SELECT coalesce(sum(open_sales), 0) FROM erp.order_line WHERE company = $1 AND customer = $2 AND qty_open > 0) AS orders,
              (SELECT coalesce(sum(quote_total), 0) FROM erp.quote_header WHERE company = $1 AND customer = $2 AND status = 'Open') AS quotes,
              (SELECT sum(balance) FROM erp.ar_open WHERE company = $1 AND customer = $2) AS ar,
              (SELECT coalesce(sum(balance), 0) FROM erp.ar_open WHERE company = $1 AND customer = $2 AND due_date < '${TODAY}') AS due`,
      [c!.company, c!.customer],
    );
    expect(summary.periods.map((p: { dateSlug: string }) => p.dateSlug)).toEqual(['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year']);
    expect([cents(summary.periods[2].amount), cents(summary.periods[4].amount)]).toEqual([cents(raw!.ytd ?? 0), cents(raw!.ly ?? 0)]);
    // Gross profit on the InvoiceCostBasis setting (seed §9 default Commission).
    expect(cents(summary.periods[4].grossProfit)).toBe(cents(raw!.lygp ?? 0));
    expect([cents(summary.openOrders), cents(summary.openQuotes), cents(summary.openBalance), cents(summary.pastDue)]).toEqual([
      cents(raw!.orders),
      cents(raw!.quotes),
      cents(raw!.ar),
      cents(raw!.due),
    ]);
  });

  it("a rep cannot read another rep's customer summary; 404 for unknown accounts", async () => {
    const { rep } = kit.users;
    const [theirs] = await sql<{ company: string; customer: string }>(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR02' LIMIT 1`);
    expect((await post(rep, '/Customer/Summary', theirs)).status).toBe(404);
    const [mine] = await sql<{ company: string; customer: string }>(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' LIMIT 1`);
    expect((await post(rep, '/Customer/Summary', mine)).status).toBe(200);
    expect((await post(rep, '/Customer/Summary', { company: '01', customer: 'NOPE' })).status).toBe(404);
    expect((await post(rep, '/Customer/Summary', { company: '01' })).status).toBe(400);
  });

  it('ShipTo, Corporate, Prospect and Supplier summaries', async () => {
    const { admin } = kit.users;
    const [s] = await sql<{ company: string; ship_to: string; ly: string }>(
      `SELECT company, ship_to, sum(sales) AS ly FROM erp.invoice_line WHERE invoice_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    const shipTo = await ok(admin, '/ShipTo/Summary', { company: s!.company, shipTo: s!.ship_to });
    expect(cents(shipTo.periods[4].amount)).toBe(cents(s!.ly));

    const [k] = await sql<{ company: string; corporate: string; ly: string }>(
      `SELECT c.company, c.corporate, sum(l.sales) AS ly FROM erp.customer c JOIN erp.invoice_line l ON l.company = c.company AND l.customer = c.customer
        WHERE c.corporate IS NOT NULL AND l.invoice_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2 LIMIT 1`,
    );
    const corporate = await ok(admin, '/Corporate/Summary', { company: k!.company, corporate: k!.corporate });
    expect(cents(corporate.periods[4].amount)).toBe(cents(k!.ly));

    const [p] = await sql<{ company: string; prospect: string; prospect_name: string }>('SELECT company, prospect, prospect_name FROM erp.prospect LIMIT 1');
    const prospect = await ok(admin, '/Prospect/Summary', { company: p!.company, prospect: p!.prospect });
    expect(prospect.account.accountName).toBe(p!.prospect_name);
    expect(prospect.openBalance).toBeNull();

    const [v] = await sql<{ company: string; supplier: string; ly: string; ap: string }>(
      `SELECT l.company, l.supplier, sum(l.cost) AS ly,
              (SELECT coalesce(sum(balance), 0) FROM erp.ap_open a WHERE a.company = l.company AND a.supplier = l.supplier) AS ap
         FROM erp.purchase_order_line l WHERE l.order_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2 LIMIT 1`,
    );
    const supplier = await ok(admin, '/Supplier/Summary', { company: v!.company, supplier: v!.supplier });
    expect(cents(supplier.periods[4].amount)).toBe(cents(v!.ly));
    expect(cents(supplier.openBalance)).toBe(cents(v!.ap));
    expect(supplier.periods[4].grossProfit).toBeNull();
  });
});
