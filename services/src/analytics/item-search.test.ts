import { describe, expect, it } from 'vitest';
import { INVENTORY_SEARCH_FIELDS } from '@tradeboard/shared/contracts';
import { useErpServices, withRoleSettings } from './erp-test-kit.ts';
import { predictOnTime, type ReceivedLine } from './on-time-prediction.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

type Row = Record<string, any>;
const numbers = (rows: Row[]) => rows.map((r) => r.itemNumber as string);

/** One item that has every kind of code, and each search field's value for it. */
async function itemWithEveryCode() {
  const [item] = await sql<Row>(
    `SELECT i.company, i.item_number, i.description, i.extended_description, i.short_code, i.supplier_part_number, i.product_group, s.supplier_name,
            (SELECT a.alternate_code FROM erp.item_alternate a WHERE a.company = i.company AND a.item_number = i.item_number ORDER BY 1 LIMIT 1) AS alternate_code,
            (SELECT x.substitute_item_number FROM erp.item_substitute x WHERE x.company = i.company AND x.item_number = i.item_number ORDER BY 1 LIMIT 1) AS substitute,
            (SELECT b.description FROM erp.item_substitute x JOIN erp.item b ON b.company = x.company AND b.item_number = x.substitute_item_number
              WHERE x.company = i.company AND x.item_number = i.item_number ORDER BY x.substitute_item_number LIMIT 1) AS substitute_description,
            (SELECT p.customer_part_number FROM erp.customer_part p WHERE p.company = i.company AND p.item_number = i.item_number ORDER BY 1 LIMIT 1) AS customer_part,
            (SELECT u.upc FROM erp.item_uom u WHERE u.company = i.company AND u.item_number = i.item_number AND u.is_base) AS upc
       FROM erp.item i JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier
      WHERE EXISTS (SELECT 1 FROM erp.item_alternate a WHERE a.company = i.company AND a.item_number = i.item_number)
        AND EXISTS (SELECT 1 FROM erp.item_substitute x WHERE x.company = i.company AND x.item_number = i.item_number)
        AND EXISTS (SELECT 1 FROM erp.customer_part p WHERE p.company = i.company AND p.item_number = i.item_number)
      ORDER BY i.company, i.item_number LIMIT 1`,
  );
  const value: Record<(typeof INVENTORY_SEARCH_FIELDS)[number], string> = {
    'Item Number + Description': item!.item_number,
    'Item Number': item!.item_number,
    'Item Description': item!.description,
    'Extended Description': item!.extended_description,
    'Customer Part Number': item!.customer_part,
    'Supplier Name': item!.supplier_name,
    'Supplier Part Number': item!.supplier_part_number,
    'Product Group Number': item!.product_group,
    'Substitute Code': item!.substitute,
    'Substitute Description': item!.substitute_description,
    'Alternate Code': item!.alternate_code,
    'Short Code': item!.short_code,
    'UPC Code': item!.upc,
  };
  return { item: item!, value };
}

const search = (field: string, extra = '') => `/Inventory/Search?inStockOnly=false&inventorySearchField=${encodeURIComponent(field)}${extra}`;

