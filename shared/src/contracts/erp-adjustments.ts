import { Type } from 'typebox';
import { ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { ADJUSTMENT_GROUP_BYS, Choice, DateSlug, RMA_GROUP_BYS } from './choices.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { CompanyField, Id, Int, IsoDate, ListPeriod, Money, Nullable, OptText, search, session, Text } from './erp-fields.ts';

// Seed 001 §7.13 Inventory/Adjustment and Inventory/RMA calls (the catalogue's explicit POSTs),
// lists with the search request like the other inventory lists. Both are /Inventory calls behind
// InventoryAccessRight. Adjustments are stock corrections, company-wide like the stock itself;
// RMAs are customer returns, scoped to the user's accounts like the Order calls. Adjustment
// quantities and values are signed (negative takes stock out); money is in dollars.

// ------------------------------------------------------------------------------ adjustments
export const ADJUSTMENT_REASONS = ['Cycle Count', 'Damaged', 'Shrinkage', 'Found Stock', 'Obsolete Write-Off', 'Receiving Correction'] as const;

export const InventoryAdjustmentRow = Type.Object({
  company: Text,
  adjustmentNumber: Text,
  adjustmentDate: IsoDate,
  branch: Text,
  branchName: OptText,
  location: Text,
  reason: Text,
  enteredBy: Text,
  lineCount: Int,
  totalQty: Int,
  totalValue: Money,
});

/** One group of adjustments (Inventory/Adjustment with groupBy). */
export const InventoryAdjustmentGroupRow = Type.Object({
  key: Text,
  name: Text,
  adjustmentCount: Int,
  lineCount: Int,
  totalQty: Int,
  totalValue: Money,
  /** The adjustments that added value, and those that took it out (negative). */
  increaseValue: Money,
  decreaseValue: Money,
});

const AdjustmentTotals = Type.Object({ adjustmentCount: Int, lineCount: Int, totalQty: Int, totalValue: Money, increaseValue: Money, decreaseValue: Money });

export const inventoryAdjustment = defineContract({
  method: 'POST',
  path: '/Inventory/Adjustment',
  ...session,
  summary:
    'Inventory adjustments dated in a dateSlug (default last-90-days), one row each (InventoryAdjustmentRow) or, with groupBy (reason, branch, location, company, enteredBy, month), one row per group (InventoryAdjustmentGroupRow); with totals; InventoryAccessRight',
  body: Type.Object({ ...search, dateSlug: Type.Optional(DateSlug), groupBy: Type.Optional(Choice(ADJUSTMENT_GROUP_BYS, 'What to group the adjustments by (none: one row per adjustment)')) }),
  response: {
    200: ListResult(Type.Partial(Type.Object({ ...InventoryAdjustmentRow.properties, ...InventoryAdjustmentGroupRow.properties })), {
      ...ListPeriod,
      groupBy: Nullable(Type.String()),
      totals: AdjustmentTotals,
    }),
    ...ErpErrors,
  },
});

export const InventoryAdjustmentLineRow = Type.Object({
  company: Text,
  adjustmentNumber: Text,
  lineNumber: Int,
  adjustmentDate: IsoDate,
  branch: Text,
  location: Text,
  reason: Text,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: Text,
  qty: Int,
  unitCost: Money,
  value: Money,
});

export const inventoryAdjustmentDetail = defineContract({
  method: 'POST',
  path: '/Inventory/Adjustment/Detail',
  ...session,
  summary:
    'Inventory adjustment lines: of one adjustmentNumber (404 when there is none), or dated in a dateSlug (default last-90-days), newest first; with totals; InventoryAccessRight',
  body: Type.Object({ ...search, adjustmentNumber: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: {
    200: ListResult(InventoryAdjustmentLineRow, { ...ListPeriod, totals: Type.Object({ lineCount: Int, qty: Int, value: Money }) }),
    404: ErrorBody,
    ...ErpErrors,
  },
});

// ------------------------------------------------------------------------------ RMAs
export const RMA_STATUSES = ['Open', 'Received', 'Credited', 'Rejected'] as const;

export const RmaRow = Type.Object({
  company: Text,
  rmaNumber: Text,
  rmaDate: IsoDate,
  customer: Text,
  customerName: OptText,
  shipTo: Text,
  salesRep: Text,
  branch: Text,
  location: Text,
  status: Text,
  reason: Text,
  receivedDate: Nullable(IsoDate),
  creditInvoiceNumber: OptText,
  lineCount: Int,
  /** What the customer is (or will be) credited. */
  totalAmount: Money,
  /** Days from authorization to receipt, or to today while awaited (null when rejected). */
  daysOpen: Nullable(Int),
});

/** One group of RMAs (Inventory/RMA with groupBy). */
export const RmaGroupRow = Type.Object({
  key: Text,
  name: Text,
  rmaCount: Int,
  openCount: Int,
  lineCount: Int,
  totalAmount: Money,
  creditedAmount: Money,
});

const RmaTotals = Type.Object({ rmaCount: Int, openCount: Int, lineCount: Int, totalAmount: Money, creditedAmount: Money });

export const inventoryRma = defineContract({
  method: 'POST',
  path: '/Inventory/RMA',
  ...session,
  summary:
    "The user's customers' RMAs authorized in a dateSlug (default last-90-days; every date for one customer), one row each (RmaRow) or, with groupBy (status, reason, customer, salesRep, branch, company, month), one row per group (RmaGroupRow); openOnly keeps those not credited or rejected; with totals; InventoryAccessRight",
  body: Type.Object({
    ...search,
    dateSlug: Type.Optional(DateSlug),
    customer: Type.Optional(Id),
    shipTo: Type.Optional(Id),
    ...CompanyField,
    openOnly: Type.Optional(Type.Boolean({ description: 'Only the RMAs not credited or rejected' })),
    groupBy: Type.Optional(Choice(RMA_GROUP_BYS, 'What to group the RMAs by (none: one row per RMA)')),
  }),
  response: {
    200: ListResult(Type.Partial(Type.Object({ ...RmaRow.properties, ...RmaGroupRow.properties })), { ...ListPeriod, groupBy: Nullable(Type.String()), totals: RmaTotals }),
    ...ErpErrors,
  },
});

export const RmaLineRow = Type.Object({
  company: Text,
  rmaNumber: Text,
  lineNumber: Int,
  rmaDate: IsoDate,
  customer: Text,
  customerName: OptText,
  salesRep: Text,
  status: Text,
  /** The invoice the goods were bought on, when known. */
  invoiceNumber: OptText,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: Text,
  qty: Int,
  unitPrice: Money,
  amount: Money,
  disposition: Text,
});

export const inventoryRmaDetail = defineContract({
  method: 'POST',
  path: '/Inventory/RMA/Detail',
  ...session,
  summary:
    "RMA lines: of one rmaNumber (404 when the user sees no such RMA), or of the user's RMAs authorized in a dateSlug (default last-90-days), newest first; InventoryAccessRight",
  body: Type.Object({ ...search, rmaNumber: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(RmaLineRow, ListPeriod), 404: ErrorBody, ...ErpErrors },
});
