import { describe, expect, it } from 'vitest';
import { cents, TODAY, useErpServices, withChangedRollup, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

/** Runs `body` with 1,000 added to the amount of one row of the PO month rollup for `month`. */
const withChangedPoMonth = (month: string, body: () => Promise<void>) =>
  withChangedRollup(
    kit,
    `UPDATE erp.purchase_order_month SET amount = amount + 1000
      WHERE (month, company, supplier) = (SELECT month, company, supplier FROM erp.purchase_order_month WHERE month = '${month}' LIMIT 1)`,
    'erp.refresh_purchase_order_rollups',
    body,
  );

describe('PurchaseOrder/Grouped, KPI, Summary', () => {
  it('totals per supplier for last year equal a GROUP BY on the raw lines', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/PurchaseOrder/Grouped/supplier', { dateSlug: 'last-year', pageSize: 500 });
    expect(result).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    const raw = await sql<{ key: string; amount: string; open: string; n: number }>(
      `SELECT supplier AS key, sum(cost) AS amount, sum(open_cost) AS open, count(*)::int AS n FROM erp.purchase_order_line
        WHERE order_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1 ORDER BY sum(cost) DESC, 1`,
    );
    expect(result.totalCount).toBe(raw.length);
    expect(result.rows.map((r: { key: string; amount: number; openAmount: number; lineCount: number }) => [r.key, cents(r.amount), cents(r.openAmount), r.lineCount])).toEqual(
      raw.map((r) => [r.key, cents(r.amount), cents(r.open), r.n]),
    );
    expect(result.rows[0].name).not.toBe(result.rows[0].key);
    expect(cents(result.totals.amount)).toBe(raw.reduce((s, r) => s + cents(r.amount), 0));
  });

  it('groups by branch (the header) and month, and 400s a bad groupBy, dateSlug or filter', async () => {
    const { admin } = kit.users;
    const branches = await ok(admin, '/PurchaseOrder/Grouped/branch', { dateSlug: 'year-to-date' });
    const raw = await sql<{ key: string; amount: string }>(
      `SELECT h.branch AS key, sum(l.cost) AS amount FROM erp.purchase_order_line l JOIN erp.purchase_order_header h USING (company, po_number)
        WHERE l.order_date BETWEEN '2026-01-01' AND '${TODAY}' GROUP BY 1`,
    );
    for (const row of branches.rows) expect(cents(row.amount)).toBe(cents(raw.find((r) => r.key === row.key)!.amount));
    const months = await ok(admin, '/PurchaseOrder/Grouped/month', { dateSlug: 'year-to-date', sortBy: 'key', pageSize: 12 });
    const rawMonths = await sql<{ m: string }>(
      `SELECT DISTINCT to_char(order_date, 'YYYY-MM') AS m FROM erp.purchase_order_line WHERE order_date BETWEEN '2026-01-01' AND '${TODAY}' ORDER BY 1`,
    );
    expect(months.rows.map((r: { key: string }) => r.key)).toEqual(rawMonths.map((r) => r.m));
    expect((await post(admin, '/PurchaseOrder/Grouped/customer')).body.message).toContain("groupBy 'customer'");
    expect((await post(admin, '/PurchaseOrder/Grouped/supplier', { dateSlug: 'soon' })).body.message).toContain("dateSlug 'soon'");
    const badFilter = await post(admin, '/PurchaseOrder/Grouped/supplier', { filters: [{ field: 'salesRep', comparison: 'include', values: ['SR01'] }] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toContain("'salesRep'");
  });

  it('KPI compares like with like, Summary gives five periods', async () => {
    const { admin } = kit.users;
    const kpi = await ok(admin, '/PurchaseOrder/KPI', { dateSlug: 'last-month' });
    const [raw] = await sql<{ c: string; p: string; pos: number }>(
      `SELECT sum(cost) FILTER (WHERE order_date BETWEEN '2026-10-01' AND '2026-10-31') AS c,
              sum(cost) FILTER (WHERE order_date BETWEEN '2025-10-01' AND '2025-10-31') AS p,
              count(DISTINCT po_number) FILTER (WHERE order_date BETWEEN '2026-10-01' AND '2026-10-31')::int AS pos
         FROM erp.purchase_order_line`,
    );
    expect([cents(kpi.current.amount), cents(kpi.comparison.amount), kpi.current.poCount]).toEqual([cents(raw!.c), cents(raw!.p), raw!.pos]);
    expect(cents(kpi.change)).toBe(cents(raw!.c) - cents(raw!.p));
    const summary = await ok(admin, '/PurchaseOrder/Summary', { filters: [{ field: 'company', comparison: 'equals', values: ['01'] }] });
    expect(summary.periods.map((p: { dateSlug: string }) => p.dateSlug)).toEqual(['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year']);
    const [ly] = await sql<{ s: string }>(`SELECT sum(cost) AS s FROM erp.purchase_order_line WHERE company = '01' AND order_date BETWEEN '2025-01-01' AND '2025-12-31'`);
    expect(cents(summary.periods[4].amount)).toBe(cents(ly!.s));
  });

  it('Summary from the rollups (erp.purchase_order_month and _day) answers like the lines, for each period and filter', async () => {
    const { admin } = kit.users;
    const [{ supplier, location }] = await sql<{ supplier: string; location: string }>(
      'SELECT supplier, location FROM erp.purchase_order_line GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1',
    );
    const eq = (field: string, value: string) => ({ field, comparison: 'equals', values: [value] });
    const lines = async (from: string, to: string, where: string, params: readonly unknown[]) => {
      const [raw] = await sql<{ amount: string | null; received: string | null; n: number; pos: number }>(
        `SELECT sum(l.cost) AS amount, sum(l.cost - l.open_cost) AS received, count(*)::int AS n, count(DISTINCT (l.company, l.po_number))::int AS pos
           FROM erp.purchase_order_line l JOIN erp.purchase_order_header h USING (company, po_number)
          WHERE l.order_date BETWEEN $1::date AND $2::date ${where}`,
        [from, to, ...params],
      );
      return [cents(raw!.amount ?? 0), cents(raw!.received ?? 0), raw!.n, raw!.pos];
    };
    for (const [filters, where, params] of [
      [[], '', []],
      [[eq('supplier', supplier), eq('status', 'Received')], 'AND l.supplier = $3 AND h.status = $4', [supplier, 'Received']],
      // A line field the rollups do not keep: read from the lines.
      [[eq('location', location)], 'AND l.location = $3', [location]],
    ] as const) {
      const summary = await ok(admin, '/PurchaseOrder/Summary', { filters });
      for (const period of summary.periods) {
        const answered = [cents(period.amount), cents(period.receivedAmount), period.lineCount, period.poCount];
        expect(answered, `${period.dateSlug} ${JSON.stringify(filters)}`).toEqual(await lines(period.from, period.to, where, params));
      }
    }
  });

  it('Grouped by the fields the rollups keep answers like the lines, over partial months and with a filter', async () => {
    const { admin } = kit.users;
    const keys = { supplier: 'l.supplier', buyer: 'h.buyer', quarter: `to_char(l.order_date, 'YYYY-"Q"Q')` };
    for (const [groupBy, key] of Object.entries(keys)) {
      for (const [filters, where] of [
        [[], ''],
        [[{ field: 'status', comparison: 'equals', values: ['Received'] }], `AND h.status = 'Received'`],
      ] as const) {
        const result = await ok(admin, `/PurchaseOrder/Grouped/${groupBy}`, { dateSlug: 'last-90-days', filters, pageSize: 500, sortBy: 'key' });
        const raw = await sql<{ key: string; amount: string; open: string; n: number }>(
          `SELECT ${key} AS key, sum(l.cost) AS amount, sum(l.open_cost) AS open, count(*)::int AS n
             FROM erp.purchase_order_line l JOIN erp.purchase_order_header h USING (company, po_number)
            WHERE l.order_date BETWEEN $1::date AND $2::date ${where} GROUP BY 1 ORDER BY 1`,
          [result.from, result.to],
        );
        const answered = result.rows.map((r: { key: string; amount: number; openAmount: number; lineCount: number }) => [r.key, cents(r.amount), cents(r.openAmount), r.lineCount]);
        expect(answered, `${groupBy} ${JSON.stringify(filters)}`).toEqual(raw.map((r) => [r.key, cents(r.amount), cents(r.open), r.n]));
      }
    }
    // Whole months come from the month rollup: a changed row there shows.
    const before = await ok(admin, '/PurchaseOrder/Grouped/supplier', { dateSlug: 'last-year' });
    await withChangedPoMonth('2025-06-01', async () => {
      const changed = await ok(admin, '/PurchaseOrder/Grouped/supplier', { dateSlug: 'last-year', filters: [] });
      expect(cents(changed.totals.amount)).toBe(cents(before.totals.amount) + 100_000);
    });
  });

  it('KPI and Summary read the rollups for whole months and the month to the end of the data', async () => {
    const { admin } = kit.users;
    const before = await ok(admin, '/PurchaseOrder/KPI', { dateSlug: 'this-month' });
    await withChangedPoMonth('2026-11-01', async () => {
      // Another body (an empty filter list) is another cache entry: computed afresh, from the rollup.
      const changed = await ok(admin, '/PurchaseOrder/KPI', { dateSlug: 'this-month', filters: [] });
      expect(cents(changed.current.amount)).toBe(cents(before.current.amount) + 100_000);
      expect(changed.comparison).toEqual(before.comparison);
    });
  });

  it('answers a repeat call from the result cache, for the current data load', async () => {
    const { admin } = kit.users;
    const body = { dateSlug: 'last-year', pageSize: 3 };
    // By location: a field the rollups do not keep, so the lines answer.
    const first = await ok(admin, '/PurchaseOrder/Grouped/location', body);
    // A line changed without a new data load: the repeat call still answers what the first computed.
    const where = `company = '01' AND order_date BETWEEN '2025-01-01' AND '2025-12-31'`;
    await sql(`UPDATE erp.purchase_order_line SET cost = cost + 1000 WHERE ${where}`);
    try {
      expect(await ok(admin, '/PurchaseOrder/Grouped/location', body)).toEqual(first);
      // Another request (here a page size) is not the cached one: it reads the changed lines.
      const other = await ok(admin, '/PurchaseOrder/Grouped/location', { ...body, pageSize: 4 });
      expect(cents(other.totals.amount)).toBeGreaterThan(cents(first.totals.amount));
    } finally {
      await sql(`UPDATE erp.purchase_order_line SET cost = cost - 1000 WHERE ${where}`);
    }
  });
});

describe('PurchaseOrder open and on time', () => {
  it('Open/Grouped ages open lines by line due date with the AP periods', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/PurchaseOrder/Open/Grouped/location', { pageSize: 500 });
    expect(result.agingBasis).toBe('LineDueDate');
    expect(result.agingBuckets.map((b: { label: string }) => b.label)).toEqual(['Current', '1-30', '31-60', '61-90', 'Over 90']);
    const raw = await sql<{ key: string; b: string[] }>(
      `SELECT location AS key, ARRAY[coalesce(sum(open_cost) FILTER (WHERE due_date >= '${TODAY}'), 0),
              coalesce(sum(open_cost) FILTER (WHERE '${TODAY}'::date - due_date BETWEEN 1 AND 30), 0),
              coalesce(sum(open_cost) FILTER (WHERE '${TODAY}'::date - due_date BETWEEN 31 AND 60), 0),
              coalesce(sum(open_cost) FILTER (WHERE '${TODAY}'::date - due_date BETWEEN 61 AND 90), 0),
              coalesce(sum(open_cost) FILTER (WHERE '${TODAY}'::date - due_date > 90), 0)]::text[] AS b
         FROM erp.purchase_order_line WHERE qty_open > 0 GROUP BY 1`,
    );
    expect(result.totalCount).toBe(raw.length);
    for (const row of result.rows) expect(row.buckets.map(cents)).toEqual(raw.find((r) => r.key === row.key)!.b.map(cents));
  });

  it('OnTime counts lines received in the period by their due date', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/PurchaseOrder/OnTime', { dateSlug: 'last-quarter', groupBy: 'company' });
    const raw = await sql<{ key: string; n: number; on: number }>(
      `SELECT company AS key, count(*)::int AS n, count(*) FILTER (WHERE received_date <= due_date)::int AS on FROM erp.purchase_order_line
        WHERE received_date BETWEEN $1 AND $2 GROUP BY 1`,
      [result.from, result.to],
    );
    for (const row of result.rows) {
      const r = raw.find((x) => x.key === row.key)!;
      expect([row.receivedLines, row.onTimeLines, row.lateLines]).toEqual([r.n, r.on, r.n - r.on]);
      expect(row.onTimePercent).toBeCloseTo((100 * r.on) / r.n, 2);
    }
  });
});

