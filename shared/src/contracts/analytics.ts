import { Type, type Static, type TSchema, type TString } from 'typebox';
import { defineContract } from './contract.ts';
import { BoundedNumber, ErrorBody, Int4, PageNumber } from './common.ts';
import { BookingGroupBy, DateSlug, InvoiceGroupBy, OnTimeGroupBy, OrderGroupBy, QuoteBookedGroupBy, QuoteGroupBy } from './choices.ts';

// Seed 001 §7.11 data calls on the ERP mirror (paths as /work/shared/api-catalogue.tsv spells
// them). The Invoice calls have no path parameters in the catalogue, so their groupBy and
// dateSlug travel in the body; Booking and Order take them in the path. Every body is the
// search request of seed 000 §3. Money is in dollars, as numbers rounded to cents.

/** Seed 000 §3 "Filter" (only include and equals compare). */
export const AnalyticsFilter = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100, description: "The field to filter on: one of the call's filter fields (a 400 names the unknown one)" }),
    comparison: Type.Union([Type.Literal('include'), Type.Literal('equals')], {
      description: 'include: the field is any of the values; equals: the field is the one value',
    }),
    values: Type.Array(Type.Union([Type.String({ maxLength: 500 }), BoundedNumber(), Type.Boolean()]), { maxItems: 1000, description: 'The values to keep' }),
    group: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'The filter group it was chosen in (kept for the client)' })),
    calculation: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()], { description: 'How the values were chosen (default static; kept for the client)' })),
    controlName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'The control that set it (kept for the client)' })),
  },
  { description: 'One filter of a search request' },
);
export type AnalyticsFilter = Static<typeof AnalyticsFilter>;

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Optional(Type.Union([schema, Type.Null()], { description }));

