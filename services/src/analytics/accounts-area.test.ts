import { describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { planOf, TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';
import { nameKey } from './prospect-routes.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

type Row = Record<string, any>;
const send = async (browser: TestBrowser, method: 'PATCH' | 'DELETE' | 'POST' | 'GET', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.json() };
};
const haversine = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
};
/** A customer of the rep with the most rows of `table` (by customer), and how many it has. */
const customerWithMost = async (rep: string, table: string) =>
  (
    await sql(
      `SELECT c.company, c.customer, c.corporate, (SELECT count(*)::int FROM ${table} x WHERE x.company = c.company AND x.customer = c.customer) AS n
         FROM erp.customer c WHERE c.sales_rep = $1 ORDER BY 4 DESC, c.company, c.customer LIMIT 1`,
      [rep],
    )
  )[0]!;

describe('account terms', () => {
  it('Customer/Contract: the customer\u2019s and its corporate account\u2019s contracts, with status on today; 404 for another rep', async () => {
    const { rep, rep2 } = kit.users;
    const c = await customerWithMost('SR01', 'erp.contract');
    expect(c.n).toBeGreaterThan(0);
    const raw = await sql(
      `SELECT job_number, start_date::text AS start, end_date::text AS "end" FROM erp.contract
        WHERE company = $1 AND (customer = $2 OR corporate = $3) ORDER BY start_date DESC, company, job_number`,
      [c.company, c.customer, c.corporate],
    );
    const url = `/Customer/Contract/${c.customer}/${c.company}`;
    const answer = await ok(rep, url, { pageSize: 100 });
    expect(answer.rows.map((r: Row) => r.jobNumber)).toEqual(raw.map((r) => r.job_number));
    for (const [i, r] of answer.rows.entries()) {
      const { start, end } = raw[i]!;
      expect(r.status).toBe(start > TODAY ? 'Future' : end !== null && end < TODAY ? 'Expired' : 'Active');
    }
    expect((await post(rep2, url, {})).status).toBe(404);
    expect((await post(rep, `/Customer/Contract/NOPE/${c.company}`, {})).status).toBe(404);
  });

  it('Customer/DealerType, PriceLibrary and RestrictedClass: the customer\u2019s rows beside their reference lists; 404 for another rep', async () => {
    const { rep, rep2 } = kit.users;
    for (const [path, table, key] of [
      ['DealerType', 'erp.customer_dealer_type', 'dealerType'],
      ['PriceLibrary', 'erp.customer_price_library', 'priceLibrary'],
      ['RestrictedClass', 'erp.customer_restricted_class', 'restrictedClass'],
    ] as const) {
      const c = await customerWithMost('SR01', table);
      expect(c.n, table).toBeGreaterThan(0);
      const url = `/Customer/${path}/${c.customer}/${c.company}`;
      const answer = await ok(rep, url, { pageSize: 100 });
      expect(answer.totalCount).toBe(c.n);
      expect(answer.rows.every((r: Row) => r.customer === c.customer && r.company === c.company && typeof r[key] === 'string' && r.description)).toBe(true);
      expect((await post(rep2, url, {})).status).toBe(404);
    }
    const c = await customerWithMost('SR01', 'erp.customer_price_library');
    const libraries = await ok(rep, `/Customer/PriceLibrary/${c.customer}/${c.company}`);
    expect(libraries.rows.map((r: Row) => r.priority)).toEqual(libraries.rows.map((_: Row, i: number) => i + 1));
  });

  it('ShipTo/Contract: the ship-to\u2019s own contracts and its customer\u2019s for every ship-to; 404 for another rep', async () => {
    const { rep, rep2 } = kit.users;
    const [s] = await sql(
      `SELECT s.company, s.ship_to, s.customer FROM erp.ship_to s JOIN erp.contract j ON j.company = s.company AND j.customer = s.customer
        WHERE s.sales_rep = 'SR01' ORDER BY s.company, s.ship_to LIMIT 1`,
    );
    const [{ n }] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM erp.contract WHERE company = $1 AND customer = $2 AND (ship_to IS NULL OR ship_to = $3)',
      [s!.company, s!.customer, s!.ship_to],
    );
    const url = `/ShipTo/Contract/${s!.ship_to}/${s!.company}`;
    const answer = (await get(rep, url)).body;
    expect(answer.totalCount).toBe(n);
    expect(answer.rows.every((r: Row) => r.customer === s!.customer && (r.shipTo === null || r.shipTo === s!.ship_to))).toBe(true);
    expect((await get(rep2, url)).status).toBe(404);
  });

  it('Corporate/Contract: the corporate account\u2019s own and its customers\u2019 that are yours; ShowCorporateAccounts gates it', async () => {
    const { rep, rep2, admin } = kit.users;
    const [k] = await sql(
      `SELECT k.company, k.corporate FROM erp.corporate k WHERE EXISTS (SELECT 1 FROM erp.contract j WHERE j.company = k.company AND j.corporate = k.corporate)
        ORDER BY k.company, k.corporate LIMIT 1`,
    );
    const [{ rep: owner }] = await sql(`SELECT sales_rep AS rep FROM erp.corporate WHERE company = $1 AND corporate = $2`, [k!.company, k!.corporate]);
    const url = `/Corporate/Contract/${k!.corporate}/${k!.company}`;
    const all = await ok(admin, url, { pageSize: 500 });
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM erp.contract j LEFT JOIN erp.customer c ON c.company = j.company AND c.customer = j.customer
        WHERE j.company = $1 AND (j.corporate = $2 OR c.corporate = $2)`,
      [k!.company, k!.corporate],
    );
    expect(all.totalCount).toBe(n);
    const outsider = owner === 'SR02' ? rep : rep2;
    expect((await post(outsider, url, {})).status).toBe(404);
    await withRoleSettings(kit, 'SiteAdmin', { ShowCorporateAccounts: 'false' }, async () => {
      const refused = await post(admin, url, {});
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('ShowCorporateAccounts');
    });
  });

  it('Customer/Territory and ShipTo/Territory: the territories of your accounts with their counts', async () => {
    const { rep, admin } = kit.users;
    for (const [path, table] of [['Customer', 'erp.customer'], ['ShipTo', 'erp.ship_to']] as const) {
      const mine = await ok(rep, `/${path}/Territory`, { pageSize: 500 });
      const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE sales_rep = 'SR01'`);
      expect(mine.rows.reduce((a: number, r: Row) => a + r.accountCount, 0)).toBe(n);
      expect(mine.rows.every((r: Row) => r.territoryName && r.territory)).toBe(true);
      const every = await ok(admin, `/${path}/Territory`, { pageSize: 500 });
      const [{ all }] = await sql<{ all: number }>(`SELECT count(*)::int AS all FROM ${table}`);
      expect(every.rows.reduce((a: number, r: Row) => a + r.accountCount, 0)).toBe(all);
      const one = await ok(rep, `/${path}/Territory`, { filters: [{ field: 'territory', comparison: 'equals', values: [mine.rows[0].territory] }] });
      expect(one.totalCount).toBe(1);
    }
  });
});

