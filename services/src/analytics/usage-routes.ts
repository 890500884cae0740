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
  USAGE_GROUP_BYS,
  type AnalyticsSearchRequest,
} from '@tradeboard/shared/contracts';
import { addDays, endOfMonth, type DateRange } from '@tradeboard/shared/dates';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { analyticsQueries, analyticsQuery, groupName, listQuery, type ListModel } from './engine.ts';
import { answerer, dimension, erpCall, groupKeyOf, pageOf, rollupCounts, type ErpCall, type GroupKeys } from './erp-common.ts';
import { onCommissionCost } from './models.ts';
import { isRecentMonth, monthParts } from './month-parts.ts';
import { resolveDate } from './questions.ts';
import { scopePredicate } from './scope.ts';
import {
  askedSortDir,
  badRequest,
  dateBetween,
  filterPredicates,
  normalizeRequest,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  type FieldMap,
  type NormalizedRequest,
} from './search-request.ts';

/** Groups (`from`, a FROM item keyed by company, customer and item_number) with the customer's and item's names, as `r`. */
const withCustomerAndItemNames = (from: string, extra = '') => `(SELECT g.*, c.customer_name, i.description, i.product_group${extra}
              FROM ${from} g
              LEFT JOIN erp.customer c ON c.company = g.company AND c.customer = g.customer
              LEFT JOIN erp.item i ON i.company = g.company AND i.item_number = g.item_number) r`;
/** The columns withCustomerAndItemNames adds. */
const NAME_FIELDS = ['customerName', 'itemDescription', 'productGroup'];

/**
 * The invoices of a customer-item group (g) among the lines (alias l) `where` selects, as
 * invoice_count: a DISTINCT aggregate sorts every line, so with only a page to show it is
 * counted for the page's rows alone, with the group's own lines.
 */
const invoiceCountOf = (where: string) => ({
  measure: (pageOnly: boolean) => (pageOnly ? '' : ', count(DISTINCT l.invoice_number)::int AS invoice_count'),
  column: (pageOnly: boolean) =>
    pageOnly
      ? `, (SELECT count(DISTINCT l.invoice_number) FROM erp.invoice_line l
             WHERE l.customer = g.customer AND l.company = g.company AND l.item_number = g.item_number AND ${where})::int AS invoice_count`
      : '',
});
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
/** The invoice lines' dimensions: filter fields and Usage/Comparison's group-bys. */
const LINE_FILTERS: Record<(typeof USAGE_GROUP_BYS)[number], string> = {
  company: 'l.company',
  branch: 'l.branch',
  salesRep: 'l.sales_rep',
  customer: 'l.customer',
  shipTo: 'l.ship_to',
  productGroup: 'l.product_group',
  itemNumber: 'l.item_number',
};

/** A filter on the line's rep (the rollups kept per rep answer it). */
const isRepFilter = (filter: { field: string }) => filter.field.toLowerCase() === 'salesrep';

/** The caller's scope and the request's filters on the rep, as predicates on a rollup's rep column. */
function repPredicates(call: ErpCall, request: NormalizedRequest, column: string, params: SqlParams): string[] {
  const scope = scopePredicate(call.context.scope, column, params);
  return [...(scope ? [scope] : []), ...filterPredicates(request.filters.filter(isRepFilter), { salesRep: column }, params)];
}

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

