/**
 * The Inventory calls on erp.inventory (item × location) with the item master. Stock belongs to
 * no sales rep: every user whose InventoryAccessRight is on reads all of it (docs/decisions.md).
 * The seed's settings decide dead stock (InventoryDeadStockDays, DefaultExcludeFromDeadStockDaysOption)
 * and the value analysis periods (InventoryDaysSinceLastSold1–4).
 */
import type { FastifyInstance } from 'fastify';
import {
  type AnalyticsSearchRequest,
  INVENTORY_GROUP_BYS,
  inventoryDetails,
  inventoryReorder,
  inventorySummary,
  inventoryValueAnalysisDetail,
  inventoryValueAnalysisGrouped,
  inventoryValueDetail,
  inventoryValueGrouped,
} from '@tradeboard/shared/contracts';
import type { SessionUser } from '../platform/session.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { listQuery, type ListModel } from './engine.ts';
import {
  agingBuckets,
  agingPeriods,
  ALL_TIME,
  answerer,
  bucketMeasures,
  companyWide,
  dimension,
  erpCall,
  foldBuckets,
  groupedMeasures,
  groupKeyOf,
  pageOf,
  todaySql,
  UNDATED,
  type ErpCall,
  type GroupKeys,
} from './erp-common.ts';
import { itemColumnsOf, itemSearch } from './item-search.ts';
import { centsSum, filteredAggregate } from './models.ts';
import { normalizeRequest, SqlParams } from './search-request.ts';

const SETTINGS = [
  'InventoryDeadStockDays',
  'DefaultExcludeFromDeadStockDaysOption',
  'InventoryDaysSinceLastSold1',
  'InventoryDaysSinceLastSold2',
  'InventoryDaysSinceLastSold3',
  'InventoryDaysSinceLastSold4',
];

export async function stockCall(app: FastifyInstance, user: SessionUser): Promise<ErpCall> {
  return companyWide(await erpCall(app.db, user, SETTINGS, 'InventoryAccessRight'));
}

/** A whole number of days from a setting or a parameter (trusted once checked: it is inlined). */
function days(value: string | number | undefined, what: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new HttpError(400, `${what} must be a whole number of days, got '${value}'`);
  return n;
}

type StockOptions = { excludeDays?: number; where?: string[] };

/**
 * Stock rows (alias r): one per item and location, with value (and value_cents, stored by
 * migration 049, for sums), days since last sold and whether it is dead stock (on hand, unsold
 * for InventoryDeadStockDays, not received in excludeDays).
 * The item and its supplier are looked up (LEFT JOINs on their keys), so a question that reads
 * neither, such as value by location, reads the stock alone: PostgreSQL drops such joins.
 */
export function stockRows(call: ErpCall, options: StockOptions): string {
  const today = todaySql(call);
  const deadDays = days(call.settings.InventoryDeadStockDays, 'InventoryDeadStockDays');
  const excludeDays = options.excludeDays ?? days(call.settings.DefaultExcludeFromDeadStockDaysOption, 'DefaultExcludeFromDeadStockDaysOption');
  const where = options.where ?? [];
  return `(SELECT v.company, v.item_number, i.description, i.product_group, i.supplier, s.supplier_name, i.supplier_part_number, i.stockable,
                  v.location, v.qty_on_hand, v.qty_available, v.qty_committed, v.qty_on_order, v.reorder_point, v.unit_cost,
                  round(v.qty_on_hand * v.unit_cost, 2) AS value, v.value_cents, v.last_sold_date, v.last_received_date,
                  ${today} - v.last_sold_date AS days_since_sold,
                  (v.qty_on_hand > 0 AND coalesce(v.last_sold_date < ${today} - ${deadDays}, true)
                   AND coalesce(v.last_received_date < ${today} - ${excludeDays}, true)) AS is_dead
             FROM erp.inventory v
             LEFT JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number
             LEFT JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier
            ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) r`;
}

