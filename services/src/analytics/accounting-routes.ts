/**
 * Receivables (per sales rep, like the sales calls), payables (company-wide, for users whose
 * ApAccessRight is on), the unified AR invoice view, and the Analysis calls that set sales
 * against bookings, quotes, last year and payables.
 */
import type { FastifyInstance } from 'fastify';
import {
  type AgingBasis,
  analysisArApRatio,
  analysisBusinessHealth,
  analysisBusinessHealthDetail,
  analysisQuoteConversionRatio,
  analysisSalesBookingsQuotes,
  type AnalyticsSearchRequest,
  AP_GROUP_BYS,
  apGrouped,
  apList,
  AR_AP_GROUP_BYS,
  AR_GROUP_BYS,
  arDaysOpen,
  arGrouped,
  arList,
  BUYING_GROUP_BYS,
  QUOTE_CONVERSION_GROUP_BYS,
  unifiedArInvoiceExact,
} from '@tradeboard/shared/contracts';
import { addMonths, endOfMonth, startOfMonth, type DateRange } from '@tradeboard/shared/dates';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import { serve } from '../platform/route.ts';
import { resolveDate } from './questions.ts';
import { aggregateQuery, analyticsQueries, groupName, listQuery, rankedKeys, rankedPageFits, type Bucket, type ListModel } from './engine.ts';
import {
  agingBuckets,
  agingGrouped,
  agingPeriods,
  ALL_TIME,
  answerer,
  companyWide,
  dimension,
  erpCall,
  groupedAnswer,
  groupedMeasures,
  groupedStatement,
  groupKeyOf,
  pageOf,
  periodGroupedAnswer,
  rollupKeeps,
  round2,
  todaySql,
  type AgingBucket,
  type AgingRollups,
  type AgingSpec,
  type ErpCall,
  type GroupKey,
  type GroupKeys,
} from './erp-common.ts';
import { bookingModel, invoiceModel, invoiceModelFor, quoteModel, type Model } from './models.ts';
import { scopePredicate } from './scope.ts';
import { checkFilterFields, dateBetween, filterPredicates, normalizeRequest, orderByClause, SqlParams, type FieldMap, type NormalizedRequest } from './search-request.ts';

const AR_SETTINGS = ['ArAgingPeriod1', 'ArAgingPeriod2', 'ArAgingPeriod3', 'ArAgingPeriod4'];
const AP_SETTINGS = ['ApAgingPeriod1', 'ApAgingPeriod2', 'ApAgingPeriod3', 'ApAgingPeriod4'];
/** Aging counts days past due unless the call asks for the invoice date. */
const DEFAULT_AGING_BASIS: AgingBasis = 'DueDate';

/** An open-items ledger (AR or AP) as the aging questions see it. */
type Ledger = {
  what: string;
  table: string;
  settings: string[];
  right: string;
  /** Per sales rep (AR) or company-wide (AP). */
  salesRepColumn: string | null;
  groupBys: Record<string, GroupKey>;
  filterFields: Record<string, string>;
  list: (today: string) => ListModel;
  agingRollups?: AgingRollups;
};

const daysColumns = (today: string) => ({
  originalAmount: 'o.original_amount::float8',
  balance: 'o.balance::float8',
  daysOpen: `(${today} - o.invoice_date)`,
  daysPastDue: `greatest(${today} - o.due_date, 0)`,
});
/** The dates the days columns count from: they sort the lists (ListModel.daysSince). */
const DAYS_SINCE = { daysOpen: 'o.invoice_date', daysPastDue: 'o.due_date' };

