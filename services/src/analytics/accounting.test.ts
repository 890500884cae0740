import { describe, expect, it } from 'vitest';
import { cents, TODAY, useErpServices, withChangedRollup, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

/** Independent aging of ar_open/ap_open: past-due days into Current, 1-30, 31-60, 61-90, Over 90. */
const DUE_BUCKETS = `CASE WHEN '${TODAY}'::date - due_date <= 0 THEN 0 WHEN '${TODAY}'::date - due_date <= 30 THEN 1
                          WHEN '${TODAY}'::date - due_date <= 60 THEN 2 WHEN '${TODAY}'::date - due_date <= 90 THEN 3 ELSE 4 END`;

describe('AR/Grouped', () => {
  it('ages open receivables per customer by due date into the default 30/60/90 buckets', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/AR/Grouped/customer', { pageSize: 500, sortBy: 'key' });
    expect(result.agingBasis).toBe('DueDate');
    expect(result.agingBuckets.map((b: { label: string }) => b.label)).toEqual(['Current', '1-30', '31-60', '61-90', 'Over 90']);
    const raw = await sql<{ key: string; bucket: number; balance: string; n: number }>(
      `SELECT customer AS key, ${DUE_BUCKETS} AS bucket, sum(balance) AS balance, count(*)::int AS n FROM erp.ar_open GROUP BY 1, 2`,
    );
    const customers = [...new Set(raw.map((r) => r.key))].sort();
    expect(result.totalCount).toBe(customers.length);
    expect(result.rows.map((r: { key: string }) => r.key)).toEqual(customers.slice(0, 500));
    for (const row of result.rows) {
      const mine = raw.filter((r) => r.key === row.key);
      const expected = [0, 1, 2, 3, 4].map((b) => mine.filter((r) => r.bucket === b).reduce((s, r) => s + cents(r.balance), 0));
      expect(row.buckets.map(cents)).toEqual(expected);
      expect(cents(row.balance)).toBe(expected.reduce((a, b) => a + b, 0));
      expect(cents(row.pastDue)).toBe(expected.slice(1).reduce((a, b) => a + b, 0));
      expect(row.documentCount).toBe(mine.reduce((s, r) => s + r.n, 0));
    }
    const [total] = await sql<{ s: string }>('SELECT sum(balance) AS s FROM erp.ar_open');
    expect(cents(result.totals.balance)).toBe(cents(total!.s));
    expect(result.rows.find((r: { key: string }) => r.key === result.rows[0].key).name).not.toBe(result.rows[0].key);
  });

  it('ages by invoice date with arAgingBasis=InvoiceDate and honours the ArAgingPeriod settings', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/AR/Grouped/company?arAgingBasis=InvoiceDate');
    expect(result.agingBuckets.map((b: { label: string }) => b.label)).toEqual(['0-30', '31-60', '61-90', 'Over 90']);
    const raw = await sql<{ key: string; b: number[] }>(
      `SELECT company AS key, ARRAY[sum(balance) FILTER (WHERE '${TODAY}'::date - invoice_date <= 30),
              sum(balance) FILTER (WHERE '${TODAY}'::date - invoice_date BETWEEN 31 AND 60),
              sum(balance) FILTER (WHERE '${TODAY}'::date - invoice_date BETWEEN 61 AND 90),
              sum(balance) FILTER (WHERE '${TODAY}'::date - invoice_date > 90)] AS b
         FROM erp.ar_open GROUP BY 1`,
    );
    for (const row of result.rows) expect(row.buckets.map(cents)).toEqual(raw.find((r) => r.key === row.key)!.b.map(cents));

    // A role setting of 15/45/0/0 changes the buckets.
    await withRoleSettings(kit, 'SiteAdmin', { ArAgingPeriod1: '15', ArAgingPeriod2: '45', ArAgingPeriod3: '0' }, async () => {
      const custom = await ok(admin, '/AR/Grouped/company');
      expect(custom.agingBuckets.map((b: { label: string }) => b.label)).toEqual(['Current', '1-15', '16-45', 'Over 45']);
      const [over] = await sql<{ s: string }>(`SELECT sum(balance) AS s FROM erp.ar_open WHERE '${TODAY}'::date - due_date > 45`);
      expect(cents(custom.totals.buckets[3])).toBe(cents(over!.s));
    });
  });

  it('scopes to the rep: ids and filters cannot widen it', async () => {
    const { rep, manager } = kit.users;
    const mine = await ok(rep, '/AR/Grouped/salesRep');
    expect(mine.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    const [sr01] = await sql<{ s: string }>(`SELECT sum(balance) AS s FROM erp.ar_open WHERE sales_rep = 'SR01'`);
    expect(cents(mine.totals.balance)).toBe(cents(sr01!.s));
    const other = await ok(rep, '/AR/Grouped/salesRep', { filters: [{ field: 'salesRep', comparison: 'include', values: ['SR02'] }] });
    expect(other.rows).toEqual([]);
    const [theirs] = await sql<{ invoice_number: string; company: string }>(`SELECT company, invoice_number FROM erp.ar_open WHERE sales_rep = 'SR02' LIMIT 1`);
    expect((await get(rep, `/AR/DaysOpen/${theirs!.invoice_number}?company=${theirs!.company}`)).status).toBe(404);
    expect((await post(rep, `/UnifiedAr/Invoice/Exact/${theirs!.invoice_number}`, { company: theirs!.company })).status).toBe(404);
    const list = await ok(rep, '/AR/List', { pageSize: 500, searchString: theirs!.invoice_number });
    expect(list.totalCount).toBe(0);
    const team = await ok(manager, '/AR/Grouped/salesRep');
    const [{ reps }] = await sql<{ reps: string[] }>(
      `SELECT array_agg(DISTINCT sales_rep ORDER BY sales_rep) AS reps FROM erp.ar_open WHERE sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')`,
    );
    expect(team.rows.map((r: { key: string }) => r.key).sort()).toEqual(reps);
  });

  it('answers 400 naming a bad groupBy, filter or sort field', async () => {
    const { admin } = kit.users;
    const bad = await post(admin, '/AR/Grouped/itemNumber');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("groupBy 'itemNumber'");
    expect((await post(admin, '/AR/Grouped/customer', { filters: [{ field: 'nope', comparison: 'include', values: ['x'] }] })).body.message).toContain("'nope'");
    expect((await post(admin, '/AR/List', { sortBy: 'nope' })).status).toBe(400);
    expect((await post(admin, '/AR/Grouped/customer?arAgingBasis=Tomorrow')).status).toBe(400);
  });
});

