import { describe, expect, it } from 'vitest';
import { cents, TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

/** Independent dead-stock rule: on hand, unsold for 180 days (or never), not received in the last N days. */
const dead = (exclude: number) => `qty_on_hand > 0 AND (last_sold_date IS NULL OR last_sold_date < '${TODAY}'::date - 180)
  AND (last_received_date IS NULL OR last_received_date < '${TODAY}'::date - ${exclude})`;

describe('Inventory/Value', () => {
  it('Value/Grouped per location: value and dead-stock value equal the raw stock', async () => {
    const { rep } = kit.users;
    const result = await ok(rep, '/Inventory/Value/Grouped/location/30', { pageSize: 500 });
    expect(result).toMatchObject({ deadStockDays: 180, excludeFromDeadStockDays: 30, asOf: TODAY });
    const raw = await sql<{ key: string; value: string; dead: string; n: number }>(
      `SELECT location AS key, sum(round(qty_on_hand * unit_cost, 2)) AS value,
              coalesce(sum(round(qty_on_hand * unit_cost, 2)) FILTER (WHERE ${dead(30)}), 0) AS dead, count(*)::int AS n
         FROM erp.inventory WHERE qty_on_hand > 0 GROUP BY 1 ORDER BY 2 DESC`,
    );
    expect(result.rows.map((r: { key: string; value: number; deadStockValue: number; itemCount: number }) => [r.key, cents(r.value), cents(r.deadStockValue), r.itemCount])).toEqual(
      raw.map((r) => [r.key, cents(r.value), cents(r.dead), r.n]),
    );
    expect(result.rows[0].name).not.toBe(result.rows[0].key);
    expect(result.totals.deadStockValue).toBeGreaterThan(0);
    expect(result.totals.deadStockPercent).toBeCloseTo((100 * Number(result.totals.deadStockValue)) / Number(result.totals.value), 1);
    // A longer exclusion window keeps more recently received stock out of dead stock.
    const longer = await ok(rep, '/Inventory/Value/Grouped/company/400');
    const [{ d }] = await sql<{ d: string }>(`SELECT coalesce(sum(round(qty_on_hand * unit_cost, 2)), 0) AS d FROM erp.inventory WHERE ${dead(400)}`);
    expect(cents(longer.totals.deadStockValue)).toBe(cents(d));
  });

  it('Value/Grouped sorts on its dead-stock percentage, each row its own ratio', async () => {
    const { rep } = kit.users;
    const body = { pageSize: 500, sortBy: 'deadStockPercent', sortDir: 'desc' };
    const { rows } = await ok(rep, '/Inventory/Value/Grouped/productGroup/30', body);
    const percents = rows.map((r: { deadStockPercent: number | null }) => r.deadStockPercent);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents.filter((p: number | null) => p !== null)).toEqual([...percents.filter((p: number | null) => p !== null)].sort((a, b) => b - a));
    for (const row of rows) expect(row.deadStockPercent).toBeCloseTo((100 * row.deadStockValue) / row.value, 1);
  });

  it('ValueAnalysis/Grouped ages stock by days since last sold (90/180/270/365), never sold apart', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Inventory/ValueAnalysis/Grouped/productGroup', { pageSize: 500 });
    expect(result.agingBuckets.map((b: { label: string }) => b.label)).toEqual(['0-90', '91-180', '181-270', '271-365', 'Over 365']);
    const [raw] = await sql<{ b: string[]; never: string; total: string }>(
      `SELECT ARRAY[coalesce(sum(v) FILTER (WHERE d <= 90), 0), coalesce(sum(v) FILTER (WHERE d BETWEEN 91 AND 180), 0),
                    coalesce(sum(v) FILTER (WHERE d BETWEEN 181 AND 270), 0), coalesce(sum(v) FILTER (WHERE d BETWEEN 271 AND 365), 0),
                    coalesce(sum(v) FILTER (WHERE d > 365), 0)]::text[] AS b,
              coalesce(sum(v) FILTER (WHERE d IS NULL), 0) AS never, sum(v) AS total
         FROM (SELECT round(qty_on_hand * unit_cost, 2) AS v, '${TODAY}'::date - last_sold_date AS d FROM erp.inventory WHERE qty_on_hand > 0) x`,
    );
    expect(result.totals.buckets.map(cents)).toEqual(raw!.b.map(cents));
    expect(raw!.b.filter((b) => Number(b) > 0).length).toBeGreaterThan(2);
    expect(cents(result.totals.neverSoldValue)).toBe(cents(raw!.never));
    expect(cents(result.totals.value)).toBe(cents(raw!.total));
    const detail = await ok(admin, '/Inventory/ValueAnalysis/Detail?daysMin=181&daysMax=270', { pageSize: 500 });
    expect(detail.totalCount).toBeGreaterThan(0);
    expect(detail.rows.reduce((s: number, r: { value: number }) => s + cents(r.value), 0)).toBe(cents(raw!.b[2]));
    expect(detail.rows.every((r: { daysSinceLastSold: number }) => r.daysSinceLastSold >= 181 && r.daysSinceLastSold <= 270)).toBe(true);
    expect((await post(admin, '/Inventory/ValueAnalysis/Detail?daysMin=9&daysMax=1')).status).toBe(400);
  });

  it('Value/Detail lists stock on hand by value with the dead-stock flag', async () => {
    const { admin } = kit.users;
    const result = await ok(admin, '/Inventory/Value/Detail', { pageSize: 10 });
    const [top] = await sql<{ v: string; n: number }>(
      'SELECT max(round(qty_on_hand * unit_cost, 2)) AS v, count(*)::int AS n FROM erp.inventory WHERE qty_on_hand > 0',
    );
    expect(result.totalCount).toBe(top!.n);
    expect(cents(result.rows[0].value)).toBe(cents(top!.v));
    const deadOnes = await ok(admin, '/Inventory/Value/Detail', { pageSize: 500, filters: [{ field: 'company', comparison: 'equals', values: ['02'] }] });
    const [{ d }] = await sql<{ d: number }>(`SELECT count(*)::int AS d FROM erp.inventory WHERE company = '02' AND ${dead(30)}`);
    expect(deadOnes.rows.filter((r: { isDeadStock: boolean }) => r.isDeadStock)).toHaveLength(Math.min(d, 500));
  });

  it('400s a bad groupBy or exclusion, and is gated by InventoryAccessRight', async () => {
    const { admin, rep } = kit.users;
    expect((await post(admin, '/Inventory/Value/Grouped/salesRep/30')).body.message).toContain("groupBy 'salesRep'");
    expect((await post(admin, '/Inventory/Value/Grouped/location/-4')).status).toBe(400);
    await withRoleSettings(kit, 'SalesRep', { InventoryAccessRight: 'false' }, async () => {
        expect((await post(rep, '/Inventory/Summary')).status).toBe(403);
    });
  });
});

