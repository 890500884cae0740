/**
 * Seed 001 §7.12 what an account buys under: a customer's contracts, dealer types, price
 * libraries and restricted product classes, a ship-to's and a corporate account's contracts, and
 * the territories of the caller's customers and ship-tos.
 *
 * The account is found first, in the caller's scope (404 outside it, like one that does not
 * exist); its rows are read after. A corporate account's contracts take its customers' only where
 * those customers are the caller's too, and need ShowCorporateAccounts (403 without).
 */
import type { FastifyInstance } from 'fastify';
import {
  contractDetails,
  corporateContracts,
  customerContracts,
  customerDealerTypes,
  customerPriceLibraries,
  customerRestrictedClasses,
  customerTerritories,
  shipToContracts,
  shipToTerritories,
} from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';
import { byName } from './accounts-routes.ts';
import { findCorporate, findCustomer, findShipTo, listPage, notFound } from './account-detail-routes.ts';
import { analyticsQuery, type ListModel } from './engine.ts';
import { answerer, erpCall, pageOf, todaySql, UNDATED, type ErpCall } from './erp-common.ts';
import { scopePredicate } from './scope.ts';
import { filterPredicates, normalizeRequest, orderByClause, pageClause, searchPredicate, SqlParams, type SearchRequest } from './search-request.ts';

const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

function contractRows(call: ErpCall): ListModel {
  const today = todaySql(call);
  return {
    name: 'Contract',
    from: 'erp.contract j LEFT JOIN erp.customer c ON c.company = j.company AND c.customer = j.customer',
    dateColumn: 'j.start_date',
    salesRepColumn: 'j.sales_rep',
    columns: {
      company: 'j.company',
      jobNumber: 'j.job_number',
      description: 'j.description',
      customer: 'j.customer',
      customerName: 'c.customer_name',
      shipTo: 'j.ship_to',
      corporate: 'j.corporate',
      startDate: iso('j.start_date'),
      endDate: iso('j.end_date'),
      status: `CASE WHEN j.start_date > ${today} THEN 'Future' WHEN j.end_date < ${today} THEN 'Expired' ELSE 'Active' END`,
      lineCount: 'j.line_count',
      salesRep: 'j.sales_rep',
    },
    searchColumns: ['jobNumber', 'description', 'customerName'],
    filterFields: ['jobNumber', 'customer', 'shipTo', 'corporate', 'status'],
    defaultSort: { field: 'startDate', dir: 'desc' },
    tieBreak: 'j.company, j.job_number',
  };
}

/** A customer's rows of one of the terms tables (alias d) beside their reference list (alias x), and what `join` adds. */
const terms = (name: string, table: string, reference: string, key: string, columns: Record<string, string>, sort: ListModel['defaultSort'], join = ''): ListModel => ({
  name,
  from: `${table} d JOIN ${reference} x ON x.company = d.company AND x.${key} = d.${key} ${join}`,
  dateColumn: UNDATED,
  salesRepColumn: 'NULL',
  columns: { company: 'd.company', customer: 'd.customer', ...columns },
  searchColumns: Object.keys(columns).slice(0, 2),
  filterFields: Object.keys(columns).slice(0, 1),
  defaultSort: sort,
  tieBreak: `d.${key}`,
});

const dealerTypeRows = terms(
  'Customer/DealerType',
  'erp.customer_dealer_type',
  'erp.dealer_type',
  'dealer_type',
  { dealerType: 'd.dealer_type', description: 'x.description', effectiveDate: iso('d.effective_date') },
  byName('dealerType'),
);
const priceLibraryRows = terms(
  'Customer/PriceLibrary',
  'erp.customer_price_library',
  'erp.price_library',
  'price_library',
  {
    priceLibrary: 'd.price_library',
    description: 'x.description',
    priority: 'd.priority',
    discountPercent: 'x.discount_percent::float8',
    effectiveDate: iso('d.effective_date'),
    expirationDate: iso('d.expiration_date'),
  },
  { field: 'priority', dir: 'asc' },
);
const restrictedClassRows = terms(
  'Customer/RestrictedClass',
  'erp.customer_restricted_class',
  'erp.restricted_class',
  'restricted_class',
  {
    restrictedClass: 'd.restricted_class',
    description: 'x.description',
    productGroup: 'x.product_group',
    productGroupName: 'g.product_group_name',
    reason: 'd.reason',
    effectiveDate: iso('d.effective_date'),
  },
  byName('restrictedClass'),
  'LEFT JOIN erp.product_group g ON g.company = x.company AND g.product_group = x.product_group',
);

