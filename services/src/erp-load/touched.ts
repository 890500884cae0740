/**
 * What a load touched, for the incremental rollup refresh (analytics/rollups.ts,
 * `refreshRollupsFor`): the load reads, before it writes each batch and again after all its writes,
 * the dates and keys of the rows its extract names (the keys of its rows and of its delete lists)
 * — so a deleted row, or an updated one whose date moved, counts with its old date and its new one.
 *
 * A load falls back to the full rebuild (`fullRebuildReason` answers why) when it replaces a dated
 * table whole, or changes what the rollups join on in the master tables: a customer's branch or
 * first account class (the lines shipped from another branch; white space), a location's branch,
 * a rep's manager (the rollups kept per user scope).
 */
import type pg from 'pg';
import type { TouchedRollups } from '../analytics/rollups.ts';
import type { Cell } from '../demo/erp/batch-writer.ts';
import type { ErpLayout } from './layouts.ts';

/** The dated tables (and the master tables the rollups join on): a full refresh of one rebuilds every rollup. */
const ROLLUP_SOURCES = new Set([
  'invoice_header', 'invoice_line', 'order_header', 'order_line', 'quote_header', 'quote_line', 'booking',
  'purchase_order_header', 'purchase_order_line', 'ar_open', 'inventory', 'customer', 'location', 'sales_rep',
]);

/** `lines`: the query reads invoice lines (`FROM …` over k and erp.invoice_line l), kept whole in pg_temp.touched_lines besides. */
type Snapshot = { text: string; collect: (row: Record<string, string | number | null>, into: Collected) => void; lines?: string };
type Collected = {
  days: Record<'invoice' | 'booking' | 'ship' | 'quote' | 'quoteHeader' | 'booked' | 'po', Set<string>>;
  invoiceCustomers: Map<string, [string, string]>;
  /** The rep × customer × item keys of the touched invoice lines. */
  invoiceRepPairs: Map<string, [string, string, string, string]>;
  /** Per invoice line (company, invoice, line), its rep, company, item, day, positive sales, customer, branch and product group when its quantity is positive, else null. */
  lineSales: Map<string, LineSale | null>;
  bookingCustomers: Set<string>;
  shipCustomers: Set<string>;
  masters: Set<string>;
};

type LineSale = [rep: string, company: string, item: string, day: string, sales: string, customer: string, branch: string, productGroup: string];

const add = (set: Set<string>, day: unknown) => {
  if (day !== null && day !== undefined) set.add(String(day));
};
const line = (r: Record<string, unknown>, into: Collected) => {
  add(into.days.invoice, r.invoice_date);
  const [company, customer, item] = [String(r.company), String(r.customer), String(r.item_number)];
  into.invoiceCustomers.set(`${company}\u0000${customer}`, [company, customer]);
  const rep = String(r.sales_rep);
  into.invoiceRepPairs.set(`${rep}\u0000${company}\u0000${customer}\u0000${item}`, [rep, company, customer, item]);
  // A line read twice (its own key and its invoice's) has one value in each snapshot: the first read before any write.
  const key = `${company}\u0000${r.invoice_number}\u0000${r.invoice_line_number}`;
  if (!into.lineSales.has(key)) into.lineSales.set(key, Number(r.qty) > 0 ? [rep, company, item, String(r.invoice_date), String(r.sold), customer, String(r.branch), String(r.product_group)] : null);
};
/** The invoice line columns `line` reads (alias l). */
const LINE_COLUMNS = 'l.invoice_date::text, l.company, l.customer, l.item_number, l.invoice_number, l.invoice_line_number, l.sales_rep, l.branch, l.product_group, l.qty, greatest(l.sales, 0)::text AS sold';
const booked = (r: Record<string, unknown>, into: Collected) => add(into.days.booked, r.order_date);
/** A snapshot of the invoice lines `from` (over k, alias l) reads. */
const lines = (from: string): Snapshot => ({ text: `SELECT ${LINE_COLUMNS} ${from}`, collect: line, lines: from });

