/**
 * The ERP lists, summaries and documents answer a repeated request from the result cache: no
 * statement reads the ERP data again (only the caller's context and settings are read, so his
 * scope and rights are checked on every request), while another caller or body is computed for
 * itself: a rep never receives an administrator's cached answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

/**
 * The statements reading the ERP data that `run` makes: every statement on a connection of its
 * own (the analytics queries) and every pool query on erp.* other than the caller's context and
 * settings (both joined to app.user_master).
 */
async function dataReads(run: () => Promise<unknown>): Promise<string[]> {
  const db = kit.services.db;
  const reads: string[] = [];
  const query = db.query.bind(db);
  const connect = db.connect.bind(db);
  vi.spyOn(db, 'query').mockImplementation(((text: unknown, ...rest: unknown[]) => {
    const sqlText = typeof text === 'string' ? text : String((text as { text?: string })?.text ?? '');
    if (sqlText.includes('erp.') && !sqlText.includes('app.user_master')) reads.push(sqlText);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as never);
  // pool.query connects with a callback itself: only a caller's own connection (no callback) counts.
  vi.spyOn(db, 'connect').mockImplementation(((...args: unknown[]) => {
    if (typeof args[0] !== 'function') reads.push('connect');
    return (connect as (...a: unknown[]) => unknown)(...args);
  }) as never);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return reads;
}

/** The answer of a first call, then proof that the same call again reads no ERP data and answers the same. */
async function cachedRepeat(browser: TestBrowser, url: string, body: unknown) {
  const first = await ok(browser, url, body);
  let again: unknown;
  expect(await dataReads(async () => void (again = await ok(browser, url, body))), `${url} repeated`).toEqual([]);
  expect(again).toEqual(first);
  return first;
}

afterEach(() => vi.restoreAllMocks());

describe('ERP lists, summaries and documents answer repeats from the result cache', () => {
  it('a list, a summary and a document read the ERP data once; another body is computed afresh', async () => {
    const { admin } = kit.users;
    const [supplier] = await sql<{ company: string; supplier: string }>('SELECT company, supplier FROM erp.supplier ORDER BY company, supplier LIMIT 1');
    const [customer] = await sql<{ company: string; customer: string }>('SELECT company, customer FROM erp.customer ORDER BY company, customer LIMIT 1');
    const [po] = await sql<{ po_number: string }>('SELECT po_number FROM erp.purchase_order_header ORDER BY po_number LIMIT 1');

    const list = await cachedRepeat(admin, '/Customer/List', { pageSize: 7 });
    expect(list.rows).toHaveLength(7);
    await cachedRepeat(admin, '/Supplier/List', { pageSize: 7 });
    await cachedRepeat(admin, '/AR/List', { pageSize: 7 });
    await cachedRepeat(admin, '/Inventory/Details', { pageSize: 7 });
    await cachedRepeat(admin, '/Customer/Summary', customer);
    const summary = await cachedRepeat(admin, '/Supplier/Summary', supplier);
    expect(summary.account.accountId).toBe(supplier!.supplier);
    const header = await cachedRepeat(admin, '/PurchaseOrder/Header', { poNumber: po!.po_number });
    expect(header.header.poNumber).toBe(po!.po_number);
    await cachedRepeat(admin, '/PurchaseOrder/Details', { pageSize: 7 });
    await cachedRepeat(admin, `/Customer/${encodeURIComponent(customer!.customer)}?company=${customer!.company}`, {});

    // Another body (a page size) or another account is another question: it reads the data.
    expect(await dataReads(() => ok(admin, '/Customer/List', { pageSize: 8 }))).not.toEqual([]);
    const [other] = await sql<{ company: string; supplier: string }>('SELECT company, supplier FROM erp.supplier ORDER BY company, supplier OFFSET 1 LIMIT 1');
    expect(await dataReads(() => ok(admin, '/Supplier/Summary', other))).not.toEqual([]);
  });

  it('a changed ERP row shows only for a question not yet asked of this data load', async () => {
    const { admin } = kit.users;
    const body = { pageSize: 5, sortBy: 'value', sortDir: 'desc' };
    const first = await ok(admin, '/Inventory/Value/Detail', body);
    const top = first.rows[0];
    const where = `company = '${top.company}' AND item_number = '${top.itemNumber}' AND location = '${top.location}'`;
    await sql(`UPDATE erp.inventory SET qty_on_hand = qty_on_hand + 1000 WHERE ${where}`);
    try {
      expect(await ok(admin, '/Inventory/Value/Detail', body)).toEqual(first);
      const fresh = await ok(admin, '/Inventory/Value/Detail', { ...body, pageSize: 6 });
      expect(fresh.rows[0].qtyOnHand).toBe(top.qtyOnHand + 1000);
    } finally {
      await sql(`UPDATE erp.inventory SET qty_on_hand = qty_on_hand - 1000 WHERE ${where}`);
    }
  });
});

describe('the cached ERP answers keep to the caller’s scope and rights', () => {
  it("a rep asking what an administrator asked gets his own list, never the administrator's cached one", async () => {
    const { admin, rep } = kit.users;
    const body = { pageSize: 500, sortBy: 'customer' };
    const all = await ok(admin, '/Customer/List', body);
    const mine = await ok(rep, '/Customer/List', body);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer WHERE sales_rep = 'SR01'`);
    expect(mine.totalCount).toBe(n);
    expect(all.totalCount).toBeGreaterThan(n);
    expect(mine.rows.every((r: { salesRep: string }) => r.salesRep === 'SR01')).toBe(true);
    // Each repeat answers the caller's own entry from the cache.
    expect(await cachedRepeat(rep, '/Customer/List', body)).toEqual(mine);
    expect(await cachedRepeat(admin, '/Customer/List', body)).toEqual(all);

    // The rep's open receivables: the same body, only his invoices.
    const ar = await ok(admin, '/AR/List', { pageSize: 500 });
    const repAr = await ok(rep, '/AR/List', { pageSize: 500 });
    expect(repAr.totalCount).toBeLessThan(ar.totalCount);
    const [{ m }] = await sql<{ m: number }>(`SELECT count(*)::int AS m FROM erp.ar_open WHERE sales_rep = 'SR01'`);
    expect(repAr.totalCount).toBe(m);
  });

  it("another rep's account summary and invoice stay 404 for a rep after the administrator's answer is cached", async () => {
    const { admin, rep } = kit.users;
    const [theirs] = await sql<{ company: string; customer: string }>(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR02' ORDER BY customer LIMIT 1`);
    await cachedRepeat(admin, '/Customer/Summary', theirs);
    expect((await post(rep, '/Customer/Summary', theirs)).status).toBe(404);
    expect((await post(rep, '/Customer/Summary', theirs)).status).toBe(404);

    const [invoice] = await sql<{ invoice_number: string; company: string }>(`SELECT invoice_number, company FROM erp.invoice_header WHERE sales_rep = 'SR02' ORDER BY invoice_number LIMIT 1`);
    const url = `/Invoice/Header/${encodeURIComponent(invoice!.invoice_number)}`;
    await cachedRepeat(admin, url, { company: invoice!.company });
    expect((await post(rep, url, { company: invoice!.company })).status).toBe(404);
  });

  it('an access right is checked on every request, hit or miss', async () => {
    const { admin } = kit.users;
    const [po] = await sql<{ po_number: string }>('SELECT po_number FROM erp.purchase_order_header ORDER BY po_number DESC LIMIT 1');
    await cachedRepeat(admin, '/PurchaseOrder/Header', { poNumber: po!.po_number });
    await cachedRepeat(admin, '/Supplier/List', { pageSize: 3 });
    await withRoleSettings(kit, 'SiteAdmin', { PurchaseAccessRight: 'false' }, async () => {
      expect((await post(admin, '/PurchaseOrder/Header', { poNumber: po!.po_number })).status).toBe(403);
      expect((await post(admin, '/Supplier/List', { pageSize: 3 })).status).toBe(403);
    });
    expect((await post(admin, '/PurchaseOrder/Header', { poNumber: po!.po_number })).status).toBe(200);
  });
});
