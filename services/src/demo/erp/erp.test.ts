import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../db/index.ts';
import { ERP_TABLES, generateErpData, type GenerateErpResult } from './generate.ts';
import { Rng, WeightedPicker } from './prng.ts';

const TODAY = new Date(2026, 5, 30); // a Tuesday
const SCALE = 0.02;

/** md5 over every row of each key table, in primary-key order. */
async function checksums(db: Database['db']): Promise<Record<string, string>> {
  const keys: Record<string, string> = {
    customer: 'company, customer',
    ship_to: 'company, ship_to',
    contact: 'company, contact',
    item: 'company, item_number',
    inventory: 'company, item_number, location',
    invoice_header: 'company, invoice_number',
    invoice_line: 'company, invoice_number, invoice_line_number',
    order_line: 'company, order_number, order_line_number',
    quote_line: 'company, quote_number, quote_line_number',
    booking: 'company, booking_id',
    purchase_order_line: 'company, po_number, po_line_number',
    ar_open: 'company, invoice_number',
    ap_open: 'company, voucher',
    item_bom: 'company, item_number, component_number',
    order_line_po: 'company, order_number, order_line_number, po_number, po_line_number',
    invoice_note: 'company, invoice_number, note_number',
    order_line_note: 'company, order_number, order_line_number, note_number',
    purchase_order_note: 'company, po_number, note_number',
    ar_collection_note: 'company, customer, note_number',
    customer_note: 'company, customer, note_number',
    supplier_note: 'company, supplier, note_number',
    inventory_adjustment_line: 'company, adjustment_number, line_number',
    rma_header: 'company, rma_number',
    rma_line: 'company, rma_number, line_number',
    item_uom: 'company, item_number, uom',
    item_alternate: 'company, item_number, alternate_code',
    item_substitute: 'company, item_number, substitute_item_number',
    customer_part: 'company, customer, item_number',
    contract_line: 'company, job_number, line_number',
  };
  const sums: Record<string, string> = {};
  for (const [table, key] of Object.entries(keys)) {
    const { rows } = await db.query(`SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY ${key})) AS h FROM erp.${table} t`);
    sums[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return sums;
}

describe('Rng', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(Rng.stream(1, 'x').next()).not.toBe(Rng.stream(1, 'y').next());
    expect(new Rng(43).next()).not.toBe(xs[0]);
  });

  it('picks by weight', () => {
    const rng = new Rng(7);
    const picker = new WeightedPicker([1, 0, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[picker.pick(rng)]++;
    expect(counts[1]).toBe(0);
    expect(counts[2] / counts[0]).toBeGreaterThan(2.5);
    expect(counts[2] / counts[0]).toBeLessThan(3.5);
  });
});

describe('generateErpData', () => {
  let database: Database;
  let first: GenerateErpResult;
  let firstSums: Record<string, string>;
  const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await database.db.query(sql, params)).rows as T[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    first = await generateErpData(database.db, { scale: SCALE, today: TODAY, seed: 7 });
    firstSums = await checksums(database.db);
    // A fresh database, migrated and loaded whole (every index and rollup): minutes on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  it('reports what it loaded and records the load', async () => {
    expect(first.invoiceLines).toBeGreaterThan(3000);
    expect(first.invoiceLines).toBeLessThan(7000);
    expect(first.dataFrom).toBe('2024-01-01');
    expect(first.dataThrough).toBe('2026-06-30');
    for (const table of ERP_TABLES) expect(first.rows[table], table).toBeGreaterThan(0);
    const [load] = await q<{ invoice_lines: number; seed: number; scale: number; data_through: Date }>(
      'SELECT invoice_lines, seed, scale, data_through FROM erp.data_load WHERE load_id = $1', [first.loadId]);
    expect(load).toMatchObject({ invoice_lines: first.invoiceLines, seed: 7, scale: SCALE });
    const [{ n }] = await q<{ n: number }>('SELECT count(*) AS n FROM erp.invoice_line');
    expect(n).toBe(first.invoiceLines);
  });

  it('ends at today and starts three fiscal years back', async () => {
    const [r] = await q<{ first: string; last: string; future: number }>(`
      SELECT min(invoice_date)::text AS first, max(invoice_date)::text AS last,
             (SELECT count(*) FROM erp.order_header WHERE order_date > '2026-06-30' OR ship_date > '2026-06-30')
           + (SELECT count(*) FROM erp.booking WHERE booking_date > '2026-06-30')
           + (SELECT count(*) FROM erp.quote_header WHERE quote_date > '2026-06-30')
           + (SELECT count(*) FROM erp.purchase_order_header WHERE order_date > '2026-06-30' OR received_date > '2026-06-30')
           + (SELECT count(*) FROM erp.rma_header WHERE rma_date > '2026-06-30' OR received_date > '2026-06-30')
           + (SELECT count(*) FROM erp.inventory_adjustment_header WHERE adjustment_date > '2026-06-30')
           + (SELECT count(*) FROM erp.customer_note WHERE note_date > '2026-06-30')
           + (SELECT count(*) FROM erp.ar_collection_note WHERE note_date > '2026-06-30') AS future
        FROM erp.invoice_line`);
    expect(r.first >= '2024-01-01' && r.first <= '2024-01-05').toBe(true);
    expect(r.last).toBe('2026-06-30');
    expect(r.future).toBe(0);
  });

  it('grows year over year, peaks in spring and summer and dips in December', async () => {
    // Volume is planned per day (orders), so invoice counts show the ~6% growth even at a tiny scale.
    const years = await q<{ y: number; invoices: number }>(`
      SELECT extract(year FROM invoice_date)::int AS y, count(*) AS invoices
        FROM erp.invoice_header WHERE invoice_type = 'IN' GROUP BY 1 ORDER BY 1`);
    const growth = years[1].invoices / years[0].invoices;
    expect(growth).toBeGreaterThan(1.02);
    expect(growth).toBeLessThan(1.1);
    const months = await q<{ m: number; lines: number }>(`
      SELECT extract(month FROM invoice_date)::int AS m, count(*) AS lines
        FROM erp.invoice_header WHERE invoice_type = 'IN' AND invoice_date < '2026-01-01' GROUP BY 1 ORDER BY 1`);
    const byMonth = new Map(months.map((r) => [r.m, r.lines]));
    const summer = [4, 5, 6, 7, 8].reduce((a, m) => a + byMonth.get(m)!, 0) / 5;
    const winter = (byMonth.get(1)! + byMonth.get(2)!) / 2;
    expect(summer / winter).toBeGreaterThan(1.1);
    expect(summer / byMonth.get(12)!).toBeGreaterThan(1.15);
  });

  it('has about 3% credits and returns, negative in qty and sales', async () => {
    const [r] = await q<{ credit: number; all: number; bad: number }>(`
      SELECT count(*) FILTER (WHERE h.invoice_type = 'CR') AS credit, count(*) AS all,
             count(*) FILTER (WHERE h.invoice_type = 'CR' AND (l.qty >= 0 OR l.sales > 0)) AS bad
        FROM erp.invoice_line l JOIN erp.invoice_header h USING (company, invoice_number)`);
    expect(r.credit / r.all).toBeGreaterThan(0.015);
    expect(r.credit / r.all).toBeLessThan(0.05);
    expect(r.bad).toBe(0);
  });

  it('keeps referential integrity', async () => {
    const orphans = await q<{ what: string; n: number }>(`
      SELECT 'line customer' AS what, count(*) AS n FROM erp.invoice_line l WHERE NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = l.company AND c.customer = l.customer)
      UNION ALL SELECT 'line ship-to', count(*) FROM erp.invoice_line l WHERE NOT EXISTS (SELECT 1 FROM erp.ship_to s WHERE s.company = l.company AND s.ship_to = l.ship_to AND s.customer = l.customer)
      UNION ALL SELECT 'line item', count(*) FROM erp.invoice_line l WHERE NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = l.company AND i.item_number = l.item_number AND i.product_group = l.product_group)
      UNION ALL SELECT 'line rep', count(*) FROM erp.invoice_line l WHERE NOT EXISTS (SELECT 1 FROM erp.sales_rep r WHERE r.company = l.company AND r.sales_rep = l.sales_rep)
      UNION ALL SELECT 'line header', count(*) FROM erp.invoice_line l WHERE NOT EXISTS (SELECT 1 FROM erp.invoice_header h WHERE h.company = l.company AND h.invoice_number = l.invoice_number)
      UNION ALL SELECT 'invoice order', count(*) FROM erp.invoice_header h WHERE h.order_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.order_header o WHERE o.company = h.company AND o.order_number = h.order_number)
      UNION ALL SELECT 'order line item', count(*) FROM erp.order_line l WHERE NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = l.company AND i.item_number = l.item_number)
      UNION ALL SELECT 'quote order', count(*) FROM erp.quote_header qh WHERE qh.order_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.order_header o WHERE o.company = qh.company AND o.order_number = qh.order_number)
      UNION ALL SELECT 'customer rep', count(*) FROM erp.customer c WHERE NOT EXISTS (SELECT 1 FROM erp.sales_rep r WHERE r.company = c.company AND r.sales_rep = c.sales_rep)
      UNION ALL SELECT 'customer branch', count(*) FROM erp.customer c WHERE NOT EXISTS (SELECT 1 FROM erp.branch b WHERE b.company = c.company AND b.branch = c.branch)
      UNION ALL SELECT 'customer corporate', count(*) FROM erp.customer c WHERE c.corporate IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.corporate k WHERE k.company = c.company AND k.corporate = c.corporate)
      UNION ALL SELECT 'contact customer', count(*) FROM erp.contact k WHERE k.supplier IS NULL AND NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = k.company AND c.customer = k.customer)
      UNION ALL SELECT 'contact supplier', count(*) FROM erp.contact k WHERE k.supplier IS NOT NULL AND (k.customer IS NOT NULL OR NOT EXISTS (SELECT 1 FROM erp.supplier s WHERE s.company = k.company AND s.supplier = k.supplier))
      UNION ALL SELECT 'contact ship-to', count(*) FROM erp.contact k WHERE k.ship_to IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.ship_to s WHERE s.company = k.company AND s.ship_to = k.ship_to AND s.customer = k.customer)
      UNION ALL SELECT 'customer territory', count(*) FROM erp.customer c WHERE NOT EXISTS (SELECT 1 FROM erp.territory t WHERE t.company = c.company AND t.territory = c.territory)
      UNION ALL SELECT 'ship-to territory', count(*) FROM erp.ship_to s WHERE s.latitude IS NULL OR NOT EXISTS (SELECT 1 FROM erp.territory t WHERE t.company = s.company AND t.territory = s.territory)
      UNION ALL SELECT 'contract account', count(*) FROM erp.contract j WHERE (j.customer IS NULL) = (j.corporate IS NULL)
        OR (j.customer IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = j.company AND c.customer = j.customer AND c.sales_rep = j.sales_rep))
        OR (j.ship_to IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.ship_to s WHERE s.company = j.company AND s.ship_to = j.ship_to AND s.customer = j.customer))
        OR (j.corporate IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.corporate k WHERE k.company = j.company AND k.corporate = j.corporate))
      UNION ALL SELECT 'contract lines', count(*) FROM erp.contract j WHERE j.line_count <> (SELECT count(DISTINCT l.item_number) FROM erp.contract_line l WHERE l.company = j.company AND l.job_number = j.job_number)
      UNION ALL SELECT 'contract line item', count(*) FROM erp.contract_line l WHERE NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = l.company AND i.item_number = l.item_number AND i.unit_of_measure = l.uom)
      UNION ALL SELECT 'item base uom', count(*) FROM erp.item i WHERE (SELECT count(*) FROM erp.item_uom u WHERE u.company = i.company AND u.item_number = i.item_number AND u.is_base AND u.uom = i.unit_of_measure AND u.conversion_factor = 1) <> 1
      UNION ALL SELECT 'item codes', count(*) FROM erp.item i WHERE i.extended_description IS NULL OR i.short_code IS NULL
      UNION ALL SELECT 'short code twice', count(*) - count(DISTINCT (company, short_code)) FROM erp.item
      UNION ALL SELECT 'alternate item', count(*) FROM erp.item_alternate a WHERE NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = a.company AND i.item_number = a.item_number)
      UNION ALL SELECT 'substitute item', count(*) FROM erp.item_substitute s WHERE s.item_number = s.substitute_item_number
        OR NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = s.company AND i.item_number = s.substitute_item_number AND i.product_group =
                        (SELECT o.product_group FROM erp.item o WHERE o.company = s.company AND o.item_number = s.item_number))
      UNION ALL SELECT 'customer part', count(*) FROM erp.customer_part p WHERE NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = p.company AND i.item_number = p.item_number)
        OR NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = p.company AND c.customer = p.customer)
      UNION ALL SELECT 'customer terms', count(*) FROM erp.customer_price_library p WHERE NOT EXISTS (SELECT 1 FROM erp.price_library l WHERE l.company = p.company AND l.price_library = p.price_library)
        OR NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = p.company AND c.customer = p.customer)
      UNION ALL SELECT 'item supplier', count(*) FROM erp.item i WHERE NOT EXISTS (SELECT 1 FROM erp.supplier s WHERE s.company = i.company AND s.supplier = i.supplier)
      UNION ALL SELECT 'inventory location', count(*) FROM erp.inventory v WHERE NOT EXISTS (SELECT 1 FROM erp.location l WHERE l.company = v.company AND l.location = v.location)
      UNION ALL SELECT 'po line header', count(*) FROM erp.purchase_order_line l WHERE NOT EXISTS (SELECT 1 FROM erp.purchase_order_header h WHERE h.company = l.company AND h.po_number = l.po_number)
      UNION ALL SELECT 'ar invoice', count(*) FROM erp.ar_open a WHERE NOT EXISTS (SELECT 1 FROM erp.invoice_header h WHERE h.company = a.company AND h.invoice_number = a.invoice_number AND h.customer = a.customer)
      UNION ALL SELECT 'booking order line', count(*) FROM erp.booking b WHERE NOT EXISTS (SELECT 1 FROM erp.order_line l WHERE l.company = b.company AND l.order_number = b.order_number AND l.order_line_number = b.order_line_number)
      UNION ALL SELECT 'kit component', count(*) FROM erp.item_bom k WHERE k.component_item = k.item_number OR NOT EXISTS (SELECT 1 FROM erp.item i WHERE i.company = k.company AND i.item_number = k.component_item)
      UNION ALL SELECT 'special order line', count(*) FROM erp.order_line_po x WHERE NOT EXISTS (SELECT 1 FROM erp.order_line l WHERE l.company = x.company AND l.order_number = x.order_number AND l.order_line_number = x.order_line_number)
         OR NOT EXISTS (SELECT 1 FROM erp.purchase_order_line p WHERE p.company = x.company AND p.po_number = x.po_number AND p.po_line_number = x.po_line_number)
      UNION ALL SELECT 'order line note', count(*) FROM erp.order_line_note n WHERE NOT EXISTS (SELECT 1 FROM erp.order_line l WHERE l.company = n.company AND l.order_number = n.order_number AND l.order_line_number = n.order_line_number)
      UNION ALL SELECT 'invoice note', count(*) FROM erp.invoice_note n WHERE NOT EXISTS (SELECT 1 FROM erp.invoice_header h WHERE h.company = n.company AND h.invoice_number = n.invoice_number)
      UNION ALL SELECT 'collection note', count(*) FROM erp.ar_collection_note n WHERE NOT EXISTS (SELECT 1 FROM erp.customer c WHERE c.company = n.company AND c.customer = n.customer)
      UNION ALL SELECT 'adjustment line header', count(*) FROM erp.inventory_adjustment_line l WHERE NOT EXISTS (SELECT 1 FROM erp.inventory_adjustment_header h WHERE h.company = l.company AND h.adjustment_number = l.adjustment_number)
      UNION ALL SELECT 'rma line header', count(*) FROM erp.rma_line l WHERE NOT EXISTS (SELECT 1 FROM erp.rma_header h WHERE h.company = l.company AND h.rma_number = l.rma_number AND h.customer = l.customer AND h.sales_rep = l.sales_rep)
      UNION ALL SELECT 'rma credit', count(*) FROM erp.rma_header h WHERE (h.status = 'Credited') <> (h.credit_invoice_number IS NOT NULL)
         OR (h.credit_invoice_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.invoice_header i WHERE i.company = h.company AND i.invoice_number = h.credit_invoice_number AND i.invoice_type = 'CR' AND i.customer = h.customer AND i.invoice_date >= h.rma_date))`);
    expect(orphans.filter((o) => o.n > 0)).toEqual([]);
  });

  it('gives the demo reps SR01 and SR02 customers and sales, managed by SM01', async () => {
    const reps = await q<{ sales_rep: string; name: string; email: string; manager_sales_rep: string | null }>(
      `SELECT sales_rep, name, email, manager_sales_rep FROM erp.sales_rep WHERE company = '01' AND sales_rep IN ('SR01', 'SR02', 'SM01', 'SM02') ORDER BY sales_rep`);
    expect(reps).toEqual([
      { sales_rep: 'SM01', name: 'Mary Manager', email: 'manager@tradeboard.example', manager_sales_rep: null },
      { sales_rep: 'SM02', name: 'Tom Brennan', email: 'tom.brennan@tradeboard.example', manager_sales_rep: null },
      { sales_rep: 'SR01', name: 'Rick Rep', email: 'rep@tradeboard.example', manager_sales_rep: 'SM01' },
      { sales_rep: 'SR02', name: 'Rita Rep2', email: 'rep2@tradeboard.example', manager_sales_rep: 'SM01' },
    ]);
    const [{ n: under }] = await q<{ n: number }>(`SELECT count(*) AS n FROM erp.sales_rep WHERE company = '01' AND manager_sales_rep = 'SM01'`);
    expect(under).toBeGreaterThanOrEqual(10);
    const owned = await q<{ sales_rep: string; customers: number; lines: number }>(`
      SELECT c.sales_rep, count(DISTINCT c.customer) AS customers, count(l.*) AS lines
        FROM erp.customer c LEFT JOIN erp.invoice_line l ON l.company = c.company AND l.customer = c.customer
       WHERE c.sales_rep IN ('SR01', 'SR02') GROUP BY 1 ORDER BY 1`);
    expect(owned.map((o) => o.sales_rep)).toEqual(['SR01', 'SR02']);
    for (const o of owned) {
      expect(o.customers).toBeGreaterThan(0);
      expect(o.lines).toBeGreaterThan(0);
    }
  });

  it('has open orders, quotes in every state, open POs, inventory and AR aging', async () => {
    const [r] = await q<Record<string, number>>(`
      SELECT (SELECT count(*) FROM erp.order_line WHERE qty_open > 0) AS open_lines,
             (SELECT count(DISTINCT status) FROM erp.quote_header) AS quote_states,
             (SELECT count(*) FROM erp.quote_header WHERE status = 'Converted' AND order_number IS NOT NULL) AS converted,
             (SELECT count(*) FROM erp.purchase_order_line WHERE qty_open > 0) AS open_po_lines,
             (SELECT count(*) FROM erp.inventory WHERE qty_on_hand > 0) AS stocked,
             (SELECT count(*) FROM erp.ar_open WHERE due_date >= '2026-06-30') AS ar_current,
             (SELECT count(*) FROM erp.ar_open WHERE due_date < '2026-06-30') AS ar_past_due`);
    expect(r.open_lines).toBeGreaterThan(0);
    expect(r.quote_states).toBe(4);
    expect(r.converted).toBeGreaterThan(0);
    expect(r.open_po_lines).toBeGreaterThan(0);
    expect(r.stocked).toBeGreaterThan(0);
    expect(r.ar_current).toBeGreaterThan(0);
    expect(r.ar_past_due).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed and day give the same rows', async () => {
    const again = await generateErpData(database.db, { scale: SCALE, today: TODAY, seed: 7 });
    expect(again.loadId).toBeGreaterThan(first.loadId);
    expect(again.rows).toEqual(first.rows);
    expect(await checksums(database.db)).toEqual(firstSums);
  }, 180_000);
});
