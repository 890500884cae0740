import { Type, type TSchema } from 'typebox';
import { ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { ContractListItem } from './erp-account-terms.ts';
import { CompanyField, Int, IsoDate, Money, Nullable, OptText, search, session, Text } from './erp-fields.ts';
import { InventoryDetailRow } from './erp-inventory.ts';

// Seed 001 §7.13 the item page's calls (seed 000 details/item?itemNumber=): GET Inventory/
// MasterSummary, Master, Uoms and Details on one item of the item master (erp.item), company-wide
// behind InventoryAccessRight like the stock (403 without); without a company, the first company
// (in code order) that keeps the item. And Contract/Details/{jobPriceHeaderUid} (seed 000
// details/contract/{jobNumber}): a job pricing contract's header and items, in the caller's rep
// scope (another rep's contract answers 404 like one that does not exist). The mirror's job
// price header uid is the contract's job number.

const NotFound = { 404: ErrorBody, ...ErpErrors };
const ItemQuery = Type.Object({ itemNumber: Type.String({ minLength: 1, maxLength: 60 }), ...CompanyField });
const ItemKey = { company: Text, itemNumber: Text };
/** An item's key and names (list price: MasterPrice1). */
const ItemNames = {
  ...ItemKey,
  description: Text,
  productGroup: Text,
  productGroupName: OptText,
  supplier: Text,
  supplierName: OptText,
  unitOfMeasure: Text,
  listPrice: Money,
};

/** The item master row. */
export const ItemMaster = Type.Object({
  ...ItemNames,
  supplierPartNumber: OptText,
  /** The base unit's UPC. */
  upc: OptText,
  shortCode: OptText,
  extendedDescription: OptText,
  unitCost: Money,
  stockable: Type.Boolean(),
  /** It has a bill of material. */
  isKit: Type.Boolean(),
  createdDate: Nullable(IsoDate),
  /** Every company that keeps an item of this number, this one included. */
  companies: Type.Array(Text),
});

/** The item page's header: its names and its stock over every location. */
export const ItemMasterSummary = Type.Object({
  ...ItemNames,
  qtyOnHand: Int,
  qtyAvailable: Int,
  qtyCommitted: Int,
  qtyOnOrder: Int,
  value: Money,
  locationCount: Int,
  lastSoldDate: Nullable(IsoDate),
  lastReceivedDate: Nullable(IsoDate),
});

export const ItemUom = Type.Object({
  uom: Text,
  /** Base units in one. */
  conversionFactor: Int,
  upc: OptText,
  isBase: Type.Boolean(),
  sellable: Type.Boolean(),
  purchasable: Type.Boolean(),
  /** The list price of one of this unit (list price × factor). */
  listPrice: Money,
});

/** A GET on one item (query itemNumber, company): `response` for it, 404 when there is none. */
const itemCall = <P extends string, R extends TSchema>(path: P, summary: string, response: R) =>
  defineContract({ method: 'GET', path, ...session, summary, querystring: ItemQuery, response: { 200: response, ...NotFound } });

export const inventoryMasterSummary = itemCall('/Inventory/MasterSummary', "One item's names and its stock summed over every location; 404 when there is none", ItemMasterSummary);
export const inventoryMaster = itemCall('/Inventory/Master', "One item's master fields (cost, list price MasterPrice1, UPC, kit); 404 when there is none", ItemMaster);
export const inventoryUoms = itemCall('/Inventory/Uoms', "One item's units of measure, the base unit first, then by size", Type.Object({ ...ItemKey, rows: Type.Array(ItemUom) }));
export const inventoryItemDetails = itemCall(
  '/Inventory/Details',
  "One item's stock at each location (value, days since last sold, dead stock), by location",
  Type.Object({ ...ItemKey, rows: Type.Array(InventoryDetailRow) }),
);

/** A contract's item at its contract price (per uom) beside the list price; cost basis ContractCostBasis (commission cost). */
export const ContractLineRow = Type.Object({
  lineNumber: Int,
  itemNumber: Text,
  description: OptText,
  productGroup: OptText,
  uom: Text,
  contractPrice: Money,
  listPrice: Nullable(Money),
  /** Off list, in percent. */
  discountPercent: Nullable(Type.Number()),
  commissionCost: Money,
  /** (contract price − commission cost) / contract price, in percent. */
  grossProfitPercent: Nullable(Type.Number()),
  minQty: Int,
});

export const ContractHeader = Type.Object({
  ...ContractListItem.properties,
  shipToName: OptText,
  corporateName: OptText,
  salesRepName: OptText,
});

export const contractDetails = defineContract({
  method: 'POST',
  path: '/Contract/Details/{jobPriceHeaderUid}',
  ...session,
  summary: "A job pricing contract's header and its items (searched, sorted, paged); 404 outside the caller's scope",
  params: Type.Object({ jobPriceHeaderUid: Type.String({ minLength: 1, maxLength: 40, description: "The job price header's uid: the contract's job number" }) }),
  body: Type.Object({ ...search, ...CompanyField }),
  response: { 200: ListResult(ContractLineRow, { header: ContractHeader }), ...NotFound },
});