/** Seed 000 §3 request parameters; pageSize 15 and pageNumber 1 by default, at most 500 a page. */
const searchFields = {
  searchString: nullable(Type.String({ maxLength: 200 }), "Text to search the rows' key fields for (none: every row)"),
  searchOperator: nullable(
    Type.Union([Type.Literal('Contains'), Type.Literal('Exact'), Type.Literal('BeginsWith'), Type.Literal('EndsWith')]),
    'How searchString matches (default Contains)',
  ),
  sortBy: nullable(Type.String({ maxLength: 100 }), "The field to sort by: one of the answer's row fields (default: the call's own order)"),
  sortDir: nullable(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')]), 'The sort direction (default: the call\'s own)'),
  // Not nullable: the validator would coerce 0 to null and let it pass.
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Rows a page, 1 to 500 (default 15)' })),
  pageNumber: Type.Optional(PageNumber),
  filters: nullable(Type.Array(AnalyticsFilter, { maxItems: 50 }), 'Filters every row must pass (all of them)'),
};
export const AnalyticsSearchRequest = Type.Object(searchFields, { description: 'Seed 000 §3 request parameters: search, sort, page and filter the rows' });
export type AnalyticsSearchRequest = Static<typeof AnalyticsSearchRequest>;

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Period = Type.Object({ from: IsoDate, to: IsoDate });

export const Totals = Type.Object({
  sales: Money,
  cost: Money,
  grossProfit: Money,
  grossProfitPercent: Type.Union([Type.Number(), Type.Null()]),
  lineCount: Type.Integer(),
});

export const GroupedRow = Type.Object({
  key: Type.String(),
  name: Type.String(),
  sales: Money,
  cost: Money,
  grossProfit: Money,
  grossProfitPercent: Type.Union([Type.Number(), Type.Null()]),
  lineCount: Type.Integer(),
});
export type GroupedRow = Static<typeof GroupedRow>;

export const RankedRow = Type.Object({
  ...GroupedRow.properties,
  rank: Type.Integer({ minimum: 1 }),
  percentOfTotal: Type.Union([Type.Number(), Type.Null()]),
});
export type RankedRow = Static<typeof RankedRow>;

const paging = { pageNumber: Type.Integer(), pageSize: Type.Integer(), totalCount: Type.Integer() };
/** Which table answered (a rollup or the raw lines): for benchmarks and support. */
const answeredFrom = { source: Type.Optional(Type.String()) };

export const GroupedResult = Type.Object({
  groupBy: Type.String(),
  dateSlug: Type.String(),
  label: Type.String(),
  ...Period.properties,
  ...paging,
  totals: Totals,
  rows: Type.Array(GroupedRow),
  ...answeredFrom,
});
export type GroupedResult = Static<typeof GroupedResult>;

export const RankResult = Type.Object({ ...GroupedResult.properties, rows: Type.Array(RankedRow) });
export type RankResult = Static<typeof RankResult>;

export const PeriodTotals = Type.Object({
  ...Period.properties,
  ...Totals.properties,
  /** Distinct documents (invoices, orders); null where the source cannot count them. */
  documentCount: Type.Union([Type.Integer(), Type.Null()]),
});

export const KpiResult = Type.Object({
  dateSlug: Type.String(),
  label: Type.String(),
  current: PeriodTotals,
  comparison: Type.Union([PeriodTotals, Type.Null()]),
  /** Current sales minus comparison sales, and as a percentage of the comparison. */
  change: Type.Union([Money, Type.Null()]),
  changePercent: Type.Union([Type.Number(), Type.Null()]),
  ...answeredFrom,
});
export type KpiResult = Static<typeof KpiResult>;

export const SummaryResult = Type.Object({
  periods: Type.Array(Type.Object({ dateSlug: Type.String(), label: Type.String(), ...PeriodTotals.properties })),
  ...answeredFrom,
});
export type SummaryResult = Static<typeof SummaryResult>;

export const ComparisonRow = Type.Object({
  key: Type.String(),
  name: Type.String(),
  currentSales: Money,
  comparisonSales: Money,
  change: Money,
  changePercent: Type.Union([Type.Number(), Type.Null()]),
  currentGrossProfit: Money,
  comparisonGrossProfit: Money,
});

export const SlidingComparisonResult = Type.Object({
  groupBy: Type.String(),
  dateSlug: Type.String(),
  label: Type.String(),
  current: Period,
  comparison: Period,
  ...paging,
  rows: Type.Array(ComparisonRow),
  ...answeredFrom,
});
export type SlidingComparisonResult = Static<typeof SlidingComparisonResult>;

export const YearOverYearResult = Type.Object({
  groupBy: Type.String(),
  fiscal: Type.Boolean(),
  /** current, minus1, minus2 (seed §9 year tokens), each with its year and range. */
  years: Type.Array(Type.Object({ token: Type.String(), year: Type.Integer(), ...Period.properties })),
  ...paging,
  /** sales[i] and grossProfit[i] belong to years[i]. With groupBy month the key is the (fiscal) month 01–12. */
  rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), sales: Type.Array(Money), grossProfit: Type.Array(Money) })),
  ...answeredFrom,
});
export type YearOverYearResult = Static<typeof YearOverYearResult>;

const errors = { 400: ErrorBody, 401: ErrorBody };
const GroupedBody = Type.Object({ ...searchFields, groupBy: InvoiceGroupBy.grouped, dateSlug: DateSlug });
const YoyFields = {
  ...searchFields,
  fiscal: Type.Optional(Type.Boolean({ description: 'Fiscal years (the FiscalYear setting) instead of calendar years' })),
};
const KpiBody = Type.Object({ dateSlug: DateSlug, filters: searchFields.filters });
const SummaryBody = Type.Object({ filters: searchFields.filters });

// ------------------------------------------------------------------------------ Invoice
export const invoiceGrouped = defineContract({
  method: 'POST',
  path: '/Invoice/Grouped',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced sales, cost and gross profit per group (groupBy) for a date choice (dateSlug)',
  body: GroupedBody,
  response: { 200: GroupedResult, ...errors },
});

export const invoiceRank = defineContract({
  method: 'POST',
  path: '/Invoice/Rank',
  service: 'analytics',
  access: 'session',
  summary: 'Groups ranked by invoiced sales for a date choice, with their share of the total',
  body: GroupedBody,
  response: { 200: RankResult, ...errors },
});

export const invoiceKpi = defineContract({
  method: 'POST',
  path: '/Invoice/KPI',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced totals for a date choice beside its like-with-like comparison period',
  body: KpiBody,
  response: { 200: KpiResult, ...errors },
});

export const invoiceSummary = defineContract({
  method: 'POST',
  path: '/Invoice/Summary',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced totals for this month, last month, YTD, last year YTD and last year',
  body: SummaryBody,
  response: { 200: SummaryResult, ...errors },
});

