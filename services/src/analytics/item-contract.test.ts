import { describe, expect, it } from 'vitest';
import { cents, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { get, ok, post, sql } = kit;

/** A kit-free item kept at several locations, with more than one unit of measure. */
const itemWithPacks = async () =>
  (await sql<{ company: string; item_number: string }>(
    `SELECT i.company, i.item_number FROM erp.item i
      WHERE (SELECT count(*) FROM erp.item_uom u WHERE u.company = i.company AND u.item_number = i.item_number) > 1
        AND (SELECT count(*) FROM erp.inventory v WHERE v.company = i.company AND v.item_number = i.item_number) > 1
      ORDER BY i.company, i.item_number LIMIT 1`,
  ))[0]!;
const q = (item: { company: string; item_number: string }) => `itemNumber=${encodeURIComponent(item.item_number)}&company=${item.company}`;

describe('The item page: Inventory/MasterSummary, Master, Uoms and GET Details', () => {
  it('MasterSummary sums the stock of every location of the item', async () => {
    const { rep } = kit.users;
    const item = await itemWithPacks();
    const { status, body } = await get(rep, `/Inventory/MasterSummary?${q(item)}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const [raw] = await sql<{ on_hand: number; on_order: number; value: string; n: number; sold: string | null }>(
      `SELECT sum(qty_on_hand)::int AS on_hand, sum(qty_on_order)::int AS on_order, sum(round(qty_on_hand * unit_cost, 2)) AS value, count(*)::int AS n,
              to_char(max(last_sold_date), 'YYYY-MM-DD') AS sold
         FROM erp.inventory WHERE company = $1 AND item_number = $2`,
      [item.company, item.item_number],
    );
    expect(body).toMatchObject({ company: item.company, itemNumber: item.item_number, qtyOnHand: raw!.on_hand, qtyOnOrder: raw!.on_order, locationCount: raw!.n, lastSoldDate: raw!.sold });
    expect(cents(body.value)).toBe(cents(raw!.value));
    expect(body.productGroupName).toBeTruthy();
    expect(body.supplierName).toBeTruthy();
  });

  it('Master gives the master fields; without a company the first company that keeps the item', async () => {
    const { rep } = kit.users;
    const item = await itemWithPacks();
    const [raw] = await sql<{ description: string; list_price: string; unit_cost: string; upc: string }>(
      `SELECT i.description, i.list_price, i.unit_cost, u.upc FROM erp.item i JOIN erp.item_uom u ON u.company = i.company AND u.item_number = i.item_number AND u.is_base
        WHERE i.company = $1 AND i.item_number = $2`,
      [item.company, item.item_number],
    );
    const { status, body } = await get(rep, `/Inventory/Master?${q(item)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ itemNumber: item.item_number, description: raw!.description, upc: raw!.upc, isKit: false });
    expect(cents(body.listPrice)).toBe(cents(raw!.list_price));
    expect(body.companies).toContain(item.company);
    const [first] = await sql<{ company: string }>('SELECT min(company) AS company FROM erp.item WHERE item_number = $1', [item.item_number]);
    expect((await get(rep, `/Inventory/Master?itemNumber=${encodeURIComponent(item.item_number)}`)).body.company).toBe(first!.company);
  });

  it('Uoms lists the base unit first, each pack priced at list × its factor', async () => {
    const { rep } = kit.users;
    const item = await itemWithPacks();
    const { status, body } = await get(rep, `/Inventory/Uoms?${q(item)}`);
    expect(status).toBe(200);
    expect(body.rows.length).toBeGreaterThan(1);
    expect(body.rows[0]).toMatchObject({ isBase: true, conversionFactor: 1 });
    const base = body.rows[0].listPrice;
    for (const uom of body.rows) expect(uom.listPrice).toBeCloseTo(base * uom.conversionFactor, 2);
  });

  it('GET Details gives the stock at each location, as POST Details does for those rows', async () => {
    const { rep } = kit.users;
    const item = await itemWithPacks();
    const { status, body } = await get(rep, `/Inventory/Details?${q(item)}`);
    expect(status).toBe(200);
    const locations = await sql<{ location: string }>('SELECT location FROM erp.inventory WHERE company = $1 AND item_number = $2 ORDER BY location', [item.company, item.item_number]);
    expect(body.rows.map((r: { location: string }) => r.location)).toEqual(locations.map((l) => l.location));
    const posted = await ok(rep, '/Inventory/Details?inStockOnly=false', { filters: [{ field: 'itemNumber', comparison: 'equals', values: [item.item_number] }, { field: 'company', comparison: 'equals', values: [item.company] }], pageSize: 100, sortBy: 'location', sortDir: 'asc' });
    expect(body.rows).toEqual(posted.rows);
  });

  it('answers 404 for an item that is not kept (or not in the company named), 400 for bad input, 403 without InventoryAccessRight', async () => {
    const { rep } = kit.users;
    const item = await itemWithPacks();
    for (const call of ['MasterSummary', 'Master', 'Uoms', 'Details']) {
      expect((await get(rep, `/Inventory/${call}?itemNumber=NO-SUCH-ITEM`)).status, call).toBe(404);
      const other = await get(rep, `/Inventory/${call}?itemNumber=${encodeURIComponent(item.item_number)}&company=ZZ`);
      expect(other.status, call).toBe(404);
      expect(other.body.message).toContain(item.item_number);
      expect((await get(rep, `/Inventory/${call}`)).status, call).toBe(400);
      expect((await get(rep, `/Inventory/${call}?itemNumber=`)).status, call).toBe(400);
      expect((await get(rep, `/Inventory/${call}?itemNumber=${'x'.repeat(61)}`)).status, call).toBe(400);
    }
    await withRoleSettings(kit, 'SalesRep', { InventoryAccessRight: 'false' }, async () => {
      expect((await get(rep, `/Inventory/Master?${q(item)}`)).status).toBe(403);
      expect((await get(rep, `/Inventory/Uoms?${q(item)}`)).status).toBe(403);
    });
  });
});

describe('Contract/Details/{jobPriceHeaderUid}', () => {
  /** A customer contract of `rep`'s with the most lines. */
  const contractOf = async (rep: string) =>
    (await sql<{ company: string; job_number: string; line_count: number; customer: string }>(
      'SELECT company, job_number, line_count, customer FROM erp.contract WHERE sales_rep = $1 AND customer IS NOT NULL ORDER BY line_count DESC, job_number LIMIT 1',
      [rep],
    ))[0]!;

  it("gives the rep's contract with its items at contract price, paged, searched and sorted", async () => {
    const { rep } = kit.users;
    const job = await contractOf('SR01');
    const first = await ok(rep, `/Contract/Details/${job.job_number}`, { pageSize: 10 });
    expect(first.header).toMatchObject({ company: job.company, jobNumber: job.job_number, customer: job.customer, lineCount: job.line_count, salesRep: 'SR01' });
    expect(first.header.customerName).toBeTruthy();
    expect(first.totalCount).toBe(job.line_count);
    expect(first.rows.map((r: { lineNumber: number }) => r.lineNumber)).toEqual(Array.from({ length: Math.min(10, job.line_count) }, (_, i) => i + 1));
    const line = first.rows[0];
    const [raw] = await sql<{ contract_price: string; list_price: string }>(
      `SELECT l.contract_price, i.list_price FROM erp.contract_line l JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number
        WHERE l.company = $1 AND l.job_number = $2 AND l.line_number = 1`,
      [job.company, job.job_number],
    );
    expect(Math.round(line.contractPrice * 10_000)).toBe(Math.round(Number(raw!.contract_price) * 10_000));
    expect(line.contractPrice).toBeLessThan(line.listPrice);
    expect(line.discountPercent).toBeCloseTo(100 * (1 - Number(raw!.contract_price) / Number(raw!.list_price)), 1);

    const sorted = await ok(rep, `/Contract/Details/${job.job_number}`, { company: job.company, sortBy: 'contractPrice', sortDir: 'desc', pageSize: 500 });
    const prices = sorted.rows.map((r: { contractPrice: number }) => r.contractPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const searched = await ok(rep, `/Contract/Details/${job.job_number}`, { searchString: line.itemNumber });
    expect(searched.rows.map((r: { itemNumber: string }) => r.itemNumber)).toContain(line.itemNumber);
  });

  it("opens every contract a customer's list shows him, its corporate account's included, whoever its rep", async () => {
    const { rep } = kit.users;
    // A corporate contract of another rep's over one of SR01's customers (the test data has none: made here).
    const [customer] = await sql<{ company: string; customer: string; corporate: string }>(
      `SELECT c.company, c.customer, k.corporate FROM erp.customer c JOIN erp.corporate k ON k.company = c.company
        WHERE c.sales_rep = 'SR01' ORDER BY c.customer, k.corporate LIMIT 1`,
    );
    await sql('UPDATE erp.customer SET corporate = $3 WHERE company = $1 AND customer = $2', [customer!.company, customer!.customer, customer!.corporate]);
    const [corporate] = await sql<{ job_number: string }>(
      `UPDATE erp.contract SET customer = NULL, ship_to = NULL, corporate = $2
        WHERE job_number = (SELECT min(job_number) FROM erp.contract WHERE company = $1 AND sales_rep <> 'SR01') RETURNING job_number`,
      [customer!.company, customer!.corporate],
    );
    const listed = await ok(rep, `/Customer/Contract/${customer!.customer}/${customer!.company}`, { pageSize: 500 });
    expect(listed.rows.map((r: { jobNumber: string }) => r.jobNumber)).toContain(corporate!.job_number);
    for (const { jobNumber } of listed.rows as Array<{ jobNumber: string }>) {
      expect((await post(rep, `/Contract/Details/${jobNumber}`)).status, jobNumber).toBe(200);
    }
  });

  it("answers 404 for another rep's contract, an unknown job or another company; 400 for bad input", async () => {
    const { rep, rep2, admin } = kit.users;
    const job = await contractOf('SR01');
    expect((await post(rep2, `/Contract/Details/${job.job_number}`)).status).toBe(404);
    expect((await post(admin, `/Contract/Details/${job.job_number}`)).status).toBe(200);
    expect((await post(rep, '/Contract/Details/J999999')).status).toBe(404);
    expect((await post(rep, `/Contract/Details/${job.job_number}`, { company: 'ZZ' })).status).toBe(404);
    expect((await post(rep, `/Contract/Details/${job.job_number}`, { sortBy: 'nothing' })).status).toBe(400);
    expect((await post(rep, `/Contract/Details/${job.job_number}`, { pageSize: 0 })).status).toBe(400);
    expect((await post(rep, `/Contract/Details/${'J'.repeat(41)}`)).status).toBe(400);
  });
});
