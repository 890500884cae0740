import { describe, expect, it } from 'vitest';
import { TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

type Row = Record<string, any>;
const CUSTOMER_OF = (rep: string) => `SELECT company, customer FROM erp.customer WHERE sales_rep = '${rep}' ORDER BY company, customer LIMIT 1`;

/** The ranking the searches promise: the number itself, then numbers or names beginning with the text, then the rest. */
const rankOf = (row: Row, text: string) => {
  const t = text.toLowerCase();
  const id = String(row.accountId).toLowerCase();
  const name = String(row.accountName).toLowerCase();
  return id === t ? 0 : id.startsWith(t) || name.startsWith(t) ? 1 : 2;
};
function expectRanked(rows: Row[], text: string) {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const [ra, rb] = [rankOf(a, text), rankOf(b, text)];
    expect(ra, `${a.accountId} before ${b.accountId}`).toBeLessThanOrEqual(rb);
    if (ra === rb) expect(String(a.accountName).toLowerCase() <= String(b.accountName).toLowerCase(), `${a.accountName} before ${b.accountName}`).toBe(true);
  }
}

const haversine = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
};

describe('reference records by id', () => {
  it('Branch, Company, Location and ProductGroup ById equal the ERP rows; 404 when unknown', async () => {
    const { rep } = kit.users;
    const [b] = await sql(`SELECT company, branch, branch_name, address1, city, state, postal_code, phone FROM erp.branch ORDER BY company DESC, branch LIMIT 1`);
    expect(await ok(rep, `/Branch/ById/${b!.branch}/${b!.company}`)).toEqual({
      company: b!.company,
      branch: b!.branch,
      branchName: b!.branch_name,
      address: b!.address1,
      city: b!.city,
      state: b!.state,
      postalCode: b!.postal_code,
      phone: b!.phone,
    });
    expect((await post(rep, `/Branch/ById/${b!.branch}/ZZ`)).status).toBe(404);

    const [c] = await sql(`SELECT company, company_name FROM erp.company ORDER BY company DESC LIMIT 1`);
    expect(await ok(rep, `/Company/ById/${c!.company}`)).toEqual({ company: c!.company, companyName: c!.company_name });
    const missing = await post(rep, '/Company/ById/NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });

    const [l] = await sql(`SELECT company, location, location_name, branch, city, state FROM erp.location ORDER BY company, location LIMIT 1`);
    expect(await ok(rep, `/Location/ById/${l!.location}/${l!.company}`)).toEqual({
      company: l!.company,
      location: l!.location,
      locationName: l!.location_name,
      branch: l!.branch,
      city: l!.city,
      state: l!.state,
    });
    expect((await post(rep, `/Location/ById/NOPE/${l!.company}`)).status).toBe(404);

    const [g] = await sql(`SELECT company, product_group, product_group_name FROM erp.product_group ORDER BY company DESC, product_group LIMIT 1`);
    expect(await ok(rep, `/ProductGroup/ById/${g!.product_group}?company=${g!.company}`)).toEqual({
      company: g!.company,
      productGroup: g!.product_group,
      productGroupName: g!.product_group_name,
    });
    const [first] = await sql(`SELECT min(company) AS company FROM erp.product_group WHERE product_group = $1`, [g!.product_group]);
    expect((await ok(rep, `/ProductGroup/ById/${g!.product_group}`)).company).toBe(first!.company);
    expect((await post(rep, '/ProductGroup/ById/NOPE')).status).toBe(404);
  });

  it('bad ids answer 400 naming the field, never 5xx', async () => {
    const { rep } = kit.users;
    const long = 'X'.repeat(41);
    const bad = await post(rep, `/Company/ById/${long}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('company');
    expect((await post(rep, `/Branch/ById/${long}/01`)).body.message).toContain('branch');
    const weird = await post(rep, `/Location/ById/${encodeURIComponent("'; DROP TABLE erp.location; --")}/01`);
    expect(weird.status).toBe(404);
    expect((await sql(`SELECT count(*)::int AS n FROM erp.location`))[0]!.n).toBeGreaterThan(0);
  });
});

describe('County/List', () => {
  it('gives the states of the caller\u2019s customers with their counts, scoped', async () => {
    const { admin, rep, viewer } = kit.users;
    const all = await ok(admin, '/County/List', { pageSize: 500 });
    const raw = await sql<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM erp.customer WHERE state IS NOT NULL GROUP BY 1 ORDER BY 1`);
    expect(all.rows).toEqual(raw.map((r) => ({ state: r.state, customerCount: r.n })));
    expect(all.totalCount).toBe(raw.length);

    const mine = await ok(rep, '/County/List', { pageSize: 500, sortBy: 'customerCount', sortDir: 'desc' });
    const rawMine = await sql<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM erp.customer WHERE sales_rep = 'SR01' AND state IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    expect(mine.rows).toEqual(rawMine.map((r) => ({ state: r.state, customerCount: r.n })));

    const first = raw[0]!.state;
    const searched = await ok(admin, '/County/List', { searchString: first, searchOperator: 'Exact' });
    expect(searched.rows).toEqual([{ state: first, customerCount: raw[0]!.n }]);
    expect((await ok(viewer, '/County/List')).totalCount).toBe(0);
    expect((await post(admin, '/County/List', { sortBy: 'county' })).body.message).toContain("'county'");
  });
});

describe('one account', () => {
  it('Customer/{customer}: the whole record, equal to the ERP row', async () => {
    const { admin } = kit.users;
    const [c] = await sql(
      `SELECT c.*, b.branch_name, r.name AS rep_name, k.corporate_name,
              (SELECT count(*)::int FROM erp.ship_to s WHERE s.company = c.company AND s.customer = c.customer) AS ship_tos,
              (SELECT count(*)::int FROM erp.contact t WHERE t.company = c.company AND t.customer = c.customer) AS contacts
         FROM erp.customer c
         LEFT JOIN erp.branch b ON b.company = c.company AND b.branch = c.branch
         LEFT JOIN erp.sales_rep r ON r.company = c.company AND r.sales_rep = c.sales_rep
         LEFT JOIN erp.corporate k ON k.company = c.company AND k.corporate = c.corporate
        WHERE c.corporate IS NOT NULL ORDER BY c.company, c.customer LIMIT 1`,
    );
    const detail = await ok(admin, `/Customer/${c!.customer}?company=${c!.company}`);
    expect(detail).toEqual({
      company: c!.company,
      customer: c!.customer,
      customerName: c!.customer_name,
      address: c!.address1,
      city: c!.city,
      state: c!.state,
      postalCode: c!.postal_code,
      phone: c!.phone,
      branch: c!.branch,
      branchName: c!.branch_name,
      salesRep: c!.sales_rep,
      salesRepName: c!.rep_name,
      corporate: c!.corporate,
      corporateName: c!.corporate_name,
      accountClass1: c!.account_class1,
      accountClass2: c!.account_class2,
      accountClass3: c!.account_class3,
      accountClass4: c!.account_class4,
      accountClass5: c!.account_class5,
      creditLimit: c!.credit_limit === null ? null : Number(c!.credit_limit),
      terms: c!.terms,
      latitude: c!.latitude,
      longitude: c!.longitude,
      createdDate: (await sql(`SELECT to_char($1::date, 'YYYY-MM-DD') AS d`, [c!.created_date]))[0]!.d,
      isActive: c!.is_active,
      shipToCount: c!.ship_tos,
      contactCount: c!.contacts,
    });
  });

  it("404 for unknown accounts and for another rep's; a manager reads his team's", async () => {
    const { rep, rep2, manager, viewer } = kit.users;
    const [mine] = await sql(CUSTOMER_OF('SR01'));
    const url = `/Customer/${mine!.customer}?company=${mine!.company}`;
    expect((await post(rep, url)).status).toBe(200);
    const theirs = await post(rep2, url);
    expect(theirs.status).toBe(404);
    // The same answer as for an account that does not exist: nothing about the account leaks.
    const unknown = await post(rep2, `/Customer/NOPE?company=${mine!.company}`);
    expect(unknown.status).toBe(404);
    expect(Object.keys(theirs.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(JSON.stringify(theirs.body)).not.toContain('customerName');
    expect((await post(manager, url)).status).toBe(200);
    expect((await post(viewer, url)).status).toBe(404);
    // The right id in another company is another account.
    expect((await post(rep, `/Customer/${mine!.customer}?company=ZZ`)).status).toBe(404);
  });

  it('bad input: the company query is required, ids are bounded', async () => {
    const { rep } = kit.users;
    const [mine] = await sql(CUSTOMER_OF('SR01'));
    const missing = await post(rep, `/Customer/${mine!.customer}`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('company');
    expect((await post(rep, `/ShipTo/X?company=${'9'.repeat(41)}`)).body.message).toContain('company');
    expect((await post(rep, `/Corporate/${'K'.repeat(41)}?company=01`)).body.message).toContain('corporate');
  });

  it('ShipTo/{shipTo} and Corporate/{corporate} equal the ERP rows and are scoped', async () => {
    const { admin, rep, rep2 } = kit.users;
    const [s] = await sql(
      `SELECT s.*, c.customer_name, b.branch_name, r.name AS rep_name, to_char(s.created_date, 'YYYY-MM-DD') AS created
         FROM erp.ship_to s JOIN erp.customer c ON c.company = s.company AND c.customer = s.customer
         LEFT JOIN erp.branch b ON b.company = s.company AND b.branch = s.branch
         LEFT JOIN erp.sales_rep r ON r.company = s.company AND r.sales_rep = s.sales_rep
        WHERE s.sales_rep = 'SR01' ORDER BY s.company, s.ship_to LIMIT 1`,
    );
    const url = `/ShipTo/${s!.ship_to}?company=${s!.company}`;
    expect(await ok(rep, url)).toEqual({
      company: s!.company,
      shipTo: s!.ship_to,
      shipToName: s!.ship_to_name,
      customer: s!.customer,
      customerName: s!.customer_name,
      address: s!.address1,
      city: s!.city,
      state: s!.state,
      postalCode: s!.postal_code,
      phone: s!.phone,
      branch: s!.branch,
      branchName: s!.branch_name,
      salesRep: 'SR01',
      salesRepName: s!.rep_name,
      createdDate: s!.created,
    });
    expect((await post(rep2, url)).status).toBe(404);
    expect((await post(admin, `/ShipTo/NOPE?company=01`)).status).toBe(404);

    const [k] = await sql(
      `SELECT k.*, r.name AS rep_name, (SELECT count(*)::int FROM erp.customer c WHERE c.company = k.company AND c.corporate = k.corporate) AS n
         FROM erp.corporate k LEFT JOIN erp.sales_rep r ON r.company = k.company AND r.sales_rep = k.sales_rep
        ORDER BY n DESC, k.company, k.corporate LIMIT 1`,
    );
    const corporate = await ok(admin, `/Corporate/${k!.corporate}?company=${k!.company}`);
    expect(corporate).toEqual({
      company: k!.company,
      corporate: k!.corporate,
      corporateName: k!.corporate_name,
      address: k!.address1,
      city: k!.city,
      state: k!.state,
      postalCode: k!.postal_code,
      phone: k!.phone,
      salesRep: k!.sales_rep,
      salesRepName: k!.rep_name,
      customerCount: k!.n,
    });
    const [other] = await sql(`SELECT company, corporate FROM erp.corporate WHERE sales_rep IS DISTINCT FROM 'SR01' AND sales_rep NOT IN (SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SR01') LIMIT 1`);
    expect((await post(rep, `/Corporate/${other!.corporate}?company=${other!.company}`)).status).toBe(404);
  });

  it('GET Supplier/{supplier} (PurchaseAccessRight) and GET Prospect/{customer}/{company} (scoped)', async () => {
    const { admin, rep, rep2 } = kit.users;
    const [v] = await sql(
      `SELECT s.*, (SELECT count(*)::int FROM erp.item i WHERE i.company = s.company AND i.supplier = s.supplier) AS items
         FROM erp.supplier s ORDER BY s.company, s.supplier LIMIT 1`,
    );
    const supplierUrl = `/Supplier/${v!.supplier}?company=${v!.company}`;
    const supplier = await get(rep, supplierUrl);
    expect(supplier.status).toBe(200);
    expect(supplier.body).toEqual({
      company: v!.company,
      supplier: v!.supplier,
      supplierName: v!.supplier_name,
      address: v!.address1,
      city: v!.city,
      state: v!.state,
      postalCode: v!.postal_code,
      phone: v!.phone,
      terms: v!.terms,
      leadDays: v!.lead_days,
      itemCount: v!.items,
    });
    expect((await get(rep, `/Supplier/NOPE?company=${v!.company}`)).status).toBe(404);
    expect((await get(rep, `/Supplier/${v!.supplier}`)).body.message).toContain('company');
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await get(rep, supplierUrl)).status).toBe(403);
    });

    const [p] = await sql(
      `SELECT p.*, b.branch_name, r.name AS rep_name, to_char(p.created_date, 'YYYY-MM-DD') AS created
         FROM erp.prospect p LEFT JOIN erp.branch b ON b.company = p.company AND b.branch = p.branch
         LEFT JOIN erp.sales_rep r ON r.company = p.company AND r.sales_rep = p.sales_rep
        ORDER BY p.company, p.prospect LIMIT 1`,
    );
    const prospectUrl = `/Prospect/${p!.prospect}/${p!.company}`;
    const prospect = await get(admin, prospectUrl);
    expect(prospect.status).toBe(200);
    expect(prospect.body).toEqual({
      company: p!.company,
      customer: p!.prospect,
      customerName: p!.prospect_name,
      address: p!.address1,
      city: p!.city,
      state: p!.state,
      postalCode: p!.postal_code,
      phone: p!.phone,
      branch: p!.branch,
      branchName: p!.branch_name,
      salesRep: p!.sales_rep,
      salesRepName: p!.rep_name,
      accountClass1: p!.account_class1,
      source: p!.source,
      createdDate: p!.created,
    });
    const [notRep2] = await sql(`SELECT company, prospect FROM erp.prospect WHERE sales_rep <> 'SR02' LIMIT 1`);
    expect((await get(rep2, `/Prospect/${notRep2!.prospect}/${notRep2!.company}`)).status).toBe(404);
    expect((await get(admin, `/Prospect/NOPE/01`)).status).toBe(404);
  });
});

