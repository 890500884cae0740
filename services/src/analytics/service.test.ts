import { describe, expect, it } from 'vitest';
import { cents, TODAY, useErpServices, withChangedRollup } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

const LAST_YEAR = ['2025-01-01', '2025-12-31'];
const YTD = ['2026-01-01', TODAY];
const LAST_30 = ['2026-10-22', TODAY];
const sumCents = (rows: Array<Record<string, unknown>>, field: string) => rows.reduce((s, r) => s + cents(r[field]), 0);

describe('the generated service orders and shipments', () => {
  it('have every status, labour and parts lines that add up, notes, and one shipment per shipped order', async () => {
    const [r] = await sql<Record<string, number>>(`
      SELECT (SELECT count(DISTINCT status) FROM erp.service_order_header)::int AS statuses,
             (SELECT count(*) FROM erp.service_order_header h WHERE h.total_amount <> h.labour_amount + h.parts_amount
                 OR h.total_amount <> (SELECT sum(amount) FROM erp.service_order_line l WHERE l.company = h.company AND l.service_order_number = h.service_order_number)
                 OR h.line_count <> (SELECT count(*) FROM erp.service_order_line l WHERE l.company = h.company AND l.service_order_number = h.service_order_number))::int AS bad,
             (SELECT count(DISTINCT line_type) FROM erp.service_order_line)::int AS line_types,
             (SELECT count(*) FROM erp.service_order_note)::int AS notes,
             (SELECT count(*) FROM erp.order_header WHERE ship_date IS NOT NULL)::int AS shipped,
             (SELECT count(DISTINCT (company, order_number)) FROM erp.shipment)::int AS shipments,
             (SELECT count(*) FROM erp.shipment s WHERE NOT EXISTS (SELECT 1 FROM erp.order_header o WHERE o.company = s.company AND o.order_number = s.order_number
                 AND o.customer = s.customer AND o.sales_rep = s.sales_rep AND o.ship_date = s.ship_date))::int AS orphans,
             (SELECT count(*) FROM erp.service_order_header WHERE opened_date > '${TODAY}' OR completed_date > '${TODAY}' OR invoiced_date > '${TODAY}')::int
           + (SELECT count(*) FROM erp.shipment WHERE ship_date > '${TODAY}' OR delivered_date > '${TODAY}')::int AS future`);
    expect(r).toMatchObject({ statuses: 4, bad: 0, line_types: 2, orphans: 0, future: 0 });
    expect(r!.notes).toBeGreaterThan(0);
    expect(r!.shipments).toBe(r!.shipped);
  });
});