describe('contacts', () => {
  it('Contact/Contact: one contact of your customers or (PurchaseAccessRight) of a supplier; 404 otherwise; ContactAccessRight gates it', async () => {
    const { rep, rep2 } = kit.users;
    const [t] = await sql(`SELECT t.company, t.contact, t.customer FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' ORDER BY t.contact LIMIT 1`);
    const url = `/Contact/Contact?contactId=${t!.contact}`;
    expect((await get(rep, url)).body).toMatchObject({ contact: t!.contact, customer: t!.customer, salesRep: 'SR01', supplier: null });
    expect((await get(rep, `${url}&company=${t!.company}`)).status).toBe(200);
    expect((await get(rep2, url)).status).toBe(404);
    expect((await get(rep, '/Contact/Contact?contactId=NOPE')).status).toBe(404);
    await withRoleSettings(kit, 'SalesRep', { ContactAccessRight: 'false' }, async () => {
      const refused = await get(rep, url);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('ContactAccessRight');
    });
    const [v] = await sql(`SELECT contact, supplier FROM erp.contact WHERE supplier IS NOT NULL ORDER BY contact LIMIT 1`);
    expect((await get(rep, `/Contact/Contact?contactId=${v!.contact}`)).body).toMatchObject({ supplier: v!.supplier, customer: null });
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await get(rep, `/Contact/Contact?contactId=${v!.contact}`)).status).toBe(404);
    });
  });

  it('Contact/List: your customers\u2019 contacts, restricted ones only with an override the role allows', async () => {
    const count = async (restricted: boolean) =>
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' AND t.supplier IS NULL ${restricted ? '' : 'AND NOT t.is_restricted'}`,
        )
      )[0]!.n;
    // Restrict one more of the rep's contacts (a writeback revision, so no cached list is served again).
    const [one] = await sql(`SELECT t.company, t.contact FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' AND NOT t.is_restricted ORDER BY t.contact DESC LIMIT 1`);
    const restrict = (on: boolean) =>
      sql(`WITH r AS (UPDATE erp.contact SET is_restricted = $3 WHERE company = $1 AND contact = $2 RETURNING 1)
           UPDATE erp.data_load SET revision = revision + 1 WHERE load_id = (SELECT max(load_id) FROM erp.data_load)`, [one!.company, one!.contact, on]);
    await restrict(true);
    try {
      await restrictedLists(await count(false), await count(true));
    } finally {
      await restrict(false);
    }
  });

  async function restrictedLists(open: number, all: number) {
    const { rep } = kit.users;
    expect(all).toBeGreaterThan(open);
    expect((await ok(rep, '/Contact/List')).totalCount).toBe(open);
    const asked = '/Contact/List?contactRestrictionCrmOverrideAllowed=true';
    // Asked for, but not allowed by the role: the restricted stay out.
    expect((await ok(rep, asked)).totalCount).toBe(open);
    await withRoleSettings(kit, 'SalesRep', { ContactRestrictionCrmOverrideAllowed: 'true' }, async () => {
      expect((await ok(rep, asked)).totalCount).toBe(all);
      expect((await ok(rep, '/Contact/List?contactRestrictionReportOverrideAllowed=true')).totalCount).toBe(open);
    });
  }

  it('Contact/List: searched', async () => {
    const { rep } = kit.users;
    const [t] = await sql(`SELECT t.last_name FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' AND NOT t.is_restricted ORDER BY t.contact LIMIT 1`);
    const found = await ok(rep, '/Contact/List', { searchString: t!.last_name, pageSize: 100 });
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.every((r: Row) => `${r.contactName} ${r.email} ${r.title} ${r.customerName} ${r.contact}`.toLowerCase().includes(t!.last_name.toLowerCase()))).toBe(true);
    // By the customer's name: every contact of the customers so named, and the contacts whose own fields hold it.
    const [named] = await sql(`SELECT c.customer_name AS name FROM erp.contact t JOIN erp.customer c USING (company, customer)
      WHERE c.sales_rep = 'SR01' AND NOT t.is_restricted AND t.supplier IS NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const like = `%${named!.name.replace(/[\\%_]/g, '\\$&')}%`;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.contact t JOIN erp.customer c USING (company, customer)
      WHERE c.sales_rep = 'SR01' AND NOT t.is_restricted AND t.supplier IS NULL
        AND (c.customer_name ILIKE $1 OR t.contact ILIKE $1 OR t.contact_name ILIKE $1 OR t.email ILIKE $1 OR t.title ILIKE $1)`, [like]);
    const byCustomer = await ok(rep, '/Contact/List', { searchString: named!.name, pageSize: 100 });
    expect(n).toBeGreaterThan(0);
    expect(byCustomer.totalCount).toBe(n);
  });

  it('Contact/Account/List: one account\u2019s contacts (customer, ship-to, supplier); 404 for another rep\u2019s, 403 for a supplier without PurchaseAccessRight', async () => {
    const { rep, rep2 } = kit.users;
    const c = await customerWithMost('SR01', 'erp.contact');
    const body = { accountType: 'Customer', accountId: c.customer, company: c.company, pageSize: 100 };
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.contact WHERE company = $1 AND customer = $2 AND NOT is_restricted`, [c.company, c.customer]);
    const answer = await ok(rep, '/Contact/Account/List', body);
    expect(answer.totalCount).toBe(n);
    expect(answer.rows.every((r: Row) => r.customer === c.customer && ['Customer', 'ShipTo'].includes(r.accountType) && r.isRestricted === false)).toBe(true);
    expect((await post(rep2, '/Contact/Account/List', body)).status).toBe(404);

    const [s] = await sql(`SELECT company, ship_to, customer FROM erp.contact WHERE ship_to IS NOT NULL AND NOT is_restricted AND customer IN (SELECT customer FROM erp.customer WHERE sales_rep = 'SR01') LIMIT 1`);
    const site = await ok(rep, '/Contact/Account/List', { accountType: 'ShipTo', accountId: s!.ship_to, company: s!.company });
    expect(site.rows.some((r: Row) => r.accountType === 'ShipTo' && r.accountId === s!.ship_to)).toBe(true);
    expect(site.rows.every((r: Row) => r.accountType === 'Customer' || r.accountId === s!.ship_to)).toBe(true);

    const [v] = await sql(`SELECT company, supplier, count(*)::int AS n FROM erp.contact WHERE supplier IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 1`);
    const supplierBody = { accountType: 'Supplier', accountId: v!.supplier, company: v!.company };
    expect((await ok(rep, '/Contact/Account/List', supplierBody)).totalCount).toBe(v!.n);
    expect((await ok(rep, `/Supplier/Contact/${v!.supplier}/${v!.company}`)).totalCount).toBe(v!.n);
    expect((await post(rep, `/Supplier/Contact/NOPE/${v!.company}`, {})).status).toBe(404);
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await post(rep, '/Contact/Account/List', supplierBody)).status).toBe(403);
      expect((await post(rep, `/Supplier/Contact/${v!.supplier}/${v!.company}`, {})).status).toBe(403);
    });
  });

  it('Contact/AccountContactList: every contact of your accounts; removeUserPermissions never widens the scope', async () => {
    const { rep } = kit.users;
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM erp.contact t LEFT JOIN erp.customer c USING (company, customer)
        WHERE NOT t.is_restricted AND (t.supplier IS NOT NULL OR c.sales_rep = 'SR01')`,
    );
    expect((await ok(rep, '/Contact/AccountContactList')).totalCount).toBe(n);
    expect((await ok(rep, '/Contact/AccountContactList?removeUserPermissions=true')).totalCount).toBe(n);
    const suppliers = await ok(rep, '/Contact/AccountContactList', { filters: [{ field: 'accountType', comparison: 'equals', values: ['Supplier'] }], pageSize: 5 });
    expect(suppliers.rows.every((r: Row) => r.accountType === 'Supplier' && r.accountName)).toBe(true);
  });

  it('Contact/ContactOptions and Contact/Search', async () => {
    const { rep, rep2 } = kit.users;
    const choices = (await get(rep, '/Contact/ContactOptions/contacts')).body;
    expect(choices.options.map((o: Row) => o.name)).toEqual(['company', 'title', 'physState']);
    expect(choices.options[0].values.length).toBeGreaterThan(0);
    const unknown = await get(rep, '/Contact/ContactOptions/nowhere');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('nowhere');

    const c = await customerWithMost('SR01', 'erp.contact');
    const [t] = await sql(`SELECT last_name FROM erp.contact WHERE company = $1 AND customer = $2 AND NOT is_restricted ORDER BY contact LIMIT 1`, [c.company, c.customer]);
    const url = `/Contact/Search/${c.customer}/${c.company}`;
    const hits = await ok(rep, url, { searchString: t!.last_name });
    expect(hits.searchString).toBe(t!.last_name);
    expect(hits.pageSize).toBe(50);
    expect(hits.rows.length).toBeGreaterThan(0);
    expect(hits.rows.every((r: Row) => r.customer === c.customer)).toBe(true);
    expect((await post(rep2, url, { searchString: 'a' })).status).toBe(404);
  });
});

