import { describe, expect, it } from 'vitest';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import { refreshRollups, ROLLUP_TABLES } from '../analytics/rollups.ts';
import type { ExtractFile } from './extract.ts';
import { ERP_LAYOUTS } from './layouts.ts';
import { rollupsWritten, runErpLoad } from './load.ts';

// The incremental rollup refresh (migration 250, refreshRollupsFor): after a delta load, every
// rollup table holds exactly the rows a full rebuild gives.
const kit = useErpServices();
const { sql } = kit;
const TODAY = new Date(Date.UTC(2026, 10, 20));

type Row = Record<string, string | null>;
const layoutOf = (table: string) => ERP_LAYOUTS.find((l) => l.table === table)!;

/** A layout table's rows that `where` keeps, as text cells by column name. */
async function rowsOf(table: string, where: string, params: unknown[] = []): Promise<Row[]> {
  const names = layoutOf(table).columns.map((c) => c.name);
  return sql<Row>(`SELECT ${names.map((n) => `${n}::text AS ${n}`).join(', ')} FROM erp.${table} WHERE ${where}`, params);
}

function file(table: string, rows: Row[]): ExtractFile {
  const names = layoutOf(table).columns.map((c) => c.name);
  return { fileName: `${table}.csv`, table, kind: 'rows', header: names, rows: rows.map((row) => names.map((n) => row[n] ?? '')) };
}
function deletes(table: string, rows: Row[]): ExtractFile {
  const { key } = layoutOf(table);
  return { fileName: `${table}.delete.csv`, table, kind: 'delete', header: [...key], rows: rows.map((row) => key.map((n) => row[n]!)) };
}

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const plus = (value: string | null, by: number) => (Number(value) + by).toFixed(2);

/**
 * Copies every rollup table, rebuilds them all with refreshRollups, and answers the rows that
 * differ (each table's copy EXCEPT the rebuild, and the rebuild EXCEPT the copy).
 */
async function differencesFromFullRebuild(): Promise<Record<string, number>> {
  for (const table of ROLLUP_TABLES) {
    await sql(`DROP TABLE IF EXISTS pg_temp.delta_${table}`);
    await sql(`CREATE TEMP TABLE delta_${table} AS SELECT * FROM erp.${table}`);
  }
  await refreshRollups(kit.services.db);
  const differences: Record<string, number> = {};
  for (const table of ROLLUP_TABLES) {
    const [row] = await sql<{ extra: number; missing: number }>(
      `SELECT (SELECT count(*) FROM (SELECT * FROM delta_${table} EXCEPT ALL SELECT * FROM erp.${table}) a)::int AS extra,
              (SELECT count(*) FROM (SELECT * FROM erp.${table} EXCEPT ALL SELECT * FROM delta_${table}) b)::int AS missing`);
    if (row!.extra + row!.missing > 0) differences[table] = row!.extra + row!.missing;
    await sql(`DROP TABLE delta_${table}`);
  }
  return differences;
}

const load = (files: ExtractFile[]) => runErpLoad(kit.services.db, async () => files, { source: 'test', today: TODAY });

