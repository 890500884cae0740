import { describe, expect, it } from 'vitest';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue-all.ts';
import { cents, TODAY, useErpServices, withRoleSettings } from './erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

const LAST_30 = ['2026-10-22', TODAY];
type Row = Record<string, any>;
const getOk = async (browser: Parameters<typeof get>[0], url: string) => {
  const { status, body } = await get(browser, url);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};

describe('the generated kits, special orders and notes', () => {
  it('have kits on document lines, special-order POs for order lines, and notes everywhere', async () => {
    const [r] = await sql<Record<string, number>>(`
      SELECT (SELECT count(DISTINCT (company, item_number)) FROM erp.item_bom)::int AS kits,
             (SELECT count(*) FROM erp.invoice_line l WHERE EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = l.company AND b.item_number = l.item_number))::int AS kit_lines,
             (SELECT count(*) FROM erp.order_line_po x JOIN erp.order_line l USING (company, order_number, order_line_number)
                JOIN erp.purchase_order_line p USING (company, po_number, po_line_number) WHERE p.item_number <> l.item_number OR p.qty_ordered <> l.qty_ordered)::int AS mismatched,
             (SELECT count(*) FROM erp.order_line_po)::int AS special,
             (SELECT count(DISTINCT link_type) FROM erp.order_line_po)::int AS link_types,
             (SELECT count(*) FROM erp.invoice_note)::int AS invoice_notes,
             (SELECT count(*) FROM erp.order_line_note)::int AS line_notes,
             (SELECT count(*) FROM erp.purchase_order_note)::int AS po_notes,
             (SELECT count(*) FROM erp.ar_collection_note)::int AS collection_notes,
             (SELECT count(*) FROM erp.ar_collection_note WHERE note_type = 'Promise to Pay' AND (promise_date IS NULL OR promise_amount IS NULL))::int AS bad_promises,
             (SELECT count(*) FROM erp.customer_note)::int AS customer_notes,
             (SELECT count(*) FROM erp.supplier_note)::int AS supplier_notes`);
    expect(r).toMatchObject({ mismatched: 0, link_types: 2, bad_promises: 0 });
    for (const name of ['kits', 'kit_lines', 'special', 'invoice_notes', 'line_notes', 'po_notes', 'collection_notes', 'customer_notes', 'supplier_notes']) expect(r![name], name).toBeGreaterThan(0);
  });
});

/** The components of a kit line, as independent SQL computes them. */
const components = (company: string, item: string, qty: number) =>
  sql<{ component_item: string; qty: string; cost: string }>(
    `SELECT b.component_item, b.qty_per_kit * $3 AS qty, round(b.qty_per_kit * $3 * i.unit_cost, 2) AS cost
       FROM erp.item_bom b JOIN erp.item i ON i.company = b.company AND i.item_number = b.component_item
      WHERE b.company = $1 AND b.item_number = $2 ORDER BY b.component_number`,
    [company, item, qty],
  );