describe("a sales rep's accounts", () => {
  it('Customer/SalesRep/true: the accounts assigned to the rep (default: the caller)', async () => {
    const { rep, manager } = kit.users;
    const mine = await ok(rep, '/Customer/SalesRep/true', { pageSize: 500 });
    const raw = await sql<{ customer: string }>(`SELECT customer FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY company, customer`);
    expect(mine).toMatchObject({ salesRep: 'SR01', primary: true, totalCount: raw.length });
    expect(mine.rows.map((r: Row) => r.customer).sort()).toEqual(raw.map((r) => r.customer).sort());
    expect(Object.keys(mine.rows[0])).toEqual(expect.arrayContaining(['company', 'customer', 'customerName', 'address', 'branch', 'branchName']));
    // A manager reads each rep of his team, one at a time.
    const team = await ok(manager, '/Customer/SalesRep/true', { salesRep: 'SR01', pageSize: 5 });
    expect(team.totalCount).toBe(raw.length);
    expect(team.rows).toHaveLength(5);
  });

  it('Customer/SalesRep/false: the accounts the rep invoiced (the transaction rep)', async () => {
    const { admin } = kit.users;
    const invoiced = await ok(admin, '/Customer/SalesRep/false', { salesRep: 'SR02', pageSize: 500 });
    const raw = await sql<{ customer: string }>(`SELECT DISTINCT customer FROM erp.invoice_header WHERE sales_rep = 'SR02'`);
    expect(invoiced.primary).toBe(false);
    expect(invoiced.rows.map((r: Row) => r.customer).sort()).toEqual(raw.map((r) => r.customer).sort());
  });

  it('ShipTo and Corporate SalesRep lists equal the ERP rows', async () => {
    const { rep, admin } = kit.users;
    const shipTos = await ok(rep, '/ShipTo/SalesRep/true', { pageSize: 500 });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.ship_to WHERE sales_rep = 'SR01'`);
    expect(shipTos.totalCount).toBe(n);
    expect(shipTos.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const invoicedShipTos = await ok(admin, '/ShipTo/SalesRep/false', { salesRep: 'SR01', pageSize: 1 });
    const [{ m }] = await sql<{ m: number }>(`SELECT count(DISTINCT (company, ship_to))::int AS m FROM erp.invoice_header WHERE sales_rep = 'SR01'`);
    expect(invoicedShipTos.totalCount).toBe(m);

    const [someRep] = await sql<{ sales_rep: string }>(`SELECT sales_rep FROM erp.corporate WHERE sales_rep IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const corporates = await ok(admin, '/Corporate/SalesRep/true', { salesRep: someRep!.sales_rep, pageSize: 500 });
    const rawK = await sql<{ corporate: string; n: number }>(
      `SELECT k.corporate, (SELECT count(*)::int FROM erp.customer c WHERE c.company = k.company AND c.corporate = k.corporate) AS n
         FROM erp.corporate k WHERE k.sales_rep = $1`,
      [someRep!.sales_rep],
    );
    expect(corporates.totalCount).toBe(rawK.length);
    for (const row of corporates.rows) expect(row.customerCount).toBe(rawK.find((r) => r.corporate === row.corporate)!.n);
    const invoicedK = await ok(admin, '/Corporate/SalesRep/false', { salesRep: 'SR01', pageSize: 500 });
    const rawInvoiced = await sql(
      `SELECT DISTINCT c.company, c.corporate FROM erp.invoice_header h JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer
        WHERE h.sales_rep = 'SR01' AND c.corporate IS NOT NULL`,
    );
    expect(invoicedK.totalCount).toBe(rawInvoiced.length);
  });

  it("a rep cannot ask for another rep's accounts; bad input is 400 naming the field", async () => {
    const { rep, admin } = kit.users;
    expect((await post(rep, '/Customer/SalesRep/true', { salesRep: 'SR02' })).status).toBe(404);
    expect((await post(rep, '/Customer/SalesRep/false', { salesRep: 'SR02' })).status).toBe(404);
    expect((await post(admin, '/Customer/SalesRep/true', { salesRep: 'NOPE' })).status).toBe(404);
    const noRep = await post(admin, '/Customer/SalesRep/true', {});
    expect(noRep.status).toBe(400);
    expect(noRep.body.message).toContain('salesRep');
    const badFlag = await post(rep, '/Customer/SalesRep/maybe', {});
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toContain('primary');
    expect((await post(rep, '/ShipTo/SalesRep/true', { sortBy: 'nope' })).body.message).toContain("'nope'");
    expect((await post(rep, '/Corporate/SalesRep/true', { pageSize: 0 })).body.message).toContain('pageSize');
  });
});

