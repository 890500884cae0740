/**
 * Inventory/Adjustment and Inventory/RMA (seed 001 §7.13) on erp.inventory_adjustment_header/line
 * and erp.rma_header/line: lists with the search request like the other inventory lists, and (with
 * groupBy) one row per group like Shipment/List. Both are /Inventory calls, so InventoryAccessRight
 * gates them. Adjustments are stock corrections that belong to no sales rep: every user who may see
 * the stock reads all of them, as he reads the stock (docs/decisions.md). RMAs are customer returns:
 * each user reads those of his accounts (scope.ts), and an RMA outside his scope answers 404.
 */
import type { FastifyInstance } from 'fastify';
import {
  ADJUSTMENT_GROUP_BYS,
  inventoryAdjustment,
  inventoryAdjustmentDetail,
  inventoryRma,
  inventoryRmaDetail,
  RMA_GROUP_BYS,
} from '@tradeboard/shared/contracts';
import type { SessionUser } from '../platform/session.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { listQuery, type ListModel } from './engine.ts';
import { answerer, companyWide, dimension, erpCall, groupedMeasures, groupKeyOf, pageOf, todaySql, type ErpCall, type GroupKey, type GroupKeys } from './erp-common.ts';
import { resolveDate } from './questions.ts';
import { listPage, withEquals } from './service-routes.ts';
import { badRequest, dateBetween, normalizeRequest, SqlParams, type FieldMap, type NormalizedRequest } from './search-request.ts';

const day = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;
const round2 = (x: number | undefined) => Math.round((x ?? 0) * 100) / 100;
const DEFAULT_SLUG = 'last-90-days';

async function inventoryCall(app: FastifyInstance, user: SessionUser): Promise<ErpCall> {
  return erpCall(app.db, user, [], 'InventoryAccessRight');
}

/** A list's period: its dateSlug, the default one, or none (every date) when `everyDate`. */
function periodOf(call: ErpCall, dateSlug: string | undefined, everyDate: boolean) {
  const slug = dateSlug ?? (everyDate ? null : DEFAULT_SLUG);
  return { slug, period: slug ? resolveDate(slug, call.context, call.today) : null };
}

/** The one document by number the list model sees (scoped): 404 when none, 400 when several companies use the number. */
async function oneDocument(call: ErpCall, model: ListModel, field: string, number: string, company: string | undefined, what: string): Promise<string> {
  const found = await listQuery(call.db, { model, context: call.context, request: withEquals(normalizeRequest({ pageSize: 2 }), { [field]: number, company }) });
  if (found.totalCount === 0) throw new HttpError(404, `${what} ${number} was not found`);
  if (found.totalCount > 1) throw badRequest(`${what} ${number} exists in several companies; give company`);
  return String(found.rows[0]!.company);
}

/** Groups of a document list (Shipment/List's groupBy): grouped measures over the list's rows, named, sorted and paged. */
async function groupsOf(
  call: ErpCall,
  spec: { what: string; from: string; dateColumn: string; salesRepColumn: string | null; groupBys: Record<string, GroupKey>; filters: FieldMap; measures: Record<string, string>; sort: string },
  groupBy: string,
  period: { from: string; to: string } | null,
  where: string[],
  request: NormalizedRequest,
) {
  const params = new SqlParams();
  const dated = period ? [dateBetween(spec.dateColumn, period, params)] : [];
  const time = groupBy === 'month';
  const result = await groupedMeasures(call, {
    from: spec.from,
    where: [...dated, ...where],
    group: groupKeyOf(spec.groupBys, groupBy, spec.what),
    measures: spec.measures,
    filterFields: spec.filters,
    salesRepColumn: spec.salesRepColumn,
    request,
    defaultSort: time ? { field: 'key', dir: 'asc' } : { field: spec.sort, dir: 'desc' },
    params,
  });
  return { ...pageOf(request, result.totalCount), totals: result.totals, rows: result.rows };
}

