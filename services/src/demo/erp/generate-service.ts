/**
 * The demo ERP's service department and shipping dock: technicians per branch, service orders
 * (labour and parts lines, notes) for the customers who buy, and one shipment per order shipped.
 *
 * Runs after the sales transactions are loaded and reads back what it builds on (customers and
 * their invoiced sales, ship-tos, parts, shipped orders) in key order, so with its own seeded
 * streams it gives the same rows for the same options on every run.
 */
import type pg from 'pg';
import type { BatchWriter, Cell, Column, TableBuffer } from './batch-writer.ts';
import { Rng, WeightedPicker } from './prng.ts';
import { BRANCHES, FIRST_NAMES, LAST_NAMES } from './reference.ts';

/** The tables this part fills, in load order (generate.ts adds them to ERP_TABLES). */
export const SERVICE_ERP_TABLES = ['technician', 'service_order_header', 'service_order_line', 'service_order_note', 'shipment'] as const;
type ServiceTable = (typeof SERVICE_ERP_TABLES)[number];

const T = (name: ServiceTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const SERVICE_TABLES = {
  technician: T('technician', [['company', 'text'], ['technician', 'text'], ['technician_name', 'text'], ['branch', 'text'], ['labour_rate', 'numeric'], ['labour_cost', 'numeric']]),
  service_order_header: T('service_order_header', [['company', 'text'], ['service_order_number', 'text'], ['service_type', 'text'], ['status', 'text'], ['description', 'text'], ['equipment', 'text'], ['serial_number', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['technician', 'text'], ['customer_po', 'text'], ['opened_date', 'date'], ['promised_date', 'date'], ['completed_date', 'date'], ['invoiced_date', 'date'], ['line_count', 'int'], ['labour_hours', 'numeric'], ['labour_amount', 'numeric'], ['parts_amount', 'numeric'], ['total_amount', 'numeric'], ['cost', 'numeric']]),
  service_order_line: T('service_order_line', [['company', 'text'], ['service_order_number', 'text'], ['line_number', 'int'], ['line_type', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['opened_date', 'date'], ['status', 'text'], ['technician', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['description', 'text'], ['qty', 'numeric'], ['unit_price', 'numeric'], ['amount', 'numeric'], ['cost', 'numeric']]),
  service_order_note: T('service_order_note', [['company', 'text'], ['service_order_number', 'text'], ['note_number', 'int'], ['note_date', 'date'], ['note_type', 'text'], ['entered_by', 'text'], ['note_text', 'text']]),
  shipment: T('shipment', [['company', 'text'], ['shipment_number', 'text'], ['order_number', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'], ['branch', 'text'], ['location', 'text'], ['ship_date', 'date'], ['carrier', 'text'], ['ship_via', 'text'], ['tracking_number', 'text'], ['status', 'text'], ['estimated_delivery_date', 'date'], ['delivered_date', 'date'], ['package_count', 'int'], ['weight', 'numeric'], ['freight', 'numeric']]),
};

/** Service orders at scale 1 over the three years (at least MIN_SERVICE_ORDERS). */
export const SERVICE_ORDERS_PER_SCALE = 3600;
const MIN_SERVICE_ORDERS = 600;

// ------------------------------------------------------------------------------------ dates
export const DAY_MS = 86_400_000;
export const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const weekday = (day: number) => (day + 4) % 7;

export function isBusinessDay(day: number): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  const d = new Date(day * DAY_MS);
  const m = d.getUTCMonth();
  const dd = d.getUTCDate();
  if ((m === 0 && dd === 1) || (m === 6 && dd === 4) || (m === 11 && dd === 25)) return false;
  return !(m === 10 && w === 4 && dd >= 22 && dd <= 28);
}

export function nextBusinessDay(day: number): number {
  while (!isBusinessDay(day)) day++;
  return day;
}

export function addBusinessDays(day: number, count: number): number {
  let d = day;
  for (let n = 0; n < count; n++) d = nextBusinessDay(d + 1);
  return d;
}

export const r2 = (x: number) => Math.round(x * 100) / 100;
export const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

export async function put(table: TableBuffer, row: Cell[]): Promise<void> {
  const pending = table.add(row);
  if (pending) await pending;
}

// ------------------------------------------------------------------------------------ service
type ServiceType = {
  name: string;
  weight: number;
  equipment: readonly string[];
  /** Business days from opening to the promise. */
  days: [number, number];
  /** Median labour hours and how many labour lines. */
  hours: number;
  labourLines: [number, number];
  partsLines: [number, number];
  groups: readonly string[];
};

const SERVICE_TYPES: readonly ServiceType[] = [
  { name: 'Repair', weight: 42, equipment: ['Hydraulic Pump', 'Gear Reducer', 'Air Compressor', 'Hydraulic Cylinder', 'Centrifugal Pump', 'Directional Valve Bank', 'AC Motor'], days: [3, 8], hours: 3.5, labourLines: [1, 2], partsLines: [1, 4], groups: ['HYD', 'PNU', 'BRG', 'PTX', 'PMP', 'VLV', 'HOS'] },
  { name: 'Rebuild', weight: 15, equipment: ['Hydraulic Pump', 'Hydraulic Cylinder', 'Gearbox', 'Centrifugal Pump', 'Diaphragm Pump'], days: [7, 15], hours: 9, labourLines: [1, 3], partsLines: [2, 6], groups: ['HYD', 'BRG', 'PMP', 'PTX', 'ADH'] },
  { name: 'Preventive Maintenance', weight: 25, equipment: ['Air Compressor', 'Hydraulic Power Unit', 'Conveyor Drive', 'Pump Station', 'Dust Collector'], days: [2, 5], hours: 2.5, labourLines: [1, 1], partsLines: [0, 3], groups: ['LUB', 'HYD', 'PNU', 'PTX', 'BRG'] },
  { name: 'Installation', weight: 10, equipment: ['Variable Frequency Drive', 'Hydraulic Power Unit', 'Pneumatic Manifold', 'Pump Skid', 'Conveyor Drive'], days: [5, 12], hours: 8, labourLines: [1, 3], partsLines: [1, 3], groups: ['MTR', 'ELE', 'PNU', 'HOS', 'PIP'] },
  { name: 'Field Service', weight: 8, equipment: ['Hydraulic Press', 'Injection Molding Machine', 'Packaging Line', 'Mobile Equipment', 'Hose Assembly'], days: [1, 3], hours: 4, labourLines: [1, 2], partsLines: [0, 2], groups: ['HOS', 'HYD', 'VLV', 'PNU'] },
];
const SERVICE_GROUPS = [...new Set(SERVICE_TYPES.flatMap((t) => t.groups))];

const LABOUR_WORDS: Record<string, readonly string[]> = {
  Repair: ['Diagnose and repair', 'Teardown and inspection', 'Repair and bench test'],
  Rebuild: ['Disassemble, clean and inspect', 'Rebuild to OEM specification', 'Reassemble and test'],
  'Preventive Maintenance': ['Scheduled maintenance visit', 'Inspect, lubricate and adjust'],
  Installation: ['Install and commission', 'Mount, wire and start up', 'Site survey and installation'],
  'Field Service': ['On-site troubleshooting', 'Emergency field call', 'On-site repair'],
};

const NOTE_TEXTS: ReadonlyArray<{ type: string; text: (ctx: { tech: string; days: number; equipment: string }) => string }> = [
  { type: 'Customer', text: () => 'Customer called for a status update.' },
  { type: 'Customer', text: ({ equipment }) => `Customer approved the repair quote for the ${equipment.toLowerCase()}.` },
  { type: 'Customer', text: () => 'Left a voicemail for the maintenance supervisor about pickup.' },
  { type: 'Technician', text: ({ tech }) => `${tech}: found worn seals and scored rod; replacing.` },
  { type: 'Technician', text: ({ tech }) => `${tech}: bench tested to rated pressure, no leaks.` },
  { type: 'Technician', text: ({ tech }) => `${tech}: on site, unit isolated and locked out.` },
  { type: 'Technician', text: ({ tech }) => `${tech}: bearings replaced, alignment checked.` },
  { type: 'Internal', text: ({ days }) => `Parts ordered from the supplier, expected in ${days} days.` },
  { type: 'Internal', text: () => 'Waiting on customer PO before starting work.' },
  { type: 'Internal', text: () => 'Promise date moved: parts on backorder.' },
];

type Buyer = { company: string; customer: string; branch: string; rep: string; shipTos: string[]; first: number; last: number };
type Part = { item: string; group: string; description: string; cost: number; list: number };
type Tech = { code: string; name: string; rate: number; cost: number };

type Settings = { scale: number; seed: number; today: number };
type Tables = Record<ServiceTable, TableBuffer>;

/**
 * Fills the service and shipment tables. Reads back the loaded customers, parts and orders, so
 * it runs after the rest of the ERP has been written; flushes what it buffered before returning.
 */
export async function generateServiceData(client: pg.PoolClient, writer: BatchWriter, t: Tables, s: Settings): Promise<void> {
  await generateServiceOrders(client, t, s);
  await generateShipments(client, t, s);
  await writer.flush();
}

async function generateServiceOrders(client: pg.PoolClient, t: Tables, { scale, seed, today }: Settings): Promise<void> {
  const todayYear = new Date(today * DAY_MS).getUTCFullYear();
  const firstDay = Math.round(Date.UTC(todayYear - 2, 0, 1) / DAY_MS);

  // Technicians: two to four per branch.
  const techRng = Rng.stream(seed, 'technicians');
  const techs = new Map<string, Tech[]>();
  let techSeq = 0;
  for (const b of BRANCHES) {
    const list: Tech[] = [];
    const count = b.branch === 'CHI' || b.branch === 'CLE' ? 4 : techRng.int(2, 3);
    for (let n = 0; n < count; n++) {
      const tech: Tech = {
        code: `T${pad(++techSeq, 3)}`,
        name: `${techRng.pick(FIRST_NAMES)} ${techRng.pick(LAST_NAMES)}`,
        rate: (b.company === '02' ? 115 : 95) + 5 * techRng.int(0, 3),
        cost: 38 + techRng.int(0, 14),
      };
      list.push(tech);
      await put(t.technician, [b.company, tech.code, tech.name, b.branch, tech.rate, tech.cost]);
    }
    techs.set(`${b.company}:${b.branch}`, list);
  }

  // Customers who buy, weighted by (the square root of) what they buy, active between their first and last invoice.
  const { rows: buyerRows } = await client.query<{ company: string; customer: string; branch: string; sales_rep: string; ship_tos: string[] | null; first: string; last: string; sales: string }>(
    `SELECT c.company, c.customer, c.branch, c.sales_rep, s.ship_tos, f.first, f.last, f.sales
       FROM erp.customer c
       JOIN (SELECT company, customer, min(invoice_date)::text AS first, max(invoice_date)::text AS last, sum(sales) AS sales
               FROM erp.invoice_header WHERE invoice_type = 'IN' GROUP BY 1, 2) f ON f.company = c.company AND f.customer = c.customer
       LEFT JOIN (SELECT company, customer, array_agg(ship_to ORDER BY ship_to) AS ship_tos FROM erp.ship_to GROUP BY 1, 2) s
              ON s.company = c.company AND s.customer = c.customer
      WHERE f.sales > 0
      ORDER BY c.company, c.customer`,
  );
  if (buyerRows.length === 0) return;
  const buyers: Buyer[] = buyerRows.map((r) => ({
    company: r.company,
    customer: r.customer,
    branch: r.branch,
    rep: r.sales_rep,
    shipTos: r.ship_tos ?? [r.customer],
    first: dayOf(r.first),
    last: dayOf(r.last),
  }));
  const buyerPicker = new WeightedPicker(buyerRows.map((r) => Math.sqrt(Number(r.sales))));

  const { rows: partRows } = await client.query<{ company: string; item_number: string; product_group: string; description: string; unit_cost: string; list_price: string }>(
    `SELECT company, item_number, product_group, description, unit_cost, list_price FROM erp.item
      WHERE product_group = ANY($1::text[]) ORDER BY company, item_number`,
    [SERVICE_GROUPS],
  );
  const parts = new Map<string, Part[]>();
  for (const r of partRows) {
    const key = `${r.company}:${r.product_group}`;
    let list = parts.get(key);
    if (!list) parts.set(key, (list = []));
    list.push({ item: r.item_number, group: r.product_group, description: r.description, cost: Number(r.unit_cost), list: Number(r.list_price) });
  }

  const rng = Rng.stream(seed, 'service-orders');
  const typePicker = new WeightedPicker(SERVICE_TYPES.map((x) => x.weight));
  const total = Math.max(MIN_SERVICE_ORDERS, Math.round(SERVICE_ORDERS_PER_SCALE * scale));
  let businessDays = 0;
  for (let d = firstDay; d <= today; d++) if (isBusinessDay(d)) businessDays++;
  const perDay = total / Math.max(1, businessDays);
  let seq = 0;

  const pickBuyer = (day: number): Buyer => {
    let b = buyers[buyerPicker.pick(rng)]!;
    for (let tries = 0; tries < 12 && !(b.first <= day && day <= b.last + 90); tries++) b = buyers[buyerPicker.pick(rng)]!;
    return b;
  };

  for (let day = firstDay; day <= today; day++) {
    if (!isBusinessDay(day)) continue;
    const count = rng.round(perDay * 1.06 ** ((day - firstDay) / 365.25));
    for (let k = 0; k < count; k++) {
      const buyer = pickBuyer(day);
      const type = SERVICE_TYPES[typePicker.pick(rng)]!;
      const crew = techs.get(`${buyer.company}:${buyer.branch}`) ?? techs.get(`${buyer.company}:${BRANCHES.find((b) => b.company === buyer.company)!.branch}`)!;
      const lead = rng.pick(crew);
      const equipment = rng.pick(type.equipment);
      const shipTo = buyer.shipTos.length === 1 || rng.chance(0.6) ? buyer.shipTos[0]! : rng.pick(buyer.shipTos);
      const number = `SV${pad(++seq, 7)}`;

      // Dates: the promise, the start, completion (most by the promise, a long tail waits on parts), invoicing.
      const promised = addBusinessDays(day, rng.int(type.days[0], type.days[1]));
      // Work starts within a day or two, or waits for the customer's approval or parts.
      const wait = rng.next();
      const started = addBusinessDays(day, wait < 0.55 ? rng.int(0, 1) : wait < 0.85 ? rng.int(2, 5) : rng.int(6, 15));
      const r = rng.next();
      const slip = r < 0.72 ? -rng.int(0, 2) : r < 0.92 ? rng.int(1, 5) : rng.int(6, 30);
      const completed = nextBusinessDay(Math.max(started, promised + slip));
      const invoiced = addBusinessDays(completed, rng.int(1, 5));
      const status = invoiced <= today ? 'Invoiced' : completed <= today ? 'Complete' : started <= today ? 'InProgress' : 'Open';
      const done = status === 'Invoiced' || status === 'Complete';

      // Lines: labour (hours at the technician's rate), then parts.
      const lines: Cell[][] = [];
      let hours = 0;
      let labour = 0;
      let partsAmount = 0;
      let cost = 0;
      const labourCount = rng.int(type.labourLines[0], type.labourLines[1]);
      for (let n = 0; n < labourCount; n++) {
        const tech = n === 0 ? lead : rng.pick(crew);
        const qty = Math.max(0.5, Math.round(rng.logNormal(type.hours / labourCount, 0.5) * 2) / 2);
        const amount = r2(qty * tech.rate);
        const lineCost = r2(qty * tech.cost);
        hours += qty;
        labour += amount;
        cost += lineCost;
        lines.push(['Labour', tech.code, null, null, `${rng.pick(LABOUR_WORDS[type.name]!)} - ${equipment.toLowerCase()}`, qty, tech.rate, amount, lineCost]);
      }
      const partsCount = rng.int(type.partsLines[0], type.partsLines[1]);
      for (let n = 0; n < partsCount; n++) {
        const pool = parts.get(`${buyer.company}:${rng.pick(type.groups)}`) ?? parts.get(`${buyer.company}:${type.groups[0]}`);
        if (!pool || pool.length === 0) continue;
        const part = rng.pick(pool);
        const qty = part.cost < 20 ? rng.int(1, 8) : part.cost < 150 ? rng.int(1, 3) : 1;
        const price = r4(part.list * (0.85 + rng.next() * 0.12));
        const amount = r2(qty * price);
        const lineCost = r2(qty * part.cost);
        partsAmount += amount;
        cost += lineCost;
        lines.push(['Parts', null, part.item, part.group, part.description, qty, price, amount, lineCost]);
      }
      for (let n = 0; n < lines.length; n++) {
        const [lineType, tech, item, group, description, qty, price, amount, lineCost] = lines[n]!;
        await put(t.service_order_line, [buyer.company, number, n + 1, lineType, buyer.customer, shipTo, buyer.rep, buyer.branch, iso(day), status, tech, item, group, description, qty, price, amount, lineCost]);
      }
      await put(t.service_order_header, [
        buyer.company, number, type.name, status, `${type.name}: ${equipment}`, equipment,
        rng.chance(0.7) ? `SN-${rng.int(100000, 999999)}` : null, buyer.customer, shipTo, buyer.rep, buyer.branch, lead.code,
        rng.chance(0.6) ? `PO-${rng.int(10000, 999999)}` : null, iso(day), iso(promised), done ? iso(completed) : null,
        status === 'Invoiced' ? iso(invoiced) : null, lines.length, r2(hours), r2(labour), r2(partsAmount), r2(labour + partsAmount), r2(cost),
      ]);

      // Notes, dated while the order was being worked.
      const lastNoteDay = Math.min(today, done ? completed : today);
      const noteCount = Math.min(5, (status === 'Open' ? 0 : 1) + rng.geometric(1.2));
      const noteDays = Array.from({ length: noteCount }, () => day + rng.int(0, Math.max(0, lastNoteDay - day))).sort((a, b) => a - b);
      for (let n = 0; n < noteDays.length; n++) {
        const note = rng.pick(NOTE_TEXTS);
        const enteredBy = note.type === 'Technician' ? lead.name : 'Service Desk';
        await put(t.service_order_note, [buyer.company, number, n + 1, iso(noteDays[n]!), note.type, enteredBy, note.text({ tech: lead.name, days: rng.int(2, 10), equipment })]);
      }
    }
  }
}

// ------------------------------------------------------------------------------------ shipments
type Carrier = { carrier: string; via: string; transit: [number, number]; freight: (weight: number, rng: Rng) => number; tracking: ((rng: Rng) => string) | null };

const digits = (rng: Rng, count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join('');
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const UPS_TRACKING = (rng: Rng) => `1Z${Array.from({ length: 6 }, () => rng.pick([...ALNUM])).join('')}${digits(rng, 10)}`;
const FEDEX_TRACKING = (rng: Rng) => digits(rng, 12);
const PRO_NUMBER = (rng: Rng) => digits(rng, 10);

const CARRIERS = {
  willCall: { carrier: 'Will Call', via: 'Customer Pickup', transit: [0, 0], freight: () => 0, tracking: null },
  ownTruck: { carrier: 'Our Truck', via: 'Local Delivery', transit: [0, 1], freight: (w, rng) => r2(18 + w * 0.04 + rng.next() * 10), tracking: null },
  upsGround: { carrier: 'UPS', via: 'Ground', transit: [1, 4], freight: (w) => r2(9.5 + w * 0.85), tracking: UPS_TRACKING },
  upsNextDay: { carrier: 'UPS', via: 'Next Day Air', transit: [1, 1], freight: (w) => r2(32 + w * 3.2), tracking: UPS_TRACKING },
  fedexGround: { carrier: 'FedEx', via: 'Ground', transit: [1, 4], freight: (w) => r2(9 + w * 0.88), tracking: FEDEX_TRACKING },
  fedex2Day: { carrier: 'FedEx', via: '2Day', transit: [2, 2], freight: (w) => r2(18 + w * 1.9), tracking: FEDEX_TRACKING },
  rl: { carrier: 'R+L Carriers', via: 'LTL', transit: [1, 5], freight: (w) => r2(95 + w * 0.11), tracking: PRO_NUMBER },
  estes: { carrier: 'Estes Express', via: 'LTL', transit: [1, 5], freight: (w) => r2(90 + w * 0.12), tracking: PRO_NUMBER },
  xpo: { carrier: 'XPO Logistics', via: 'LTL', transit: [2, 5], freight: (w) => r2(99 + w * 0.1), tracking: PRO_NUMBER },
} satisfies Record<string, Carrier>;

const PARCEL = new WeightedPicker([8, 22, 38, 3, 24, 5]);
const PARCEL_CARRIERS: Carrier[] = [CARRIERS.willCall, CARRIERS.ownTruck, CARRIERS.upsGround, CARRIERS.upsNextDay, CARRIERS.fedexGround, CARRIERS.fedex2Day];
const FREIGHT = new WeightedPicker([8, 38, 22, 18, 14]);
const FREIGHT_CARRIERS: Carrier[] = [CARRIERS.willCall, CARRIERS.ownTruck, CARRIERS.rl, CARRIERS.estes, CARRIERS.xpo];

/** One shipment per order shipped, read back in key order a page at a time. */
async function generateShipments(client: pg.PoolClient, t: Tables, { seed, today }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'shipments');
  let seq = 0;
  let after = ['', ''];
  for (;;) {
    const { rows } = await client.query<{ company: string; order_number: string; customer: string; ship_to: string; sales_rep: string; branch: string; location: string; ship_date: string; order_total: string }>(
      `SELECT company, order_number, customer, ship_to, sales_rep, branch, location, ship_date::text AS ship_date, order_total
         FROM erp.order_header
        WHERE ship_date IS NOT NULL AND (company, order_number) > ($1, $2)
        ORDER BY company, order_number LIMIT 20000`,
      after,
    );
    if (rows.length === 0) return;
    for (const o of rows) {
      const shipDay = dayOf(o.ship_date);
      const weight = Math.max(1, Math.round((Math.abs(Number(o.order_total)) / rng.logNormal(6, 0.6)) * 10) / 10);
      const heavy = weight >= 150;
      const c = heavy ? FREIGHT_CARRIERS[FREIGHT.pick(rng)]! : PARCEL_CARRIERS[PARCEL.pick(rng)]!;
      const packages = c.via === 'LTL' ? Math.max(1, Math.ceil(weight / 900)) : Math.max(1, Math.ceil(weight / rng.int(30, 55)));
      const transit = rng.int(c.transit[0], c.transit[1]);
      const estimated = addBusinessDays(shipDay, transit);
      const r = rng.next();
      const delivered = r < 0.8 || transit === 0 ? estimated : r < 0.9 && transit > 1 ? addBusinessDays(shipDay, transit - 1) : addBusinessDays(estimated, rng.int(1, 4));
      const exception = delivered > today && shipDay < today && rng.chance(0.05);
      const status = delivered <= today ? 'Delivered' : exception ? 'Exception' : shipDay >= today ? 'Shipped' : 'In Transit';
      await put(t.shipment, [
        o.company, `SH${pad(++seq, 8)}`, o.order_number, o.customer, o.ship_to, o.sales_rep, o.branch, o.location, o.ship_date,
        c.carrier, c.via, c.tracking ? c.tracking(rng) : null, status, iso(estimated), delivered <= today ? iso(delivered) : null,
        packages, weight, c.freight(weight, rng),
      ]);
    }
    const last = rows[rows.length - 1]!;
    after = [last.company, last.order_number];
  }
}
