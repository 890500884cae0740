/**
 * What the demo ERP keeps of the terms an account buys under: dealer types, price libraries and
 * restricted product classes (each a company's reference list and the customers' assignments),
 * job pricing contracts (a customer's, one ship-to's, or a corporate account's), and the
 * suppliers' contacts. Territories (one per branch town) are named here and written with the
 * accounts by generate.ts.
 *
 * Runs after the accounts are loaded and reads them back in key order, so with its own seeded
 * streams it gives the same rows for the same options on every run.
 */
import type pg from 'pg';
import type { BatchWriter, Column, TableBuffer } from './batch-writer.ts';
import { iso, pad, put } from './generate-service.ts';
import { inKeyOrder } from './generate-notes.ts';
import { Rng } from './prng.ts';
import { COMPANIES, FIRST_NAMES, LAST_NAMES, PRODUCT_GROUPS, type BranchDef, type Place } from './reference.ts';

/** The tables this part fills, in load order (generate.ts adds them to ERP_TABLES). */
export const ACCOUNT_ERP_TABLES = ['dealer_type', 'customer_dealer_type', 'price_library', 'customer_price_library', 'restricted_class', 'customer_restricted_class', 'contract'] as const;
type AccountTable = (typeof ACCOUNT_ERP_TABLES)[number];