describe('AR/Grouped by customer, largest balance first, from the balances by customer and by dates (erp.ar_open_customer, erp.ar_open_dates)', () => {
  type Row = { key: string; name: string; balance: number; pastDue: number; documentCount: number; buckets: number[] };
  /** A page of every customer aged from the raw open items (`age`: the date the age counts from), and the totals, as the API shows them. */
  const rawAging = async (age: string, edges: number[], pageSize: number, offset: number) => {
    const buckets = edges.map((from, i) => {
      const to = edges[i + 1];
      return `sum(balance) FILTER (WHERE '${TODAY}'::date - ${age} >= ${from}${to === undefined ? '' : ` AND '${TODAY}'::date - ${age} < ${to}`})`;
    });
    const measures = `sum(balance) AS balance, sum(balance) FILTER (WHERE due_date < '${TODAY}') AS past_due, count(*)::int AS n, ARRAY[${buckets.join(', ')}] AS b`;
    const shown = (r: { balance: string; past_due: string | null; n: number; b: Array<string | null> }) =>
      [cents(r.balance), cents(r.past_due), r.n, ...r.b.map(cents)].join('|');
    const page = await sql<{ key: string; name: string; balance: string; past_due: string | null; n: number; b: Array<string | null> }>(
      `SELECT customer AS key, coalesce((SELECT min(customer_name) FROM erp.customer c WHERE c.customer = o.customer), customer) AS name, ${measures}
         FROM erp.ar_open o GROUP BY 1 ORDER BY sum(balance) DESC, 1 LIMIT ${pageSize} OFFSET ${offset}`,
    );
    const [all] = await sql<{ balance: string; past_due: string | null; n: number; b: Array<string | null>; customers: number }>(
      `SELECT ${measures}, count(DISTINCT customer)::int AS customers FROM erp.ar_open`,
    );
    return { totalCount: all!.customers, totals: shown(all!), rows: page.map((r) => `${r.key}|${r.name}|${shown(r)}`) };
  };
  const answered = (result: { totalCount: number; totals: Row; rows: Row[] }) => {
    const shown = (r: Omit<Row, 'key' | 'name'>) => [cents(r.balance), cents(r.pastDue), r.documentCount, ...r.buckets.map(cents)].join('|');
    return { totalCount: result.totalCount, totals: shown(result.totals), rows: result.rows.map((r) => `${r.key}|${r.name}|${shown(r)}`) };
  };

  it('pages like the raw open items on both aging bases: the first page, a deep one and one past the end, with the count and totals', async () => {
    const { admin } = kit.users;
    const dueDate = [-100000, 1, 31, 61, 91];
    expect(answered(await ok(admin, '/AR/Grouped/customer'))).toEqual(await rawAging('due_date', dueDate, 15, 0));
    expect(answered(await ok(admin, '/AR/Grouped/customer', { pageNumber: 4, pageSize: 10, sortBy: 'balance', sortDir: 'desc' }))).toEqual(
      await rawAging('due_date', dueDate, 10, 30),
    );
    const past = await ok(admin, '/AR/Grouped/customer', { pageNumber: 1000 });
    expect(answered(past)).toEqual({ ...(await rawAging('due_date', dueDate, 15, 0)), rows: [] });
    expect(answered(await ok(admin, '/AR/Grouped/customer?arAgingBasis=InvoiceDate', { pageSize: 20 }))).toEqual(
      await rawAging('invoice_date', [0, 31, 61, 91], 20, 0),
    );
  });

  it('reads the page’s customers from the balances by customer (a changed one shows) and the totals from the dates, but not for a filter, a search, another sort or a rep', async () => {
    const { admin, manager } = kit.users;
    const [last] = await sql<{ customer: string }>(`SELECT customer FROM erp.ar_open_customer ORDER BY balance, customer LIMIT 1`);
    const [{ documents }] = await sql<{ documents: number }>(`SELECT count(*)::int AS documents FROM erp.ar_open`);
    const first = `UPDATE erp.ar_open_customer SET balance = 1e9 WHERE customer = '${last!.customer}'`;
    await withChangedRollup(kit, first, 'erp.refresh_ar_rollups', async () => {
      await sql(`UPDATE erp.ar_open_dates SET document_count = document_count + 1 WHERE (invoice_date, due_date) = (SELECT invoice_date, due_date FROM erp.ar_open_dates LIMIT 1)`);
      // Questions no other test asks: answers are cached per data load.
      const ranked = await ok(admin, '/AR/Grouped/customer', { pageSize: 14 });
      // The page is the table's first customers (the changed one among them), sorted by the balances of their open items.
      expect(ranked.rows.map((r: Row) => r.key)).toContain(last!.customer);
      expect(ranked.totals.documentCount).toBe(documents + 1);
      for (const body of [
        { pageSize: 14, filters: [{ field: 'company', comparison: 'include', values: ['01', '02', '03'] }] },
        { pageSize: 14, searchString: 'C' },
        { pageSize: 14, sortBy: 'balance', sortDir: 'asc' },
        { pageSize: 14, sortBy: 'documentCount', sortDir: 'desc' },
      ]) {
        const general = await ok(admin, '/AR/Grouped/customer', body);
        expect(general.totals.documentCount, JSON.stringify(body)).toBeLessThanOrEqual(documents);
      }
      const team = await ok(manager, '/AR/Grouped/customer', { pageSize: 14 });
      expect(team.totals.documentCount).toBeLessThan(documents);
    });
  });
});