export const invoiceYearOverYear = defineContract({
  method: 'POST',
  path: '/Invoice/YearOverYear',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced sales per group for the current year and the two before',
  body: Type.Object({ ...YoyFields, groupBy: InvoiceGroupBy.yearOverYear }),
  response: { 200: YearOverYearResult, ...errors },
});

export const invoiceSlidingComparison = defineContract({
  method: 'POST',
  path: '/Invoice/SlidingComparison',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced sales per group for a date choice beside its like-with-like comparison period',
  body: GroupedBody,
  response: { 200: SlidingComparisonResult, ...errors },
});

// ------------------------------------------------------------------------------ Booking
const BookingQuery = Type.Object({
  bookingDateBasis: Type.Optional(Type.Union([Type.Literal('OrderLineDate'), Type.Literal('BookingDate')])),
});
/** Path parameters of a grouped call for a date choice. */
const groupByDateParams = <G extends TSchema>(groupBy: G) => Type.Object({ groupBy, dateSlug: DateSlug });
const groupByParams = <G extends TSchema>(groupBy: G) => Type.Object({ groupBy });

export const bookingGrouped = defineContract({
  method: 'POST',
  path: '/Booking/Grouped/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Booked sales per group for a date choice (bookingDateBasis, default OrderLineDate)',
  params: groupByDateParams(BookingGroupBy.grouped),
  querystring: BookingQuery,
  body: AnalyticsSearchRequest,
  response: { 200: GroupedResult, ...errors },
});

export const bookingRank = defineContract({
  method: 'POST',
  path: '/Booking/Rank/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Groups ranked by booked sales for a date choice',
  params: groupByDateParams(BookingGroupBy.grouped),
  querystring: BookingQuery,
  body: AnalyticsSearchRequest,
  response: { 200: RankResult, ...errors },
});

export const bookingKpi = defineContract({
  method: 'POST',
  path: '/Booking/KPI',
  service: 'analytics',
  access: 'session',
  summary: 'Booked totals for a date choice beside its comparison period',
  querystring: BookingQuery,
  body: KpiBody,
  response: { 200: KpiResult, ...errors },
});

export const bookingSummary = defineContract({
  method: 'POST',
  path: '/Booking/Summary',
  service: 'analytics',
  access: 'session',
  summary: 'Booked totals for this month, last month, YTD, last year YTD and last year',
  querystring: BookingQuery,
  body: SummaryBody,
  response: { 200: SummaryResult, ...errors },
});

export const bookingSlidingComparison = defineContract({
  method: 'POST',
  path: '/Booking/SlidingComparison/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Booked sales per group for a date choice (body dateSlug) beside its comparison period',
  params: groupByParams(BookingGroupBy.grouped),
  querystring: BookingQuery,
  body: Type.Object({ ...searchFields, dateSlug: DateSlug }),
  response: { 200: SlidingComparisonResult, ...errors },
});

export const bookingYearOverYear = defineContract({
  method: 'POST',
  path: '/Booking/YearOverYear/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Booked sales per group for the current year and the two before',
  params: groupByParams(BookingGroupBy.yearOverYear),
  querystring: BookingQuery,
  body: Type.Object(YoyFields),
  response: { 200: YearOverYearResult, ...errors },
});

