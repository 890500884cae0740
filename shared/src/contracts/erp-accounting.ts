import { Type, type Static, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import {
  AP_GROUP_BYS,
  AR_AP_GROUP_BYS,
  AR_GROUP_BYS,
  BUSINESS_HEALTH_GROUP_BYS,
  BUYING_GROUP_BYS,
  Choice,
  DateSlug,
  QUOTE_CONVERSION_GROUP_BYS,
  SALES_BOOKINGS_QUOTES_GROUP_BYS,
} from './choices.ts';
import { defineContract } from './contract.ts';

// Seed 001 §7.11 receivables, payables and analysis calls (paths as the catalogue spells them).
// Aging buckets follow the ArAgingPeriod1–4 / ApAgingPeriod1–4 settings (seed 000 §9: 30/60/90/0,
// a 0 period is unused); arAgingBasis / apAgingBasis pick the date the age counts from.

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const ErpErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
export const ErpPaging = { pageNumber: Type.Integer(), pageSize: Type.Integer(), totalCount: Type.Integer() };

export const AgingBasis = Type.Union([Type.Literal('DueDate'), Type.Literal('InvoiceDate')]);
export type AgingBasis = Static<typeof AgingBasis>;

/** One aging bucket: ages from fromDays to toDays inclusive (null: open-ended); "Current" is not yet due. */
export const AgingBucket = Type.Object({ label: Type.String(), fromDays: Nullable(Type.Integer()), toDays: Nullable(Type.Integer()) });

const AgingAmounts = {
  balance: Money,
  pastDue: Money,
  documentCount: Type.Integer(),
  /** Open balance per bucket, in the order of agingBuckets. */
  buckets: Type.Array(Money),
};

export const AgingGroupedResult = Type.Object({
  groupBy: Type.String(),
  /** DueDate or InvoiceDate (AR, AP); LineDueDate, HeaderDueDate or OrderDate (open purchase orders). */
  agingBasis: Type.String(),
  asOf: IsoDate,
  agingBuckets: Type.Array(AgingBucket),
  ...ErpPaging,
  totals: Type.Object(AgingAmounts),
  rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), ...AgingAmounts })),
});
export type AgingGroupedResult = Static<typeof AgingGroupedResult>;

/** An open receivable's or payable's dates, amounts and age. */
const OpenItemFields = {
  invoiceDate: IsoDate,
  dueDate: IsoDate,
  originalAmount: Money,
  balance: Money,
  daysOpen: Type.Integer(),
  daysPastDue: Type.Integer(),
  agingBucket: Type.String(),
};

/** Grouped amounts for a date choice: groupBy, the period, paging, totals and a row per group (key, name). */
export function PeriodGroupedResult<A extends Record<string, TSchema>, E extends Record<string, TSchema> = Record<never, never>>(amounts: A, extra: E = {} as E) {
  return Type.Object({
    groupBy: Type.String(),
    dateSlug: Type.String(),
    label: Type.String(),
    from: IsoDate,
    to: IsoDate,
    ...extra,
    ...ErpPaging,
    totals: Type.Object(amounts),
    rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), ...amounts })),
  });
}

// ------------------------------------------------------------------------------ AR
export const ArRow = Type.Object({
  company: Type.String(),
  invoiceNumber: Type.String(),
  customer: Type.String(),
  customerName: Nullable(Type.String()),
  salesRep: Type.String(),
  branch: Type.String(),
  ...OpenItemFields,
});

export const arGrouped = defineContract({
  method: 'POST',
  path: '/AR/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open receivables per group (company, branch, salesRep, customer), aged by the configured periods',
  params: Type.Object({ groupBy: Choice(AR_GROUP_BYS, 'What to group the open receivables by') }),
  querystring: Type.Object({ arAgingBasis: Type.Optional(AgingBasis) }),
  body: AnalyticsSearchRequest,
  response: { 200: AgingGroupedResult, ...ErpErrors },
});

