/**
 * What the demo ERP keeps beside its documents: kit items and their bills of material, special
 * orders bought for an order line (a purchase order line linked to it), and the notes on invoices,
 * order lines, purchase orders, receivables (collection notes), customers and suppliers.
 *
 * Runs after the sales and service data are loaded and reads back what it builds on in key
 * order (a sample of the documents, chosen by their number), so with its own seeded streams it
 * gives the same rows for the same options on every run.
 */
import type pg from 'pg';
import type { BatchWriter, Cell, Column, TableBuffer } from './batch-writer.ts';
import { addBusinessDays, DAY_MS, dayOf, iso, nextBusinessDay, pad, put, r2 } from './generate-service.ts';
import { Rng } from './prng.ts';
import { FIRST_NAMES, LAST_NAMES, SALES_REPS } from './reference.ts';

/** The tables this part fills, in load order (generate.ts adds them to ERP_TABLES). */
export const NOTES_ERP_TABLES = ['item_bom', 'order_line_po', 'invoice_note', 'order_line_note', 'purchase_order_note', 'ar_collection_note', 'customer_note', 'supplier_note'] as const;
type NotesTable = (typeof NOTES_ERP_TABLES)[number];

const NOTE: Column[] = [['note_number', 'int'], ['note_date', 'date'], ['note_type', 'text'], ['entered_by', 'text'], ['note_text', 'text']];
const T = (name: NotesTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const NOTES_TABLES = {
  item_bom: T('item_bom', [['company', 'text'], ['item_number', 'text'], ['component_number', 'int'], ['component_item', 'text'], ['qty_per_kit', 'numeric']]),
  order_line_po: T('order_line_po', [['company', 'text'], ['order_number', 'text'], ['order_line_number', 'int'], ['po_number', 'text'], ['po_line_number', 'int'], ['link_type', 'text']]),
  invoice_note: T('invoice_note', [['company', 'text'], ['invoice_number', 'text'], ...NOTE]),
  order_line_note: T('order_line_note', [['company', 'text'], ['order_number', 'text'], ['order_line_number', 'int'], ...NOTE]),
  purchase_order_note: T('purchase_order_note', [['company', 'text'], ['po_number', 'text'], ...NOTE]),
  ar_collection_note: T('ar_collection_note', [['company', 'text'], ['customer', 'text'], ['note_number', 'int'], ['invoice_number', 'text'], ['note_date', 'date'], ['note_type', 'text'], ['contact_name', 'text'], ['entered_by', 'text'], ['note_text', 'text'], ['promise_date', 'date'], ['promise_amount', 'numeric']]),
  customer_note: T('customer_note', [['company', 'text'], ['customer', 'text'], ...NOTE]),
  supplier_note: T('supplier_note', [['company', 'text'], ['supplier', 'text'], ...NOTE]),
};

type Settings = { scale: number; seed: number; today: number };
type Tables = Record<NotesTable | 'purchase_order_header' | 'purchase_order_line', TableBuffer>;

const PAGE = 20_000;

/**
 * Rows of `select` (which ends in a WHERE clause) in the order of its key columns, a page at a
 * time, so memory stays bounded at large scales.
 */
export async function* inKeyOrder<R extends Record<string, unknown>>(client: pg.PoolClient, select: string, key: readonly string[], params: unknown[] = []): AsyncGenerator<R> {
  let after: unknown[] | null = null;
  for (;;) {
    const values: unknown[] = [...params];
    const next: string = after ? ` AND (${key.join(', ')}) > (${after.map((v) => `$${values.push(v)}`).join(', ')})` : '';
    const page: R[] = (await client.query<R>(`${select}${next} ORDER BY ${key.join(', ')} LIMIT ${PAGE}`, values)).rows;
    for (const row of page) yield row;
    if (page.length < PAGE) return;
    const last: R = page[page.length - 1]!;
    after = key.map((k) => last[k.slice(k.lastIndexOf('.') + 1)]);
  }
}

/** The people who type notes: the warehouse, purchasing, the credit desk. */
function staff(rng: Rng, count: number): string[] {
  return Array.from({ length: count }, () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`);
}
/** A number's last digit (invoice, order and PO numbers end in one): the sample of documents a part reads (a deterministic share, cheap to select). */
const sampled = (column: string, digits: string) => `right(${column}, 1) IN (${[...digits].map((d) => `'${d}'`).join(', ')})`;

const REP_NAMES = new Map(SALES_REPS.map((r) => [r.code, r.name]));

type NoteText = { type: string; text: (rng: Rng) => string };
const money = (x: number) => `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Writes 1 + geometric(mean) notes (at most max) dated from `from` to `to`, oldest first. */
async function notes(table: TableBuffer, keys: Cell[], rng: Rng, texts: readonly NoteText[], from: number, to: number, by: (type: string) => string, mean = 0.8, max = 4): Promise<void> {
  const count = Math.min(max, 1 + rng.geometric(mean));
  const days = Array.from({ length: count }, () => from + rng.int(0, Math.max(0, to - from))).sort((a, b) => a - b);
  for (let n = 0; n < days.length; n++) {
    const note = rng.pick(texts);
    await put(table, [...keys, n + 1, iso(days[n]!), note.type, by(note.type), note.text(rng)]);
  }
}

export async function generateNotesData(client: pg.PoolClient, writer: BatchWriter, t: Tables, s: Settings): Promise<void> {
  await generateKits(client, t, s);
  await generatePurchaseOrderNotes(client, t, s);
  await generateSpecialOrders(client, t, s);
  await generateInvoiceNotes(client, t, s);
  await generateOrderLineNotes(client, t, s);
  await generateCollectionNotes(client, t, s);
  await generateAccountNotes(client, t, s);
  await writer.flush();
}

// ------------------------------------------------------------------------------------ kits
/** About one item in 16 is a kit of two to five other items, mostly of its own product group. */
async function generateKits(client: pg.PoolClient, t: Tables, { seed }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'kits');
  const { rows } = await client.query<{ company: string; item_number: string; product_group: string; unit_cost: string }>(
    'SELECT company, item_number, product_group, unit_cost FROM erp.item ORDER BY company, item_number',
  );
  const costs = new Map(rows.map((r) => [`${r.company}:${r.item_number}`, Number(r.unit_cost)]));
  const byCompany = new Map<string, typeof rows>();
  const byGroup = new Map<string, typeof rows>();
  for (const r of rows) {
    for (const [map, key] of [[byCompany, r.company], [byGroup, `${r.company}:${r.product_group}`]] as const) {
      let list = map.get(key);
      if (!list) map.set(key, (list = []));
      list.push(r);
    }
  }
  for (const kit of rows) {
    if (!rng.chance(0.06)) continue;
    const count = rng.int(2, 5);
    const chosen = new Set<string>([kit.item_number]);
    for (let n = 0; n < count * 3 && chosen.size <= count; n++) {
      const pool = rng.chance(0.7) ? byGroup.get(`${kit.company}:${kit.product_group}`)! : byCompany.get(kit.company)!;
      chosen.add(rng.pick(pool).item_number);
    }
    const components = [...chosen].slice(1);
    for (let n = 0; n < components.length; n++) {
      const cost = costs.get(`${kit.company}:${components[n]}`)!;
      await put(t.item_bom, [kit.company, kit.item_number, n + 1, components[n]!, cost < 5 ? rng.int(2, 10) : rng.chance(0.8) ? 1 : 2]);
    }
  }
}

// ------------------------------------------------------------------------------------ special orders
/**
 * Some order lines (of a sample of orders) of items the branch does not stock are bought for the order: one purchase
 * order per order and supplier (PS…), shipped by the supplier to the customer (Drop Ship) or
 * received first (Special Order); received when the order line shipped, open while it is open.
 */
async function generateSpecialOrders(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'special-orders');
  // The items not stocked, with their supplier's lead time: read first, so the order lines need no join
  // (the tables are not analyzed while they load, and a join's plan can be very slow then).
  const { rows: items } = await client.query<{ company: string; item_number: string; supplier: string; lead_days: number }>(
    `SELECT i.company, i.item_number, i.supplier, s.lead_days FROM erp.item i JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier
      WHERE NOT i.stockable ORDER BY 1, 2`,
  );
  const nonStock = new Map(items.map((i) => [`${i.company}:${i.item_number}`, i]));
  type Row = { company: string; order_number: string; order_line_number: number; item_number: string; product_group: string; location: string; branch: string; qty_ordered: number; order_date: string; ship_date: string | null; unit_cost: string; supplier: string; lead_days: number };
  const lines = inKeyOrder<Omit<Row, 'supplier' | 'lead_days'>>(
    client,
    `SELECT company, order_number, order_line_number, item_number, product_group, location, branch, qty_ordered,
            order_date::text AS order_date, ship_date::text AS ship_date, unit_cost
       FROM erp.order_line
      WHERE item_number = ANY($1::text[]) AND ${sampled('order_number', '258')}`,
    ['company', 'order_number', 'order_line_number'],
    [[...new Set(items.map((i) => i.item_number))]],
  );
  let seq = 0;
  let pending: Row[] = [];
  const emit = async (group: Row[]) => {
    const first = group[0]!;
    const number = `PS${pad(++seq, 6)}`;
    const dropShip = rng.chance(0.4);
    const orderDay = nextBusinessDay(dayOf(first.order_date));
    const due = Math.min(nextBusinessDay(orderDay + first.lead_days), orderDay + 60);
    const shipped = group.every((l) => l.ship_date !== null);
    const receivedDay = shipped ? Math.max(orderDay, dayOf(group[0]!.ship_date!) - (dropShip ? 0 : rng.int(0, 2))) : null;
    const received = receivedDay !== null && receivedDay <= today;
    let total = 0;
    let open = 0;
    for (let n = 0; n < group.length; n++) {
      const l = group[n]!;
      const cost = r2(l.qty_ordered * Number(l.unit_cost));
      total += cost;
      if (!received) open += cost;
      await put(t.purchase_order_line, [l.company, number, n + 1, l.supplier, l.location, iso(orderDay), iso(due), received ? iso(receivedDay) : null,
        l.item_number, l.product_group, l.qty_ordered, received ? l.qty_ordered : 0, received ? 0 : l.qty_ordered, l.unit_cost, cost, received ? 0 : cost]);
      await put(t.order_line_po, [l.company, l.order_number, l.order_line_number, number, n + 1, dropShip ? 'Drop Ship' : 'Special Order']);
    }
    await put(t.purchase_order_header, [first.company, number, first.supplier, first.location, first.branch, iso(orderDay), iso(due), received ? iso(receivedDay) : null,
      received ? 'Received' : 'Open', `B${pad(rng.int(1, 4), 2)}`, group.length, r2(total), r2(open)]);
  };
  for await (const orderLine of lines) {
    const item = nonStock.get(`${orderLine.company}:${orderLine.item_number}`);
    if (!item || !rng.chance(0.15)) continue;
    const line: Row = { ...orderLine, supplier: item.supplier, lead_days: item.lead_days };
    const head = pending[0];
    if (head && (head.company !== line.company || head.order_number !== line.order_number || head.supplier !== line.supplier)) {
      await emit(pending);
      pending = [];
    }
    pending.push(line);
  }
  if (pending.length > 0) await emit(pending);
}

// ------------------------------------------------------------------------------------ document notes
const INVOICE_NOTES: readonly NoteText[] = [
  { type: 'Customer', text: () => 'Deliver to the receiving dock at the rear of the building.' },
  { type: 'Customer', text: (rng) => `Attention: maintenance crib, bay ${rng.int(1, 12)}.` },
  { type: 'Customer', text: () => 'Thank you for your business!' },
  { type: 'Shipping', text: () => 'Shipped complete.' },
  { type: 'Shipping', text: () => 'Partial shipment; the balance follows on a separate invoice.' },
  { type: 'Shipping', text: (rng) => `${rng.int(2, 6)} cartons, one skid.` },
  { type: 'Internal', text: () => 'Price matched a competitor quote, approved by the branch manager.' },
  { type: 'Internal', text: () => 'Freight waived per the sales rep.' },
  { type: 'Internal', text: () => 'Customer PO received by e-mail after shipping.' },
];

const ORDER_LINE_NOTES: readonly NoteText[] = [
  { type: 'Customer', text: () => 'Customer needs it before the planned shutdown; ship as soon as it is in.' },
  { type: 'Customer', text: () => 'Do not substitute: engineering approved this part number only.' },
  { type: 'Customer', text: () => 'Tag each piece with the machine number.' },
  { type: 'Warehouse', text: () => 'Pick from the mezzanine, bin labels are worn.' },
  { type: 'Warehouse', text: (rng) => `Backordered; expected in ${rng.int(2, 15)} days.` },
  { type: 'Warehouse', text: () => 'Cut to length before shipping.' },
  { type: 'Purchasing', text: () => 'Expedite with the supplier.' },
  { type: 'Purchasing', text: () => 'Supplier confirmed the ship date.' },
];

const PO_NOTES: readonly NoteText[] = [
  { type: 'Supplier', text: () => 'Supplier confirmed the order and the due date.' },
  { type: 'Supplier', text: (rng) => `Supplier pushed the ship date by ${rng.int(2, 10)} days: raw material shortage.` },
  { type: 'Supplier', text: () => 'Price increase announced for next quarter; this order at the old price.' },
  { type: 'Buyer', text: () => 'Combined with the branch transfer to make the freight minimum.' },
  { type: 'Buyer', text: () => 'Expedite: stock below the reorder point.' },
  { type: 'Buyer', text: () => 'Quantity raised for the quarterly promotion.' },
  { type: 'Receiving', text: () => 'Received complete, no damage.' },
  { type: 'Receiving', text: (rng) => `One carton damaged in transit, ${rng.int(1, 4)} pieces refused.` },
  { type: 'Receiving', text: () => 'Packing list missing; counted against the PO.' },
];

async function generateInvoiceNotes(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'invoice-notes');
  const clerks = staff(rng, 4);
  const rows = inKeyOrder<{ company: string; invoice_number: string; invoice_date: string }>(
    client,
    `SELECT company, invoice_number, invoice_date::text AS invoice_date FROM erp.invoice_header WHERE ${sampled('invoice_number', '37')}`,
    ['company', 'invoice_number'],
  );
  for await (const h of rows) {
    if (!rng.chance(0.4)) continue;
    const day = dayOf(h.invoice_date);
    await notes(t.invoice_note, [h.company, h.invoice_number], rng, INVOICE_NOTES, day, Math.min(today, day + 3), () => rng.pick(clerks), 0.5, 3);
  }
}