describe('type-ahead searches', () => {
  it('Customer/Search: the exact number first, then beginnings, then the rest, by name', async () => {
    const { admin } = kit.users;
    const [c] = await sql(`SELECT company, customer, customer_name FROM erp.customer ORDER BY customer OFFSET 10 LIMIT 1`);
    const exact = await ok(admin, '/Customer/Search/false', { searchString: c!.customer.toLowerCase() });
    expect(exact.rows[0]).toMatchObject({ accountType: 'Customer', company: c!.company, accountId: c!.customer, accountName: c!.customer_name });

    // A word of a name: names beginning with it come before names containing it.
    const word = String(c!.customer_name).split(' ')[0]!;
    const hits = await ok(admin, '/Customer/Search/false', { searchString: word, pageSize: 100 });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer WHERE customer ILIKE $1 OR customer_name ILIKE $1`, [`%${word}%`]);
    expect(hits.totalCount).toBe(n);
    expect(hits.searchString).toBe(word);
    expectRanked(hits.rows, word);
    expect(hits.rows.length).toBe(Math.min(n, 100));

    // Numbers beginning with the text come before names merely containing it.
    const stem = c!.customer.slice(0, -1);
    const byNumber = await ok(admin, '/Customer/Search/false', { searchString: stem, pageSize: 100 });
    expectRanked(byNumber.rows, stem);
    expect(byNumber.rows.every((r: Row) => String(r.accountId).startsWith(stem) || String(r.accountName).toLowerCase().includes(stem.toLowerCase()))).toBe(true);

    // The default page is the seed's type-ahead page size (50); at most 100.
    const page = await ok(admin, '/Customer/Search/false', { searchString: '' });
    expect(page.pageSize).toBe(50);
    const tooMany = await post(admin, '/Customer/Search/false', { pageSize: 101 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('pageSize');
    const badOperator = await post(admin, '/Customer/Search/false', { searchString: 'a', searchOperator: 'Fuzzy' });
    expect(badOperator.status).toBe(400);
    expect(badOperator.body.message).toContain('searchOperator');
    expect((await post(admin, '/Customer/Search/sometimes', {})).body.message).toContain('includeProspectAccounts');
  });

  it('ranks as stated on crafted accounts: exact number, then number or name beginnings (by name), then the rest', async () => {
    const { rep, rep2 } = kit.users;
    const fixtures = [
      ['ZQ1', 'Zulu Traders'],
      ['ZQ10', 'Yankee Supply'],
      ['X900', 'zq1 Mart'],
      ['X901', 'Alpha ZQ1 Depot'],
    ];
    await sql(
      `INSERT INTO erp.customer (company, customer, customer_name, branch, sales_rep, created_date)
       SELECT '01', x.id, x.name, 'CHI', 'SR01', DATE '2020-01-01' FROM unnest($1::text[], $2::text[]) AS x(id, name)`,
      [fixtures.map((f) => f[0]), fixtures.map((f) => f[1])],
    );
    try {
      const hits = await ok(rep, '/Customer/Search/false', { searchString: 'zq1' });
      expect(hits.rows.map((r: Row) => r.accountId)).toEqual(['ZQ1', 'ZQ10', 'X900', 'X901']);
      expect(hits.totalCount).toBe(4);
      const begins = await ok(rep, '/Customer/Search/false', { searchString: 'ZQ1', searchOperator: 'BeginsWith' });
      expect(begins.rows.map((r: Row) => r.accountId)).toEqual(['ZQ1', 'ZQ10', 'X900']);
      const paged = await ok(rep, '/Customer/Search/false', { searchString: 'zq1', pageSize: 2, pageNumber: 2 });
      expect(paged.rows.map((r: Row) => r.accountId)).toEqual(['X900', 'X901']);
      expect((await ok(rep2, '/Customer/Search/false', { searchString: 'zq1' })).totalCount).toBe(0);
    } finally {
      await sql(`DELETE FROM erp.customer WHERE company = '01' AND customer = ANY($1::text[])`, [fixtures.map((f) => f[0])]);
    }
  });

  it('the operator decides what matches; LIKE characters are literal', async () => {
    const { admin } = kit.users;
    const [c] = await sql(`SELECT customer, customer_name FROM erp.customer ORDER BY customer LIMIT 1`);
    const exactName = await ok(admin, '/Customer/Search/false', { searchString: c!.customer_name.toUpperCase(), searchOperator: 'Exact', pageSize: 100 });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer WHERE lower(customer_name) = lower($1)`, [c!.customer_name]);
    expect(exactName.totalCount).toBe(n);
    const ends = await ok(admin, '/Customer/Search/false', { searchString: c!.customer.slice(-3), searchOperator: 'EndsWith', pageSize: 100 });
    expect(ends.rows.every((r: Row) => r.accountId.endsWith(c!.customer.slice(-3)) || r.accountName.toLowerCase().endsWith(c!.customer.slice(-3).toLowerCase()))).toBe(true);
    expect((await ok(admin, '/Customer/Search/false', { searchString: '%' })).totalCount).toBe(0);
    expect((await ok(admin, '/Customer/Search/false', { searchString: '_' })).totalCount).toBe(0);
  });

  it("searches are scoped: no flag widens them; prospects join only when asked", async () => {
    const { rep, rep2, admin } = kit.users;
    const [mine] = await sql(CUSTOMER_OF('SR01'));
    expect((await ok(rep, '/Customer/Search/false', { searchString: mine!.customer })).rows[0].accountId).toBe(mine!.customer);
    const theirs = await ok(rep2, '/Customer/Search/false?crossCustomerSearchWritebackOverride=true', { searchString: mine!.customer, searchOperator: 'Exact' });
    expect(theirs.totalCount).toBe(0);
    const all = await ok(rep, '/Customer/Search/false', { pageSize: 100 });
    expect(all.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);

    const [p] = await sql(`SELECT company, prospect, prospect_name, sales_rep FROM erp.prospect ORDER BY prospect LIMIT 1`);
    const withProspects = await ok(admin, '/Customer/Search/true', { searchString: p!.prospect });
    expect(withProspects.rows[0]).toMatchObject({ accountType: 'Prospect', accountId: p!.prospect, accountName: p!.prospect_name });
    expect((await ok(admin, '/Customer/Search/false', { searchString: p!.prospect, searchOperator: 'Exact' })).totalCount).toBe(0);
    await withRoleSettings(kit, 'SiteAdmin', { ProspectAccessRight: 'false' }, async () => {
      expect((await ok(admin, '/Customer/Search/true', { searchString: p!.prospect, searchOperator: 'Exact' })).totalCount).toBe(0);
      expect((await post(admin, '/Prospect/Search', { searchString: p!.prospect })).status).toBe(403);
    });
    const prospects = await ok(admin, '/Prospect/Search', { searchString: p!.prospect });
    expect(prospects.rows[0]).toMatchObject({ accountType: 'Prospect', accountId: p!.prospect, salesRep: p!.sales_rep });
  });

  it('ShipTo, Corporate and Prospect searches rank and count like the ERP rows', async () => {
    const { admin, rep } = kit.users;
    const [s] = await sql(`SELECT company, ship_to, customer FROM erp.ship_to WHERE sales_rep = 'SR01' ORDER BY ship_to LIMIT 1`);
    const shipTos = await ok(rep, '/ShipTo/Search', { searchString: s!.customer, pageSize: 100 });
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM erp.ship_to WHERE sales_rep = 'SR01' AND (ship_to ILIKE $1 OR ship_to_name ILIKE $1)`,
      [`%${s!.customer}%`],
    );
    expect(shipTos.totalCount).toBe(n);
    expectRanked(shipTos.rows, s!.customer);
    expect(shipTos.rows.find((r: Row) => r.accountId === s!.ship_to)).toMatchObject({ accountType: 'ShipTo', customer: s!.customer });

    const [k] = await sql(`SELECT corporate, corporate_name FROM erp.corporate ORDER BY corporate LIMIT 1`);
    const corporates = await ok(admin, '/Corporate/Search', { searchString: k!.corporate });
    expect(corporates.rows[0]).toMatchObject({ accountType: 'Corporate', accountId: k!.corporate, branch: null });
    const word = String(k!.corporate_name).split(' ')[1] ?? String(k!.corporate_name);
    const byWord = await ok(admin, '/Corporate/Search', { searchString: word, pageSize: 100 });
    expectRanked(byWord.rows, word);
    const [{ m }] = await sql<{ m: number }>(`SELECT count(*)::int AS m FROM erp.corporate WHERE corporate ILIKE $1 OR corporate_name ILIKE $1`, [`%${word}%`]);
    expect(byWord.totalCount).toBe(m);

    const [v] = await sql(`SELECT supplier, supplier_name FROM erp.supplier ORDER BY supplier DESC LIMIT 1`);
    const suppliers = await ok(rep, '/Supplier/Search', { searchString: v!.supplier });
    expect(suppliers.rows[0]).toMatchObject({ accountType: 'Supplier', accountId: v!.supplier, accountName: v!.supplier_name, salesRep: null });
    const supplierWord = String(v!.supplier_name).split(' ')[0]!;
    const bySupplierWord = await ok(rep, '/Supplier/Search', { searchString: supplierWord, pageSize: 100 });
    const [{ w }] = await sql<{ w: number }>(`SELECT count(*)::int AS w FROM erp.supplier WHERE supplier ILIKE $1 OR supplier_name ILIKE $1`, [`%${supplierWord}%`]);
    expect(bySupplierWord.totalCount).toBe(w);
    expectRanked(bySupplierWord.rows, supplierWord);
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await post(rep, '/Supplier/Search', { searchString: v!.supplier })).status).toBe(403);
    });

    const company02 = await ok(admin, '/Prospect/Search', { company: '02', pageSize: 100 });
    const [{ p }] = await sql<{ p: number }>(`SELECT count(*)::int AS p FROM erp.prospect WHERE company = '02'`);
    expect(company02.totalCount).toBe(p);
    expect(company02.rows.every((r: Row) => r.company === '02')).toBe(true);
  });
});

describe('Customer/Inactive', () => {
  it('the ERP flag, the last invoice and days without one against CustomerInactivityDayBasis, scoped', async () => {
    const { rep, rep2, admin } = kit.users;
    const [quiet] = await sql(
      `SELECT c.company, c.customer, c.customer_name, c.is_active, to_char(max(h.invoice_date), 'YYYY-MM-DD') AS last,
              ('${TODAY}'::date - max(h.invoice_date))::int AS days
         FROM erp.customer c JOIN erp.invoice_header h ON h.company = c.company AND h.customer = c.customer
        WHERE c.sales_rep = 'SR01' AND h.invoice_date <= '${TODAY}' GROUP BY 1, 2, 3, 4 ORDER BY days DESC, 1, 2 LIMIT 1`,
    );
    const [{ sales }] = await sql(
      `SELECT coalesce(sum(sales), 0)::float8 AS sales FROM erp.invoice_header
        WHERE company = $1 AND customer = $2 AND invoice_date > '${TODAY}'::date - interval '24 months' AND invoice_date <= '${TODAY}'`,
      [quiet!.company, quiet!.customer],
    );
    const url = `/Customer/Inactive/${quiet!.customer}/${quiet!.company}`;
    const answer = await ok(rep, url);
    expect(answer).toEqual({
      company: quiet!.company,
      customer: quiet!.customer,
      customerName: quiet!.customer_name,
      isActive: quiet!.is_active,
      lastInvoiceDate: quiet!.last,
      daysSinceLastInvoice: quiet!.days,
      dayBasis: 180,
      monthBasis: 24,
      salesInMonthBasis: Math.round(sales * 100) / 100,
      isInactive: quiet!.days > 180,
    });
    await withRoleSettings(kit, 'SalesRep', { CustomerInactivityDayBasis: String(Math.max(1, quiet!.days - 1)) }, async () => {
      expect(await ok(rep, url)).toMatchObject({ dayBasis: Math.max(1, quiet!.days - 1), isInactive: quiet!.days > Math.max(1, quiet!.days - 1) });
    });
    expect((await post(rep2, url)).status).toBe(404);
    expect((await post(admin, `/Customer/Inactive/NOPE/01`)).status).toBe(404);
  });
});

describe('account contacts', () => {
  it('Customer/Contact: the customer\u2019s contacts from erp.contact; 404 outside the scope', async () => {
    const { rep, rep2 } = kit.users;
    const [c] = await sql(
      `SELECT c.company, c.customer, c.customer_name FROM erp.customer c WHERE c.sales_rep = 'SR01'
        ORDER BY (SELECT count(*) FROM erp.contact t WHERE t.company = c.company AND t.customer = c.customer) DESC, c.customer LIMIT 1`,
    );
    const raw = await sql(`SELECT * FROM erp.contact WHERE company = $1 AND customer = $2 AND NOT is_restricted ORDER BY contact_name, company, contact`, [c!.company, c!.customer]);
    const url = `/Customer/Contact/${c!.customer}/${c!.company}`;
    const contacts = await ok(rep, url, { pageSize: 100 });
    expect(contacts.totalCount).toBe(raw.length);
    expect(contacts.rows).toEqual(
      raw.map((t) => ({
        company: t.company,
        contact: t.contact,
        contactName: t.contact_name,
        firstName: t.first_name,
        lastName: t.last_name,
        title: t.title,
        email: t.email,
        phone: t.phone,
        customer: t.customer,
        customerName: c!.customer_name,
        physAddress1: t.phys_address1,
        physCity: t.phys_city,
        physState: t.phys_state,
        physPostalCode: t.phys_postal_code,
      })),
    );
    const flagged = await ok(rep, `${url}?contactRestrictionCrmOverrideAllowed=true&contactRestrictionReportOverrideAllowed=false`, { searchString: raw[0]!.last_name });
    expect(flagged.rows.map((r: Row) => r.contact)).toContain(raw[0]!.contact);
    expect((await post(rep2, url, {})).status).toBe(404);
    expect((await post(rep, `/Customer/Contact/NOPE/${c!.company}`, {})).status).toBe(404);
    const badFlag = await post(rep, `${url}?contactRestrictionCrmOverrideAllowed=perhaps`, {});
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toContain('contactRestrictionCrmOverrideAllowed');
    // Filters only narrow: another customer's contacts never come through a filter.
    const [other] = await sql(`SELECT customer FROM erp.contact WHERE customer <> $1 LIMIT 1`, [c!.customer]);
    expect((await ok(rep, url, { filters: [{ field: 'customer', comparison: 'include', values: [other!.customer] }] })).totalCount).toBe(0);
  });

  it('ShipTo/Contact: the contacts of the ship-to\u2019s customer', async () => {
    const { rep, rep2 } = kit.users;
    const [s] = await sql(`SELECT company, ship_to, customer FROM erp.ship_to WHERE sales_rep = 'SR01' ORDER BY ship_to LIMIT 1`);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.contact WHERE company = $1 AND customer = $2 AND NOT is_restricted`, [s!.company, s!.customer]);
    const url = `/ShipTo/Contact/${s!.ship_to}/${s!.company}`;
    const contacts = await ok(rep, url, { pageSize: 100 });
    expect(contacts.totalCount).toBe(n);
    expect(contacts.rows.every((r: Row) => r.customer === s!.customer)).toBe(true);
    expect((await post(rep2, url, {})).status).toBe(404);
  });
});