describe('the 13 item search fields (seed 000 §9)', () => {
  it('finds the item by each field with each operator on Inventory/Search', async () => {
    const { rep } = kit.users;
    const { item, value } = await itemWithEveryCode();
    expect(INVENTORY_SEARCH_FIELDS).toHaveLength(13);
    for (const field of INVENTORY_SEARCH_FIELDS) {
      const text = value[field];
      expect(text, field).toBeTruthy();
      const probes: Array<[string, string]> = [['Exact', text], ['BeginsWith', text.slice(0, 4)], ['EndsWith', text.slice(-4)], ['Contains', text.slice(1, -1)]];
      for (const [operator, searchString] of probes) {
        const body = await ok(rep, search(field, `&company=${item.company}`), { searchString, searchOperator: operator, pageSize: 500, filters: [{ field: 'company', comparison: 'equals', values: [item.company] }] });
        expect(numbers(body.rows), `${field} ${operator} ${searchString}`).toContain(item.item_number);
      }
    }
  });

  it('a field that does not hold the text finds nothing there; an unknown field is a 400 naming the fields', async () => {
    const { rep } = kit.users;
    const { value } = await itemWithEveryCode();
    const upc = await ok(rep, search('UPC Code'), { searchString: value['Alternate Code'], searchOperator: 'Exact' });
    expect(upc.totalCount).toBe(0);
    const [alternates] = await sql<{ n: number }>('SELECT count(DISTINCT (company, item_number))::int AS n FROM erp.item_alternate WHERE lower(alternate_code) = lower($1)', [value['Alternate Code']]);
    expect((await ok(rep, search('Alternate Code'), { searchString: value['Alternate Code'], searchOperator: 'Exact' })).totalCount).toBe(alternates!.n);
    for (const url of ['/Inventory/Search?inventorySearchField=Colour', '/Inventory/Summary?inventorySearchField=Colour', '/Inventory/AlternateSummary?inventorySearchField=Colour']) {
      const bad = await post(rep, url, { searchString: 'x' });
      expect(bad.status, url).toBe(400);
      expect(bad.body.message, url).toContain('inventorySearchField');
    }
  });

  it('every field is accepted by the stock summaries and details (it used to be 6)', async () => {
    const { rep } = kit.users;
    const { item, value } = await itemWithEveryCode();
    for (const field of INVENTORY_SEARCH_FIELDS) {
      for (const call of ['Summary', 'Details', 'CustomerPartSummary', 'AlternateSummary', 'SubstituteSummary']) {
        const { status, body } = await post(kit.users.admin, `/Inventory/${call}?inStockOnly=false&inventorySearchField=${encodeURIComponent(field)}`, { searchString: value[field], pageSize: 5 });
        expect(status, `${call} ${field}: ${JSON.stringify(body)}`).toBe(200);
      }
    }
    const summary = await ok(rep, `/Inventory/Summary?inStockOnly=false&inventorySearchField=${encodeURIComponent('Short Code')}`, { searchString: value['Short Code'], searchOperator: 'Exact' });
    expect(numbers(summary.rows)).toEqual((await sql('SELECT 1 FROM erp.inventory WHERE company = $1 AND item_number = $2', [item.company, item.item_number])).length ? [item.item_number] : []);
  });
});

