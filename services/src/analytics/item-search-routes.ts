/**
 * Issue 24's item searches (shared/src/contracts/erp-item-search.ts): the four summaries' other
 * three (customer part numbers, alternate codes, substitutes), the item master search over the
 * 13 item search fields, network availability (DistraNet), a warehouse's products and a
 * customer's frequent and recent items. Items and stock are company-wide behind
 * InventoryAccessRight; a customer's part numbers and purchases are read in the caller's rep
 * scope (another rep's customer answers 404).
 */
import type { FastifyInstance } from 'fastify';
import { addMonths } from '@tradeboard/shared/dates';
import {
  inventoryAlternateSummary,
  inventoryCustomerPartSummary,
  inventoryDistraNet,
  inventoryItemFrequentRecent,
  inventorySearch,
  inventorySubstituteSummary,
  warehouseProductsSearch,
} from '@tradeboard/shared/contracts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { andScope, listPage, one } from './account-detail-routes.ts';
import type { ListModel } from './engine.ts';
import { answerer, erpCall, UNDATED, type ErpCall } from './erp-common.ts';
import { ITEM_NAME_COLUMNS, page, stockCall, stockFilters } from './inventory-routes.ts';
import { findItem } from './item-routes.ts';
import { itemColumnsOf, itemSearch } from './item-search.ts';
import { SqlParams, type TextMatch } from './search-request.ts';

type Customer = { company: string; customer: string; customerName: string };

/** An item's stock summed over its locations (alias `alias`), for the item of `item` (alias of erp.item). */
const stockOf = (item: string, alias: string) => `LEFT JOIN LATERAL (
    SELECT coalesce(sum(v.qty_on_hand), 0)::int AS qty_on_hand, coalesce(sum(v.qty_available), 0)::int AS qty_available,
           coalesce(sum(v.qty_on_order), 0)::int AS qty_on_order
      FROM erp.inventory v WHERE v.company = ${item}.company AND v.item_number = ${item}.item_number) ${alias} ON true`;

/** The item's names as the lists' rows carry them (alias i for erp.item, s for its supplier). */
const ITEM_NAMES = 'i.company, i.item_number, i.description, i.product_group, i.supplier, s.supplier_name, i.supplier_part_number, i.stockable, i.list_price';
const SUPPLIER = 'LEFT JOIN erp.supplier s ON s.company = i.company AND s.supplier = i.supplier';

/** The columns of ItemStock (erp-item-search.ts) on rows r. */
const ITEM_STOCK_COLUMNS = {
  ...ITEM_NAME_COLUMNS,
  qtyOnHand: 'r.qty_on_hand',
  qtyAvailable: 'r.qty_available',
  qtyOnOrder: 'r.qty_on_order',
  listPrice: 'r.list_price::float8',
};
const ITEM_FILTERS = ['company', 'itemNumber', 'productGroup', 'supplier'];

/**
 * The inventorySearchField's search on rows r of an item: a field the row shows itself (its own
 * alternate code on an alternate's row) looks at that column alone, any other at the item.
 */
function searchOn(field: string | undefined, own: Readonly<Record<string, string>> = {}): Pick<ListModel, 'searchColumns' | 'searchMatch'> {
  const column = field === undefined ? undefined : own[field];
  if (column) return { searchColumns: [], searchMatch: (match: TextMatch) => match(column) };
  return { searchColumns: [], searchMatch: itemSearch(field, itemColumnsOf('r')) };
}

/** A list of item rows r (no date, no rep). */
function itemList(name: string, from: string, columns: Record<string, string>, rest: Partial<ListModel> & Pick<ListModel, 'defaultSort' | 'tieBreak'>): ListModel {
  return { name, from, dateColumn: UNDATED, salesRepColumn: 'r.supplier', columns, searchColumns: [], filterFields: ITEM_FILTERS, notNull: ['itemNumber'], ...rest };
}

const where = (predicates: string[]) => (predicates.length ? `WHERE ${predicates.join(' AND ')}` : '');

/** The customer of that code in `company` (or the first company that has one) in the caller's scope: 404 otherwise. */
export function scopedCustomer(call: ErpCall, code: string, company: string | undefined): Promise<Customer> {
  const params = new SqlParams();
  const [c, id] = [params.add(company ?? null), params.add(code)];
  return one<Customer>(
    call,
    `SELECT a.company, a.customer, a.customer_name AS "customerName" FROM erp.customer a
      WHERE a.customer = ${id} AND (${c}::text IS NULL OR a.company = ${c})${andScope(call, 'a.sales_rep', params)}
      ORDER BY a.company LIMIT 1`,
    params.values,
    `Customer ${code}${company ? ` of company ${company}` : ''} was not found`,
  );
}