const AR: Ledger = {
  what: 'AR',
  table: 'erp.ar_open o',
  settings: AR_SETTINGS,
  right: 'ArAccessRight',
  salesRepColumn: 'o.sales_rep',
  groupBys: {
    company: dimension('company', 'o.company'),
    branch: dimension('branch', 'o.branch'),
    salesRep: dimension('salesRep', 'o.sales_rep'),
    customer: dimension('customer', 'o.customer'),
  } satisfies GroupKeys<typeof AR_GROUP_BYS>,
  filterFields: { company: 'o.company', branch: 'o.branch', salesRep: 'o.sales_rep', customer: 'o.customer', invoiceNumber: 'o.invoice_number' },
  // Migration 040: AR/Grouped by customer's default page.
  agingRollups: { groupBy: 'customer', table: 'erp.ar_open_customer', key: 'customer', dates: 'erp.ar_open_dates' },
  list: (today) => ({
    name: 'AR/List',
    from: 'erp.ar_open o LEFT JOIN erp.customer c ON c.company = o.company AND c.customer = o.customer',
    dateColumn: 'o.invoice_date',
    salesRepColumn: 'o.sales_rep',
    columns: {
      company: 'o.company',
      invoiceNumber: 'o.invoice_number',
      customer: 'o.customer',
      customerName: 'c.customer_name',
      salesRep: 'o.sales_rep',
      branch: 'o.branch',
      invoiceDate: "to_char(o.invoice_date, 'YYYY-MM-DD')",
      dueDate: "to_char(o.due_date, 'YYYY-MM-DD')",
      ...daysColumns(today),
    },
    searchColumns: ['invoiceNumber', 'customer', 'customerName'],
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'invoiceNumber'],
    defaultSort: { field: 'daysPastDue', dir: 'desc' },
    tieBreak: 'o.company, o.invoice_number',
    daysSince: DAYS_SINCE,
  }),
};

const AP: Ledger = {
  what: 'AP',
  table: 'erp.ap_open o',
  settings: AP_SETTINGS,
  right: 'ApAccessRight',
  salesRepColumn: null,
  groupBys: { company: dimension('company', 'o.company'), supplier: dimension('supplier', 'o.supplier') } satisfies GroupKeys<typeof AP_GROUP_BYS>,
  filterFields: { company: 'o.company', supplier: 'o.supplier', voucher: 'o.voucher', poNumber: 'o.po_number' },
  list: (today) => ({
    name: 'AP/List',
    from: 'erp.ap_open o LEFT JOIN erp.supplier s ON s.company = o.company AND s.supplier = o.supplier',
    dateColumn: 'o.invoice_date',
    salesRepColumn: 'o.supplier',
    columns: {
      company: 'o.company',
      voucher: 'o.voucher',
      supplier: 'o.supplier',
      supplierName: 's.supplier_name',
      supplierInvoice: 'o.supplier_invoice',
      poNumber: 'o.po_number',
      invoiceDate: "to_char(o.invoice_date, 'YYYY-MM-DD')",
      dueDate: "to_char(o.due_date, 'YYYY-MM-DD')",
      ...daysColumns(today),
    },
    searchColumns: ['voucher', 'supplier', 'supplierName', 'supplierInvoice', 'poNumber'],
    filterFields: ['company', 'supplier', 'voucher', 'poNumber'],
    defaultSort: { field: 'daysPastDue', dir: 'desc' },
    tieBreak: 'o.company, o.voucher',
    daysSince: DAYS_SINCE,
  }),
};

async function ledgerCall(app: FastifyInstance, user: Parameters<typeof erpCall>[1], ledger: Ledger): Promise<ErpCall> {
  const call = await erpCall(app.db, user, ledger.settings, ledger.right);
  return ledger.salesRepColumn ? call : companyWide(call);
}

function bucketsOf(call: ErpCall, ledger: Ledger, basis: AgingBasis): AgingBucket[] {
  return agingBuckets(agingPeriods(call.settings, ledger.settings[0]!.slice(0, -1)), basis === 'DueDate');
}

/** The bucket an age in days falls in. */
function bucketLabel(buckets: readonly AgingBucket[], age: number): string {
  return buckets.find((b) => (b.fromDays === null || age >= b.fromDays) && (b.toDays === null || age <= b.toDays))!.label;
}

function ledgerAging(call: ErpCall, ledger: Ledger, groupBy: string, basis: AgingBasis, body: AnalyticsSearchRequest | undefined) {
  const spec: AgingSpec = {
    what: ledger.what,
    from: ledger.table,
    groupBys: ledger.groupBys,
    filterFields: ledger.filterFields,
    salesRepColumn: ledger.salesRepColumn,
    amount: 'o.balance',
    dueDate: 'o.due_date',
    ageFrom: basis === 'DueDate' ? 'o.due_date' : 'o.invoice_date',
    basis,
    buckets: bucketsOf(call, ledger, basis),
    rollups: ledger.agingRollups,
  };
  return agingGrouped(call, spec, groupBy, body);
}