describe('the summaries\' query defaults: inStockOnly true, stockable false, onPO false', () => {
  it('Inventory/Search keeps items in stock unless told, and filters stockable and on-PO items when asked', async () => {
    const { rep } = kit.users;
    const [counts] = await sql<{ all: number; stocked: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM erp.inventory v WHERE v.company = i.company AND v.item_number = i.item_number GROUP BY v.company HAVING sum(v.qty_on_hand) > 0))::int AS stocked FROM erp.item i`,
    );
    expect((await ok(rep, '/Inventory/Search', {})).totalCount).toBe(counts!.stocked);
    expect((await ok(rep, '/Inventory/Search?inStockOnly=false', {})).totalCount).toBe(counts!.all);
    const stockable = await ok(rep, '/Inventory/Search?inStockOnly=false&stockable=true', { pageSize: 500 });
    expect(stockable.rows.every((r: Row) => r.stockable)).toBe(true);
    const onPO = await ok(rep, '/Inventory/Search?inStockOnly=false&onPO=true', { pageSize: 500 });
    expect(onPO.totalCount).toBeGreaterThan(0);
    expect(onPO.rows.every((r: Row) => r.qtyOnOrder > 0)).toBe(true);
    const first = (await ok(rep, '/Inventory/Search?inStockOnly=false', { pageSize: 1 })).rows[0];
    expect(first).toMatchObject({ extendedDescription: expect.any(String), shortCode: expect.any(String), upc: expect.stringMatching(/^\d{12}$/) });
  });
});

describe('Inventory/CustomerPartSummary, AlternateSummary, SubstituteSummary', () => {
  it("CustomerPartSummary lists the caller's customers' part numbers only; another rep's customer is a 404", async () => {
    const { rep, admin } = kit.users;
    const [mine] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer_part p JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01'`);
    const listed = await ok(rep, '/Inventory/CustomerPartSummary?inStockOnly=false', { pageSize: 500 });
    expect(listed.totalCount).toBe(mine!.n);
    expect(listed.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const [other] = await sql<Row>(`SELECT p.company, p.customer FROM erp.customer_part p JOIN erp.customer c USING (company, customer) WHERE c.sales_rep <> 'SR01' ORDER BY 1, 2 LIMIT 1`);
    expect((await post(rep, `/Inventory/CustomerPartSummary?customer=${other!.customer}&company=${other!.company}`)).status).toBe(404);
    const theirs = await ok(admin, `/Inventory/CustomerPartSummary?inStockOnly=false&customer=${other!.customer}&company=${other!.company}`, { pageSize: 500 });
    const [count] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.customer_part WHERE company = $1 AND customer = $2', [other!.company, other!.customer]);
    expect(theirs.totalCount).toBe(count!.n);
    const part = theirs.rows[0];
    const found = await ok(admin, `/Inventory/CustomerPartSummary?inStockOnly=false&inventorySearchField=${encodeURIComponent('Customer Part Number')}`, { searchString: part.customerPartNumber, searchOperator: 'Exact' });
    expect(found.rows.map((r: Row) => r.customerPartNumber)).toEqual([part.customerPartNumber]);
  });

  it('AlternateSummary gives an item\'s alternate codes; SubstituteSummary its substitutes with the substitute\'s stock', async () => {
    const { rep } = kit.users;
    const { item } = await itemWithEveryCode();
    const q = `itemNumber=${encodeURIComponent(item.item_number)}&company=${item.company}&inStockOnly=false`;
    const alternates = await ok(rep, `/Inventory/AlternateSummary?${q}`, { pageSize: 50 });
    const codes = await sql<{ alternate_code: string; code_type: string }>('SELECT alternate_code, code_type FROM erp.item_alternate WHERE company = $1 AND item_number = $2 ORDER BY 1', [item.company, item.item_number]);
    expect(alternates.rows.map((r: Row) => r.alternateCode).sort()).toEqual(codes.map((c) => c.alternate_code));
    expect(alternates.rows[0].itemNumber).toBe(item.item_number);
    const substitutes = await ok(rep, `/Inventory/SubstituteSummary?${q}`, { pageSize: 50 });
    const subs = await sql<{ substitute_item_number: string; on_hand: number }>(
      `SELECT x.substitute_item_number, (SELECT coalesce(sum(qty_on_hand), 0)::int FROM erp.inventory v WHERE v.company = x.company AND v.item_number = x.substitute_item_number) AS on_hand
         FROM erp.item_substitute x WHERE x.company = $1 AND x.item_number = $2 ORDER BY 1`,
      [item.company, item.item_number],
    );
    expect(substitutes.rows.map((r: Row) => [r.substituteItemNumber, r.substituteQtyOnHand])).toEqual(subs.map((s) => [s.substitute_item_number, s.on_hand]));
    const inStock = await ok(rep, `/Inventory/SubstituteSummary?itemNumber=${encodeURIComponent(item.item_number)}&company=${item.company}`, { pageSize: 50 });
    expect(inStock.rows.every((r: Row) => r.substituteQtyOnHand > 0)).toBe(true);
    for (const call of ['AlternateSummary', 'SubstituteSummary']) expect((await post(rep, `/Inventory/${call}?itemNumber=NO-SUCH-ITEM`)).status, call).toBe(404);
  });

  it('answers 403 without InventoryAccessRight', async () => {
    const { rep } = kit.users;
    await withRoleSettings(kit, 'SalesRep', { InventoryAccessRight: 'false' }, async () => {
      for (const call of ['Search', 'CustomerPartSummary', 'AlternateSummary', 'SubstituteSummary', 'DistraNet']) expect((await post(rep, `/Inventory/${call}`)).status, call).toBe(403);
      expect((await post(rep, '/Warehouse/Products/Search')).status).toBe(403);
    });
  });
});

describe('Inventory/DistraNet and Warehouse/Products/Search', () => {
  it("DistraNet lists every location of the network that has the item available, most first", async () => {
    const { rep } = kit.users;
    const [item] = await sql<Row>('SELECT item_number, count(*)::int AS n FROM erp.inventory WHERE qty_available > 0 GROUP BY item_number ORDER BY count(*) DESC, item_number LIMIT 1');
    const body = await ok(rep, `/Inventory/DistraNet?itemNumber=${encodeURIComponent(item!.item_number)}`, { pageSize: 500 });
    expect(body.totalCount).toBe(item!.n);
    const available = body.rows.map((r: Row) => r.qtyAvailable);
    expect(available).toEqual([...available].sort((a: number, b: number) => b - a));
    expect(body.rows[0]).toMatchObject({ companyName: expect.any(String), locationName: expect.any(String) });
    expect((await post(rep, '/Inventory/DistraNet?itemNumber=NO-SUCH-ITEM')).status).toBe(404);
  });

  it("Warehouse/Products/Search gives one warehouse's products; an unknown warehouse is a 404", async () => {
    const { rep } = kit.users;
    const [loc] = await sql<Row>('SELECT company, location, count(*) FILTER (WHERE qty_on_hand > 0)::int AS n FROM erp.inventory GROUP BY company, location ORDER BY company, location LIMIT 1');
    const body = await ok(rep, `/Warehouse/Products/Search?location=${loc!.location}&company=${loc!.company}`, { pageSize: 5 });
    expect(body.totalCount).toBe(loc!.n);
    expect(body.rows.every((r: Row) => r.location === loc!.location)).toBe(true);
    expect((await post(rep, '/Warehouse/Products/Search?location=NOWHERE')).status).toBe(404);
  });
});

