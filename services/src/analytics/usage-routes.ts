/**
 * Calls derived from the invoice lines (seed 001 §7.11, §7.13): items a customer stopped buying
 * and a supplier's items that stopped selling (Inventory/Inactive), item usage per customer and
 * item over time (Usage/Log, Comparison, KPI), and inter-branch-transfer sales history
 * (IBTSalesHistory/List: lines shipped from a location whose branch is not the customer's home
 * branch). All of them carry sales, so the user's data scope applies to the lines before
 * anything is aggregated; filters narrow the lines too, the search looks at the answer's rows.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_INACTIVE_DAYS,
  DEFAULT_LOOKBACK_DAYS,
  ibtSalesHistoryList,
  inventoryInactiveCustomer,
  inventoryInactiveSupplier,
  usageComparison,
  usageKpi,
  usageLog,
  type AnalyticsSearchRequest,
} from '@tradeboard/shared/contracts';
import { addDays, type DateRange } from '@tradeboard/shared/dates';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { analyticsQuery, listQuery, type ListModel } from './engine.ts';
import { dimension, erpCall, groupKeyOf, pageOf, type ErpCall, type GroupKey } from './erp-common.ts';
import { onCommissionCost } from './models.ts';
import { resolveDate } from './questions.ts';
import { scopePredicate } from './scope.ts';
import {
  badRequest,
  filterPredicates,
  normalizeRequest,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  type FieldMap,
  type NormalizedRequest,
} from './search-request.ts';

/** Rows of `groups` (keyed by company, customer and item_number) with the customer's and item's names, as `r`. */
const withCustomerAndItemNames = (groups: string) => `(SELECT g.*, c.customer_name, i.description, i.product_group
              FROM (${groups}) g
              LEFT JOIN erp.customer c ON c.company = g.company AND c.customer = g.customer
              LEFT JOIN erp.item i ON i.company = g.company AND i.item_number = g.item_number) r`;
const CUSTOMER_ITEM_COLUMNS = {
  company: 'r.company',
  customer: 'r.customer',
  customerName: 'r.customer_name',
  itemNumber: 'r.item_number',
  itemDescription: 'r.description',
  productGroup: 'r.product_group',
};
const day = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;
const round2 = (x: number) => Math.round(x * 100) / 100;
const percentChange = (current: number, comparison: number) => (comparison === 0 ? null : round2((100 * (current - comparison)) / comparison));

/** The line fields every call filters on (a filter narrows the lines before they are summed). */
const LINE_FILTERS: FieldMap = {
  company: 'l.company',
  branch: 'l.branch',
  salesRep: 'l.sales_rep',
  customer: 'l.customer',
  shipTo: 'l.ship_to',
  productGroup: 'l.product_group',
  itemNumber: 'l.item_number',
};

/** The caller's scope and today; with `right`, 403 when his role has it off. */
async function callOf(app: FastifyInstance, user: SessionUser, right?: string): Promise<ErpCall> {
  return erpCall(app.db, user, [], right);
}

/** The scope and the filters as predicates on the lines (alias l), parameters in `params`. */
function linePredicates(call: ErpCall, request: NormalizedRequest, fields: FieldMap, params: SqlParams): string[] {
  const where: string[] = [];
  const scope = scopePredicate(call.context.scope, 'l.sales_rep', params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(request.filters, fields, params));
  return where;
}

const between = (column: string, range: DateRange, params: SqlParams) => `${column} BETWEEN ${params.add(range.from)}::date AND ${params.add(range.to)}::date`;

