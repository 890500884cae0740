import { describe, expect, it } from 'vitest';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue-all.ts';
import { cents, TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

const LAST_90 = ['2026-08-23', TODAY];
const LAST_YEAR = ['2025-01-01', '2025-12-31'];
const YTD = ['2026-01-01', TODAY];
type Row = Record<string, any>;
const sumCents = (rows: Row[], field: string) => rows.reduce((s, r) => s + cents(r[field]), 0);

describe('the generated adjustments and RMAs', () => {
  it('add up, cover every reason and status, and credit each returned credit memo once', async () => {
    const [r] = await sql<Record<string, number>>(`
      SELECT (SELECT count(DISTINCT reason) FROM erp.inventory_adjustment_header)::int AS reasons,
             (SELECT count(*) FROM erp.inventory_adjustment_header h WHERE h.total_value <> (SELECT sum(value) FROM erp.inventory_adjustment_line l WHERE l.company = h.company AND l.adjustment_number = h.adjustment_number)
                 OR h.line_count <> (SELECT count(*) FROM erp.inventory_adjustment_line l WHERE l.company = h.company AND l.adjustment_number = h.adjustment_number))::int AS bad_adjustments,
             (SELECT count(*) FROM erp.inventory_adjustment_line l WHERE NOT EXISTS (SELECT 1 FROM erp.inventory v WHERE v.company = l.company AND v.item_number = l.item_number AND v.location = l.location))::int AS unstocked,
             (SELECT count(DISTINCT status) FROM erp.rma_header)::int AS statuses,
             (SELECT count(*) FROM erp.rma_header h WHERE h.total_amount <> (SELECT sum(amount) FROM erp.rma_line l WHERE l.company = h.company AND l.rma_number = h.rma_number))::int AS bad_rmas,
             (SELECT count(*) FROM erp.invoice_header WHERE invoice_type = 'CR')::int AS credits,
             (SELECT count(DISTINCT credit_invoice_number) FROM erp.rma_header)::int AS credited`);
    expect(r).toMatchObject({ reasons: 6, bad_adjustments: 0, unstocked: 0, bad_rmas: 0 });
    expect(r!.statuses).toBeGreaterThanOrEqual(3);
    expect(r!.credited).toBe(r!.credits);
  });
});

describe('Inventory/Adjustment and Adjustment/Detail', () => {
  it('lists the last 90 days of adjustments, paged and sorted, with totals', async () => {
    const { admin } = kit.users;
    const page = await ok(admin, '/Inventory/Adjustment', { pageSize: 5, pageNumber: 2 });
    expect(page).toMatchObject({ dateSlug: 'last-90-days', from: LAST_90[0], to: LAST_90[1], groupBy: null });
    const raw = await sql<{ adjustment_number: string }>(
      `SELECT adjustment_number FROM erp.inventory_adjustment_header WHERE adjustment_date BETWEEN $1 AND $2 ORDER BY adjustment_date DESC, adjustment_number DESC LIMIT 5 OFFSET 5`,
      LAST_90,
    );
    expect(page.rows.map((r: Row) => r.adjustmentNumber)).toEqual(raw.map((r) => r.adjustment_number));
    const [t] = await sql<{ n: number; lines: number; qty: number; value: string; up: string | null; down: string | null }>(
      `SELECT count(*)::int AS n, sum(line_count)::int AS lines, sum(total_qty)::int AS qty, sum(total_value) AS value,
              sum(total_value) FILTER (WHERE total_value > 0) AS up, sum(total_value) FILTER (WHERE total_value < 0) AS down
         FROM erp.inventory_adjustment_header WHERE adjustment_date BETWEEN $1 AND $2`,
      LAST_90,
    );
    expect([page.totalCount, page.totals.adjustmentCount, page.totals.lineCount, page.totals.totalQty, cents(page.totals.totalValue), cents(page.totals.increaseValue), cents(page.totals.decreaseValue)]).toEqual([
      t!.n, t!.n, t!.lines, t!.qty, cents(t!.value), cents(t!.up ?? 0), cents(t!.down ?? 0),
    ]);
    expect(page.rows[0].branchName).toBeTruthy();
    const byValue = await ok(admin, '/Inventory/Adjustment', { dateSlug: 'last-year', sortBy: 'totalValue', sortDir: 'asc', pageSize: 50, filters: [{ field: 'reason', comparison: 'equals', values: ['Obsolete Write-Off'] }] });
    const values = byValue.rows.map((r: Row) => r.totalValue);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(byValue.rows.every((r: Row) => r.reason === 'Obsolete Write-Off' && r.totalValue < 0)).toBe(true);
  });

  it('groups adjustments by reason and by month, equal to a GROUP BY', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Inventory/Adjustment', { dateSlug: 'year-to-date', groupBy: 'reason' });
    expect(result).toMatchObject({ groupBy: 'reason', from: YTD[0], to: YTD[1] });
    const raw = await sql<{ key: string; n: number; value: string; down: string | null }>(
      `SELECT reason AS key, count(*)::int AS n, sum(total_value) AS value, sum(total_value) FILTER (WHERE total_value < 0) AS down
         FROM erp.inventory_adjustment_header WHERE adjustment_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY count(*) DESC, 1`,
      YTD,
    );
    expect(result.rows.map((r: Row) => [r.key, r.name, r.adjustmentCount, cents(r.totalValue), cents(r.decreaseValue)])).toEqual(raw.map((r) => [r.key, r.key, r.n, cents(r.value), cents(r.down ?? 0)]));
    expect(result.totals.adjustmentCount).toBe(raw.reduce((s, r) => s + r.n, 0));
    const months = await ok(admin, '/Inventory/Adjustment', { dateSlug: 'last-year', groupBy: 'month', pageSize: 12 });
    expect(months.rows.map((r: Row) => r.key)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    const branches = await ok(admin, '/Inventory/Adjustment', { dateSlug: 'last-year', groupBy: 'branch' });
    expect(branches.rows.every((r: Row) => r.name !== r.key)).toBe(true);
  });

  it("Detail gives one adjustment's lines in order, the lines of a period, and 404 for no adjustment", async () => {
    const { admin } = kit.users;
    const [adj] = await sql<{ adjustment_number: string; line_count: number; total_value: string }>(
      `SELECT adjustment_number, line_count, total_value FROM erp.inventory_adjustment_header WHERE line_count > 2 ORDER BY adjustment_number LIMIT 1`,
    );
    const lines = await ok(admin, '/Inventory/Adjustment/Detail', { adjustmentNumber: adj!.adjustment_number });
    expect([lines.dateSlug, lines.totalCount, lines.totals.lineCount]).toEqual([null, adj!.line_count, adj!.line_count]);
    expect(lines.rows.map((r: Row) => r.lineNumber)).toEqual(Array.from({ length: Math.min(15, adj!.line_count) }, (_, i) => i + 1));
    expect(cents(lines.totals.value)).toBe(cents(adj!.total_value));
    expect(lines.rows[0].itemDescription).toBeTruthy();
    for (const r of lines.rows) expect(cents(r.value)).toBe(Math.round(r.qty * r.unitCost * 100));
    const period = await ok(admin, '/Inventory/Adjustment/Detail', { dateSlug: 'last-year', pageSize: 500, filters: [{ field: 'reason', comparison: 'include', values: ['Damaged', 'Shrinkage'] }] });
    const [{ n, v }] = await sql<{ n: number; v: string }>(
      `SELECT count(*)::int AS n, sum(value) AS v FROM erp.inventory_adjustment_line WHERE reason IN ('Damaged', 'Shrinkage') AND adjustment_date BETWEEN $1 AND $2`,
      LAST_YEAR,
    );
    expect([period.totalCount, cents(period.totals.value)]).toEqual([n, cents(v)]);
    expect((await post(admin, '/Inventory/Adjustment/Detail', { adjustmentNumber: 'IA-NONE' })).status).toBe(404);
  });
});

describe('Inventory/RMA and RMA/Detail', () => {
  it('lists RMAs of a period with totals, open ones, and groups them by status and reason', async () => {
    const { admin } = kit.users;
    const list = await ok(admin, '/Inventory/RMA', { dateSlug: 'last-year', pageSize: 10 });
    const [t] = await sql<{ n: number; amount: string; credited: string; lines: number }>(
      `SELECT count(*)::int AS n, sum(total_amount) AS amount, sum(total_amount) FILTER (WHERE status = 'Credited') AS credited, sum(line_count)::int AS lines
         FROM erp.rma_header WHERE rma_date BETWEEN $1 AND $2`,
      LAST_YEAR,
    );
    expect([list.totalCount, list.totals.rmaCount, list.totals.lineCount, cents(list.totals.totalAmount), cents(list.totals.creditedAmount)]).toEqual([t!.n, t!.n, t!.lines, cents(t!.amount), cents(t!.credited)]);
    const dates = list.rows.map((r: Row) => r.rmaDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.rows[0].customerName).toBeTruthy();
    const credited = list.rows.find((r: Row) => r.status === 'Credited');
    expect(credited.creditInvoiceNumber).toBeTruthy();

    const open = await ok(admin, '/Inventory/RMA', { dateSlug: 'last-90-days', openOnly: true, pageSize: 500 });
    const [{ o }] = await sql<{ o: number }>(`SELECT count(*)::int AS o FROM erp.rma_header WHERE status IN ('Open', 'Received') AND rma_date BETWEEN $1 AND $2`, LAST_90);
    expect([open.totalCount, open.totals.openCount]).toEqual([o, o]);
    expect(open.rows.every((r: Row) => ['Open', 'Received'].includes(r.status) && r.daysOpen >= 0)).toBe(true);

    const statuses = await ok(admin, '/Inventory/RMA', { dateSlug: 'last-90-days', groupBy: 'status' });
    const raw = await sql<{ key: string; n: number; amount: string }>(
      `SELECT status AS key, count(*)::int AS n, sum(total_amount) AS amount FROM erp.rma_header WHERE rma_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY count(*) DESC, 1`,
      LAST_90,
    );
    expect(statuses.rows.map((r: Row) => [r.key, r.rmaCount, cents(r.totalAmount)])).toEqual(raw.map((r) => [r.key, r.n, cents(r.amount)]));
    const reasons = await ok(admin, '/Inventory/RMA', { dateSlug: 'year-to-date', groupBy: 'reason', sortBy: 'totalAmount', sortDir: 'desc' });
    const amounts = reasons.rows.map((r: Row) => r.totalAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(cents(reasons.totals.totalAmount)).toBe(sumCents(reasons.rows, 'totalAmount'));
  });

  it("gives a customer's RMAs on every date, one RMA's lines, and 404 for no RMA", async () => {
    const { admin } = kit.users;
    const [top] = await sql<{ company: string; customer: string; n: number }>('SELECT company, customer, count(*)::int AS n FROM erp.rma_header GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 1');
    const mine = await ok(admin, '/Inventory/RMA', { customer: top!.customer, company: top!.company, pageSize: 500 });
    expect([mine.dateSlug, mine.totalCount]).toEqual([null, top!.n]);
    const [rma] = await sql<{ rma_number: string; line_count: number; total_amount: string }>('SELECT rma_number, line_count, total_amount FROM erp.rma_header ORDER BY line_count DESC, rma_number LIMIT 1');
    const lines = await ok(admin, '/Inventory/RMA/Detail', { rmaNumber: rma!.rma_number });
    expect(lines.rows.map((r: Row) => r.lineNumber)).toEqual(Array.from({ length: rma!.line_count }, (_, i) => i + 1));
    expect(sumCents(lines.rows, 'amount')).toBe(cents(rma!.total_amount));
    expect(lines.rows.every((r: Row) => r.qty > 0 && r.disposition)).toBe(true);
    const recent = await ok(admin, '/Inventory/RMA/Detail', {});
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.rma_line WHERE rma_date BETWEEN $1 AND $2', LAST_90);
    expect([recent.dateSlug, recent.totalCount]).toEqual(['last-90-days', n]);
    expect((await post(admin, '/Inventory/RMA/Detail', { rmaNumber: 'RMA-NONE' })).status).toBe(404);
  });
});

describe('scope and rights', () => {
  it("shows adjustments to everyone who sees stock, and a rep only his customers' RMAs, whatever he asks for", async () => {
    const { rep, admin } = kit.users;
    expect((await ok(rep, '/Inventory/Adjustment', { dateSlug: 'last-year', pageSize: 1 })).totalCount).toBe((await ok(admin, '/Inventory/Adjustment', { dateSlug: 'last-year', pageSize: 1 })).totalCount);
    const [mine] = await sql<{ n: number; s: string }>(`SELECT count(*)::int AS n, sum(total_amount) AS s FROM erp.rma_header WHERE sales_rep = 'SR01' AND rma_date BETWEEN $1 AND $2`, LAST_YEAR);
    const list = await ok(rep, '/Inventory/RMA', { dateSlug: 'last-year', pageSize: 500 });
    expect([list.totalCount, cents(list.totals.totalAmount)]).toEqual([mine!.n, cents(mine!.s ?? 0)]);
    expect(list.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const [other] = await sql<Row>(`SELECT company, rma_number, customer, sales_rep FROM erp.rma_header WHERE sales_rep <> 'SR01' ORDER BY rma_number LIMIT 1`);
    expect((await ok(rep, '/Inventory/RMA', { customer: other!.customer, company: other!.company })).totalCount).toBe(0);
    expect((await ok(rep, '/Inventory/RMA', { dateSlug: 'last-year', filters: [{ field: 'salesRep', comparison: 'include', values: [other!.sales_rep] }] })).totalCount).toBe(0);
    expect((await post(rep, '/Inventory/RMA/Detail', { rmaNumber: other!.rma_number })).status).toBe(404);
    expect((await ok(rep, '/Inventory/RMA/Detail', { dateSlug: 'last-year', filters: [{ field: 'rmaNumber', comparison: 'equals', values: [other!.rma_number] }] })).totalCount).toBe(0);
    const groups = await ok(rep, '/Inventory/RMA', { dateSlug: 'last-year', groupBy: 'salesRep' });
    expect(groups.rows.map((r: Row) => r.key)).toEqual(mine!.n ? ['SR01'] : []);
    await withRoleSettings(kit, 'SalesRep', { InventoryAccessRight: 'false' }, async () => {
      for (const url of ['/Inventory/Adjustment', '/Inventory/Adjustment/Detail', '/Inventory/RMA', '/Inventory/RMA/Detail']) expect((await post(rep, url, {})).status, url).toBe(403);
    });
  });
});

describe('the adjustment and RMA components', () => {
  it("Returns (RMAs) on the account summary board shows the page's account only, within the rep's scope; the reason groups total the year", async () => {
    const { rep, rep2, admin } = kit.users;
    const master = COMPONENT_CATALOGUE.find((m) => m.displayName === 'Returns (RMAs)')!;
    const [mine] = await sql<{ company: string; customer: string; n: number }>(
      `SELECT company, customer, count(*)::int AS n FROM erp.rma_header WHERE sales_rep = 'SR01' AND rma_date BETWEEN '2025-11-21' AND $1 GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 1`,
      [TODAY],
    );
    const boardFilters = implicitFilters('/accountSummary', `?accountType=customer&accountId=${mine!.customer}&company=${mine!.company}`);
    const request = buildPartRequest(master.configs, 'data', { boardFilters })!;
    expect([request.path, request.body.dateSlug]).toEqual(['/Inventory/RMA', 'rolling-12-months']);
    const result = await ok(rep, request.path, { ...request.body, pageSize: 500 });
    expect(result.totalCount).toBe(mine!.n);
    expect(result.rows.every((r: Row) => r.customer === mine!.customer && r.company === mine!.company)).toBe(true);
    expect((await ok(rep2, request.path, request.body)).totalCount).toBe(0);

    const byReason = COMPONENT_CATALOGUE.find((m) => m.displayName === 'Inventory Adjustments by Reason')!;
    const grouped = buildPartRequest(byReason.configs, 'data')!;
    const answer = await ok(admin, grouped.path, grouped.body);
    const [{ v }] = await sql<{ v: string }>('SELECT sum(total_value) AS v FROM erp.inventory_adjustment_header WHERE adjustment_date BETWEEN $1 AND $2', YTD);
    expect(cents(answer.totals.totalValue)).toBe(cents(v));
  });
});

describe('bad input never gives a 5xx', () => {
  it('answers 400 naming a bad groupBy, filter, sort, dateSlug or NUL byte', async () => {
    const { rep } = kit.users;
    const cases: Array<[string, unknown, string]> = [
      ['/Inventory/Adjustment', { groupBy: 'customer' }, "groupBy 'customer'"],
      ['/Inventory/Adjustment', { filters: [{ field: 'salesRep', comparison: 'include', values: ['SR01'] }] }, "'salesRep'"],
      ['/Inventory/Adjustment/Detail', { sortBy: 'password' }, "sortBy field 'password'"],
      ['/Inventory/RMA', { groupBy: 'technician' }, "groupBy 'technician'"],
      ['/Inventory/RMA', { dateSlug: 'soon' }, "dateSlug 'soon'"],
      ['/Inventory/RMA', { customer: 'C\u0000' }, 'NUL'],
      ['/Inventory/RMA/Detail', { rmaNumber: 'RMA\u0000' }, 'NUL'],
      ['/Inventory/Adjustment', { searchString: '\u0000' }, 'NUL'],
      ['/Inventory/RMA/Detail', { filters: [{ field: 'status', comparison: 'equals', values: ['Open', 'Received'] }] }, 'one value'],
      ['/Inventory/Adjustment', { pageSize: 0 }, 'pageSize'],
      ['/Inventory/RMA', { openOnly: 'maybe' }, 'openOnly'],
    ];
    for (const [url, body, message] of cases) {
      const { status, body: answer } = await post(rep, url, body);
      expect([status, answer.message], `${url} ${JSON.stringify(body)}`).toEqual([400, expect.stringContaining(message)]);
    }
  });
});