/** An item's names on rows r (the stock lists' and the item searches' first columns). */
export const ITEM_NAME_COLUMNS = {
  company: 'r.company',
  itemNumber: 'r.item_number',
  description: 'r.description',
  productGroup: 'r.product_group',
  supplier: 'r.supplier',
  supplierName: 'r.supplier_name',
};
const ITEM_COLUMNS = {
  ...ITEM_NAME_COLUMNS,
  supplierPartNumber: 'r.supplier_part_number',
  stockable: 'r.stockable',
};
const FILTER_FIELDS = ['company', 'itemNumber', 'productGroup', 'supplier', 'location', 'stockable'];

/** The item search of the stock lists: the inventorySearchField over the rows' item (alias r). */
const searchIn = (field: string | undefined) => ({ searchColumns: [], searchMatch: itemSearch(field, itemColumnsOf('r')) });
const NUMBER_AND_DESCRIPTION = { searchColumns: ['itemNumber', 'description'] };

type SummaryQuery = { inStockOnly?: boolean; stockable?: boolean; onPO?: boolean; inventorySearchField?: string };

/** The seed's summary options (inStockOnly true, stockable false, onPO false by default) as predicates on v and i. */
export function stockFilters(query: SummaryQuery, stock = 'v', item = 'i'): string[] {
  return [
    ...((query.inStockOnly ?? true) ? [`${stock}.qty_on_hand > 0`] : []),
    ...(query.stockable ? [`${item}.stockable`] : []),
    ...(query.onPO ? [`${stock}.qty_on_order > 0`] : []),
  ];
}

type Search = Pick<ListModel, 'searchColumns' | 'searchMatch'>;

export const detailModel = (from: string, search: Search, sort: { field: string; dir: 'asc' | 'desc' }): ListModel => ({
  name: 'Inventory/Details',
  from,
  dateColumn: UNDATED,
  salesRepColumn: 'r.supplier',
  columns: {
    ...ITEM_COLUMNS,
    location: 'r.location',
    qtyOnHand: 'r.qty_on_hand',
    qtyAvailable: 'r.qty_available',
    qtyCommitted: 'r.qty_committed',
    qtyOnOrder: 'r.qty_on_order',
    value: 'r.value::float8',
    reorderPoint: 'r.reorder_point',
    unitCost: 'r.unit_cost::float8',
    lastSoldDate: "to_char(r.last_sold_date, 'YYYY-MM-DD')",
    lastReceivedDate: "to_char(r.last_received_date, 'YYYY-MM-DD')",
    daysSinceLastSold: 'r.days_since_sold',
    isDeadStock: 'r.is_dead',
  },
  ...search,
  filterFields: FILTER_FIELDS,
  defaultSort: sort,
  tieBreak: 'r.company, r.item_number, r.location',
  notNull: ['itemNumber'],
});

/** A page of a stock list (listQuery: the page, and its count only when the page is full). */
export async function page(call: ErpCall, model: ListModel, body: AnalyticsSearchRequest | undefined, extra?: (params: SqlParams) => string[]) {
  const request = normalizeRequest(body);
  const result = await listQuery(call.db, { model, context: call.context, range: ALL_TIME, request, extra });
  return { ...pageOf(request, result.totalCount), rows: result.rows as never };
}

const GROUP_BYS: GroupKeys<typeof INVENTORY_GROUP_BYS> = {
  company: dimension('company', 'r.company'),
  location: dimension('location', 'r.location'),
  productGroup: dimension('productGroup', 'r.product_group'),
  supplier: dimension('supplier', 'r.supplier'),
  itemNumber: dimension('itemNumber', 'r.item_number'),
};
const GROUP_FILTERS = { company: 'r.company', location: 'r.location', productGroup: 'r.product_group', supplier: 'r.supplier', itemNumber: 'r.item_number' };