/**
 * Per table, the queries (over `k`, the keys the extract names) whose rows say what the table's
 * rows touch. Dates are read as text (YYYY-MM-DD) so they pass back as they came.
 */
const SNAPSHOTS: Record<string, Snapshot[]> = {
  invoice_line: [lines('FROM k JOIN erp.invoice_line l USING (company, invoice_number, invoice_line_number)')],
  invoice_header: [
    {
      text: `SELECT h.invoice_date::text, h.company, h.customer FROM k JOIN erp.invoice_header h USING (company, invoice_number)`,
      collect: (r, into) => {
        add(into.days.invoice, r.invoice_date);
        into.invoiceCustomers.set(`${r.company}\u0000${r.customer}`, [String(r.company), String(r.customer)]);
      },
    },
    // Its lines: the lines shipped from another branch join the header's location.
    lines('FROM k JOIN erp.invoice_line l USING (company, invoice_number)'),
  ],
  booking: [{
    text: `SELECT b.booking_date::text, b.order_line_date::text, b.customer FROM k JOIN erp.booking b USING (company, booking_id)`,
    collect: (r, into) => {
      add(into.days.booking, r.booking_date);
      add(into.days.booking, r.order_line_date);
      into.bookingCustomers.add(String(r.customer));
    },
  }],
  order_line: [{
    text: `SELECT l.ship_date::text, l.customer FROM k JOIN erp.order_line l USING (company, order_number, order_line_number)`,
    collect: (r, into) => {
      if (r.ship_date !== null) {
        add(into.days.ship, r.ship_date);
        into.shipCustomers.add(String(r.customer));
      }
    },
  }],
  // Converted quotes are counted on their order's day.
  order_header: [{ text: `SELECT o.order_date::text FROM k JOIN erp.order_header o USING (company, order_number)`, collect: booked }],
  quote_line: [{
    text: `SELECT q.quote_date::text, o.order_date::text FROM k JOIN erp.quote_line q USING (company, quote_number, quote_line_number)
             LEFT JOIN erp.quote_header h ON h.company = q.company AND h.quote_number = q.quote_number
             LEFT JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number`,
    collect: (r, into) => {
      add(into.days.quote, r.quote_date);
      booked(r, into);
    },
  }],
  quote_header: [{
    text: `SELECT h.quote_date::text, o.order_date::text FROM k JOIN erp.quote_header h USING (company, quote_number)
             LEFT JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number`,
    collect: (r, into) => {
      add(into.days.quoteHeader, r.quote_date);
      booked(r, into);
    },
  }],
  purchase_order_line: [{ text: `SELECT l.order_date::text FROM erp.purchase_order_line l WHERE (l.company, l.po_number) IN (SELECT company, po_number FROM k)`, collect: (r, into) => add(into.days.po, r.order_date) }],
  purchase_order_header: [{ text: `SELECT l.order_date::text FROM erp.purchase_order_line l WHERE (l.company, l.po_number) IN (SELECT company, po_number FROM k)`, collect: (r, into) => add(into.days.po, r.order_date) }],
  // What the rollups join on: compared before and after.
  customer: [{ text: `SELECT c.company, c.customer, c.branch, c.account_class1 FROM k JOIN erp.customer c USING (company, customer)`, collect: (r, into) => into.masters.add(JSON.stringify(['customer', r])) }],
  location: [{ text: `SELECT l.company, l.location, l.branch FROM k JOIN erp.location l USING (company, location)`, collect: (r, into) => into.masters.add(JSON.stringify(['location', r])) }],
  // A rep's manager: whose scope holds his lines in the rollups kept per user scope (migration 330).
  sales_rep: [{ text: `SELECT s.company, s.sales_rep, s.manager_sales_rep FROM k JOIN erp.sales_rep s USING (company, sales_rep)`, collect: (r, into) => into.masters.add(JSON.stringify(['sales_rep', r])) }],
};