async function agingList(call: ErpCall, ledger: Ledger, basis: AgingBasis, body: AnalyticsSearchRequest | undefined) {
  const request = normalizeRequest(body);
  const buckets = bucketsOf(call, ledger, basis);
  const result = await listQuery(call.db, { model: ledger.list(todaySql(call)), context: call.context, range: ALL_TIME, request });
  return {
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    totalCount: result.totalCount,
    rows: result.rows.map((row) => ({
      ...row,
      agingBucket: bucketLabel(buckets, Number(basis === 'DueDate' ? row.daysPastDue : row.daysOpen)),
    })) as never,
  };
}

/** One document of a company, or 400 when its number is used in several companies and none was named. */
function single<T extends { company: string }>(rows: T[], what: string, number: string, company: string | undefined): T {
  if (rows.length === 0) throw new HttpError(404, `${what} ${number} not found`);
  if (rows.length > 1 && !company) throw new HttpError(400, `company is required: ${what} ${number} exists in several companies`);
  return rows[0]!;
}

// ------------------------------------------------------------------------------ Analysis
/** The model's dimension group-by names (for groups of several models' aggregates). */
function namesFor(model: Model, groupBy: string) {
  const group = own(model.groupBys, groupBy);
  return group?.kind === 'dim' ? group.names : undefined;
}

/** One model's aggregate of sideBySide: its buckets' measures, and output column → expression over its columns <bucket>_<measure>. */
type SidePart = { model: Model; buckets: Bucket[]; measures: Array<'sales' | 'cost'>; columns: Record<string, string> };

/**
 * Several aggregates (each `SELECT key, <bucket>_sales …` from aggregateQuery, already scoped and
 * filtered) side by side per group key: each part's columns become named measures (each named by
 * one part), joined on the key, so no group is aggregated twice. With `keyCount`, how many groups
 * the parts have together when the question has that counted already (a trusted scalar subquery,
 * or null), a page sorted by the first part's first bucket's sales, most first, whose keys a ranked
 * source's index gives (engine's rankedKeys), sums the parts for its groups only, with the parts'
 * ungrouped aggregates for totals; a page short of groups with sales answers from every group.
 */
async function sideBySide(
  call: ErpCall,
  groupBy: string,
  request: NormalizedRequest,
  parts: SidePart[],
  defaultSort: { field: string; dir: 'asc' | 'desc' },
  keyCount?: (params: SqlParams) => string | null,
) {
  // A filter applies to every model set side by side, so only the fields they all have are taken.
  checkFilterFields(request.filters, parts[0]!.model.filterFields.filter((field) => parts.every((p) => p.model.filterFields.includes(field))));
  const outputs = parts.flatMap((p) => Object.keys(p.columns));
  const general = new SqlParams();
  const whole = groupedStatement(call, {
    from: joinedParts(call, groupBy, request, parts, general),
    where: [],
    group: { key: 'key', names: namesFor(parts[0]!.model, groupBy) },
    measures: Object.fromEntries(outputs.map((o) => [o, `coalesce("${o}", 0)`])),
    perGroup: true,
    filterFields: {},
    salesRepColumn: null,
    request: { ...request, filters: [] },
    defaultSort,
    params: general,
  });
  const ranked = new SqlParams();
  const count = keyCount?.(ranked);
  const page = count ? rankedSideBySide(call, groupBy, request, parts, defaultSort, count, ranked) : null;
  const answers = await analyticsQueries(
    call.db,
    page
      ? [
          { text: page, values: ranked.values },
          { text: whole, values: general.values, when: ([first]) => !rankedPageFits(first!.rows, request) },
        ]
      : [{ text: whole, values: general.values }],
  );
  return groupedAnswer((answers[1] ?? answers[0])!.rows, outputs);
}

/** The parts' aggregates (restricted to the keys `restrict` allows) as one FROM, full joined on the key, with the parts' output columns. */
function joinedParts(call: ErpCall, groupBy: string, request: NormalizedRequest, parts: SidePart[], params: SqlParams, restrict?: (keySql: string) => string) {
  return parts
    .map((part, i) => {
      const { sql } = aggregateQuery(
        { model: part.model, context: call.context, groupBy, buckets: part.buckets, filters: request.filters, measures: part.measures, restrict },
        params,
      );
      const columns = Object.entries(part.columns).map(([output, column]) => `${column} AS "${output}"`);
      const joined = `(SELECT key, ${columns.join(', ')} FROM (${sql}) x) p${i}`;
      return i === 0 ? joined : `FULL JOIN ${joined} USING (key)`;
    })
    .join(' ');
}