async function generateOrderLineNotes(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'order-line-notes');
  const desk = staff(rng, 5);
  const rows = inKeyOrder<{ company: string; order_number: string; order_line_number: number; order_date: string; sales_rep: string }>(
    client,
    `SELECT company, order_number, order_line_number, order_date::text AS order_date, sales_rep FROM erp.order_line WHERE ${sampled('order_number', '5')}`,
    ['company', 'order_number', 'order_line_number'],
  );
  for await (const l of rows) {
    if (!rng.chance(0.3)) continue;
    const day = dayOf(l.order_date);
    await notes(t.order_line_note, [l.company, l.order_number, l.order_line_number], rng, ORDER_LINE_NOTES, day, Math.min(today, day + 10),
      (type) => (type === 'Customer' ? REP_NAMES.get(l.sales_rep) ?? l.sales_rep : rng.pick(desk)), 0.6, 3);
  }
}

/** Notes on the replenishment purchase orders (read before the special orders are added). */
async function generatePurchaseOrderNotes(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'purchase-order-notes');
  const buyers = staff(rng, 4);
  const receivers = staff(rng, 3);
  const rows = inKeyOrder<{ company: string; po_number: string; order_date: string; received_date: string | null }>(
    client,
    `SELECT company, po_number, order_date::text AS order_date, received_date::text AS received_date FROM erp.purchase_order_header WHERE true`,
    ['company', 'po_number'],
  );
  for await (const h of rows) {
    if (!rng.chance(0.45)) continue;
    const from = dayOf(h.order_date);
    const to = Math.min(today, h.received_date ? dayOf(h.received_date) : today);
    const texts = h.received_date ? PO_NOTES : PO_NOTES.filter((n) => n.type !== 'Receiving');
    await notes(t.purchase_order_note, [h.company, h.po_number], rng, texts, from, Math.max(from, to), (type) => rng.pick(type === 'Receiving' ? receivers : buyers));
  }
}

