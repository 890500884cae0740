/**
 * Account lists and summaries (customers, ship-tos, corporates and prospects per sales rep;
 * suppliers company-wide for PurchaseAccessRight) and the reference lists (branches, companies,
 * locations, product groups), all with the search request of seed 000 §3.
 */
import type { FastifyInstance } from 'fastify';
import {
  branchList,
  companyList,
  corporateList,
  corporateSummary,
  customerList,
  customerSummary,
  locationList,
  productGroupList,
  prospectList,
  prospectSummary,
  shipToList,
  shipToSummary,
  supplierList,
  supplierSummary,
  type AnalyticsSearchRequest,
} from '@tradeboard/shared/contracts';
import type { ResolvedDateChoice } from '@tradeboard/shared/dates';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { resolveDate } from './questions.ts';
import { listQuery, periodTotalsQuery, type ListModel } from './engine.ts';
import { ALL_TIME, answerer, companyWide, erpCall, pageOf, todaySql, UNDATED, type ErpCall } from './erp-common.ts';
import { invoiceModelFor } from './models.ts';
import { periodAmounts } from './purchasing-routes.ts';
import { scopePredicate } from './scope.ts';
import { normalizeRequest, SqlParams, type FilterInput } from './search-request.ts';

export const byName = (field: string) => ({ field, dir: 'asc' as const });
const address = (a: string) => ({
  address: `${a}.address1`,
  city: `${a}.city`,
  state: `${a}.state`,
  postalCode: `${a}.postal_code`,
  phone: `${a}.phone`,
});
export const branchJoin = (a: string) => `LEFT JOIN erp.branch b ON b.company = ${a}.company AND b.branch = ${a}.branch`;

/** The account lists' models, also the row shapes of the sales-rep account lists (account-detail-routes). */
export const customerRows: ListModel = {
  name: 'Customer/List',
  from: `erp.customer c ${branchJoin('c')}`,
  dateColumn: 'c.created_date',
  salesRepColumn: 'c.sales_rep',
  columns: {
    company: 'c.company',
    customer: 'c.customer',
    customerName: 'c.customer_name',
    ...address('c'),
    branch: 'c.branch',
    branchName: 'b.branch_name',
    salesRep: 'c.sales_rep',
    corporate: 'c.corporate',
  },
  searchColumns: ['customer', 'customerName', 'city'],
  filterFields: ['company', 'customer', 'branch', 'salesRep', 'corporate', 'city', 'state'],
  defaultSort: byName('customerName'),
  tieBreak: 'c.company, c.customer',
  notNull: ['customerName'],
};

const prospectRows: ListModel = {
  ...customerRows,
  name: 'Prospect/List',
  from: `erp.prospect c ${branchJoin('c')}`,
  columns: { ...customerRows.columns, customer: 'c.prospect', customerName: 'c.prospect_name', corporate: 'NULL::text' },
  filterFields: ['company', 'customer', 'branch', 'salesRep', 'city', 'state'],
  tieBreak: 'c.company, c.prospect',
};

export const shipToRows: ListModel = {
  name: 'ShipTo/List',
  from: `erp.ship_to s ${branchJoin('s')} LEFT JOIN erp.customer c ON c.company = s.company AND c.customer = s.customer`,
  dateColumn: 's.created_date',
  salesRepColumn: 's.sales_rep',
  columns: {
    company: 's.company',
    shipTo: 's.ship_to',
    shipToName: 's.ship_to_name',
    customer: 's.customer',
    customerName: 'c.customer_name',
    ...address('s'),
    branch: 's.branch',
    branchName: 'b.branch_name',
    salesRep: 's.sales_rep',
  },
  searchColumns: ['shipTo', 'shipToName', 'customer', 'customerName', 'city'],
  filterFields: ['company', 'shipTo', 'customer', 'branch', 'salesRep', 'city', 'state'],
  defaultSort: byName('shipToName'),
  tieBreak: 's.company, s.ship_to',
  notNull: ['shipToName'],
};

export const corporateRows: ListModel = {
  name: 'Corporate/List',
  from: 'erp.corporate k',
  dateColumn: UNDATED,
  salesRepColumn: 'k.sales_rep',
  columns: {
    company: 'k.company',
    corporate: 'k.corporate',
    corporateName: 'k.corporate_name',
    ...address('k'),
    salesRep: 'k.sales_rep',
    customerCount: '(SELECT count(*)::int FROM erp.customer c WHERE c.company = k.company AND c.corporate = k.corporate)',
  },
  searchColumns: ['corporate', 'corporateName', 'city'],
  filterFields: ['company', 'corporate', 'salesRep', 'city', 'state'],
  defaultSort: byName('corporateName'),
  tieBreak: 'k.company, k.corporate',
};