const T = (name: AccountTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const ACCOUNT_TABLES = {
  dealer_type: T('dealer_type', [['company', 'text'], ['dealer_type', 'text'], ['description', 'text']]),
  customer_dealer_type: T('customer_dealer_type', [['company', 'text'], ['customer', 'text'], ['dealer_type', 'text'], ['effective_date', 'date']]),
  price_library: T('price_library', [['company', 'text'], ['price_library', 'text'], ['description', 'text'], ['discount_percent', 'numeric']]),
  customer_price_library: T('customer_price_library', [['company', 'text'], ['customer', 'text'], ['price_library', 'text'], ['priority', 'int'], ['effective_date', 'date'], ['expiration_date', 'date']]),
  restricted_class: T('restricted_class', [['company', 'text'], ['restricted_class', 'text'], ['description', 'text'], ['product_group', 'text']]),
  customer_restricted_class: T('customer_restricted_class', [['company', 'text'], ['customer', 'text'], ['restricted_class', 'text'], ['reason', 'text'], ['effective_date', 'date']]),
  contract: T('contract', [['company', 'text'], ['job_number', 'text'], ['description', 'text'], ['customer', 'text'], ['ship_to', 'text'], ['corporate', 'text'], ['sales_rep', 'text'], ['start_date', 'date'], ['end_date', 'date'], ['line_count', 'int']]),
};

/** A branch town's territory: the branch code and the town's place in its list. */
export function territoryOf(branch: BranchDef, town: Place): { code: string; name: string } {
  return { code: `${branch.branch}${pad(branch.towns.indexOf(town) + 1, 2)}`, name: `${town.city}, ${town.state} (${branch.name})` };
}

const DEALER_TYPES = [
  ['AUTH', 'Authorized Distributor'],
  ['STK', 'Stocking Dealer'],
  ['SVC', 'Service Center'],
  ['OEMP', 'OEM Partner'],
  ['INT', 'System Integrator'],
  ['GOV', 'Government Schedule'],
] as const;
/** By account class 1 (customer type): the dealer types that fit it. */
const DEALER_TYPES_BY_CLASS: Record<string, readonly string[]> = {
  MRO: ['AUTH', 'STK'],
  OEM: ['OEMP', 'INT'],
  Contractor: ['SVC', 'STK'],
  Reseller: ['AUTH', 'STK', 'SVC'],
  Government: ['GOV'],
  Agriculture: ['SVC', 'AUTH'],
};

const PRICE_LIBRARIES = [
  ['LIST', 'List Price', 0],
  ['CONT10', 'Contractor 10%', 10],
  ['MRO15', 'MRO Volume 15%', 15],
  ['OEM20', 'OEM Production 20%', 20],
  ['GOVSCH', 'Government Schedule', 12],
  ['PROMO', 'Seasonal Promotion', 8],
  ['NATL25', 'National Account 25%', 25],
] as const;
const LIBRARY_BY_CLASS: Record<string, string> = { MRO: 'MRO15', OEM: 'OEM20', Contractor: 'CONT10', Reseller: 'MRO15', Government: 'GOVSCH', Agriculture: 'CONT10' };

const RESTRICTED_CLASSES = [
  ['HAZCHEM', 'Hazardous chemicals', 'LUB'],
  ['AEROSOL', 'Aerosols', 'ADH'],
  ['HIPRESS', 'High-pressure hydraulics', 'HYD'],
  ['WELDGAS', 'Compressed welding gases', 'WLD'],
  ['LIION', 'Lithium-ion power tools', 'PTL'],
  ['EXPORT', 'Export-controlled motors and drives', 'MTR'],
] as const;
const RESTRICTION_REASONS = ['No hazmat permit on file', 'Customer policy', 'Credit hold on class', 'Export compliance', 'Insurance requirement', 'Manufacturer territory agreement'];

const CONTRACT_KINDS = ['Annual Pricing Agreement', 'Plant Maintenance Contract', 'Project Bid', 'Blanket Order Pricing', 'Preferred Supplier Agreement', 'Construction Job'];
const SUPPLIER_TITLES = ['Inside Sales', 'Regional Sales Manager', 'Customer Service', 'Accounts Receivable', 'Product Specialist'];

type Settings = { seed: number; today: number };
/** A contract lists each item once: its line count is capped at the company's items (erp.contract_line, generate-items.ts). */
type Caps = { items: Map<string, number> };
const lineCount = (caps: Caps, company: string, drawn: number) => Math.min(drawn, caps.items.get(company) ?? drawn);
type Tables = Record<AccountTable | 'contact', TableBuffer>;

export async function generateAccountData(client: pg.PoolClient, writer: BatchWriter, t: Tables, s: Settings): Promise<void> {
  for (const company of COMPANIES) {
    for (const [code, description] of DEALER_TYPES) await put(t.dealer_type, [company.company, code, description]);
    for (const [code, description, discount] of PRICE_LIBRARIES) await put(t.price_library, [company.company, code, description, discount]);
    for (const [code, description, group] of RESTRICTED_CLASSES) {
      if (PRODUCT_GROUPS.some((g) => g.code === group)) await put(t.restricted_class, [company.company, code, description, group]);
    }
  }
  const { rows: itemCounts } = await client.query<{ company: string; n: number }>('SELECT company, count(*)::int AS n FROM erp.item GROUP BY company');
  const caps: Caps = { items: new Map(itemCounts.map((r) => [r.company, r.n])) };
  const customerJobs = await generateCustomerTerms(client, t, s, caps);
  await generateCorporateContracts(client, t, s, caps, customerJobs);
  await generateSupplierContacts(client, t, s);
  await writer.flush();
}

type CustomerRow = { company: string; customer: string; customer_name: string; sales_rep: string; account_class1: string | null; account_class2: string | null; corporate: string | null; created: string; ship_tos: string[] | null };

/** Every customer's dealer type(s), price libraries by priority, the odd restricted class, and contracts (bigger accounts more often); the contracts written. */
async function generateCustomerTerms(client: pg.PoolClient, t: Tables, { seed, today }: Settings, caps: Caps): Promise<number> {
  const rng = Rng.stream(seed, 'account-terms');
  let jobSeq = 0;
  const rows = inKeyOrder<CustomerRow>(
    client,
    // The secondary indexes are rebuilt after the load: the ship-tos are grouped once, not looked up per customer.
    `SELECT c.company, c.customer, c.customer_name, c.sales_rep, c.account_class1, c.account_class2, c.corporate, to_char(c.created_date, 'YYYY-MM-DD') AS created, s.ship_tos
       FROM erp.customer c
       LEFT JOIN (SELECT company, customer, array_agg(ship_to ORDER BY ship_to) AS ship_tos FROM erp.ship_to GROUP BY 1, 2) s ON s.company = c.company AND s.customer = c.customer
      WHERE true`,
    ['c.company', 'c.customer'],
  );
  let k = 0;
  for await (const c of rows) {
    k++;
    const since = Math.max(Math.round(Date.parse(`${c.created}T00:00:00Z`) / 86_400_000), today - 3650);
    const from = () => iso(since + rng.int(0, Math.max(0, today - since)));
    const type = c.account_class1 ?? 'MRO';
    const dealerTypes = DEALER_TYPES_BY_CLASS[type] ?? ['AUTH'];
    const count = rng.chance(0.25) ? Math.min(2, dealerTypes.length) : 1;
    for (const dealerType of rng.shuffle([...dealerTypes]).slice(0, count)) await put(t.customer_dealer_type, [c.company, c.customer, dealerType, from()]);

    const libraries = ['LIST', LIBRARY_BY_CLASS[type] ?? 'MRO15'];
    if (c.account_class2 === 'A') libraries.push('NATL25');
    if (rng.chance(0.2)) libraries.push('PROMO');
    const ordered = [...new Set(libraries)].reverse();
    for (let n = 0; n < ordered.length; n++) {
      const library = ordered[n]!;
      const promo = library === 'PROMO';
      const start = promo ? today - rng.int(0, 120) : since + rng.int(0, 30);
      await put(t.customer_price_library, [c.company, c.customer, library, n + 1, iso(start), promo ? iso(start + rng.int(60, 180)) : null]);
    }

    // Half the government accounts, and one other customer in twelve.
    if (type === 'Government' ? rng.chance(0.5) : k % 12 === 5) {
      const [code] = rng.pick(RESTRICTED_CLASSES);
      await put(t.customer_restricted_class, [c.company, c.customer, code, rng.pick(RESTRICTION_REASONS), from()]);
    }

    const contracts = c.account_class2 === 'A' ? rng.int(1, 3) : rng.chance(c.account_class2 === 'B' ? 0.35 : 0.1) ? 1 : 0;
    for (let n = 0; n < contracts; n++) {
      const start = today - rng.int(-30, 900);
      const shipTo = c.ship_tos && c.ship_tos.length > 1 && rng.chance(0.3) ? rng.pick(c.ship_tos) : null;
      await put(t.contract, [
        c.company, `J${pad(++jobSeq, 6)}`, `${rng.pick(CONTRACT_KINDS)} - ${c.customer_name}`, c.customer, shipTo, null, c.sales_rep,
        iso(start), rng.chance(0.15) ? null : iso(start + 365 * rng.int(1, 3)), lineCount(caps, c.company, rng.int(5, 250)),
      ]);
    }
  }
  return jobSeq;
}

/** About two corporate accounts in five have a national contract of their own (numbered after the customers' `jobs`). */
async function generateCorporateContracts(client: pg.PoolClient, t: Tables, { seed, today }: Settings, caps: Caps, jobs: number): Promise<void> {
  const rng = Rng.stream(seed, 'corporate-contracts');
  let jobSeq = jobs;
  const rows = inKeyOrder<{ company: string; corporate: string; corporate_name: string; sales_rep: string | null }>(
    client,
    'SELECT k.company, k.corporate, k.corporate_name, k.sales_rep FROM erp.corporate k WHERE true',
    ['k.company', 'k.corporate'],
  );
  for await (const k of rows) {
    if (!rng.chance(0.4)) continue;
    const start = today - rng.int(0, 700);
    await put(t.contract, [k.company, `J${pad(++jobSeq, 6)}`, `National Account Agreement - ${k.corporate_name}`, null, null, k.corporate, k.sales_rep, iso(start), iso(start + 365 * rng.int(2, 3)), lineCount(caps, k.company, rng.int(50, 600))]);
  }
}

/** One to three people at each supplier of each company. */
async function generateSupplierContacts(client: pg.PoolClient, t: Tables, { seed }: Settings): Promise<void> {
  const rng = Rng.stream(seed, 'supplier-contacts');
  let seq = 0;
  const rows = inKeyOrder<{ company: string; supplier: string; supplier_name: string; phone: string | null; address1: string | null; city: string | null; state: string | null; postal_code: string | null }>(
    client,
    'SELECT s.company, s.supplier, s.supplier_name, s.phone, s.address1, s.city, s.state, s.postal_code FROM erp.supplier s WHERE true',
    ['s.company', 's.supplier'],
  );
  for await (const s of rows) {
    const domain = `${s.supplier_name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 16)}.example`;
    for (let n = rng.int(1, 3); n > 0; n--) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      await put(t.contact, [s.company, `CV${pad(++seq, 7)}`, `${first} ${last}`, first, last, rng.pick(SUPPLIER_TITLES), null,
        `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`, s.phone, s.address1, s.city, s.state, s.postal_code, null, s.supplier, false]);
    }
  }
}