export const arList = defineContract({
  method: 'POST',
  path: '/AR/List',
  service: 'analytics',
  access: 'session',
  summary: 'Open receivables, one row per invoice, with days open, days past due and aging bucket',
  querystring: Type.Object({ arAgingBasis: Type.Optional(AgingBasis) }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ArRow), ...ErpErrors },
});

export const arDaysOpen = defineContract({
  method: 'GET',
  path: '/AR/DaysOpen/{invoiceNumber}',
  service: 'analytics',
  access: 'session',
  summary: 'How long an open invoice has been open and past due (company narrows an invoice number used by several)',
  params: Type.Object({ invoiceNumber: Type.String({ minLength: 1, maxLength: 40 }) }),
  querystring: Type.Object({ company: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) }),
  response: {
    200: Type.Object({
      company: Type.String(),
      invoiceNumber: Type.String(),
      customer: Type.String(),
      invoiceDate: IsoDate,
      dueDate: IsoDate,
      balance: Money,
      daysOpen: Type.Integer(),
      daysPastDue: Type.Integer(),
    }),
    404: ErrorBody,
    ...ErpErrors,
  },
});

export const unifiedArInvoiceExact = defineContract({
  method: 'POST',
  path: '/UnifiedAr/Invoice/Exact/{invoiceNumber}',
  service: 'analytics',
  access: 'session',
  summary: "One invoice with its receivable: amounts, due date, open balance (0 when paid), days open",
  params: Type.Object({ invoiceNumber: Type.String({ minLength: 1, maxLength: 40 }) }),
  body: Type.Optional(Type.Object({ company: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) })),
  response: {
    200: Type.Object({
      company: Type.String(),
      invoiceNumber: Type.String(),
      invoiceType: Type.String(),
      invoiceDate: IsoDate,
      customer: Type.String(),
      customerName: Nullable(Type.String()),
      shipTo: Type.String(),
      salesRep: Type.String(),
      branch: Type.String(),
      orderNumber: Nullable(Type.String()),
      customerPo: Nullable(Type.String()),
      terms: Nullable(Type.String()),
      sales: Money,
      freight: Money,
      tax: Money,
      total: Money,
      isOpen: Type.Boolean(),
      dueDate: Nullable(IsoDate),
      balance: Money,
      daysOpen: Nullable(Type.Integer()),
      daysPastDue: Nullable(Type.Integer()),
    }),
    404: ErrorBody,
    ...ErpErrors,
  },
});

// ------------------------------------------------------------------------------ AP
export const ApRow = Type.Object({
  company: Type.String(),
  voucher: Type.String(),
  supplier: Type.String(),
  supplierName: Nullable(Type.String()),
  supplierInvoice: Type.String(),
  poNumber: Nullable(Type.String()),
  ...OpenItemFields,
});

export const apGrouped = defineContract({
  method: 'POST',
  path: '/AP/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open payables per group (company, supplier), aged by the configured periods',
  params: Type.Object({ groupBy: Choice(AP_GROUP_BYS, 'What to group the open payables by') }),
  querystring: Type.Object({ apAgingBasis: Type.Optional(AgingBasis) }),
  body: AnalyticsSearchRequest,
  response: { 200: AgingGroupedResult, ...ErpErrors },
});

export const apList = defineContract({
  method: 'POST',
  path: '/AP/List',
  service: 'analytics',
  access: 'session',
  summary: 'Open payables, one row per voucher, with days open, days past due and aging bucket',
  querystring: Type.Object({ apAgingBasis: Type.Optional(AgingBasis) }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ApRow), ...ErpErrors },
});

// ------------------------------------------------------------------------------ Analysis
const Percent = Nullable(Type.Number());

const SalesBookingsQuotesAmounts = { sales: Money, bookings: Money, quotes: Money };
export const analysisSalesBookingsQuotes = defineContract({
  method: 'POST',
  path: '/Analysis/SalesBookingsQuotes/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Invoiced sales, bookings (bookingDateBasis) and quoted amounts per group for a date choice',
  params: Type.Object({ groupBy: Choice(SALES_BOOKINGS_QUOTES_GROUP_BYS, 'What to group sales, bookings and quotes by'), dateSlug: DateSlug }),
  querystring: Type.Object({ bookingDateBasis: Type.Optional(Type.Union([Type.Literal('OrderLineDate'), Type.Literal('BookingDate')])) }),
  body: AnalyticsSearchRequest,
  response: {
    200: PeriodGroupedResult(SalesBookingsQuotesAmounts),
    ...ErpErrors,
  },
});

