/**
 * Line-level and note calls of seed 001 §7.11–7.12: the bill of material of a kit line on an
 * invoice, order or quote (erp.item_bom), the purchase order lines bought for an order line
 * (erp.order_line_po), the notes on invoices, order lines and purchase orders, collection notes on
 * receivables, and the customer and supplier note pads.
 *
 * A line, document or account is first looked up within the user's scope exactly as the Order,
 * Invoice and account calls see it (scope.ts: a rep his accounts, a manager his team, an
 * administrator all): one outside it answers 404 like one that does not exist, so changing ids
 * never reveals another rep's data. Only then are its components or notes read. Purchasing data
 * (purchase orders, their notes, suppliers) is company-wide behind PurchaseAccessRight,
 * receivables behind ArAccessRight. Path, query and body are checked for NUL first.
 */
import type { FastifyInstance } from 'fastify';
import {
  arCollectionNotes,
  customerNote,
  customerNoteList,
  invoiceDetailsBom,
  invoiceHeaderNotes,
  orderLineBom,
  orderLineNote,
  orderLinePo,
  purchaseOrderNotes,
  quoteDetailsBom,
  supplierNoteList,
} from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { analyticsQuery, listQuery, type ListModel } from './engine.ts';
import { answerer, companyWide, erpCall, pageOf, requireRight, type ErpCall } from './erp-common.ts';
import { LINE_COLUMNS, LINE_FROM } from './purchasing-routes.ts';
import { resolveDate } from './questions.ts';
import { invoiceHeaderList, invoiceLineList, orderLineList, quoteLineList } from './sales-lists.ts';
import { listPage, withEquals } from './service-routes.ts';
import { badRequest, MAX_PAGE_SIZE, normalizeRequest, type NormalizedRequest } from './search-request.ts';

const day = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;
/** The note columns of a note table aliased n. */
const NOTE_COLUMNS = {
  noteNumber: 'n.note_number',
  noteDate: day('n.note_date'),
  noteType: 'n.note_type',
  enteredBy: 'n.entered_by',
  noteText: 'n.note_text',
};
const NOTE_FILTERS = ['noteType', 'enteredBy'];
const NOTE_SEARCH = ['noteText', 'enteredBy'];

/** Every row of a GET list (no paging parameters): one page of MAX_PAGE_SIZE. */
const everyRow = () => normalizeRequest({ pageSize: MAX_PAGE_SIZE });

/** The one row of a document or line the user sees by its ids: 404 when none, 400 when several companies use them. */
async function visible(call: ErpCall, model: ListModel, ids: Record<string, string | number | undefined>, what: string): Promise<Record<string, unknown>> {
  const fields = Object.keys(ids).filter((f) => !model.filterFields.includes(f));
  const request = withEquals(normalizeRequest({ pageSize: 2 }), Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v === undefined ? undefined : String(v)])));
  const found = await listQuery(call.db, { model: { ...model, filterFields: [...model.filterFields, ...fields] }, context: call.context, request });
  if (found.totalCount === 0) throw new HttpError(404, `${what} was not found`);
  if (found.totalCount > 1) throw badRequest(`${what} exists in several companies; give company`);
  return found.rows[0]!;
}

/** A list answer without the period fields (the GET lists and lists of one document). */
async function rowsOf(call: ErpCall, model: ListModel, request: NormalizedRequest) {
  const { dateSlug: _slug, from: _from, to: _to, totals: _totals, ...page } = await listPage(call, model, null, request, null);
  return page;
}

// ------------------------------------------------------------------------------ BOM
type KitLine = { company: string; customer: string; itemNumber: string; itemDescription: string | null; qty: number };