describe('Invoice, Order and Quote BOM', () => {
  it("Invoice/Details/BOM gives a kit line's components for its quantity, none for another line, 404 for no line", async () => {
    const { admin } = kit.users;
    const [line] = await sql<{ company: string; invoice_number: string; invoice_line_number: number; item_number: string; qty: number }>(
      `SELECT l.company, l.invoice_number, l.invoice_line_number, l.item_number, l.qty FROM erp.invoice_line l
        WHERE l.qty > 1 AND EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = l.company AND b.item_number = l.item_number)
        ORDER BY l.invoice_number DESC LIMIT 1`,
    );
    const bom = await getOk(admin, `/Invoice/Details/BOM/${line!.invoice_number}/${line!.invoice_line_number}?company=${line!.company}`);
    expect(bom.line).toMatchObject({ company: line!.company, itemNumber: line!.item_number, qty: line!.qty, isKit: true });
    const raw = await components(line!.company, line!.item_number, line!.qty);
    expect(bom.totalCount).toBe(raw.length);
    expect(bom.rows.map((r: Row) => [r.itemNumber, cents(r.qty), cents(r.extendedCost)])).toEqual(raw.map((r) => [r.component_item, cents(r.qty), cents(r.cost)]));
    expect(bom.rows.map((r: Row) => r.componentNumber)).toEqual(raw.map((_, i) => i + 1));
    expect(bom.rows[0].itemDescription).toBeTruthy();

    const [plain] = await sql<{ invoice_number: string; invoice_line_number: number }>(
      `SELECT invoice_number, invoice_line_number FROM erp.invoice_line l
        WHERE NOT EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = l.company AND b.item_number = l.item_number) ORDER BY 1 LIMIT 1`,
    );
    const none = await getOk(admin, `/Invoice/Details/BOM/${plain!.invoice_number}/${plain!.invoice_line_number}`);
    expect([none.line.isKit, none.totalCount, none.rows]).toEqual([false, 0, []]);
    expect((await get(admin, `/Invoice/Details/BOM/${plain!.invoice_number}/999`)).status).toBe(404);
  });

  it('Order/Line/BOM and Quote/Details/BOM use the ordered and quoted quantities', async () => {
    const { admin } = kit.users;
    const [order] = await sql<{ company: string; order_number: string; order_line_number: number; item_number: string; qty_ordered: number }>(
      `SELECT l.company, l.order_number, l.order_line_number, l.item_number, l.qty_ordered FROM erp.order_line l
        WHERE EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = l.company AND b.item_number = l.item_number) ORDER BY l.order_number DESC LIMIT 1`,
    );
    const orderBom = await getOk(admin, `/Order/Line/BOM/${order!.order_number}/${order!.order_line_number}`);
    const rawOrder = await components(order!.company, order!.item_number, order!.qty_ordered);
    expect([orderBom.line.qty, orderBom.rows.map((r: Row) => cents(r.extendedCost))]).toEqual([order!.qty_ordered, rawOrder.map((r) => cents(r.cost))]);

    const [quote] = await sql<{ company: string; quote_number: string; quote_line_number: number; item_number: string; qty: number }>(
      `SELECT l.company, l.quote_number, l.quote_line_number, l.item_number, l.qty FROM erp.quote_line l
        WHERE EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = l.company AND b.item_number = l.item_number) ORDER BY l.quote_number DESC LIMIT 1`,
    );
    const quoteBom = await getOk(admin, `/Quote/Details/BOM/${quote!.quote_number}/${quote!.quote_line_number}`);
    const rawQuote = await components(quote!.company, quote!.item_number, quote!.qty);
    expect(quoteBom.rows.map((r: Row) => [r.itemNumber, cents(r.qty)])).toEqual(rawQuote.map((r) => [r.component_item, cents(r.qty)]));
    expect((await get(admin, `/Quote/Details/BOM/Q-NONE/1`)).status).toBe(404);
  });
});

