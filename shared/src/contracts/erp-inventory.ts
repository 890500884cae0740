import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { Int4 } from './common.ts';
import { Choice, INVENTORY_GROUP_BYS } from './choices.ts';
import { defineContract } from './contract.ts';
import { AgingBucket, ErpErrors, ErpPaging, } from './erp-accounting.ts';

// Seed 001 §7.13 Inventory calls on erp.inventory (item × location) and erp.item. Stock is
// company-wide, read by users whose InventoryAccessRight is on. Value = on hand × unit cost.
// Dead stock: on hand, not sold for InventoryDeadStockDays (180) and not received within the
// call's excludeFromDeadStockDays; value analysis ages stock by days since last sold
// (InventoryDaysSinceLastSold1–4: 90/180/270/365).

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Int = Type.Integer();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const session = { service: 'analytics', access: 'session' } as const;
const InventoryGroupBy = Choice(INVENTORY_GROUP_BYS, 'What to group the stock by');

/** Seed 000 §9 item search fields (all 13): where an item search's searchString looks. */
export const INVENTORY_SEARCH_FIELDS = [
  'Item Number + Description',
  'Item Number',
  'Item Description',
  'Extended Description',
  'Customer Part Number',
  'Supplier Name',
  'Supplier Part Number',
  'Product Group Number',
  'Substitute Code',
  'Substitute Description',
  'Alternate Code',
  'Short Code',
  'UPC Code',
] as const;
export type InventorySearchField = (typeof INVENTORY_SEARCH_FIELDS)[number];

/** Seed 001 query of the four summaries (and the item searches): inStockOnly true, stockable false, onPO false by default. */
export const SummaryQueryFields = {
  inStockOnly: Type.Optional(Type.Boolean({ default: true, description: 'Only items with stock on hand (default true)' })),
  stockable: Type.Optional(Type.Boolean({ default: false, description: 'Only stockable items (default false: every item)' })),
  onPO: Type.Optional(Type.Boolean({ default: false, description: 'Only items on order from a supplier (default false: every item)' })),
  inventorySearchField: Type.Optional(Choice(INVENTORY_SEARCH_FIELDS, 'Where searchString looks (seed 000 §9 item search fields; default Item Number + Description)')),
};
const SummaryQuery = Type.Object(SummaryQueryFields);

/** An item's names, first on every stock and item-search row. */
export const ItemNameFields = {
  company: Text,
  itemNumber: Text,
  description: Text,
  productGroup: Text,
  supplier: Text,
  supplierName: OptText,
};
const ItemFields = {
  ...ItemNameFields,
  supplierPartNumber: OptText,
  stockable: Type.Boolean(),
};
const Quantities = { qtyOnHand: Int, qtyAvailable: Int, qtyCommitted: Int, qtyOnOrder: Int, value: Money };

export const InventorySummaryRow = Type.Object({ ...ItemFields, ...Quantities, locationCount: Int });
export const InventoryDetailRow = Type.Object({
  ...ItemFields,
  location: Text,
  ...Quantities,
  reorderPoint: Nullable(Int),
  unitCost: Money,
  lastSoldDate: Nullable(IsoDate),
  lastReceivedDate: Nullable(IsoDate),
  daysSinceLastSold: Nullable(Int),
  isDeadStock: Type.Boolean(),
});

export const inventorySummary = defineContract({
  method: 'POST',
  path: '/Inventory/Summary',
  ...session,
  summary: 'Items with their stock over every location (inStockOnly, stockable, onPO; searchString in inventorySearchField)',
  querystring: SummaryQuery,
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(InventorySummaryRow), ...ErpErrors },
});

export const inventoryDetails = defineContract({
  method: 'POST',
  path: '/Inventory/Details',
  ...session,
  summary: 'Stock by item and location with value, days since last sold and dead-stock flag',
  querystring: SummaryQuery,
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(InventoryDetailRow), ...ErpErrors },
});

export const inventoryValueDetail = defineContract({
  method: 'POST',
  path: '/Inventory/Value/Detail',
  ...session,
  summary: 'Stock on hand by item and location, highest value first (dead stock per the DefaultExcludeFromDeadStockDaysOption)',
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(InventoryDetailRow), ...ErpErrors },
});

export const inventoryValueAnalysisDetail = defineContract({
  method: 'POST',
  path: '/Inventory/ValueAnalysis/Detail',
  ...session,
  summary: 'Stock on hand whose days since last sold fall in daysMin..daysMax (never sold counts as older than any)',
  querystring: Type.Object({ daysMin: Type.Optional(Int4({ minimum: 0 })), daysMax: Type.Optional(Int4({ minimum: 0 })) }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(InventoryDetailRow), ...ErpErrors },
});

const ValueAmounts = { value: Money, deadStockValue: Money, qtyOnHand: Int, itemCount: Int, deadStockItemCount: Int, deadStockPercent: Nullable(Type.Number()) };
export const inventoryValueGrouped = defineContract({
  method: 'POST',
  path: '/Inventory/Value/Grouped/{groupBy}/{excludeFromDeadStockDays}',
  ...session,
  summary: 'Stock value and dead-stock value per group (company, location, productGroup, supplier, itemNumber)',
  params: Type.Object({ groupBy: InventoryGroupBy, excludeFromDeadStockDays: Type.Integer({ minimum: 0, maximum: 3650 }) }),
  body: AnalyticsSearchRequest,
  response: {
    200: Type.Object({
      groupBy: Text,
      asOf: IsoDate,
      deadStockDays: Int,
      excludeFromDeadStockDays: Int,
      ...ErpPaging,
      totals: Type.Object(ValueAmounts),
      rows: Type.Array(Type.Object({ key: Text, name: Text, ...ValueAmounts })),
    }),
    ...ErpErrors,
  },
});

const AnalysisAmounts = { value: Money, neverSoldValue: Money, itemCount: Int, buckets: Type.Array(Money) };
export const inventoryValueAnalysisGrouped = defineContract({
  method: 'POST',
  path: '/Inventory/ValueAnalysis/Grouped/{groupBy}',
  ...session,
  summary: 'Stock value per group by days since last sold (InventoryDaysSinceLastSold periods), never sold apart',
  params: Type.Object({ groupBy: InventoryGroupBy }),
  body: AnalyticsSearchRequest,
  response: {
    200: Type.Object({
      groupBy: Text,
      asOf: IsoDate,
      agingBuckets: Type.Array(AgingBucket),
      ...ErpPaging,
      totals: Type.Object(AnalysisAmounts),
      rows: Type.Array(Type.Object({ key: Text, name: Text, ...AnalysisAmounts })),
    }),
    ...ErpErrors,
  },
});

export const inventoryReorder = defineContract({
  method: 'POST',
  path: '/Inventory/Reorder/{percentageReorder}',
  ...session,
  summary: 'Stocked items whose available quantity is at or below percentageReorder % of their reorder point, with a suggested quantity',
  params: Type.Object({ percentageReorder: Type.Integer({ minimum: 1, maximum: 1000 }) }),
  body: AnalyticsSearchRequest,
  response: {
    200: ListResult(
      Type.Object({
        company: Text,
        itemNumber: Text,
        description: Text,
        location: Text,
        supplier: Text,
        qtyAvailable: Int,
        qtyOnOrder: Int,
        reorderPoint: Int,
        reorderAt: Int,
        suggestedQty: Int,
        unitCost: Money,
      }),
    ),
    ...ErpErrors,
  },
});