describe('Inventory/ItemFrequentRecent and Pricing/GetCustomerPricing', () => {
  const customerOf = async (rep: string) =>
    (await sql<Row>(
      `SELECT c.company, c.customer FROM erp.customer c WHERE c.sales_rep = $1
          AND EXISTS (SELECT 1 FROM erp.invoice_line l WHERE l.company = c.company AND l.customer = c.customer AND l.invoice_date > DATE '2026-01-01')
        ORDER BY c.company, c.customer LIMIT 1`,
      [rep],
    ))[0]!;

  it("ItemFrequentRecent ranks the customer's items by how often he bought them in the months asked", async () => {
    const { rep, rep2 } = kit.users;
    const c = await customerOf('SR01');
    const body = await ok(rep, `/Inventory/ItemFrequentRecent?customer=${c.customer}&company=${c.company}`, { pageSize: 500 });
    const raw = await sql<{ item_number: string; times: number }>(
      `SELECT item_number, count(DISTINCT invoice_number) FILTER (WHERE qty > 0)::int AS times FROM erp.invoice_line
        WHERE company = $1 AND customer = $2 AND invoice_date BETWEEN DATE '2025-11-20' AND DATE '2026-11-20' GROUP BY item_number`,
      [c.company, c.customer],
    );
    expect(body).toMatchObject({ company: c.company, customer: c.customer, from: '2025-11-20', to: '2026-11-20' });
    expect(body.totalCount).toBe(raw.length);
    const times = body.rows.map((r: Row) => r.timesPurchased);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    expect(times[0]).toBe(Math.max(...raw.map((r) => r.times)));
    expect((await post(rep2, `/Inventory/ItemFrequentRecent?customer=${c.customer}&company=${c.company}`)).status).toBe(404);
    expect((await post(rep, `/Inventory/ItemFrequentRecent?customer=${c.customer}&months=0`)).status).toBe(400);
  });

  it("GetCustomerPricing prices at the lowest of contract, price library and list (MasterPrice1), cost StandardCost", async () => {
    const { rep, rep2 } = kit.users;
    const [line] = await sql<Row>(
      `SELECT j.company, j.customer, l.item_number, l.contract_price, l.min_qty FROM erp.contract_line l JOIN erp.contract j USING (company, job_number)
         JOIN erp.customer c ON c.company = j.company AND c.customer = j.customer
        WHERE c.sales_rep = 'SR01' AND j.ship_to IS NULL AND j.start_date <= DATE '2026-11-20' AND (j.end_date IS NULL OR j.end_date >= DATE '2026-11-20')
        ORDER BY j.company, j.job_number, l.line_number LIMIT 1`,
    );
    expect(line).toBeTruthy();
    const [item] = await sql<Row>('SELECT list_price, unit_cost FROM erp.item WHERE company = $1 AND item_number = $2', [line!.company, line!.item_number]);
    const body = await ok(rep, '/Pricing/GetCustomerPricing', { customer: line!.customer, company: line!.company, itemNumbers: [line!.item_number], qty: line!.min_qty });
    const row = body.rows[0];
    expect(row.listPrice).toBeCloseTo(Number(item!.list_price), 4);
    expect(row.cost).toBeCloseTo(Number(item!.unit_cost), 4);
    expect(row.price).toBeLessThanOrEqual(Number(line!.contract_price) + 1e-9);
    expect(row.price).toBeLessThanOrEqual(row.listPrice);
    expect(['Contract', 'PriceLibrary']).toContain(row.priceSource);
    expect((await post(rep2, '/Pricing/GetCustomerPricing', { customer: line!.customer, company: line!.company, itemNumbers: [line!.item_number] })).status).toBe(404);
    const unknown = await post(rep, '/Pricing/GetCustomerPricing', { customer: line!.customer, company: line!.company, itemNumbers: ['NO-SUCH-ITEM'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('NO-SUCH-ITEM');
    expect((await post(rep, '/Pricing/GetCustomerPricing', { customer: line!.customer, itemNumbers: [] })).status).toBe(400);
  });
});

describe('PurchaseOrder/OnTimePrediction', () => {
  const line = (leadDays: number, daysLate: number, productGroup = 'A', ageDays = 30): ReceivedLine => ({ leadDays, daysLate, ageDays, productGroup });

  it('predicts from the weighted history, shrinking a thin product group toward its supplier', () => {
    const onTime = Array.from({ length: 40 }, () => line(10, 0, 'A'));
    const late = Array.from({ length: 2 }, () => line(20, 10, 'B'));
    const result = predictOnTime([...onTime, ...late], { productGroup: 'B', allowedLeadDays: 10 });
    expect(result.basis).toBe('SupplierProductGroup');
    expect(result.sampleSize).toBe(2);
    expect(result.onTimeRate).toBe(0);
    // Two late lines alone would say 0 %; the supplier's 40 on-time lines pull it up, not all the way.
    expect(result.onTimeProbability).toBeGreaterThan(60);
    expect(result.onTimeProbability).toBeLessThan(95);
    const none = predictOnTime([], { productGroup: null, allowedLeadDays: 10 });
    expect(none).toMatchObject({ basis: 'NoHistory', onTimeProbability: null, leadDaysMedian: null });
    const recent = predictOnTime([line(5, -2, 'A', 10), line(30, 20, 'A', 2000)], { productGroup: null, allowedLeadDays: 7 });
    expect(recent.onTimeProbability).toBeGreaterThan(50);
    expect(recent.leadDaysMedian).toBe(5);
  });

  it("answers from the supplier's received lines; a more reliable supplier gets a higher chance", async () => {
    const { rep } = kit.users;
    const suppliers = await sql<{ company: string; supplier: string; rate: number; n: number }>(
      `SELECT company, supplier, avg((received_date <= due_date)::int)::float8 AS rate, count(*)::int AS n FROM erp.purchase_order_line
        WHERE received_date IS NOT NULL GROUP BY company, supplier HAVING count(*) >= 30 ORDER BY rate`,
    );
    const worst = suppliers[0]!;
    const best = suppliers[suppliers.length - 1]!;
    const predict = (s: { company: string; supplier: string }) => ok(rep, '/PurchaseOrder/OnTimePrediction', { supplier: s.supplier, company: s.company, orderDate: '2026-11-20' });
    const [low, high] = [await predict(worst), await predict(best)];
    expect(low.basis).toBe('Supplier');
    expect(low.sampleSize).toBeGreaterThan(0);
    expect(low.onTimeProbability).toBeLessThan(high.onTimeProbability);
    expect(low.onTimeRate).toBeLessThan(high.onTimeRate);
    expect(low.leadDaysP10).toBeLessThanOrEqual(low.leadDaysMedian);
    expect(low.leadDaysMedian).toBeLessThanOrEqual(low.leadDaysP90);
    expect(low.lateness.reduce((a: number, b: Row) => a + b.lineCount, 0)).toBe(low.sampleSize);
    const [group] = await sql<{ product_group: string }>('SELECT product_group FROM erp.purchase_order_line WHERE company = $1 AND supplier = $2 LIMIT 1', [worst.company, worst.supplier]);
    const byGroup = await ok(rep, '/PurchaseOrder/OnTimePrediction', { supplier: worst.supplier, company: worst.company, productGroup: group!.product_group, dueDate: '2026-12-31', orderDate: '2026-11-20' });
    expect(byGroup).toMatchObject({ basis: 'SupplierProductGroup', productGroup: group!.product_group, dueDate: '2026-12-31' });
    expect(byGroup.onTimeProbability).toBeGreaterThan(low.onTimeProbability);
  });

  it('404 for an unknown supplier or group, 400 for a due date before the order, 403 without PurchaseAccessRight', async () => {
    const { rep } = kit.users;
    const [s] = await sql<Row>('SELECT company, supplier FROM erp.supplier ORDER BY 1, 2 LIMIT 1');
    expect((await post(rep, '/PurchaseOrder/OnTimePrediction', { supplier: 'NOPE' })).status).toBe(404);
    expect((await post(rep, '/PurchaseOrder/OnTimePrediction', { supplier: s!.supplier, productGroup: 'NOPE' })).status).toBe(404);
    expect((await post(rep, '/PurchaseOrder/OnTimePrediction', { supplier: s!.supplier, orderDate: '2026-11-20', dueDate: '2026-11-01' })).status).toBe(400);
    expect((await post(rep, '/PurchaseOrder/OnTimePrediction', { supplier: s!.supplier, orderDate: '2026-02-30' })).status).toBe(400);
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await post(rep, '/PurchaseOrder/OnTimePrediction', { supplier: s!.supplier })).status).toBe(403);
    });
  });
});
