/**
 * The deterministic demo ERP: one believable industrial distributor ("Northwind"), its master
 * data and three fiscal years of transactions up to `today`, bulk-loaded into the `erp` schema.
 *
 * Everything random comes from seeded streams (./prng.ts), so the same options give the same
 * rows on every run and on PGlite and PostgreSQL alike. Transactions are generated day by day
 * and streamed to the database in batches, so memory stays bounded at large scales.
 */
import { DEMO_CRM_TABLES, generateCrmData } from './generate-crm.ts';
import type pg from 'pg';
import { BatchWriter, withoutSecondaryIndexes, type Cell, type Column, type TableBuffer } from './batch-writer.ts';
import { Rng, WeightedPicker } from './prng.ts';
import { vacuumAnalyzeRollups, refreshRollups } from '../../analytics/rollups.ts';
import { generateServiceData, SERVICE_ERP_TABLES, SERVICE_TABLES } from './generate-service.ts';
import { generateNotesData, NOTES_ERP_TABLES, NOTES_TABLES } from './generate-notes.ts';
import { ADJUSTMENT_ERP_TABLES, ADJUSTMENT_TABLES, generateAdjustmentData } from './generate-adjustments.ts';
import { ACCOUNT_ERP_TABLES, ACCOUNT_TABLES, generateAccountData, territoryOf } from './generate-accounts.ts';
import { extendedDescription, generateItemData, ITEM_ERP_TABLES, ITEM_TABLES, shortCode } from './generate-items.ts';
import {
  ACCOUNT_CLASS, ANNUAL_GROWTH, BRANCHES, COMPANIES, CORPORATE_WORDS, CUSTOMER_WORDS, FIRST_NAMES, LAST_NAMES,
  LOCATIONS, PRODUCT_GROUPS, PROSPECT_SOURCES, SALES_REPS, SEASONALITY, STREETS, STREET_TYPES, SUPPLIER_WORDS, TITLES,
  type Place,
} from './reference.ts';

export type GenerateErpOptions = {
  /** Multiplies customers and volume: 1 ≈ 250,000 invoice lines, 40 ≈ 10 million. Default 1. */
  scale?: number;
  /** The last day of data (its local calendar date). Default: now. */
  today?: Date;
  /** PRNG seed. Default 20240601. */
  seed?: number;
  onProgress?: (message: string) => void;
};

export type GenerateErpResult = {
  loadId: number;
  invoiceLines: number;
  invoices: number;
  /** First and last invoice dates, yyyy-mm-dd. */
  dataFrom: string;
  dataThrough: string;
  elapsedMs: number;
  /** Rows written per erp table. */
  rows: Record<string, number>;
};

export const DEFAULT_SEED = 20240601;
/** Invoice lines at scale 1. */
export const LINES_PER_SCALE = 250_000;

/** Every table this generator fills, in load order. */
export const ERP_TABLES = [
  'company', 'branch', 'location', 'sales_rep', 'territory', 'corporate', 'customer', 'ship_to', 'prospect', 'contact',
  'supplier', 'product_group', 'item', 'inventory', 'invoice_header', 'invoice_line', 'order_header', 'order_line',
  'quote_header', 'quote_line', 'booking', 'purchase_order_header', 'purchase_order_line', 'ar_open', 'ap_open', ...SERVICE_ERP_TABLES,
  ...NOTES_ERP_TABLES, ...ADJUSTMENT_ERP_TABLES, ...ACCOUNT_ERP_TABLES, ...ITEM_ERP_TABLES,
] as const;

// ------------------------------------------------------------------------------------ dates
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a date's local calendar day. */
function localDay(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

const dayStrings = new Map<number, string>();
function iso(day: number): string {
  let s = dayStrings.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayStrings.set(day, s);
  }
  return s;
}

/** 0 = Sunday … 6 = Saturday. */
const weekday = (day: number) => (day + 4) % 7;

function isHoliday(day: number): boolean {
  const d = new Date(day * DAY_MS);
  const m = d.getUTCMonth();
  const dd = d.getUTCDate();
  if ((m === 0 && dd === 1) || (m === 6 && dd === 4) || (m === 11 && dd === 25)) return true;
  // Thanksgiving: the fourth Thursday of November.
  return m === 10 && weekday(day) === 4 && dd >= 22 && dd <= 28;
}

const businessCache = new Map<number, boolean>();
function isBusinessDay(day: number): boolean {
  let b = businessCache.get(day);
  if (b === undefined) {
    const w = weekday(day);
    b = w !== 0 && w !== 6 && !isHoliday(day);
    businessCache.set(day, b);
  }
  return b;
}

function nextBusinessDay(day: number): number {
  while (!isBusinessDay(day)) day++;
  return day;
}

function prevBusinessDay(day: number): number {
  while (!isBusinessDay(day)) day--;
  return day;
}

const monthOf = (day: number) => new Date(day * DAY_MS).getUTCMonth();

// ------------------------------------------------------------------------------------ helpers
const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function phone(rng: Rng, area: string): string {
  return `${area}-${rng.int(200, 989)}-${pad(rng.int(0, 9999), 4)}`;
}

function street(rng: Rng): string {
  return `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`;
}