describe('ServiceOrder/Grouped and Summary', () => {
  it('totals per branch for last year equal a GROUP BY on the service orders', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/ServiceOrder/Grouped/branch', { dateSlug: 'last-year', pageSize: 500 });
    expect(result).toMatchObject({ from: LAST_YEAR[0], to: LAST_YEAR[1], comparison: null });
    const raw = await sql<{ key: string; n: number; sales: string; cost: string; hours: string; labour: string; parts: string }>(
      `SELECT branch AS key, count(*)::int AS n, sum(total_amount) AS sales, sum(cost) AS cost, sum(labour_hours) AS hours,
              sum(labour_amount) AS labour, sum(parts_amount) AS parts
         FROM erp.service_order_header WHERE opened_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY sum(total_amount) DESC, 1`,
      LAST_YEAR,
    );
    expect(raw.length).toBeGreaterThan(1);
    expect(result.totalCount).toBe(raw.length);
    expect(result.rows.map((r: Record<string, number>) => [r.key, r.serviceOrderCount, cents(r.sales), cents(r.cost), cents(r.labourHours), cents(r.labourAmount), cents(r.partsAmount)])).toEqual(
      raw.map((r) => [r.key, r.n, cents(r.sales), cents(r.cost), cents(r.hours), cents(r.labour), cents(r.parts)]),
    );
    expect(result.rows[0].name).not.toBe(result.rows[0].key);
    expect(cents(result.totals.sales)).toBe(sumCents(raw, 'sales'));
    expect(result.totals.serviceOrderCount).toBe(raw.reduce((s, r) => s + r.n, 0));
    const top = result.rows[0];
    expect(top.grossProfitPercent).toBeCloseTo((100 * (top.sales - top.cost)) / top.sales, 1);
  });

  it('groups the open service orders by technician (named) and status by default', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/ServiceOrder/Grouped/technician', { pageSize: 500 });
    expect(result).toMatchObject({ dateSlug: null, label: 'Open', current: null });
    const raw = await sql<{ key: string; name: string; n: number; sales: string }>(
      `SELECT h.technician AS key, t.technician_name AS name, count(*)::int AS n, sum(h.total_amount) AS sales
         FROM erp.service_order_header h JOIN erp.technician t USING (company, technician)
        WHERE h.status <> 'Invoiced' GROUP BY 1, 2`,
    );
    expect(result.totalCount).toBe(raw.length);
    for (const row of result.rows) {
      const r = raw.find((x) => x.key === row.key)!;
      expect([row.name, row.serviceOrderCount, row.openCount, cents(row.sales)]).toEqual([r.name, r.n, r.n, cents(r.sales)]);
    }
    const statuses = await ok(admin, '/ServiceOrder/Grouped/status', {});
    expect(statuses.rows.map((r: { key: string }) => r.key).sort()).toEqual(
      (await sql<{ s: string }>(`SELECT DISTINCT status AS s FROM erp.service_order_header WHERE status <> 'Invoiced' ORDER BY 1`)).map((r) => r.s),
    );
  });

  it('compares year to date with the same dates last year per status, and groups by month', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/ServiceOrder/Grouped/status', { dateSlug: 'year-to-date', compare: true, pageSize: 500 });
    expect(result.current).toEqual({ from: YTD[0], to: YTD[1] });
    expect(result.comparison).toEqual({ from: '2025-01-01', to: '2025-11-20' });
    const raw = await sql<{ key: string; cur: string | null; prev: string | null }>(
      `SELECT status AS key, sum(total_amount) FILTER (WHERE opened_date BETWEEN '2026-01-01' AND '${TODAY}') AS cur,
              sum(total_amount) FILTER (WHERE opened_date BETWEEN '2025-01-01' AND '2025-11-20') AS prev
         FROM erp.service_order_header WHERE opened_date BETWEEN '2025-01-01' AND '${TODAY}' GROUP BY 1`,
    );
    expect(result.totalCount).toBe(raw.length);
    for (const row of result.rows) {
      const r = raw.find((x) => x.key === row.key)!;
      expect([cents(row.currentSales), cents(row.comparisonSales)]).toEqual([cents(r.cur ?? 0), cents(r.prev ?? 0)]);
      expect(cents(row.change)).toBe(cents(r.cur ?? 0) - cents(r.prev ?? 0));
    }
    const plain = await ok(admin, '/ServiceOrder/Grouped/status', { dateSlug: 'year-to-date' });
    expect(plain.rows.every((r: { comparisonSales: unknown }) => r.comparisonSales === null)).toBe(true);

    const months = await ok(admin, '/ServiceOrder/Grouped/month', { dateSlug: 'year-to-date', pageSize: 12 });
    const rawMonths = await sql<{ m: string }>(
      `SELECT DISTINCT to_char(opened_date, 'YYYY-MM') AS m FROM erp.service_order_header WHERE opened_date BETWEEN '2026-01-01' AND '${TODAY}' ORDER BY 1`,
    );
    expect(months.rows.map((r: { key: string }) => r.key)).toEqual(rawMonths.map((r) => r.m));
  });

  it('answers 400 naming a bad groupBy, filter, sort or dateSlug', async () => {
    const { admin } = kit.users;
    const bad = await post(admin, '/ServiceOrder/Grouped/supplier');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("groupBy 'supplier'");
    const filter = await post(admin, '/ServiceOrder/Grouped/branch', { filters: [{ field: 'carrier', comparison: 'include', values: ['UPS'] }] });
    expect([filter.status, filter.body.message]).toEqual([400, expect.stringContaining("'carrier'")]);
    expect((await post(admin, '/ServiceOrder/Grouped/branch', { dateSlug: 'soon' })).body.message).toContain("dateSlug 'soon'");
    expect((await post(admin, '/ServiceOrder/Grouped/branch', { compare: true })).status).toBe(400);
    expect((await post(admin, '/ServiceOrder/History', { sortBy: 'password' })).body.message).toContain("sortBy field 'password'");
  });

  it('Summary gives five periods by opened date', async () => {
    const { admin } = kit.users;
    const summary = await ok(admin, '/ServiceOrder/Summary', { filters: [{ field: 'company', comparison: 'equals', values: ['01'] }] });
    expect(summary.periods.map((p: { dateSlug: string }) => p.dateSlug)).toEqual(['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year']);
    const [ly] = await sql<{ s: string; c: string; n: number; h: string }>(
      `SELECT sum(total_amount) AS s, sum(cost) AS c, count(*)::int AS n, sum(labour_hours) AS h FROM erp.service_order_header
        WHERE company = '01' AND opened_date BETWEEN $1 AND $2`,
      LAST_YEAR,
    );
    const p = summary.periods[4];
    expect([cents(p.sales), cents(p.cost), p.documentCount, cents(p.labourHours)]).toEqual([cents(ly!.s), cents(ly!.c), ly!.n, cents(ly!.h)]);
    expect(cents(p.grossProfit)).toBe(cents(ly!.s) - cents(ly!.c));
    // Every period, every figure, like the orders opened in it (the call sums each day's figures).
    for (const period of summary.periods) {
      const [raw] = await sql<Record<string, string | number | null>>(
        `SELECT sum(total_amount) AS sales, sum(cost) AS cost, count(*)::int AS n, count(completed_date)::int AS done,
                sum(labour_amount) AS labour, sum(parts_amount) AS parts, sum(labour_hours) AS hours, coalesce(sum(line_count), 0)::int AS lines
           FROM erp.service_order_header WHERE company = '01' AND opened_date BETWEEN $1 AND $2`,
        [period.from, period.to],
      );
      const money = (x: unknown) => cents(x ?? 0);
      const answered = [period.documentCount, period.completedCount, period.lineCount, ...[period.sales, period.cost, period.labourAmount, period.partsAmount, period.labourHours].map(money)];
      const expected = [raw!.n, raw!.done, raw!.lines, ...[raw!.sales, raw!.cost, raw!.labour, raw!.parts, raw!.hours].map(money)];
      expect(answered, period.dateSlug).toEqual(expected);
    }
  });

  it('Summary reads the day rollup unless a filter names a field it does not keep', async () => {
    const { admin } = kit.users;
    const company = [{ field: 'company', comparison: 'equals', values: ['01'] }];
    const before = await ok(admin, '/ServiceOrder/Summary', { filters: company });
    const [{ technician }] = await sql<{ technician: string }>(`SELECT technician FROM erp.service_order_header WHERE company = '01' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    // Another filter list each time: another entry of the result cache.
    const withTechnician = [...company, { field: 'technician', comparison: 'equals', values: [technician] }];
    await withChangedRollup(kit, `UPDATE erp.service_order_day SET order_count = order_count + 1000 WHERE company = '01' AND opened_date BETWEEN '${LAST_YEAR[0]}' AND '${LAST_YEAR[1]}'`, 'erp.refresh_service_order_rollups', async () => {
      const [{ days }] = await sql<{ days: number }>(`SELECT count(*)::int AS days FROM erp.service_order_day WHERE company = '01' AND opened_date BETWEEN $1 AND $2`, LAST_YEAR);
      const branches = (await sql<{ branch: string }>('SELECT DISTINCT branch FROM erp.service_order_header')).map((r) => r.branch);
      const changed = await ok(admin, '/ServiceOrder/Summary', { filters: [...company, { field: 'branch', comparison: 'include', values: branches }] });
      expect(days).toBeGreaterThan(0);
      expect(changed.periods[4].documentCount).toBe(before.periods[4].documentCount + 1000 * days);
      const technicians = await ok(admin, '/ServiceOrder/Summary', { filters: withTechnician });
      const [raw] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.service_order_header WHERE company = '01' AND technician = $3 AND opened_date BETWEEN $1 AND $2`, [...LAST_YEAR, technician]);
      expect(technicians.periods[4].documentCount).toBe(raw!.n);
    });
  });
});

