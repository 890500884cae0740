import { describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { useErpServices, withRoleSettings } from '../analytics/erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

type Row = Record<string, any>;
const send = async (browser: TestBrowser, method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

/** A customer of the rep with at least two ship-tos. */
async function customerOf(rep: string) {
  const [c] = await sql(
    `SELECT c.company, c.customer, (SELECT array_agg(s.ship_to ORDER BY s.ship_to) FROM erp.ship_to s WHERE s.company = c.company AND s.customer = c.customer) AS ship_tos
       FROM erp.customer c
      WHERE c.sales_rep = $1 AND (SELECT count(*) FROM erp.ship_to s WHERE s.company = c.company AND s.customer = c.customer) >= 2
      ORDER BY c.company, c.customer LIMIT 1`,
    [rep],
  );
  return c!;
}

let n = 0;
async function create(browser: TestBrowser, account: Row, extra: Row = {}) {
  n += 1;
  return send(browser, 'POST', '/Contact', { company: account.company, customer: account.customer, firstName: 'Dana', lastName: `Buyer${n}`, title: 'Purchasing', ...extra });
}

const audits = (id: string) => sql<{ action: string; user_master_id: number }>("SELECT action, user_master_id FROM crm.audit WHERE entity = 'Contact' AND entity_id = $1 ORDER BY audit_id", [id]);

describe('contacts: create, edit, delete', () => {
  it('demo data: the demo reps\u2019 customers have contacts', async () => {
    const [row] = await sql("SELECT count(*)::int AS n FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep IN ('SR01', 'SR02')");
    expect(row!.n).toBeGreaterThan(20);
  });

  it('a rep creates a contact on his customer (CRM number, name from first and last), edits it, a stale edit is a 409 with the current one; every write is audited', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const created = await create(rep, account, { shipTo: account.ship_tos[0], email: ' dana@example.com ', phone: '(555) 010-7788' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const contact = created.body.contact;
    expect(contact).toMatchObject({ company: account.company, customer: account.customer, shipTo: account.ship_tos[0], email: 'dana@example.com', salesRep: 'SR01', version: 1 });
    expect(contact.contact).toMatch(/^CRM\d{6}$/);
    expect(contact.contactName).toBe(`Dana Buyer${n}`);
    // The contact reads see it at once (the write is a revision of the data).
    expect((await kit.get(rep, `/Contact/Contact?contactId=${contact.contact}&company=${account.company}`)).body.contactName).toBe(contact.contactName);
    const page = await ok(rep, `/Customer/Contact/${account.customer}/${account.company}`, { searchString: contact.contact, pageSize: 50 });
    expect(page.rows.map((r: Row) => r.contact)).toContain(contact.contact);

    const edited = await send(rep, 'PUT', `/Contact/${contact.contact}`, { company: account.company, contactName: 'Dana B. Buyer', title: 'Head of purchasing', version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.contact).toMatchObject({ contactName: 'Dana B. Buyer', title: 'Head of purchasing', email: null, version: 2 });
    const stale = await send(rep, 'PUT', `/Contact/${contact.contact}`, { company: account.company, contactName: 'Overwrite', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ contactName: 'Dana B. Buyer', version: 2 });
    expect((await send(rep, 'DELETE', `/Contact/${contact.contact}?company=${account.company}&version=1`)).status).toBe(409);

    expect((await send(rep, 'PUT', `/Contact/${contact.contact}`, { company: account.company, contactName: ' ', version: 2 })).status).toBe(400);
    expect((await send(rep, 'PUT', `/Contact/${contact.contact}`, { company: account.company, contactName: 'X', email: 'not-an-address', version: 2 })).status).toBe(400);

    expect((await send(rep, 'DELETE', `/Contact/${contact.contact}?company=${account.company}&version=2`)).status).toBe(204);
    expect((await kit.get(rep, `/Contact/Contact?contactId=${contact.contact}`)).status).toBe(404);
    const [{ user_master_id: me }] = await sql("SELECT user_master_id FROM app.user_master WHERE email = 'rep@tradeboard.example'");
    const trail = await audits(`${account.company}/${contact.contact}`);
    expect(trail.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(trail.every((a) => a.user_master_id === me)).toBe(true);
  });

  it('a ship-to of another customer is a 400; another rep\u2019s customer is a 404', async () => {
    const { rep } = kit.users;
    const mine = await customerOf('SR01');
    const theirs = await customerOf('SR02');
    expect((await create(rep, mine, { shipTo: theirs.ship_tos[0] })).status).toBe(404);
    expect((await create(rep, theirs)).status).toBe(404);
    const [other] = await sql("SELECT s.ship_to FROM erp.ship_to s JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' AND s.company = $1 AND s.customer <> $2 LIMIT 1", [
      mine.company,
      mine.customer,
    ]);
    expect((await create(rep, mine, { shipTo: other!.ship_to })).status).toBe(400);
    expect((await create(rep, mine, { firstName: null, lastName: null })).status).toBe(400);
  });

  it('another rep\u2019s contact is a 404 to read, edit, delete, link and list; his manager reaches it', async () => {
    const { rep, rep2, manager } = kit.users;
    const [t] = await sql("SELECT t.company, t.contact, t.version FROM erp.contact t JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01' ORDER BY 1, 2 LIMIT 1");
    const mine = await customerOf('SR02');
    expect((await send(rep2, 'PUT', `/Contact/${t!.contact}`, { company: t!.company, contactName: 'Mine now', version: t!.version })).status).toBe(404);
    expect((await send(rep2, 'DELETE', `/Contact/${t!.contact}?company=${t!.company}`)).status).toBe(404);
    expect((await post(rep2, '/Contact/AddCustomer', { contact: t!.contact, company: t!.company, customer: mine.customer })).status).toBe(404);
    expect((await send(rep2, 'DELETE', `/Contact/RemoveShipTo?contact=${t!.contact}&shipTo=x&company=${t!.company}`)).status).toBe(404);
    expect((await post(rep2, '/Contact/GetShipToList', { contact: t!.contact, company: t!.company })).status).toBe(404);
    expect((await post(rep2, `/Contact/GetSalesRepList/${t!.contact}`, { company: t!.company })).status).toBe(404);
    expect((await post(rep, '/Contact/GetCustomersList', { contact: 'NOPE', company: t!.company })).status).toBe(404);
    // SR01 reports to SM01 in the demo data.
    const [{ manager: boss }] = await sql("SELECT manager_sales_rep AS manager FROM erp.sales_rep WHERE sales_rep = 'SR01' LIMIT 1");
    if (boss === 'SM01') expect((await post(manager, '/Contact/GetCustomersList', { contact: t!.contact, company: t!.company })).status).toBe(200);
  });

  it('ContactAccessRight off: every contact call is a 403', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const [t] = await sql('SELECT contact FROM erp.contact WHERE company = $1 AND customer = $2 LIMIT 1', [account.company, account.customer]);
    await withRoleSettings(kit, 'SalesRep', { ContactAccessRight: 'false' }, async () => {
      expect((await create(rep, account)).status).toBe(403);
      expect((await send(rep, 'PUT', `/Contact/${t!.contact}`, { contactName: 'x', version: 1 })).status).toBe(403);
      expect((await send(rep, 'DELETE', `/Contact/${t!.contact}`)).status).toBe(403);
      expect((await post(rep, '/Contact/AddShipTo', { contact: t!.contact, shipTo: account.ship_tos[0] })).status).toBe(403);
      expect((await send(rep, 'DELETE', `/Contact/RemoveCustomer/${account.customer}/${t!.contact}`)).status).toBe(403);
      expect((await send(rep, 'DELETE', `/Contact/RemoveSalesRep?contact=${t!.contact}&salesRep=SR01`)).status).toBe(403);
      expect((await post(rep, '/Contact/GetCustomersList', { contact: t!.contact })).status).toBe(403);
      expect((await post(rep, '/Contact/GetShipToList', { contact: t!.contact })).status).toBe(403);
      expect((await post(rep, `/Contact/GetSalesRepList/${t!.contact}`, {})).status).toBe(403);
    });
  });

  it('ContactCreationLockdown: ManagerAndAdmin lets managers and admins create, not reps; AdminOnly only admins; an unknown mode locks like AdminOnly', async () => {
    const { rep, manager, admin } = kit.users;
    const account = await customerOf('SR01');
    const all = ['SalesRep', 'Manager', 'SiteAdmin'];
    const withMode = async (mode: string, body: () => Promise<void>) => {
      const [first, ...rest] = all;
      const nest = rest.reduce<() => Promise<void>>((inner, role) => () => withRoleSettings(kit, role, { ContactCreationLockdown: mode }, inner), body);
      await withRoleSettings(kit, first!, { ContactCreationLockdown: mode }, nest);
    };
    await withMode('ManagerAndAdmin', async () => {
      const refused = await create(rep, account);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only managers and administrators may create contacts (ContactCreationLockdown ManagerAndAdmin)');
      expect((await create(manager, account)).status).toBe(200);
      expect((await create(admin, account)).status).toBe(200);
    });
    await withMode('AdminOnly', async () => {
      expect((await create(rep, account)).status).toBe(403);
      expect((await create(manager, account)).status).toBe(403);
      expect((await create(admin, account)).status).toBe(200);
    });
    await withMode('Whatever', async () => {
      expect((await create(manager, account)).status).toBe(403);
      expect((await create(admin, account)).status).toBe(200);
    });
    // NoLockdown (the default): any rep with ContactAccessRight creates; editing is never locked.
    expect((await create(rep, account)).status).toBe(200);
  });

  it('duplicate warning: a save answers the caller\u2019s other contacts with the same e-mail (case aside) or phone digits, and still saves', async () => {
    const { rep, rep2 } = kit.users;
    const account = await customerOf('SR01');
    const first = (await create(rep, account, { email: 'Pat.Same@Example.com', phone: '555-020-1234' })).body.contact;
    const byEmail = await create(rep, account, { email: 'pat.same@example.com' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.duplicates).toEqual([expect.objectContaining({ contact: first.contact, matchedOn: 'email' })]);
    const byPhone = await create(rep, account, { phone: '(555) 020 1234' });
    expect(byPhone.body.duplicates.map((d: Row) => [d.contact, d.matchedOn])).toContainEqual([first.contact, 'phone']);
    const unique = await create(rep, account, { email: 'someone.else@example.com', phone: '12' });
    expect(unique.body.duplicates).toEqual([]);
    // Another rep's contacts are never named.
    const theirs = await create(rep2, await customerOf('SR02'), { email: 'pat.same@example.com' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.duplicates).toEqual([]);
    // An edit warns too.
    const edited = await send(rep, 'PUT', `/Contact/${unique.body.contact.contact}`, { company: account.company, contactName: 'Pat Other', email: 'PAT.SAME@example.com', version: 1 });
    expect(edited.body.duplicates.map((d: Row) => d.contact)).toEqual(expect.arrayContaining([first.contact, byEmail.body.contact.contact]));
  });
});

describe('contacts: links', () => {
  it('link and unlink ship-tos, customers and sales reps; the lists put the contact\u2019s own first; the own one cannot be removed; each link is audited', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const contact = (await create(rep, account, { shipTo: account.ship_tos[0] })).body.contact;
    const ids = { contact: contact.contact, company: account.company };

    const added = await ok(rep, '/Contact/AddShipTo', { ...ids, shipTo: account.ship_tos[1] });
    expect(added.rows.map((r: Row) => [r.code, r.isPrimary])).toEqual([
      [account.ship_tos[0], true],
      [account.ship_tos[1], false],
    ]);
    expect(added.rows[1].name).toBeTruthy();
    // Linking twice is idempotent.
    expect((await ok(rep, '/Contact/AddShipTo', { ...ids, shipTo: account.ship_tos[1] })).rows).toHaveLength(2);
    expect((await ok(rep, '/Contact/GetShipToList', ids)).rows).toHaveLength(2);

    const [other] = await sql("SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' AND company = $1 AND customer <> $2 ORDER BY customer LIMIT 1", [account.company, account.customer]);
    expect((await ok(rep, '/Contact/AddCustomer', { ...ids, customer: other!.customer })).rows.map((r: Row) => r.code)).toEqual([account.customer, other!.customer]);
    expect((await ok(rep, '/Contact/AddSalesRep', { ...ids, salesRep: 'SR02' })).rows.map((r: Row) => r.code)).toEqual(['SR01', 'SR02']);
    expect((await post(rep, '/Contact/AddSalesRep', { ...ids, salesRep: 'NOBODY' })).status).toBe(400);
    expect((await ok(rep, `/Contact/GetSalesRepList/${contact.contact}`, { company: account.company })).rows[0]).toMatchObject({ code: 'SR01', isPrimary: true });

    // Linking another rep's customer or ship-to is a 404; it never widens the scope.
    const theirs = await customerOf('SR02');
    expect((await post(rep, '/Contact/AddCustomer', { ...ids, customer: theirs.customer })).status).toBe(404);
    expect((await post(rep, '/Contact/AddShipTo', { ...ids, shipTo: theirs.ship_tos[0] })).status).toBe(404);

    expect((await send(rep, 'DELETE', `/Contact/RemoveShipTo?contact=${contact.contact}&company=${account.company}&shipTo=${account.ship_tos[1]}`)).status).toBe(204);
    expect((await send(rep, 'DELETE', `/Contact/RemoveShipTo?contact=${contact.contact}&company=${account.company}&shipTo=${account.ship_tos[1]}`)).status).toBe(404);
    expect((await send(rep, 'DELETE', `/Contact/RemoveShipTo?contact=${contact.contact}&company=${account.company}&shipTo=${account.ship_tos[0]}`)).status).toBe(400);
    expect((await ok(rep, '/Contact/GetShipToList', ids)).rows.map((r: Row) => r.code)).toEqual([account.ship_tos[0]]);
    expect((await send(rep, 'DELETE', `/Contact/RemoveCustomer/${other!.customer}/${contact.contact}?company=${account.company}`)).status).toBe(204);
    expect((await send(rep, 'DELETE', `/Contact/RemoveCustomer/${account.customer}/${contact.contact}?company=${account.company}`)).status).toBe(400);
    expect((await send(rep, 'DELETE', `/Contact/RemoveSalesRep?contact=${contact.contact}&company=${account.company}&salesRep=SR02`)).status).toBe(204);

    const trail = await audits(`${account.company}/${contact.contact}`);
    expect(trail.map((a) => a.action)).toEqual(['create', 'link', 'link', 'link', 'unlink', 'unlink', 'unlink']);
    // Deleting the contact drops its links.
    await ok(rep, '/Contact/AddShipTo', { ...ids, shipTo: account.ship_tos[1] });
    expect((await send(rep, 'DELETE', `/Contact/${contact.contact}?company=${account.company}`)).status).toBe(204);
    expect(await sql('SELECT 1 FROM crm.contact_link WHERE company = $1 AND contact = $2', [account.company, contact.contact])).toEqual([]);
  });

  it('supplier links need PurchaseAccessRight', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const contact = (await create(rep, account)).body.contact;
    const [s] = await sql('SELECT supplier FROM erp.supplier WHERE company = $1 ORDER BY supplier LIMIT 1', [account.company]);
    const body = { contact: contact.contact, company: account.company, supplier: s!.supplier };
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await post(rep, '/Contact/AddSupplier', body)).status).toBe(403);
    });
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'true' }, async () => {
      expect((await ok(rep, '/Contact/AddSupplier', body)).rows.map((r: Row) => r.code)).toEqual([s!.supplier]);
      expect((await send(rep, 'DELETE', `/Contact/RemoveSupplier?contact=${contact.contact}&company=${account.company}&supplier=${s!.supplier}`)).status).toBe(204);
    });
  });
});