/**
 * sideBySide's page from a ranked source, in the shape of groupedStatement's rows, or null when
 * no ranked source gives its sort: the page's keys in order (k), the parts summed for them alone,
 * and the count and the parts' totals each from one row.
 */
function rankedSideBySide(
  call: ErpCall,
  groupBy: string,
  request: NormalizedRequest,
  parts: SidePart[],
  defaultSort: { field: string; dir: 'asc' | 'desc' },
  count: string,
  params: SqlParams,
): string | null {
  const first = parts[0]!;
  const bucket = first.buckets[0]!;
  const outputs = parts.flatMap((p) => Object.keys(p.columns));
  const sortable: FieldMap = { key: 'g.key', name: 'g.name', ...Object.fromEntries(outputs.map((o) => [o, `g."${o}"`])) };
  const sales = Object.keys(first.columns).find((output) => first.columns[output] === `${bucket.id}_sales`);
  const keys = sales && rankedKeys({ model: first.model, context: call.context, groupBy, request }, sortable, defaultSort, { [sales]: { bucket, measure: 'sales' } }, params);
  if (!keys) return null;
  const totals = parts.map((part, i) => {
    const { sql } = aggregateQuery({ model: part.model, context: call.context, groupBy: null, buckets: part.buckets, filters: request.filters, measures: part.measures }, params);
    const columns = Object.entries(part.columns).map(([output, column]) => `${round2(column)} AS "t_${output}"`);
    return `(SELECT ${columns.join(', ')} FROM (${sql}) x) t${i}`;
  });
  const order = orderByClause(request, sortable, defaultSort, 'g.key ASC');
  return `
    WITH k AS (${keys}),
         t AS (SELECT (${count})::int AS total_count, * FROM ${totals.join(' CROSS JOIN ')}),
         p AS (SELECT key, ${outputs.map((o) => `coalesce("${o}", 0) AS "${o}"`).join(', ')}
                 FROM ${joinedParts(call, groupBy, request, parts, params, (keySql) => `${keySql} IN (SELECT key FROM k)`)})
    SELECT t.*, g.key, ${groupName(namesFor(first.model, groupBy), 'g')} AS name, ${outputs.map((o) => `${round2(`g."${o}"`)} AS "${o}"`).join(', ')}
      FROM t LEFT JOIN p g ON true ${order}`;
}

/**
 * How many customers Analysis/BusinessHealth by customer has for a whole month against the same
 * month a year before, asked by a user who reads every rep, with no filter: the month's row of
 * migration 046 (a trusted scalar subquery, its parameter added to `params`). Null for any other
 * question.
 */
function healthCustomerCount(call: ErpCall, groupBy: string, request: NormalizedRequest, period: DateRange, comparison: DateRange, params: SqlParams): string | null {
  const month = period.from;
  const wholeMonths =
    month === startOfMonth(month) && period.to === endOfMonth(month) && comparison.from === addMonths(month, -12) && comparison.to === endOfMonth(comparison.from);
  const { rollupsReady, scope } = call.context;
  if (groupBy !== 'customer' || !wholeMonths || !rollupsReady || !scope.all || request.filters.length) return null;
  return `coalesce((SELECT customers FROM erp.business_health_month WHERE month = ${params.add(month)}::date), 0)`;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((10_000 * part) / whole) / 100);
const change = (current: number, previous: number) => percent(current - previous, previous);

/** The quote header fields erp.quote_header_day keeps, and with the customer every filter field of the headers. */
const QUOTE_DAY_FIELDS = { company: 'q.company', branch: 'q.branch', salesRep: 'q.sales_rep', status: 'q.status' };
const QUOTE_FIELDS = { ...QUOTE_DAY_FIELDS, customer: 'q.customer' };