// ------------------------------------------------------------------------------ Order
export const orderGrouped = defineContract({
  method: 'POST',
  path: '/Order/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open order lines per group (sales = open amount); with a dateSlug, only lines ordered in it',
  params: groupByParams(OrderGroupBy.grouped),
  body: Type.Object({ ...searchFields, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: GroupedResult, ...errors },
});

export const orderKpi = defineContract({
  method: 'POST',
  path: '/Order/KPI',
  service: 'analytics',
  access: 'session',
  summary: 'Ordered totals (lines entered) for a date choice beside its comparison period',
  body: KpiBody,
  response: { 200: KpiResult, ...errors },
});

export const orderSummary = defineContract({
  method: 'POST',
  path: '/Order/Summary',
  service: 'analytics',
  access: 'session',
  summary: 'Ordered totals for this month, last month, YTD, last year YTD and last year',
  body: SummaryBody,
  response: { 200: SummaryResult, ...errors },
});

// ------------------------------------------------------------------------------ Quote
export const quoteGrouped = defineContract({
  method: 'POST',
  path: '/Quote/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open quote lines per group; with a dateSlug, the lines quoted in that period',
  params: groupByParams(QuoteGroupBy.grouped),
  body: Type.Object({ ...searchFields, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: GroupedResult, ...errors },
});

// ------------------------------------------------------------------------------ Invoice lines
export const InvoiceLineRow = Type.Object({
  company: Type.String(),
  invoiceNumber: Type.String(),
  invoiceLineNumber: Type.Integer(),
  invoiceDate: IsoDate,
  customer: Type.String(),
  customerName: Type.Union([Type.String(), Type.Null()]),
  shipTo: Type.String(),
  salesRep: Type.String(),
  branch: Type.String(),
  itemNumber: Type.String(),
  itemDescription: Type.Union([Type.String(), Type.Null()]),
  productGroup: Type.String(),
  qty: Type.Integer(),
  unitPrice: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

/**
 * The one shape of every paged list: `{ ...extra, pageNumber, pageSize, totalCount, rows }`, rows
 * with camelCase fields that carry company, customer and the document numbers, so a renderer
 * can page, sort and drill through any list the same way.
 */
export function ListResult<R extends TSchema, E extends Record<string, TSchema> = Record<never, never>>(row: R, extra: E = {} as E) {
  return Type.Object({ ...extra, ...paging, rows: Type.Array(row) });
}

/** The period a list was cut to; null from/to when it was not cut by date. */
const ListPeriod = {
  dateSlug: Type.Union([Type.String(), Type.Null()]),
  from: Type.Union([IsoDate, Type.Null()]),
  to: Type.Union([IsoDate, Type.Null()]),
};
const ListBody = Type.Object({ ...searchFields, dateSlug: Type.Optional(DateSlug) });

export const invoiceDetails = defineContract({
  method: 'POST',
  path: '/Invoice/Details',
  service: 'analytics',
  access: 'session',
  summary: 'Invoice lines for a date choice (dateSlug, default last-30-days): searched, filtered, sorted, paged',
  body: ListBody,
  response: { 200: ListResult(InvoiceLineRow, ListPeriod), ...errors },
});


// ------------------------------------------------------------------------------ more sales calls
const Text = Type.String();
const OptText = Type.Union([Type.String(), Type.Null()]);
const OptDate = Type.Union([IsoDate, Type.Null()]);
const Int = Type.Integer();
const errors404 = { ...errors, 404: ErrorBody };
/** A document asked for by number; company narrows it when several companies use the number. */
const CompanyBody = Type.Object({ company: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'The company, where the number is used in several' })) });
/** A ByDay call's body: its groupBy is one of the model's dimensions (default company). */
const byDayBody = <G extends TSchema>(groupBy: G) => Type.Object({ ...searchFields, dateSlug: Type.Optional(DateSlug), groupBy: Type.Optional(groupBy) });

/** One row per group with a value per day of the period (days[i] belongs to sales[i]). */
export const ByDayResult = Type.Object({
  groupBy: Type.String(),
  ...Period.properties,
  days: Type.Array(IsoDate),
  ...paging,
  rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), sales: Type.Array(Money), grossProfit: Type.Array(Money) })),
  ...answeredFrom,
});
export type ByDayResult = Static<typeof ByDayResult>;

/** Grouped sales with the monthly (or quarterly) run rate over the period and its annualized figure (run rate × 12 or × 4). */
export const RunRateResult = Type.Object({
  ...GroupedResult.properties,
  interval: Type.Union([Type.Literal('month'), Type.Literal('quarter')]),
  /** Months (or quarters) the period spans, a partial one by its share of days: the run rate's divisor. */
  intervals: Type.Number(),
  rows: Type.Array(Type.Object({ ...GroupedRow.properties, runRate: Money, annualized: Money })),
});
export type RunRateResult = Static<typeof RunRateResult>;

export const FreightGroupedResult = Type.Object({
  ...GroupedResult.properties,
  totals: Type.Object({ ...Totals.properties, freight: Money, freightPercent: Type.Union([Type.Number(), Type.Null()]) }),
  rows: Type.Array(Type.Object({ ...GroupedRow.properties, freight: Money, freightPercent: Type.Union([Type.Number(), Type.Null()]) })),
});

