/**
 * What the demo ERP keeps of an item beside its master row: the units it is bought and sold in
 * (its base unit and the packs of it, each with a UPC), its alternate codes (the manufacturer's,
 * a legacy number, a competitor's), the items that may be sold in its place (substitutes), the
 * numbers customers order it by (customer part numbers), and the items of the job pricing
 * contracts (erp.contract, written by generate-accounts.ts) at their contract price. The item
 * master's extended description and short code are written with the item (generate.ts) from
 * `extendedDescription` and `shortCode` here.
 *
 * Runs after the items and contracts are loaded and reads them back in key order, so with its
 * own seeded streams it gives the same rows for the same options on every run.
 */
import type pg from 'pg';
import type { BatchWriter, Column, TableBuffer } from './batch-writer.ts';
import { inKeyOrder } from './generate-notes.ts';
import { put } from './generate-service.ts';
import { Rng } from './prng.ts';

/** The tables this part fills, in load order (generate.ts adds them to ERP_TABLES). */
export const ITEM_ERP_TABLES = ['item_uom', 'item_alternate', 'item_substitute', 'customer_part', 'contract_line'] as const;
type ItemTable = (typeof ITEM_ERP_TABLES)[number];

const T = (name: ItemTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const ITEM_TABLES = {
  item_uom: T('item_uom', [['company', 'text'], ['item_number', 'text'], ['uom', 'text'], ['conversion_factor', 'int'], ['upc', 'text'], ['is_base', 'bool'], ['sellable', 'bool'], ['purchasable', 'bool']]),
  item_alternate: T('item_alternate', [['company', 'text'], ['item_number', 'text'], ['alternate_code', 'text'], ['code_type', 'text']]),
  item_substitute: T('item_substitute', [['company', 'text'], ['item_number', 'text'], ['substitute_item_number', 'text'], ['interchangeable', 'bool'], ['reason', 'text']]),
  customer_part: T('customer_part', [['company', 'text'], ['customer', 'text'], ['item_number', 'text'], ['customer_part_number', 'text'], ['description', 'text']]),
  contract_line: T('contract_line', [['company', 'text'], ['job_number', 'text'], ['line_number', 'int'], ['item_number', 'text'], ['uom', 'text'], ['contract_price', 'numeric'], ['commission_cost', 'numeric'], ['min_qty', 'int']]),
};

type Settings = { seed: number };
type Tables = Record<ItemTable, TableBuffer>;
type ItemRow = { company: string; item_number: string; product_group: string; description: string; unit_of_measure: string; unit_cost: string; list_price: string };

/** The packs an item's base unit comes in: [unit, choices of base units in one, chance]. */
const PACKS: Record<string, ReadonlyArray<readonly [string, readonly number[], number]>> = {
  EA: [['BX', [10, 12, 25], 0.45], ['CS', [50, 100, 144], 0.25]],
  FT: [['RL', [50, 100, 250], 0.8]],
  GAL: [['DR', [55], 0.5]],
  CS: [['PL', [40, 48], 0.3]],
};

/** A 12-digit UPC-A: a company prefix, the item's digits and the check digit. */
function upc(rng: Rng): string {
  const digits = Array.from({ length: 11 }, (_, i) => (i === 0 ? 0 : rng.int(0, 9)));
  const odd = digits.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
  const even = digits.filter((_, i) => i % 2 === 1).reduce((a, b) => a + b, 0);
  return `${digits.join('')}${(10 - ((odd * 3 + even) % 10)) % 10}`;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

const FEATURES = ['Built to OEM specifications', 'Meets ANSI and ISO standards', 'Corrosion-resistant finish', 'Rated for continuous duty',
  'Packaged for shelf display', 'Interchangeable with leading brands', 'Traceable lot number on every pack', 'RoHS compliant'];
const UNIT_WORDS: Record<string, string> = { EA: 'each', FT: 'the foot', GAL: 'the gallon', CS: 'the case' };

/** An item's extended description: its description, group, supplier and unit, and two features. */
export function extendedDescription(rng: Rng, item: { description: string; groupName: string; supplierName: string; uom: string }): string {
  const first = rng.int(0, FEATURES.length - 1);
  const second = (first + rng.int(1, FEATURES.length - 1)) % FEATURES.length;
  return `${item.description}. ${item.groupName} from ${item.supplierName}, sold by ${UNIT_WORDS[item.uom] ?? item.uom}. ${FEATURES[first]}; ${FEATURES[second]!.charAt(0).toLowerCase()}${FEATURES[second]!.slice(1)}.`;
}

/**
 * An item's short code: its group's first letter and three base-36 characters from its index.
 * 7919 is prime to 36³, so the first 46,656 items (the catalogue holds at most 30,000) get distinct codes.
 */
export function shortCode(group: string, index: number): string {
  return `${group[0]}${((index * 7919) % 46_656).toString(36).toUpperCase().padStart(3, '0')}`;
}

const ALTERNATE_TYPES = [['Manufacturer', 0.45], ['Legacy', 0.25], ['Competitor', 0.2]] as const;
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const letters = (rng: Rng, n: number) => Array.from({ length: n }, () => LETTERS[rng.int(0, LETTERS.length - 1)]).join('');

/** An item's alternate codes: a manufacturer's number, a superseded number of ours, a competitor's cross-reference. */
async function putAlternates(t: Tables, rng: Rng, item: ItemRow): Promise<void> {
  for (const [type, chance] of ALTERNATE_TYPES) {
    if (!rng.chance(chance)) continue;
    const code = type === 'Manufacturer' ? `${letters(rng, 3)}-${rng.int(1000, 99999)}`
      : type === 'Legacy' ? `${item.item_number.slice(0, 3)}${rng.int(100000, 999999)}`
        : `X${letters(rng, 2)}${rng.int(10000, 99999)}`;
    await put(t.item_alternate, [item.company, item.item_number, code, type]);
  }
}

const SUBSTITUTE_REASONS = ['Equivalent specification', 'Upgrade', 'Superseded', 'Private label', null];

/** Some items' substitutes: one or two other items of the same product group. */
async function putSubstitutes(t: Tables, rng: Rng, items: ItemRow[]): Promise<void> {
  const byGroup = new Map<string, ItemRow[]>();
  for (const item of items) byGroup.set(item.product_group, [...(byGroup.get(item.product_group) ?? []), item]);
  for (const item of items) {
    const group = byGroup.get(item.product_group)!;
    if (group.length < 2 || !rng.chance(0.3)) continue;
    const picked = new Set<string>();
    for (let n = rng.int(1, 2); n > 0; n--) {
      const other = rng.pick(group);
      if (other.item_number === item.item_number || picked.has(other.item_number)) continue;
      picked.add(other.item_number);
      await put(t.item_substitute, [item.company, item.item_number, other.item_number, rng.chance(0.6), rng.pick(SUBSTITUTE_REASONS)]);
    }
  }
}

/** A third of the customers order a few items by numbers of their own. */
async function putCustomerParts(client: pg.PoolClient, t: Tables, seed: number, items: Map<string, ItemRow[]>): Promise<void> {
  const rng = Rng.stream(seed, 'customer-parts');
  const customers = inKeyOrder<{ company: string; customer: string }>(client, 'SELECT c.company, c.customer FROM erp.customer c WHERE true', ['c.company', 'c.customer']);
  for await (const c of customers) {
    const pool = items.get(c.company) ?? [];
    if (pool.length === 0 || !rng.chance(0.35)) continue;
    const prefix = `${c.customer.replace(/[^A-Z0-9]/gi, '').slice(-3)}`;
    const picked = new Set<string>();
    for (let n = rng.int(2, 8); n > 0; n--) {
      const item = rng.pick(pool);
      if (picked.has(item.item_number)) continue;
      picked.add(item.item_number);
      const description = rng.chance(0.5) ? item.description.toUpperCase() : null;
      await put(t.customer_part, [c.company, c.customer, item.item_number, `${prefix}-${rng.int(1000, 99999)}`, description]);
    }
  }
}

export async function generateItemData(client: pg.PoolClient, writer: BatchWriter, t: Tables, { seed }: Settings): Promise<void> {
  const items = new Map<string, ItemRow[]>();
  const uomRng = Rng.stream(seed, 'item-uoms');
  const alternateRng = Rng.stream(seed, 'item-alternates');
  const select = 'SELECT i.company, i.item_number, i.product_group, i.description, i.unit_of_measure, i.unit_cost::text, i.list_price::text FROM erp.item i WHERE true';
  for await (const item of inKeyOrder<ItemRow>(client, select, ['i.company', 'i.item_number'])) {
    const list = items.get(item.company) ?? [];
    list.push(item);
    items.set(item.company, list);
    await put(t.item_uom, [item.company, item.item_number, item.unit_of_measure, 1, upc(uomRng), true, true, true]);
    for (const [uom, factors, chance] of PACKS[item.unit_of_measure] ?? []) {
      if (uomRng.chance(chance)) await put(t.item_uom, [item.company, item.item_number, uom, uomRng.pick(factors), upc(uomRng), false, uomRng.chance(0.6), true]);
    }
    await putAlternates(t, alternateRng, item);
  }
  const substituteRng = Rng.stream(seed, 'item-substitutes');
  for (const list of items.values()) await putSubstitutes(t, substituteRng, list);
  await putCustomerParts(client, t, seed, items);
  await generateContractLines(client, t, seed, items);
  await writer.flush();
}

/** Each contract's line_count items, each once, at 5–25 % off list (commission cost a little over cost). */
async function generateContractLines(client: pg.PoolClient, t: Tables, seed: number, items: Map<string, ItemRow[]>): Promise<void> {
  const rng = Rng.stream(seed, 'contract-lines');
  const contracts = inKeyOrder<{ company: string; job_number: string; line_count: number }>(client, 'SELECT j.company, j.job_number, j.line_count FROM erp.contract j WHERE true', ['j.company', 'j.job_number']);
  for await (const j of contracts) {
    const pool = [...(items.get(j.company) ?? [])];
    const count = Math.min(j.line_count, pool.length);
    // The first `count` places of a Fisher–Yates shuffle: distinct items, in the order drawn.
    for (let n = 0; n < count; n++) {
      const k = n + Math.floor(rng.next() * (pool.length - n));
      [pool[n], pool[k]] = [pool[k]!, pool[n]!];
      const item = pool[n]!;
      const price = r4(Number(item.list_price) * (1 - rng.int(5, 25) / 100));
      const commission = r4(Number(item.unit_cost) * (1 + rng.int(0, 5) / 100));
      await put(t.contract_line, [j.company, j.job_number, n + 1, item.item_number, item.unit_of_measure, price, commission, rng.chance(0.7) ? 1 : rng.pick([5, 10, 25])]);
    }
  }
}