/** A reference list: every row readable by anyone signed in. */
const reference = (name: string, from: string, columns: Record<string, string>, search: string[], sort: string, tieBreak: string): ListModel => ({
  name,
  from,
  dateColumn: UNDATED,
  salesRepColumn: 'NULL',
  columns,
  searchColumns: search,
  filterFields: Object.keys(columns).filter((c) => !['address', 'phone', 'postalCode'].includes(c)),
  defaultSort: byName(sort),
  tieBreak,
});

const supplierRows = reference(
  'Supplier/List',
  'erp.supplier s',
  { company: 's.company', supplier: 's.supplier', supplierName: 's.supplier_name', ...address('s'), terms: 's.terms', leadDays: 's.lead_days' },
  ['supplier', 'supplierName', 'city'],
  'supplierName',
  's.company, s.supplier',
);
const branchRows = reference(
  'Branch/List',
  'erp.branch b',
  { company: 'b.company', branch: 'b.branch', branchName: 'b.branch_name', ...address('b') },
  ['branch', 'branchName', 'city'],
  'branchName',
  'b.company, b.branch',
);
const locationRows = reference(
  'Location/List',
  'erp.location l',
  { company: 'l.company', location: 'l.location', locationName: 'l.location_name', branch: 'l.branch', city: 'l.city', state: 'l.state' },
  ['location', 'locationName', 'city'],
  'locationName',
  'l.company, l.location',
);
const companyRows = reference('Company/List', 'erp.company c', { company: 'c.company', companyName: 'c.company_name' }, ['company', 'companyName'], 'companyName', 'c.company');
const productGroupRows = reference(
  'ProductGroup/List',
  'erp.product_group p',
  { company: 'p.company', productGroup: 'p.product_group', productGroupName: 'p.product_group_name' },
  ['productGroup', 'productGroupName'],
  'productGroupName',
  'p.company, p.product_group',
);

async function page(call: ErpCall, model: ListModel, body: AnalyticsSearchRequest | undefined, company?: string) {
  const request = normalizeRequest(body);
  if (company) request.filters.push({ field: 'company', comparison: 'equals', values: [company] });
  const result = await listQuery(call.db, { model, context: call.context, range: ALL_TIME, request });
  return { ...pageOf(request, result.totalCount), rows: result.rows as never };
}

// ------------------------------------------------------------------------------ summaries
const SUMMARY_PERIODS = ['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year'] as const;

type Display = { company: string; accountId: string; accountName: string; city: string | null; state: string | null; branch: string | null; branchName: string | null; salesRep: string | null };
type Figures = { openOrders: number | null; openQuotes: number | null; openBalance: number | null; pastDue: number | null; lastDocumentDate: string | null };

/** How one kind of account is summarized: who it is, its amounts by period and its open figures. */
type SummaryKind = {
  what: string;
  /** SELECT of the display columns from the account's table (alias a), for $1 company and $2 id. */
  display: string;
  salesRepColumn: string | null;
  /** Sales filters (invoice model fields) for the account, or null when its amounts are purchases. */
  salesFilters?: (call: ErpCall, company: string, id: string) => Promise<FilterInput[]>;
  /** The open figures, as one SELECT over $1 company and $2 id; `scope(column)` scopes a table by its rep. */
  figures: (scope: (column: string) => string, today: string) => string;
};

const displayOf = (table: string, id: string, name: string, branch: boolean, rep: string | null) => `
  SELECT a.company, a.${id} AS "accountId", a.${name} AS "accountName", a.city, a.state,
         ${branch ? 'a.branch, b.branch_name' : 'NULL::text AS branch, NULL::text'} AS "branchName", ${rep ? `a.${rep}` : 'NULL::text'} AS "salesRep"
    FROM ${table} a ${branch ? branchJoin('a') : ''}
   WHERE a.company = $1 AND a.${id} = $2`;

const AR_FIGURES = (scope: (c: string) => string, today: string, match: string) => `
  (SELECT sum(o.balance)::float8 FROM erp.ar_open o WHERE ${match} AND ${scope('o.sales_rep')}) AS "openBalance",
  (SELECT coalesce(sum(o.balance), 0)::float8 FROM erp.ar_open o WHERE ${match} AND o.due_date < ${today} AND ${scope('o.sales_rep')}) AS "pastDue"`;

const customerFigures = (match: (alias: string) => string) => (scope: (c: string) => string, today: string) => `
  SELECT (SELECT coalesce(sum(l.open_sales), 0)::float8 FROM erp.order_line l WHERE ${match('l')} AND l.qty_open > 0 AND ${scope('l.sales_rep')}) AS "openOrders",
         (SELECT coalesce(sum(q.quote_total), 0)::float8 FROM erp.quote_header q WHERE ${match('q')} AND q.status = 'Open' AND ${scope('q.sales_rep')}) AS "openQuotes",
         ${AR_FIGURES(scope, today, match('o'))},
         (SELECT to_char(max(h.invoice_date), 'YYYY-MM-DD') FROM erp.invoice_header h WHERE ${match('h')} AND ${scope('h.sales_rep')}) AS "lastDocumentDate"`;

