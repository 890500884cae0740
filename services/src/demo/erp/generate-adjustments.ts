/**
 * The demo ERP's stock corrections and customer returns: inventory adjustments at each location
 * (cycle counts, damage, shrinkage, write-offs …) of the items stocked there, and RMAs: one for
 * each credit memo of returned goods (credited), and recent returns of invoiced lines not yet
 * credited (open, received, or rejected).
 *
 * Runs after the sales data are loaded and reads back the stock and invoice lines it builds on in
 * key order, so with its own seeded streams it gives the same rows for the same options every run.
 */
import type pg from 'pg';
import type { BatchWriter, Column, TableBuffer } from './batch-writer.ts';
import { addBusinessDays, DAY_MS, dayOf, isBusinessDay, iso, nextBusinessDay, pad, put, r2 } from './generate-service.ts';
import { inKeyOrder } from './generate-notes.ts';
import { Rng, WeightedPicker } from './prng.ts';
import { FIRST_NAMES, LAST_NAMES, LOCATIONS } from './reference.ts';

/** The tables this part fills, in load order (generate.ts adds them to ERP_TABLES). */
export const ADJUSTMENT_ERP_TABLES = ['inventory_adjustment_header', 'inventory_adjustment_line', 'rma_header', 'rma_line'] as const;
type AdjustmentTable = (typeof ADJUSTMENT_ERP_TABLES)[number];