describe('customer map', () => {
  it('LatitudeLongitude, Map/List and Map/Radius from the customers\u2019 coordinates, scoped', async () => {
    const { rep, rep2, admin } = kit.users;
    const [c] = await sql(`SELECT company, customer, customer_name, latitude, longitude FROM erp.customer WHERE sales_rep = 'SR01' AND latitude IS NOT NULL ORDER BY customer LIMIT 1`);
    const where = await ok(rep, `/Customer/Map/LatitudeLongitude/${c!.customer}?company=${c!.company}`);
    expect(where).toEqual({ company: c!.company, customer: c!.customer, customerName: c!.customer_name, latitude: c!.latitude, longitude: c!.longitude });
    expect((await post(rep2, `/Customer/Map/LatitudeLongitude/${c!.customer}?company=${c!.company}`)).status).toBe(404);

    const map = await ok(rep, '/Customer/Map/List', { pageSize: 500 });
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer WHERE sales_rep = 'SR01' AND latitude IS NOT NULL AND longitude IS NOT NULL`);
    expect(map.totalCount).toBe(n);
    expect(map.rows.every((r: Row) => typeof r.latitude === 'number' && r.distanceMiles === null)).toBe(true);

    const radius = 25;
    const near = await ok(admin, `/Customer/Map/Radius/${c!.latitude}/${c!.longitude}/${radius}`, { pageSize: 500 });
    const everyone = await sql(`SELECT customer, latitude, longitude FROM erp.customer WHERE latitude IS NOT NULL AND longitude IS NOT NULL`);
    const expected = everyone.filter((r) => haversine(c!.latitude, c!.longitude, r.latitude, r.longitude) <= radius);
    expect(near.totalCount).toBe(expected.length);
    expect(near.rows[0].distanceMiles).toBe(0);
    for (let i = 1; i < near.rows.length; i++) expect(near.rows[i].distanceMiles).toBeGreaterThanOrEqual(near.rows[i - 1].distanceMiles);
    for (const row of near.rows) expect(Math.abs(row.distanceMiles - haversine(c!.latitude, c!.longitude, row.latitude, row.longitude))).toBeLessThan(0.01);

    const mineNear = await ok(rep, `/Customer/Map/Radius/${c!.latitude}/${c!.longitude}/${radius}`, { pageSize: 500 });
    expect(mineNear.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const badLat = await post(rep, `/Customer/Map/Radius/100/${c!.longitude}/10`, {});
    expect(badLat.status).toBe(400);
    expect(badLat.body.message).toContain('lat');
    expect((await post(rep, `/Customer/Map/Radius/${c!.latitude}/${c!.longitude}/-5`, {})).body.message).toContain('radius');
    expect((await post(rep, `/Customer/Map/Radius/abc/${c!.longitude}/5`, {})).status).toBe(400);
  });
});

describe('bad input never gives a 5xx', () => {
  it('odd values everywhere answer 4xx', async () => {
    const { rep } = kit.users;
    const odd = ['%00', encodeURIComponent('é漢字'), encodeURIComponent("' OR 1=1 --"), '..', encodeURIComponent('a/b')];
    const urls = (v: string) => [
      ['POST', `/Customer/${v}?company=${v}`],
      ['POST', `/ShipTo/${v}?company=01`],
      ['POST', `/Corporate/${v}?company=01`],
      ['GET', `/Supplier/${v}?company=01`],
      ['GET', `/Prospect/${v}/${v}`],
      ['POST', `/Branch/ById/${v}/${v}`],
      ['POST', `/ProductGroup/ById/${v}?company=${v}`],
      ['POST', `/Customer/Contact/${v}/01`],
      ['POST', `/ShipTo/Contact/${v}/01`],
      ['POST', `/Customer/SalesRep/${v}`],
      ['POST', `/Customer/Search/${v}`],
      ['POST', `/Customer/Map/Radius/${v}/${v}/${v}`],
    ];
    for (const v of odd) {
      for (const [method, url] of urls(v)) {
        const { status } = method === 'GET' ? await get(rep, url!) : await post(rep, url!, {});
        expect(status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(status, `${method} ${url}`).toBeLessThan(500);
      }
    }
    for (const body of [{ searchString: 'x'.repeat(201) }, { searchString: 'a\u0000b' }, { salesRep: 'SR01\u0000' }, { filters: [{ field: 'state', comparison: 'include', values: ['\u0000'] }] }, { filters: [{ field: 'nope', comparison: 'include', values: ['a'] }] }, { filters: 'all' }, { pageNumber: -1 }, { searchString: 42 }]) {
      for (const url of ['/Customer/Search/false', '/County/List', '/Customer/SalesRep/true', '/Customer/Map/List']) {
        const { status } = await post(rep, url, body);
        expect([200, 400], `${url} ${JSON.stringify(body)}`).toContain(status);
      }
    }
  });
});