describe('Inventory/Summary, Details and Reorder', () => {
  it('Summary sums items over locations with the seed options (inStockOnly, stockable, onPO)', async () => {
    const { admin } = kit.users;
    const inStock = await ok(admin, '/Inventory/Summary', { pageSize: 5 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(DISTINCT (company, item_number))::int AS n FROM erp.inventory WHERE qty_on_hand > 0');
    expect(inStock.totalCount).toBe(n);
    const first = inStock.rows[0];
    const [raw] = await sql<{ on_hand: number; locs: number }>(
      'SELECT sum(qty_on_hand)::int AS on_hand, count(*)::int AS locs FROM erp.inventory WHERE company = $1 AND item_number = $2 AND qty_on_hand > 0',
      [first.company, first.itemNumber],
    );
    expect([first.qtyOnHand, first.locationCount]).toEqual([raw!.on_hand, raw!.locs]);
    // Pages of items in item-number order, each summed over its in-stock locations.
    const rawPage = (offset: number) =>
      sql<{ company: string; item_number: string; on_hand: number; locs: number; value: string }>(
        `SELECT company, item_number, sum(qty_on_hand)::int AS on_hand, count(*)::int AS locs, sum(round(qty_on_hand * unit_cost, 2)) AS value
           FROM erp.inventory WHERE qty_on_hand > 0 GROUP BY 1, 2 ORDER BY 2, 1 LIMIT 5 OFFSET ${offset}`,
      );
    const shown = (rows: Array<{ company: string; itemNumber: string; qtyOnHand: number; locationCount: number; value: number }>) =>
      rows.map((r) => [r.company, r.itemNumber, r.qtyOnHand, r.locationCount, cents(r.value)]);
    for (const pageNumber of [1, 3]) {
      const result = pageNumber === 1 ? inStock : await ok(admin, '/Inventory/Summary', { pageSize: 5, pageNumber });
      const expected = (await rawPage((pageNumber - 1) * 5)).map((r) => [r.company, r.item_number, r.on_hand, r.locs, cents(r.value)]);
      expect(shown(result.rows)).toEqual(expected);
    }
    const all = await ok(admin, '/Inventory/Summary?inStockOnly=false');
    const [{ a }] = await sql<{ a: number }>('SELECT count(DISTINCT (company, item_number))::int AS a FROM erp.inventory');
    expect(all.totalCount).toBe(a);
    const onPo = await ok(admin, '/Inventory/Summary?inStockOnly=false&onPO=true');
    const [{ p }] = await sql<{ p: number }>('SELECT count(DISTINCT (company, item_number))::int AS p FROM erp.inventory WHERE qty_on_order > 0');
    expect(onPo.totalCount).toBe(p);
    // Items that are not stocked hold none on hand: the option tells only with inStockOnly off.
    const stockable = await ok(admin, '/Inventory/Summary?inStockOnly=false&stockable=true');
    const [{ s }] = await sql<{ s: number }>(
      'SELECT count(DISTINCT (v.company, v.item_number))::int AS s FROM erp.inventory v JOIN erp.item i USING (company, item_number) WHERE i.stockable',
    );
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(a);
    expect(stockable.totalCount).toBe(s);

    const [item] = await sql<{ supplier_name: string; n: number }>(
      `SELECT s.supplier_name, count(DISTINCT (v.company, v.item_number))::int AS n FROM erp.inventory v
         JOIN erp.item i USING (company, item_number) JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier
        WHERE v.qty_on_hand > 0 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const bySupplier = await ok(admin, '/Inventory/Summary?inventorySearchField=Supplier%20Name', { searchString: item!.supplier_name, searchOperator: 'Exact' });
    expect(bySupplier.totalCount).toBe(item!.n);
    // All 13 item search fields are kept (issue 24): only a field outside them is refused, naming it.
    const unknown = await post(admin, '/Inventory/Summary?inventorySearchField=Colour', { searchString: 'x' });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringContaining("'Colour'")]);
  });

  it('Details pages item × location rows; Reorder finds stock at or below the reorder percentage', async () => {
    const { admin } = kit.users;
    const details = await ok(admin, '/Inventory/Details?inStockOnly=false', { pageSize: 3, filters: [{ field: 'location', comparison: 'equals', values: ['DC1'] }] });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.inventory WHERE location = 'DC1'`);
    expect(details.totalCount).toBe(n);
    const reorder = await ok(admin, '/Inventory/Reorder/50', { pageSize: 500 });
    const raw = await sql<{ item_number: string; location: string; s: number }>(
      `SELECT item_number, location, greatest(reorder_point - qty_available - qty_on_order, 0) AS s FROM erp.inventory
        WHERE reorder_point > 0 AND qty_available <= floor(reorder_point * 0.5)`,
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(reorder.totalCount).toBe(raw.length);
    expect(reorder.rows[0].suggestedQty).toBe(Math.max(...raw.map((r) => r.s)));
    expect(reorder.rows.every((r: { qtyAvailable: number; reorderAt: number }) => r.qtyAvailable <= r.reorderAt)).toBe(true);
    // A page with its items' descriptions and suppliers, and a filter on the item's supplier.
    const rawPage = await sql<{ row: string }>(
      `SELECT concat_ws('|', v.company, v.item_number, v.location, i.description, i.supplier, greatest(v.reorder_point - v.qty_available - v.qty_on_order, 0)) AS row
         FROM erp.inventory v JOIN erp.item i USING (company, item_number)
        WHERE v.reorder_point > 0 AND v.qty_available <= floor(v.reorder_point * 0.5)
        ORDER BY greatest(v.reorder_point - v.qty_available - v.qty_on_order, 0) DESC, v.company, v.item_number, v.location LIMIT 2 OFFSET 2`,
    );
    const second = await ok(admin, '/Inventory/Reorder/50', { pageSize: 2, pageNumber: 2 });
    expect(rawPage.length).toBe(2);
    type ReorderRow = { company: string; itemNumber: string; location: string; description: string; supplier: string; suggestedQty: number };
    expect(second.rows.map((r: ReorderRow) => [r.company, r.itemNumber, r.location, r.description, r.supplier, r.suggestedQty].join('|'))).toEqual(rawPage.map((r) => r.row));
    const supplier = second.rows[0].supplier;
    const bySupplier = await ok(admin, '/Inventory/Reorder/50', { pageSize: 500, filters: [{ field: 'supplier', comparison: 'equals', values: [supplier] }] });
    const [{ m }] = await sql<{ m: number }>(
      `SELECT count(*)::int AS m FROM erp.inventory v JOIN erp.item i USING (company, item_number)
        WHERE v.reorder_point > 0 AND v.qty_available <= floor(v.reorder_point * 0.5) AND i.supplier = $1`,
      [supplier],
    );
    expect(bySupplier.totalCount).toBe(m);
    expect(bySupplier.rows.every((r: ReorderRow) => r.supplier === supplier)).toBe(true);
    expect((await post(admin, '/Inventory/Reorder/0')).status).toBe(400);
  });
});