// ------------------------------------------------------------------------------------ collection notes
type CollectionText = { type: string; text: (ctx: { contact: string; balance: number; days: number; rng: Rng }) => string };
const COLLECTION_NOTES: readonly CollectionText[] = [
  { type: 'Call', text: ({ contact }) => `Called ${contact}, left a voicemail.` },
  { type: 'Call', text: ({ contact }) => `Spoke with ${contact}: invoice is in their approval queue.` },
  { type: 'Call', text: ({ contact, days }) => `${contact} says the check was mailed ${days} days ago.` },
  { type: 'Email', text: ({ contact }) => `Sent a statement and invoice copy to ${contact}.` },
  { type: 'Email', text: ({ balance }) => `Past-due reminder sent for ${money(balance)}.` },
  { type: 'Letter', text: () => 'Second past-due letter mailed.' },
  { type: 'Promise to Pay', text: ({ contact, balance }) => `${contact} promised payment of ${money(balance)}.` },
  { type: 'Dispute', text: () => 'Customer disputes the freight charge; sent proof of delivery.' },
  { type: 'Dispute', text: () => 'Short shipment claimed; checking with the warehouse.' },
];

/**
 * The credit desk's notes on past-due open invoices (more the older they are), and now and
 * then on the account as a whole; note numbers run per customer.
 */