/** One of the caller's customers' rows of a terms model (the customer checked first). */
async function customerTerms(call: ErpCall, model: ListModel, customer: string, company: string, body: SearchRequest | undefined) {
  await findCustomer(call, customer, company);
  return listPage(call, model, body, (params) => [`d.company = ${params.add(company)}`, `d.customer = ${params.add(customer)}`], false);
}

/** A customer's contracts: its own and its corporate account's. */
async function customerContractPage(call: ErpCall, customer: string, company: string, body: SearchRequest | undefined) {
  const found = await findCustomer(call, customer, company);
  return listPage(call, contractRows(call), body, (params) => {
    const [c, id] = [params.add(company), params.add(customer)];
    const corporate = found.corporate ? ` OR j.corporate = ${params.add(found.corporate)}` : '';
    return [`j.company = ${c}`, `(j.customer = ${id}${corporate})`];
  }, false);
}

/** A ship-to's contracts: its own and its customer's for every ship-to; at most 500, newest first. */
async function shipToContractPage(call: ErpCall, shipTo: string, company: string) {
  const site = await findShipTo(call, shipTo, company);
  return listPage(call, contractRows(call), { pageSize: 500 }, (params) => [
    `j.company = ${params.add(company)}`,
    `j.customer = ${params.add(site.customer)}`,
    `(j.ship_to IS NULL OR j.ship_to = ${params.add(shipTo)})`,
  ], false);
}

/** A corporate account's contracts: its own, and its customers' that are the caller's. */
async function corporateContractPage(call: ErpCall, corporate: string, company: string, body: SearchRequest | undefined) {
  await findCorporate(call, corporate, company);
  return listPage(call, contractRows(call), body, (params) => {
    const [c, id] = [params.add(company), params.add(corporate)];
    const scope = scopePredicate(call.context.scope, 'c.sales_rep', params) ?? 'true';
    return [`j.company = ${c}`, `(j.corporate = ${id} OR (c.corporate = ${id} AND ${scope}))`];
  }, false);
}