/** Price level P1 (best) … P5 (list-ish) from the customer's discount. */
function priceLevel(factor: number): number {
  return factor < 0.76 ? 0 : factor < 0.8 ? 1 : factor < 0.85 ? 2 : factor < 0.89 ? 3 : 4;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

// ------------------------------------------------------------------------------------ model
type Item = {
  index: number;
  code: string;
  group: number;
  supplier: number;
  cost: number;
  list: number;
  stockable: boolean;
  medianQty: number;
};

type Customer = {
  index: number;
  company: string;
  code: string;
  branch: string;
  location: string;
  locationIndex: number;
  rep: string;
  shipTos: string[];
  created: number;
  ends: number;
  priceFactor: number;
  termsDays: number;
  taxRate: number;
  big: boolean;
  favorites: number[];
};

type Line = { item: Item; qty: number; price: number; unitCost: number };
/** A line's commission cost (the cost the cost bases' default, Commission, uses): its cost plus 2%. */
const commissionCostOf = (l: Line) => r2(r2(l.qty * l.unitCost) * 1.02);

type Order = {
  number: string;
  customer: Customer;
  shipTo: string;
  location: string;
  locationIndex: number;
  orderDay: number;
  shipDay: number;
  customerPo: string | null;
  lines: Line[];
};

const FLUID_GROUPS = new Set(['HYD', 'PNU', 'HOS', 'VLV', 'PIP', 'PMP']);

// ------------------------------------------------------------------------------------ tables
const T = (name: string, columns: Column[]) => ({ name: `erp.${name}`, columns });
/** Every generated table's columns in insert order (erp-load's file layouts are built from them). */
export const TABLES = {
  company: T('company', [['company', 'text'], ['company_name', 'text']]),
  branch: T('branch', [['company', 'text'], ['branch', 'text'], ['branch_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text']]),
  location: T('location', [['company', 'text'], ['location', 'text'], ['location_name', 'text'], ['branch', 'text'], ['city', 'text'], ['state', 'text']]),
  sales_rep: T('sales_rep', [['company', 'text'], ['sales_rep', 'text'], ['name', 'text'], ['email', 'text'], ['branch', 'text'], ['manager_sales_rep', 'text'], ['is_manager', 'bool']]),
  corporate: T('corporate', [['company', 'text'], ['corporate', 'text'], ['corporate_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text'], ['sales_rep', 'text']]),
  territory: T('territory', [['company', 'text'], ['territory', 'text'], ['territory_name', 'text']]),
  customer: T('customer', [['company', 'text'], ['customer', 'text'], ['customer_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text'], ['branch', 'text'], ['sales_rep', 'text'], ['corporate', 'text'], ['account_class1', 'text'], ['account_class2', 'text'], ['account_class3', 'text'], ['account_class4', 'text'], ['account_class5', 'text'], ['credit_limit', 'numeric'], ['terms', 'text'], ['latitude', 'float8'], ['longitude', 'float8'], ['created_date', 'date'], ['is_active', 'bool'], ['territory', 'text']]),
  ship_to: T('ship_to', [['company', 'text'], ['ship_to', 'text'], ['customer', 'text'], ['ship_to_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text'], ['branch', 'text'], ['sales_rep', 'text'], ['created_date', 'date'], ['territory', 'text'], ['latitude', 'float8'], ['longitude', 'float8']]),
  prospect: T('prospect', [['company', 'text'], ['prospect', 'text'], ['prospect_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text'], ['branch', 'text'], ['sales_rep', 'text'], ['account_class1', 'text'], ['source', 'text'], ['created_date', 'date'], ['territory', 'text']]),
  contact: T('contact', [['company', 'text'], ['contact', 'text'], ['contact_name', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['title', 'text'], ['customer', 'text'], ['email', 'text'], ['phone', 'text'], ['phys_address1', 'text'], ['phys_city', 'text'], ['phys_state', 'text'], ['phys_postal_code', 'text'], ['ship_to', 'text'], ['supplier', 'text'], ['is_restricted', 'bool']]),
  supplier: T('supplier', [['company', 'text'], ['supplier', 'text'], ['supplier_name', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'], ['postal_code', 'text'], ['phone', 'text'], ['terms', 'text'], ['lead_days', 'int']]),
  product_group: T('product_group', [['company', 'text'], ['product_group', 'text'], ['product_group_name', 'text']]),
  item: T('item', [['company', 'text'], ['item_number', 'text'], ['description', 'text'], ['product_group', 'text'], ['supplier', 'text'], ['supplier_part_number', 'text'], ['unit_of_measure', 'text'], ['unit_cost', 'numeric'], ['list_price', 'numeric'], ['stockable', 'bool'], ['created_date', 'date'], ['extended_description', 'text'], ['short_code', 'text']]),
  inventory: T('inventory', [['company', 'text'], ['item_number', 'text'], ['location', 'text'], ['qty_on_hand', 'int'], ['qty_on_order', 'int'], ['qty_committed', 'int'], ['qty_available', 'int'], ['reorder_point', 'int'], ['unit_cost', 'numeric'], ['last_sold_date', 'date'], ['last_received_date', 'date']]),
  invoice_header: T('invoice_header', [['company', 'text'], ['invoice_number', 'text'], ['invoice_type', 'text'], ['invoice_date', 'date'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['location', 'text'], ['order_number', 'text'], ['order_date', 'date'], ['ship_date', 'date'], ['customer_po', 'text'], ['terms', 'text'], ['line_count', 'int'], ['sales', 'numeric'], ['cost', 'numeric'], ['freight', 'numeric'], ['tax', 'numeric'], ['commission_cost', 'numeric'], ['paid_date', 'date']]),
  invoice_line: T('invoice_line', [['company', 'text'], ['invoice_number', 'text'], ['invoice_line_number', 'int'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['invoice_date', 'date'], ['item_number', 'text'], ['product_group', 'text'], ['qty', 'int'], ['unit_price', 'numeric'], ['sales', 'numeric'], ['cost', 'numeric'], ['commission_cost', 'numeric'], ['freight', 'numeric']]),
  order_header: T('order_header', [['company', 'text'], ['order_number', 'text'], ['order_date', 'date'], ['requested_date', 'date'], ['promise_date', 'date'], ['ship_date', 'date'], ['status', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['location', 'text'], ['customer_po', 'text'], ['quote_number', 'text'], ['line_count', 'int'], ['order_total', 'numeric'], ['open_total', 'numeric']]),
  order_line: T('order_line', [['company', 'text'], ['order_number', 'text'], ['order_line_number', 'int'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['location', 'text'], ['order_date', 'date'], ['requested_date', 'date'], ['promise_date', 'date'], ['ship_date', 'date'], ['status', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['qty_ordered', 'int'], ['qty_shipped', 'int'], ['qty_open', 'int'], ['unit_price', 'numeric'], ['unit_cost', 'numeric'], ['sales', 'numeric'], ['cost', 'numeric'], ['open_sales', 'numeric'], ['commission_cost', 'numeric']]),
  quote_header: T('quote_header', [['company', 'text'], ['quote_number', 'text'], ['quote_date', 'date'], ['expiration_date', 'date'], ['status', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['order_number', 'text'], ['line_count', 'int'], ['quote_total', 'numeric']]),
  quote_line: T('quote_line', [['company', 'text'], ['quote_number', 'text'], ['quote_line_number', 'int'], ['customer', 'text'], ['sales_rep', 'text'], ['quote_date', 'date'], ['expiration_date', 'date'], ['status', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['qty', 'int'], ['unit_price', 'numeric'], ['unit_cost', 'numeric'], ['sales', 'numeric'], ['cost', 'numeric'], ['commission_cost', 'numeric']]),
  purchase_order_header: T('purchase_order_header', [['company', 'text'], ['po_number', 'text'], ['supplier', 'text'], ['location', 'text'], ['branch', 'text'], ['order_date', 'date'], ['due_date', 'date'], ['received_date', 'date'], ['status', 'text'], ['buyer', 'text'], ['line_count', 'int'], ['po_total', 'numeric'], ['open_total', 'numeric']]),
  purchase_order_line: T('purchase_order_line', [['company', 'text'], ['po_number', 'text'], ['po_line_number', 'int'], ['supplier', 'text'], ['location', 'text'], ['order_date', 'date'], ['due_date', 'date'], ['received_date', 'date'], ['item_number', 'text'], ['product_group', 'text'], ['qty_ordered', 'int'], ['qty_received', 'int'], ['qty_open', 'int'], ['unit_cost', 'numeric'], ['cost', 'numeric'], ['open_cost', 'numeric']]),
  ar_open: T('ar_open', [['company', 'text'], ['invoice_number', 'text'], ['customer', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['invoice_date', 'date'], ['due_date', 'date'], ['original_amount', 'numeric'], ['balance', 'numeric']]),
  ap_open: T('ap_open', [['company', 'text'], ['voucher', 'text'], ['supplier', 'text'], ['supplier_invoice', 'text'], ['po_number', 'text'], ['invoice_date', 'date'], ['due_date', 'date'], ['original_amount', 'numeric'], ['balance', 'numeric']]),
  ...SERVICE_TABLES,
  ...NOTES_TABLES,
  ...ADJUSTMENT_TABLES,
  ...ACCOUNT_TABLES,
  ...ITEM_TABLES,
};

type Tables = { [K in keyof typeof TABLES]: TableBuffer };

/** Days a supplier's receipts run after (or before) the plain spread of −3 to 8 days around the due date, by supplier. */
const SUPPLIER_SLIP_DAYS = [-2, 0, 3, -1, 6, 1, -3, 2, 0, 4];

/** Adds a row, waiting only when a batch had to go to the database. */
async function put(table: TableBuffer, row: Cell[]): Promise<void> {
  const pending = table.add(row);
  if (pending) await pending;
}

// ------------------------------------------------------------------------------------ main
export async function generateErpData(db: pg.Pool, options: GenerateErpOptions = {}): Promise<GenerateErpResult> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`scale must be positive, got ${scale}`);
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;
  const today = localDay(options.today ?? new Date());
  const progress = options.onProgress ?? (() => undefined);

  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${ERP_TABLES.map((t) => `erp.${t}`).join(', ')}`);
    // Secondary indexes are rebuilt after the load: much cheaper than maintaining them per row.
    const indexes = await withoutSecondaryIndexes(client, ERP_TABLES);

    const writer = new BatchWriter(client);
    const tables = Object.fromEntries(
      Object.entries(TABLES).map(([key, t]) => [key, writer.define(t.name, t.columns)]),
    ) as Tables;

    const stats = await generate(tables, { scale, seed, today, progress });
    await writer.flush();
    await generateServiceData(client, writer, tables, { scale, seed, today });
    await generateNotesData(client, writer, tables, { scale, seed, today });
    await generateAdjustmentData(client, writer, tables, { scale, seed, today });
    await generateAccountData(client, writer, tables, { seed, today });
    await generateItemData(client, writer, tables, { seed });
    await writer.flush();
    await generateCrmData(client, { seed, today: iso(today) });
    progress(`Generated ${stats.invoiceLines.toLocaleString('en-US')} invoice lines; deriving bookings`);

    // One booking event per order line, at its entry date.
    await client.query(`
      INSERT INTO erp.booking (company, booking_id, order_number, order_line_number, booking_type, booking_date,
                               order_line_date, customer, ship_to, sales_rep, branch, item_number, product_group, qty, sales, cost, commission_cost)
      SELECT company, substr(order_number, 3)::bigint * 1000 + order_line_number, order_number, order_line_number, 'New',
             order_date, order_date, customer, ship_to, sales_rep, branch, item_number, product_group, qty_ordered, sales, cost, commission_cost
        FROM erp.order_line`);

    progress(`Building ${indexes.count} indexes`);
    await indexes.rebuild();

    const counts: Record<string, number> = {};
    for (const table of ERP_TABLES) counts[table] = writer.counts[`erp.${table}`] ?? 0;
    counts.booking = Number((await client.query('SELECT count(*) AS n FROM erp.booking')).rows[0].n);

    const elapsedMs = Math.round(performance.now() - started);
    const { rows: load } = await client.query<{ load_id: number }>(
      `INSERT INTO erp.data_load (source, scale, seed, data_through, invoice_lines, duration_ms)
       VALUES ('demo', $1, $2, $3, $4, $5) RETURNING load_id`,
      [scale, seed, iso(today), counts.invoice_line, elapsedMs],
    );
    progress('Refreshing the analytics rollups');
    await refreshRollups(client);
    await client.query('COMMIT');

    progress('Analyzing');
    // A vacuum too: it marks the new pages all-visible, so counts can read an index alone.
    for (const table of ERP_TABLES) await client.query(`VACUUM ANALYZE erp.${table}`);
    for (const table of DEMO_CRM_TABLES) await client.query(`VACUUM ANALYZE crm.${table}`);
    await vacuumAnalyzeRollups(client);
    return {
      loadId: load[0].load_id,
      invoiceLines: counts.invoice_line,
      invoices: counts.invoice_header,
      dataFrom: iso(stats.firstDay),
      dataThrough: iso(today),
      elapsedMs: Math.round(performance.now() - started),
      rows: counts,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

type Settings = { scale: number; seed: number; today: number; progress: (message: string) => void };

async function generate(t: Tables, s: Settings): Promise<{ invoiceLines: number; firstDay: number }> {
  const { scale, seed, today, progress } = s;
  const todayYear = new Date(today * DAY_MS).getUTCFullYear();
  /** Three fiscal (calendar) years: two full years and the current one to date. */
  const firstDay = Math.round(Date.UTC(todayYear - 2, 0, 1) / DAY_MS);

  // ---------------------------------------------------------------- organization
  for (const c of COMPANIES) await put(t.company, [c.company, c.name]);
  for (const b of BRANCHES) {
    const rng = Rng.stream(seed, `branch:${b.branch}`);
    await put(t.branch, [b.company, b.branch, `${b.name}`, b.address1, b.home.city, b.home.state, `${b.home.zip}${pad(rng.int(1, 99), 2)}`, phone(rng, b.home.area)]);
  }
  for (const l of LOCATIONS) await put(t.location, [l.company, l.location, l.name, l.branch, l.city, l.state]);
  for (const b of BRANCHES) {
    for (const town of b.towns) {
      const territory = territoryOf(b, town);
      await put(t.territory, [b.company, territory.code, territory.name]);
    }
  }
  // Reps sell for both companies, as in many ERPs that keep the rep table per company.
  for (const c of COMPANIES) {
    for (const r of SALES_REPS) await put(t.sales_rep, [c.company, r.code, r.name, r.email, r.branch, r.manager, r.manager === null]);
  }
  const locationIndex = new Map(LOCATIONS.map((l, i) => [`${l.company}:${l.location}`, i]));

  // ---------------------------------------------------------------- suppliers, catalogue
  const supplierRng = Rng.stream(seed, 'suppliers');
  const allTowns: Place[] = BRANCHES.flatMap((b) => b.towns);
  type Supplier = { code: string; name: string; leadDays: number; terms: string; termsDays: number; items: number[] };
  const suppliers: Supplier[] = [];
  PRODUCT_GROUPS.forEach((g, gi) => {
    for (let k = 0; k < 2; k++) {
      const word = SUPPLIER_WORDS.first[(gi * 2 + k) % SUPPLIER_WORDS.first.length];
      const termsDays = supplierRng.pick([30, 30, 45, 60]);
      suppliers.push({
        code: `V${pad(1001 + suppliers.length, 4)}`,
        name: `${word} ${g.name.split(' ')[0]} ${supplierRng.pick(['Supply', 'Corp', 'Co', 'Industries', 'Manufacturing'])}`,
        leadDays: supplierRng.int(4, 21),
        terms: `Net ${termsDays}`,
        termsDays,
        items: [],
      });
    }
  });
  for (const c of COMPANIES) {
    const rng = Rng.stream(seed, `supplier-rows:${c.company}`);
    for (const v of suppliers) {
      const town = rng.pick(allTowns);
      await put(t.supplier, [c.company, v.code, v.name, street(rng), town.city, town.state, `${town.zip}${pad(rng.int(1, 99), 2)}`, phone(rng, town.area), v.terms, v.leadDays]);
    }
    for (const g of PRODUCT_GROUPS) await put(t.product_group, [c.company, g.code, g.name]);
  }

  const itemRng = Rng.stream(seed, 'items');
  const itemCount = Math.round(Math.min(30_000, Math.max(200, 3000 * Math.sqrt(scale))));
  const groupWeight = PRODUCT_GROUPS.reduce((a, g) => a + g.weight, 0);
  const items: Item[] = [];
  const itemsByGroup: number[][] = PRODUCT_GROUPS.map(() => []);
  PRODUCT_GROUPS.forEach((g, gi) => {
    const n = Math.max(2, Math.round((itemCount * g.weight) / groupWeight));
    for (let k = 0; k < n; k++) {
      const cost = r4(Math.max(0.05, itemRng.logNormal(g.cost, 0.6)));
      const item: Item = {
        index: items.length,
        code: `${g.code}-${pad(10000 + items.length, 5)}`,
        group: gi,
        supplier: gi * 2 + (itemRng.chance(0.7) ? 0 : 1),
        cost,
        list: r2(Math.max(cost * 1.3, cost * (1.45 + itemRng.next() * 0.5))),
        stockable: itemRng.chance(0.75),
        medianQty: Math.min(400, Math.max(1, 50 / Math.sqrt(cost))),
      };
      itemsByGroup[gi].push(item.index);
      suppliers[item.supplier].items.push(item.index);
      items.push(item);
    }
  });
  // Popularity: a long tail, rank-based, independent of group.
  const ranks = itemRng.shuffle(items.map((_, i) => i));
  const popularity = items.map((_, i) => 1 / (ranks[i] + 10));
  const companyItemWeights = (company: string) =>
    items.map((it, i) => popularity[i] * (company === '02' ? (FLUID_GROUPS.has(PRODUCT_GROUPS[it.group].code) ? 5 : 0.4) : 1));
  const itemPickers = new Map<string, { all: WeightedPicker; byGroup: WeightedPicker[] }>();
  for (const c of COMPANIES) {
    const w = companyItemWeights(c.company);
    itemPickers.set(c.company, {
      all: new WeightedPicker(w),
      byGroup: itemsByGroup.map((list) => new WeightedPicker(list.map((i) => w[i]))),
    });
  }
  for (const c of COMPANIES) {
    const rng = Rng.stream(seed, `item-rows:${c.company}`);
    // A stream of its own for the fields added later (extended description), so the rows stay as they were.
    const extraRng = Rng.stream(seed, `item-extras:${c.company}`);
    for (const it of items) {
      const g = PRODUCT_GROUPS[it.group];
      const description = `${rng.pick(g.nouns)} ${rng.pick(g.attrs)} ${rng.pick(g.sizes)}`;
      const uom = g.code === 'HOS' && description.includes('Hose') ? 'FT' : g.code === 'JAN' || g.code === 'LUB' ? rng.pick(['EA', 'CS', 'GAL']) : 'EA';
      const supplier = suppliers[it.supplier];
      const extended = extendedDescription(extraRng, { description, groupName: g.name, supplierName: supplier.name, uom });
      await put(t.item, [c.company, it.code, description, g.code, supplier.code, `${supplier.code.slice(1)}-${rng.int(10000, 99999)}`, uom, it.cost, it.list, it.stockable,
        iso(firstDay - rng.int(100, 4000)), extended, shortCode(g.code, it.index)]);
    }
  }
  progress(`Catalogue: ${items.length} items, ${suppliers.length} suppliers, ${PRODUCT_GROUPS.length} product groups`);

  // ---------------------------------------------------------------- customers
  const customerRng = Rng.stream(seed, 'customers');
  // Streams of their own for what was added later, so the rows above stay as they were.
  const placeRng = Rng.stream(seed, 'ship-to-places');
  const contactTermsRng = Rng.stream(seed, 'contact-terms');
  const customerTotal = Math.max(24, Math.round(2400 * scale));
  const span = today - firstDay;
  const customers: Customer[] = [];
  const weights: number[] = [];
  let customerSeq = 0;
  let contactSeq = 0;
  for (const company of COMPANIES) {
    const count = company.company === '01' ? Math.round(customerTotal * company.share) : customerTotal - customers.length;
    const branches = BRANCHES.filter((b) => b.company === company.company);
    const branchShare = company.company === '01' ? [0.3, 0.18, 0.17, 0.2, 0.15] : [1];
    const branchPicker = new WeightedPicker(branchShare);
    const repsByBranch = new Map<string, { reps: string[]; picker: WeightedPicker }>();
    for (const b of branches) {
      let reps = SALES_REPS.filter((r) => r.branch === b.branch);
      if (company.company === '02') reps = [...reps, ...SALES_REPS.filter((r) => r.code === 'SR01' || r.code === 'SR02')];
      repsByBranch.set(b.branch, { reps: reps.map((r) => r.code), picker: new WeightedPicker(reps.map((r) => (r.manager === null ? r.weight * 0.3 : r.code === 'SR01' || r.code === 'SR02' ? (company.company === '02' ? 0.35 : r.weight) : r.weight))) });
    }
    // Corporate accounts of this company.
    const corporateCount = Math.max(1, Math.round(50 * scale * company.share));
    const corporates: string[] = [];
    for (let k = 0; k < corporateCount; k++) {
      const code = `CP${company.company}${pad(k + 1, 4)}`;
      corporates.push(code);
      const b = branches[branchPicker.pick(customerRng)];
      const town = customerRng.pick(b.towns);
      const rep = repsByBranch.get(b.branch)!;
      await put(t.corporate, [company.company, code, `${customerRng.pick(CUSTOMER_WORDS.lead)} ${customerRng.pick(CORPORATE_WORDS)}`, street(customerRng), town.city, town.state, `${town.zip}${pad(customerRng.int(1, 99), 2)}`, phone(customerRng, town.area), rep.reps[rep.picker.pick(customerRng)]]);
    }
    const rankOrder = customerRng.shuffle(Array.from({ length: count }, (_, i) => i));
    const bigCut = Math.max(3, Math.round(count * 0.05));
    for (let k = 0; k < count; k++) {
      const rank = rankOrder[k];
      const big = rank < bigCut;
      let b = branches[branchPicker.pick(customerRng)];
      let rep: string;
      // The demo reps own the biggest accounts of company 01: Rick the 1st and 3rd, Rita the 2nd and 4th.
      if (company.company === '01' && rank < 4) {
        rep = rank % 2 === 0 ? 'SR01' : 'SR02';
        b = branches.find((x) => x.branch === (rep === 'SR01' ? 'CHI' : 'MKE'))!;
      } else {
        const reps = repsByBranch.get(b.branch)!;
        rep = reps.reps[reps.picker.pick(customerRng)];
      }
      const town = customerRng.pick(b.towns);
      const code = `C${pad(++customerSeq, 6)}`;
      const lead = customerRng.pick(CUSTOMER_WORDS.lead);
      const core = customerRng.pick(CUSTOMER_WORDS.core);
      const suffix = customerRng.pick(CUSTOMER_WORDS.suffix);
      const name = `${lead} ${core}${suffix ? ` ${suffix}` : ''}`;
      const created = big || customerRng.chance(0.78) ? firstDay - customerRng.int(30, 15 * 365) : firstDay + customerRng.int(0, span - 14);
      const churned = !big && customerRng.chance(0.07) && created < today - 200;
      const ends = churned ? Math.max(created + 60, firstDay) + customerRng.int(60, Math.max(61, today - Math.max(created + 60, firstDay))) : Number.POSITIVE_INFINITY;
      const termsDays = customerRng.next() < 0.85 ? 30 : customerRng.pick([45, 60]);
      const weight = (1 / (rank + 8)) * customerRng.logNormal(1, 0.25);
      const location = company.company === '01' && customerRng.chance(0.12) ? 'DC1' : b.branch;
      const favorites = [0, 1, 2].map(() => {
        if (company.company === '02' && customerRng.chance(0.8)) {
          const fluid = PRODUCT_GROUPS.map((g, i) => (FLUID_GROUPS.has(g.code) ? i : -1)).filter((i) => i >= 0);
          return customerRng.pick(fluid);
        }
        return customerRng.int(0, PRODUCT_GROUPS.length - 1);
      });
      const customer: Customer = {
        index: customers.length, company: company.company, code, branch: b.branch, location,
        locationIndex: locationIndex.get(`${company.company}:${location}`)!, rep, shipTos: [], created, ends,
        priceFactor: big ? 0.72 + customerRng.next() * 0.08 : 0.8 + customerRng.next() * 0.12,
        termsDays, taxRate: customerRng.chance(0.25) ? 0.0625 : 0, big, favorites,
      };
      customers.push(customer);
      weights.push(weight);
      const classTier = rank < count * 0.05 ? 'A' : rank < count * 0.2 ? 'B' : rank < count * 0.5 ? 'C' : 'D';
      const typeIndex = new WeightedPicker(ACCOUNT_CLASS.typeWeights).pick(customerRng);
      const lat = town.lat + (customerRng.next() - 0.5) * 0.16;
      const lon = town.lon + (customerRng.next() - 0.5) * 0.16;
      const address = street(customerRng);
      const zip = `${town.zip}${pad(customerRng.int(1, 99), 2)}`;
      const corporate = customerRng.chance(big ? 0.5 : 0.08) ? customerRng.pick(corporates) : null;
      await put(t.customer, [
        company.company, code, name, address, town.city, town.state, zip, phone(customerRng, town.area), b.branch, rep, corporate,
        ACCOUNT_CLASS.type[typeIndex], classTier, customerRng.pick(ACCOUNT_CLASS.industry),
        b.name, ACCOUNT_CLASS.priceLevel[priceLevel(customer.priceFactor)],
        Math.round(((big ? 250_000 : 25_000) * customerRng.logNormal(1, 0.5)) / 1000) * 1000, `Net ${termsDays}`,
        Math.round(lat * 1e5) / 1e5, Math.round(lon * 1e5) / 1e5, iso(created), !churned || customerRng.chance(0.7), territoryOf(b, town).code,
      ]);
      // Ship-tos: the main site, and more for the big accounts.
      const shipToCount = big ? customerRng.int(3, 8) : customerRng.next() < 0.7 ? 1 : customerRng.next() < 0.67 ? 2 : 3;
      for (let n = 1; n <= shipToCount; n++) {
        const st = `${code}-${pad(n, 2)}`;
        customer.shipTos.push(st);
        const stTown = n === 1 ? town : customerRng.pick(b.towns);
        // The main site is the customer's own address; the others somewhere in their town.
        const [stLat, stLon] = n === 1 ? [lat, lon] : [stTown.lat + (placeRng.next() - 0.5) * 0.16, stTown.lon + (placeRng.next() - 0.5) * 0.16];
        await put(t.ship_to, [company.company, st, code, n === 1 ? name : `${name} - ${stTown.city}${n > 2 ? ` ${n - 1}` : ''}`,
          n === 1 ? address : street(customerRng), stTown.city, stTown.state, n === 1 ? zip : `${stTown.zip}${pad(customerRng.int(1, 99), 2)}`,
          phone(customerRng, stTown.area), b.branch, rep, iso(n === 1 ? created : created + customerRng.int(0, 900)),
          territoryOf(b, stTown).code, Math.round(stLat * 1e5) / 1e5, Math.round(stLon * 1e5) / 1e5]);
      }
      // Contacts.
      const contactCount = big ? customerRng.int(3, 8) : customerRng.next() < 0.4 ? 1 : customerRng.int(2, 3);
      const domain = `${slug(lead)}${slug(core).slice(0, 8)}.example`;
      for (let n = 0; n < contactCount; n++) {
        const first = customerRng.pick(FIRST_NAMES);
        const last = customerRng.pick(LAST_NAMES);
        // A contact at one of several sites works there; a few ask not to be contacted (restricted).
        const site = customer.shipTos.length > 1 && contactTermsRng.chance(0.3) ? contactTermsRng.pick(customer.shipTos) : null;
        await put(t.contact, [company.company, `CT${pad(++contactSeq, 7)}`, `${first} ${last}`, first, last, customerRng.pick(TITLES), code,
          `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`, phone(customerRng, town.area), address, town.city, town.state, zip,
          site, null, contactTermsRng.chance(0.04)]);
      }
    }
  }
  // Company 02 customers get exactly their company's share of volume.
  {
    let w1 = 0;
    let w2 = 0;
    customers.forEach((c, i) => (c.company === '01' ? (w1 += weights[i]) : (w2 += weights[i])));
    const factor = w2 > 0 ? (w1 * (COMPANIES[1].share / COMPANIES[0].share)) / w2 : 1;
    customers.forEach((c, i) => { if (c.company === '02') weights[i] *= factor; });
  }
  const customerPicker = new WeightedPicker(weights);

  // Prospects.
  const prospectCount = Math.max(5, Math.round(400 * scale));
  for (let k = 0; k < prospectCount; k++) {
    const company = customerRng.chance(0.85) ? '01' : '02';
    const b = customerRng.pick(BRANCHES.filter((x) => x.company === company));
    const reps = SALES_REPS.filter((r) => r.branch === b.branch && r.manager !== null);
    const town = customerRng.pick(b.towns);
    const suffix = customerRng.pick(CUSTOMER_WORDS.suffix);
    await put(t.prospect, [company, `P${pad(k + 1, 6)}`, `${customerRng.pick(CUSTOMER_WORDS.lead)} ${customerRng.pick(CUSTOMER_WORDS.core)}${suffix ? ` ${suffix}` : ''}`,
      street(customerRng), town.city, town.state, `${town.zip}${pad(customerRng.int(1, 99), 2)}`, phone(customerRng, town.area), b.branch,
      customerRng.pick(reps).code, ACCOUNT_CLASS.type[customerRng.int(0, ACCOUNT_CLASS.type.length - 1)], customerRng.pick(PROSPECT_SOURCES),
      iso(today - customerRng.int(1, 730)), territoryOf(b, town).code]);
  }
  progress(`Accounts: ${customers.length} customers, ${prospectCount} prospects, ${contactSeq} contacts`);

  // ---------------------------------------------------------------- transactions, day by day
  const rng = Rng.stream(seed, 'transactions');
  const nLoc = LOCATIONS.length;
  const lastSold = new Int32Array(items.length * nLoc);
  const sold90 = new Float64Array(items.length * nLoc);
  const lastReceived = new Int32Array(items.length * nLoc);
  const onOrder = new Int32Array(items.length * nLoc);
  const committed = new Int32Array(items.length * nLoc);

  const dayFactor = (day: number) => {
    const dow = weekday(day);
    return SEASONALITY[monthOf(day)] * ANNUAL_GROWTH ** ((day - firstDay) / 365.25) * (dow === 1 ? 1.06 : dow === 5 ? 0.88 : 1.02);
  };
  let factorSum = 0;
  for (let d = firstDay; d <= today; d++) if (isBusinessDay(d)) factorSum += dayFactor(d);
  const meanLines = 2.9;
  const linesPerFactor = (LINES_PER_SCALE * scale) / Math.max(1, factorSum);

  let orderSeq = 0;
  let invoiceSeq = 0;
  let quoteSeq = 0;
  let poSeq = 0;
  let voucherSeq = 0;
  let invoiceLines = 0;
  const queue = new Map<number, Order[]>();
  /** Recent invoice lines, for returns. */
  const recent: { customer: Customer; shipTo: string; line: Line; locationIndex: number }[] = [];
  let recentNext = 0;

  const pickCustomer = (day: number): Customer => {
    let c = customers[customerPicker.pick(rng)];
    for (let tries = 0; tries < 12 && !(c.created <= day && day < c.ends); tries++) c = customers[customerPicker.pick(rng)];
    return c;
  };
  const pickItem = (c: Customer): Item => {
    const pickers = itemPickers.get(c.company)!;
    if (rng.chance(0.5)) {
      const g = c.favorites[rng.int(0, 2)];
      return items[itemsByGroup[g][pickers.byGroup[g].pick(rng)]];
    }
    return items[pickers.all.pick(rng)];
  };
  const makeLines = (c: Customer, count: number): Line[] => {
    const lines: Line[] = [];
    for (let n = 0; n < count; n++) {
      const item = pickItem(c);
      let qty = Math.max(1, Math.round(rng.logNormal(item.medianQty * (c.big ? 1.5 : 1), 0.7)));
      if (item.cost < 2 && qty >= 10) qty = Math.round(qty / 10) * 10;
      const price = r4(item.list * c.priceFactor * (0.97 + rng.next() * 0.06));
      lines.push({ item, qty, price: price >= 1 ? r2(price) : price, unitCost: r4(item.cost * (0.98 + rng.next() * 0.04)) });
    }
    return lines;
  };
  const arOpenChance = (age: number) => (age < 30 ? 0.93 : age < 60 ? 0.3 : age < 90 ? 0.1 : age < 180 ? 0.035 : age < 365 ? 0.006 : 0);

  const emitQuote = async (c: Customer, shipTo: string, quoteDay: number, lines: Line[], status: string, orderNumber: string | null) => {
    const number = `Q${pad(++quoteSeq, 7)}`;
    const expiration = quoteDay + 30;
    let total = 0;
    for (let n = 0; n < lines.length; n++) {
      const l = lines[n];
      const sales = r2(l.qty * l.price);
      total += sales;
      await put(t.quote_line, [c.company, number, n + 1, c.code, c.rep, iso(quoteDay), iso(expiration), status, l.item.code, PRODUCT_GROUPS[l.item.group].code, l.qty, l.price, l.unitCost, sales, r2(l.qty * l.unitCost),
        commissionCostOf(l)]);
    }
    await put(t.quote_header, [c.company, number, iso(quoteDay), iso(expiration), status, c.code, shipTo, c.rep, c.branch, orderNumber, lines.length, r2(total)]);
    return number;
  };

  const emitOrder = async (o: Order, requestedDay: number, promiseDay: number) => {
    const c = o.customer;
    const open = o.shipDay > today;
    const status = open ? (o.shipDay - o.orderDay > 20 ? 'Backorder' : o.shipDay - today <= 2 ? 'Released' : 'Open') : 'Closed';
    let quoteNumber: string | null = null;
    if (rng.chance(0.1)) {
      const quoteDay = prevBusinessDay(o.orderDay - rng.int(2, 25));
      quoteNumber = await emitQuote(c, o.shipTo, quoteDay, o.lines, 'Converted', o.number);
    }
    let total = 0;
    let openTotal = 0;
    for (let n = 0; n < o.lines.length; n++) {
      const l = o.lines[n];
      const sales = r2(l.qty * l.price);
      total += sales;
      if (open) {
        openTotal += sales;
        committed[l.item.index * nLoc + o.locationIndex] += l.qty;
      }
      await put(t.order_line, [c.company, o.number, n + 1, c.code, o.shipTo, c.rep, c.branch, o.location, iso(o.orderDay), iso(requestedDay), iso(promiseDay),
        open ? null : iso(o.shipDay), status, l.item.code, PRODUCT_GROUPS[l.item.group].code, l.qty, open ? 0 : l.qty, open ? l.qty : 0,
        l.price, l.unitCost, sales, r2(l.qty * l.unitCost), open ? sales : 0, commissionCostOf(l)]);
    }
    await put(t.order_header, [c.company, o.number, iso(o.orderDay), iso(requestedDay), iso(promiseDay), open ? null : iso(o.shipDay), status, c.code, o.shipTo, c.rep, c.branch,
      o.location, o.customerPo, quoteNumber, o.lines.length, r2(total), r2(openTotal)]);
  };

  const emitInvoice = async (day: number, c: Customer, shipTo: string, locationIndex: number, order: Order | null, lines: Line[], credit: boolean) => {
    const number = String(1_000_000 + ++invoiceSeq);
    const location = LOCATIONS[locationIndex].location;
    const freight = !credit && rng.chance(0.25) ? r2(rng.logNormal(35, 0.6)) : 0;
    let sales = 0;
    let cost = 0;
    let commissionCost = 0;
    for (let n = 0; n < lines.length; n++) {
      const l = lines[n];
      const lineSales = r2(l.qty * l.price);
      const lineCost = r2(l.qty * l.unitCost);
      const lineCommissionCost = commissionCostOf(l);
      sales += lineSales;
      cost += lineCost;
      commissionCost += lineCommissionCost;
      await put(t.invoice_line, [c.company, number, n + 1, c.code, shipTo, c.rep, c.branch, iso(day), l.item.code, PRODUCT_GROUPS[l.item.group].code, l.qty, l.price,
        lineSales, lineCost, lineCommissionCost, n === 0 ? freight : 0]);
      if (!credit) {
        const slot = l.item.index * nLoc + locationIndex;
        lastSold[slot] = day;
        if (day > today - 90) sold90[slot] += l.qty;
        const entry = { customer: c, shipTo, line: l, locationIndex };
        if (recent.length < 4000) recent.push(entry);
        else recent[recentNext++ % recent.length] = entry;
      }
    }
    invoiceLines += lines.length;
    sales = r2(sales);
    const tax = r2(sales * c.taxRate);
    const age = today - day;
    const open = rng.chance(credit ? (age < 60 ? 0.3 : 0) : arOpenChance(age));
    // An invoice not left open was paid in full: around its due date (10 days early to 25 late,
    // from the invoice number, so no random draw shifts the rest of the data), and by today.
    const dueInDays = c.termsDays - 10 + ((invoiceSeq * 7919) % 36);
    const paidDay = credit || open ? null : day + (dueInDays <= age ? dueInDays : (invoiceSeq * 31) % (age + 1));
    await put(t.invoice_header, [c.company, number, credit ? 'CR' : 'IN', iso(day), c.code, shipTo, c.rep, c.branch, location, order?.number ?? null,
      order ? iso(order.orderDay) : null, iso(day), order?.customerPo ?? null, `Net ${c.termsDays}`, lines.length, sales, r2(cost), freight, tax,
      r2(commissionCost), paidDay === null ? null : iso(paidDay)]);
    if (open) {
      const amount = r2(sales + freight + tax);
      const balance = !credit && age >= 30 && rng.chance(0.2) ? r2(amount * (0.2 + rng.next() * 0.6)) : amount;
      await put(t.ar_open, [c.company, number, c.code, c.rep, c.branch, iso(day), iso(day + c.termsDays), amount, balance]);
    }
  };

  const emitPurchaseOrder = async (day: number, locIndex: number) => {
    const loc = LOCATIONS[locIndex];
    const pickers = itemPickers.get(loc.company)!;
    // The supplier of a popular item, then several of that supplier's stocked items.
    const supplierIndex = items[pickers.all.pick(rng)].supplier;
    const supplier = suppliers[supplierIndex];
    const candidates = supplier.items.filter((i) => items[i].stockable);
    const pool = candidates.length > 0 ? candidates : supplier.items;
    const number = `PO${pad(++poSeq, 6)}`;
    const due = nextBusinessDay(day + supplier.leadDays);
    // Each supplier keeps (or misses) its due dates in its own way (PurchaseOrder/OnTimePrediction learns it).
    const receivedDay = nextBusinessDay(due + rng.int(-3, 8) + SUPPLIER_SLIP_DAYS[supplierIndex % SUPPLIER_SLIP_DAYS.length]!);
    const received = receivedDay <= today;
    const partial = received && rng.chance(0.05);
    const lineCount = Math.min(pool.length, 2 + rng.geometric(6));
    let total = 0;
    let openTotal = 0;
    let receivedTotal = 0;
    for (let n = 0; n < lineCount; n++) {
      const item = items[rng.pick(pool)];
      const qty = Math.max(1, Math.round(rng.logNormal(item.medianQty * 6, 0.6)));
      const qtyReceived = received ? (partial && n === 0 ? Math.floor(qty * 0.6) : qty) : 0;
      const qtyOpen = qty - qtyReceived;
      const unitCost = r4(item.cost * (0.97 + rng.next() * 0.04));
      const cost = r2(qty * unitCost);
      const openCost = r2(qtyOpen * unitCost);
      total += cost;
      openTotal += openCost;
      receivedTotal += cost - openCost;
      const slot = item.index * nLoc + locIndex;
      onOrder[slot] += qtyOpen;
      if (received && receivedDay > lastReceived[slot]) lastReceived[slot] = receivedDay;
      await put(t.purchase_order_line, [loc.company, number, n + 1, supplier.code, loc.location, iso(day), iso(due), received ? iso(receivedDay) : null,
        item.code, PRODUCT_GROUPS[item.group].code, qty, qtyReceived, qtyOpen, unitCost, cost, openCost]);
    }
    const status = !received ? 'Open' : partial ? 'Partial' : 'Received';
    await put(t.purchase_order_header, [loc.company, number, supplier.code, loc.location, loc.branch, iso(day), iso(due), received ? iso(receivedDay) : null, status,
      `B${pad(1 + (locIndex % 4), 2)}`, lineCount, r2(total), r2(openTotal)]);
    const age = today - receivedDay;
    if (received && age < 120 && rng.chance(age < 30 ? 0.9 : age < 60 ? 0.4 : 0.08)) {
      const amount = r2(receivedTotal);
      await put(t.ap_open, [loc.company, `VO${pad(++voucherSeq, 7)}`, supplier.code, `${supplier.code.slice(1)}-${rng.int(100000, 999999)}`, number, iso(receivedDay),
        iso(receivedDay + supplier.termsDays), amount, rng.chance(0.1) ? r2(amount * 0.5) : amount]);
    }
  };

  const locationWeight = LOCATIONS.map((l) => (l.location === 'DC1' ? 2 : l.location === 'CHI' ? 1.2 : l.location === 'CLE' ? 0.7 : 0.8));
  const orderStart = firstDay - 75;
  let month = -1;
  for (let day = orderStart; day <= today; day++) {
    if (day >= firstDay && monthOf(day) !== month) {
      month = monthOf(day);
      if (day > firstDay) progress(`Invoices through ${iso(day - 1)}: ${invoiceLines.toLocaleString('en-US')} lines`);
    }
    if (isBusinessDay(day)) {
      // New orders.
      const orderCount = rng.round((linesPerFactor * dayFactor(day)) / meanLines);
      for (let k = 0; k < orderCount; k++) {
        const r = rng.next();
        const lag = r < 0.35 ? 0 : r < 0.65 ? 1 : r < 0.8 ? rng.int(2, 3) : r < 0.92 ? rng.int(4, 7) : r < 0.975 ? rng.int(8, 20) : rng.int(21, 60);
        const shipDay = nextBusinessDay(day + lag);
        const c = pickCustomer(day);
        const lines = makeLines(c, Math.min(25, 1 + rng.geometric(meanLines - 1)));
        const shipTo = c.shipTos.length === 1 || rng.chance(0.5) ? c.shipTos[0] : rng.pick(c.shipTos);
        const dc = c.company === '01' && c.location !== 'DC1' && rng.chance(0.06);
        const locIndex = dc ? locationIndex.get('01:DC1')! : c.locationIndex;
        if (shipDay < firstDay) continue;
        const order: Order = {
          number: `SO${pad(++orderSeq, 7)}`, customer: c, shipTo, location: LOCATIONS[locIndex].location, locationIndex: locIndex,
          orderDay: day, shipDay, customerPo: rng.chance(0.6) ? `PO-${rng.int(10000, 999999)}` : null, lines,
        };
        const requestedDay = nextBusinessDay(day + rng.int(0, 7));
        const promiseDay = rng.chance(0.88) ? Math.max(shipDay, requestedDay) + rng.int(0, 2) : Math.max(day, shipDay - rng.int(1, 7));
        await emitOrder(order, requestedDay, nextBusinessDay(promiseDay));
        if (shipDay <= today) {
          let list = queue.get(shipDay);
          if (!list) queue.set(shipDay, (list = []));
          list.push(order);
        }
      }
      // Quotes that did not (yet) become orders.
      const quoteCount = rng.round(orderCount * 0.12);
      for (let k = 0; k < quoteCount && day >= firstDay - 30; k++) {
        const c = pickCustomer(day);
        const status = day + 30 >= today ? 'Open' : rng.chance(0.55) ? 'Expired' : 'Lost';
        await emitQuote(c, c.shipTos[0], day, makeLines(c, 1 + rng.geometric(2)), status, null);
      }
    }
    // Shipments invoiced today, and returns.
    const shipping = queue.get(day);
    queue.delete(day);
    if (shipping && day >= firstDay) {
      let lines = 0;
      for (const o of shipping) {
        await emitInvoice(day, o.customer, o.shipTo, o.locationIndex, o, o.lines, false);
        lines += o.lines.length;
      }
      const credits = recent.length > 0 ? rng.round(lines * 0.031) : 0;
      for (let k = 0; k < credits; k++) {
        const first = recent[rng.int(0, recent.length - 1)];
        const returned: Line[] = [first, ...(rng.chance(0.3) ? [recent[rng.int(0, recent.length - 1)]] : [])]
          .filter((e) => e.customer === first.customer)
          .map((e) => ({ ...e.line, qty: -Math.max(1, Math.round(e.line.qty * (rng.chance(0.6) ? 1 : 0.3 + rng.next() * 0.6))) }));
        await emitInvoice(day, first.customer, first.shipTo, first.locationIndex, null, returned, true);
      }
    }
    // Weekly replenishment purchase orders, each Monday.
    if (weekday(day) === 1 && day >= firstDay - 35) {
      for (let li = 0; li < LOCATIONS.length; li++) {
        const count = rng.round(2.5 * scale * locationWeight[li] * ANNUAL_GROWTH ** ((day - firstDay) / 365.25));
        for (let k = 0; k < count; k++) await emitPurchaseOrder(day, li);
      }
    }
  }
  progress(`Invoices through ${iso(today)}: ${invoiceLines.toLocaleString('en-US')} lines`);

  // ---------------------------------------------------------------- inventory by location
  const invRng = Rng.stream(seed, 'inventory');
  for (let li = 0; li < LOCATIONS.length; li++) {
    const loc = LOCATIONS[li];
    for (const item of items) {
      const slot = item.index * nLoc + li;
      const fluid = FLUID_GROUPS.has(PRODUCT_GROUPS[item.group].code);
      const stockChance = loc.location === 'DC1' ? 0.9 : loc.company === '02' ? (fluid ? 0.8 : 0.15) : 0.5;
      const stocked = item.stockable && invRng.chance(stockChance);
      if (!stocked && lastSold[slot] === 0 && onOrder[slot] === 0 && lastReceived[slot] === 0) continue;
      const perDay = sold90[slot] / 90;
      const onHand = stocked ? Math.round(perDay * invRng.int(10, 120)) + (perDay === 0 ? invRng.int(0, 30) : 0) : 0;
      const commit = committed[slot];
      const lastSoldDay = lastSold[slot] > 0 ? lastSold[slot] : stocked && invRng.chance(0.5) ? firstDay - invRng.int(10, 900) : 0;
      const lastReceivedDay = lastReceived[slot] > 0 ? lastReceived[slot] : stocked ? firstDay - invRng.int(10, 900) : 0;
      await put(t.inventory, [loc.company, item.code, loc.location, onHand, onOrder[slot], commit, onHand - commit, stocked ? Math.round(perDay * 21) : 0,
        r4(item.cost * (0.97 + invRng.next() * 0.06)), lastSoldDay ? iso(lastSoldDay) : null, lastReceivedDay ? iso(lastReceivedDay) : null]);
    }
  }
  return { invoiceLines, firstDay };
}