describe('PurchaseOrder lines and header', () => {
  it('Details pages and searches lines; Header gives one PO with its lines; ItemHistory one item', async () => {
    const { admin, rep } = kit.users;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.purchase_order_line WHERE order_date BETWEEN '2025-01-01' AND '2025-12-31'`);
    const page = await ok(rep, '/PurchaseOrder/Details', { pageSize: 10, pageNumber: 2, dateSlug: 'last-year' });
    expect(page.totalCount).toBe(n);
    const recent = await ok(rep, '/PurchaseOrder/Details', { pageSize: 500 });
    expect(recent).toMatchObject({ dateSlug: 'last-30-days', from: '2026-10-22', to: TODAY });
    const [{ r }] = await sql<{ r: number }>(`SELECT count(*)::int AS r FROM erp.purchase_order_line WHERE order_date BETWEEN '2026-10-22' AND '${TODAY}'`);
    expect(recent.totalCount).toBe(r);
    expect(page.rows).toHaveLength(10);
    const po = page.rows[0].poNumber;
    const one = await ok(admin, '/PurchaseOrder/Header', { poNumber: po });
    const [header] = await sql<{ line_count: number; po_total: string }>('SELECT line_count, po_total FROM erp.purchase_order_header WHERE po_number = $1', [po]);
    expect(one.header.poNumber).toBe(po);
    expect(one.lines).toHaveLength(header!.line_count);
    expect(one.lines.reduce((s: number, l: { cost: number }) => s + cents(l.cost), 0)).toBe(cents(header!.po_total));
    expect((await post(admin, '/PurchaseOrder/Header', { poNumber: 'PO-NONE' })).status).toBe(404);

    const item = page.rows[0].itemNumber;
    const history = await ok(admin, '/PurchaseOrder/ItemHistory', { itemNumber: item, pageSize: 500 });
    const [{ m }] = await sql<{ m: number }>('SELECT count(*)::int AS m FROM erp.purchase_order_line WHERE item_number = $1', [item]);
    expect(history.totalCount).toBe(m);
    expect(history.rows.every((r: { itemNumber: string }) => r.itemNumber === item)).toBe(true);
    const dates = history.rows.map((r: { orderDate: string }) => r.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const searched = await ok(admin, '/PurchaseOrder/Details', { searchString: po, searchOperator: 'Exact', dateSlug: 'last-365-days' });
    expect(searched.rows.every((r: { poNumber: string }) => r.poNumber === po)).toBe(true);
    expect(searched.from).not.toBeNull();
  });

  it('is gated by PurchaseAccessRight', async () => {
    const { rep } = kit.users;
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
        const denied = await post(rep, '/PurchaseOrder/Grouped/supplier');
        expect(denied.status).toBe(403);
        expect(denied.body.message).toContain('PurchaseAccessRight');
    });
  });
});
