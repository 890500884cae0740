import { Type } from 'typebox';
import { ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { CompanyField, Int, IsoDate, IsoDateInput, Money, Nullable, OptText, search, session, Text } from './erp-fields.ts';
import { ItemNameFields, SummaryQueryFields } from './erp-inventory.ts';

// Issue 24, the item searches and the pricing and purchasing calls beside them (seed 001 §7.13):
// Inventory/CustomerPartSummary, AlternateSummary, SubstituteSummary, Search, DistraNet and
// ItemFrequentRecent; Pricing/GetCustomerPricing; Warehouse/Products/Search;
// PurchaseOrder/OnTimePrediction. Items and stock are company-wide behind InventoryAccessRight;
// a customer's part numbers, purchases and prices are read in his sales rep's scope (another
// rep's customer answers 404 like one that does not exist); purchasing is company-wide behind
// PurchaseAccessRight. List price: MasterPrice1 (erp.item.list_price); pricing cost basis:
// StandardCost (erp.item.unit_cost).

const NotFound = { 404: ErrorBody, ...ErpErrors };
const CustomerCode = Type.String({ minLength: 1, maxLength: 40, description: 'The customer code' });
const ItemNumber = Type.String({ minLength: 1, maxLength: 60, description: 'The item number' });

/** An item's names and its stock summed over every location. */
const ItemStock = {
  ...ItemNameFields,
  qtyOnHand: Int,
  qtyAvailable: Int,
  qtyOnOrder: Int,
  listPrice: Money,
};

export const CustomerPartRow = Type.Object({
  customer: Text,
  customerName: OptText,
  salesRep: Text,
  customerPartNumber: Text,
  customerPartDescription: OptText,
  ...ItemStock,
});
export const inventoryCustomerPartSummary = defineContract({
  method: 'POST',
  path: '/Inventory/CustomerPartSummary',
  ...session,
  summary: "Customers' part numbers with the item's stock (inStockOnly, stockable, onPO, inventorySearchField); the caller's customers only, or one of them (404 outside his scope)",
  querystring: Type.Object({ ...SummaryQueryFields, customer: Type.Optional(CustomerCode), ...CompanyField }),
  body: Type.Object(search),
  response: { 200: ListResult(CustomerPartRow), ...NotFound },
});

export const AlternateRow = Type.Object({ alternateCode: Text, codeType: Text, ...ItemStock });
export const inventoryAlternateSummary = defineContract({
  method: 'POST',
  path: '/Inventory/AlternateSummary',
  ...session,
  summary: "Items' alternate codes (manufacturer's, legacy, competitor's) with the item's stock (inStockOnly, stockable, onPO, inventorySearchField)",
  querystring: Type.Object({ ...SummaryQueryFields, itemNumber: Type.Optional(ItemNumber), ...CompanyField }),
  body: Type.Object(search),
  response: { 200: ListResult(AlternateRow), ...NotFound },
});

export const SubstituteRow = Type.Object({
  ...ItemStock,
  substituteItemNumber: Text,
  substituteDescription: Text,
  interchangeable: Type.Boolean(),
  reason: OptText,
  substituteQtyOnHand: Int,
  substituteQtyAvailable: Int,
  substituteListPrice: Money,
});
export const inventorySubstituteSummary = defineContract({
  method: 'POST',
  path: '/Inventory/SubstituteSummary',
  ...session,
  summary: "Items with the items that may be sold in their place; inStockOnly, stockable and onPO hold for the substitute (the one to sell), inventorySearchField for the item",
  querystring: Type.Object({ ...SummaryQueryFields, itemNumber: Type.Optional(ItemNumber), ...CompanyField }),
  body: Type.Object(search),
  response: { 200: ListResult(SubstituteRow), ...NotFound },
});

export const InventorySearchRow = Type.Object({
  ...ItemStock,
  extendedDescription: OptText,
  shortCode: OptText,
  /** The base unit's UPC. */
  upc: OptText,
  supplierPartNumber: OptText,
  unitOfMeasure: Text,
  stockable: Type.Boolean(),
});
export const inventorySearch = defineContract({
  method: 'POST',
  path: '/Inventory/Search',
  ...session,
  summary: 'The item master searched in any of the 13 item search fields (inventorySearchField, searchOperator), with each item\'s stock; inStockOnly, stockable and onPO as the summaries',
  querystring: Type.Object(SummaryQueryFields),
  body: Type.Object(search),
  response: { 200: ListResult(InventorySearchRow), ...ErpErrors },
});

export const DistraNetRow = Type.Object({
  company: Text,
  companyName: OptText,
  location: Text,
  locationName: OptText,
  branch: OptText,
  city: OptText,
  state: OptText,
  itemNumber: Text,
  description: Text,
  qtyOnHand: Int,
  qtyAvailable: Int,
  qtyOnOrder: Int,
  lastReceivedDate: Nullable(IsoDate),
});
export const inventoryDistraNet = defineContract({
  method: 'POST',
  path: '/Inventory/DistraNet',
  ...session,
  summary: "Where in the distribution network (every company's locations) an item is available, most available first; onlyAvailable (default true) keeps the locations that can ship it",
  querystring: Type.Object({
    itemNumber: Type.Optional(ItemNumber),
    onlyAvailable: Type.Optional(Type.Boolean({ default: true, description: 'Only locations with stock available (default true)' })),
    inventorySearchField: SummaryQueryFields.inventorySearchField,
  }),
  body: Type.Object(search),
  response: { 200: ListResult(DistraNetRow), ...NotFound },
});

export const FrequentRecentRow = Type.Object({
  itemNumber: Text,
  description: OptText,
  productGroup: Text,
  /** Invoices (not credits) the item was on in the period. */
  timesPurchased: Int,
  qtyPurchased: Int,
  sales: Money,
  firstPurchaseDate: IsoDate,
  lastPurchaseDate: IsoDate,
  lastPrice: Money,
  listPrice: Nullable(Money),
  qtyAvailable: Int,
});
export const inventoryItemFrequentRecent = defineContract({
  method: 'POST',
  path: '/Inventory/ItemFrequentRecent',
  ...session,
  summary: "The items a customer buys, most often first (then most recently), over the last `months` months (default 12); 404 outside the caller's scope",
  querystring: Type.Object({
    customer: CustomerCode,
    ...CompanyField,
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 12, description: 'Months back from today (default 12)' })),
  }),
  body: Type.Object(search),
  response: { 200: ListResult(FrequentRecentRow, { company: Text, customer: Text, customerName: Text, from: IsoDate, to: IsoDate }), ...NotFound },
});

