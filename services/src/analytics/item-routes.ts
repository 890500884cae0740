/**
 * The item page's calls (seed 000 details/item): one item of the item master with its stock
 * summed (MasterSummary), its master fields (Master), its units of measure (Uoms) and its stock
 * at each location (GET Details). Items and stock belong to no sales rep: company-wide behind
 * InventoryAccessRight, like the other Inventory calls (inventory-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { inventoryItemDetails, inventoryMaster, inventoryMasterSummary, inventoryUoms, type ItemMaster, type ItemMasterSummary, type ItemUom } from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';
import { listPage, one } from './account-detail-routes.ts';
import { answerer, type AnswerRequest, type ErpCall } from './erp-common.ts';
import { detailModel, stockCall, stockRows } from './inventory-routes.ts';

type ItemKey = { company: string; itemNumber: string };
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The item of that number in `company`, or in the first company (by code) that keeps one: 404 when there is none. */
export function findItem(call: ErpCall, itemNumber: string, company: string | undefined): Promise<ItemKey> {
  return one<ItemKey>(
    call,
    `SELECT company, item_number AS "itemNumber" FROM erp.item WHERE item_number = $1 AND ($2::text IS NULL OR company = $2) ORDER BY company LIMIT 1`,
    [itemNumber, company ?? null],
    `Item ${itemNumber}${company ? ` of company ${company}` : ''} was not found`,
  );
}

/** The item's names: product group and supplier (aliases i, g, s). */
const NAMES = `erp.item i
  LEFT JOIN erp.product_group g ON g.company = i.company AND g.product_group = i.product_group
  LEFT JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier`;
const NAME_COLUMNS = `i.company, i.item_number AS "itemNumber", i.description, i.product_group AS "productGroup", g.product_group_name AS "productGroupName",
  i.supplier, s.supplier_name AS "supplierName", i.unit_of_measure AS "unitOfMeasure", i.list_price::float8 AS "listPrice"`;

function masterSummary(call: ErpCall, item: ItemKey) {
  return one<Static<typeof ItemMasterSummary>>(
    call,
    `SELECT ${NAME_COLUMNS},
            coalesce(sum(v.qty_on_hand), 0)::int AS "qtyOnHand", coalesce(sum(v.qty_available), 0)::int AS "qtyAvailable",
            coalesce(sum(v.qty_committed), 0)::int AS "qtyCommitted", coalesce(sum(v.qty_on_order), 0)::int AS "qtyOnOrder",
            coalesce(sum(round(v.qty_on_hand * v.unit_cost, 2)), 0)::float8 AS value, count(v.location)::int AS "locationCount",
            ${iso('max(v.last_sold_date)')} AS "lastSoldDate", ${iso('max(v.last_received_date)')} AS "lastReceivedDate"
       FROM ${NAMES}
       LEFT JOIN erp.inventory v ON v.company = i.company AND v.item_number = i.item_number
      WHERE i.company = $1 AND i.item_number = $2
      GROUP BY i.company, i.item_number, g.product_group_name, s.supplier_name`,
    [item.company, item.itemNumber],
    `Item ${item.itemNumber} was not found`,
  );
}

function master(call: ErpCall, item: ItemKey) {
  return one<Static<typeof ItemMaster>>(
    call,
    `SELECT ${NAME_COLUMNS}, i.supplier_part_number AS "supplierPartNumber", i.unit_cost::float8 AS "unitCost", i.stockable,
            i.short_code AS "shortCode", i.extended_description AS "extendedDescription",
            (SELECT u.upc FROM erp.item_uom u WHERE u.company = i.company AND u.item_number = i.item_number AND u.is_base) AS upc,
            EXISTS (SELECT 1 FROM erp.item_bom b WHERE b.company = i.company AND b.item_number = i.item_number) AS "isKit",
            ${iso('i.created_date')} AS "createdDate",
            ARRAY(SELECT o.company FROM erp.item o WHERE o.item_number = i.item_number ORDER BY o.company) AS companies
       FROM ${NAMES}
      WHERE i.company = $1 AND i.item_number = $2`,
    [item.company, item.itemNumber],
    `Item ${item.itemNumber} was not found`,
  );
}

async function uoms(call: ErpCall, item: ItemKey) {
  const { rows } = await call.db.query<Static<typeof ItemUom>>(
    `SELECT u.uom, u.conversion_factor AS "conversionFactor", u.upc, u.is_base AS "isBase", u.sellable, u.purchasable,
            round(i.list_price * u.conversion_factor, 4)::float8 AS "listPrice"
       FROM erp.item_uom u JOIN erp.item i ON i.company = u.company AND i.item_number = u.item_number
      WHERE u.company = $1 AND u.item_number = $2
      ORDER BY u.is_base DESC, u.conversion_factor, u.uom`,
    [item.company, item.itemNumber],
  );
  return { ...item, rows };
}

/** Every location's stock of the item (at most one page of 500: an item is kept at a few locations). */
async function stockByLocation(call: ErpCall, item: ItemKey) {
  const model = detailModel(stockRows(call, {}), { searchColumns: ['location'] }, { field: 'location', dir: 'asc' });
  const page = await listPage(call, model, { pageSize: 500 }, (params) => [`r.company = ${params.add(item.company)}`, `r.item_number = ${params.add(item.itemNumber)}`], false);
  return { ...item, rows: page.rows };
}

export async function itemRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const answer = answerer((user) => stockCall(app, user));
  const onItem = <T>(compute: (call: ErpCall, item: ItemKey) => Promise<T>) =>
    (request: AnswerRequest & { query: { itemNumber: string; company?: string } }) =>
      answer(request, async (call) => compute(call, await findItem(call, request.query.itemNumber, request.query.company)));

  serve(app, inventoryMasterSummary, onItem(masterSummary));
  serve(app, inventoryMaster, onItem(master));
  serve(app, inventoryUoms, onItem(uoms));
  serve(app, inventoryItemDetails, onItem(stockByLocation));
}