const T = (name: AdjustmentTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const ADJUSTMENT_TABLES = {
  inventory_adjustment_header: T('inventory_adjustment_header', [['company', 'text'], ['adjustment_number', 'text'], ['adjustment_date', 'date'], ['branch', 'text'], ['location', 'text'], ['reason', 'text'], ['entered_by', 'text'], ['line_count', 'int'], ['total_qty', 'int'], ['total_value', 'numeric']]),
  inventory_adjustment_line: T('inventory_adjustment_line', [['company', 'text'], ['adjustment_number', 'text'], ['line_number', 'int'], ['adjustment_date', 'date'], ['branch', 'text'], ['location', 'text'], ['reason', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['qty', 'int'], ['unit_cost', 'numeric'], ['value', 'numeric']]),
  rma_header: T('rma_header', [['company', 'text'], ['rma_number', 'text'], ['rma_date', 'date'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['location', 'text'], ['status', 'text'], ['reason', 'text'], ['received_date', 'date'], ['credit_invoice_number', 'text'], ['line_count', 'int'], ['total_amount', 'numeric']]),
  rma_line: T('rma_line', [['company', 'text'], ['rma_number', 'text'], ['line_number', 'int'], ['rma_date', 'date'], ['customer', 'text'], ['sales_rep', 'text'], ['status', 'text'], ['invoice_number', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['qty', 'int'], ['unit_price', 'numeric'], ['amount', 'numeric'], ['disposition', 'text']]),
};

/** Adjustments at scale 1 over the three years (at least MIN_ADJUSTMENTS). */
const ADJUSTMENTS_PER_SCALE = 1800;
const MIN_ADJUSTMENTS = 240;

type Settings = { scale: number; seed: number; today: number };
type Tables = Record<AdjustmentTable, TableBuffer>;

export async function generateAdjustmentData(client: pg.PoolClient, writer: BatchWriter, t: Tables, s: Settings): Promise<void> {
  await generateAdjustments(client, t, s);
  await generateRmas(client, t, s);
  await writer.flush();
}

// ------------------------------------------------------------------------------------ adjustments
type Stock = { item: string; group: string; onHand: number; unitCost: number };
type Reason = { name: string; weight: number; lines: [number, number]; qty: (rng: Rng, s: Stock) => number };

const REASONS: readonly Reason[] = [
  { name: 'Cycle Count', weight: 40, lines: [2, 12], qty: (rng) => (rng.chance(0.55) ? -1 : 1) * rng.int(1, 6) },
  { name: 'Damaged', weight: 14, lines: [1, 3], qty: (rng) => -rng.int(1, 4) },
  { name: 'Shrinkage', weight: 10, lines: [1, 4], qty: (rng) => -rng.int(1, 8) },
  { name: 'Found Stock', weight: 10, lines: [1, 3], qty: (rng) => rng.int(1, 5) },
  { name: 'Obsolete Write-Off', weight: 8, lines: [1, 6], qty: (rng, s) => -Math.max(1, Math.min(s.onHand, rng.int(5, 60))) },
  { name: 'Receiving Correction', weight: 18, lines: [1, 2], qty: (rng) => (rng.chance(0.5) ? -1 : 1) * rng.int(1, 12) },
];

/** Adjustments spread over the business days, more at the busier locations, of items stocked there. */
async function generateAdjustments(client: pg.PoolClient, t: Tables, { scale, seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'inventory-adjustments');
  const todayYear = new Date(today * DAY_MS).getUTCFullYear();
  const firstDay = Math.round(Date.UTC(todayYear - 2, 0, 1) / DAY_MS);
  const stock = new Map<string, Stock[]>();
  const rows = inKeyOrder<{ company: string; item_number: string; location: string; product_group: string; qty_on_hand: number; unit_cost: string }>(
    client,
    `SELECT v.company, v.item_number, v.location, i.product_group, v.qty_on_hand, v.unit_cost
       FROM erp.inventory v JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number
      WHERE v.qty_on_hand > 0`,
    ['v.company', 'v.item_number', 'v.location'],
  );
  for await (const r of rows) {
    const key = `${r.company}:${r.location}`;
    let list = stock.get(key);
    if (!list) stock.set(key, (list = []));
    list.push({ item: r.item_number, group: r.product_group, onHand: r.qty_on_hand, unitCost: Number(r.unit_cost) });
  }
  const locations = LOCATIONS.filter((l) => (stock.get(`${l.company}:${l.location}`)?.length ?? 0) > 0);
  if (locations.length === 0) return;
  const counters = new Map(locations.map((l) => [l.location, [0, 1].map(() => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`)]));
  const locationPicker = new WeightedPicker(locations.map((l) => stock.get(`${l.company}:${l.location}`)!.length));
  const reasonPicker = new WeightedPicker(REASONS.map((r) => r.weight));
  const total = Math.max(MIN_ADJUSTMENTS, Math.round(ADJUSTMENTS_PER_SCALE * scale));
  let businessDays = 0;
  for (let d = firstDay; d <= today; d++) if (isBusinessDay(d)) businessDays++;
  const perDay = total / Math.max(1, businessDays);
  let seq = 0;
  for (let day = firstDay; day <= today; day++) {
    if (!isBusinessDay(day)) continue;
    for (let k = rng.round(perDay); k > 0; k--) {
      const loc = locations[locationPicker.pick(rng)]!;
      const pool = stock.get(`${loc.company}:${loc.location}`)!;
      const reason = REASONS[reasonPicker.pick(rng)]!;
      const number = `IA${pad(++seq, 7)}`;
      const count = Math.min(pool.length, rng.int(reason.lines[0], reason.lines[1]));
      const items = new Set<Stock>();
      while (items.size < count) items.add(rng.pick(pool));
      let qtyTotal = 0;
      let value = 0;
      let n = 0;
      for (const s of items) {
        const qty = reason.qty(rng, s);
        const lineValue = r2(qty * s.unitCost);
        qtyTotal += qty;
        value += lineValue;
        await put(t.inventory_adjustment_line, [loc.company, number, ++n, iso(day), loc.branch, loc.location, reason.name, s.item, s.group, qty, s.unitCost, lineValue]);
      }
      await put(t.inventory_adjustment_header, [loc.company, number, iso(day), loc.branch, loc.location, reason.name, rng.pick(counters.get(loc.location)!), items.size, qtyTotal, r2(value)]);
    }
  }
}

// ------------------------------------------------------------------------------------ RMAs
const RMA_REASONS = ['Defective', 'Wrong Item Shipped', 'Ordered in Error', 'Damaged in Transit', 'Excess Stock'] as const;
const RMA_REASON_WEIGHTS = new WeightedPicker([26, 18, 30, 10, 16]);
const DISPOSITION: Record<(typeof RMA_REASONS)[number], readonly string[]> = {
  Defective: ['Return to Supplier', 'Return to Supplier', 'Scrap'],
  'Wrong Item Shipped': ['Return to Stock'],
  'Ordered in Error': ['Return to Stock'],
  'Damaged in Transit': ['Scrap', 'Return to Supplier'],
  'Excess Stock': ['Return to Stock'],
};

type RmaLine = { invoiceNumber: string | null; item: string; group: string; qty: number; price: string; amount: number };
type Rma = {
  company: string; day: number; customer: string; shipTo: string; rep: string; branch: string; location: string; status: string;
  received: number | null; credit: string | null; lines: RmaLine[]; order: string;
};

type InvoiceLineRow = {
  company: string; invoice_number: string; invoice_line_number: number; invoice_date: string; customer: string; ship_to: string;
  sales_rep: string; branch: string; item_number: string; product_group: string; qty: number; unit_price: string; sales: string;
};
/** Invoice lines (credits have a negative quantity, and only credits); returns go back to the branch's warehouse. */
const INVOICE_LINES = `SELECT company, invoice_number, invoice_line_number, invoice_date::text AS invoice_date, customer, ship_to,
            sales_rep, branch, item_number, product_group, qty, unit_price, sales
       FROM erp.invoice_line`;
const LINE_KEY = ['company', 'invoice_number', 'invoice_line_number'];

/**
 * Every credit memo of returned goods had an RMA, authorized two to twelve business days before
 * and received just before the credit; recent invoice lines have returns still in progress.
 * Numbered in date order once all are known.
 */
async function generateRmas(client: pg.PoolClient, t: Tables, { scale, seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'rmas');
  const rmas: Rma[] = [];
  let current = null as Rma | null;
  for await (const l of inKeyOrder<InvoiceLineRow>(client, `${INVOICE_LINES} WHERE qty < 0`, LINE_KEY)) {
    if (current?.credit !== l.invoice_number || current.company !== l.company) {
      const creditDay = dayOf(l.invoice_date);
      const day = nextBusinessDay(creditDay - rng.int(3, 16));
      current = {
        company: l.company, day, customer: l.customer, shipTo: l.ship_to, rep: l.sales_rep, branch: l.branch, location: l.branch, status: 'Credited',
        received: nextBusinessDay(Math.max(day, creditDay - rng.int(0, 3))), credit: l.invoice_number, lines: [], order: `${l.company}:${l.invoice_number}`,
      };
      rmas.push(current);
    }
    current.lines.push({ invoiceNumber: null, item: l.item_number, group: l.product_group, qty: -l.qty, price: l.unit_price, amount: -Number(l.sales) });
  }
  // Returns in progress: 1% of the lines invoiced in the last 45 days (more at small scales, so some 25 show), authorized a few days after.
  const share = Math.min(0.25, Math.max(0.01, 0.0025 / scale));
  const recent = inKeyOrder<InvoiceLineRow>(client, `${INVOICE_LINES} WHERE invoice_date > $1::date AND qty > 0`, LINE_KEY, [iso(today - 45)]);
  for await (const l of recent) {
    if (!rng.chance(share)) continue;
    const day = addBusinessDays(dayOf(l.invoice_date), rng.int(2, 20));
    if (day > today) continue;
    const r = rng.next();
    const status = r < 0.4 ? 'Open' : r < 0.9 ? 'Received' : 'Rejected';
    const received = status === 'Received' ? Math.min(today, addBusinessDays(day, rng.int(1, 6))) : null;
    const qty = Math.max(1, Math.round(l.qty * (rng.chance(0.6) ? 1 : rng.next())));
    rmas.push({
      company: l.company, day, customer: l.customer, shipTo: l.ship_to, rep: l.sales_rep, branch: l.branch, location: l.branch, status,
      received, credit: null, order: `${l.company}:${l.invoice_number}:${l.invoice_line_number}`,
      lines: [{ invoiceNumber: l.invoice_number, item: l.item_number, group: l.product_group, qty, price: l.unit_price, amount: r2(qty * Number(l.unit_price)) }],
    });
  }
  rmas.sort((a, b) => a.day - b.day || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  let seq = 0;
  for (const rma of rmas) {
    const number = `RMA${pad(++seq, 7)}`;
    const reason = RMA_REASONS[RMA_REASON_WEIGHTS.pick(rng)]!;
    let total = 0;
    for (let n = 0; n < rma.lines.length; n++) {
      const l = rma.lines[n]!;
      total += l.amount;
      await put(t.rma_line, [rma.company, number, n + 1, iso(rma.day), rma.customer, rma.rep, rma.status, l.invoiceNumber, l.item, l.group, l.qty, l.price, r2(l.amount), rng.pick(DISPOSITION[reason])]);
    }
    await put(t.rma_header, [rma.company, number, iso(rma.day), rma.customer, rma.shipTo, rma.rep, rma.branch, rma.location, rma.status, reason,
      rma.received === null ? null : iso(rma.received), rma.credit, rma.lines.length, r2(total)]);
  }
}