describe('prospects', () => {
  it('ProspectAccessRight gates adding, options, the duplicate check and converting; WapAccess says so', async () => {
    const { rep, viewer } = kit.users;
    expect((await get(rep, '/Prospect/WapAccess')).body).toEqual({ wapAccess: true, reason: null });
    expect((await get(viewer, '/Prospect/WapAccess')).body).toMatchObject({ wapAccess: false });
    await withRoleSettings(kit, 'SalesRep', { ProspectAccessRight: 'false' }, async () => {
      expect((await get(rep, '/Prospect/WapAccess')).body).toEqual({ wapAccess: false, reason: 'Your role has no ProspectAccessRight' });
      for (const [url, body] of [
        ['/Prospect/Add', { company: '01', prospectName: 'Gated', branch: 'CHI' }],
        ['/Prospect/Options/accounts', undefined],
        ['/Prospect/DuplicateCheck', { company: '01', prospectName: 'Gated' }],
        ['/Prospect/ConvertProspectToCustomer?fromId=P000001&toId=CNEW&company=01', undefined],
      ] as const) {
        expect((await post(rep, url, body)).status, url).toBe(403);
      }
    });
    const options = await ok(rep, '/Prospect/Options/accounts');
    expect(options.options.map((o: Row) => o.name)).toEqual(['company', 'branch', 'salesRep', 'accountClass1', 'source', 'state']);
    expect(options.options[2].values.map((v: Row) => v.value)).toEqual(['SR01']);
    expect((await post(rep, '/Prospect/Options/nowhere')).status).toBe(400);
  });

  it('DuplicateCheck: the same name (ignoring case, punctuation, Inc/LLC) or phone; yours shown, other reps\u2019 only counted', async () => {
    const { rep } = kit.users;
    expect(nameKey('The Acme Co., Inc.')).toBe('acme');
    const [mine] = await sql(`SELECT company, customer, customer_name, phone FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1`);
    const same = await ok(rep, '/Prospect/DuplicateCheck', { company: mine!.company, prospectName: `${mine!.customer_name.toUpperCase()}, Inc.` });
    expect(same.isDuplicate).toBe(true);
    expect(same.matches).toContainEqual(expect.objectContaining({ accountType: 'Customer', accountId: mine!.customer, matchedOn: ['name'] }));
    const byPhone = await ok(rep, '/Prospect/DuplicateCheck', { company: mine!.company, prospectName: 'Nothing Like It Anywhere', phone: `(${mine!.phone})` });
    expect(byPhone.matches).toContainEqual(expect.objectContaining({ accountId: mine!.customer, matchedOn: ['phone'] }));

    const [theirs] = await sql(
      `SELECT company, customer, customer_name FROM erp.customer c WHERE sales_rep = 'SR02'
          AND NOT EXISTS (SELECT 1 FROM erp.customer x WHERE x.sales_rep = 'SR01' AND lower(x.customer_name) = lower(c.customer_name)) ORDER BY customer LIMIT 1`,
    );
    const other = await ok(rep, '/Prospect/DuplicateCheck', { company: theirs!.company, prospectName: theirs!.customer_name });
    expect(other.isDuplicate).toBe(true);
    expect(other.otherAccountCount).toBeGreaterThan(0);
    expect(other.matches.every((m: Row) => m.salesRep === 'SR01')).toBe(true);
    expect((await ok(rep, '/Prospect/DuplicateCheck', { company: '01', prospectName: 'Zyxwv Qqq Unheard' })).isDuplicate).toBe(false);
  });

  it('Add then Convert: the prospect joins the prospect list, then leaves it for the customer list (cached lists follow)', async () => {
    const { rep, rep2 } = kit.users;
    const search = { searchString: 'Quillfeather Works' };
    expect((await ok(rep, '/Prospect/List', search)).totalCount).toBe(0);
    expect((await ok(rep, '/Customer/List', search)).totalCount).toBe(0);
    const [{ last }] = await sql(`SELECT max(prospect) AS last FROM erp.prospect WHERE company = '01'`);
    const added = await ok(rep, '/Prospect/Add', { company: '01', prospectName: '  Quillfeather Works ', branch: 'CHI', city: 'Chicago', state: 'IL', phone: '312-555-0199' });
    expect(added).toMatchObject({ company: '01', customerName: 'Quillfeather Works', salesRep: 'SR01', branch: 'CHI', createdDate: TODAY });
    expect(added.customer > last).toBe(true);
    expect((await ok(rep, '/Prospect/List', search)).rows.map((r: Row) => r.customer)).toEqual([added.customer]);
    expect((await ok(rep2, '/Prospect/List', search)).totalCount).toBe(0);
    expect((await ok(rep, '/Prospect/DuplicateCheck', { company: '01', prospectName: 'quillfeather works llc' })).matches[0]).toMatchObject({ accountType: 'Prospect', accountId: added.customer });

    expect((await post(rep, '/Prospect/Add', { company: '01', prospectName: 'Theirs', branch: 'CHI', salesRep: 'SR02' })).status).toBe(404);
    const badBranch = await post(rep, '/Prospect/Add', { company: '01', prospectName: 'Nowhere', branch: 'ZZZ' });
    expect(badBranch.status).toBe(400);
    expect(badBranch.body.message).toContain('ZZZ');

    const convertUrl = (from: string, to: string) => `/Prospect/ConvertProspectToCustomer?fromId=${from}&toId=${to}&company=01`;
    expect((await post(rep2, convertUrl(added.customer, 'CQUILL'))).status).toBe(404);
    const [taken] = await sql(`SELECT customer FROM erp.customer WHERE company = '01' ORDER BY customer LIMIT 1`);
    expect((await post(rep, convertUrl(added.customer, taken!.customer))).status).toBe(409);
    const customer = await ok(rep, convertUrl(added.customer, 'CQUILL'));
    expect(customer).toMatchObject({ company: '01', customer: 'CQUILL', customerName: 'Quillfeather Works', salesRep: 'SR01', isActive: true });
    expect(typeof customer.latitude).toBe('number');
    expect((await ok(rep, '/Prospect/List', search)).totalCount).toBe(0);
    expect((await ok(rep, '/Customer/List', search)).rows.map((r: Row) => r.customer)).toEqual(['CQUILL']);
    expect((await post(rep, convertUrl(added.customer, 'CQUILL2'))).status).toBe(404);
  });
});