// ------------------------------------------------------------------------------ adjustments
const ADJUSTMENT_COLUMNS = {
  company: 'a.company',
  adjustmentNumber: 'a.adjustment_number',
  adjustmentDate: day('a.adjustment_date'),
  branch: 'a.branch',
  branchName: 'b.branch_name',
  location: 'a.location',
  reason: 'a.reason',
  enteredBy: 'a.entered_by',
  lineCount: 'a.line_count',
  totalQty: 'a.total_qty',
  totalValue: 'a.total_value::float8',
};
const ADJUSTMENT_FILTER_NAMES = ['company', 'branch', 'location', 'reason', 'enteredBy', 'adjustmentNumber'] as const;

const adjustmentList: ListModel = {
  name: 'Inventory/Adjustment',
  from: 'erp.inventory_adjustment_header a LEFT JOIN erp.branch b ON b.company = a.company AND b.branch = a.branch',
  dateColumn: 'a.adjustment_date',
  salesRepColumn: 'a.branch',
  columns: ADJUSTMENT_COLUMNS,
  searchColumns: ['adjustmentNumber', 'reason', 'enteredBy', 'location'],
  filterFields: ADJUSTMENT_FILTER_NAMES,
  defaultSort: { field: 'adjustmentDate', dir: 'desc' },
  tieBreak: 'a.adjustment_number DESC, a.company ASC',
  totals: {
    adjustmentCount: '1',
    lineCount: 'a.line_count',
    totalQty: 'a.total_qty',
    totalValue: 'a.total_value',
    increaseValue: 'greatest(a.total_value, 0)',
    decreaseValue: 'least(a.total_value, 0)',
  },
};

const ADJUSTMENT_GROUPS = {
  what: 'Inventory/Adjustment',
  from: 'erp.inventory_adjustment_header a',
  dateColumn: 'a.adjustment_date',
  salesRepColumn: null,
  groupBys: {
    reason: { key: 'a.reason' },
    branch: dimension('branch', 'a.branch'),
    location: dimension('location', 'a.location'),
    company: dimension('company', 'a.company'),
    enteredBy: { key: 'a.entered_by' },
    month: { key: "to_char(a.adjustment_date, 'YYYY-MM')" },
  } satisfies GroupKeys<typeof ADJUSTMENT_GROUP_BYS>,
  filters: Object.fromEntries(ADJUSTMENT_FILTER_NAMES.map((f) => [f, ADJUSTMENT_COLUMNS[f]])),
  measures: {
    adjustmentCount: 'count(*)',
    lineCount: 'sum(a.line_count)',
    totalQty: 'sum(a.total_qty)',
    totalValue: 'sum(a.total_value)',
    increaseValue: 'sum(a.total_value) FILTER (WHERE a.total_value > 0)',
    decreaseValue: 'sum(a.total_value) FILTER (WHERE a.total_value < 0)',
  },
  sort: 'adjustmentCount',
};

const adjustmentLines: ListModel = {
  name: 'Inventory/Adjustment/Detail',
  from: 'erp.inventory_adjustment_line l LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number',
  dateColumn: 'l.adjustment_date',
  salesRepColumn: 'l.branch',
  columns: {
    company: 'l.company',
    adjustmentNumber: 'l.adjustment_number',
    lineNumber: 'l.line_number',
    adjustmentDate: day('l.adjustment_date'),
    branch: 'l.branch',
    location: 'l.location',
    reason: 'l.reason',
    itemNumber: 'l.item_number',
    itemDescription: 'i.description',
    productGroup: 'l.product_group',
    qty: 'l.qty',
    unitCost: 'l.unit_cost::float8',
    value: 'l.value::float8',
  },
  searchColumns: ['adjustmentNumber', 'itemNumber', 'itemDescription'],
  filterFields: ['company', 'branch', 'location', 'reason', 'itemNumber', 'productGroup', 'adjustmentNumber'],
  defaultSort: { field: 'adjustmentDate', dir: 'desc' },
  tieBreak: 'l.adjustment_number DESC, l.line_number ASC',
  totals: { lineCount: '1', qty: 'l.qty', value: 'l.value' },
};