const QUOTE_GROUPS: GroupKeys<typeof QUOTE_CONVERSION_GROUP_BYS> = {
  company: dimension('company', 'q.company'),
  branch: dimension('branch', 'q.branch'),
  salesRep: dimension('salesRep', 'q.sales_rep'),
  customer: dimension('customer', 'q.customer'),
  month: { key: "to_char(q.quote_date, 'YYYY-MM')" },
};

/** Customers' buying by the groups the month × customer rollup keeps. */
const BUYING_GROUPS: GroupKeys<typeof BUYING_GROUP_BYS> = {
  company: dimension('company', 'company'),
  branch: dimension('branch', 'branch'),
  salesRep: dimension('salesRep', 'sales_rep'),
};
const BUYING_FILTERS = { company: 'company', branch: 'branch', salesRep: 'sales_rep', customer: 'customer' };

/**
 * Each group's buying customers over a period and its comparison (whole months), as
 * groupedMeasures' source and measures, with the top `top` % of the period's buyers. Unfiltered,
 * over the 12 whole months before the data's last month and the 12 before those, for a user who
 * reads every rep or grouped by rep, the rows of migration 045: each group's summary and the row
 * of its top buyers' last rank, whose running sum (migration 047) is their sales. Else each
 * customer's sums of the month × customer rollup, read in the order of its index by customer and
 * rep (migration 029), one customer after another (not hashed), or before the rollups of the
 * lines, ranked within its group.
 */
function buyingByGroup(call: ErpCall, group: GroupKey, period: DateRange, comparison: DateRange, filters: NormalizedRequest['filters'], top: number, params: SqlParams) {
  const { rollupsReady, dataThrough, scope } = call.context;
  const thisMonth = dataThrough === null ? null : startOfMonth(dataThrough);
  const lastYears =
    rollupsReady &&
    thisMonth !== null &&
    !filters.length &&
    (scope.all || group.key === 'sales_rep') &&
    period.from === addMonths(thisMonth, -12) &&
    period.to === endOfMonth(addMonths(thisMonth, -1)) &&
    comparison.from === addMonths(thisMonth, -24) &&
    comparison.to === endOfMonth(addMonths(thisMonth, -13));
  const topRank = (buyers: string) => `ceil(${buyers} * ${params.add(top)}::int / 100.0)::int`;
  if (lastYears) {
    const where = [`s.grouping = ${params.add(group.key)}`];
    const own = scopePredicate(scope, 's.key', params);
    if (own) where.push(own);
    // The buyers rank first (most sales first): the top are ranks 1 to topRank, their sales the running sum at its last.
    return {
      from: `(SELECT s.*, ${topRank('s.buyers')} AS top_customers, y.running_sales AS top_sales
                FROM erp.invoice_customer_years_summary s
                LEFT JOIN erp.invoice_customer_years y ON y.grouping = s.grouping AND y.key = s.key AND y.rank = ${topRank('s.buyers')}
               WHERE ${where.join(' AND ')}) r`,
      measures: {
        sales: 'r.current_sales',
        buyingCustomers: 'r.buyers',
        comparisonBuyingCustomers: 'r.previous_buyers',
        newCustomers: 'r.new_buyers',
        lostCustomers: 'r.lost_buyers',
        topCustomers: 'r.top_customers',
        topCustomersSales: 'r.top_sales',
      },
      perGroup: true,
      hashAggregates: true,
    };
  }
  const day = rollupsReady ? 'month' : 'invoice_date';
  const current = dateBetween(day, period, params);
  const previous = dateBetween(day, comparison, params);
  const where = [`(${current} OR ${previous})`, ...filterPredicates(filters, BUYING_FILTERS, params)];
  const own = scopePredicate(scope, 'sales_rep', params);
  if (own) where.push(own);
  const isTop = `(r.cur > 0 AND r.rank <= ${topRank('r.buyers')})`;
  // Customers tied on sales may rank either way: the top's count and sales are the same.
  return {
    from: `(SELECT c.*, row_number() OVER (PARTITION BY c.key ORDER BY c.cur DESC NULLS LAST) AS rank,
                   count(*) FILTER (WHERE c.cur > 0) OVER (PARTITION BY c.key) AS buyers
              FROM (SELECT ${group.key} AS key, company, customer, sum(sales) FILTER (WHERE ${current}) AS cur, sum(sales) FILTER (WHERE ${previous}) AS prev
                      FROM ${rollupsReady ? 'erp.invoice_month_customer' : 'erp.invoice_line'} WHERE ${where.join(' AND ')} GROUP BY company, customer, 1) c) r`,
    measures: {
      sales: 'sum(r.cur)',
      buyingCustomers: 'count(*) FILTER (WHERE r.cur > 0)',
      comparisonBuyingCustomers: 'count(*) FILTER (WHERE r.prev > 0)',
      newCustomers: 'count(*) FILTER (WHERE r.cur > 0 AND coalesce(r.prev, 0) <= 0)',
      lostCustomers: 'count(*) FILTER (WHERE r.prev > 0 AND coalesce(r.cur, 0) <= 0)',
      topCustomers: `count(*) FILTER (WHERE ${isTop})`,
      topCustomersSales: `sum(r.cur) FILTER (WHERE ${isTop})`,
    },
    perGroup: false,
    hashAggregates: !rollupsReady,
  };
}
const DEFAULT_TOP_PCT_BUYING = 20;

