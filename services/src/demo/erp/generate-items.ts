/**
 * What the demo ERP keeps of an item beside its master row: the units it is bought and sold in
 * (its base unit and the packs of it, each with a UPC), and the items of the job pricing
 * contracts (erp.contract, written by generate-accounts.ts) at their contract price.
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
export const ITEM_ERP_TABLES = ['item_uom', 'contract_line'] as const;
type ItemTable = (typeof ITEM_ERP_TABLES)[number];

const T = (name: ItemTable, columns: Column[]) => ({ name: `erp.${name}`, columns });
export const ITEM_TABLES = {
  item_uom: T('item_uom', [['company', 'text'], ['item_number', 'text'], ['uom', 'text'], ['conversion_factor', 'int'], ['upc', 'text'], ['is_base', 'bool'], ['sellable', 'bool'], ['purchasable', 'bool']]),
  contract_line: T('contract_line', [['company', 'text'], ['job_number', 'text'], ['line_number', 'int'], ['item_number', 'text'], ['uom', 'text'], ['contract_price', 'numeric'], ['commission_cost', 'numeric'], ['min_qty', 'int']]),
};

type Settings = { seed: number };
type Tables = Record<ItemTable, TableBuffer>;
type ItemRow = { company: string; item_number: string; unit_of_measure: string; unit_cost: string; list_price: string };

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

export async function generateItemData(client: pg.PoolClient, writer: BatchWriter, t: Tables, { seed }: Settings): Promise<void> {
  const items = new Map<string, ItemRow[]>();
  const uomRng = Rng.stream(seed, 'item-uoms');
  for await (const item of inKeyOrder<ItemRow>(client, 'SELECT i.company, i.item_number, i.unit_of_measure, i.unit_cost::text, i.list_price::text FROM erp.item i WHERE true', ['i.company', 'i.item_number'])) {
    const list = items.get(item.company) ?? [];
    list.push(item);
    items.set(item.company, list);
    await put(t.item_uom, [item.company, item.item_number, item.unit_of_measure, 1, upc(uomRng), true, true, true]);
    for (const [uom, factors, chance] of PACKS[item.unit_of_measure] ?? []) {
      if (uomRng.chance(chance)) await put(t.item_uom, [item.company, item.item_number, uom, uomRng.pick(factors), upc(uomRng), false, uomRng.chance(0.6), true]);
    }
  }
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