/** The components of a kit line's item, for the line's quantity, at the items' cost. */
async function bomAnswer(call: ErpCall, line: KitLine) {
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT b.component_number AS "componentNumber", b.component_item AS "itemNumber", i.description AS "itemDescription",
            i.product_group AS "productGroup", i.unit_of_measure AS "unitOfMeasure", b.qty_per_kit::float8 AS "qtyPerKit",
            (b.qty_per_kit * $3)::float8 AS qty, coalesce(i.unit_cost, 0)::float8 AS "unitCost",
            round(b.qty_per_kit * $3 * coalesce(i.unit_cost, 0), 2)::float8 AS "extendedCost"
       FROM erp.item_bom b LEFT JOIN erp.item i ON i.company = b.company AND i.item_number = b.component_item
      WHERE b.company = $1 AND b.item_number = $2 ORDER BY b.component_number LIMIT ${MAX_PAGE_SIZE}`,
    [line.company, line.itemNumber, line.qty],
  );
  const { company, customer, itemNumber, itemDescription, qty } = line;
  return { line: { company, customer, itemNumber, itemDescription, qty: Number(qty), isKit: rows.length > 0 }, ...pageOf(everyRow(), rows.length), rows };
}

// ------------------------------------------------------------------------------ lists
const orderLinePoList: ListModel = {
  name: 'Order/Line/PO',
  from: `${LINE_FROM}
    JOIN erp.order_line_po x ON x.company = l.company AND x.po_number = l.po_number AND x.po_line_number = l.po_line_number
    JOIN erp.purchase_order_header h ON h.company = l.company AND h.po_number = l.po_number`,
  dateColumn: 'l.order_date',
  salesRepColumn: 'l.supplier',
  columns: { ...LINE_COLUMNS, orderNumber: 'x.order_number', orderLineNumber: 'x.order_line_number', linkType: 'x.link_type', status: 'h.status', buyer: 'h.buyer' },
  searchColumns: ['poNumber', 'itemNumber'],
  filterFields: ['company', 'orderNumber', 'orderLineNumber'],
  defaultSort: { field: 'poNumber', dir: 'asc' },
  tieBreak: 'l.po_line_number ASC',
};

/** Notes keyed by a document (and line) of table `table`, aliased n: read company-wide once the document passed the scope check. */
function documentNotes(name: string, table: string, keys: Record<string, string>): ListModel {
  return {
    name,
    from: `${table} n`,
    dateColumn: 'n.note_date',
    salesRepColumn: 'n.company',
    columns: { company: 'n.company', ...keys, ...NOTE_COLUMNS },
    searchColumns: NOTE_SEARCH,
    filterFields: ['company', ...Object.keys(keys), ...NOTE_FILTERS],
    defaultSort: { field: 'noteNumber', dir: 'asc' },
    tieBreak: `${Object.values(keys).join(', ')}, n.note_number`,
  };
}
const orderLineNotes = documentNotes('Order/Line/Note', 'erp.order_line_note', { orderNumber: 'n.order_number', orderLineNumber: 'n.order_line_number' });
const invoiceNotes = documentNotes('Invoice/InvoiceHeaderNotes', 'erp.invoice_note', { invoiceNumber: 'n.invoice_number' });

const purchaseOrderNoteList: ListModel = {
  name: 'PurchaseOrder/Notes',
  from: `erp.purchase_order_note n
    JOIN erp.purchase_order_header h ON h.company = n.company AND h.po_number = n.po_number
    LEFT JOIN erp.supplier s ON s.company = h.company AND s.supplier = h.supplier`,
  dateColumn: 'n.note_date',
  salesRepColumn: 'h.supplier',
  columns: { company: 'n.company', poNumber: 'n.po_number', ...NOTE_COLUMNS, supplier: 'h.supplier', supplierName: 's.supplier_name', status: 'h.status', location: 'h.location' },
  searchColumns: ['poNumber', ...NOTE_SEARCH, 'supplier', 'supplierName'],
  filterFields: ['company', 'poNumber', 'supplier', 'status', 'location', ...NOTE_FILTERS],
  defaultSort: { field: 'noteDate', dir: 'desc' },
  tieBreak: 'n.po_number DESC, n.note_number DESC',
};

const collectionNoteList: ListModel = {
  name: 'AR/CollectionNotes',
  from: `erp.ar_collection_note n JOIN erp.customer c ON c.company = n.company AND c.customer = n.customer`,
  dateColumn: 'n.note_date',
  salesRepColumn: 'c.sales_rep',
  columns: {
    company: 'n.company',
    customer: 'n.customer',
    customerName: 'c.customer_name',
    salesRep: 'c.sales_rep',
    noteNumber: 'n.note_number',
    invoiceNumber: 'n.invoice_number',
    noteDate: day('n.note_date'),
    noteType: 'n.note_type',
    contactName: 'n.contact_name',
    enteredBy: 'n.entered_by',
    noteText: 'n.note_text',
    promiseDate: day('n.promise_date'),
    promiseAmount: 'n.promise_amount::float8',
  },
  searchColumns: NOTE_SEARCH,
  filterFields: ['company', 'customer', 'invoiceNumber'],
  defaultSort: { field: 'noteDate', dir: 'desc' },
  tieBreak: 'n.note_number DESC',
};

/** The customers the user sees (by their own sales rep), for an account look-up. */
const customerAccounts: ListModel = {
  name: 'Customer',
  from: 'erp.customer c',
  dateColumn: 'c.created_date',
  salesRepColumn: 'c.sales_rep',
  columns: { company: 'c.company', customer: 'c.customer' },
  searchColumns: [],
  filterFields: ['company', 'customer'],
  defaultSort: { field: 'company', dir: 'asc' },
  tieBreak: 'c.customer',
};

const accountNotes = (a: string, account: string, names: string): ListModel => ({
  name: `${account}/Note`,
  from: `erp.${account === 'Customer' ? 'customer' : 'supplier'}_note n ${names}`,
  dateColumn: 'n.note_date',
  salesRepColumn: account === 'Customer' ? 'c.sales_rep' : 'n.supplier',
  columns: account === 'Customer'
    ? { company: 'n.company', customer: 'n.customer', customerName: 'c.customer_name', salesRep: 'c.sales_rep', ...NOTE_COLUMNS }
    : { company: 'n.company', supplier: 'n.supplier', supplierName: 's.supplier_name', ...NOTE_COLUMNS },
  searchColumns: [a, `${a}Name`, ...NOTE_SEARCH],
  filterFields: ['company', a, ...(account === 'Customer' ? ['salesRep'] : []), ...NOTE_FILTERS],
  defaultSort: { field: 'noteDate', dir: 'desc' },
  tieBreak: `n.${a}, n.note_number DESC`,
  notNull: ['noteDate'],
});
const customerNotes = accountNotes('customer', 'Customer', 'LEFT JOIN erp.customer c ON c.company = n.company AND c.customer = n.customer');
const supplierNotes = accountNotes('supplier', 'Supplier', 'LEFT JOIN erp.supplier s ON s.company = n.company AND s.supplier = n.supplier');

/** A note list cut to a dateSlug (none: every date). */
async function datedNotes(call: ErpCall, model: ListModel, request: NormalizedRequest, dateSlug: string | undefined) {
  const period = dateSlug ? resolveDate(dateSlug, call.context, call.today) : null;
  const { totals: _none, ...page } = await listPage(call, model, period, request, dateSlug ?? null);
  return page;
}

// ------------------------------------------------------------------------------ routes
export async function notesBomRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone (the notes too: erp.*_note): answered from the result cache.
  const scopedAnswer = answerer((user) => erpCall(app.db, user, []));
  const purchasingAnswer = answerer(async (user) => companyWide(await erpCall(app.db, user, [], 'PurchaseAccessRight')));
  const arAnswer = answerer((user) => erpCall(app.db, user, [], 'ArAccessRight'));
  /** The caller's scope with his PurchaseAccessRight read, not yet checked: an order line outside his scope answers 404 first. */
  const lineThenPurchasing = answerer((user) => erpCall(app.db, user, ['PurchaseAccessRight']));

  // BOM: the line as the Invoice/Order/Quote Details calls see it, then its item's components.
  serve(app, invoiceDetailsBom, async (request) => scopedAnswer(request, async (call) => {
    const { invoiceNumber, invoiceLineNumber } = request.params;
    const line = await visible(call, invoiceLineList(call.context.invoiceCostBasis), { invoiceNumber, invoiceLineNumber, company: request.query?.company }, `Invoice ${invoiceNumber} line ${invoiceLineNumber}`);
    return bomAnswer(call, line as KitLine) as never;
  }));
  serve(app, orderLineBom, async (request) => scopedAnswer(request, async (call) => {
    const { orderNumber, orderLineNumber } = request.params;
    const line = await visible(call, orderLineList(false, call.context.orderCostBasis), { orderNumber, orderLineNumber, company: request.query?.company }, `Order ${orderNumber} line ${orderLineNumber}`);
    return bomAnswer(call, { ...(line as KitLine), qty: Number(line.qtyOrdered) }) as never;
  }));
  serve(app, quoteDetailsBom, async (request) => scopedAnswer(request, async (call) => {
    const { quoteNumber, quoteLineNumber } = request.params;
    const line = await visible(call, quoteLineList(false, call.context.quoteCostBasis), { quoteNumber, quoteLineNumber, company: request.query?.company }, `Quote ${quoteNumber} line ${quoteLineNumber}`);
    return bomAnswer(call, line as KitLine) as never;
  }));

  // Order line: the line in the user's scope first, then what was bought for it or noted on it.
  const orderLine = async (call: ErpCall, params: { orderNumber: string; orderLineNumber: number }, company: string | undefined) => {
    const line = await visible(call, orderLineList(false, call.context.orderCostBasis), { ...params, company }, `Order ${params.orderNumber} line ${params.orderLineNumber}`);
    return { orderNumber: params.orderNumber, orderLineNumber: String(params.orderLineNumber), company: String(line.company) };
  };
  serve(app, orderLinePo, async (request) => lineThenPurchasing(request, async (call) => {
    const ids = await orderLine(call, request.params, request.query?.company);
    requireRight(call.settings, 'PurchaseAccessRight');
    return rowsOf(companyWide(call), orderLinePoList, withEquals(everyRow(), ids)) as never;
  }));
  serve(app, orderLineNote, async (request) => scopedAnswer(request, async (call) => {
    const ids = await orderLine(call, request.params, request.query?.company);
    return rowsOf(companyWide(call), orderLineNotes, withEquals(everyRow(), ids)) as never;
  }));

  serve(app, invoiceHeaderNotes, async (request) => scopedAnswer(request, async (call) => {
    const { invoiceNumber } = request.params;
    const { company, ...body } = request.body ?? {};
    const header = await visible(call, invoiceHeaderList(call.context.invoiceCostBasis), { invoiceNumber, company }, `Invoice ${invoiceNumber}`);
    return rowsOf(companyWide(call), invoiceNotes, withEquals(normalizeRequest(body), { invoiceNumber, company: String(header.company) })) as never;
  }));

  // Like ServiceOrder/Notes: one PO's notes oldest first, or the notes of a period newest first.
  serve(app, purchaseOrderNotes, async (request) => purchasingAnswer(request, async (call) => {
    const { poNumber, company, dateSlug, ...body } = request.body;
    if (!poNumber) return datedNotes(call, purchaseOrderNoteList, withEquals(normalizeRequest(body), { company }), dateSlug ?? 'last-30-days') as never;
    const { rows } = await call.db.query<{ company: string }>(
      'SELECT company FROM erp.purchase_order_header WHERE po_number = $1 AND ($2::text IS NULL OR company = $2) ORDER BY company LIMIT 2',
      [poNumber, company ?? null],
    );
    if (rows.length === 0) throw new HttpError(404, `Purchase order ${poNumber} was not found`);
    if (rows.length > 1) throw badRequest(`Purchase order ${poNumber} exists in several companies; give company`);
    const search = withEquals(normalizeRequest(body), { poNumber, company: rows[0]!.company });
    return datedNotes(call, purchaseOrderNoteList, search.sortBy ? search : { ...search, sortBy: 'noteNumber', sortDir: 'asc' }, dateSlug) as never;
  }));

  serve(app, arCollectionNotes, async (request) => arAnswer(request, async (call) => {
    const { customer, company, invoiceNumber } = request.query;
    if (!customer && !invoiceNumber) throw badRequest('Give customer (with company) or invoiceNumber');
    let ids: Record<string, string | undefined>;
    if (invoiceNumber) {
      const header = await visible(call, invoiceHeaderList(call.context.invoiceCostBasis), { invoiceNumber, customer, company }, `Invoice ${invoiceNumber}`);
      ids = { invoiceNumber, customer: String(header.customer), company: String(header.company) };
    } else {
      const account = await visible(call, customerAccounts, { customer, company }, `Customer ${customer}`);
      ids = { customer, company: String(account.company) };
    }
    return rowsOf(call, collectionNoteList, withEquals(everyRow(), ids)) as never;
  }));

  serve(app, customerNoteList, async (request) => scopedAnswer(request, (call) => {
    const { customer, company, dateSlug, ...body } = request.body;
    return datedNotes(call, customerNotes, withEquals(normalizeRequest(body), { customer, company }), dateSlug) as never;
  }));
  serve(app, customerNote, async (request) => scopedAnswer(request, async (call) => {
    const { customer, company } = request.params;
    await visible(call, customerAccounts, { customer, company }, `Customer ${customer} of company ${company}`);
    return rowsOf(call, customerNotes, withEquals(everyRow(), { customer, company })) as never;
  }));
  serve(app, supplierNoteList, async (request) => purchasingAnswer(request, (call) => {
    const { supplier, company, dateSlug, ...body } = request.body;
    return datedNotes(call, supplierNotes, withEquals(normalizeRequest(body), { supplier, company }), dateSlug) as never;
  }));
}