/** The account's invoice lines: its company and its code in the given invoice field. */
const salesOf = (field: string) => async (_call: ErpCall, company: string, id: string): Promise<FilterInput[]> => [
  { field: 'company', comparison: 'equals', values: [company] },
  { field, comparison: 'equals', values: [id] },
];

const SUMMARIES: Record<'customer' | 'shipTo' | 'corporate' | 'prospect' | 'supplier', SummaryKind> = {
  customer: {
    what: 'Customer',
    display: displayOf('erp.customer', 'customer', 'customer_name', true, 'sales_rep'),
    salesRepColumn: 'a.sales_rep',
    salesFilters: salesOf('customer'),
    figures: customerFigures((t) => `${t}.company = $1 AND ${t}.customer = $2`),
  },
  shipTo: {
    what: 'Ship-to',
    display: displayOf('erp.ship_to', 'ship_to', 'ship_to_name', true, 'sales_rep'),
    salesRepColumn: 'a.sales_rep',
    salesFilters: salesOf('shipTo'),
    // Receivables carry no ship-to: an open invoice belongs to the ship-to of its header.
    figures: customerFigures((t) =>
      t === 'o'
        ? `EXISTS (SELECT 1 FROM erp.invoice_header x WHERE x.company = o.company AND x.invoice_number = o.invoice_number AND x.ship_to = $2) AND o.company = $1`
        : `${t}.company = $1 AND ${t}.ship_to = $2`,
    ),
  },
  corporate: {
    what: 'Corporate account',
    display: displayOf('erp.corporate', 'corporate', 'corporate_name', false, 'sales_rep'),
    salesRepColumn: 'a.sales_rep',
    salesFilters: async (call, company, id) => {
      const { rows } = await call.db.query<{ customers: string[] | null }>(
        'SELECT array_agg(customer) AS customers FROM erp.customer WHERE company = $1 AND corporate = $2',
        [company, id],
      );
      return [
        { field: 'company', comparison: 'equals', values: [company] },
        { field: 'customer', comparison: 'include', values: rows[0]?.customers ?? [] },
      ];
    },
    figures: customerFigures((t) => `${t}.company = $1 AND ${t}.customer IN (SELECT c.customer FROM erp.customer c WHERE c.company = $1 AND c.corporate = $2)`),
  },
  prospect: {
    what: 'Prospect',
    display: displayOf('erp.prospect', 'prospect', 'prospect_name', true, 'sales_rep'),
    salesRepColumn: 'a.sales_rep',
    figures: (scope) => `
      SELECT NULL::float8 AS "openOrders",
             (SELECT coalesce(sum(q.quote_total), 0)::float8 FROM erp.quote_header q WHERE q.company = $1 AND q.customer = $2 AND q.status = 'Open' AND ${scope('q.sales_rep')}) AS "openQuotes",
             NULL::float8 AS "openBalance", NULL::float8 AS "pastDue",
             (SELECT to_char(max(q.quote_date), 'YYYY-MM-DD') FROM erp.quote_header q WHERE q.company = $1 AND q.customer = $2 AND ${scope('q.sales_rep')}) AS "lastDocumentDate"`,
  },
  supplier: {
    what: 'Supplier',
    display: displayOf('erp.supplier', 'supplier', 'supplier_name', false, null),
    salesRepColumn: null,
    figures: (_scope, today) => `
      SELECT (SELECT coalesce(sum(h.open_total), 0)::float8 FROM erp.purchase_order_header h WHERE h.company = $1 AND h.supplier = $2 AND h.status <> 'Received') AS "openOrders",
             NULL::float8 AS "openQuotes",
             (SELECT coalesce(sum(o.balance), 0)::float8 FROM erp.ap_open o WHERE o.company = $1 AND o.supplier = $2) AS "openBalance",
             (SELECT coalesce(sum(o.balance), 0)::float8 FROM erp.ap_open o WHERE o.company = $1 AND o.supplier = $2 AND o.due_date < ${today}) AS "pastDue",
             (SELECT to_char(max(h.order_date), 'YYYY-MM-DD') FROM erp.purchase_order_header h WHERE h.company = $1 AND h.supplier = $2) AS "lastDocumentDate"`,
  },
};