/** The territories of the caller's accounts of one table, with how many are in each: searched, filtered (company, territory), sorted, paged. */
async function territories(call: ErpCall, table: 'erp.customer' | 'erp.ship_to', body: SearchRequest | undefined) {
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const where = ['a.territory IS NOT NULL'];
  const scope = scopePredicate(call.context.scope, 'a.sales_rep', params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(request.filters, { company: 'a.company', territory: 'a.territory' }, params));
  const search = searchPredicate(request.searchString, request.searchOperator, ['g.territory', 'g."territoryName"'], params);
  const order = orderByClause(request, { company: 'g.company', territory: 'g.territory', territoryName: 'g."territoryName"', accountCount: 'g."accountCount"' }, byName('territoryName'), 'g.company, g.territory');
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT g.*, count(*) OVER ()::int AS total_count
       FROM (SELECT a.company, a.territory, t.territory_name AS "territoryName", count(*)::int AS "accountCount"
               FROM ${table} a JOIN erp.territory t ON t.company = a.company AND t.territory = a.territory
              WHERE ${where.join(' AND ')} GROUP BY a.company, a.territory, t.territory_name) g
      ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`,
    params.values,
  );
  return { ...pageOf(request, rows[0] ? Number(rows[0].total_count) : 0), rows: rows.map(({ total_count: _count, ...row }) => row) as never };
}

/** A contract's items at their contract price beside list (alias l; its item i). */
const contractLineRows: ListModel = {
  name: 'Contract/Details',
  from: 'erp.contract_line l LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number',
  dateColumn: UNDATED,
  salesRepColumn: 'NULL',
  columns: {
    lineNumber: 'l.line_number',
    itemNumber: 'l.item_number',
    description: 'i.description',
    productGroup: 'i.product_group',
    uom: 'l.uom',
    contractPrice: 'l.contract_price::float8',
    listPrice: 'i.list_price::float8',
    discountPercent: 'round(100 * (1 - l.contract_price / nullif(i.list_price, 0)), 2)::float8',
    commissionCost: 'l.commission_cost::float8',
    grossProfitPercent: 'round(100 * (l.contract_price - l.commission_cost) / nullif(l.contract_price, 0), 2)::float8',
    minQty: 'l.min_qty',
  },
  searchColumns: ['itemNumber', 'description'],
  filterFields: ['itemNumber', 'productGroup', 'uom'],
  defaultSort: { field: 'lineNumber', dir: 'asc' },
  tieBreak: 'l.line_number',
};

/** One of the caller's contracts (its job price header, by job number; 404 outside his scope) with a page of its items. */
async function contractDetailPage(call: ErpCall, jobNumber: string, body: (SearchRequest & { company?: string }) | undefined) {
  const { company, ...search } = body ?? {};
  const model = contractRows(call);
  const params = new SqlParams();
  const [n, c] = [params.add(jobNumber), params.add(company ?? null)];
  // The caller's as the contract lists show it: its rep's, its customer's, or a corporate
  // contract of a corporate account that has one of the caller's customers.
  const inScope = (column: string) => scopePredicate(call.context.scope, column, params);
  const scope =
    !call.context.scope.all &&
    `(${inScope(model.salesRepColumn)} OR ${inScope('c.sales_rep')} OR (j.corporate IS NOT NULL AND EXISTS (
        SELECT 1 FROM erp.customer m WHERE m.company = j.company AND m.corporate = j.corporate AND ${inScope('m.sales_rep')})))`;
  const select = Object.entries(model.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT ${select}, s.ship_to_name AS "shipToName", k.corporate_name AS "corporateName", r.name AS "salesRepName"
       FROM ${model.from}
       LEFT JOIN erp.ship_to s ON s.company = j.company AND s.ship_to = j.ship_to
       LEFT JOIN erp.corporate k ON k.company = j.company AND k.corporate = j.corporate
       LEFT JOIN erp.sales_rep r ON r.company = j.company AND r.sales_rep = j.sales_rep
      WHERE j.job_number = ${n} AND (${c}::text IS NULL OR j.company = ${c})${scope ? ` AND ${scope}` : ''}
      ORDER BY j.company LIMIT 1`,
    params.values,
  );
  const header = rows[0];
  if (!header) throw notFound(`Contract ${jobNumber} was not found`);
  const lines = await listPage(call, contractLineRows, search, (p) => [`l.company = ${p.add(header.company)}`, `l.job_number = ${p.add(header.jobNumber)}`], false);
  return { header: header as never, ...lines };
}

export async function accountTermsRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, []));
  const corporates = answerer((user) => erpCall(app.db, user, [], 'ShowCorporateAccounts'));

  serve(app, customerContracts, async (request) => scoped(request, (call) => customerContractPage(call, request.params.customer, request.params.company, request.body)));
  serve(app, customerDealerTypes, async (request) => scoped(request, (call) => customerTerms(call, dealerTypeRows, request.params.customer, request.params.company, request.body)));
  serve(app, customerPriceLibraries, async (request) => scoped(request, (call) => customerTerms(call, priceLibraryRows, request.params.customer, request.params.company, request.body)));
  serve(app, customerRestrictedClasses, async (request) => scoped(request, (call) => customerTerms(call, restrictedClassRows, request.params.customer, request.params.company, request.body)));
  serve(app, shipToContracts, async (request) => scoped(request, (call) => shipToContractPage(call, request.params.shipTo, request.params.company)));
  serve(app, corporateContracts, async (request) => corporates(request, (call) => corporateContractPage(call, request.params.corporate, request.params.company, request.body)));
  serve(app, contractDetails, async (request) => scoped(request, (call) => contractDetailPage(call, request.params.jobPriceHeaderUid, request.body)));
  serve(app, customerTerritories, async (request) => scoped(request, (call) => territories(call, 'erp.customer', request.body)));
  serve(app, shipToTerritories, async (request) => scoped(request, (call) => territories(call, 'erp.ship_to', request.body)));
}