describe('AR/List, AR/DaysOpen, UnifiedAr', () => {
  it('lists open invoices, oldest past due first, with days and bucket', async () => {
    const { admin } = kit.users;
    const list = await ok(admin, '/AR/List', { pageSize: 20 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.ar_open');
    expect(list.totalCount).toBe(n);
    const [oldest] = await sql<{ days: number }>(`SELECT max('${TODAY}'::date - due_date) AS days FROM erp.ar_open`);
    expect(list.rows[0].daysPastDue).toBe(oldest!.days);
    expect(list.rows[0].agingBucket).toBe('Over 90');
    // Sorted by days, the lists sort by the dates they count from: the most days are the earliest
    // date, and the invoices not yet due follow in due-date order.
    const keys = (rows: Array<{ company: string; invoiceNumber: string }>) => rows.map((r) => `${r.company}/${r.invoiceNumber}`);
    const rawKeys = async (order: string, limit: number, offset = 0) =>
      (await sql<{ k: string }>(`SELECT company || '/' || invoice_number AS k FROM erp.ar_open ORDER BY ${order}, company, invoice_number LIMIT ${limit} OFFSET ${offset}`)).map((r) => r.k);
    expect(keys(list.rows)).toEqual(await rawKeys('due_date', 20));
    const [{ due }] = await sql<{ due: number }>(`SELECT count(*)::int AS due FROM erp.ar_open WHERE due_date < '${TODAY}'`);
    const notYetDue = await ok(admin, '/AR/List', { pageSize: 10, pageNumber: Math.floor(due / 10) + 1 });
    expect(keys(notYetDue.rows)).toEqual(await rawKeys('due_date', 10, Math.floor(due / 10) * 10));
    expect(notYetDue.rows.some((r: { daysPastDue: number }) => r.daysPastDue === 0)).toBe(true);
    const leastPastDue = await ok(admin, '/AR/List', { sortBy: 'daysPastDue', sortDir: 'asc', pageSize: 10 });
    expect(keys(leastPastDue.rows)).toEqual(await rawKeys('due_date DESC', 10));
    const longestOpen = await ok(admin, '/AR/List', { sortBy: 'daysOpen', sortDir: 'desc', pageSize: 10 });
    expect(keys(longestOpen.rows)).toEqual(await rawKeys('invoice_date', 10));
    const row = list.rows[0];
    const days = await get(admin, `/AR/DaysOpen/${row.invoiceNumber}?company=${row.company}`);
    expect(days.status).toBe(200);
    expect(days.body).toMatchObject({ invoiceNumber: row.invoiceNumber, daysOpen: row.daysOpen, daysPastDue: row.daysPastDue, balance: row.balance });
    const unified = await ok(admin, `/UnifiedAr/Invoice/Exact/${row.invoiceNumber}`, { company: row.company });
    expect(unified).toMatchObject({ isOpen: true, balance: row.balance, dueDate: row.dueDate, customer: row.customer });
    const [paid] = await sql<{ company: string; invoice_number: string; total: string }>(
      `SELECT h.company, h.invoice_number, h.sales + h.freight + h.tax AS total FROM erp.invoice_header h
        WHERE NOT EXISTS (SELECT 1 FROM erp.ar_open o WHERE o.company = h.company AND o.invoice_number = h.invoice_number) LIMIT 1`,
    );
    const closed = await ok(admin, `/UnifiedAr/Invoice/Exact/${paid!.invoice_number}`, { company: paid!.company });
    expect(closed).toMatchObject({ isOpen: false, balance: 0, dueDate: null });
    expect(cents(closed.total)).toBe(cents(paid!.total));
    expect((await get(admin, '/AR/DaysOpen/NO-SUCH')).status).toBe(404);
  });
});

describe('AP', () => {
  it('ages payables per supplier and lists vouchers; company-wide, gated by ApAccessRight', async () => {
    const { admin, rep } = kit.users;
    const grouped = await ok(rep, '/AP/Grouped/supplier', { pageSize: 500 });
    const raw = await sql<{ key: string; b: number; s: string }>(`SELECT supplier AS key, ${DUE_BUCKETS} AS b, sum(balance) AS s FROM erp.ap_open GROUP BY 1, 2`);
    expect(grouped.totalCount).toBe(new Set(raw.map((r) => r.key)).size);
    for (const row of grouped.rows) {
      const expected = [0, 1, 2, 3, 4].map((b) => raw.filter((r) => r.key === row.key && r.b === b).reduce((s, r) => s + cents(r.s), 0));
      expect(row.buckets.map(cents)).toEqual(expected);
    }
    const list = await ok(admin, '/AP/List', { searchString: grouped.rows[0].key, searchOperator: 'Exact', pageSize: 500 });
    expect(list.rows.every((r: { supplier: string }) => r.supplier === grouped.rows[0].key)).toBe(true);
    expect(list.rows.reduce((s: number, r: { balance: number }) => s + cents(r.balance), 0)).toBe(cents(grouped.rows[0].balance));

    await withRoleSettings(kit, 'SalesRep', { ApAccessRight: 'false' }, async () => {
        expect((await post(rep, '/AP/List')).status).toBe(403);
    });
  });
});

describe('Analysis', () => {
  it('SalesBookingsQuotes per sales rep equals the raw invoice lines, bookings and quote lines', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Analysis/SalesBookingsQuotes/salesRep/last-month', { pageSize: 500 });
    const raw = await sql<{ key: string; sales: string; bookings: string; quotes: string }>(
      `SELECT key, sum(s) AS sales, sum(b) AS bookings, sum(q) AS quotes FROM (
         SELECT sales_rep AS key, sales AS s, 0 AS b, 0 AS q FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-10-01' AND '2026-10-31'
         UNION ALL SELECT sales_rep, 0, sales, 0 FROM erp.booking WHERE order_line_date BETWEEN '2026-10-01' AND '2026-10-31'
         UNION ALL SELECT sales_rep, 0, 0, sales FROM erp.quote_line WHERE quote_date BETWEEN '2026-10-01' AND '2026-10-31') x GROUP BY 1`,
    );
    expect(result.totalCount).toBe(raw.length);
    for (const row of result.rows) {
      const r = raw.find((x) => x.key === row.key)!;
      expect([cents(row.sales), cents(row.bookings), cents(row.quotes)]).toEqual([cents(r.sales), cents(r.bookings), cents(r.quotes)]);
    }
    expect((await post(admin, '/Analysis/SalesBookingsQuotes/branch/last-month')).body.message).toContain("groupBy 'branch'");
    expect((await post(admin, '/Analysis/SalesBookingsQuotes/salesRep/someday')).body.message).toContain("dateSlug 'someday'");
  });

  it('BusinessHealth compares like with like, scoped to the rep, gross profit on the commission cost (InvoiceCostBasis)', async () => {
    const { rep } = kit.users;
    const result = await ok(rep, '/Analysis/BusinessHealth/customer/last-month', { pageSize: 500 });
    expect(result.comparison).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    const [raw] = await sql<{ c: string; p: string; cc: string }>(
      `SELECT sum(sales) FILTER (WHERE invoice_date >= '2026-10-01') AS c, sum(sales) FILTER (WHERE invoice_date < '2026-01-01') AS p,
              sum(commission_cost) FILTER (WHERE invoice_date >= '2026-10-01') AS cc
         FROM erp.invoice_line WHERE sales_rep = 'SR01' AND (invoice_date BETWEEN '2026-10-01' AND '2026-10-31' OR invoice_date BETWEEN '2025-10-01' AND '2025-10-31')`,
    );
    expect(cents(result.totals.sales)).toBe(cents(raw!.c));
    expect(cents(result.totals.comparisonSales)).toBe(cents(raw!.p));
    expect(result.totals.grossProfitPercent).toBeCloseTo((100 * (Number(raw!.c) - Number(raw!.cc))) / Number(raw!.c), 1);
  });

  it('BusinessHealth by customer for last month pages its customers by sales from the month index, counted by migration 046, as every customer\'s sums would', async () => {
    const { admin } = kit.users;
    const raw = await sql<{ key: string; sales: string; comparison_sales: string; bookings: string; comparison_bookings: string }>(
      `WITH i AS (SELECT customer AS key, sum(sales) FILTER (WHERE invoice_date >= '2026-10-01') AS c, sum(sales) FILTER (WHERE invoice_date < '2026-01-01') AS p
                    FROM erp.invoice_line WHERE invoice_date BETWEEN '2026-10-01' AND '2026-10-31' OR invoice_date BETWEEN '2025-10-01' AND '2025-10-31' GROUP BY 1),
            b AS (SELECT customer AS key, sum(sales) FILTER (WHERE order_line_date >= '2026-10-01') AS c, sum(sales) FILTER (WHERE order_line_date < '2026-01-01') AS p
                    FROM erp.booking WHERE order_line_date BETWEEN '2026-10-01' AND '2026-10-31' OR order_line_date BETWEEN '2025-10-01' AND '2025-10-31' GROUP BY 1)
       SELECT key, coalesce(i.c, 0) AS sales, coalesce(i.p, 0) AS comparison_sales, coalesce(b.c, 0) AS bookings, coalesce(b.p, 0) AS comparison_bookings
         FROM i FULL JOIN b USING (key) ORDER BY coalesce(i.c, 0) DESC, key`,
    );
    const figures = (rows: Array<Record<string, any>>) =>
      rows.map((r) => [r.key, cents(r.sales), cents(r.comparisonSales ?? r.comparison_sales), cents(r.bookings), cents(r.comparisonBookings ?? r.comparison_bookings)]);
    const buyers = raw.filter((r) => Number(r.sales) > 0).length;
    expect(buyers).toBeGreaterThan(30);
    expect(raw.length).toBeGreaterThan(buyers);
    // Pages 1 and 2, and a page past last month's buyers (every customer's sums answer it).
    for (const [pageNumber, pageSize] of [[1, 15], [2, 15], [Math.floor(buyers / 10) + 1, 10]] as const) {
      const page = await ok(admin, '/Analysis/BusinessHealth/customer/last-month', { pageNumber, pageSize });
      expect(page.totalCount).toBe(raw.length);
      expect(figures(page.rows)).toEqual(figures(raw.slice((pageNumber - 1) * pageSize, pageNumber * pageSize)));
      // The same question filtered to every company is answered from every customer's sums: the same answer.
      const companies = (await sql<{ company: string }>('SELECT DISTINCT company FROM erp.invoice_line')).map((c) => c.company);
      const filtered = await ok(admin, '/Analysis/BusinessHealth/customer/last-month', { pageNumber, pageSize, filters: [{ field: 'company', comparison: 'include', values: companies }] });
      expect({ ...filtered, filters: undefined }).toEqual({ ...page, filters: undefined });
    }
    // Migration 046 counts each month's customers and those of the month a year before, and the count is read from it.
    const differing = await sql(
      `WITH a AS (SELECT date_trunc('month', invoice_date)::date AS month, customer FROM erp.invoice_line
                  UNION SELECT date_trunc('month', order_line_date)::date, customer FROM erp.booking),
            c AS (SELECT month, count(DISTINCT customer)::int AS customers
                    FROM (SELECT month, customer FROM a UNION ALL SELECT (month + interval '1 year')::date, customer FROM a) y GROUP BY 1)
       SELECT * FROM c FULL JOIN erp.business_health_month h USING (month) WHERE c.customers IS DISTINCT FROM h.customers`,
    );
    expect(differing).toEqual([]);
    await withChangedRollup(kit, "UPDATE erp.business_health_month SET customers = customers + 1000 WHERE month = '2026-10-01'", 'erp.refresh_business_health_months', async () => {
      expect((await ok(admin, '/Analysis/BusinessHealth/customer/last-month', { pageSize: 14 })).totalCount).toBe(raw.length + 1000);
    });
  });

  it('BusinessHealthDetail counts buying, new, lost and top customers per rep or branch over the last 12 months', async () => {
    const { admin, rep } = kit.users;
    for (const [groupBy, column] of [['salesRep', 'sales_rep'], ['branch', 'branch']]) {
      const result = await ok(admin, `/Analysis/BusinessHealthDetail/${groupBy}?topPctBuyingOption=25`, { pageSize: 500 });
      expect(result).toMatchObject({ from: '2025-11-01', to: '2026-10-31', comparison: { from: '2024-11-01', to: '2025-10-31' }, topPctBuyingOption: 25 });
      const raw = await sql<{ key: string; cur: string[]; buyers: number; prev: number; fresh: number; lost: number }>(
        `WITH c AS (SELECT ${column} AS key, company, customer,
                           sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-11-01' AND '2026-10-31') AS cur,
                           sum(sales) FILTER (WHERE invoice_date BETWEEN '2024-11-01' AND '2025-10-31') AS prev
                      FROM erp.invoice_line WHERE invoice_date BETWEEN '2024-11-01' AND '2026-10-31' GROUP BY 1, 2, 3)
         SELECT key, array_agg(cur::text ORDER BY cur DESC) FILTER (WHERE cur > 0) AS cur, count(*) FILTER (WHERE cur > 0)::int AS buyers,
                count(*) FILTER (WHERE prev > 0)::int AS prev, count(*) FILTER (WHERE cur > 0 AND coalesce(prev, 0) <= 0)::int AS fresh,
                count(*) FILTER (WHERE prev > 0 AND coalesce(cur, 0) <= 0)::int AS lost
           FROM c GROUP BY 1`,
      );
      expect(result.totalCount).toBe(raw.length);
      expect(raw.length).toBeGreaterThan(1);
      for (const row of result.rows) {
        const r = raw.find((x) => x.key === row.key)!;
        const top = Math.ceil((r.buyers * 25) / 100);
        const topSales = (r.cur ?? []).slice(0, top).reduce((s, v) => s + cents(v), 0);
        expect([row.buyingCustomers, row.comparisonBuyingCustomers, row.newCustomers, row.lostCustomers, row.topCustomers]).toEqual([r.buyers, r.prev, r.fresh, r.lost, top]);
        expect(cents(row.topCustomersSales)).toBe(topSales);
      }
    }
    // The rows of migration 045, which answer these periods unfiltered, are each group's customers' sums of their lines, ranked.
    const differing = await sql(
      `WITH raw AS (SELECT g.grouping, g.key, company, customer,
                           sum(sales) FILTER (WHERE invoice_date BETWEEN '2025-11-01' AND '2026-10-31') AS cur,
                           sum(sales) FILTER (WHERE invoice_date BETWEEN '2024-11-01' AND '2025-10-31') AS prev
                      FROM erp.invoice_line l CROSS JOIN LATERAL (VALUES ('sales_rep', l.sales_rep), ('branch', l.branch), ('company', l.company)) g (grouping, key)
                     WHERE invoice_date BETWEEN '2024-11-01' AND '2026-10-31' GROUP BY 1, 2, 3, 4),
            ranked AS (SELECT *, rank() OVER (PARTITION BY grouping, key ORDER BY cur DESC NULLS LAST)::int AS first,
                              count(*) OVER (PARTITION BY grouping, key, cur)::int AS tied FROM raw)
       SELECT * FROM ranked r FULL JOIN erp.invoice_customer_years y USING (grouping, key, company, customer)
        WHERE (r.cur, r.prev) IS DISTINCT FROM (y.current_sales, y.previous_sales) OR y.rank NOT BETWEEN r.first AND r.first + r.tied - 1`,
    );
    expect(differing).toEqual([]);
    // Each row's running sum (migration 047) is its group's sums down to its rank.
    const running = await sql(
      `SELECT * FROM (SELECT grouping, key, rank, running_sales, sum(current_sales) OVER (PARTITION BY grouping, key ORDER BY rank) AS expected FROM erp.invoice_customer_years) y
        WHERE running_sales IS DISTINCT FROM expected`,
    );
    expect(running).toEqual([]);
    // Filtered, the month rollup answers, ranked among the customers the filter keeps.
    const [{ branch }] = await sql<{ branch: string }>(`SELECT branch FROM erp.invoice_line GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const filtered = await ok(admin, '/Analysis/BusinessHealthDetail/salesRep', { pageSize: 500, filters: [{ field: 'branch', comparison: 'equals', values: [branch] }] });
    const [expected] = await sql<{ buyers: number }>(
      `SELECT count(*)::int AS buyers FROM (SELECT company, customer FROM erp.invoice_line WHERE branch = $1 AND invoice_date BETWEEN '2025-11-01' AND '2026-10-31'
                                             GROUP BY 1, 2 HAVING sum(sales) > 0) c`,
      [branch],
    );
    expect(filtered.rows.reduce((n: number, r: { buyingCustomers: number }) => n + r.buyingCustomers, 0)).toBe(expected!.buyers);
    const mine = await ok(rep, '/Analysis/BusinessHealthDetail/salesRep');
    expect(mine.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    expect((await post(admin, '/Analysis/BusinessHealthDetail/customer')).status).toBe(400);
    expect((await post(admin, '/Analysis/BusinessHealthDetail/salesRep?topPctBuyingOption=0')).status).toBe(400);
  });

  it('QuoteConversionRatio counts and totals the quotes of the period and the converted ones, from the day rollup unless the customer is asked', async () => {
    const { admin, rep } = kit.users;
    const raw = (key: string, extra = '') =>
      sql<{ key: string; n: number; c: number; amount: string; converted: string }>(
        `SELECT ${key} AS key, count(*)::int AS n, count(*) FILTER (WHERE status = 'Converted')::int AS c,
                sum(quote_total) AS amount, coalesce(sum(quote_total) FILTER (WHERE status = 'Converted'), 0) AS converted
           FROM erp.quote_header WHERE quote_date BETWEEN '2026-01-01' AND '${TODAY}' ${extra} GROUP BY 1 ORDER BY 1`,
      );
    const figures = (rows: Array<Record<string, any>>) => rows.map((r) => [r.key, r.quoteCount ?? r.n, r.convertedCount ?? r.c, cents(r.quoteAmount ?? r.amount), cents(r.convertedAmount ?? r.converted)]);
    const body = { pageSize: 500, sortBy: 'key', sortDir: 'asc' };
    const byRep = await ok(admin, '/Analysis/QuoteConversionRatio/salesRep/year-to-date', body);
    expect(figures(byRep.rows)).toEqual(figures(await raw('sales_rep')));
    const top = byRep.rows[0];
    expect(top.conversionRatio).toBeCloseTo((100 * top.convertedCount) / top.quoteCount, 2);
    const [{ customer }] = await sql<{ customer: string }>(`SELECT customer FROM erp.quote_header WHERE quote_date >= '2026-01-01' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const oneCustomer = await ok(admin, '/Analysis/QuoteConversionRatio/month/year-to-date', { ...body, filters: [{ field: 'customer', comparison: 'equals', values: [customer] }] });
    expect(figures(oneCustomer.rows)).toEqual(figures(await raw(`to_char(quote_date, 'YYYY-MM')`, `AND customer = '${customer}'`)));
    const mine = await ok(rep, '/Analysis/QuoteConversionRatio/company/year-to-date', body);
    expect(figures(mine.rows)).toEqual(figures(await raw('company', "AND sales_rep = 'SR01'")));
    // A changed rollup row shows in a rollup answer (another body: another cache entry); a customer's question reads the headers.
    await withChangedRollup(kit, "UPDATE erp.quote_header_day SET quote_count = quote_count + 1000 WHERE sales_rep = 'SR01' AND quote_date >= '2026-01-01'", 'erp.refresh_quote_header_rollups', async () => {
      const [{ days }] = await sql<{ days: number }>(`SELECT count(*)::int AS days FROM erp.quote_header_day WHERE sales_rep = 'SR01' AND quote_date BETWEEN '2026-01-01' AND '${TODAY}'`);
      const changed = await ok(admin, '/Analysis/QuoteConversionRatio/salesRep/year-to-date', { ...body, pageSize: 499 });
      const sr01 = (result: { rows: Array<{ key: string; quoteCount: number }> }) => result.rows.find((r) => r.key === 'SR01')!.quoteCount;
      expect(days).toBeGreaterThan(0);
      expect(sr01(changed)).toBe(sr01(byRep) + 1000 * days);
      const byCustomer = await ok(admin, '/Analysis/QuoteConversionRatio/customer/year-to-date', { filters: [{ field: 'customer', comparison: 'equals', values: [customer] }] });
      expect(figures(byCustomer.rows)).toEqual(figures(await raw('customer', `AND customer = '${customer}'`)));
    });
  });

  it('ArApRatio sets open AR against open AP per company', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Analysis/ArApRatio/company');
    const raw = await sql<{ key: string; ar: string; ap: string }>(
      `SELECT c.company AS key, (SELECT sum(balance) FROM erp.ar_open a WHERE a.company = c.company) AS ar,
              (SELECT sum(balance) FROM erp.ap_open p WHERE p.company = c.company) AS ap FROM erp.company c`,
    );
    for (const row of result.rows) {
      const r = raw.find((x) => x.key === row.key)!;
      expect([cents(row.arBalance), cents(row.apBalance)]).toEqual([cents(r.ar ?? 0), cents(r.ap ?? 0)]);
      if (Number(r.ap ?? 0) === 0) expect(row.ratio).toBeNull();
      else expect(row.ratio).toBeCloseTo(Number(r.ar) / Number(r.ap), 2);
    }
    expect(result.rows.some((r: { ratio: number | null }) => r.ratio !== null)).toBe(true);
    // Open AR comes from its rollup (erp.ar_open_rep): a changed row shows in another body's answer.
    const [first] = result.rows;
    await withChangedRollup(kit, `UPDATE erp.ar_open_rep SET balance = balance + 1 WHERE company = '${first.key}'`, 'erp.refresh_ar_rollups', async () => {
      const [{ reps }] = await sql<{ reps: number }>(`SELECT count(*)::int AS reps FROM erp.ar_open_rep WHERE company = $1`, [first.key]);
      const changed = await ok(admin, '/Analysis/ArApRatio/company', { pageSize: 50 });
      expect(cents(changed.rows[0].arBalance)).toBe(cents(first.arBalance) + 100 * reps);
    });
    expect((await post(admin, '/Analysis/ArApRatio/customer')).status).toBe(400);
  });
});