async function generateCollectionNotes(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'collection-notes');
  const desk = staff(rng, 2);
  const { rows: contactRows } = await client.query<{ company: string; customer: string; contact_name: string }>(
    'SELECT company, customer, contact_name FROM erp.contact ORDER BY company, contact',
  );
  const contacts = new Map<string, string[]>();
  for (const c of contactRows) {
    const key = `${c.company}:${c.customer}`;
    contacts.set(key, [...(contacts.get(key) ?? []), c.contact_name]);
  }
  const numbers = new Map<string, number>();
  const rows = inKeyOrder<{ company: string; customer: string; invoice_number: string; due_date: string; balance: string }>(
    client,
    `SELECT company, customer, invoice_number, due_date::text AS due_date, balance FROM erp.ar_open WHERE due_date < $1::date AND balance > 0`,
    ['company', 'invoice_number'],
    [iso(today)],
  );
  for await (const o of rows) {
    const due = dayOf(o.due_date);
    const late = today - due;
    if (!rng.chance(late > 30 ? 0.75 : 0.35)) continue;
    const key = `${o.company}:${o.customer}`;
    const names = contacts.get(key) ?? ['Accounts Payable'];
    const count = Math.min(4, 1 + rng.geometric(late > 60 ? 1.5 : 0.5));
    const days = Array.from({ length: count }, () => due + rng.int(1, Math.max(1, late))).sort((a, b) => a - b);
    const account = !numbers.has(key) && rng.chance(0.15);
    for (const [n, day] of days.entries()) {
      const note = rng.pick(COLLECTION_NOTES);
      const balance = Number(o.balance);
      const number = (numbers.get(key) ?? 0) + 1;
      numbers.set(key, number);
      const promise = note.type === 'Promise to Pay';
      const onAccount = account && n === 0;
      await put(t.ar_collection_note, [
        o.company, o.customer, number, onAccount ? null : o.invoice_number, iso(day), note.type, rng.pick(names), rng.pick(desk),
        onAccount ? 'Account placed on credit hold until the past-due balance is paid.' : note.text({ contact: rng.pick(names), balance, days: rng.int(2, 10), rng }),
        promise ? iso(addBusinessDays(day, rng.int(2, 10))) : null, promise ? balance : null,
      ]);
    }
  }
}

