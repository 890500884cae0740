import { describe, expect, it } from 'vitest';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import { TODAY, useErpServices } from './erp-test-kit.ts';
import { MIN_PEERS } from './whitespace-routes.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

const url = (customer: string, company: string) => `/Customer/WhiteSpace/${encodeURIComponent(customer)}/${company}`;

/** Customers of an account class of their own, each with invoice lines (product group → sales) ten days before TODAY. */
async function withCustomers(accountClass: string, customers: Array<{ code: string; groups: Record<string, number> }>, body: () => Promise<void>) {
  const codes = customers.map((c) => c.code);
  await sql(
    `INSERT INTO erp.customer (company, customer, customer_name, branch, sales_rep, account_class1, created_date)
     SELECT '01', code, 'White Space ' || code, 'CHI', 'SR01', $2, DATE '2020-01-01' FROM unnest($1::text[]) AS code`,
    [codes, accountClass],
  );
  const lines = customers.flatMap((c) => Object.entries(c.groups).map(([group, sales]) => ({ customer: c.code, group, sales })));
  await sql(
    `INSERT INTO erp.invoice_line (company, invoice_number, invoice_line_number, customer, ship_to, sales_rep, branch, invoice_date,
                                   item_number, product_group, qty, unit_price, sales, cost, commission_cost, freight)
     SELECT '01', 'WS' || l.customer, row_number() OVER (PARTITION BY l.customer)::int, l.customer, l.customer, 'SR01', 'CHI', $2::date - 10,
            'WS-ITEM', l."group", 1, l.sales, l.sales, 0, 0, 0
       FROM jsonb_to_recordset($1::jsonb) AS l(customer text, "group" text, sales numeric)`,
    [JSON.stringify(lines), TODAY],
  );
  await sql('SELECT erp.refresh_white_space_rollups()');
  try {
    await body();
  } finally {
    await sql('DELETE FROM erp.invoice_line WHERE customer = ANY($1::text[])', [codes]);
    await sql('DELETE FROM erp.customer WHERE customer = ANY($1::text[])', [codes]);
    await sql('SELECT erp.refresh_white_space_rollups()');
  }
}

