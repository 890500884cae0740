import { Type, type Static, type TSchema } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody } from './common.ts';

// Seed 001 §7.11 data calls on the ERP mirror (paths as /work/shared/api-catalogue.tsv spells
// them). The Invoice calls have no path parameters in the catalogue, so their groupBy and
// dateSlug travel in the body; Booking and Order take them in the path. Every body is the
// search request of seed 000 §3. Money is in dollars, as numbers rounded to cents.

/** Seed 000 §3 "Filter" (only include and equals compare). */
export const AnalyticsFilter = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 100 }),
  comparison: Type.Union([Type.Literal('include'), Type.Literal('equals')]),
  values: Type.Array(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()]), { maxItems: 1000 }),
  group: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  calculation: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  controlName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});
export type AnalyticsFilter = Static<typeof AnalyticsFilter>;

const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** Seed 000 §3 request parameters; pageSize 15 and pageNumber 1 by default, at most 500 a page. */
const searchFields = {
  searchString: nullable(Type.String({ maxLength: 200 })),
  searchOperator: nullable(Type.Union([Type.Literal('Contains'), Type.Literal('Exact'), Type.Literal('BeginsWith'), Type.Literal('EndsWith')])),
  sortBy: nullable(Type.String({ maxLength: 100 })),
  sortDir: nullable(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
  // Not nullable: the validator would coerce 0 to null and let it pass.
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  filters: nullable(Type.Array(AnalyticsFilter, { maxItems: 50 })),
};
export const AnalyticsSearchRequest = Type.Object(searchFields);
export type AnalyticsSearchRequest = Static<typeof AnalyticsSearchRequest>;

const Slug = Type.String({ minLength: 1, maxLength: 40 });
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
const GroupedBody = Type.Object({ ...searchFields, groupBy: Slug, dateSlug: Slug });
const YoyFields = {
  ...searchFields,
  /** Fiscal years (the FiscalYear setting) instead of calendar years. */
  fiscal: Type.Optional(Type.Boolean()),
};
const KpiBody = Type.Object({ dateSlug: Slug, filters: searchFields.filters });
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
  body: Type.Object({ ...YoyFields, groupBy: Slug }),
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
const GroupByDateParams = Type.Object({ groupBy: Slug, dateSlug: Slug });
const GroupByParams = Type.Object({ groupBy: Slug });

export const bookingGrouped = defineContract({
  method: 'POST',
  path: '/Booking/Grouped/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Booked sales per group for a date choice (bookingDateBasis, default OrderLineDate)',
  params: GroupByDateParams,
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
  params: GroupByDateParams,
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
  params: GroupByParams,
  querystring: BookingQuery,
  body: Type.Object({ ...searchFields, dateSlug: Slug }),
  response: { 200: SlidingComparisonResult, ...errors },
});

export const bookingYearOverYear = defineContract({
  method: 'POST',
  path: '/Booking/YearOverYear/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Booked sales per group for the current year and the two before',
  params: GroupByParams,
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
  params: GroupByParams,
  body: Type.Object({ ...searchFields, dateSlug: Type.Optional(Slug) }),
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
  params: GroupByParams,
  body: Type.Object({ ...searchFields, dateSlug: Type.Optional(Slug) }),
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

export const invoiceDetails = defineContract({
  method: 'POST',
  path: '/Invoice/Details',
  service: 'analytics',
  access: 'session',
  summary: 'Invoice lines for a date choice (dateSlug, default last-30-days): searched, filtered, sorted, paged',
  body: Type.Object({ ...searchFields, dateSlug: Type.Optional(Slug) }),
  response: {
    200: Type.Object({ dateSlug: Type.String(), ...Period.properties, ...paging, rows: Type.Array(InvoiceLineRow) }),
    ...errors,
  },
});