describe('ServiceOrder/History, Details and Notes', () => {
  it("gives a customer's service order history, newest first, with totals; openOnly leaves the invoiced out", async () => {
    const { admin } = kit.users;
    const [top] = await sql<{ company: string; customer: string; n: number; s: string; open: number }>(
      `SELECT company, customer, count(*)::int AS n, sum(total_amount) AS s, count(*) FILTER (WHERE status <> 'Invoiced')::int AS open
         FROM erp.service_order_header GROUP BY 1, 2 ORDER BY count(*) DESC, 2 LIMIT 1`,
    );
    const history = await ok(admin, '/ServiceOrder/History', { customer: top!.customer, company: top!.company, pageSize: 500 });
    expect(history.totalCount).toBe(top!.n);
    expect(history.totals.serviceOrderCount).toBe(top!.n);
    expect(cents(history.totals.sales)).toBe(cents(top!.s));
    expect(history.rows.every((r: { customer: string }) => r.customer === top!.customer)).toBe(true);
    const dates = history.rows.map((r: { openedDate: string }) => r.openedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(history.rows[0].customerName).toBeTruthy();
    const open = await ok(admin, '/ServiceOrder/History', { customer: top!.customer, company: top!.company, openOnly: true, pageSize: 500 });
    expect(open.totalCount).toBe(top!.open);
    expect(open.rows.every((r: { status: string; invoicedDate: string | null }) => r.status !== 'Invoiced' && r.invoicedDate === null)).toBe(true);
    const lastYear = await ok(admin, '/ServiceOrder/History', { dateSlug: 'last-year', pageSize: 1 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.service_order_header WHERE opened_date BETWEEN $1 AND $2', LAST_YEAR);
    expect([lastYear.totalCount, lastYear.rows.length, lastYear.from]).toEqual([n, 1, LAST_YEAR[0]]);
  });

  it("Details gives open lines by default and one order's labour and parts lines by number", async () => {
    const { admin } = kit.users;
    const open = await ok(admin, '/ServiceOrder/Details', { pageSize: 5 });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.service_order_line WHERE status <> 'Invoiced'`);
    expect([open.totalCount, open.dateSlug]).toEqual([n, null]);
    const [order] = await sql<{ company: string; service_order_number: string; line_count: number; total_amount: string }>(
      `SELECT company, service_order_number, line_count, total_amount FROM erp.service_order_header
        WHERE line_count > 1 ORDER BY total_amount DESC LIMIT 1`,
    );
    const lines = await ok(admin, '/ServiceOrder/Details', { serviceOrderNumber: order!.service_order_number, pageSize: 500 });
    expect(lines.rows.map((r: { lineNumber: number }) => r.lineNumber)).toEqual(Array.from({ length: order!.line_count }, (_, i) => i + 1));
    expect(sumCents(lines.rows, 'sales')).toBe(cents(order!.total_amount));
    const labour = lines.rows.filter((r: { lineType: string }) => r.lineType === 'Labour');
    expect(labour.length).toBeGreaterThan(0);
    expect(labour.every((r: { technician: string; technicianName: string }) => r.technician && r.technicianName)).toBe(true);
    const dated = await ok(admin, '/ServiceOrder/Details', { dateSlug: 'last-90-days', filters: [{ field: 'lineType', comparison: 'equals', values: ['Parts'] }] });
    const [{ p }] = await sql<{ p: number }>(
      `SELECT count(*)::int AS p FROM erp.service_order_line WHERE line_type = 'Parts' AND opened_date BETWEEN $1 AND $2`,
      [dated.from, dated.to],
    );
    expect(dated.totalCount).toBe(p);
  });

  it("Notes gives one order's notes oldest first, recent notes without a number, and 404 for an unknown order", async () => {
    const { admin } = kit.users;
    const [order] = await sql<{ service_order_number: string; n: number }>(
      'SELECT service_order_number, count(*)::int AS n FROM erp.service_order_note GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    );
    const notes = await ok(admin, '/ServiceOrder/Notes', { serviceOrderNumber: order!.service_order_number });
    expect(notes.totalCount).toBe(order!.n);
    expect(notes.rows.map((r: { noteNumber: number }) => r.noteNumber)).toEqual(Array.from({ length: Math.min(15, order!.n) }, (_, i) => i + 1));
    expect(notes.rows[0].noteText.length).toBeGreaterThan(5);
    const recent = await ok(admin, '/ServiceOrder/Notes', {});
    const [{ r }] = await sql<{ r: number }>('SELECT count(*)::int AS r FROM erp.service_order_note WHERE note_date BETWEEN $1 AND $2', LAST_30);
    expect([recent.dateSlug, recent.totalCount]).toEqual(['last-30-days', r]);
    expect((await post(admin, '/ServiceOrder/Notes', { serviceOrderNumber: 'SV-NONE' })).status).toBe(404);
  });
});

describe('Shipment/List', () => {
  it('lists the last 30 days of shipments, paged and sorted, with totals', async () => {
    const { admin } = kit.users;
    const page = await ok(admin, '/Shipment/List', { pageSize: 10, pageNumber: 2 });
    expect(page).toMatchObject({ dateSlug: 'last-30-days', from: LAST_30[0], to: LAST_30[1], groupBy: null });
    const raw = await sql<{ shipment_number: string }>(
      `SELECT shipment_number FROM erp.shipment WHERE ship_date BETWEEN $1 AND $2 ORDER BY ship_date DESC, shipment_number DESC, company LIMIT 10 OFFSET 10`,
      LAST_30,
    );
    expect(page.rows.map((r: { shipmentNumber: string }) => r.shipmentNumber)).toEqual(raw.map((r) => r.shipment_number));
    const [t] = await sql<{ n: number; freight: string; weight: string; delivered: number; on_time: number }>(
      `SELECT count(*)::int AS n, sum(freight) AS freight, sum(weight) AS weight, count(delivered_date)::int AS delivered,
              count(*) FILTER (WHERE delivered_date <= estimated_delivery_date)::int AS on_time
         FROM erp.shipment WHERE ship_date BETWEEN $1 AND $2`,
      LAST_30,
    );
    expect([page.totalCount, page.totals.shipmentCount, cents(page.totals.freight), cents(page.totals.weight), page.totals.deliveredCount, page.totals.onTimeCount]).toEqual([
      t!.n, t!.n, cents(t!.freight), cents(t!.weight), t!.delivered, t!.on_time,
    ]);
    const byFreight = await ok(admin, '/Shipment/List', { sortBy: 'freight', sortDir: 'desc', pageSize: 50 });
    const freights = byFreight.rows.map((r: { freight: number }) => r.freight);
    expect(freights).toEqual([...freights].sort((a, b) => b - a));
  });

  it('filters by carrier and status, searches a tracking number, and finds an order by number on any date', async () => {
    const { admin } = kit.users;
    const ups = await ok(admin, '/Shipment/List', { dateSlug: 'last-year', pageSize: 500, filters: [{ field: 'carrier', comparison: 'include', values: ['UPS'] }, { field: 'status', comparison: 'equals', values: ['Delivered'] }] });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.shipment WHERE carrier = 'UPS' AND status = 'Delivered' AND ship_date BETWEEN $1 AND $2`, LAST_YEAR);
    expect(ups.totalCount).toBe(n);
    expect(ups.rows.every((r: { carrier: string; trackingNumber: string; onTime: boolean }) => r.carrier === 'UPS' && r.trackingNumber.startsWith('1Z') && typeof r.onTime === 'boolean')).toBe(true);
    const tracking = ups.rows[0].trackingNumber;
    const found = await ok(admin, '/Shipment/List', { dateSlug: 'last-365-days', searchString: tracking, searchOperator: 'Exact' });
    expect(found.rows.map((r: { trackingNumber: string }) => r.trackingNumber)).toEqual([tracking]);
    const [old] = await sql<{ order_number: string; shipment_number: string }>(`SELECT order_number, shipment_number FROM erp.shipment WHERE ship_date < '2025-01-01' ORDER BY shipment_number LIMIT 1`);
    const byOrder = await ok(admin, '/Shipment/List', { orderNumber: old!.order_number });
    expect([byOrder.dateSlug, byOrder.rows.map((r: { shipmentNumber: string }) => r.shipmentNumber)]).toEqual([null, [old!.shipment_number]]);
    const bad = await post(admin, '/Shipment/List', { filters: [{ field: 'technician', comparison: 'include', values: ['T001'] }] });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("'technician'")]);
  });

  it('groups shipments by carrier with freight and on-time delivery, and 400s a bad groupBy', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Shipment/List', { dateSlug: 'year-to-date', groupBy: 'carrier', pageSize: 50 });
    expect(result).toMatchObject({ groupBy: 'carrier', from: YTD[0], to: YTD[1] });
    const raw = await sql<{ key: string; n: number; freight: string; delivered: number; on_time: number }>(
      `SELECT carrier AS key, count(*)::int AS n, sum(freight) AS freight, count(delivered_date)::int AS delivered,
              count(*) FILTER (WHERE delivered_date <= estimated_delivery_date)::int AS on_time
         FROM erp.shipment WHERE ship_date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY count(*) DESC, 1`,
      YTD,
    );
    expect(result.rows.map((r: Record<string, number>) => [r.key, r.shipmentCount, cents(r.freight), r.deliveredCount, r.onTimeCount])).toEqual(
      raw.map((r) => [r.key, r.n, cents(r.freight), r.delivered, r.on_time]),
    );
    expect(result.totals.shipmentCount).toBe(raw.reduce((s, r) => s + r.n, 0));
    const ups = result.rows.find((r: { key: string }) => r.key === 'UPS');
    expect(ups.onTimePercent).toBeCloseTo((100 * ups.onTimeCount) / ups.deliveredCount, 1);
    const bad = await post(admin, '/Shipment/List', { groupBy: 'technician' });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("groupBy 'technician'")]);
  });
});