// ------------------------------------------------------------------------------------ account notes
const CUSTOMER_NOTES: readonly NoteText[] = [
  { type: 'General', text: () => 'Plant runs two shifts; purchasing is in before 7 am.' },
  { type: 'General', text: () => 'New maintenance manager started; introduce the service department.' },
  { type: 'Credit', text: (rng) => `Credit limit review: raised to ${money(rng.int(2, 30) * 5000)}.` },
  { type: 'Credit', text: () => 'Requires a PO number on every invoice or they short-pay.' },
  { type: 'Shipping', text: () => 'Receiving closes at 2:30 pm; no deliveries on Fridays.' },
  { type: 'Shipping', text: () => 'Liftgate required, no dock at this site.' },
  { type: 'Pricing', text: (rng) => `Annual pricing agreement renewed, ${rng.int(2, 6)}% increase on fasteners.` },
  { type: 'Pricing', text: () => 'Competitor is quoting bearings aggressively; check before quoting.' },
  { type: 'Sales Call', text: () => 'Walked the plant floor; opportunity for a vending program.' },
  { type: 'Sales Call', text: () => 'Reviewed the quarterly usage report with the buyer.' },
  { type: 'Sales Call', text: () => 'Left samples of the new safety gloves.' },
];

const SUPPLIER_NOTES: readonly NoteText[] = [
  { type: 'General', text: () => 'New inside sales contact assigned to our account.' },
  { type: 'Pricing', text: (rng) => `Price increase of ${rng.int(2, 8)}% effective next month.` },
  { type: 'Pricing', text: () => 'Volume rebate tier reached for the year.' },
  { type: 'Quality', text: () => 'Two defective lots returned this quarter; corrective action requested.' },
  { type: 'Quality', text: () => 'Passed our annual supplier audit.' },
  { type: 'Freight', text: (rng) => `Free freight on orders over ${money(rng.int(10, 40) * 100)}.` },
  { type: 'Freight', text: () => 'Switching carriers; expect a day longer in transit.' },
];