const OnTimeFields = { shippedLines: Int, onTimeLines: Int, onTimePercent: Type.Union([Type.Number(), Type.Null()]) };
export const OnTimeGroupedResult = Type.Object({
  ...GroupedResult.properties,
  totals: Type.Object({ ...Totals.properties, ...OnTimeFields }),
  rows: Type.Array(Type.Object({ ...GroupedRow.properties, ...OnTimeFields })),
});
const OnTimePeriod = Type.Object({ ...Period.properties, ...OnTimeFields });
export const OnTimeKpiResult = Type.Object({
  dateSlug: Type.String(),
  label: Type.String(),
  current: OnTimePeriod,
  comparison: Type.Union([OnTimePeriod, Type.Null()]),
  /** Points of on-time percentage against the comparison period. */
  change: Type.Union([Type.Number(), Type.Null()]),
  ...answeredFrom,
});

export const InvoiceHeaderRow = Type.Object({
  company: Text,
  invoiceNumber: Text,
  invoiceType: Text,
  invoiceDate: IsoDate,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  location: Text,
  orderNumber: OptText,
  orderDate: OptDate,
  shipDate: OptDate,
  customerPo: OptText,
  terms: OptText,
  lineCount: Int,
  sales: Money,
  cost: Money,
  grossProfit: Money,
  freight: Money,
  tax: Money,
  total: Money,
});

export const FirstTimeRow = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  city: OptText,
  state: OptText,
  salesRep: Text,
  branch: Text,
  invoiceNumber: Text,
  invoiceDate: IsoDate,
  sales: Money,
});

export const CommissionOnPaidRow = Type.Object({
  company: Text,
  invoiceNumber: Text,
  invoiceDate: IsoDate,
  paidDate: IsoDate,
  daysToPay: Int,
  customer: Text,
  customerName: OptText,
  salesRep: Text,
  branch: Text,
  sales: Money,
  cost: Money,
  grossProfit: Money,
  grossProfitPercent: Type.Union([Type.Number(), Type.Null()]),
});

export const OrderLineRow = Type.Object({
  company: Text,
  orderNumber: Text,
  orderLineNumber: Int,
  orderDate: IsoDate,
  requestedDate: OptDate,
  promiseDate: OptDate,
  shipDate: OptDate,
  status: Text,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  location: Text,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: Text,
  qtyOrdered: Int,
  qtyShipped: Int,
  qtyOpen: Int,
  unitPrice: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
  openSales: Money,
});

export const NotInStockRow = Type.Object({ ...OrderLineRow.properties, qtyOnHand: Int, qtyAvailable: Int, qtyShort: Int });

export const OrderHeaderRow = Type.Object({
  company: Text,
  orderNumber: Text,
  orderDate: IsoDate,
  requestedDate: OptDate,
  promiseDate: OptDate,
  shipDate: OptDate,
  status: Text,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  location: Text,
  customerPo: OptText,
  quoteNumber: OptText,
  lineCount: Int,
  orderTotal: Money,
  openTotal: Money,
});