describe('data scope', () => {
  it("lets a rep read only his own service orders and shipments, whatever he asks for", async () => {
    const { rep } = kit.users;
    const [mine] = await sql<{ n: number; s: string }>(`SELECT count(*)::int AS n, sum(total_amount) AS s FROM erp.service_order_header WHERE sales_rep = 'SR01'`);
    expect(mine!.n).toBeGreaterThan(0);
    const history = await ok(rep, '/ServiceOrder/History', { pageSize: 500 });
    expect([history.totalCount, cents(history.totals.sales)]).toEqual([mine!.n, cents(mine!.s)]);
    expect(history.rows.every((r: { salesRep: string }) => r.salesRep === 'SR01')).toBe(true);

    const [other] = await sql<{ company: string; service_order_number: string; customer: string; sales_rep: string }>(
      `SELECT h.company, h.service_order_number, h.customer, h.sales_rep FROM erp.service_order_header h
        WHERE h.sales_rep <> 'SR01' AND EXISTS (SELECT 1 FROM erp.service_order_note n WHERE n.company = h.company AND n.service_order_number = h.service_order_number)
        ORDER BY h.service_order_number LIMIT 1`,
    );
    const theirs = [{ field: 'salesRep', comparison: 'include', values: [other!.sales_rep] }];
    expect((await ok(rep, '/ServiceOrder/History', { filters: theirs })).totalCount).toBe(0);
    expect((await ok(rep, '/ServiceOrder/History', { customer: other!.customer, company: other!.company })).totalCount).toBe(0);
    expect((await ok(rep, '/ServiceOrder/Details', { serviceOrderNumber: other!.service_order_number })).totalCount).toBe(0);
    expect((await post(rep, '/ServiceOrder/Notes', { serviceOrderNumber: other!.service_order_number })).status).toBe(404);
    expect((await ok(rep, '/ServiceOrder/Grouped/salesRep', { dateSlug: 'last-year' })).rows.map((r: { key: string }) => r.key)).toEqual(
      (await sql(`SELECT 1 FROM erp.service_order_header WHERE sales_rep = 'SR01' AND opened_date BETWEEN $1 AND $2 LIMIT 1`, LAST_YEAR)).length ? ['SR01'] : [],
    );
    const summary = await ok(rep, '/ServiceOrder/Summary', { filters: theirs });
    expect(summary.periods.every((p: { documentCount: number }) => p.documentCount === 0)).toBe(true);

    const [shipment] = await sql<{ order_number: string; sales_rep: string }>(`SELECT order_number, sales_rep FROM erp.shipment WHERE sales_rep <> 'SR01' ORDER BY shipment_number LIMIT 1`);
    expect((await ok(rep, '/Shipment/List', { orderNumber: shipment!.order_number })).totalCount).toBe(0);
    expect((await ok(rep, '/Shipment/List', { dateSlug: 'last-year', filters: [{ field: 'salesRep', comparison: 'include', values: [shipment!.sales_rep] }] })).totalCount).toBe(0);
    const carriers = await ok(rep, '/Shipment/List', { dateSlug: 'last-year', groupBy: 'salesRep' });
    expect(carriers.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.shipment WHERE sales_rep = 'SR01' AND ship_date BETWEEN $1 AND $2`, LAST_YEAR);
    expect(carriers.totals.shipmentCount).toBe(n);
  });

  it("gives a manager his team's service orders and an administrator everyone's", async () => {
    const { manager, admin } = kit.users;
    const [team] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM erp.service_order_header h
        WHERE h.sales_rep IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01' UNION SELECT 'SM01')`,
    );
    const [all] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.service_order_header');
    expect((await ok(manager, '/ServiceOrder/History', { pageSize: 1 })).totalCount).toBe(team!.n);
    expect((await ok(admin, '/ServiceOrder/History', { pageSize: 1 })).totalCount).toBe(all!.n);
    expect(team!.n).toBeLessThan(all!.n);
  });
});