const HealthAmounts = {
  sales: Money,
  comparisonSales: Money,
  grossProfit: Money,
  comparisonGrossProfit: Money,
  bookings: Money,
  comparisonBookings: Money,
};
const HealthRatios = { salesChangePercent: Percent, grossProfitPercent: Percent, comparisonGrossProfitPercent: Percent, bookingsChangePercent: Percent };
export const analysisBusinessHealth = defineContract({
  method: 'POST',
  path: '/Analysis/BusinessHealth/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Sales, gross profit and bookings per group for a date choice beside its like-with-like comparison period',
  params: Type.Object({ groupBy: Choice(BUSINESS_HEALTH_GROUP_BYS, 'What to group sales and bookings by'), dateSlug: DateSlug }),
  body: AnalyticsSearchRequest,
  response: {
    200: PeriodGroupedResult({ ...HealthAmounts, ...HealthRatios }, { comparison: Type.Object({ from: IsoDate, to: IsoDate }) }),
    ...ErpErrors,
  },
});

const ConversionAmounts = { quoteCount: Type.Integer(), convertedCount: Type.Integer(), quoteAmount: Money, convertedAmount: Money };
const ConversionRatios = { conversionRatio: Percent, amountConversionRatio: Percent };
export const analysisQuoteConversionRatio = defineContract({
  method: 'POST',
  path: '/Analysis/QuoteConversionRatio/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: 'Quotes made in a date choice and how many (and how much) became orders, per group',
  params: Type.Object({ groupBy: Choice(QUOTE_CONVERSION_GROUP_BYS, 'What to group the quotes by'), dateSlug: DateSlug }),
  body: AnalyticsSearchRequest,
  response: {
    200: PeriodGroupedResult({ ...ConversionAmounts, ...ConversionRatios }),
    ...ErpErrors,
  },
});

const BuyingAmounts = {
  sales: Money,
  buyingCustomers: Type.Integer(),
  comparisonBuyingCustomers: Type.Integer(),
  newCustomers: Type.Integer(),
  lostCustomers: Type.Integer(),
  topCustomers: Type.Integer(),
  topCustomersSales: Money,
  topCustomersPercent: Percent,
};
export const analysisBusinessHealthDetail = defineContract({
  method: 'POST',
  path: '/Analysis/BusinessHealthDetail/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary:
    'Buying customers per group over the last 12 months against the 12 before: new, lost, and the top topPctBuyingOption % (default 20) with their share of sales',
  params: Type.Object({ groupBy: Choice(BUYING_GROUP_BYS, "What to group the buying customers by") }),
  querystring: Type.Object({ topPctBuyingOption: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
  body: AnalyticsSearchRequest,
  response: { 200: PeriodGroupedResult(BuyingAmounts, { comparison: Type.Object({ from: IsoDate, to: IsoDate }), topPctBuyingOption: Type.Integer() }), ...ErpErrors },
});

const ArApAmounts = { arBalance: Money, apBalance: Money, ratio: Nullable(Type.Number()) };
export const analysisArApRatio = defineContract({
  method: 'POST',
  path: '/Analysis/ArApRatio/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open receivables against open payables per company or branch (ratio = AR / AP)',
  params: Type.Object({ groupBy: Choice(AR_AP_GROUP_BYS, 'What to group receivables and payables by') }),
  body: AnalyticsSearchRequest,
  response: {
    200: Type.Object({
      groupBy: Type.String(),
      asOf: IsoDate,
      ...ErpPaging,
      totals: Type.Object(ArApAmounts),
      rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), ...ArApAmounts })),
    }),
    ...ErpErrors,
  },
});