function emptyCollected(): Collected {
  return {
    days: { invoice: new Set(), booking: new Set(), ship: new Set(), quote: new Set(), quoteHeader: new Set(), booked: new Set(), po: new Set() },
    invoiceCustomers: new Map(), invoiceRepPairs: new Map(), lineSales: new Map(), bookingCustomers: new Set(), shipCustomers: new Set(), masters: new Set(),
  };
}

/** The lines' sales that changed, each value before the load with sign -1 and after it with +1 (a line that came back as it was is left out). */
function changedLineSales(before: Map<string, LineSale | null>, after: Map<string, LineSale | null>): TouchedRollups['lineSales'] {
  const changed: TouchedRollups['lineSales'] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [was, is] = [before.get(key) ?? null, after.get(key) ?? null];
    if (was?.join('\u0000') === is?.join('\u0000')) continue;
    if (was) changed.push([...was, -1]);
    if (is) changed.push([...is, 1]);
  }
  return changed;
}

/** Why this load must rebuild every rollup (null when a delta refresh covers it), before any write. */
export function fullRebuildReason(tables: Iterable<string>, fullRefresh: ReadonlySet<string>): string | null {
  for (const table of tables) if (fullRefresh.has(table) && ROLLUP_SOURCES.has(table)) return `${table} is replaced whole`;
  return null;
}

/** Past this many rows of the tables the rollups read, a load refreshes the rollups whole (cheaper than by key, and its keys are not kept). */
export const TRACKED_ROWS = 1_000_000;

/**
 * Reads what the extract's rows touch as the tables stand. The load calls `before` once before its
 * writes and `beforeRows` with each batch before it writes the batch (its keys read before the
 * write), then `after` (all the keys read again), then `touched` (why the full rebuild instead:
 * a master row the rollups join on changed, the data had no load before, or more than
 * `limit` rows). `tables` are the tables of the extract.
 */