describe('Order/Line/PO and Order/Line/Note', () => {
  it('gives the purchase order lines bought for an order line, and none for a stocked line', async () => {
    const { admin } = kit.users;
    const [link] = await sql<{ company: string; order_number: string; order_line_number: number; po_number: string; link_type: string; qty_ordered: number; status: string }>(
      `SELECT x.company, x.order_number, x.order_line_number, x.po_number, x.link_type, p.qty_ordered, h.status
         FROM erp.order_line_po x JOIN erp.purchase_order_line p USING (company, po_number, po_line_number)
         JOIN erp.purchase_order_header h USING (company, po_number) ORDER BY x.order_number LIMIT 1`,
    );
    const po = await getOk(admin, `/Order/Line/PO/${link!.order_number}/${link!.order_line_number}?company=${link!.company}`);
    expect(po.totalCount).toBe(1);
    expect(po.rows[0]).toMatchObject({ poNumber: link!.po_number, linkType: link!.link_type, qtyOrdered: link!.qty_ordered, status: link!.status, orderNumber: link!.order_number });
    expect(po.rows[0].supplierName).toBeTruthy();
    const [stocked] = await sql<{ order_number: string; order_line_number: number }>(
      `SELECT order_number, order_line_number FROM erp.order_line l
        WHERE NOT EXISTS (SELECT 1 FROM erp.order_line_po x WHERE x.company = l.company AND x.order_number = l.order_number AND x.order_line_number = l.order_line_number)
        ORDER BY 1 LIMIT 1`,
    );
    expect((await getOk(admin, `/Order/Line/PO/${stocked!.order_number}/${stocked!.order_line_number}`)).rows).toEqual([]);
  });

  it("gives an order line's notes oldest first", async () => {
    const { admin } = kit.users;
    const [line] = await sql<{ company: string; order_number: string; order_line_number: number; n: number }>(
      `SELECT company, order_number, order_line_number, count(*)::int AS n FROM erp.order_line_note GROUP BY 1, 2, 3 ORDER BY 4 DESC, 2 LIMIT 1`,
    );
    const notes = await getOk(admin, `/Order/Line/Note/${line!.order_number}/${line!.order_line_number}`);
    expect(notes.totalCount).toBe(line!.n);
    const raw = await sql<{ note_text: string }>(
      'SELECT note_text FROM erp.order_line_note WHERE company = $1 AND order_number = $2 AND order_line_number = $3 ORDER BY note_number',
      [line!.company, line!.order_number, line!.order_line_number],
    );
    expect(notes.rows.map((r: Row) => r.noteText)).toEqual(raw.map((r) => r.note_text));
    expect(notes.rows.map((r: Row) => r.noteNumber)).toEqual(raw.map((_, i) => i + 1));
  });
});

describe('Invoice/InvoiceHeaderNotes and PurchaseOrder/Notes', () => {
  it("gives an invoice's header notes, filtered and sorted on request", async () => {
    const { admin } = kit.users;
    const [invoice] = await sql<{ invoice_number: string; n: number }>(
      'SELECT invoice_number, count(*)::int AS n FROM erp.invoice_note GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    );
    const notes = await ok(admin, `/Invoice/InvoiceHeaderNotes/${invoice!.invoice_number}`, {});
    expect(notes.totalCount).toBe(invoice!.n);
    expect(notes.rows.every((r: Row) => r.invoiceNumber === invoice!.invoice_number && r.noteText)).toBe(true);
    const type = notes.rows[0].noteType;
    const filtered = await ok(admin, `/Invoice/InvoiceHeaderNotes/${invoice!.invoice_number}`, { filters: [{ field: 'noteType', comparison: 'equals', values: [type] }], sortBy: 'noteNumber', sortDir: 'desc' });
    expect(filtered.rows.map((r: Row) => r.noteNumber)).toEqual(notes.rows.filter((r: Row) => r.noteType === type).map((r: Row) => r.noteNumber).reverse());
    const [silent] = await sql<{ invoice_number: string }>(
      'SELECT invoice_number FROM erp.invoice_header h WHERE NOT EXISTS (SELECT 1 FROM erp.invoice_note n WHERE n.company = h.company AND n.invoice_number = h.invoice_number) ORDER BY 1 LIMIT 1',
    );
    expect((await ok(admin, `/Invoice/InvoiceHeaderNotes/${silent!.invoice_number}`)).totalCount).toBe(0);
    expect((await post(admin, '/Invoice/InvoiceHeaderNotes/0000000')).status).toBe(404);
  });

  it("gives one purchase order's notes oldest first, the last 30 days' notes without a number, and 404 for no PO", async () => {
    const { admin } = kit.users;
    const [po] = await sql<{ po_number: string; n: number }>('SELECT po_number, count(*)::int AS n FROM erp.purchase_order_note GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1');
    const notes = await ok(admin, '/PurchaseOrder/Notes', { poNumber: po!.po_number });
    expect([notes.totalCount, notes.dateSlug]).toEqual([po!.n, null]);
    expect(notes.rows.map((r: Row) => r.noteNumber)).toEqual(Array.from({ length: po!.n }, (_, i) => i + 1));
    expect(notes.rows[0].supplierName).toBeTruthy();
    const recent = await ok(admin, '/PurchaseOrder/Notes', { pageSize: 5 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.purchase_order_note WHERE note_date BETWEEN $1 AND $2', LAST_30);
    expect([recent.dateSlug, recent.from, recent.totalCount]).toEqual(['last-30-days', LAST_30[0], n]);
    const dates = recent.rows.map((r: Row) => r.noteDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await post(admin, '/PurchaseOrder/Notes', { poNumber: 'PO-NONE' })).status).toBe(404);
    const bad = await post(admin, '/PurchaseOrder/Notes', { filters: [{ field: 'salesRep', comparison: 'include', values: ['SR01'] }] });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("'salesRep'")]);
  });
});