/** The item named by the query (404 when no company keeps it) or the company, as predicates on rows r. */
async function itemFilter(call: ErpCall, query: { itemNumber?: string; company?: string }): Promise<(params: SqlParams) => string[]> {
  if (!query.itemNumber) return (params) => (query.company ? [`r.company = ${params.add(query.company)}`] : []);
  const item = await findItem(call, query.itemNumber, query.company);
  return (params) => [`r.company = ${params.add(item.company)}`, `r.item_number = ${params.add(item.itemNumber)}`];
}

/** The base unit's UPC of item i. */
const BASE_UPC = '(SELECT u.upc FROM erp.item_uom u WHERE u.company = i.company AND u.item_number = i.item_number AND u.is_base)';

export async function itemSearchRoutes(app: FastifyInstance): Promise<void> {
  const answer = answerer((user) => stockCall(app, user));
  // The customer's calls keep the caller's rep scope (stock itself is company-wide).
  const answerScoped = answerer((user: SessionUser) => erpCall(app.db, user, [], 'InventoryAccessRight'));

  serve(app, inventoryCustomerPartSummary, async (request) => answerScoped(request, async (call) => {
    const { query } = request;
    const customer = query.customer ? await scopedCustomer(call, query.customer, query.company) : null;
    const model = itemList(
      'Inventory/CustomerPartSummary',
      `(SELECT ${ITEM_NAMES}, p.customer, c.customer_name, c.sales_rep, p.customer_part_number, p.description AS part_description, k.*
          FROM erp.customer_part p
          JOIN erp.customer c ON c.company = p.company AND c.customer = p.customer
          JOIN erp.item i ON i.company = p.company AND i.item_number = p.item_number
          ${SUPPLIER} ${stockOf('i', 'k')}
         ${where(stockFilters(query, 'k', 'i'))}) r`,
      {
        customer: 'r.customer',
        customerName: 'r.customer_name',
        salesRep: 'r.sales_rep',
        customerPartNumber: 'r.customer_part_number',
        customerPartDescription: 'r.part_description',
        ...ITEM_STOCK_COLUMNS,
      },
      {
        salesRepColumn: 'r.sales_rep',
        filterFields: [...ITEM_FILTERS, 'customer', 'salesRep'],
        ...searchOn(query.inventorySearchField, { 'Customer Part Number': 'r.customer_part_number' }),
        defaultSort: { field: 'customerPartNumber', dir: 'asc' },
        tieBreak: 'r.company, r.customer, r.item_number',
        notNull: ['customerPartNumber'],
      },
    );
    return page(call, model, request.body, (params) =>
      customer ? [`r.company = ${params.add(customer.company)}`, `r.customer = ${params.add(customer.customer)}`] : query.company ? [`r.company = ${params.add(query.company)}`] : [],
    );
  }));

  serve(app, inventoryAlternateSummary, async (request) => answer(request, async (call) => {
    const { query } = request;
    const model = itemList(
      'Inventory/AlternateSummary',
      `(SELECT ${ITEM_NAMES}, a.alternate_code, a.code_type, k.*
          FROM erp.item_alternate a
          JOIN erp.item i ON i.company = a.company AND i.item_number = a.item_number
          ${SUPPLIER} ${stockOf('i', 'k')}
         ${where(stockFilters(query, 'k', 'i'))}) r`,
      { alternateCode: 'r.alternate_code', codeType: 'r.code_type', ...ITEM_STOCK_COLUMNS },
      {
        filterFields: [...ITEM_FILTERS, 'codeType'],
        ...searchOn(query.inventorySearchField, { 'Alternate Code': 'r.alternate_code' }),
        defaultSort: { field: 'itemNumber', dir: 'asc' },
        tieBreak: 'r.company, r.item_number, r.alternate_code',
      },
    );
    return page(call, model, request.body, await itemFilter(call, query));
  }));

  serve(app, inventorySubstituteSummary, async (request) => answer(request, async (call) => {
    const { query } = request;
    // The summary options hold for the substitute (k: its stock, b: its master row): the one to sell in the item's place.
    const model = itemList(
      'Inventory/SubstituteSummary',
      `(SELECT ${ITEM_NAMES}, k.*, x.substitute_item_number, b.description AS substitute_description, x.interchangeable, x.reason,
               sk.qty_on_hand AS sub_on_hand, sk.qty_available AS sub_available, b.list_price AS sub_list_price
          FROM erp.item_substitute x
          JOIN erp.item i ON i.company = x.company AND i.item_number = x.item_number
          JOIN erp.item b ON b.company = x.company AND b.item_number = x.substitute_item_number
          ${SUPPLIER} ${stockOf('i', 'k')} ${stockOf('b', 'sk')}
         ${where(stockFilters(query, 'sk', 'b'))}) r`,
      {
        ...ITEM_STOCK_COLUMNS,
        substituteItemNumber: 'r.substitute_item_number',
        substituteDescription: 'r.substitute_description',
        interchangeable: 'r.interchangeable',
        reason: 'r.reason',
        substituteQtyOnHand: 'r.sub_on_hand',
        substituteQtyAvailable: 'r.sub_available',
        substituteListPrice: 'r.sub_list_price::float8',
      },
      {
        filterFields: [...ITEM_FILTERS, 'substituteItemNumber', 'interchangeable'],
        ...searchOn(query.inventorySearchField, { 'Substitute Code': 'r.substitute_item_number', 'Substitute Description': 'r.substitute_description' }),
        defaultSort: { field: 'itemNumber', dir: 'asc' },
        tieBreak: 'r.company, r.item_number, r.substitute_item_number',
      },
    );
    return page(call, model, request.body, await itemFilter(call, query));
  }));

  serve(app, inventorySearch, async (request) => answer(request, async (call) => {
    const { query } = request;
    const model = itemList(
      'Inventory/Search',
      `(SELECT ${ITEM_NAMES}, i.extended_description, i.short_code, i.unit_of_measure, ${BASE_UPC} AS upc, k.*
          FROM erp.item i ${SUPPLIER} ${stockOf('i', 'k')}
         ${where(stockFilters(query, 'k', 'i'))}) r`,
      {
        ...ITEM_STOCK_COLUMNS,
        extendedDescription: 'r.extended_description',
        shortCode: 'r.short_code',
        upc: 'r.upc',
        supplierPartNumber: 'r.supplier_part_number',
        unitOfMeasure: 'r.unit_of_measure',
        stockable: 'r.stockable',
      },
      {
        filterFields: [...ITEM_FILTERS, 'stockable'],
        ...searchOn(query.inventorySearchField),
        defaultSort: { field: 'itemNumber', dir: 'asc' },
        tieBreak: 'r.company, r.item_number',
      },
    );
    return page(call, model, request.body);
  }));

  serve(app, inventoryDistraNet, async (request) => answer(request, async (call) => {
    const { query } = request;
    const model = itemList(
      'Inventory/DistraNet',
      `(SELECT v.company, n.company_name, v.location, l.location_name, l.branch, l.city, l.state, v.item_number, i.description, i.product_group,
               i.supplier, s.supplier_name, i.supplier_part_number, v.qty_on_hand, v.qty_available, v.qty_on_order, v.last_received_date
          FROM erp.inventory v
          JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number
          JOIN erp.company n ON n.company = v.company
          LEFT JOIN erp.location l ON l.company = v.company AND l.location = v.location
          ${SUPPLIER}
         ${(query.onlyAvailable ?? true) ? 'WHERE v.qty_available > 0' : ''}) r`,
      {
        company: 'r.company',
        companyName: 'r.company_name',
        location: 'r.location',
        locationName: 'r.location_name',
        branch: 'r.branch',
        city: 'r.city',
        state: 'r.state',
        itemNumber: 'r.item_number',
        description: 'r.description',
        qtyOnHand: 'r.qty_on_hand',
        qtyAvailable: 'r.qty_available',
        qtyOnOrder: 'r.qty_on_order',
        lastReceivedDate: "to_char(r.last_received_date, 'YYYY-MM-DD')",
      },
      {
        filterFields: ['company', 'location', 'branch', 'state', 'itemNumber'],
        ...searchOn(query.inventorySearchField),
        defaultSort: { field: 'qtyAvailable', dir: 'desc' },
        tieBreak: 'r.company, r.location, r.item_number',
      },
    );
    // The item in every company of the network that keeps it (404 when none does).
    const item = query.itemNumber ? await findItem(call, query.itemNumber, undefined) : null;
    return page(call, model, request.body, (params) => (item ? [`r.item_number = ${params.add(item.itemNumber)}`] : []));
  }));

  serve(app, warehouseProductsSearch, async (request) => answer(request, async (call) => {
    const { query } = request;
    const location = query.location
      ? await one<{ company: string; location: string }>(
        call,
        'SELECT company, location FROM erp.location WHERE location = $1 AND ($2::text IS NULL OR company = $2) ORDER BY company LIMIT 1',
        [query.location, query.company ?? null],
        `Warehouse ${query.location}${query.company ? ` of company ${query.company}` : ''} was not found`,
      )
      : null;
    const model = itemList(
      'Warehouse/Products/Search',
      `(SELECT ${ITEM_NAMES}, i.short_code, i.unit_of_measure, ${BASE_UPC} AS upc, v.location, l.location_name,
               v.qty_on_hand, v.qty_available, v.qty_on_order, v.reorder_point
          FROM erp.inventory v
          JOIN erp.item i ON i.company = v.company AND i.item_number = v.item_number
          LEFT JOIN erp.location l ON l.company = v.company AND l.location = v.location
          ${SUPPLIER}
         ${(query.inStockOnly ?? true) ? 'WHERE v.qty_on_hand > 0' : ''}) r`,
      {
        company: 'r.company',
        location: 'r.location',
        locationName: 'r.location_name',
        itemNumber: 'r.item_number',
        description: 'r.description',
        shortCode: 'r.short_code',
        upc: 'r.upc',
        unitOfMeasure: 'r.unit_of_measure',
        productGroup: 'r.product_group',
        qtyOnHand: 'r.qty_on_hand',
        qtyAvailable: 'r.qty_available',
        qtyOnOrder: 'r.qty_on_order',
        reorderPoint: 'r.reorder_point',
        listPrice: 'r.list_price::float8',
      },
      {
        filterFields: ['company', 'itemNumber', 'productGroup', 'location'],
        ...searchOn(query.inventorySearchField),
        defaultSort: { field: 'itemNumber', dir: 'asc' },
        tieBreak: 'r.company, r.location, r.item_number',
      },
    );
    return page(call, model, request.body, (params) =>
      location ? [`r.company = ${params.add(location.company)}`, `r.location = ${params.add(location.location)}`] : query.company ? [`r.company = ${params.add(query.company)}`] : [],
    );
  }));

  serve(app, inventoryItemFrequentRecent, async (request) => answerScoped(request, async (call) => {
    const { query } = request;
    const customer = await scopedCustomer(call, query.customer, query.company);
    const months = query.months ?? 12;
    const from = addMonths(call.today, -months);
    // The customer's invoice lines of the period by item (he is in the caller's scope: checked above).
    const model: ListModel = {
      name: 'Inventory/ItemFrequentRecent',
      from: `(SELECT h.*, i.description, i.list_price, (SELECT coalesce(sum(v.qty_available), 0)::int FROM erp.inventory v WHERE v.company = h.company AND v.item_number = h.item_number) AS qty_available
                FROM (SELECT l.company, l.item_number, min(l.product_group) AS product_group,
                             count(DISTINCT l.invoice_number) FILTER (WHERE l.qty > 0)::int AS times, sum(l.qty)::int AS qty, sum(l.sales) AS sales,
                             min(l.invoice_date) AS first_day, max(l.invoice_date) AS last_day,
                             (array_agg(l.unit_price ORDER BY l.invoice_date DESC, l.invoice_number DESC) FILTER (WHERE l.qty > 0))[1] AS last_price
                        FROM erp.invoice_line l
                       WHERE l.company = $1 AND l.customer = $2 AND l.invoice_date BETWEEN $3::date AND $4::date
                       GROUP BY l.company, l.item_number) h
                LEFT JOIN erp.item i ON i.company = h.company AND i.item_number = h.item_number) r`,
      dateColumn: UNDATED,
      salesRepColumn: 'r.company',
      columns: {
        itemNumber: 'r.item_number',
        description: 'r.description',
        productGroup: 'r.product_group',
        timesPurchased: 'r.times',
        qtyPurchased: 'r.qty',
        sales: 'round(r.sales, 2)::float8',
        firstPurchaseDate: "to_char(r.first_day, 'YYYY-MM-DD')",
        lastPurchaseDate: "to_char(r.last_day, 'YYYY-MM-DD')",
        lastPrice: 'coalesce(r.last_price, 0)::float8',
        listPrice: 'r.list_price::float8',
        qtyAvailable: 'r.qty_available',
      },
      searchColumns: ['itemNumber', 'description'],
      filterFields: ['itemNumber', 'productGroup'],
      defaultSort: { field: 'timesPurchased', dir: 'desc' },
      tieBreak: 'r.last_day DESC, r.item_number',
    };
    // The FROM's own parameters ($1–$4) come first; the list's follow them.
    const list = await listPage(call, model, request.body, (params) => {
      for (const value of [customer.company, customer.customer, from, call.today]) params.add(value);
      return [];
    }, false);
    return { ...customer, from, to: call.today, ...list };
  }));
}