export function touchTracker(client: pg.PoolClient, tables: ReadonlySet<string>, limit = TRACKED_ROWS) {
  const before = emptyCollected();
  const after = emptyCollected();
  let previousThrough: string | null = null;
  const orderLines: [string, string, number][] = [];
  /** Per table, its key columns and the keys of the extract, one array per column. */
  const keys = new Map<string, { layout: ErpLayout; columns: Cell[][] }>();
  let rows = 0;
  let overflow = false;

  /** Reads the rows the keys `columns` of `table` touch into `into`; the invoice lines also into pg_temp.touched_lines with `sign` (the first read of a line kept). */
  async function snapshot(table: string, layout: ErpLayout, columns: Cell[][], into: Collected, sign: 1 | -1): Promise<void> {
    const queries = SNAPSHOTS[table];
    if (!queries || columns[0]!.length === 0) return;
    const keyColumns = layout.columns.filter((c) => c.key);
    const k = `WITH k AS (SELECT DISTINCT * FROM unnest(${keyColumns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) AS k (${keyColumns.map((c) => c.name).join(', ')})) `;
    for (const query of queries) {
      const text = query.lines
        ? `${k}, l AS MATERIALIZED (SELECT l.* ${query.lines}),
                kept AS (INSERT INTO pg_temp.touched_lines SELECT ${sign}, l.* FROM l ON CONFLICT DO NOTHING)
           SELECT ${LINE_COLUMNS} FROM l`
        : k + query.text;
      const { rows: found } = await client.query<Record<string, string | number | null>>(text, columns);
      for (const row of found) query.collect(row, into);
    }
  }

  return {
    async before(): Promise<void> {
      const { rows: last } = await client.query<{ through: string | null }>('SELECT data_through::text AS through FROM erp.data_load ORDER BY load_id DESC LIMIT 1');
      previousThrough = last[0]?.through ?? null;
      if (previousThrough === null) return;
      // The touched invoice lines whole, as they were (sign -1) and are (+1), for the month rollups moved by their change (migration 340).
      await client.query('DROP TABLE IF EXISTS pg_temp.touched_lines');
      await client.query('CREATE TEMP TABLE touched_lines ON COMMIT DROP AS SELECT 1 AS sign, l.* FROM erp.invoice_line l WITH NO DATA');
      await client.query('CREATE UNIQUE INDEX ON pg_temp.touched_lines (company, invoice_number, invoice_line_number, sign)');
    },
    /** Whether the batches' keys are wanted (not when the rollups will be rebuilt whole anyway). */
    get tracking(): boolean {
      return previousThrough !== null && !overflow;
    },
    /** A batch about to be written (rows in the layout's column order; a delete list's in its key's). */
    async beforeRows(layout: ErpLayout, kind: 'rows' | 'delete', batch: readonly Cell[][], readBefore = true): Promise<void> {
      if (previousThrough === null || overflow || batch.length === 0) return;
      if (!SNAPSHOTS[layout.table]) return;
      rows += batch.length;
      if (rows > limit) {
        overflow = true;
        keys.clear();
        orderLines.length = 0;
        return;
      }
      const keyColumns = layout.columns.filter((c) => c.key);
      const keyAt = keyColumns.map((c, i) => (kind === 'delete' ? i : layout.columns.indexOf(c)));
      const columns = keyAt.map((i) => batch.map((row) => row[i]!));
      let entry = keys.get(layout.table);
      if (!entry) keys.set(layout.table, (entry = { layout, columns: keyAt.map(() => []) }));
      for (const [i, column] of columns.entries()) for (const value of column) entry.columns[i]!.push(value);
      if (layout.table === 'order_line') {
        const [company, order, line] = ['company', 'order_number', 'order_line_number'].map((name) => columns[keyColumns.findIndex((c) => c.name === name)]!);
        for (let r = 0; r < company!.length; r++) orderLines.push([String(company![r]), String(order![r]), Number(line![r])]);
      }
      // A table written by COPY held none of these keys (empty, or emptied by a full refresh): nothing to read before.
      if (readBefore) await snapshot(layout.table, layout, columns, before, -1);
    },
    async after(): Promise<void> {
      if (!this.tracking) return;
      const step = 50_000;
      for (const [table, { layout, columns }] of keys) {
        for (let at = 0; at < columns[0]!.length; at += step) await snapshot(table, layout, columns.map((c) => c.slice(at, at + step)), after, 1);
      }
    },
    /** What the load touched, or why it needs the full rebuild. */
    touched(): TouchedRollups | string {
      if (previousThrough === null) return 'the data had no load before';
      if (overflow) return `the load writes more than ${limit.toLocaleString('en-US')} rows of the tables the rollups read`;
      // A master row the rollups join on that changed or went (a new one joins only the new rows).
      const changed = [...before.masters].find((row) => !after.masters.has(row));
      if (changed) return `a ${(JSON.parse(changed) as [string])[0]} the rollups join on changed`;
      const union = <T>(a: Iterable<T>, b: Iterable<T>) => [...new Set([...a, ...b])];
      const days = (name: keyof Collected['days']) => union(before.days[name], after.days[name]).sort();
      return {
        previousThrough,
        invoiceDays: days('invoice'),
        bookingDays: days('booking'),
        shipDays: days('ship'),
        quoteDays: days('quote'),
        quoteHeaderDays: days('quoteHeader'),
        bookedDays: days('booked'),
        poDays: days('po'),
        invoiceCustomers: [...new Map([...before.invoiceCustomers, ...after.invoiceCustomers]).values()],
        invoiceRepPairs: [...new Map([...before.invoiceRepPairs, ...after.invoiceRepPairs]).values()],
        lineSales: changedLineSales(before.lineSales, after.lineSales),
        // Every line the load wrote or deleted, or whose invoice it did, is read before and after it.
        invoiceLineChange: after.lineSales.size - before.lineSales.size,
        bookingCustomers: union(before.bookingCustomers, after.bookingCustomers),
        shipCustomers: union(before.shipCustomers, after.shipCustomers),
        orderLines,
        arOpen: tables.has('ar_open'),
        orderLineShort: tables.has('order_line') || tables.has('inventory'),
      };
    },
  };
}