describe('ERP load: a delta refreshes only the periods and keys it touched', () => {
  it('new lines on a day, a line moved to another month, deletes, a new customer: every rollup as a full rebuild makes it', async () => {
    // The rollups as a full rebuild leaves them, so that the delta is all that differs.
    await refreshRollups(kit.services.db);
    const [{ through }] = (await sql<{ through: string }>('SELECT max(invoice_date)::text AS through FROM erp.invoice_line')) as [{ through: string }];
    // A busy day of the last month but one, and an older one.
    const [{ day }] = (await sql<{ day: string }>(
      `SELECT invoice_date::text AS day FROM erp.invoice_line WHERE invoice_date < date_trunc('month', $1::date) GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`, [through])) as [{ day: string }];
    const old = shift(day, -200);

    const lines = await rowsOf('invoice_line', 'invoice_date = $1::date ORDER BY invoice_number, invoice_line_number', [day]);
    expect(lines.length).toBeGreaterThan(3);
    // New lines on that day: an invoice of its first customer copied under a new number…
    const header = (await rowsOf('invoice_header', 'company = $1 AND invoice_number = $2', [lines[0]!.company, lines[0]!.invoice_number]))[0]!;
    // (its first line sold by another rep: that customer's item has two reps now)
    const [{ otherRep }] = (await sql<{ otherRep: string }>('SELECT sales_rep AS "otherRep" FROM erp.sales_rep WHERE sales_rep <> $1 ORDER BY 1 LIMIT 1', [lines[0]!.sales_rep])) as [{ otherRep: string }];
    const copied = lines
      .filter((l) => l.invoice_number === header.invoice_number)
      .map((l, i) => ({ ...l, invoice_number: 'DELTA1', sales: plus(l.sales, 7), qty: i === 0 ? '3' : l.qty, ...(i === 0 ? { sales_rep: otherRep } : {}) }));
    // …a new customer's first invoice, from another day of the same month…
    const customer = (await rowsOf('customer', 'company = $1 AND customer = $2', [header.company, header.customer]))[0]!;
    const newCustomer = { ...customer, customer: 'DELTANEW', customer_name: 'Delta New Co' };
    const firstDay = shift(day, day.endsWith('01') ? 1 : -1);
    const newLines = copied.map((l) => ({ ...l, invoice_number: 'DELTA2', customer: 'DELTANEW', invoice_date: firstDay }));
    // …one line changed and moved to a month before, and one line of the older day deleted.
    const moved = { ...lines[lines.length - 1]!, invoice_date: shift(day, -40), sales: plus(lines[lines.length - 1]!.sales, 3), qty: '5' };
    const gone = (await rowsOf('invoice_line', 'invoice_date = $1::date LIMIT 1', [old]));
    // …and a new line on an invoice of the day whose other lines stay as they are (its month × customer's invoices do not move, migration 340).
    const kept = lines.find((l) => l.invoice_number !== header.invoice_number && l.invoice_number !== lines[lines.length - 1]!.invoice_number
      && lines.filter((o) => o.invoice_number === l.invoice_number).length > 1)!;
    const added = { ...kept, invoice_line_number: String(Math.max(...lines.filter((o) => o.invoice_number === kept.invoice_number).map((o) => Number(o.invoice_line_number))) + 1), sales: plus(kept.sales, 5) };
    // Bookings, order lines, quotes and purchase orders of the day: changed amounts, one of each moved a month.
    const bookings = (await rowsOf('booking', 'booking_date = $1::date ORDER BY booking_id LIMIT 5', [day])).map((b, i) => ({ ...b, sales: plus(b.sales, 2), ...(i === 0 ? { booking_date: shift(day, -35), order_line_date: shift(day, -35) } : {}) }));
    const orderLines = (await rowsOf('order_line', 'order_date = $1::date ORDER BY order_number, order_line_number LIMIT 5', [day])).map((l, i) => ({ ...l, sales: plus(l.sales, 1), ...(i === 0 ? { ship_date: shift(day, -33) } : {}) }));
    const quoteLines = (await rowsOf('quote_line', 'quote_date <= $1::date ORDER BY quote_date DESC, quote_number, quote_line_number LIMIT 5', [day])).map((q, i) => ({ ...q, sales: plus(q.sales, 1), ...(i === 0 ? { quote_date: shift(q.quote_date!, -31) } : {}) }));
    const quoteHeaders = (await rowsOf('quote_header', "status = 'Converted' AND quote_date <= $1::date ORDER BY quote_date DESC LIMIT 2", [day])).map((h) => ({ ...h, quote_total: plus(h.quote_total, 5) }));
    const poLines = (await rowsOf('purchase_order_line', 'order_date <= $1::date ORDER BY order_date DESC, po_number, po_line_number LIMIT 3', [day])).map((l, i) => ({ ...l, cost: plus(l.cost, 4), ...(i === 0 ? { order_date: shift(l.order_date!, -32) } : {}) }));
    const ar = (await rowsOf('ar_open', 'true ORDER BY invoice_number LIMIT 2')).map((r) => ({ ...r, balance: plus(r.balance, 9) }));

    const files = [
      file('customer', [newCustomer]),
      file('invoice_header', [{ ...header, invoice_number: 'DELTA1' }, { ...header, invoice_number: 'DELTA2', customer: 'DELTANEW', invoice_date: firstDay }]),
      file('invoice_line', [...copied, ...newLines, moved, added]),
      file('booking', bookings), file('order_line', orderLines), file('quote_line', quoteLines), file('quote_header', quoteHeaders),
      file('purchase_order_line', poLines), file('ar_open', ar),
      deletes('invoice_line', gone),
    ];
    const result = await load(files);
    expect(result.status, result.message + JSON.stringify(result.problems.slice(0, 3))).toBe('loaded');
    expect(result.rollups).toBe('refreshed the touched periods and keys');
    expect((await sql("SELECT customer FROM erp.customer_first_invoice WHERE customer = 'DELTANEW'")).length).toBe(1);
    expect(await sql('SELECT invoice_lines::int AS n FROM erp.data_load ORDER BY load_id DESC LIMIT 1')).toEqual(await sql('SELECT count(*)::int AS n FROM erp.invoice_line'));
    // The month × customer × product group rollup (migration 280) by the touched customers and months: the new customer's rows are there.
    expect((await sql("SELECT DISTINCT product_group FROM erp.invoice_month_customer_product_group WHERE customer = 'DELTANEW'")).length).toBe(new Set(lines.filter((l) => l.invoice_number === header.invoice_number).map((l) => l.product_group)).size);
    expect(await differencesFromFullRebuild()).toEqual({});

    // A new last day (the data's last day moves): the rollups of the last 12 months follow it.
    const next = shift(through, 1);
    const nextLines = lines.map((l) => ({ ...l, invoice_number: `N${l.invoice_number}`, invoice_date: next }));
    const nextHeaders = [...new Set(lines.map((l) => l.invoice_number))].map((n) => ({ ...header, invoice_number: `N${n}`, invoice_date: next }));
    // With it, in the last 13 months (the customer × item months, migration 341): a line on an invoice of the old last day for an
    // item it has (its invoices stay) by another rep (the pair's month has no one rep then), and a line of that day changed.
    const recent = await rowsOf('invoice_line', 'invoice_date = $1::date ORDER BY invoice_number, invoice_line_number', [through]);
    const [first] = recent;
    const [{ rep }] = (await sql<{ rep: string }>('SELECT sales_rep AS rep FROM erp.sales_rep WHERE sales_rep <> $1 ORDER BY 1 LIMIT 1', [first!.sales_rep])) as [{ rep: string }];
    const again = { ...first!, sales_rep: rep, invoice_line_number: String(Math.max(...recent.filter((l) => l.invoice_number === first!.invoice_number).map((l) => Number(l.invoice_line_number))) + 1) };
    const changedLine = recent.findLast((l) => l.customer !== first!.customer || l.item_number !== first!.item_number)!;
    const moving = await load([file('invoice_header', nextHeaders), file('invoice_line', [...nextLines, again, { ...changedLine, sales: plus(changedLine.sales, 2) }])]);
    expect(moving.status, moving.message + JSON.stringify(moving.problems.slice(0, 3))).toBe('loaded');
    expect(moving.rollups).toBe('refreshed the touched periods and keys');
    expect(await differencesFromFullRebuild()).toEqual({});
  }, 300_000);

  it('a customer whose lines of the last 12 months all go, and a month across the white space window\'s first day: every rollup as a full rebuild makes it', async () => {
    await refreshRollups(kit.services.db);
    const [{ through }] = (await sql<{ through: string }>('SELECT data_through::text AS through FROM erp.data_load ORDER BY load_id DESC LIMIT 1')) as [{ through: string }];
    // The customer with the fewest lines in the 12 months through the last day (more than one): all of them deleted, so its
    // rows of those months, of the rolling 12 months, of its years and of the white space go (migrations 310, 311).
    const [{ customer }] = (await sql<{ customer: string }>(
      `SELECT customer FROM erp.invoice_line WHERE invoice_date > ($1::date - interval '12 months')::date AND invoice_date <= $1::date
        GROUP BY customer HAVING count(*) > 1 ORDER BY count(*), customer LIMIT 1`, [through])) as [{ customer: string }];
    const gone = await rowsOf('invoice_line', `customer = $1 AND invoice_date > ($2::date - interval '12 months')::date AND invoice_date <= $2::date`, [customer, through]);
    // The window's first day is a day after `start`: one line changed on each side of it, in the same month (the white
    // space cannot take that month's change as the window's and reads its touched customers again).
    const start = (await sql<{ start: string }>(`SELECT ($1::date - interval '12 months')::date::text AS start`, [through]))[0]!.start;
    const sameMonth = start.slice(0, 7) === shift(start, 1).slice(0, 7) ? start : shift(start, -1);
    const edge = [
      ...(await rowsOf('invoice_line', `invoice_date <= $1::date AND invoice_date >= date_trunc('month', $1::date) AND customer <> $2 ORDER BY invoice_date DESC, invoice_number LIMIT 1`, [sameMonth, customer])),
      ...(await rowsOf('invoice_line', `invoice_date > $1::date AND invoice_date < date_trunc('month', $1::date) + interval '1 month' AND customer <> $2 ORDER BY invoice_date, invoice_number LIMIT 1`, [sameMonth, customer])),
    ].map((l) => ({ ...l, sales: plus(l.sales, 11) }));
    expect(gone.length).toBeGreaterThan(1);
    expect(edge.length).toBe(2);

    // A customer's product group with lines in the window's whole months and none in its first, partial month: one of them
    // deleted, its row stays (migration 344 reads the month × customer × product group rollup for the whole months).
    const [pair] = await sql<{ customer: string; product_group: string }>(
      `SELECT customer, product_group FROM erp.invoice_line
        WHERE invoice_date >= date_trunc('month', $1::date) + interval '1 month' AND invoice_date <= $2::date AND customer <> $3
        GROUP BY 1, 2 HAVING count(*) > 1
           AND NOT EXISTS (SELECT FROM erp.invoice_line l WHERE l.customer = invoice_line.customer AND l.product_group = invoice_line.product_group
                            AND l.invoice_date > $1::date AND l.invoice_date < date_trunc('month', $1::date) + interval '1 month')
        ORDER BY 1, 2 LIMIT 1`, [start, through, customer]);
    const one = await rowsOf('invoice_line', `customer = $1 AND product_group = $2 AND invoice_date <= $3::date ORDER BY invoice_date DESC, invoice_number LIMIT 1`,
      [pair!.customer, pair!.product_group, through]);

    for (const files of [[deletes('invoice_line', gone)], [file('invoice_line', edge)], [deletes('invoice_line', one)]]) {
      const result = await load(files);
      expect(result.status, result.message + JSON.stringify(result.problems.slice(0, 3))).toBe('loaded');
      expect(result.rollups).toBe('refreshed the touched periods and keys');
      expect(await sql('SELECT customer FROM erp.invoice_trailing_year_customer_total WHERE customer = $1', [customer])).toEqual([]);
      expect(await sql('SELECT customer FROM erp.customer_product_group_trailing_year WHERE customer = $1', [customer])).toEqual([]);
      // The load's count of invoice lines: the previous load's and the change the tracker read.
      expect(await sql('SELECT invoice_lines::int AS n FROM erp.data_load ORDER BY load_id DESC LIMIT 1')).toEqual(await sql('SELECT count(*)::int AS n FROM erp.invoice_line'));
      expect(await differencesFromFullRebuild()).toEqual({});
    }
  }, 300_000);

  it('the statistics after a delta are for the rollups its transaction wrote', async () => {
    const client = await kit.services.db.connect();
    try {
      // The pooled connection's earlier writes may still be pending in its statistics (PostgreSQL flushes them at most once a second): flushed first.
      await client.query('SELECT pg_stat_force_next_flush()');
      await client.query('SELECT 1');
      await client.query('BEGIN');
      await client.query('DELETE FROM erp.business_health_month WHERE month = (SELECT min(month) FROM erp.business_health_month)');
      // (The backend's counts may still hold an earlier transaction's tables: more to analyze, never fewer.)
      expect(await rollupsWritten(client)).toContain('business_health_month');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('falls back to the full rebuild when a customer the rollups join on changes branch, or a dated table is replaced whole', async () => {
    const [customer] = await rowsOf('customer', "customer IN (SELECT customer FROM erp.invoice_line LIMIT 1)");
    const other = (await sql<{ branch: string }>('SELECT branch FROM erp.branch WHERE company = $1 AND branch <> $2 LIMIT 1', [customer!.company, customer!.branch]))[0]!;
    const changed = await load([file('customer', [{ ...customer!, branch: other.branch }])]);
    expect(changed.status, changed.message).toBe('loaded');
    expect(changed.rollups).toMatch(/^rebuilt whole: a customer/);
    const renamed = await load([file('customer', [{ ...customer!, branch: other.branch, customer_name: 'Renamed' }])]);
    expect(renamed.rollups).toBe('refreshed the touched periods and keys');
    expect(await differencesFromFullRebuild()).toEqual({});

    const ar = await rowsOf('ar_open', 'true ORDER BY invoice_number LIMIT 3');
    const replaced = await runErpLoad(kit.services.db, async () => [file('ar_open', ar)], { source: 'test', today: TODAY, fullRefresh: ['ar_open'] });
    expect(replaced.status, replaced.message).toBe('loaded');
    expect(replaced.rollups).toBe('rebuilt whole: ar_open is replaced whole');
  }, 300_000);

  it("falls back to the full rebuild when a rep's manager changes (whose scope holds his lines, migration 330), not when his name does", async () => {
    const [rep] = await rowsOf('sales_rep', 'manager_sales_rep IS NOT NULL AND sales_rep IN (SELECT sales_rep FROM erp.invoice_line LIMIT 1)');
    const [manager] = await sql<{ sales_rep: string }>('SELECT sales_rep FROM erp.sales_rep WHERE is_manager AND sales_rep <> $1 LIMIT 1', [rep!.manager_sales_rep]);
    const moved = await load([file('sales_rep', [{ ...rep!, manager_sales_rep: manager!.sales_rep }])]);
    expect(moved.status, moved.message).toBe('loaded');
    expect(moved.rollups).toMatch(/^rebuilt whole: a sales_rep/);
    const [held] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM erp.invoice_trailing_year_customer_scope_total WHERE scope_rep = $1 AND customer IN (SELECT customer FROM erp.invoice_line WHERE sales_rep = $2)',
      [manager!.sales_rep, rep!.sales_rep],
    );
    expect(held!.n).toBeGreaterThan(0);
    const renamed = await load([file('sales_rep', [{ ...rep!, manager_sales_rep: manager!.sales_rep, name: 'Renamed' }])]);
    expect(renamed.rollups).toBe('refreshed the touched periods and keys');
    expect(await differencesFromFullRebuild()).toEqual({});
  }, 300_000);
});