type RowsSpec = {
  /** The aggregated groups, scoped and filtered; `pageOnly` when only the page's rows will be decorated. */
  groups: (pageOnly: boolean) => string;
  /** A FROM item over the groups (`from`, aliased g inside) adding the decorated columns, as alias r. */
  decorate: (from: string, pageOnly: boolean) => string;
  /** The API columns only `decorate` gives: sorting on one (or searching) decorates every group. */
  decorated: readonly string[];
  params: SqlParams;
  /** API column → SQL over r, in output order; each sortable, the searched ones as text. */
  columns: Readonly<Record<string, string>>;
  searchColumns: readonly string[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  tieBreak: string;
  request: NormalizedRequest;
  /**
   * Narrowing the groups to some of them (only without a search and sorted on the groups' own
   * columns): CTEs before the groups, the SQL of the total count (instead of the groups'), and
   * columns of every row handed back as `extras`.
   */
  among?: { with?: string; totalCount: string; extras: string };
};

/**
 * A searched, sorted page of aggregated rows with their total count. Without a search, and
 * sorted on a column of the groups themselves, the page is cut first and only its rows get
 * names and per-row figures: every group would cost a join (and a subquery) for nothing.
 */
async function rowsPage(
  call: ErpCall,
  spec: RowsSpec,
): Promise<{ rows: Record<string, unknown>[]; totalCount: number; extras?: Record<string, unknown> }> {
  const { params, request, among } = spec;
  const order = orderByClause(request, spec.columns, spec.defaultSort, spec.tieBreak);
  const sortBy = (request.sortBy ?? spec.defaultSort.field).toLowerCase();
  const pageOnly = !request.searchString && !spec.decorated.some((field) => field.toLowerCase() === sortBy);
  if (among && !pageOnly) throw new Error('rowsPage: groups are narrowed only for a page sorted on their own columns, without a search');
  const select = Object.entries(spec.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  let text: string;
  if (pageOnly) {
    text = `WITH ${among?.with ? `${among.with},` : ''}
                 g AS MATERIALIZED (${spec.groups(true)}),
                 p AS (SELECT * FROM g r ${order} ${pageClause(request, params)})
            SELECT ${select}, (${among?.totalCount ?? 'SELECT count(*) FROM g'})::int AS total_count ${among ? `, ${among.extras}` : ''}
              FROM ${spec.decorate('p', true)} ${order}`;
  } else {
    const search = searchPredicate(request.searchString, request.searchOperator, spec.searchColumns.map((c) => `${spec.columns[c]}::text`), params);
    text = `SELECT ${select}, count(*) OVER ()::int AS total_count FROM ${spec.decorate(`(${spec.groups(false)})`, false)}
             ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`;
  }
  const { rows } = await analyticsQuery(call.db, text, params.values);
  const names = Object.keys(spec.columns);
  return {
    rows: rows.map((row) => Object.fromEntries(names.map((name) => [name, row[name]]))),
    totalCount: rows[0] ? Number(rows[0].total_count) : 0,
    extras: among && rows[0] ? Object.fromEntries(Object.entries(rows[0]).filter(([k]) => k !== 'total_count' && !names.includes(k))) : undefined,
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
 * Purchases (lines with a positive quantity) in the look-back period, as predicates on the
 * lines (alias l), and the window's first day (a group whose last purchase falls before it was
 * bought before, not since).
 */
function purchaseLines(call: ErpCall, window: Window, request: NormalizedRequest, fields: FieldMap, params: SqlParams) {
  const where = [dateBetween('l.invoice_date', { from: window.lookbackFrom, to: window.asOf }, params), 'l.qty > 0', ...linePredicates(call, request, fields, params)];
  return { where: where.join(' AND '), windowFrom: `${params.add(window.windowFrom)}::date` };
}

/** The groups of Inventory/Inactive/Customer (each customer's items), optionally narrowed (RowsSpec.among). */
function inactiveCustomerSpec(call: ErpCall, window: Window, request: NormalizedRequest, params: SqlParams, among?: RowsSpec['among'] & { restrict: string }): RowsSpec {
  const lines = purchaseLines(call, window, request, LINE_FILTERS, params);
  const invoiceCount = invoiceCountOf(lines.where);
  return {
    groups: (pageOnly) => `SELECT l.company, l.customer, l.item_number, max(l.invoice_date) AS last_date, sum(l.qty)::int AS qty, sum(l.sales) AS sales
                                  ${invoiceCount.measure(pageOnly)}
                             FROM erp.invoice_line l WHERE ${lines.where} ${among?.restrict ?? ''}
                            GROUP BY 1, 2, 3 HAVING max(l.invoice_date) < ${lines.windowFrom}`,
    decorate: (from, pageOnly) => withCustomerAndItemNames(from, invoiceCount.column(pageOnly)),
    decorated: [...NAME_FIELDS, 'invoiceCount'],
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
    among,
  };
}

/** The fields erp.customer_item_last_sale answers a filter on (the last three only where the pair has one value). */
const PAIR_FILTERS: FieldMap = {
  company: 's.company',
  customer: 's.customer',
  itemNumber: 's.item_number',
  branch: 's.branch',
  salesRep: 's.sales_rep',
  productGroup: 's.product_group',
};
const PAIR_ATTRIBUTES = ['branch', 'salesrep', 'productgroup'];

/**
 * The count of the inactive pairs (`where` over alias s of erp.customer_item_last_sale): filtered
 * on the company and the rep at most, the sum of the pairs last bought each day of the period
 * (erp.customer_item_last_sale_day, per company and the pair's one rep: for a scope or a filter's
 * rep, the caller's page holds only when no pair has several reps), else a count of the pairs.
 */
function pairsCount(call: ErpCall, window: Window, request: NormalizedRequest, where: readonly string[], params: SqlParams): string {
  if (!request.filters.every((f) => isRepFilter(f) || f.field.toLowerCase() === 'company')) {
    return `SELECT count(*) FROM erp.customer_item_last_sale s WHERE ${where.join(' AND ')}`;
  }
  const days = [
    `d.last_date >= ${params.add(window.lookbackFrom)}::date`,
    `d.last_date < ${params.add(window.windowFrom)}::date`,
    ...repPredicates(call, request, 'd.sales_rep', params),
    ...filterPredicates(request.filters.filter((f) => !isRepFilter(f)), { company: 'd.company' }, params),
  ];
  return `SELECT coalesce(sum(d.pairs), 0) FROM erp.customer_item_last_sale_day d WHERE ${days.join(' AND ')}`;
}

/**
 * The default page of Inventory/Inactive/Customer (largest sales first) from the pairs with the
 * largest sales bounds (erp.customer_item_last_sale) among those whose last purchase falls in
 * the look-back period but before the window, which are exactly the inactive pairs: only the
 * first `n` of them have their lines read. Any other pair sold at most the (n+1)-th bound, so
 * the page is exact when its last row sold more than that; null when that does not hold, or
 * the table cannot tell (a purchase after today, a filter on a pair with several branches, reps
 * or product groups, an empty page): the caller then reads every line of the period.
 */
async function largestInactivePairsPage(call: ErpCall, window: Window, request: NormalizedRequest) {
  const sortBy = (request.sortBy ?? 'sales').toLowerCase();
  const dir = askedSortDir(request, 'desc');
  if (!call.context.rollupsReady || request.searchString || sortBy !== 'sales' || dir !== 'desc') return null;
  const fields = request.filters.map((f) => f.field.toLowerCase());
  if (!fields.every((f) => Object.keys(PAIR_FILTERS).some((k) => k.toLowerCase() === f))) return null;
  const attributes = !call.context.scope.all || fields.some((f) => PAIR_ATTRIBUTES.includes(f));
  const end = request.pageNumber * request.pageSize;
  const n = Math.max(100, 2 * end);
  const params = new SqlParams();
  const where = [`s.last_date >= ${params.add(window.lookbackFrom)}::date`, `s.last_date < ${params.add(window.windowFrom)}::date`];
  const scope = scopePredicate(call.context.scope, 's.sales_rep', params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(request.filters, PAIR_FILTERS, params));
  const byBound = 'ORDER BY sales_bound DESC, company, customer, item_number';
  const page = await rowsPage(
    call,
    inactiveCustomerSpec(call, window, request, params, {
      with: `bounded AS MATERIALIZED (SELECT s.company, s.customer, s.item_number, s.sales_bound FROM erp.customer_item_last_sale s
                                        WHERE ${where.join(' AND ')} ${byBound} LIMIT ${params.add(n + 1)}),
             cand AS MATERIALIZED (SELECT * FROM bounded ${byBound} LIMIT ${params.add(n)})`,
      // One probe of a customer's lines of one item (invoice_line_by_customer_item) per pair.
      restrict: `AND (l.company, l.customer, l.item_number) IN (SELECT company, customer, item_number FROM cand)`,
      totalCount: pairsCount(call, window, request, where, params),
      extras: `(SELECT sales_bound FROM bounded ${byBound} OFFSET ${params.add(n)} LIMIT 1) AS next_bound,
               coalesce((SELECT max(last_date) FROM erp.customer_item_last_sale) > ${params.add(window.asOf)}::date, false) AS bought_after_today,
               EXISTS (SELECT 1 FROM erp.customer_item_last_sale WHERE branch IS NULL OR sales_rep IS NULL OR product_group IS NULL) AS mixed`,
    }),
  );
  return page.extras && attributes && page.extras.mixed ? null : decidedByBounds(page, request);
}

/**
 * A page cut from the groups with the largest sales bounds (its extras: `next_bound`, the bound
 * after the last group read, or null when every group was read, and `bought_after_today`), when
 * it is the page of every group: every other group sold at most the next bound, so the page holds
 * when it is full and its last row sold more than that. Null otherwise.
 */
function decidedByBounds<P extends { rows: Record<string, unknown>[]; extras?: Record<string, unknown> }>(page: P, request: NormalizedRequest): P | null {
  const extras = page.extras;
  if (!extras || extras.bought_after_today) return null;
  if (extras.next_bound === null) return page;
  const last = page.rows.length === request.pageSize ? Number(page.rows[page.rows.length - 1]!.sales) : null;
  return last !== null && last > Number(extras.next_bound) ? page : null;
}

async function inactiveCustomerItems(call: ErpCall, body: InactiveBody | undefined) {
  const window = inactiveWindow(call, body);
  const request = normalizeRequest(body);
  const page = (await largestInactivePairsPage(call, window, request)) ?? (await rowsPage(call, inactiveCustomerSpec(call, window, request, new SqlParams())));
  return { ...window, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

const SUPPLIER_FILTERS: FieldMap = { ...LINE_FILTERS, supplier: 'i.supplier' };

/** The filters that narrow an item's lines to whole items (each item's lines all in or all out). */
const WHOLE_ITEM_FILTERS = ['company', 'supplier', 'itemnumber'];

/**
 * Each item's last sale and sales bound over the lines of the caller's reps and of a filter's rep,
 * as a FROM item aliased s (company, item_number, last_date, sales_bound): erp.item_last_sale for
 * every rep, else each item's rows of those reps in erp.item_rep_last_sale, summed. Null when the
 * rollups are not ready or a filter narrows the lines on more than the item and the rep.
 */
function itemLastSales(call: ErpCall, request: NormalizedRequest, params: SqlParams): string | null {
  if (!call.context.rollupsReady) return null;
  if (!request.filters.every((f) => isRepFilter(f) || WHOLE_ITEM_FILTERS.includes(f.field.toLowerCase()))) return null;
  const reps = repPredicates(call, request, 'r.sales_rep', params);
  if (!reps.length) return 'erp.item_last_sale s';
  return `(SELECT r.company, r.item_number, max(r.last_date) AS last_date, sum(r.sales_bound) AS sales_bound
             FROM erp.item_rep_last_sale r WHERE ${reps.join(' AND ')} GROUP BY r.company, r.item_number) s`;
}

/**
 * The items that can be inactive, from each item's last sale over the lines counted
 * (itemLastSales): last sold in the look-back period but before the window, or after today (its
 * last sale up to today is unknown there); the rest either sold in the window or not in the
 * look-back period. The lines of those items alone are read (by item), not the whole look-back
 * period's. Empty when itemLastSales cannot tell.
 */
function inactiveItemsOnly(call: ErpCall, window: Window, request: NormalizedRequest, params: SqlParams): string {
  const items = itemLastSales(call, request, params);
  if (!items) return '';
  return `AND (l.company, l.item_number) IN (
            SELECT s.company, s.item_number FROM ${items}
             WHERE s.last_date >= ${params.add(window.lookbackFrom)}::date
               AND (s.last_date < ${params.add(window.windowFrom)}::date OR s.last_date > ${params.add(window.asOf)}::date))`;
}

/** The groups of Inventory/Inactive/Supplier (each item with its supplier): those inactiveItemsOnly gives, or narrowed (RowsSpec.among). */
function inactiveSupplierSpec(call: ErpCall, window: Window, request: NormalizedRequest, params: SqlParams, among?: RowsSpec['among'] & { restrict: string }): RowsSpec {
  // The customers are counted with a DISTINCT aggregate here: over the few item groups it costs
  // less than grouping per item and customer first.
  const lines = purchaseLines(call, window, request, SUPPLIER_FILTERS, params);
  const groups = `SELECT l.company, i.supplier, l.item_number, max(l.invoice_date) AS last_date, sum(l.qty)::int AS qty, sum(l.sales) AS sales,
                         count(DISTINCT l.customer)::int AS customer_count
                    FROM erp.invoice_line l JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number
                   WHERE ${lines.where} ${among?.restrict ?? inactiveItemsOnly(call, window, request, params)}
                   GROUP BY 1, 2, 3 HAVING max(l.invoice_date) < ${lines.windowFrom}`;
  return {
    groups: () => groups,
    decorate: (from) => `(SELECT g.*, s.supplier_name, i.description, i.product_group,
                   coalesce((SELECT sum(v.qty_on_hand) FROM erp.inventory v WHERE v.company = g.company AND v.item_number = g.item_number), 0)::int AS qty_on_hand
              FROM ${from} g
              LEFT JOIN erp.supplier s ON s.company = g.company AND s.supplier = g.supplier
              LEFT JOIN erp.item i ON i.company = g.company AND i.item_number = g.item_number) r`,
    decorated: ['supplierName', 'itemDescription', 'productGroup', 'qtyOnHand'],
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
    among,
  };
}

/** The whole-item filters over itemLastSales (alias s) and the item (alias i). */
const ITEM_FILTERS: FieldMap = { company: 's.company', supplier: 'i.supplier', itemNumber: 's.item_number' };

/**
 * The default page of Inventory/Inactive/Supplier (largest sales first) from the items with the
 * largest sales bounds (itemLastSales: every rep's, or the caller's and the filter's reps') among
 * those last sold in the look-back period but before the window, which are exactly the inactive
 * items: only the first `n` of them have their lines read, and they are counted there
 * (decidedByBounds says when the page holds). Null when it does not, or for a search, another
 * sort or a filter on more than the item and the rep: the caller then reads every inactive item's lines.
 */
async function largestInactiveItemsPage(call: ErpCall, window: Window, request: NormalizedRequest) {
  const sortBy = (request.sortBy ?? 'sales').toLowerCase();
  const dir = askedSortDir(request, 'desc');
  if (request.searchString || sortBy !== 'sales' || dir !== 'desc') return null;
  const params = new SqlParams();
  const lastSales = itemLastSales(call, request, params);
  if (!lastSales) return null;
  const n = Math.max(100, 2 * request.pageNumber * request.pageSize);
  const items = `${lastSales} JOIN erp.item i ON i.company = s.company AND i.item_number = s.item_number
                  WHERE ${[
                    `s.last_date >= ${params.add(window.lookbackFrom)}::date`,
                    `s.last_date < ${params.add(window.windowFrom)}::date`,
                    ...filterPredicates(request.filters.filter((f) => !isRepFilter(f)), ITEM_FILTERS, params),
                  ].join(' AND ')}`;
  const byBound = 'ORDER BY sales_bound DESC, company, item_number';
  const page = await rowsPage(
    call,
    inactiveSupplierSpec(call, window, request, params, {
      with: `inactive AS MATERIALIZED (SELECT s.company, s.item_number, s.sales_bound FROM ${items}),
             bounded AS MATERIALIZED (SELECT * FROM inactive ${byBound} LIMIT ${params.add(n + 1)}),
             cand AS MATERIALIZED (SELECT * FROM bounded ${byBound} LIMIT ${params.add(n)})`,
      // One probe of an item's lines (invoice_line_by_item_date) per item.
      restrict: `AND (l.company, l.item_number) IN (SELECT company, item_number FROM cand)`,
      totalCount: 'SELECT count(*) FROM inactive',
      extras: `(SELECT sales_bound FROM bounded ${byBound} OFFSET ${params.add(n)} LIMIT 1) AS next_bound,
               coalesce((SELECT max(last_date) FROM erp.item_last_sale) > ${params.add(window.asOf)}::date, false) AS bought_after_today`,
    }),
  );
  return decidedByBounds(page, request);
}

async function inactiveSupplierItems(call: ErpCall, body: InactiveBody | undefined) {
  const window = inactiveWindow(call, body);
  const request = normalizeRequest(body);
  const page = (await largestInactiveItemsPage(call, window, request)) ?? (await rowsPage(call, inactiveSupplierSpec(call, window, request, new SqlParams())));
  return { ...window, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

// ------------------------------------------------------------------------------ Usage
/** The groups of Usage/Log (customer, item and month), optionally narrowed (RowsSpec.among). */
function usageLogSpec(call: ErpCall, period: DateRange, request: NormalizedRequest, params: SqlParams, among?: RowsSpec['among'] & { restrict: string }): RowsSpec {
  const where = [dateBetween('l.invoice_date', period, params), ...linePredicates(call, request, LINE_FILTERS, params)].join(' AND ');
  const month = "date_trunc('month', l.invoice_date)::date";
  const invoiceCount = invoiceCountOf(`${month} = g.month AND ${where}`);
  return {
    groups: (pageOnly) => `SELECT l.company, l.customer, l.item_number, ${month} AS month, sum(l.qty)::int AS qty, sum(l.sales) AS sales,
                                  count(*)::int AS line_count, max(l.invoice_date) AS last_date ${invoiceCount.measure(pageOnly)}
                             FROM erp.invoice_line l WHERE ${where} ${among?.restrict ?? ''} GROUP BY 1, 2, 3, 4`,
    decorate: (from, pageOnly) => withCustomerAndItemNames(from, invoiceCount.column(pageOnly)),
    decorated: [...NAME_FIELDS, 'invoiceCount'],
    params,
    columns: {
      ...CUSTOMER_ITEM_COLUMNS,
      month: "to_char(r.month, 'YYYY-MM')",
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
    among,
  };
}

/** The filters erp.usage_month_groups answers (its slices), over alias m. */
const SLICE_FILTERS: FieldMap = { company: 'm.company', branch: 'm.branch', salesRep: 'm.sales_rep', productGroup: 'm.product_group' };

/**
 * Usage/Log sorted by month (without a search): the groups' count per month from
 * erp.usage_month_groups for the period's whole months and from the lines for its partial
 * edge months, then the page's rows are read from erp.usage_month_customer_item where it keeps
 * them (usageLogFromRecentMonths), else only the months the page falls in are grouped (the page of
 * a month-sorted list is the first groups of the first months). Null when the slices cannot
 * tell (a filter on the customer, item or ship-to, or a month where a customer's item falls in
 * several slices): the caller then groups every line of the period.
 */
async function usageLogByMonths(call: ErpCall, period: DateRange, request: NormalizedRequest) {
  const sortBy = (request.sortBy ?? 'month').toLowerCase();
  if (!call.context.rollupsReady || request.searchString || sortBy !== 'month') return null;
  if (!request.filters.every((f) => Object.keys(SLICE_FILTERS).some((k) => k.toLowerCase() === f.field.toLowerCase()))) return null;
  const descending = askedSortDir(request, 'desc') === 'desc';
  const { months: whole, edges } = monthParts(period, call.context.dataThrough);
  const params = new SqlParams();
  const slices: string[] = [];
  if (whole) {
    slices.push(dateBetween('m.month', whole, params));
    const scope = scopePredicate(call.context.scope, 'm.sales_rep', params);
    if (scope) slices.push(scope);
    slices.push(...filterPredicates(request.filters, SLICE_FILTERS, params));
  }
  const edgeLines = edges.length
    ? `UNION ALL
       SELECT month::text, count(*)::int, false FROM (
         SELECT date_trunc('month', l.invoice_date)::date AS month FROM erp.invoice_line l
          WHERE (${edges.map((range) => dateBetween('l.invoice_date', range, params)).join(' OR ')})
                ${linePredicates(call, request, LINE_FILTERS, params).map((p) => `AND ${p}`).join(' ')}
          GROUP BY l.company, l.customer, l.item_number, 1) x GROUP BY 1`
    : '';
  const { rows: months } = await analyticsQuery(
    call.db,
    `SELECT m.month::text AS month, sum(m.groups)::int AS groups, bool_or(m.mixed) AS mixed FROM erp.usage_month_groups m
      WHERE ${slices.length ? slices.join(' AND ') : 'false'} GROUP BY 1
     ${edgeLines}`,
    params.values,
  );
  if (months.some((m) => m.mixed)) return null;
  months.sort((a, b) => (descending ? b.month.localeCompare(a.month) : a.month.localeCompare(b.month)));
  const total = months.reduce((sum, m) => sum + Number(m.groups), 0);
  // The months, in the page's order, up to the one holding the page's last group, and the page's rows in each.
  const start = (request.pageNumber - 1) * request.pageSize;
  const end = start + request.pageSize;
  const pageMonths: MonthSlice[] = [];
  let reached = 0;
  let last: string | null = null;
  for (const m of months) {
    const groups = Number(m.groups);
    const [first, after] = [Math.max(start, reached), Math.min(end, reached + groups)];
    if (first < after) pageMonths.push({ month: m.month, offset: first - reached, count: after - first });
    reached += groups;
    last = m.month;
    if (reached >= end) break;
  }
  const rows = await usageLogFromRecentMonths(call, period, request, pageMonths, whole);
  if (rows) return { rows, totalCount: total };
  const narrowed =
    last === null || reached < end
      ? period
      : descending
        ? { from: period.from > last ? period.from : last, to: period.to }
        : { from: period.from, to: period.to < endOfMonth(last) ? period.to : endOfMonth(last) };
  const pageParams = new SqlParams();
  return rowsPage(
    call,
    usageLogSpec(call, period, request, pageParams, {
      restrict: `AND ${dateBetween('l.invoice_date', narrowed, pageParams)}`,
      totalCount: `SELECT ${pageParams.add(total)}::int`,
      extras: 'true AS by_months',
    }),
  );
}

/** A month (its first day) of Usage/Log's page, with the offset and count of the page's rows among the month's groups. */
type MonthSlice = { month: string; offset: number; count: number };

/**
 * Usage/Log's page from erp.usage_month_customer_item, each month's rows read from its index by
 * sales: when every month the page falls in is a whole month of the period (`whole`) and one of the
 * data's last months, which the table keeps, filtered on the company and the rep at most (a
 * row's rep is its customer item's one rep that month; the caller has checked that the scope's
 * rows have one). Null otherwise.
 */
async function usageLogFromRecentMonths(
  call: ErpCall,
  period: DateRange,
  request: NormalizedRequest,
  pageMonths: readonly MonthSlice[],
  whole: DateRange | null,
): Promise<Record<string, unknown>[] | null> {
  if (!request.filters.every((f) => isRepFilter(f) || f.field.toLowerCase() === 'company')) return null;
  const kept = (month: string) => whole !== null && month >= whole.from && month <= whole.to && isRecentMonth(month, call.context.dataThrough);
  if (pageMonths.length === 0 || !pageMonths.every((m) => kept(m.month))) return null;
  const spec = usageLogSpec(call, period, request, new SqlParams());
  const params = new SqlParams();
  const slices = pageMonths.map((m) => {
    // The month has no customer's item in several of the scope's slices (usageLogByMonths): each of its rows there has its one rep.
    const where = [
      `u.month = ${params.add(m.month)}::date`,
      ...repPredicates(call, request, 'u.sales_rep', params),
      ...filterPredicates(request.filters.filter((f) => !isRepFilter(f)), { company: 'u.company' }, params),
    ];
    return `(SELECT u.* FROM erp.usage_month_customer_item u WHERE ${where.join(' AND ')}
              ORDER BY u.sales DESC, u.company, u.customer, u.item_number OFFSET ${params.add(m.offset)} LIMIT ${params.add(m.count)})`;
  });
  const select = Object.entries(spec.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  const { rows } = await analyticsQuery(
    call.db,
    `WITH p AS (${slices.join(' UNION ALL ')})
     SELECT ${select} FROM ${spec.decorate('p', false)} ${orderByClause(request, spec.columns, spec.defaultSort, spec.tieBreak)}`,
    params.values,
  );
  return rows;
}

async function usageLogPage(call: ErpCall, body: AnalyticsSearchRequest & { dateSlug?: string }) {
  const dateSlug = body.dateSlug ?? 'rolling-12-months';
  const period = resolveDate(dateSlug, call.context, call.today);
  const request = normalizeRequest(body);
  const page = (await usageLogByMonths(call, period, request)) ?? (await rowsPage(call, usageLogSpec(call, period, request, new SqlParams())));
  return { dateSlug, from: period.from, to: period.to, ...pageOf(request, page.totalCount), rows: page.rows as never[] };
}

const USAGE_GROUPS = Object.fromEntries(USAGE_GROUP_BYS.map((field) => [field, dimension(field, LINE_FILTERS[field])])) as GroupKeys<typeof USAGE_GROUP_BYS>;

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
  const group = groupKeyOf(USAGE_GROUPS, groupBy, 'Usage');
  const period = resolveDate(dateSlug, call.context, call.today);
  if (!period.comparison) throw badRequest(`dateSlug '${dateSlug}' has no comparison period`);
  const comparison = period.comparison;
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const current = dateBetween('l.invoice_date', period, params);
  const previous = dateBetween('l.invoice_date', comparison, params);
  const where = [`(${current} OR ${previous})`, ...linePredicates(call, request, LINE_FILTERS, params)];
  const name = groupName(group.names, 'a');
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

/**
 * Usage/KPI from the rollups, for any range, filtered on the company and the rep at most:
 * quantity, sales and lines from the day rollup (erp.invoice_day_rep), customers and items from
 * the days each bought or sold, which tell whether one has a line in the range. For every rep
 * together those are erp.customer_invoice_days and erp.item_invoice_days, and for a range from
 * 1 January to a day of that year, how many first bought (sold) on each day of that year
 * (erp.year_first_day): those whose first day is not after the range's end. For a rep, a team or
 * a filter's rep, the days per rep (erp.customer_rep_invoice_days, erp.item_rep_invoice_days):
 * the keys any of whose reps' days overlap the range. Null when the rollups cannot tell.
 */
async function usageKpiFromRollups(call: ErpCall, ranges: DateRange[], request: NormalizedRequest) {
  if (!call.context.rollupsReady) return null;
  if (!request.filters.every((f) => isRepFilter(f) || f.field.toLowerCase() === 'company')) return null;
  const perRep = !call.context.scope.all || request.filters.some(isRepFilter);
  const fromJanuary = (range: DateRange) => !perRep && range.from.endsWith('-01-01') && range.to.slice(0, 4) === range.from.slice(0, 4);
  /** The company filter, and the scope and the rep filter on a table with the rep (alias d), as predicates. */
  const narrowing = (params: SqlParams, withRep: boolean) => [
    ...filterPredicates(request.filters.filter((f) => !isRepFilter(f)), { company: 'd.company' }, params),
    ...(withRep ? repPredicates(call, request, 'd.sales_rep', params) : []),
  ];
  /**
   * The ranges' figures (`columns` of alias d for range i, null for none; `add` adds a parameter)
   * from a table (with the rep in it or not), as one statement giving one row; null when no range has figures there.
   */
  const perRange = (table: string, withRep: boolean, columns: (range: DateRange, i: number, add: (value: unknown) => string) => string | null) => {
    const params = new SqlParams();
    const figures = ranges.flatMap((range, i) => columns(range, i, (value) => params.add(value)) ?? []);
    if (!figures.length) return null;
    const where = narrowing(params, withRep);
    return { text: `SELECT ${figures.join(', ')} FROM ${table} d ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, values: params.values };
  };
  const daterange = (range: DateRange, add: (value: unknown) => string) => `daterange(${add(range.from)}::date, ${add(range.to)}::date, '[]')`;
  /** How many customers (items) have a line in each range not from 1 January, as c0, c1 (i0, i1): per rep, each key's reps' rows grouped first. */
  const overlapping = (what: 'customer' | 'item', prefix: string) => {
    if (!perRep) {
      return perRange(`erp.${what}_invoice_days`, false, (range, i, add) => (fromJanuary(range) ? null : `count(*) FILTER (WHERE d.days && ${daterange(range, add)})::int AS ${prefix}${i}`));
    }
    const key = what === 'customer' ? 'customer' : 'item_number';
    const params = new SqlParams();
    const overlaps = ranges.map((range, i) => `bool_or(d.days && ${daterange(range, (value) => params.add(value))}) AS o${i}`);
    const where = narrowing(params, true);
    return {
      text: `SELECT ${ranges.map((_, i) => `count(*) FILTER (WHERE k.o${i})::int AS ${prefix}${i}`).join(', ')}
               FROM (SELECT ${overlaps.join(', ')} FROM erp.${what}_rep_invoice_days d ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY d.company, d.${key}) k`,
      values: params.values,
    };
  };
  const statements = [
    perRange('erp.invoice_day_rep', true, (range, i, add) => {
      const within = `FILTER (WHERE ${daterange(range, add)} @> d.invoice_date)`;
      return `coalesce(sum(d.qty) ${within}, 0)::bigint AS q${i}, coalesce(sum(d.sales) ${within}, 0) AS s${i}, coalesce(sum(d.line_count) ${within}, 0)::int AS n${i}`;
    }),
    overlapping('customer', 'c'),
    overlapping('item', 'i'),
    // The customers and items of a range from 1 January: those whose first day of its year is not after its end.
    perRange('erp.year_first_day', false, (range, i, add) => {
      if (!fromJanuary(range)) return null;
      const within = `FILTER (WHERE d.year = ${add(range.from)}::date AND d.first_date <= ${add(range.to)}::date)`;
      return `coalesce(sum(d.customers) ${within}, 0)::int AS c${i}, coalesce(sum(d.items) ${within}, 0)::int AS i${i}`;
    }),
  ].filter((statement) => statement !== null);
  const results = await analyticsQueries(call.db, statements);
  return Object.assign({}, ...results.map((result) => result!.rows[0]));
}

async function usageKpiAnswer(call: ErpCall, body: { dateSlug: string; filters?: AnalyticsSearchRequest['filters'] }) {
  const period = resolveDate(body.dateSlug, call.context, call.today);
  const request = normalizeRequest({ filters: body.filters });
  const ranges = [period, ...(period.comparison ? [period.comparison] : [])];
  const row = (await usageKpiFromRollups(call, ranges, request)) ?? (await usageKpiFromLines(call, ranges, request));
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

/** Usage/KPI's figures per range (q, s, n, c, i followed by the range's index) from the lines. */
async function usageKpiFromLines(call: ErpCall, ranges: DateRange[], request: NormalizedRequest): Promise<Record<string, unknown>> {
  const params = new SqlParams();
  const conditions = ranges.map((range) => dateBetween('l.invoice_date', range, params));
  const where = [`(${conditions.join(' OR ')})`, ...linePredicates(call, request, LINE_FILTERS, params)];
  // One pass over the lines: per customer and per item (grouping sets), each group's figures per
  // range; the customers (items) are the groups with lines in a range, the figures their sums
  // over the customer groups (every line is in exactly one). A DISTINCT aggregate over composite
  // keys would sort every line, and a pass per count reads them all again.
  const measures = conditions
    .map((c, i) => `sum(l.qty) FILTER (WHERE ${c}) AS q${i}, sum(l.sales) FILTER (WHERE ${c}) AS s${i}, count(*) FILTER (WHERE ${c}) AS n${i}`)
    .join(', ');
  const totals = conditions
    .map((_, i) =>
      [
        `coalesce(sum(k.q${i}) FILTER (WHERE k.per_item = 0), 0)::bigint AS q${i}`,
        `coalesce(sum(k.s${i}) FILTER (WHERE k.per_item = 0), 0) AS s${i}`,
        `coalesce(sum(k.n${i}) FILTER (WHERE k.per_item = 0), 0)::int AS n${i}`,
        `count(*) FILTER (WHERE k.per_item = 0 AND k.n${i} > 0)::int AS c${i}`,
        `count(*) FILTER (WHERE k.per_item = 1 AND k.n${i} > 0)::int AS i${i}`,
      ].join(', '),
    )
    .join(', ');
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT ${totals}
       FROM (SELECT GROUPING(l.customer) AS per_item, ${measures}
               FROM erp.invoice_line l WHERE ${where.join(' AND ')}
              GROUP BY GROUPING SETS ((l.company, l.customer), (l.company, l.item_number))) k`,
    params.values,
  );
  return rows[0] ?? {};
}

// ------------------------------------------------------------------------------ IBTSalesHistory
/**
 * Invoice lines shipped from a location of another branch than the customer's home branch. The
 * line has no location: its invoice's does (erp.invoice_header.location → erp.location.branch).
 * With current rollups the lines are those of erp.invoice_ibt_line (alias k), joined on their
 * keys: the list's date, keys and rep are read from k, whose indexes give their order (a rep's own
 * keys by the one with the rep first), so a page joins only its own lines. (Joined on the date as well, the planner took the four equalities for a
 * join that keeps few lines, and read the lines of the whole period in parallel.)
 */
function ibtList(costBasis: string, rollupsReady: boolean): ListModel {
  const cost = onCommissionCost(costBasis) ? 'l.commission_cost' : 'l.cost';
  const lines = rollupsReady
    ? `erp.invoice_ibt_line k
      JOIN erp.invoice_line l ON l.company = k.company AND l.invoice_number = k.invoice_number AND l.invoice_line_number = k.invoice_line_number`
    : 'erp.invoice_line l';
  const key = rollupsReady ? 'k' : 'l';
  return {
    name: 'IBTSalesHistory/List',
    from: `${lines}
      JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
      JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
      JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
      LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number`,
    dateColumn: `${key}.invoice_date`,
    salesRepColumn: `${key}.sales_rep`,
    where: 'loc.branch <> c.branch',
    columns: {
      company: `${key}.company`,
      invoiceNumber: `${key}.invoice_number`,
      invoiceLineNumber: `${key}.invoice_line_number`,
      invoiceDate: day(`${key}.invoice_date`),
      customer: 'l.customer',
      customerName: 'c.customer_name',
      shipTo: 'l.ship_to',
      salesRep: `${key}.sales_rep`,
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
    tieBreak: `${key}.invoice_number DESC, ${key}.invoice_line_number ASC`,
    notNull: ['invoiceDate'],
    totals: { sales: 'l.sales', cost },
  };
}

/** The fields of erp.invoice_ibt_day (migration 019) a filter can name. */
const IBT_ROLLUP_FIELDS: FieldMap = {
  company: 'r.company',
  branch: 'r.branch',
  salesRep: 'r.sales_rep',
  homeBranch: 'r.home_branch',
  shipBranch: 'r.ship_branch',
  location: 'r.location',
};

async function ibtPage(call: ErpCall, body: AnalyticsSearchRequest & { dateSlug?: string }) {
  const dateSlug = body.dateSlug ?? 'last-90-days';
  const period = resolveDate(dateSlug, call.context, call.today);
  const request = normalizeRequest(body);
  const result = await listQuery(call.db, {
    model: ibtList(call.context.invoiceCostBasis, call.context.rollupsReady),
    context: call.context,
    range: period,
    request,
    // The count and totals from erp.invoice_ibt_day when it keeps what the request names.
    counts: rollupCounts(call, request, {
      table: 'erp.invoice_ibt_day',
      fields: IBT_ROLLUP_FIELDS,
      select: `coalesce(sum(r.line_count), 0)::int AS total_count, sum(r.sales) AS t_sales, sum(${onCommissionCost(call.context.invoiceCostBasis) ? 'r.commission_cost' : 'r.cost'}) AS t_cost`,
      where: (params) => dateBetween('r.invoice_date', period, params),
    }),
  });
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
  // The caller's answers from the result cache; the inventory ones 403 when his role has InventoryAccessRight off.
  const answer = answerer((user) => callOf(app, user));
  const stockAnswer = answerer((user) => callOf(app, user, 'InventoryAccessRight'));
  serve(app, inventoryInactiveCustomer, async (request) => stockAnswer(request, (call) => inactiveCustomerItems(call, request.body)));
  serve(app, inventoryInactiveSupplier, async (request) => stockAnswer(request, (call) => inactiveSupplierItems(call, request.body)));
  serve(app, usageLog, async (request) => answer(request, (call) => usageLogPage(call, request.body)));
  serve(app, usageComparison, async (request) => answer(request, (call) => usageComparisonAnswer(call, request.body)));
  serve(app, usageKpi, async (request) => answer(request, (call) => usageKpiAnswer(call, request.body)));
  serve(app, ibtSalesHistoryList, async (request) => answer(request, (call) => ibtPage(call, request.body)));
}