// ------------------------------------------------------------------------------ RMAs
const rmaColumns = (today: string) => ({
  company: 'h.company',
  rmaNumber: 'h.rma_number',
  rmaDate: day('h.rma_date'),
  customer: 'h.customer',
  customerName: 'c.customer_name',
  shipTo: 'h.ship_to',
  salesRep: 'h.sales_rep',
  branch: 'h.branch',
  location: 'h.location',
  status: 'h.status',
  reason: 'h.reason',
  receivedDate: day('h.received_date'),
  creditInvoiceNumber: 'h.credit_invoice_number',
  lineCount: 'h.line_count',
  totalAmount: 'h.total_amount::float8',
  daysOpen: `CASE WHEN h.status <> 'Rejected' THEN coalesce(h.received_date, ${today}) - h.rma_date END`,
});
const RMA_FILTER_NAMES = ['company', 'branch', 'location', 'salesRep', 'customer', 'shipTo', 'status', 'reason', 'rmaNumber', 'creditInvoiceNumber'] as const;
const OPEN_RMA = "h.status IN ('Open', 'Received')";

const rmaList = (today: string, openOnly: boolean): ListModel => ({
  name: 'Inventory/RMA',
  from: 'erp.rma_header h LEFT JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer',
  dateColumn: 'h.rma_date',
  salesRepColumn: 'h.sales_rep',
  columns: rmaColumns(today),
  searchColumns: ['rmaNumber', 'customer', 'customerName', 'creditInvoiceNumber'],
  filterFields: RMA_FILTER_NAMES,
  defaultSort: { field: 'rmaDate', dir: 'desc' },
  tieBreak: 'h.rma_number DESC, h.company ASC',
  where: openOnly ? OPEN_RMA : undefined,
  totals: {
    rmaCount: '1',
    openCount: `(${OPEN_RMA})::int`,
    lineCount: 'h.line_count',
    totalAmount: 'h.total_amount',
    creditedAmount: "CASE WHEN h.status = 'Credited' THEN h.total_amount ELSE 0 END",
  },
});

const RMA_GROUPS = {
  what: 'Inventory/RMA',
  from: 'erp.rma_header h',
  dateColumn: 'h.rma_date',
  salesRepColumn: 'h.sales_rep',
  groupBys: {
    status: { key: 'h.status' },
    reason: { key: 'h.reason' },
    customer: dimension('customer', 'h.customer'),
    salesRep: dimension('salesRep', 'h.sales_rep'),
    branch: dimension('branch', 'h.branch'),
    company: dimension('company', 'h.company'),
    month: { key: "to_char(h.rma_date, 'YYYY-MM')" },
  } satisfies GroupKeys<typeof RMA_GROUP_BYS>,
  filters: Object.fromEntries(RMA_FILTER_NAMES.map((f) => [f, `h.${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`])),
  measures: {
    rmaCount: 'count(*)',
    openCount: `count(*) FILTER (WHERE ${OPEN_RMA})`,
    lineCount: 'sum(h.line_count)',
    totalAmount: 'sum(h.total_amount)',
    creditedAmount: "sum(h.total_amount) FILTER (WHERE h.status = 'Credited')",
  },
  sort: 'rmaCount',
};

const rmaLines: ListModel = {
  name: 'Inventory/RMA/Detail',
  from: `erp.rma_line l
    LEFT JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
    LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number`,
  dateColumn: 'l.rma_date',
  salesRepColumn: 'l.sales_rep',
  columns: {
    company: 'l.company',
    rmaNumber: 'l.rma_number',
    lineNumber: 'l.line_number',
    rmaDate: day('l.rma_date'),
    customer: 'l.customer',
    customerName: 'c.customer_name',
    salesRep: 'l.sales_rep',
    status: 'l.status',
    invoiceNumber: 'l.invoice_number',
    itemNumber: 'l.item_number',
    itemDescription: 'i.description',
    productGroup: 'l.product_group',
    qty: 'l.qty',
    unitPrice: 'l.unit_price::float8',
    amount: 'l.amount::float8',
    disposition: 'l.disposition',
  },
  searchColumns: ['rmaNumber', 'customer', 'customerName', 'itemNumber', 'itemDescription', 'invoiceNumber'],
  filterFields: ['company', 'salesRep', 'customer', 'status', 'itemNumber', 'productGroup', 'disposition', 'rmaNumber', 'invoiceNumber'],
  defaultSort: { field: 'rmaDate', dir: 'desc' },
  tieBreak: 'l.rma_number DESC, l.line_number ASC',
};