const AR_AP_GROUPS: GroupKeys<typeof AR_AP_GROUP_BYS> = { company: dimension('company', 'u.company'), branch: dimension('branch', 'u.branch') };


export async function accountingRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const arAnswer = answerer((user) => ledgerCall(app, user, AR));
  const apAnswer = answerer((user) => ledgerCall(app, user, AP));
  const answer = answerer((user) => erpCall(app.db, user, []));
  /** Receivables (the caller's scope) beside payables: the AP right is checked too. */
  const arApAnswer = answerer(async (user) => {
    const call = await ledgerCall(app, user, AR);
    await erpCall(app.db, user, [], AP.right);
    return call;
  });

  serve(app, arGrouped, async (request) =>
    arAnswer(request, (call) => ledgerAging(call, AR, request.params.groupBy, request.query.arAgingBasis ?? DEFAULT_AGING_BASIS, request.body)),
  );
  serve(app, arList, async (request) =>
    arAnswer(request, (call) => agingList(call, AR, request.query.arAgingBasis ?? DEFAULT_AGING_BASIS, request.body)),
  );
  serve(app, apGrouped, async (request) =>
    apAnswer(request, (call) => ledgerAging(call, AP, request.params.groupBy, request.query.apAgingBasis ?? DEFAULT_AGING_BASIS, request.body)),
  );
  serve(app, apList, async (request) =>
    apAnswer(request, (call) => agingList(call, AP, request.query.apAgingBasis ?? DEFAULT_AGING_BASIS, request.body)),
  );

  serve(app, arDaysOpen, async (request) => arAnswer(request, async (call) => {
    const params = new SqlParams();
    const where = [`o.invoice_number = ${params.add(request.params.invoiceNumber)}`];
    if (request.query.company) where.push(`o.company = ${params.add(request.query.company)}`);
    const scope = scopePredicate(call.context.scope, 'o.sales_rep', params);
    if (scope) where.push(scope);
    const today = todaySql(call);
    const { rows } = await call.db.query<{ company: string }>(
      `SELECT o.company, o.invoice_number AS "invoiceNumber", o.customer, to_char(o.invoice_date, 'YYYY-MM-DD') AS "invoiceDate",
              to_char(o.due_date, 'YYYY-MM-DD') AS "dueDate", o.balance::float8 AS balance,
              (${today} - o.invoice_date) AS "daysOpen", greatest(${today} - o.due_date, 0) AS "daysPastDue"
         FROM erp.ar_open o WHERE ${where.join(' AND ')} ORDER BY o.company`,
      params.values,
    );
    return single(rows, 'Open invoice', request.params.invoiceNumber, request.query.company) as never;
  }));

  serve(app, unifiedArInvoiceExact, async (request) => arAnswer(request, async (call) => {
    const company = request.body?.company;
    const params = new SqlParams();
    const where = [`h.invoice_number = ${params.add(request.params.invoiceNumber)}`];
    if (company) where.push(`h.company = ${params.add(company)}`);
    const scope = scopePredicate(call.context.scope, 'h.sales_rep', params);
    if (scope) where.push(scope);
    const today = todaySql(call);
    const { rows } = await call.db.query<{ company: string }>(
      `SELECT h.company, h.invoice_number AS "invoiceNumber", h.invoice_type AS "invoiceType", to_char(h.invoice_date, 'YYYY-MM-DD') AS "invoiceDate",
              h.customer, c.customer_name AS "customerName", h.ship_to AS "shipTo", h.sales_rep AS "salesRep", h.branch,
              h.order_number AS "orderNumber", h.customer_po AS "customerPo", h.terms,
              h.sales::float8 AS sales, h.freight::float8 AS freight, h.tax::float8 AS tax, (h.sales + h.freight + h.tax)::float8 AS total,
              (o.invoice_number IS NOT NULL) AS "isOpen", to_char(o.due_date, 'YYYY-MM-DD') AS "dueDate", coalesce(o.balance, 0)::float8 AS balance,
              (${today} - o.invoice_date) AS "daysOpen", greatest(${today} - o.due_date, 0) AS "daysPastDue"
         FROM erp.invoice_header h
         LEFT JOIN erp.ar_open o ON o.company = h.company AND o.invoice_number = h.invoice_number
         LEFT JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer
        WHERE ${where.join(' AND ')} ORDER BY h.company`,
      params.values,
    );
    return single(rows, 'Invoice', request.params.invoiceNumber, company) as never;
  }));

  serve(app, analysisSalesBookingsQuotes, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const period = resolveDate(request.params.dateSlug, call.context, call.today);
    const buckets = [{ id: 'c', range: period }];
    const booking = bookingModel(request.query.bookingDateBasis ?? 'OrderLineDate');
    const result = await sideBySide(
      call,
      request.params.groupBy,
      search,
      [
        { model: invoiceModel, buckets, measures: ['sales'], columns: { sales: 'c_sales' } },
        { model: booking, buckets, measures: ['sales'], columns: { bookings: 'c_sales' } },
        { model: quoteModel(false), buckets, measures: ['sales'], columns: { quotes: 'c_sales' } },
      ],
      { field: 'sales', dir: 'desc' },
    );
    return periodGroupedAnswer(request.params.groupBy, request.params.dateSlug, period, search, result);
  }));

  serve(app, analysisBusinessHealth, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const period = resolveDate(request.params.dateSlug, call.context, call.today);
    const comparison = period.comparison;
    if (!comparison) throw new HttpError(400, `dateSlug '${request.params.dateSlug}' has no comparison period`);
    const buckets = [
      { id: 'c', range: period },
      { id: 'p', range: comparison },
    ];
    const result = await sideBySide(
      call,
      request.params.groupBy,
      search,
      [
        {
          model: invoiceModelFor(call.context.invoiceCostBasis),
          buckets,
          measures: ['sales', 'cost'],
          columns: { sales: 'c_sales', comparisonSales: 'p_sales', grossProfit: 'c_sales - c_cost', comparisonGrossProfit: 'p_sales - p_cost' },
        },
        { model: bookingModel('OrderLineDate'), buckets, measures: ['sales'], columns: { bookings: 'c_sales', comparisonBookings: 'p_sales' } },
      ],
      { field: 'sales', dir: 'desc' },
      (params) => healthCustomerCount(call, request.params.groupBy, search, period, comparison, params),
    );
    const withRatios = (r: Record<string, unknown>) => {
      const n = (k: string) => Number(r[k]);
      return {
        ...r,
        salesChangePercent: change(n('sales'), n('comparisonSales')),
        grossProfitPercent: percent(n('grossProfit'), n('sales')),
        comparisonGrossProfitPercent: percent(n('comparisonGrossProfit'), n('comparisonSales')),
        bookingsChangePercent: change(n('bookings'), n('comparisonBookings')),
      };
    };
    return { ...periodGroupedAnswer(request.params.groupBy, request.params.dateSlug, period, search, result, withRatios), comparison: { from: comparison.from, to: comparison.to } };
  }));

  serve(app, analysisBusinessHealthDetail, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const top = request.query.topPctBuyingOption ?? DEFAULT_TOP_PCT_BUYING;
    const dateSlug = 'last-12-months';
    const period = resolveDate(dateSlug, call.context, call.today);
    const comparison = period.comparison!;
    const group = groupKeyOf(BUYING_GROUPS, request.params.groupBy, 'BusinessHealthDetail');
    const params = new SqlParams();
    const buying = buyingByGroup(call, group, period, comparison, search.filters, top, params);
    const result = await groupedMeasures(call, {
      from: buying.from,
      where: [],
      group: { key: 'r.key', names: group.names },
      measures: buying.measures,
      perGroup: buying.perGroup,
      filterFields: {},
      salesRepColumn: null,
      request: { ...search, filters: [] },
      defaultSort: { field: 'sales', dir: 'desc' },
      params,
      hashAggregates: buying.hashAggregates,
    });
    const withShare = (r: Record<string, unknown>) => ({ ...r, topCustomersPercent: percent(Number(r.topCustomersSales), Number(r.sales)) });
    return {
      ...periodGroupedAnswer(request.params.groupBy, dateSlug, period, search, result, withShare),
      comparison: { from: comparison.from, to: comparison.to },
      topPctBuyingOption: top,
    };
  }));

  serve(app, analysisQuoteConversionRatio, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const period = resolveDate(request.params.dateSlug, call.context, call.today);
    const params = new SqlParams();
    // Without the customer (a group or a filter), the day rollup of the headers answers.
    const byDay = request.params.groupBy !== 'customer' && rollupKeeps(call, checkFilterFields(search.filters, Object.keys(QUOTE_FIELDS)), QUOTE_DAY_FIELDS);
    const quotes = byDay ? 'sum(q.quote_count)' : 'count(*)';
    const result = await groupedMeasures(call, {
      from: byDay ? 'erp.quote_header_day q' : 'erp.quote_header q',
      where: [dateBetween('q.quote_date', period, params)],
      group: groupKeyOf(QUOTE_GROUPS, request.params.groupBy, 'QuoteConversionRatio'),
      measures: {
        quoteCount: quotes,
        convertedCount: `${quotes} FILTER (WHERE q.status = 'Converted')`,
        quoteAmount: 'sum(q.quote_total)',
        convertedAmount: "sum(q.quote_total) FILTER (WHERE q.status = 'Converted')",
      },
      filterFields: QUOTE_FIELDS,
      salesRepColumn: 'q.sales_rep',
      request: search,
      defaultSort: { field: 'quoteAmount', dir: 'desc' },
      params,
    });
    const withRatios = (r: Record<string, unknown>) => ({
      ...r,
      conversionRatio: percent(Number(r.convertedCount), Number(r.quoteCount)),
      amountConversionRatio: percent(Number(r.convertedAmount), Number(r.quoteAmount)),
    });
    return periodGroupedAnswer(request.params.groupBy, request.params.dateSlug, period, search, result, withRatios);
  }));

  serve(app, analysisArApRatio, async (request) => arApAnswer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const params = new SqlParams();
    const arScope = scopePredicate(call.context.scope, 'sales_rep', params);
    // Receivables from their rollup by rep when it is current; payables by the branch of the
    // purchase order they pay (company-wide, like AP).
    const receivables = call.context.rollupsReady ? 'erp.ar_open_rep' : 'erp.ar_open';
    const from = `(SELECT company, branch, balance AS ar, 0::numeric AS ap FROM ${receivables} ${arScope ? `WHERE ${arScope}` : ''}
                   UNION ALL
                   SELECT o.company, coalesce(h.branch, ''), 0, o.balance FROM erp.ap_open o
                     LEFT JOIN erp.purchase_order_header h ON h.company = o.company AND h.po_number = o.po_number) u`;
    const result = await groupedMeasures(call, {
      from,
      where: [],
      group: groupKeyOf(AR_AP_GROUPS, request.params.groupBy, 'ArApRatio'),
      measures: { arBalance: 'sum(u.ar)', apBalance: 'sum(u.ap)' },
      filterFields: { company: 'u.company', branch: 'u.branch' },
      salesRepColumn: null,
      request: search,
      defaultSort: { field: 'key', dir: 'asc' },
      params,
    });
    const withRatio = (r: Record<string, unknown>) => ({
      ...r,
      ratio: Number(r.apBalance) === 0 ? null : Math.round((100 * Number(r.arBalance)) / Number(r.apBalance)) / 100,
    });
    return {
      groupBy: request.params.groupBy,
      asOf: call.today,
      ...pageOf(search, result.totalCount),
      totals: withRatio(result.totals) as never,
      rows: result.rows.map(withRatio) as never,
    };
  }));
}