export const QuoteLineRow = Type.Object({
  company: Text,
  quoteNumber: Text,
  quoteLineNumber: Int,
  quoteDate: IsoDate,
  expirationDate: IsoDate,
  status: Text,
  customer: Text,
  customerName: OptText,
  salesRep: Text,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: Text,
  qty: Int,
  unitPrice: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

export const QuoteHeaderRow = Type.Object({
  company: Text,
  quoteNumber: Text,
  quoteDate: IsoDate,
  expirationDate: IsoDate,
  status: Text,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  orderNumber: OptText,
  lineCount: Int,
  quoteTotal: Money,
});

export const BookingRow = Type.Object({
  company: Text,
  bookingId: Int,
  orderNumber: Text,
  orderLineNumber: Int,
  bookingType: Text,
  bookingDate: IsoDate,
  orderLineDate: IsoDate,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: Text,
  qty: Int,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

const session = { service: 'analytics', access: 'session' } as const;

/** POST {path} with `{ <kind>Number, company? }`: one document's header and lines, 404 when it is not in your data. */
function documentContract<P extends string, K extends string>(path: P, kind: K, header: TSchema, line: TSchema) {
  return defineContract({
    method: 'POST',
    path,
    ...session,
    summary: `One ${kind}: its header and lines; 404 when it is not in your data`,
    body: Type.Object({ ...CompanyBody.properties, ...({ [`${kind}Number`]: Type.String({ minLength: 1, maxLength: 40 }) } as Record<`${K}Number`, TString>) }),
    response: { 200: Type.Object({ header, lines: Type.Array(line) }), ...errors404 },
  });
}

// Invoice
export const invoiceHeader = defineContract({
  method: 'POST',
  path: '/Invoice/Header/{invoiceNumber}',
  ...session,
  summary: 'One invoice: its header (freight, tax, total) and its lines; 404 when it is not in your data',
  params: Type.Object({ invoiceNumber: Type.String({ minLength: 1, maxLength: 40 }) }),
  body: Type.Optional(CompanyBody),
  response: { 200: Type.Object({ header: InvoiceHeaderRow, lines: Type.Array(InvoiceLineRow) }), ...errors404 },
});

export const invoiceFreightGrouped = defineContract({
  method: 'POST',
  path: '/Invoice/Freight/Grouped',
  ...session,
  summary: 'Freight billed per group (groupBy) for a date choice, beside sales and as a percentage of them',
  body: GroupedBody,
  response: { 200: FreightGroupedResult, ...errors },
});

export const invoiceItemHistory = defineContract({
  method: 'POST',
  path: '/Invoice/ItemHistory',
  ...session,
  summary: 'Every invoice line of one item (optionally for one customer, and in a dateSlug), newest first',
  body: Type.Object({ ...searchFields, itemNumber: Type.String({ minLength: 1, maxLength: 60 }), customer: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })), dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(InvoiceLineRow, ListPeriod), ...errors },
});

export const invoiceFirstTime = defineContract({
  method: 'POST',
  path: '/Invoice/FirstTime',
  ...session,
  summary: 'Customers whose first invoice falls in a date choice (default last-90-days), with that invoice',
  body: ListBody,
  response: { 200: ListResult(FirstTimeRow, ListPeriod), ...errors },
});

export const invoiceCommissionOnPaid = defineContract({
  method: 'POST',
  path: '/Invoice/CommissionOnPaid/{reportDateFrom}/{reportDateTo}',
  ...session,
  summary: 'Invoices paid in full from reportDateFrom to reportDateTo (yyyy-mm-dd) with the gross profit commission is paid on (useCommissionCost: on commission cost)',
  params: Type.Object({
    reportDateFrom: Type.String({ minLength: 1, maxLength: 40, description: 'The first day paid, yyyy-mm-dd' }),
    reportDateTo: Type.String({ minLength: 1, maxLength: 40, description: 'The last day paid, yyyy-mm-dd, not before reportDateFrom' }),
  }),
  querystring: Type.Object({ useCommissionCost: Type.Optional(Type.Boolean()) }),
  body: AnalyticsSearchRequest,
  response: {
    200: ListResult(CommissionOnPaidRow, {
      ...Period.properties,
      useCommissionCost: Type.Boolean(),
      totals: Type.Object({ sales: Money, cost: Money, grossProfit: Money, grossProfitPercent: Type.Union([Type.Number(), Type.Null()]), invoiceCount: Int }),
    }),
    ...errors,
  },
});

export const invoiceByDay = defineContract({
  method: 'POST',
  path: '/Invoice/ByDay',
  ...session,
  summary: 'Invoiced sales per group (groupBy, default company) for each day of a date choice (default this-month, at most 62 days)',
  body: byDayBody(InvoiceGroupBy.byDay),
  response: { 200: ByDayResult, ...errors },
});

export const invoiceQuarterly = defineContract({
  method: 'POST',
  path: '/Invoice/Quarterly/{dateSlug}',
  ...session,
  summary: 'Invoiced totals per calendar quarter of a date choice',
  params: Type.Object({ dateSlug: DateSlug }),
  body: AnalyticsSearchRequest,
  response: { 200: GroupedResult, ...errors },
});

// Booking
export const bookingByDay = defineContract({
  method: 'POST',
  path: '/Booking/ByDay/{firstOfMonth}/{groupBy}',
  ...session,
  summary: 'Booked sales per group for each day of the month starting firstOfMonth (yyyy-mm-01)',
  params: Type.Object({ firstOfMonth: Type.String({ minLength: 1, maxLength: 40, description: 'The first day of the month, yyyy-mm-01' }), groupBy: BookingGroupBy.byDay }),
  querystring: BookingQuery,
  body: AnalyticsSearchRequest,
  response: { 200: ByDayResult, ...errors },
});

export const bookingDetails = defineContract({
  method: 'POST',
  path: '/Booking/Details',
  ...session,
  summary: 'Booking events (new, change, cancel) for a date choice (default last-30-days), or every event of one order (query orderNumber)',
  querystring: Type.Object({ ...BookingQuery.properties, orderNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }),
  body: ListBody,
  response: { 200: ListResult(BookingRow, ListPeriod), ...errors },
});

export const bookingQuarterly = defineContract({
  method: 'POST',
  path: '/Booking/Quarterly/{dateSlug}',
  ...session,
  summary: 'Booked totals per calendar quarter of a date choice',
  params: Type.Object({ dateSlug: DateSlug }),
  querystring: BookingQuery,
  body: AnalyticsSearchRequest,
  response: { 200: GroupedResult, ...errors },
});

/**
 * Grouped, Rank, SlidingComparison, Summary and YearOverYear of a subject whose paths follow
 * the Booking calls' (catalogue: QuoteBooked is modelled on its sibling Booking calls).
 */
function groupedFamily<S extends string, G extends TSchema, Y extends TSchema>(subject: S, what: string, groupBys: { grouped: G; yearOverYear: Y }) {
  const post = { method: 'POST', ...session } as const;
  return {
    grouped: defineContract({
      ...post,
      path: `/${subject}/Grouped/{groupBy}/{dateSlug}`,
      summary: `${what} per group for a date choice`,
      params: groupByDateParams(groupBys.grouped),
      body: AnalyticsSearchRequest,
      response: { 200: GroupedResult, ...errors },
    }),
    rank: defineContract({
      ...post,
      path: `/${subject}/Rank/{groupBy}/{dateSlug}`,
      summary: `Groups ranked by ${what.toLowerCase()}`,
      params: groupByDateParams(groupBys.grouped),
      body: AnalyticsSearchRequest,
      response: { 200: RankResult, ...errors },
    }),
    sliding: defineContract({
      ...post,
      path: `/${subject}/SlidingComparison/{groupBy}`,
      summary: `${what} per group for a date choice (body dateSlug) beside its comparison period`,
      params: groupByParams(groupBys.grouped),
      body: Type.Object({ ...searchFields, dateSlug: DateSlug }),
      response: { 200: SlidingComparisonResult, ...errors },
    }),
    summary: defineContract({
      ...post,
      path: `/${subject}/Summary`,
      summary: `${what}: this month, last month, YTD, last year YTD and last year`,
      body: SummaryBody,
      response: { 200: SummaryResult, ...errors },
    }),
    yearOverYear: defineContract({
      ...post,
      path: `/${subject}/YearOverYear/{groupBy}`,
      summary: `${what} per group for the current year and the two before`,
      params: groupByParams(groupBys.yearOverYear),
      body: Type.Object(YoyFields),
      response: { 200: YearOverYearResult, ...errors },
    }),
  };
}

// QuoteBooked: the lines of quotes that became orders, dated by the order's entry.
const quoteBooked = groupedFamily('QuoteBooked', 'Quoted sales that became orders (by order date)', QuoteBookedGroupBy);
export const quoteBookedGrouped = quoteBooked.grouped;
export const quoteBookedRank = quoteBooked.rank;
export const quoteBookedSlidingComparison = quoteBooked.sliding;
export const quoteBookedSummary = quoteBooked.summary;
export const quoteBookedYearOverYear = quoteBooked.yearOverYear;

// RunRate
const RunRateBody = Type.Object({ ...searchFields, dateSlug: Type.Optional(DateSlug) });
const runRate = (what: 'Sales' | 'Bookings', interval: 'month' | 'quarter') =>
  defineContract({
    method: 'POST',
    path: `/RunRate/${what}/Grouped${interval === 'quarter' ? '/Quarterly' : ''}/{groupBy}`,
    ...session,
    summary: `${what === 'Sales' ? 'Invoiced' : 'Booked'} sales per group over a date choice (default rolling-12-months) with the ${interval === 'month' ? 'monthly' : 'quarterly'} run rate and its annualized figure`,
    params: groupByParams(what === 'Sales' ? InvoiceGroupBy.grouped : BookingGroupBy.grouped),
    ...(what === 'Bookings' ? { querystring: BookingQuery } : {}),
    body: RunRateBody,
    response: { 200: RunRateResult, ...errors },
  });
export const runRateSalesGrouped = runRate('Sales', 'month');
export const runRateSalesQuarterly = runRate('Sales', 'quarter');
export const runRateBookingsGrouped = runRate('Bookings', 'month');
export const runRateBookingsQuarterly = runRate('Bookings', 'quarter');

// Order
export const orderDetails = defineContract({
  method: 'POST',
  path: '/Order/Details',
  ...session,
  summary: 'Order lines: the open ones, or with a dateSlug the lines ordered in it; searched, filtered, sorted, paged',
  body: ListBody,
  response: { 200: ListResult(OrderLineRow, ListPeriod), ...errors },
});

export const orderHeader = documentContract('/Order/Header', 'order', OrderHeaderRow, OrderLineRow);

export const orderHeaderList = defineContract({
  method: 'POST',
  path: '/Order/Header/List',
  ...session,
  summary: 'Order headers: the orders not closed, or with a dateSlug the orders entered in it',
  body: ListBody,
  response: { 200: ListResult(OrderHeaderRow, ListPeriod), ...errors },
});

export const orderLinesNotInStock = defineContract({
  method: 'POST',
  path: '/Order/LinesNotInStock',
  ...session,
  summary: 'Open order lines their location cannot fill from the quantity available, soonest promise first',
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(NotInStockRow), ...errors },
});

export const orderOnTimeKpi = defineContract({
  method: 'POST',
  path: '/Order/OnTimeDelivery/KPI',
  ...session,
  summary: 'Order lines shipped in a date choice and the share shipped by the promise date, beside the comparison period',
  body: KpiBody,
  response: { 200: OnTimeKpiResult, ...errors },
});

export const orderOnTimeGrouped = defineContract({
  method: 'POST',
  path: '/Order/OnTimeDelivery/Grouped/{groupBy}',
  ...session,
  summary: 'Order lines shipped in a date choice per group, and the share shipped by the promise date',
  params: groupByParams(OnTimeGroupBy.grouped),
  body: Type.Object({ ...searchFields, dateSlug: DateSlug }),
  response: { 200: OnTimeGroupedResult, ...errors },
});

export const orderLineInvoice = defineContract({
  method: 'GET',
  path: '/Order/Line/Invoice/{orderNumber}/{orderLineNumber}',
  ...session,
  summary: "The invoice lines that billed an order line (the order's invoices, the line's item)",
  params: Type.Object({ orderNumber: Type.String({ minLength: 1, maxLength: 40 }), orderLineNumber: Int4({ minimum: 1 }) }),
  querystring: CompanyBody,
  response: { 200: ListResult(Type.Object({ ...InvoiceLineRow.properties, orderNumber: Text, orderLineNumber: Int })), ...errors },
});

// Quote
export const quoteDetails = defineContract({
  method: 'POST',
  path: '/Quote/Details',
  ...session,
  summary: 'Quote lines: the open ones, or with a dateSlug the lines quoted in it; searched, filtered, sorted, paged',
  body: ListBody,
  response: { 200: ListResult(QuoteLineRow, ListPeriod), ...errors },
});

export const quoteKpi = defineContract({
  method: 'POST',
  path: '/Quote/KPI',
  ...session,
  summary: 'Quoted totals (lines quoted) for a date choice beside its comparison period',
  body: KpiBody,
  response: { 200: KpiResult, ...errors },
});

export const quoteSummary = defineContract({
  method: 'POST',
  path: '/Quote/Summary',
  ...session,
  summary: 'Quoted totals for this month, last month, YTD, last year YTD and last year',
  body: SummaryBody,
  response: { 200: SummaryResult, ...errors },
});

export const quoteHeader = documentContract('/Quote/Header', 'quote', QuoteHeaderRow, QuoteLineRow);

export const quoteByDay = defineContract({
  method: 'POST',
  path: '/Quote/ByDay',
  ...session,
  summary: 'Quoted sales per group (groupBy, default company) for each day of a date choice (default this-month, at most 62 days)',
  body: byDayBody(QuoteGroupBy.byDay),
  response: { 200: ByDayResult, ...errors },
});
