import { Type, type TObject, type TOptional, type TProperties, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { Choice, DateSlug, SERVICE_ORDER_GROUP_BYS, SHIPMENT_GROUP_BYS } from './choices.ts';
import { defineContract } from './contract.ts';
import { CompanyField } from './erp-fields.ts';
import { ErpErrors, ErpPaging } from './erp-accounting.ts';

// Seed 001 §7.11 ServiceOrder and Shipment calls (the catalogue's inferred rows: POST like the
// sibling Order and PurchaseOrder report calls). Service orders and shipments belong to an
// account and its sales rep: every call reads only the user's data scope, as the Order calls
// do. A service order's "sales" is what it bills (labour plus parts); its cost is the
// technicians' time and the parts' cost. Money is in dollars.

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const search = AnalyticsSearchRequest.properties;
const Id = Type.String({ minLength: 1, maxLength: 40 });
const Period = Type.Object({ from: IsoDate, to: IsoDate });
/** The period a list was cut to; null from/to when it was not cut by date. */
const ListPeriod = { dateSlug: Nullable(Type.String()), from: Nullable(IsoDate), to: Nullable(IsoDate) };

// ------------------------------------------------------------------------------ ServiceOrder
export const SERVICE_ORDER_STATUSES = ['Open', 'InProgress', 'Complete', 'Invoiced'] as const;

/** One service order (its header and totals). */
export const ServiceOrderRow = Type.Object({
  company: Text,
  serviceOrderNumber: Text,
  serviceType: Text,
  status: Text,
  description: Text,
  equipment: Text,
  serialNumber: OptText,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  technician: Text,
  technicianName: OptText,
  customerPo: OptText,
  openedDate: IsoDate,
  promisedDate: IsoDate,
  completedDate: Nullable(IsoDate),
  invoicedDate: Nullable(IsoDate),
  /** Days from opening to completion, or to today while not complete. */
  daysOpen: Type.Integer(),
  /** Open past its promise date (not yet complete), or completed after it. */
  isLate: Type.Boolean(),
  lineCount: Type.Integer(),
  labourHours: Type.Number(),
  labourAmount: Money,
  partsAmount: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

/** A labour line (qty = hours by a technician) or a parts line (an item). */
export const ServiceOrderLineRow = Type.Object({
  company: Text,
  serviceOrderNumber: Text,
  lineNumber: Type.Integer(),
  lineType: Text,
  status: Text,
  openedDate: IsoDate,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  technician: OptText,
  technicianName: OptText,
  itemNumber: OptText,
  productGroup: OptText,
  description: Text,
  qty: Type.Number(),
  unitPrice: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

export const ServiceOrderNoteRow = Type.Object({
  company: Text,
  serviceOrderNumber: Text,
  noteNumber: Type.Integer(),
  noteDate: IsoDate,
  noteType: Text,
  enteredBy: Text,
  noteText: Text,
  status: Text,
  customer: Text,
  customerName: OptText,
});

export const serviceOrderDetails = defineContract({
  method: 'POST',
  path: '/ServiceOrder/Details',
  service: 'analytics',
  access: 'session',
  summary:
    'Service order lines (labour and parts): of the open service orders by default, of those opened in a dateSlug, or every line of one serviceOrderNumber; searched, filtered, sorted, paged',
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug), serviceOrderNumber: Type.Optional(Id), ...CompanyField }),
  response: { 200: ListResult(ServiceOrderLineRow, ListPeriod), ...ErpErrors },
});

export const serviceOrderNotes = defineContract({
  method: 'POST',
  path: '/ServiceOrder/Notes',
  service: 'analytics',
  access: 'session',
  summary:
    "One service order's notes, oldest first (404 when the user sees no such order); without serviceOrderNumber, the notes of the user's service orders in a dateSlug (default last-30-days), newest first",
  body: Type.Object({ ...search, serviceOrderNumber: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(ServiceOrderNoteRow, ListPeriod), 404: ErrorBody, ...ErpErrors },
});

const HistoryTotals = Type.Object({ serviceOrderCount: Type.Integer(), sales: Money, cost: Money, grossProfit: Money, labourHours: Type.Number() });

export const serviceOrderHistory = defineContract({
  method: 'POST',
  path: '/ServiceOrder/History',
  service: 'analytics',
  access: 'session',
  summary:
    "Service orders, newest first: an account's history (customer, shipTo), every status unless openOnly; a dateSlug cuts them by opened date; with totals over every matching order",
  body: Type.Object({
    ...search,
    customer: Type.Optional(Id),
    shipTo: Type.Optional(Id),
    ...CompanyField,
    dateSlug: Type.Optional(DateSlug),
    /** Only the orders not invoiced yet (Open, InProgress, Complete). */
    openOnly: Type.Optional(Type.Boolean({ description: 'Only the orders not invoiced' })),
  }),
  response: { 200: ListResult(ServiceOrderRow, { ...ListPeriod, totals: HistoryTotals }), ...ErpErrors },
});

const ServiceAmounts = {
  serviceOrderCount: Type.Integer(),
  openCount: Type.Integer(),
  completedCount: Type.Integer(),
  sales: Money,
  labourAmount: Money,
  partsAmount: Money,
  cost: Money,
  grossProfit: Money,
  grossProfitPercent: Nullable(Type.Number()),
  labourHours: Type.Number(),
  lineCount: Type.Integer(),
  /** Mean days from opening to completion of the completed orders; null when none is. */
  averageDaysToComplete: Nullable(Type.Number()),
};
/** With compare: the like-with-like comparison period's figures beside the period's (else null). */
const ComparisonAmounts = {
  currentSales: Money,
  comparisonSales: Nullable(Money),
  change: Nullable(Money),
  changePercent: Nullable(Type.Number()),
  currentGrossProfit: Money,
  comparisonGrossProfit: Nullable(Money),
  comparisonServiceOrderCount: Nullable(Type.Integer()),
};

export const ServiceOrderGroupedResult = Type.Object({
  groupBy: Type.String(),
  dateSlug: Nullable(Type.String()),
  label: Type.String(),
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
  /** The period and (with compare) its comparison period; null for the open orders. */
  current: Nullable(Period),
  comparison: Nullable(Period),
  ...ErpPaging,
  totals: Type.Object({ ...ServiceAmounts, ...ComparisonAmounts }),
  rows: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), ...ServiceAmounts, ...ComparisonAmounts })),
});

