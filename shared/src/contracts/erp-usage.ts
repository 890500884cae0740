import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { Choice, DateSlug, USAGE_GROUP_BYS } from './choices.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Seed 001 §7.11 and §7.13 calls derived from the invoice lines: items a customer stopped buying
// and a supplier's items that stopped selling (Inventory/Inactive), item usage per customer and
// item over time (Usage: log, comparison, KPI), and inter-branch-transfer sales history (lines
// shipped from a location of another branch than the customer's home branch). Everything here
// carries sales, so it is per sales rep: a rep sees his accounts, a manager his team, an admin
// all (docs/decisions.md). Usage quantities are net of credits; Inactive counts purchases only.

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Int = Type.Integer();
const Text = Type.String();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OptText = Nullable(Type.String());
/** A number of days, up to ten years. */
const days = (description: string) => Type.Integer({ minimum: 1, maximum: 3650, description });
const search = AnalyticsSearchRequest.properties;
const session = { service: 'analytics', access: 'session' } as const;
const Period = Type.Object({ from: IsoDate, to: IsoDate });
const ListPeriod = { dateSlug: Nullable(Type.String()), from: Nullable(IsoDate), to: Nullable(IsoDate) };

/** The usage defaults: 90 days without a purchase within the last 730 (docs/decisions.md). */
export const DEFAULT_INACTIVE_DAYS = 90;
export const DEFAULT_LOOKBACK_DAYS = 730;

// ------------------------------------------------------------------------------ Inventory/Inactive
const InactiveBody = Type.Object({
  ...search,
  inactiveDays: Type.Optional(days('The recent window: no purchase in the last inactiveDays days (today included; default 90)')),
  lookbackDays: Type.Optional(days('How far back "bought before" looks: a purchase in the last lookbackDays days, before the window (default 730)')),
});
const InactiveWindow = {
  asOf: IsoDate,
  inactiveDays: Int,
  lookbackDays: Int,
  /** The first day of the recent window (no purchase from here through asOf). */
  windowFrom: IsoDate,
  /** The first day of the look-back period. */
  lookbackFrom: IsoDate,
};
const ItemFields = { itemNumber: Text, itemDescription: OptText, productGroup: Text };

export const InactiveCustomerItemRow = Type.Object({
  company: Text,
  customer: Text,
  customerName: OptText,
  ...ItemFields,
  lastPurchaseDate: IsoDate,
  daysSinceLastPurchase: Int,
  invoiceCount: Int,
  qty: Int,
  sales: Money,
});

export const InactiveSupplierItemRow = Type.Object({
  company: Text,
  supplier: Text,
  supplierName: OptText,
  ...ItemFields,
  lastSoldDate: IsoDate,
  daysSinceLastSold: Int,
  customerCount: Int,
  qty: Int,
  sales: Money,
  /** Stock on hand over every location (company-wide). */
  qtyOnHand: Int,
});

export const inventoryInactiveCustomer = defineContract({
  method: 'POST',
  path: '/Inventory/Inactive/Customer',
  ...session,
  summary: 'Items each customer bought in the look-back period but not in the last inactiveDays days (default 90 of 730); filter customer for one account',
  body: InactiveBody,
  response: { 200: ListResult(InactiveCustomerItemRow, InactiveWindow), ...ErpErrors },
});

export const inventoryInactiveSupplier = defineContract({
  method: 'POST',
  path: '/Inventory/Inactive/Supplier',
  ...session,
  summary: "Suppliers' items sold in the look-back period but not in the last inactiveDays days (default 90 of 730); filter supplier for one supplier",
  body: InactiveBody,
  response: { 200: ListResult(InactiveSupplierItemRow, InactiveWindow), ...ErpErrors },
});

// ------------------------------------------------------------------------------ Usage
export const UsageLogRow = Type.Object({
  company: Text,
  customer: Text,
  customerName: OptText,
  ...ItemFields,
  /** The month, yyyy-mm. */
  month: Text,
  qty: Int,
  sales: Money,
  lineCount: Int,
  invoiceCount: Int,
  lastInvoiceDate: IsoDate,
});

export const usageLog = defineContract({
  method: 'POST',
  path: '/Usage/Log',
  ...session,
  summary: 'Item usage per customer, item and month in a date choice (dateSlug, default rolling-12-months): net quantity and sales from the invoice lines',
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(UsageLogRow, ListPeriod), ...ErpErrors },
});

const UsageAmounts = {
  currentQty: Int,
  comparisonQty: Int,
  qtyChange: Int,
  qtyChangePercent: Nullable(Type.Number()),
  currentSales: Money,
  comparisonSales: Money,
  /** Sales this period less the comparison period, and as a percentage of it. */
  change: Money,
  changePercent: Nullable(Type.Number()),
};

export const usageComparison = defineContract({
  method: 'POST',
  path: '/Usage/Comparison',
  ...session,
  summary: 'Item usage per group (groupBy, default itemNumber) in a date choice (default year-to-date) beside the same period last year',
  body: Type.Object({ ...search, groupBy: Type.Optional(Choice(USAGE_GROUP_BYS, 'What to group the usage by (default itemNumber)')), dateSlug: Type.Optional(DateSlug) }),
  response: {
    200: Type.Object({
      groupBy: Text,
      dateSlug: Text,
      label: Text,
      current: Period,
      comparison: Period,
      pageNumber: Int,
      pageSize: Int,
      totalCount: Int,
      totals: Type.Object(UsageAmounts),
      rows: Type.Array(Type.Object({ key: Text, name: Text, ...UsageAmounts })),
    }),
    ...ErpErrors,
  },
});

const UsagePeriod = Type.Object({ from: IsoDate, to: IsoDate, qty: Int, sales: Money, lineCount: Int, customerCount: Int, itemCount: Int });

export const usageKpi = defineContract({
  method: 'POST',
  path: '/Usage/KPI',
  ...session,
  summary: 'Item usage (net quantity, sales, customers, items) in a date choice beside its like-with-like comparison period',
  body: Type.Object({ dateSlug: DateSlug, filters: search.filters }),
  response: {
    200: Type.Object({
      dateSlug: Text,
      label: Text,
      current: UsagePeriod,
      comparison: Nullable(UsagePeriod),
      change: Nullable(Money),
      changePercent: Nullable(Type.Number()),
      qtyChange: Nullable(Int),
      qtyChangePercent: Nullable(Type.Number()),
    }),
    ...ErpErrors,
  },
});

// ------------------------------------------------------------------------------ IBTSalesHistory
export const IbtSalesRow = Type.Object({
  company: Text,
  invoiceNumber: Text,
  invoiceLineNumber: Int,
  invoiceDate: IsoDate,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  /** The customer's home branch. */
  homeBranch: Text,
  /** The branch the line was sold by. */
  branch: Text,
  /** The location the invoice shipped from, and that location's branch. */
  location: Text,
  shipBranch: Text,
  ...ItemFields,
  qty: Int,
  unitPrice: Money,
  sales: Money,
  cost: Money,
  grossProfit: Money,
});

export const ibtSalesHistoryList = defineContract({
  method: 'POST',
  path: '/IBTSalesHistory/List',
  ...session,
  summary: "Inter-branch-transfer sales: invoice lines shipped from a location of another branch than the customer's home branch, in a date choice (default last-90-days)",
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug) }),
  response: {
    200: ListResult(IbtSalesRow, { ...ListPeriod, totals: Type.Object({ sales: Money, cost: Money, grossProfit: Money }) }),
    ...ErpErrors,
  },
});