export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const answer = answerer((user) => stockCall(app, user));

  serve(app, inventorySummary, async (request) => answer(request, async (call) => {
    // One row per item over its locations: the stock first, then the item's names. The stock looks
    // its item up (as stockRows does), so without a filter on the item (stockable) it is summed alone,
    // grouped in item-number order: the in-stock index (migration 030) gives a page of items by item
    // number as it is read. The names are looked up (a LEFT JOIN on the item's key), which keeps the
    // planner's count of rows right, so it reads only the page's items.
    const filters = stockFilters(request.query);
    const from = `(SELECT x.*, i.description, i.product_group, i.supplier, s.supplier_name, i.supplier_part_number, i.stockable
                     FROM (SELECT v.company, v.item_number, sum(v.qty_on_hand)::int AS qty_on_hand, sum(v.qty_available)::int AS qty_available,
                                  sum(v.qty_committed)::int AS qty_committed, sum(v.qty_on_order)::int AS qty_on_order,
                                  ${centsSum('v.value_cents')} AS value, count(*)::int AS location_count
                             FROM erp.inventory v LEFT JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number
                            ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''} GROUP BY v.item_number, v.company) x
                     LEFT JOIN erp.item i ON i.company = x.company AND i.item_number = x.item_number
                     LEFT JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier) r`;
    const model: ListModel = {
      name: 'Inventory/Summary',
      from,
      dateColumn: UNDATED,
      salesRepColumn: 'r.supplier',
      columns: {
        ...ITEM_COLUMNS,
        qtyOnHand: 'r.qty_on_hand',
        qtyAvailable: 'r.qty_available',
        qtyCommitted: 'r.qty_committed',
        qtyOnOrder: 'r.qty_on_order',
        value: 'r.value::float8',
        locationCount: 'r.location_count',
      },
      ...searchIn(request.query.inventorySearchField),
      filterFields: FILTER_FIELDS.filter((f) => f !== 'location'),
      defaultSort: { field: 'itemNumber', dir: 'asc' },
      tieBreak: 'r.company, r.item_number',
      notNull: ['itemNumber'],
    };
    return page(call, model, request.body);
  }));

  serve(app, inventoryDetails, async (request) => answer(request, async (call) => {
    const from = stockRows(call, { where: stockFilters(request.query) });
    return page(call, detailModel(from, searchIn(request.query.inventorySearchField), { field: 'itemNumber', dir: 'asc' }), request.body);
  }));

  serve(app, inventoryValueDetail, async (request) => answer(request, async (call) => {
    const from = stockRows(call, { where: ['v.qty_on_hand > 0'] });
    return page(call, detailModel(from, NUMBER_AND_DESCRIPTION, { field: 'value', dir: 'desc' }), request.body);
  }));

  serve(app, inventoryValueAnalysisDetail, async (request) => answer(request, async (call) => {
    const today = todaySql(call);
    const { daysMin, daysMax } = request.query;
    if (daysMin !== undefined && daysMax !== undefined && daysMin > daysMax) throw new HttpError(400, `daysMin (${daysMin}) is above daysMax (${daysMax})`);
    const sold = [
      ...(daysMin !== undefined ? [`${today} - v.last_sold_date >= ${days(daysMin, 'daysMin')}`] : []),
      ...(daysMax !== undefined ? [`${today} - v.last_sold_date <= ${days(daysMax, 'daysMax')}`] : []),
    ];
    // Never sold is older than any age: it belongs to a range without an upper bound.
    const age = sold.length === 0 ? [] : [`(${sold.join(' AND ')}${daysMax === undefined ? ' OR v.last_sold_date IS NULL' : ''})`];
    const from = stockRows(call, { where: ['v.qty_on_hand > 0', ...age] });
    return page(call, detailModel(from, NUMBER_AND_DESCRIPTION, { field: 'value', dir: 'desc' }), request.body);
  }));

  serve(app, inventoryValueGrouped, async (request) => answer(request, async (call) => {
    const excludeDays = days(request.params.excludeFromDeadStockDays, 'excludeFromDeadStockDays');
    const search = normalizeRequest(request.body);
    const result = await groupedMeasures(call, {
      from: stockRows(call, { excludeDays, where: ['v.qty_on_hand > 0'] }),
      where: [],
      group: groupKeyOf(GROUP_BYS, request.params.groupBy, 'Inventory'),
      measures: {
        value: centsSum('r.value_cents'),
        deadStockValue: filteredAggregate(centsSum('r.value_cents'), 'r.is_dead'),
        qtyOnHand: 'sum(r.qty_on_hand)',
        itemCount: 'count(*)',
        deadStockItemCount: 'count(*) FILTER (WHERE r.is_dead)',
      },
      ratios: { deadStockPercent: { part: 'deadStockValue', whole: 'value' } },
      filterFields: GROUP_FILTERS,
      salesRepColumn: null,
      request: search,
      defaultSort: { field: 'value', dir: 'desc' },
      params: new SqlParams(),
    });
    return {
      groupBy: request.params.groupBy,
      asOf: call.today,
      deadStockDays: days(call.settings.InventoryDeadStockDays, 'InventoryDeadStockDays'),
      excludeFromDeadStockDays: excludeDays,
      ...pageOf(search, result.totalCount),
      totals: result.totals as never,
      rows: result.rows as never,
    };
  }));

  serve(app, inventoryValueAnalysisGrouped, async (request) => answer(request, async (call) => {
    const buckets = agingBuckets(agingPeriods(call.settings, 'InventoryDaysSinceLastSold'), false);
    const search = normalizeRequest(request.body);
    const result = await groupedMeasures(call, {
      from: stockRows(call, { where: ['v.qty_on_hand > 0'] }),
      where: [],
      group: groupKeyOf(GROUP_BYS, request.params.groupBy, 'Inventory'),
      measures: {
        value: centsSum('r.value_cents'),
        neverSoldValue: filteredAggregate(centsSum('r.value_cents'), 'r.last_sold_date IS NULL'),
        itemCount: 'count(*)',
        ...bucketMeasures(buckets, 'r.days_since_sold', centsSum('r.value_cents')),
      },
      filterFields: GROUP_FILTERS,
      salesRepColumn: null,
      request: search,
      defaultSort: { field: 'value', dir: 'desc' },
      params: new SqlParams(),
    });
    return {
      groupBy: request.params.groupBy,
      asOf: call.today,
      agingBuckets: buckets,
      ...pageOf(search, result.totalCount),
      totals: foldBuckets(result.totals, buckets.length) as never,
      rows: result.rows.map((row) => foldBuckets(row, buckets.length)) as never,
    };
  }));

  serve(app, inventoryReorder, async (request) => answer(request, async (call) => {
    const percent = request.params.percentageReorder;
    if (!Number.isInteger(percent)) throw new HttpError(400, 'percentageReorder must be a whole percentage');
    // The reorder point's percentage rounded down, in integers (the reorder point is above 0).
    const reorderAt = `(v.reorder_point::int8 * ${percent} / 100)`;
    // The stock and its item by key: without a filter or search on the item, the page is cut from
    // the stock alone and only its rows look their item up (ListModel.from).
    const model: ListModel = {
      name: 'Inventory/Reorder',
      from: 'erp.inventory v LEFT JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number',
      where: `v.reorder_point > 0 AND v.qty_available <= ${reorderAt}`,
      dateColumn: UNDATED,
      salesRepColumn: 'i.supplier',
      columns: {
        company: 'v.company',
        itemNumber: 'v.item_number',
        description: 'i.description',
        location: 'v.location',
        supplier: 'i.supplier',
        qtyAvailable: 'v.qty_available',
        qtyOnOrder: 'v.qty_on_order',
        reorderPoint: 'v.reorder_point',
        reorderAt: `${reorderAt}::int`,
        suggestedQty: 'greatest(v.reorder_point - v.qty_available - v.qty_on_order, 0)',
        unitCost: 'v.unit_cost::float8',
      },
      searchColumns: ['itemNumber', 'description'],
      filterFields: ['company', 'itemNumber', 'location', 'supplier'],
      defaultSort: { field: 'suggestedQty', dir: 'desc' },
      tieBreak: 'v.company, v.item_number, v.location',
    };
    return page(call, model, request.body);
  }));
}