/** Customers' and suppliers' note pads: reps write on their accounts, buyers on their suppliers. */
async function generateAccountNotes(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'account-notes');
  const todayYear = new Date(today * DAY_MS).getUTCFullYear();
  const firstDay = Math.round(Date.UTC(todayYear - 2, 0, 1) / DAY_MS);
  const office = staff(rng, 3);
  const customers = inKeyOrder<{ company: string; customer: string; created_date: string; sales_rep: string }>(
    client,
    'SELECT company, customer, created_date::text AS created_date, sales_rep FROM erp.customer WHERE true',
    ['company', 'customer'],
  );
  for await (const c of customers) {
    if (!rng.chance(0.55)) continue;
    const from = Math.max(firstDay, dayOf(c.created_date));
    await notes(t.customer_note, [c.company, c.customer], rng, CUSTOMER_NOTES, from, today,
      (type) => (type === 'Credit' || rng.chance(0.4) ? rng.pick(office) : REP_NAMES.get(c.sales_rep) ?? c.sales_rep), 1.2, 6);
  }
  const buyers = staff(rng, 3);
  const { rows: suppliers } = await client.query<{ company: string; supplier: string }>('SELECT company, supplier FROM erp.supplier ORDER BY company, supplier');
  for (const v of suppliers) {
    if (!rng.chance(0.8)) continue;
    await notes(t.supplier_note, [v.company, v.supplier], rng, SUPPLIER_NOTES, firstDay, today, () => rng.pick(buyers), 1.5, 6);
  }
}