async function accountSummary(call: ErpCall, kind: SummaryKind, company: string, id: string) {
  const params = new SqlParams();
  params.add(company);
  params.add(id);
  const displayScope = kind.salesRepColumn ? scopePredicate(call.context.scope, kind.salesRepColumn, params) : null;
  const { rows: displays } = await call.db.query<Display>(`${kind.display}${displayScope ? ` AND ${displayScope}` : ''}`, params.values);
  const display = displays[0];
  if (!display) throw new HttpError(404, `${kind.what} ${id} of company ${company} not found`);

  const scoped = new SqlParams();
  scoped.add(company);
  scoped.add(id);
  const scope = (column: string) => scopePredicate(call.context.scope, column, scoped) ?? 'true';
  const figuresSql = kind.figures(scope, todaySql(call));
  const periods = SUMMARY_PERIODS.map((slug) => resolveDate(slug, call.context, call.today));
  const [{ rows: figures }, amounts] = await Promise.all([
    call.db.query<Figures>(figuresSql, scoped.values),
    summaryAmounts(call, kind, company, id, periods),
  ]);
  return {
    account: { ...display, CRMDisplayAccountAddress: parseBoolean(call.settings.CRMDisplayAccountAddress) },
    periods: amounts,
    ...figures[0]!,
  };
}

async function summaryAmounts(call: ErpCall, kind: SummaryKind, company: string, id: string, periods: ResolvedDateChoice[]) {
  const labelled = (i: number) => ({ dateSlug: periods[i]!.slug, label: periods[i]!.label, from: periods[i]!.from, to: periods[i]!.to });
  if (kind.salesFilters) {
    const buckets = periods.map((range, i) => ({ id: `s${i}`, range }));
    const wanted = await kind.salesFilters(call, company, id);
    // A corporate account without customers has no sales (a filter with no values would be dropped).
    if (wanted.some((f) => f.values.length === 0)) return periods.map((_, i) => ({ ...labelled(i), amount: 0, grossProfit: 0 }));
    const filters = normalizeRequest({ filters: wanted }).filters;
    const { totals } = await periodTotalsQuery(call.db, { model: invoiceModelFor(call.context.invoiceCostBasis), context: call.context, buckets, filters, countDocuments: false });
    return periods.map((_, i) => ({ ...labelled(i), amount: totals[`s${i}`]!.sales, grossProfit: totals[`s${i}`]!.grossProfit }));
  }
  if (kind === SUMMARIES.supplier) {
    const amounts = await periodAmounts(call, periods, [
      { field: 'company', comparison: 'equals', values: [company] },
      { field: 'supplier', comparison: 'equals', values: [id] },
    ]);
    return periods.map((_, i) => ({ ...labelled(i), amount: amounts[i]!.amount, grossProfit: null }));
  }
  return [];
}

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, ['CRMDisplayAccountAddress']));
  const prospects = answerer((user) => erpCall(app.db, user, ['CRMDisplayAccountAddress'], 'ProspectAccessRight'));
  const purchasing = answerer(async (user) => companyWide(await erpCall(app.db, user, ['CRMDisplayAccountAddress'], 'PurchaseAccessRight')));
  const everyone = answerer(async (user) => companyWide(await erpCall(app.db, user, [])));

  serve(app, customerList, async (request) => scoped(request, (call) => page(call, customerRows, request.body)));
  serve(app, shipToList, async (request) => scoped(request, (call) => page(call, shipToRows, request.body)));
  serve(app, corporateList, async (request) => scoped(request, (call) => page(call, corporateRows, request.body)));
  serve(app, prospectList, async (request) => prospects(request, (call) => page(call, prospectRows, request.body)));
  serve(app, supplierList, async (request) => purchasing(request, (call) => page(call, supplierRows, request.body)));
  serve(app, companyList, async (request) => everyone(request, (call) => page(call, companyRows, request.body)));
  serve(app, productGroupList, async (request) => everyone(request, (call) => page(call, productGroupRows, request.body)));
  serve(app, branchList, async (request) => everyone(request, (call) => page(call, branchRows, request.body, request.params.company)));
  serve(app, locationList, async (request) => everyone(request, (call) => page(call, locationRows, request.body, request.params.company)));

  serve(app, customerSummary, async (request) => scoped(request, (call) => accountSummary(call, SUMMARIES.customer, request.body.company, request.body.customer)));
  serve(app, shipToSummary, async (request) => scoped(request, (call) => accountSummary(call, SUMMARIES.shipTo, request.body.company, request.body.shipTo)));
  serve(app, corporateSummary, async (request) => scoped(request, (call) => accountSummary(call, SUMMARIES.corporate, request.body.company, request.body.corporate)));
  serve(app, prospectSummary, async (request) => prospects(request, (call) => accountSummary(call, SUMMARIES.prospect, request.body.company, request.body.prospect)));
  serve(app, supplierSummary, async (request) => purchasing(request, (call) => accountSummary(call, SUMMARIES.supplier, request.body.company, request.body.supplier)));
}