describe('Customer/WhiteSpace', () => {
  it("answers for the rep's own customer: the groups enough peers buy and it does not, largest gap first", async () => {
    const { rep } = kit.users;
    const mine = await sql<{ company: string; customer: string }>(
      `SELECT c.company, c.customer FROM erp.customer c JOIN erp.customer_trailing_year_sales t USING (company, customer)
        WHERE c.sales_rep = 'SR01' ORDER BY t.sales DESC`,
    );
    expect(mine.length).toBeGreaterThan(0);
    const bands = await sql('SELECT label, from_sales::float8 AS "from", to_sales::float8 AS "to" FROM erp.sales_size_band ORDER BY band');
    for (const { company, customer } of mine) {
      const answer = await ok(rep, url(customer, company), {});
      expect(answer).toMatchObject({ company, customer, to: TODAY, from: '2025-11-21', minPeers: MIN_PEERS });
      expect(bands).toContainEqual(answer.sizeBand);
      const bought = (await sql<{ product_group: string }>(
        `SELECT product_group FROM erp.invoice_line WHERE company = $1 AND customer = $2 AND invoice_date > '2025-11-20'
          GROUP BY 1 HAVING sum(sales) > 0`,
        [company, customer],
      )).map((r) => r.product_group);
      for (const row of answer.rows) {
        expect(bought).not.toContain(row.productGroup);
        expect(row.peerShare).toBeGreaterThanOrEqual(answer.minPeerShare);
        // The share is rounded to 0.1%, the gap is not.
        expect(Math.abs(row.estimatedGap - (row.peerShareOfWallet / 100) * answer.sales)).toBeLessThanOrEqual(0.0005 * answer.sales + 0.01);
      }
      const gaps = answer.rows.map((r: { estimatedGap: number }) => r.estimatedGap);
      expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    }
  });

  it("answers 404 for another rep's customer and for one that does not exist, 400 for a bad id, 401 signed out", async () => {
    const { rep, admin, viewer } = kit.users;
    const [other] = await sql<{ company: string; customer: string }>(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR02' LIMIT 1`);
    expect((await post(rep, url(other!.customer, other!.company))).status).toBe(404);
    expect((await post(viewer, url(other!.customer, other!.company))).status).toBe(404);
    expect((await post(admin, url(other!.customer, other!.company))).status).toBe(200);
    expect((await post(rep, url('C999999', '01'))).body.message).toBe('Customer C999999 of company 01 not found');
    expect((await post(rep, url('x'.repeat(41), '01'))).status).toBe(400);
    const signedOut = await kit.services.browser().request('POST', `/api${url(other!.customer, other!.company)}`, { body: {} });
    expect([401, 403]).toContain(signedOut.statusCode);
  });

  it("answers for the rep's own prospect with no sales to compare, 404 for another rep's", async () => {
    const { rep } = kit.users;
    await sql(
      `INSERT INTO erp.prospect (company, prospect, prospect_name, branch, sales_rep, account_class1, created_date)
       VALUES ('01', 'PWS1', 'White Space Prospect 1', 'CHI', 'SR01', 'A', DATE '2026-01-01'), ('01', 'PWS2', 'White Space Prospect 2', 'CHI', 'SR02', 'A', DATE '2026-01-01')`,
    );
    try {
      expect(await ok(rep, url('PWS1', '01'), {})).toMatchObject({ customer: 'PWS1', sales: 0, sizeBand: null, peerCount: 0, rows: [] });
      expect((await post(rep, url('PWS2', '01'))).status).toBe(404);
    } finally {
      await sql(`DELETE FROM erp.prospect WHERE prospect IN ('PWS1', 'PWS2')`);
    }
  });

  it('gives the gap of a constructed case: the median share of the buying peers times the account’s sales', async () => {
    const { rep } = kit.users;
    // Six peers of 8,000 each: five buy bearings at 10, 20, 25, 30 and 40% of their sales (median 25%),
    // two buy hydraulics (a third of the peers: under the 50% bar); the account buys only fasteners, for 4,000.
    const peers: Array<{ code: string; groups: Record<string, number> }> = [
      { code: 'WSP1', groups: { FAS: 7200, BRG: 800 } },
      { code: 'WSP2', groups: { FAS: 6400, BRG: 1600 } },
      { code: 'WSP3', groups: { FAS: 6000, BRG: 2000 } },
      { code: 'WSP4', groups: { FAS: 5600, BRG: 2400 } },
      { code: 'WSP5', groups: { FAS: 4700, BRG: 3200, HYD: 100 } },
      { code: 'WSP6', groups: { FAS: 7900, HYD: 100 } },
      // Same class, another size band: not a peer.
      { code: 'WSBIG', groups: { FAS: 60_000, PNU: 40_000 } },
    ];
    await withCustomers('White Space Test', [...peers, { code: 'WSME', groups: { FAS: 4000 } }], async () => {
      const answer = await ok(rep, url('WSME', '01'), {});
      expect(answer).toMatchObject({ accountClass: 'White Space Test', sales: 4000, sizeBand: { label: 'Under $10K', from: 0, to: 10000 }, peerCount: 6 });
      expect(answer.rows).toEqual([
        { productGroup: 'BRG', productGroupName: 'Bearings', peerShare: 83.3, peersBuying: 5, peerShareOfWallet: 25, estimatedGap: 1000 },
      ]);
    });
    // Too few peers: no rows, whatever they buy (another account: answers are cached per data load).
    await withCustomers('White Space Few', [...peers.slice(0, MIN_PEERS - 2), { code: 'WSFEW', groups: { FAS: 4000 } }], async () => {
      const answer = await ok(rep, url('WSFEW', '01'), {});
      expect(answer).toMatchObject({ peerCount: MIN_PEERS - 2, rows: [] });
    });
  });

  it("is on the account summary's default board, taking the page's customer and company", async () => {
    const { rep } = kit.users;
    const page = await kit.get(rep, `/DynamicPage/Default/${SECTION_IDS.accountSummary}`);
    const instance = page.body.cards
      .flatMap((c: { componentInstances: Array<{ componentInstanceName: string; configs: object }> }) => c.componentInstances)
      .find((i: { componentInstanceName: string }) => i.componentInstanceName === 'White Space');
    expect(instance).toBeDefined();
    const [mine] = await sql<{ company: string; customer: string }>(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1`);
    const boardFilters = implicitFilters('/accountSummary', `?accountType=customer&accountId=${mine!.customer}&company=${mine!.company}`);
    const request = buildPartRequest(instance.configs, 'data', { boardFilters })!;
    expect(request.path).toBe(url(mine!.customer, mine!.company));
    expect((await ok(rep, request.path, request.body)).customer).toBe(mine!.customer);
    expect(buildPartRequest(instance.configs, 'data', { boardFilters: implicitFilters('/accountSummary', '?accountType=shipto&accountId=X&company=01') })).toBeNull();
  });
});