export const CustomerPrice = Type.Object({
  itemNumber: Text,
  description: Text,
  unitOfMeasure: Text,
  qty: Int,
  /** MasterPrice1. */
  listPrice: Money,
  /** The price the customer pays for `qty`: the lowest of his contract price and his price library's. */
  price: Money,
  priceSource: Type.Union([Type.Literal('Contract'), Type.Literal('PriceLibrary'), Type.Literal('List')]),
  jobNumber: OptText,
  priceLibrary: OptText,
  discountPercent: Nullable(Type.Number()),
  /** PricingCostBasis StandardCost. */
  cost: Money,
  grossProfitPercent: Nullable(Type.Number()),
  lastPrice: Nullable(Money),
  lastInvoiceDate: Nullable(IsoDate),
});
export const pricingGetCustomerPricing = defineContract({
  method: 'POST',
  path: '/Pricing/GetCustomerPricing',
  ...session,
  summary: "A customer's prices for items: contract (job price lines), price library or list (MasterPrice1), cost at StandardCost; 404 for a customer outside the caller's scope or an unknown item",
  body: Type.Object({
    customer: CustomerCode,
    ...CompanyField,
    shipTo: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "The ship-to, for its own contracts" })),
    itemNumbers: Type.Array(ItemNumber, { minItems: 1, maxItems: 100, description: 'The items to price (1 to 100)' }),
    qty: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'The quantity priced (contract lines need their least quantity; default 1)' })),
  }),
  response: { 200: Type.Object({ company: Text, customer: Text, customerName: Text, asOf: IsoDate, rows: Type.Array(CustomerPrice) }), ...NotFound },
});

export const WarehouseProductRow = Type.Object({
  company: Text,
  location: Text,
  locationName: OptText,
  itemNumber: Text,
  description: Text,
  shortCode: OptText,
  upc: OptText,
  unitOfMeasure: Text,
  productGroup: Text,
  qtyOnHand: Int,
  qtyAvailable: Int,
  qtyOnOrder: Int,
  reorderPoint: Nullable(Int),
  listPrice: Money,
});
export const warehouseProductsSearch = defineContract({
  method: 'POST',
  path: '/Warehouse/Products/Search',
  ...session,
  summary: "The products a warehouse (location) keeps, searched in any of the 13 item search fields; every warehouse without one; 404 for an unknown location",
  querystring: Type.Object({
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'The warehouse (location code)' })),
    ...CompanyField,
    inStockOnly: SummaryQueryFields.inStockOnly,
    inventorySearchField: SummaryQueryFields.inventorySearchField,
  }),
  body: Type.Object(search),
  response: { 200: ListResult(WarehouseProductRow), ...NotFound },
});

const Percent = Nullable(Type.Number());
export const LeadTimeBucket = Type.Object({ label: Text, fromDays: Nullable(Int), toDays: Nullable(Int), lineCount: Int, percent: Type.Number() });
export const purchaseOrderOnTimePrediction = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/OnTimePrediction',
  ...session,
  summary: "Whether a purchase order from a supplier (for a product group) will arrive by its due date, predicted from the supplier's received lines (docs/decisions.md); 404 for an unknown supplier",
  body: Type.Object({
    supplier: Type.String({ minLength: 1, maxLength: 40, description: 'The supplier code' }),
    ...CompanyField,
    productGroup: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'The product group ordered (its own history, shrunk toward the supplier\'s)' })),
    itemNumber: Type.Optional(ItemNumber),
    orderDate: Type.Optional(IsoDateInput),
    dueDate: Type.Optional(IsoDateInput),
  }),
  response: {
    200: Type.Object({
      company: Text,
      supplier: Text,
      supplierName: Text,
      productGroup: OptText,
      /** Supplier: the supplier's lines alone; SupplierProductGroup: the group's, shrunk toward the supplier's. */
      basis: Type.Union([Type.Literal('Supplier'), Type.Literal('SupplierProductGroup'), Type.Literal('NoHistory')]),
      historyFrom: Nullable(IsoDate),
      historyTo: Nullable(IsoDate),
      /** Received lines the prediction is drawn from (the group's, when its basis is the group). */
      sampleSize: Int,
      supplierSampleSize: Int,
      /** Share of the history received on or before its due date, in percent. */
      onTimeRate: Percent,
      quotedLeadDays: Nullable(Int),
      leadDaysP10: Nullable(Int),
      leadDaysMedian: Nullable(Int),
      leadDaysP90: Nullable(Int),
      meanDaysLate: Nullable(Type.Number()),
      orderDate: IsoDate,
      dueDate: IsoDate,
      /** The order date + the median lead time. */
      predictedReceiptDate: Nullable(IsoDate),
      /** Chance, in percent, that this order arrives on or before its due date. */
      onTimeProbability: Percent,
      /** Days received after the due date (negative: early), in buckets. */
      lateness: Type.Array(LeadTimeBucket),
    }),
    ...NotFound,
  },
});