type RowsSpec = {
  /** FROM over the already scoped and filtered rows (alias r); its parameters are in `params`. */
  from: string;
  params: SqlParams;
  /** API column → SQL over r, in output order; each sortable, the searched ones as text. */
  columns: Readonly<Record<string, string>>;
  searchColumns: readonly string[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  tieBreak: string;
  request: NormalizedRequest;
};

/** A searched, sorted page of aggregated rows with their total count. */
async function rowsPage(call: ErpCall, spec: RowsSpec): Promise<{ rows: Record<string, unknown>[]; totalCount: number }> {
  const { params, request } = spec;
  const search = searchPredicate(request.searchString, request.searchOperator, spec.searchColumns.map((c) => `${spec.columns[c]}::text`), params);
  const order = orderByClause(request, spec.columns, spec.defaultSort, spec.tieBreak);
  const select = Object.entries(spec.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT ${select}, count(*) OVER ()::int AS total_count FROM ${spec.from} ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`,
    params.values,
  );
  return {
    rows: rows.map(({ total_count: _count, ...row }) => row),
    totalCount: rows[0] ? Number(rows[0].total_count) : 0,
  };
}

// ------------------------------------------------------------------------------ Inventory/Inactive
type InactiveBody = AnalyticsSearchRequest & { inactiveDays?: number; lookbackDays?: number };

/** The recent window and the look-back period, both ending today; 400 when the look-back is not longer. */
function inactiveWindow(call: ErpCall, body: InactiveBody | undefined) {
  const inactiveDays = body?.inactiveDays ?? DEFAULT_INACTIVE_DAYS;
  const lookbackDays = body?.lookbackDays ?? Math.max(DEFAULT_LOOKBACK_DAYS, inactiveDays + 1);
  if (!Number.isInteger(inactiveDays) || inactiveDays < 1) throw badRequest(`inactiveDays must be a whole number of days from 1, got '${inactiveDays}'`);
  if (!Number.isInteger(lookbackDays) || lookbackDays <= inactiveDays) {
    throw badRequest(`lookbackDays (${lookbackDays}) must be a whole number of days above inactiveDays (${inactiveDays})`);
  }
  return {
    asOf: call.today,
    inactiveDays,
    lookbackDays,
    windowFrom: addDays(call.today, 1 - inactiveDays),
    lookbackFrom: addDays(call.today, 1 - lookbackDays),
  };
}

type Window = ReturnType<typeof inactiveWindow>;

/**
 * Purchases (lines with a positive quantity) in the look-back period, per `keys`, kept when the
 * last one falls before the window: bought before, not since.
 */
function inactiveGroups(call: ErpCall, window: Window, request: NormalizedRequest, spec: { from: string; fields: FieldMap; keys: string[]; measures: string }, params: SqlParams) {
  const where = [between('l.invoice_date', { from: window.lookbackFrom, to: window.asOf }, params), 'l.qty > 0', ...linePredicates(call, request, spec.fields, params)];
  return `SELECT ${spec.keys.join(', ')}, max(l.invoice_date) AS last_date, sum(l.qty)::int AS qty, sum(l.sales) AS sales, ${spec.measures}
            FROM ${spec.from} WHERE ${where.join(' AND ')}
           GROUP BY ${spec.keys.map((_, i) => i + 1).join(', ')}
          HAVING max(l.invoice_date) < ${params.add(window.windowFrom)}::date`;
}

async function inactiveCustomerItems(call: ErpCall, body: InactiveBody | undefined) {
  const window = inactiveWindow(call, body);
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const groups = inactiveGroups(
    call,
    window,
    request,
    { from: 'erp.invoice_line l', fields: LINE_FILTERS, keys: ['l.company', 'l.customer', 'l.item_number'], measures: 'count(DISTINCT l.invoice_number)::int AS invoice_count' },
    params,
  );
  const page = await rowsPage(call, {
    from: withCustomerAndItemNames(groups),
    params,
    columns: {
      ...CUSTOMER_ITEM_COLUMNS,
      lastPurchaseDate: day('r.last_date'),
      daysSinceLastPurchase: `(${params.add(call.today)}::date - r.last_date)`,
      invoiceCount: 'r.invoice_count',
      qty: 'r.qty',
      sales: 'r.sales::float8',
    },
    searchColumns: ['customer', 'customerName', 'itemNumber', 'itemDescription'],
    defaultSort: { field: 'sales', dir: 'desc' },
    tieBreak: 'r.company, r.customer, r.item_number',
    request,
  });
  return { ...window, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

async function inactiveSupplierItems(call: ErpCall, body: InactiveBody | undefined) {
  const window = inactiveWindow(call, body);
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const groups = inactiveGroups(
    call,
    window,
    request,
    {
      from: 'erp.invoice_line l JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number',
      fields: { ...LINE_FILTERS, supplier: 'i.supplier' },
      keys: ['l.company', 'i.supplier', 'l.item_number'],
      measures: 'count(DISTINCT l.customer)::int AS customer_count',
    },
    params,
  );
  const page = await rowsPage(call, {
    from: `(SELECT g.*, s.supplier_name, i.description, i.product_group,
                   coalesce((SELECT sum(v.qty_on_hand) FROM erp.inventory v WHERE v.company = g.company AND v.item_number = g.item_number), 0)::int AS qty_on_hand
              FROM (${groups}) g
              LEFT JOIN erp.supplier s ON s.company = g.company AND s.supplier = g.supplier
              LEFT JOIN erp.item i ON i.company = g.company AND i.item_number = g.item_number) r`,
    params,
    columns: {
      company: 'r.company',
      supplier: 'r.supplier',
      supplierName: 'r.supplier_name',
      itemNumber: 'r.item_number',
      itemDescription: 'r.description',
      productGroup: 'r.product_group',
      lastSoldDate: day('r.last_date'),
      daysSinceLastSold: `(${params.add(call.today)}::date - r.last_date)`,
      customerCount: 'r.customer_count',
      qty: 'r.qty',
      sales: 'r.sales::float8',
      qtyOnHand: 'r.qty_on_hand',
    },
    searchColumns: ['supplier', 'supplierName', 'itemNumber', 'itemDescription'],
    defaultSort: { field: 'sales', dir: 'desc' },
    tieBreak: 'r.company, r.supplier, r.item_number',
    request,
  });
  return { ...window, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

// ------------------------------------------------------------------------------ Usage
async function usageLogPage(call: ErpCall, body: AnalyticsSearchRequest & { dateSlug?: string }) {
  const dateSlug = body.dateSlug ?? 'rolling-12-months';
  const period = resolveDate(dateSlug, call.context, call.today);
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const where = [between('l.invoice_date', period, params), ...linePredicates(call, request, LINE_FILTERS, params)];
  const page = await rowsPage(call, {
    from: withCustomerAndItemNames(`SELECT l.company, l.customer, l.item_number, to_char(l.invoice_date, 'YYYY-MM') AS month,
                           sum(l.qty)::int AS qty, sum(l.sales) AS sales, count(*)::int AS line_count,
                           count(DISTINCT l.invoice_number)::int AS invoice_count, max(l.invoice_date) AS last_date
                      FROM erp.invoice_line l WHERE ${where.join(' AND ')} GROUP BY 1, 2, 3, 4`),
    params,
    columns: {
      ...CUSTOMER_ITEM_COLUMNS,
      month: 'r.month',
      qty: 'r.qty',
      sales: 'r.sales::float8',
      lineCount: 'r.line_count',
      invoiceCount: 'r.invoice_count',
      lastInvoiceDate: day('r.last_date'),
    },
    searchColumns: ['customer', 'customerName', 'itemNumber', 'itemDescription', 'month'],
    defaultSort: { field: 'month', dir: 'desc' },
    tieBreak: 'r.sales DESC, r.company, r.customer, r.item_number',
    request,
  });
  return { dateSlug, from: period.from, to: period.to, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

const USAGE_GROUP_BYS: Record<string, GroupKey> = Object.fromEntries(
  Object.entries(LINE_FILTERS).map(([field, column]) => [field, dimension(field, column)]),
);

/** Sort keys of a comparison group (alias g: cq/pq quantities, cs/ps sales this and last period). */
const COMPARISON_SORTABLE: FieldMap = {
  key: 'g.key',
  name: 'g.name',
  currentQty: 'g.cq',
  comparisonQty: 'g.pq',
  qtyChange: '(g.cq - g.pq)',
  qtyChangePercent: '((g.cq - g.pq)::numeric / nullif(g.pq, 0))',
  currentSales: 'g.cs',
  comparisonSales: 'g.ps',
  change: '(g.cs - g.ps)',
  changePercent: '((g.cs - g.ps) / nullif(g.ps, 0))',
};

function usageAmounts(row: { cq: unknown; pq: unknown; cs: unknown; ps: unknown }) {
  const [cq, pq, cs, ps] = [Number(row.cq ?? 0), Number(row.pq ?? 0), round2(Number(row.cs ?? 0)), round2(Number(row.ps ?? 0))];
  return {
    currentQty: cq,
    comparisonQty: pq,
    qtyChange: cq - pq,
    qtyChangePercent: percentChange(cq, pq),
    currentSales: cs,
    comparisonSales: ps,
    change: round2(cs - ps),
    changePercent: percentChange(cs, ps),
  };
}

async function usageComparisonAnswer(call: ErpCall, body: AnalyticsSearchRequest & { groupBy?: string; dateSlug?: string }) {
  const groupBy = body.groupBy ?? 'itemNumber';
  const dateSlug = body.dateSlug ?? 'year-to-date';
  const group = groupKeyOf(USAGE_GROUP_BYS, groupBy, 'Usage');
  const period = resolveDate(dateSlug, call.context, call.today);
  if (!period.comparison) throw badRequest(`dateSlug '${dateSlug}' has no comparison period`);
  const comparison = period.comparison;
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const current = between('l.invoice_date', period, params);
  const previous = between('l.invoice_date', comparison, params);
  const where = [`(${current} OR ${previous})`, ...linePredicates(call, request, LINE_FILTERS, params)];
  const names = group.names;
  const name = names ? `coalesce((SELECT min(t.${names.name}) FROM ${names.table} t WHERE t.${names.key} = a.key), a.key)` : 'a.key';
  const search = searchPredicate(request.searchString, request.searchOperator, ['g.key', 'g.name'], params);
  const order = orderByClause(request, COMPARISON_SORTABLE, { field: 'currentSales', dir: 'desc' }, 'g.key ASC');
  const text = `
    WITH a AS (SELECT ${group.key} AS key,
                      coalesce(sum(l.qty) FILTER (WHERE ${current}), 0)::int AS cq, coalesce(sum(l.qty) FILTER (WHERE ${previous}), 0)::int AS pq,
                      coalesce(sum(l.sales) FILTER (WHERE ${current}), 0) AS cs, coalesce(sum(l.sales) FILTER (WHERE ${previous}), 0) AS ps
                 FROM erp.invoice_line l WHERE ${where.join(' AND ')} GROUP BY 1),
         f AS (SELECT * FROM (SELECT a.*, ${name} AS name FROM a) g ${search ? `WHERE ${search}` : ''}),
         t AS (SELECT count(*)::int AS total_count, coalesce(sum(cq), 0)::bigint AS t_cq, coalesce(sum(pq), 0)::bigint AS t_pq,
                      coalesce(sum(cs), 0) AS t_cs, coalesce(sum(ps), 0) AS t_ps FROM f),
         p AS (SELECT g.* FROM f g ${order} ${pageClause(request, params)})
    SELECT t.*, g.key, g.name, g.cq, g.pq, g.cs, g.ps FROM t LEFT JOIN p g ON true ${order}`;
  const { rows } = await analyticsQuery(call.db, text, params.values);
  const first = rows[0]!;
  return {
    groupBy,
    dateSlug,
    label: period.label,
    current: { from: period.from, to: period.to },
    comparison: { from: comparison.from, to: comparison.to },
    ...pageOf(request, Number(first.total_count)),
    totals: usageAmounts({ cq: first.t_cq, pq: first.t_pq, cs: first.t_cs, ps: first.t_ps }),
    rows: rows.filter((row) => row.key !== null).map((row) => ({ key: String(row.key), name: String(row.name), ...usageAmounts(row) })),
  };
}

async function usageKpiAnswer(call: ErpCall, body: { dateSlug: string; filters?: AnalyticsSearchRequest['filters'] }) {
  const period = resolveDate(body.dateSlug, call.context, call.today);
  const request = normalizeRequest({ filters: body.filters });
  const params = new SqlParams();
  const ranges = [period, ...(period.comparison ? [period.comparison] : [])];
  const conditions = ranges.map((range) => between('l.invoice_date', range, params));
  const where = [`(${conditions.join(' OR ')})`, ...linePredicates(call, request, LINE_FILTERS, params)];
  const lines = `FROM erp.invoice_line l WHERE ${where.join(' AND ')}`;
  const measures = conditions
    .map((c, i) => `coalesce(sum(l.qty) FILTER (WHERE ${c}), 0)::bigint AS q${i}, coalesce(sum(l.sales) FILTER (WHERE ${c}), 0) AS s${i}, count(*) FILTER (WHERE ${c})::int AS n${i}`)
    .join(', ');
  // How many customers (items) bought in each range: grouped first, then counted — a DISTINCT
  // aggregate over composite keys sorts every line and is many times slower.
  const distinct = (keys: string, alias: string) =>
    `(SELECT ${conditions.map((_, i) => `count(*) FILTER (WHERE k.n${i} > 0)::int AS ${alias}${i}`).join(', ')}
        FROM (SELECT ${keys}, ${conditions.map((c, i) => `count(*) FILTER (WHERE ${c}) AS n${i}`).join(', ')} ${lines} GROUP BY ${keys}) k) ${alias}`;
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT * FROM (SELECT ${measures} ${lines}) m, ${distinct('l.company, l.customer', 'c')}, ${distinct('l.company, l.item_number', 'i')}`,
    params.values,
  );
  const row = rows[0] ?? {};
  const out = (i: number, range: DateRange) => ({
    from: range.from,
    to: range.to,
    qty: Number(row[`q${i}`] ?? 0),
    sales: round2(Number(row[`s${i}`] ?? 0)),
    lineCount: Number(row[`n${i}`] ?? 0),
    customerCount: Number(row[`c${i}`] ?? 0),
    itemCount: Number(row[`i${i}`] ?? 0),
  });
  const current = out(0, period);
  const comparison = period.comparison ? out(1, period.comparison) : null;
  return {
    dateSlug: body.dateSlug,
    label: period.label,
    current,
    comparison,
    change: comparison ? round2(current.sales - comparison.sales) : null,
    changePercent: comparison ? percentChange(current.sales, comparison.sales) : null,
    qtyChange: comparison ? current.qty - comparison.qty : null,
    qtyChangePercent: comparison ? percentChange(current.qty, comparison.qty) : null,
  };
}

// ------------------------------------------------------------------------------ IBTSalesHistory
/**
 * Invoice lines shipped from a location of another branch than the customer's home branch. The
 * line has no location: its invoice's does (erp.invoice_header.location → erp.location.branch).
 */
function ibtList(costBasis: string): ListModel {
  const cost = onCommissionCost(costBasis) ? 'l.commission_cost' : 'l.cost';
  return {
    name: 'IBTSalesHistory/List',
    from: `erp.invoice_line l
      JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
      JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
      JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
      LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number`,
    dateColumn: 'l.invoice_date',
    salesRepColumn: 'l.sales_rep',
    where: 'loc.branch <> c.branch',
    columns: {
      company: 'l.company',
      invoiceNumber: 'l.invoice_number',
      invoiceLineNumber: 'l.invoice_line_number',
      invoiceDate: day('l.invoice_date'),
      customer: 'l.customer',
      customerName: 'c.customer_name',
      shipTo: 'l.ship_to',
      salesRep: 'l.sales_rep',
      homeBranch: 'c.branch',
      branch: 'l.branch',
      location: 'h.location',
      shipBranch: 'loc.branch',
      itemNumber: 'l.item_number',
      itemDescription: 'i.description',
      productGroup: 'l.product_group',
      qty: 'l.qty',
      unitPrice: 'l.unit_price::float8',
      sales: 'l.sales::float8',
      cost: `${cost}::float8`,
      grossProfit: `(l.sales - ${cost})::float8`,
    },
    searchColumns: ['invoiceNumber', 'customer', 'customerName', 'itemNumber', 'itemDescription'],
    filterFields: ['company', 'branch', 'homeBranch', 'shipBranch', 'location', 'salesRep', 'customer', 'shipTo', 'productGroup', 'itemNumber', 'invoiceNumber'],
    defaultSort: { field: 'invoiceDate', dir: 'desc' },
    tieBreak: 'l.invoice_number DESC, l.invoice_line_number ASC',
    totals: { sales: 'l.sales', cost },
  };
}

async function ibtPage(call: ErpCall, body: AnalyticsSearchRequest & { dateSlug?: string }) {
  const dateSlug = body.dateSlug ?? 'last-90-days';
  const period = resolveDate(dateSlug, call.context, call.today);
  const request = normalizeRequest(body);
  const result = await listQuery(call.db, { model: ibtList(call.context.invoiceCostBasis), context: call.context, range: period, request });
  const sales = round2(result.totals.sales ?? 0);
  const cost = round2(result.totals.cost ?? 0);
  return {
    dateSlug,
    from: period.from,
    to: period.to,
    totals: { sales, cost, grossProfit: round2(sales - cost) },
    ...pageOf(request, result.totalCount),
    rows: result.rows as never[],
  };
}

export async function usageRoutes(app: FastifyInstance): Promise<void> {
  serve(app, inventoryInactiveCustomer, async (request) => inactiveCustomerItems(await callOf(app, request.user, 'InventoryAccessRight'), request.body));
  serve(app, inventoryInactiveSupplier, async (request) => inactiveSupplierItems(await callOf(app, request.user, 'InventoryAccessRight'), request.body));
  serve(app, usageLog, async (request) => usageLogPage(await callOf(app, request.user), request.body));
  serve(app, usageComparison, async (request) => usageComparisonAnswer(await callOf(app, request.user), request.body));
  serve(app, usageKpi, async (request) => usageKpiAnswer(await callOf(app, request.user), request.body));
  serve(app, ibtSalesHistoryList, async (request) => ibtPage(await callOf(app, request.user), request.body));
}