export const serviceOrderGrouped = defineContract({
  method: 'POST',
  path: '/ServiceOrder/Grouped/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary:
    'Service orders per group (company, branch, salesRep, customer, shipTo, technician, status, serviceType, month, quarter, year): the open ones by default, those opened in a dateSlug; with compare, beside the comparison period',
  params: Type.Object({ groupBy: Choice(SERVICE_ORDER_GROUP_BYS, 'What to group the service orders by') }),
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug), compare: Type.Optional(Type.Boolean({ description: 'Beside the comparison period of the dateSlug (needs one)' })) }),
  response: { 200: ServiceOrderGroupedResult, ...ErpErrors },
});

export const serviceOrderSummary = defineContract({
  method: 'POST',
  path: '/ServiceOrder/Summary',
  service: 'analytics',
  access: 'session',
  summary: 'Service orders opened this month, last month, YTD, last year YTD and last year: billed (sales), cost, gross profit, labour and parts',
  body: Type.Optional(Type.Object({ filters: search.filters })),
  response: {
    200: Type.Object({
      periods: Type.Array(
        Type.Object({
          dateSlug: Type.String(),
          label: Type.String(),
          from: IsoDate,
          to: IsoDate,
          sales: Money,
          cost: Money,
          grossProfit: Money,
          grossProfitPercent: Nullable(Type.Number()),
          lineCount: Type.Integer(),
          /** Service orders opened. */
          documentCount: Type.Integer(),
          completedCount: Type.Integer(),
          labourAmount: Money,
          partsAmount: Money,
          labourHours: Type.Number(),
        }),
      ),
    }),
    ...ErpErrors,
  },
});

// ------------------------------------------------------------------------------ Shipment
export const ShipmentRow = Type.Object({
  company: Text,
  shipmentNumber: Text,
  orderNumber: Text,
  shipDate: IsoDate,
  carrier: Text,
  shipVia: Text,
  trackingNumber: OptText,
  status: Text,
  estimatedDeliveryDate: IsoDate,
  deliveredDate: Nullable(IsoDate),
  /** Calendar days from shipping to delivery; null until delivered. */
  transitDays: Nullable(Type.Integer()),
  /** Delivered by the estimated date; null until delivered. */
  onTime: Nullable(Type.Boolean()),
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  shipToName: OptText,
  salesRep: Text,
  branch: Text,
  location: Text,
  packageCount: Type.Integer(),
  weight: Type.Number(),
  freight: Money,
});

/** One group of shipments (Shipment/List with groupBy). */
export const ShipmentGroupRow = Type.Object({
  key: Text,
  name: Text,
  shipmentCount: Type.Integer(),
  packageCount: Type.Integer(),
  weight: Type.Number(),
  freight: Money,
  freightPerShipment: Nullable(Money),
  deliveredCount: Type.Integer(),
  onTimeCount: Type.Integer(),
  onTimePercent: Nullable(Type.Number()),
  averageTransitDays: Nullable(Type.Number()),
});

const optional = <P extends TProperties>(schema: TObject<P>) =>
  Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, Type.Optional(s)])) as { [K in keyof P]: TOptional<P[K]> };

const ShipmentTotals = Type.Object({
  shipmentCount: Type.Integer(),
  packageCount: Type.Integer(),
  weight: Type.Number(),
  freight: Money,
  deliveredCount: Type.Integer(),
  onTimeCount: Type.Integer(),
  onTimePercent: Nullable(Type.Number()),
});

export const shipmentList = defineContract({
  method: 'POST',
  path: '/Shipment/List',
  service: 'analytics',
  access: 'session',
  summary:
    "The user's shipments shipped in a dateSlug (default last-30-days; every date for one orderNumber), one row each (ShipmentRow) or, with groupBy (carrier, shipVia, status, company, branch, location, salesRep, customer, shipTo, month, week), one row per group (ShipmentGroupRow); with totals",
  body: Type.Object({
    ...search,
    dateSlug: Type.Optional(DateSlug),
    orderNumber: Type.Optional(Id),
    ...CompanyField,
    groupBy: Type.Optional(Choice(SHIPMENT_GROUP_BYS, 'What to group the shipments by (none: one row per shipment)')),
  }),
  response: {
    200: ListResult(Type.Object({ ...optional(ShipmentRow), ...optional(ShipmentGroupRow) }), { ...ListPeriod, groupBy: Nullable(Type.String()), totals: ShipmentTotals }),
    ...ErpErrors,
  },
});
