import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { Choice, DateSlug, PURCHASE_ORDER_GROUP_BYS } from './choices.ts';
import { defineContract } from './contract.ts';
import { CompanyField } from './erp-fields.ts';
import { AgingGroupedResult, ErpErrors, PeriodGroupedResult } from './erp-accounting.ts';

// Seed 001 §7.11 PurchaseOrder calls (the catalogue's inferred rows: POST like the sibling Order
// and Invoice report calls). Purchasing is company-wide (no sales rep), read by users whose
// PurchaseAccessRight is on. Amounts are the purchase cost in dollars.

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const search = AnalyticsSearchRequest.properties;
const PurchaseOrderGroupBy = Choice(PURCHASE_ORDER_GROUP_BYS, 'What to group the purchase order lines by');

export const PurchaseOrderHeaderRow = Type.Object({
  company: Type.String(),
  poNumber: Type.String(),
  supplier: Type.String(),
  supplierName: Nullable(Type.String()),
  location: Type.String(),
  branch: Type.String(),
  orderDate: IsoDate,
  dueDate: IsoDate,
  receivedDate: Nullable(IsoDate),
  status: Type.String(),
  buyer: Nullable(Type.String()),
  lineCount: Type.Integer(),
  poTotal: Money,
  openTotal: Money,
});

export const PurchaseOrderLineRow = Type.Object({
  company: Type.String(),
  poNumber: Type.String(),
  poLineNumber: Type.Integer(),
  supplier: Type.String(),
  supplierName: Nullable(Type.String()),
  location: Type.String(),
  orderDate: IsoDate,
  dueDate: IsoDate,
  receivedDate: Nullable(IsoDate),
  itemNumber: Type.String(),
  itemDescription: Nullable(Type.String()),
  productGroup: Type.String(),
  qtyOrdered: Type.Integer(),
  qtyReceived: Type.Integer(),
  qtyOpen: Type.Integer(),
  unitCost: Money,
  cost: Money,
  openCost: Money,
});

const ListPeriod = { dateSlug: Nullable(Type.String()), from: Nullable(IsoDate), to: Nullable(IsoDate) };
const LinesResult = ListResult(PurchaseOrderLineRow, ListPeriod);

export const purchaseOrderDetails = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Details',
  service: 'analytics',
  access: 'session',
  summary: 'Purchase order lines ordered in a date choice (dateSlug, default last-30-days): searched, filtered, sorted, paged',
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: LinesResult, ...ErpErrors },
});

export const purchaseOrderItemHistory = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/ItemHistory',
  service: 'analytics',
  access: 'session',
  summary: 'Purchase order lines of one item, newest first (dateSlug optional)',
  body: Type.Object({ ...search, ...CompanyField, itemNumber: Type.String({ minLength: 1, maxLength: 60 }), dateSlug: Type.Optional(DateSlug) }),
  response: { 200: LinesResult, ...ErpErrors },
});

export const purchaseOrderHeader = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Header',
  service: 'analytics',
  access: 'session',
  summary: 'One purchase order: its header and lines; 404 when there is none',
  body: Type.Object({ poNumber: Type.String({ minLength: 1, maxLength: 40 }), ...CompanyField }),
  response: { 200: Type.Object({ header: PurchaseOrderHeaderRow, lines: Type.Array(PurchaseOrderLineRow) }), 404: ErrorBody, ...ErpErrors },
});

const PurchaseAmounts = { amount: Money, receivedAmount: Money, openAmount: Money, lineCount: Type.Integer() };

export const purchaseOrderGrouped = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Purchase order lines ordered in a date choice (dateSlug, default year-to-date) per group',
  params: Type.Object({ groupBy: PurchaseOrderGroupBy }),
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: PeriodGroupedResult(PurchaseAmounts), ...ErpErrors },
});

export const purchaseOrderOpenGrouped = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Open/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary: 'Open purchase order lines per group, aged by the PoAgingBasis setting (LineDueDate) and the AP aging periods',
  params: Type.Object({ groupBy: PurchaseOrderGroupBy }),
  body: AnalyticsSearchRequest,
  response: { 200: AgingGroupedResult, ...ErpErrors },
});

const PeriodAmounts = Type.Object({ from: IsoDate, to: IsoDate, amount: Money, receivedAmount: Money, lineCount: Type.Integer(), poCount: Type.Integer() });
const FiltersOnly = { filters: search.filters };

export const purchaseOrderKpi = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/KPI',
  service: 'analytics',
  access: 'session',
  summary: 'Purchases ordered in a date choice beside its like-with-like comparison period',
  body: Type.Object({ dateSlug: DateSlug, ...FiltersOnly }),
  response: {
    200: Type.Object({
      dateSlug: Type.String(),
      label: Type.String(),
      current: PeriodAmounts,
      comparison: Nullable(PeriodAmounts),
      change: Nullable(Money),
      changePercent: Nullable(Type.Number()),
    }),
    ...ErpErrors,
  },
});

export const purchaseOrderSummary = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Summary',
  service: 'analytics',
  access: 'session',
  summary: 'Purchases ordered this month, last month, YTD, last year YTD and last year',
  body: Type.Optional(Type.Object(FiltersOnly)),
  response: {
    200: Type.Object({ periods: Type.Array(Type.Object({ dateSlug: Type.String(), label: Type.String(), ...PeriodAmounts.properties })) }),
    ...ErpErrors,
  },
});

const OnTimeAmounts = { receivedLines: Type.Integer(), onTimeLines: Type.Integer(), lateLines: Type.Integer(), daysLate: Type.Integer(), onTimePercent: Nullable(Type.Number()) };

export const purchaseOrderOnTime = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/OnTime',
  service: 'analytics',
  access: 'session',
  summary: 'Purchase order lines received in a date choice: on time (by their due date) or late, per group (default supplier)',
  body: Type.Object({ ...search, dateSlug: DateSlug, groupBy: Type.Optional(PurchaseOrderGroupBy) }),
  response: { 200: PeriodGroupedResult(OnTimeAmounts), ...ErpErrors },
});