describe('the map', () => {
  it('Map/Radius: your customers and ship-tos around a point, nearest first, banded; crossCustomerSearchEnabled keeps your scope', async () => {
    const { rep, admin } = kit.users;
    const [c] = await sql(`SELECT company, customer, latitude, longitude FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1`);
    const { latitude: lat, longitude: lng } = c!;
    const url = (radius: number, cross?: boolean) => `/Map/Radius/${lat}/${lng}/${radius}${cross === undefined ? '' : `?crossCustomerSearchEnabled=${cross}`}`;
    const accounts = await sql(
      `SELECT 'Customer' AS type, company, customer AS id, sales_rep, latitude, longitude FROM erp.customer WHERE latitude IS NOT NULL
       UNION ALL SELECT 'ShipTo', company, ship_to, sales_rep, latitude, longitude FROM erp.ship_to WHERE latitude IS NOT NULL`,
    );
    const within = (radius: number, rep?: string) => accounts.filter((a) => (!rep || a.sales_rep === rep) && haversine(lat, lng, a.latitude, a.longitude) <= radius);

    const near = await ok(rep, url(0), { pageSize: 500 });
    expect(near).toMatchObject({ latitude: lat, longitude: lng, radius: 500, thresholds: [50000, 150000, 250000, 350000, 450000, 2000000] });
    expect(near.totalCount).toBe(within(500, 'SR01').length);
    expect(near.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    expect(near.rows.map((r: Row) => r.distanceMiles)).toEqual([...near.rows.map((r: Row) => r.distanceMiles)].sort((a, b) => a - b));
    expect(near.rows[0]).toMatchObject({ accountId: c!.customer, distanceMiles: 0 });
    // Nearest first page by page: the accounts measuring every one and sorting them gives.
    const miles = (a: Row) => haversine(lat, lng, a.latitude, a.longitude);
    const key = (a: Row) => `${a.type ?? a.accountType} ${a.company} ${a.id ?? a.accountId}`;
    const nearest = within(500, 'SR01').sort((a, b) => miles(a) - miles(b) || a.type.localeCompare(b.type) || a.company.localeCompare(b.company) || a.id.localeCompare(b.id));
    for (const pageNumber of [1, 3]) {
      const page = await ok(rep, url(0), { pageSize: 20, pageNumber });
      expect(page.totalCount).toBe(nearest.length);
      expect(page.rows.map(key)).toEqual(nearest.slice((pageNumber - 1) * 20, pageNumber * 20).map(key));
    }

    const crossed = await ok(rep, url(0, true), { pageSize: 500 });
    expect(crossed.totalCount).toBe(near.totalCount);
    expect(crossed.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const everyone = await ok(admin, url(0, true), { pageSize: 1 });
    expect(everyone.totalCount).toBe(within(500).length);
    expect(everyone.totalCount).toBeGreaterThan(near.totalCount);

    const small = await ok(rep, url(10), { pageSize: 500 });
    expect(small.totalCount).toBe(within(10, 'SR01').length);
    const ships = await ok(rep, url(10), { filters: [{ field: 'accountType', comparison: 'equals', values: ['ShipTo'] }], pageSize: 500 });
    expect(ships.rows.every((r: Row) => r.accountType === 'ShipTo')).toBe(true);

    // The figures: the last twelve months' sales, banded by the thresholds.
    const top = near.rows.find((r: Row) => r.accountType === 'Customer' && r.sales > 0)!;
    const [{ sales }] = await sql(
      `SELECT coalesce(sum(sales), 0)::float8 AS sales FROM erp.invoice_header WHERE company = $1 AND customer = $2
          AND invoice_date BETWEEN (date_trunc('month', $3::date) - interval '11 months')::date AND $3::date`,
      [top.company, top.accountId, TODAY],
    );
    expect(top.sales).toBeCloseTo(sales, 2);
    for (const r of near.rows) expect(r.salesBand).toBe(near.thresholds.filter((t: number) => r.sales >= t).length);

    const bad = await post(rep, `/Map/Radius/${lat}/${lng}/-5`, {});
    expect(bad.status).toBe(400);
  });

  it('the radius search reads the coordinate index (a bounding box), and the nearest first walk the geo index, not every row', async () => {
    const plan = (where: string) =>
      planOf(kit, `SELECT customer FROM erp.customer a WHERE a.latitude IS NOT NULL AND a.longitude IS NOT NULL ${where}`, [], ['enable_seqscan = off']);
    const box = 'AND a.latitude BETWEEN 41 AND 42 AND a.longitude BETWEEN -88 AND -87';
    expect(await plan(box)).toMatch(/customer_by_position|customer_by_rep_position/);
    expect(await plan(`${box} AND a.sales_rep = ANY('{SR01}'::text[])`)).toContain('customer_by_rep_position');
    expect(await plan('ORDER BY erp.geo_point(a.latitude, a.longitude) <-> erp.geo_point(41.85, -87.65) LIMIT 10')).toContain('customer_by_geo_point');
  });

  it('ShipTo/Map/List: your ship-tos with coordinates', async () => {
    const { rep, rep2 } = kit.users;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.ship_to WHERE sales_rep = 'SR01' AND latitude IS NOT NULL`);
    const answer = await ok(rep, '/ShipTo/Map/List', { pageSize: 500 });
    expect(answer.totalCount).toBe(n);
    expect(answer.rows.every((r: Row) => r.salesRep === 'SR01' && typeof r.latitude === 'number')).toBe(true);
    expect((await ok(rep2, '/ShipTo/Map/List', { pageSize: 500 })).rows.every((r: Row) => r.salesRep === 'SR02')).toBe(true);
  });

  it('MapRoutes: a user\u2019s own day routes over his accounts; another user\u2019s route answers 404', async () => {
    const { rep, rep2 } = kit.users;
    const customers = await sql(`SELECT company, customer AS id FROM erp.customer WHERE sales_rep = 'SR01' AND latitude IS NOT NULL ORDER BY customer LIMIT 3`);
    const [site] = await sql(`SELECT company, ship_to AS id FROM erp.ship_to WHERE sales_rep = 'SR01' ORDER BY ship_to DESC LIMIT 1`);
    const [theirs] = await sql(`SELECT company, customer AS id FROM erp.customer WHERE sales_rep = 'SR02' ORDER BY customer LIMIT 1`);
    const stops = [
      ...customers.map((c) => ({ accountType: 'Customer', company: c.company, accountId: c.id })),
      { accountType: 'ShipTo', company: site!.company, accountId: site!.id, note: 'Dock 4' },
    ];
    const created = await ok(rep, '/MapRoutes', { routeName: ' Tuesday north ', routeDate: '2026-11-24', stops });
    expect(created).toMatchObject({ routeName: 'Tuesday north', routeDate: '2026-11-24', notes: null });
    expect(created.stops.map((s: Row) => [s.stopOrder, s.accountId])).toEqual(stops.map((s, i) => [i + 1, s.accountId]));
    expect(created.stops[3]).toMatchObject({ accountType: 'ShipTo', note: 'Dock 4' });
    expect(created.stops.every((s: Row) => s.accountName && typeof s.latitude === 'number')).toBe(true);
    const id = created.mapRouteId;

    expect((await get(rep, '/MapRoutes/List')).body.rows).toContainEqual(expect.objectContaining({ mapRouteId: id, stopCount: 4, routeName: 'Tuesday north' }));
    expect((await get(rep2, '/MapRoutes/List')).body.rows.some((r: Row) => r.mapRouteId === id)).toBe(false);
    expect((await get(rep, `/MapRoutes/${id}`)).body).toEqual(created);
    expect((await get(rep2, `/MapRoutes/${id}`)).status).toBe(404);
    expect((await send(rep2, 'PATCH', '/MapRoutes', { mapRouteId: id, routeName: 'Mine now' })).status).toBe(404);
    expect((await send(rep2, 'DELETE', `/MapRoutes?mapRouteId=${id}`)).status).toBe(404);
    expect((await post(rep2, `/MapRoutes/Coordinates/${id}`, {})).status).toBe(404);

    const foreign = await post(rep, '/MapRoutes', { routeName: 'Poaching', stops: [{ accountType: 'Customer', company: theirs!.company, accountId: theirs!.id }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toContain(`Stop 1: Customer ${theirs!.id}`);
    expect((await post(rep, '/MapRoutes', { routeName: '   ', stops: [] })).status).toBe(400);

    const renamed = await send(rep, 'PATCH', '/MapRoutes', { mapRouteId: id, routeName: 'Tuesday', notes: 'Call ahead', stops: [...stops].reverse() });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ routeName: 'Tuesday', routeDate: '2026-11-24', notes: 'Call ahead' });
    expect(renamed.body.stops.map((s: Row) => s.accountId)).toEqual([...stops].reverse().map((s) => s.accountId));

    const planned = await ok(rep, `/MapRoutes/Coordinates/${id}`, { optimize: true, startLatitude: 41.85, startLongitude: -87.65 });
    expect(planned.legMiles).toHaveLength(4);
    expect(planned.totalMiles).toBeCloseTo(planned.legMiles.reduce((a: number, b: number | null) => a + (b ?? 0), 0), 1);
    // Nearest-next: each leg is the shortest from where the route stands among the stops left.
    const reread = (await get(rep, `/MapRoutes/${id}`)).body;
    expect(reread.stops.map((s: Row) => s.accountId)).toEqual(planned.stops.map((s: Row) => s.accountId));
    const plain = await ok(rep, `/MapRoutes/Coordinates/${id}`);
    expect(plain.legMiles[0]).toBe(0);
    expect((await post(rep, `/MapRoutes/Coordinates/${id}`, { startLatitude: 41 })).status).toBe(400);

    expect((await send(rep, 'DELETE', `/MapRoutes?mapRouteId=${id}`)).body).toEqual({ mapRouteId: id });
    expect((await get(rep, `/MapRoutes/${id}`)).status).toBe(404);
  });
});