describe('AR/CollectionNotes', () => {
  it("gives a customer's collection notes newest first, one invoice's notes, and 400 without customer or invoice", async () => {
    const { admin } = kit.users;
    const [top] = await sql<{ company: string; customer: string; n: number }>(
      'SELECT company, customer, count(*)::int AS n FROM erp.ar_collection_note GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 1',
    );
    const notes = await getOk(admin, `/AR/CollectionNotes?customer=${top!.customer}&company=${top!.company}`);
    expect(notes.totalCount).toBe(top!.n);
    const dates = notes.rows.map((r: Row) => r.noteDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(notes.rows[0].customerName).toBeTruthy();
    const [invoice] = await sql<{ invoice_number: string; n: number }>(
      'SELECT invoice_number, count(*)::int AS n FROM erp.ar_collection_note WHERE invoice_number IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    );
    const one = await getOk(admin, `/AR/CollectionNotes?invoiceNumber=${invoice!.invoice_number}`);
    expect(one.totalCount).toBe(invoice!.n);
    expect(one.rows.every((r: Row) => r.invoiceNumber === invoice!.invoice_number)).toBe(true);
    const promise = await sql<{ invoice_number: string; promise_amount: string }>(`SELECT invoice_number, promise_amount FROM erp.ar_collection_note WHERE note_type = 'Promise to Pay' ORDER BY 1 LIMIT 1`);
    if (promise[0]) {
      const promised = await getOk(admin, `/AR/CollectionNotes?invoiceNumber=${promise[0].invoice_number}`);
      expect(promised.rows.some((r: Row) => r.noteType === 'Promise to Pay' && cents(r.promiseAmount) === cents(promise[0]!.promise_amount) && r.promiseDate)).toBe(true);
    }
    const none = await get(admin, '/AR/CollectionNotes');
    expect([none.status, none.body.message]).toEqual([400, expect.stringContaining('customer')]);
    expect((await get(admin, '/AR/CollectionNotes?customer=C-NONE')).status).toBe(404);
  });
});

describe('Customer and Supplier notes', () => {
  it('lists the notes on customers, one customer by id, and the supplier notes', async () => {
    const { admin } = kit.users;
    const all = await ok(admin, '/Customer/Note/List', { pageSize: 10 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM erp.customer_note');
    expect([all.totalCount, all.dateSlug]).toEqual([n, null]);
    const [top] = await sql<{ company: string; customer: string; n: number }>(
      'SELECT company, customer, count(*)::int AS n FROM erp.customer_note GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 1',
    );
    const one = await getOk(admin, `/Customer/Note/${top!.customer}/${top!.company}`);
    expect(one.totalCount).toBe(top!.n);
    expect(one.rows.every((r: Row) => r.customer === top!.customer && r.salesRep)).toBe(true);
    const listed = await ok(admin, '/Customer/Note/List', { customer: top!.customer, company: top!.company, pageSize: 500 });
    expect(listed.rows.map((r: Row) => r.noteNumber)).toEqual(one.rows.map((r: Row) => r.noteNumber));
    const lastYear = await ok(admin, '/Customer/Note/List', { dateSlug: 'last-year', filters: [{ field: 'noteType', comparison: 'equals', values: ['Credit'] }] });
    const [{ c }] = await sql<{ c: number }>(`SELECT count(*)::int AS c FROM erp.customer_note WHERE note_type = 'Credit' AND note_date BETWEEN '2025-01-01' AND '2025-12-31'`);
    expect(lastYear.totalCount).toBe(c);
    expect((await get(admin, `/Customer/Note/${top!.customer}/99`)).status).toBe(404);

    const suppliers = await ok(admin, '/Supplier/Note/List', { pageSize: 500 });
    const [{ s }] = await sql<{ s: number }>('SELECT count(*)::int AS s FROM erp.supplier_note');
    expect(suppliers.totalCount).toBe(s);
    const supplier = suppliers.rows[0];
    const mine = await ok(admin, '/Supplier/Note/List', { supplier: supplier.supplier, company: supplier.company });
    expect(mine.rows.every((r: Row) => r.supplier === supplier.supplier && r.supplierName)).toBe(true);
  });
});

describe('data scope', () => {
  it("lets a rep read only his own customers' lines, notes and collection notes, whatever ids he asks for", async () => {
    const { rep } = kit.users;
    const [theirs] = await sql<Row>(
      `SELECT l.company, l.invoice_number, l.invoice_line_number FROM erp.invoice_line l
        WHERE l.sales_rep <> 'SR01' AND EXISTS (SELECT 1 FROM erp.invoice_note n WHERE n.company = l.company AND n.invoice_number = l.invoice_number) ORDER BY 2 LIMIT 1`,
    );
    expect((await get(rep, `/Invoice/Details/BOM/${theirs!.invoice_number}/${theirs!.invoice_line_number}`)).status).toBe(404);
    expect((await post(rep, `/Invoice/InvoiceHeaderNotes/${theirs!.invoice_number}`, { company: theirs!.company })).status).toBe(404);
    const [line] = await sql<Row>(`SELECT order_number, order_line_number FROM erp.order_line_note n JOIN erp.order_line l USING (company, order_number, order_line_number) WHERE l.sales_rep <> 'SR01' LIMIT 1`);
    for (const call of ['Note', 'PO', 'BOM']) expect((await get(rep, `/Order/Line/${call}/${line!.order_number}/${line!.order_line_number}`)).status, call).toBe(404);
    const [quote] = await sql<Row>(`SELECT quote_number, quote_line_number FROM erp.quote_line WHERE sales_rep <> 'SR01' LIMIT 1`);
    expect((await get(rep, `/Quote/Details/BOM/${quote!.quote_number}/${quote!.quote_line_number}`)).status).toBe(404);

    const [other] = await sql<Row>(`SELECT n.company, n.customer, n.invoice_number FROM erp.ar_collection_note n JOIN erp.customer c USING (company, customer) WHERE c.sales_rep <> 'SR01' AND n.invoice_number IS NOT NULL LIMIT 1`);
    expect((await get(rep, `/AR/CollectionNotes?customer=${other!.customer}&company=${other!.company}`)).status).toBe(404);
    expect((await get(rep, `/AR/CollectionNotes?invoiceNumber=${other!.invoice_number}`)).status).toBe(404);
    expect((await get(rep, `/Customer/Note/${other!.customer}/${other!.company}`)).status).toBe(404);
    expect((await ok(rep, '/Customer/Note/List', { customer: other!.customer, company: other!.company })).totalCount).toBe(0);

    const [mine] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM erp.customer_note n JOIN erp.customer c USING (company, customer) WHERE c.sales_rep = 'SR01'`);
    const list = await ok(rep, '/Customer/Note/List', { pageSize: 500, filters: [{ field: 'salesRep', comparison: 'include', values: ['SR01', 'SR02'] }] });
    expect(list.totalCount).toBe(mine!.n);
    expect(list.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);

    // His own order line with a special order: the PO lines need PurchaseAccessRight.
    const [own] = await sql<Row>(`SELECT x.order_number, x.order_line_number FROM erp.order_line_po x JOIN erp.order_line l USING (company, order_number, order_line_number) WHERE l.sales_rep = 'SR01' LIMIT 1`);
    if (own) {
      expect((await getOk(rep, `/Order/Line/PO/${own.order_number}/${own.order_line_number}`)).totalCount).toBeGreaterThan(0);
      await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
        expect((await get(rep, `/Order/Line/PO/${own.order_number}/${own.order_line_number}`)).status).toBe(403);
        expect((await post(rep, '/PurchaseOrder/Notes', {})).status).toBe(403);
      });
    }
  });
});

describe('the note components', () => {
  it("Customer Notes on the account summary board shows the page's account only, within the rep's scope", async () => {
    const { rep, rep2 } = kit.users;
    const master = COMPONENT_CATALOGUE.find((m) => m.displayName === 'Customer Notes')!;
    const [mine] = await sql<{ company: string; customer: string; n: number }>(
      `SELECT n.company, n.customer, count(*)::int AS n FROM erp.customer_note n JOIN erp.customer c USING (company, customer)
        WHERE c.sales_rep = 'SR01' GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 1`,
    );
    const boardFilters = implicitFilters('/accountSummary', `?accountType=customer&accountId=${mine!.customer}&company=${mine!.company}`);
    const request = buildPartRequest(master.configs, 'data', { boardFilters })!;
    expect(request.path).toBe('/Customer/Note/List');
    const result = await ok(rep, request.path, { ...request.body, pageSize: 500 });
    expect(result.totalCount).toBe(mine!.n);
    expect(result.rows.every((r: Row) => r.customer === mine!.customer && r.company === mine!.company)).toBe(true);
    expect((await ok(rep2, request.path, request.body)).totalCount).toBe(0);
  });
});

describe('bad input never gives a 5xx', () => {
  it('answers 400 naming bad path parameters, NUL bytes, unknown fields and sorts', async () => {
    const { rep } = kit.users;
    const lineNumber = await get(rep, '/Invoice/Details/BOM/1000001/abc');
    expect([lineNumber.status, lineNumber.body.message]).toEqual([400, expect.stringContaining('invoiceLineNumber')]);
    expect((await get(rep, '/Order/Line/Note/SO0000001/0')).status).toBe(400);
    for (const url of ['/Invoice/Details/BOM/%00/1', '/Order/Line/PO/SO%001/1', '/Customer/Note/C%00/01', '/AR/CollectionNotes?customer=%00', '/Quote/Details/BOM/Q1/1?company=%00']) {
      const { status, body } = await get(rep, url);
      expect([status, body.message], url).toEqual([400, expect.stringContaining('NUL')]);
    }
    const nul = await post(rep, '/Customer/Note/List', { searchString: 'a\u0000b' });
    expect([nul.status, nul.body.message]).toEqual([400, expect.stringContaining('NUL')]);
    expect((await post(rep, '/Invoice/InvoiceHeaderNotes/1000001', { company: '\u0000' })).status).toBe(400);
    const filter = await post(rep, '/Customer/Note/List', { filters: [{ field: 'password', comparison: 'include', values: ['x'] }] });
    expect([filter.status, filter.body.message]).toEqual([400, expect.stringContaining("'password'")]);
    const sort = await post(rep, '/Supplier/Note/List', { sortBy: 'secret' });
    expect([sort.status, sort.body.message]).toEqual([400, expect.stringContaining("sortBy field 'secret'")]);
    expect((await post(rep, '/Customer/Note/List', { dateSlug: 'someday' })).status).toBe(400);
    const odd = ['%27%20OR%201%3D1%20--', encodeURIComponent('é漢字'), '..', 'x'.repeat(41)];
    for (const v of odd) {
      for (const url of [`/Invoice/Details/BOM/${v}/1`, `/Order/Line/PO/${v}/1`, `/Customer/Note/${v}/${v}`, `/AR/CollectionNotes?invoiceNumber=${v}`]) {
        const { status } = await get(rep, url);
        expect(status, url).toBeGreaterThanOrEqual(400);
        expect(status, url).toBeLessThan(500);
      }
    }
  });
});