/** Lines of one document by number (oldest line first unless sorted), or of a period. */
async function documentLines(call: ErpCall, model: ListModel, header: ListModel, field: string, body: { dateSlug?: string; company?: string; search: NormalizedRequest; number?: string }, what: string) {
  let search = body.search;
  if (body.number) {
    const company = await oneDocument(call, header, field, body.number, body.company, what);
    search = withEquals(search, { [field]: body.number, company });
    if (!search.sortBy) search = { ...search, sortBy: 'lineNumber', sortDir: 'asc' };
  } else {
    search = withEquals(search, { company: body.company });
  }
  const { slug, period } = periodOf(call, body.dateSlug, Boolean(body.number));
  return listPage(call, model, period, search, slug);
}

// ------------------------------------------------------------------------------ routes
export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const answer = answerer((user) => inventoryCall(app, user));
  const stockAnswer = answerer(async (user) => companyWide(await inventoryCall(app, user)));
  serve(app, inventoryAdjustment, async (request) => stockAnswer(request, async (call) => {
    const { dateSlug, groupBy, ...body } = request.body;
    const search = normalizeRequest(body);
    const { slug, period } = periodOf(call, dateSlug, false);
    const dates = { dateSlug: slug, from: period?.from ?? null, to: period?.to ?? null };
    if (groupBy) return { ...dates, groupBy, ...(await groupsOf(call, ADJUSTMENT_GROUPS, groupBy, period, [], search)) } as never;
    const page = await listPage(call, adjustmentList, period, search, slug);
    const t = page.totals;
    return {
      ...page,
      groupBy: null,
      totals: { adjustmentCount: page.totalCount, lineCount: t.lineCount ?? 0, totalQty: t.totalQty ?? 0, totalValue: round2(t.totalValue), increaseValue: round2(t.increaseValue), decreaseValue: round2(t.decreaseValue) },
    } as never;
  }));

  serve(app, inventoryAdjustmentDetail, async (request) => stockAnswer(request, async (call) => {
    const { adjustmentNumber, company, dateSlug, ...body } = request.body;
    const page = await documentLines(call, adjustmentLines, adjustmentList, 'adjustmentNumber', { dateSlug, company, search: normalizeRequest(body), number: adjustmentNumber }, 'Inventory adjustment');
    return { ...page, totals: { lineCount: page.totalCount, qty: page.totals.qty ?? 0, value: round2(page.totals.value) } } as never;
  }));

  serve(app, inventoryRma, async (request) => answer(request, async (call) => {
    const { dateSlug, customer, shipTo, company, openOnly, groupBy, ...body } = request.body;
    const search = withEquals(normalizeRequest(body), { customer, shipTo, company });
    const { slug, period } = periodOf(call, dateSlug, Boolean(customer));
    const dates = { dateSlug: slug, from: period?.from ?? null, to: period?.to ?? null };
    if (groupBy) return { ...dates, groupBy, ...(await groupsOf(call, RMA_GROUPS, groupBy, period, openOnly ? [OPEN_RMA] : [], search)) } as never;
    const page = await listPage(call, rmaList(todaySql(call), openOnly ?? false), period, search, slug);
    const t = page.totals;
    return {
      ...page,
      groupBy: null,
      totals: { rmaCount: page.totalCount, openCount: t.openCount ?? 0, lineCount: t.lineCount ?? 0, totalAmount: round2(t.totalAmount), creditedAmount: round2(t.creditedAmount) },
    } as never;
  }));

  serve(app, inventoryRmaDetail, async (request) => answer(request, async (call) => {
    const { rmaNumber, company, dateSlug, ...body } = request.body;
    const { totals: _none, ...page } = await documentLines(call, rmaLines, rmaList(todaySql(call), false), 'rmaNumber', { dateSlug, company, search: normalizeRequest(body), number: rmaNumber }, 'RMA');
    return page as never;
  }));
}
