/**
 * Seed 001 §7.12 account calls beside the lists and summaries (accounts-routes.ts): one record
 * by id (branch, company, location, product group, customer, ship-to, corporate, supplier,
 * prospect), the states of the caller's customers (County/List), a sales rep's accounts, the
 * type-ahead searches (suppliers too) and a customer's inactivity; and the account look-ups the
 * other account calls start from (contacts, terms, prospects, the map).
 *
 * Customers, ship-tos, corporates (by the corporate's own rep) and prospects are per sales rep,
 * exactly like the lists: an account outside the caller's scope answers 404 like one that does
 * not exist, so ids never reveal another rep's accounts. Suppliers are company-wide behind
 * PurchaseAccessRight; reference data is read by anyone signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  branchById,
  companyById,
  corporateById,
  corporateSalesRep,
  corporateSearch,
  countyList,
  customerById,
  customerInactive,
  customerSalesRep,
  customerSearch,
  locationById,
  productGroupById,
  prospectById,
  prospectSearch,
  shipToById,
  shipToSalesRep,
  shipToSearch,
  supplierById,
  supplierSearch,
  type BranchListItem,
  type CompanyListItem,
  type CorporateDetail,
  type CustomerDetail,
  type LocationListItem,
  type ProductGroupListItem,
  type ProspectDetail,
  type ShipToDetail,
  type SupplierDetail,
} from '@tradeboard/shared/contracts';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import type { SessionUser } from '../platform/session.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { analyticsQuery, countedPage, modelSearch, type ListModel } from './engine.ts';
import { branchJoin, byName, corporateRows, customerRows, shipToRows } from './accounts-routes.ts';
import { answerer, companyWide, erpCall, pageOf, type ErpCall } from './erp-common.ts';
import { scopePredicate } from './scope.ts';
import {
  badRequest,
  filterPredicates,
  normalizeRequest,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  type SearchOperator,
  type SearchRequest,
} from './search-request.ts';

export const notFound = (message: string) => new HttpError(404, message);

/** One row or 404. */
export async function one<T>(call: ErpCall, text: string, values: unknown[], missing: string): Promise<T> {
  const { rows } = await call.db.query(text, values);
  if (!rows[0]) throw notFound(missing);
  return rows[0] as T;
}

/** `AND <scope>` on a rep column, its parameters added to `params` ('' when the caller reads everything). */
export function andScope(call: ErpCall, column: string, params: SqlParams): string {
  const scope = scopePredicate(call.context.scope, column, params);
  return scope ? ` AND ${scope}` : '';
}

export const address = (a: string) => `${a}.address1 AS address, ${a}.city, ${a}.state, ${a}.postal_code AS "postalCode", ${a}.phone`;
const repJoin = (a: string) => `LEFT JOIN erp.sales_rep r ON r.company = ${a}.company AND r.sales_rep = ${a}.sales_rep`;

// ------------------------------------------------------------------------------ reference by id
async function branch(call: ErpCall, code: string, company: string) {
  return one<Static<typeof BranchListItem>>(
    call,
    `SELECT b.company, b.branch, b.branch_name AS "branchName", ${address('b')} FROM erp.branch b WHERE b.company = $1 AND b.branch = $2`,
    [company, code],
    `Branch ${code} of company ${company} not found`,
  );
}

async function company(call: ErpCall, code: string) {
  return one<Static<typeof CompanyListItem>>(call, 'SELECT company, company_name AS "companyName" FROM erp.company WHERE company = $1', [code], `Company ${code} not found`);
}

async function location(call: ErpCall, code: string, companyCode: string) {
  return one<Static<typeof LocationListItem>>(
    call,
    `SELECT company, location, location_name AS "locationName", branch, city, state FROM erp.location WHERE company = $1 AND location = $2`,
    [companyCode, code],
    `Location ${code} of company ${companyCode} not found`,
  );
}

async function productGroup(call: ErpCall, code: string, companyCode: string | undefined) {
  return one<Static<typeof ProductGroupListItem>>(
    call,
    `SELECT company, product_group AS "productGroup", product_group_name AS "productGroupName" FROM erp.product_group
      WHERE product_group = $1 AND ($2::text IS NULL OR company = $2) ORDER BY company LIMIT 1`,
    [code, companyCode ?? null],
    `Product group ${code}${companyCode ? ` of company ${companyCode}` : ''} not found`,
  );
}

// ------------------------------------------------------------------------------ one account
export async function findCustomer(call: ErpCall, code: string, companyCode: string) {
  const params = new SqlParams();
  const [c, id] = [params.add(companyCode), params.add(code)];
  return one<Static<typeof CustomerDetail>>(
    call,
    `SELECT a.company, a.customer, a.customer_name AS "customerName", ${address('a')},
            a.branch, b.branch_name AS "branchName", a.sales_rep AS "salesRep", r.name AS "salesRepName",
            a.corporate, k.corporate_name AS "corporateName",
            a.account_class1 AS "accountClass1", a.account_class2 AS "accountClass2", a.account_class3 AS "accountClass3",
            a.account_class4 AS "accountClass4", a.account_class5 AS "accountClass5",
            a.credit_limit::float8 AS "creditLimit", a.terms, a.latitude, a.longitude,
            to_char(a.created_date, 'YYYY-MM-DD') AS "createdDate", a.is_active AS "isActive",
            (SELECT count(*)::int FROM erp.ship_to s WHERE s.company = a.company AND s.customer = a.customer) AS "shipToCount",
            (SELECT count(*)::int FROM erp.contact t WHERE t.company = a.company AND t.customer = a.customer) AS "contactCount"
       FROM erp.customer a ${branchJoin('a')} ${repJoin('a')}
       LEFT JOIN erp.corporate k ON k.company = a.company AND k.corporate = a.corporate
      WHERE a.company = ${c} AND a.customer = ${id}${andScope(call, 'a.sales_rep', params)}`,
    params.values,
    `Customer ${code} of company ${companyCode} not found`,
  );
}

export async function findShipTo(call: ErpCall, code: string, companyCode: string) {
  const params = new SqlParams();
  const [c, id] = [params.add(companyCode), params.add(code)];
  return one<Static<typeof ShipToDetail>>(
    call,
    `SELECT a.company, a.ship_to AS "shipTo", a.ship_to_name AS "shipToName", a.customer, cu.customer_name AS "customerName", ${address('a')},
            a.branch, b.branch_name AS "branchName", a.sales_rep AS "salesRep", r.name AS "salesRepName",
            to_char(a.created_date, 'YYYY-MM-DD') AS "createdDate"
       FROM erp.ship_to a ${branchJoin('a')} ${repJoin('a')}
       LEFT JOIN erp.customer cu ON cu.company = a.company AND cu.customer = a.customer
      WHERE a.company = ${c} AND a.ship_to = ${id}${andScope(call, 'a.sales_rep', params)}`,
    params.values,
    `Ship-to ${code} of company ${companyCode} not found`,
  );
}

export async function findCorporate(call: ErpCall, code: string, companyCode: string) {
  const params = new SqlParams();
  const [c, id] = [params.add(companyCode), params.add(code)];
  return one<Static<typeof CorporateDetail>>(
    call,
    `SELECT a.company, a.corporate, a.corporate_name AS "corporateName", ${address('a')}, a.sales_rep AS "salesRep", r.name AS "salesRepName",
            (SELECT count(*)::int FROM erp.customer x WHERE x.company = a.company AND x.corporate = a.corporate) AS "customerCount"
       FROM erp.corporate a ${repJoin('a')}
      WHERE a.company = ${c} AND a.corporate = ${id}${andScope(call, 'a.sales_rep', params)}`,
    params.values,
    `Corporate account ${code} of company ${companyCode} not found`,
  );
}

export async function findProspect(call: ErpCall, code: string, companyCode: string) {
  const params = new SqlParams();
  const [c, id] = [params.add(companyCode), params.add(code)];
  return one<Static<typeof ProspectDetail>>(
    call,
    `SELECT a.company, a.prospect AS customer, a.prospect_name AS "customerName", ${address('a')},
            a.branch, b.branch_name AS "branchName", a.sales_rep AS "salesRep", r.name AS "salesRepName",
            a.account_class1 AS "accountClass1", a.source, to_char(a.created_date, 'YYYY-MM-DD') AS "createdDate"
       FROM erp.prospect a ${branchJoin('a')} ${repJoin('a')}
      WHERE a.company = ${c} AND a.prospect = ${id}${andScope(call, 'a.sales_rep', params)}`,
    params.values,
    `Prospect ${code} of company ${companyCode} not found`,
  );
}

export async function findSupplier(call: ErpCall, code: string, companyCode: string) {
  return one<Static<typeof SupplierDetail>>(
    call,
    `SELECT a.company, a.supplier, a.supplier_name AS "supplierName", ${address('a')}, a.terms, a.lead_days AS "leadDays",
            (SELECT count(*)::int FROM erp.item i WHERE i.company = a.company AND i.supplier = a.supplier) AS "itemCount"
       FROM erp.supplier a WHERE a.company = $1 AND a.supplier = $2`,
    [companyCode, code],
    `Supplier ${code} of company ${companyCode} not found`,
  );
}

// ------------------------------------------------------------------------------ lists
/**
 * A scoped, searched, filtered, sorted page of a model's rows (as engine.listQuery), with extra
 * trusted predicates whose values go through `params`. `scoped` false skips the rep scope
 * (the caller checked it another way).
 */
export async function listPage(call: ErpCall, model: ListModel, body: SearchRequest | undefined, extra: (params: SqlParams) => string[] = () => [], scoped = true) {
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const where: string[] = model.where ? [model.where] : [];
  if (scoped) {
    const scope = scopePredicate(call.context.scope, model.salesRepColumn, params);
    if (scope) where.push(scope);
  }
  where.push(...extra(params));
  const filterable = Object.fromEntries(model.filterFields.map((f) => [f, `${model.columns[f]}::text`]));
  where.push(...filterPredicates(request.filters, filterable, params));
  const search = modelSearch(model, request, params);
  if (search) where.push(search);
  const order = orderByClause(request, model.columns, model.defaultSort, model.tieBreak);
  const select = Object.entries(model.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = { text: `SELECT count(*)::int AS n FROM ${model.from} ${filter}`, values: [...params.values] };
  const page = { text: `SELECT ${select} FROM ${model.from} ${filter} ${order} ${pageClause(request, params)}`, values: params.values };
  const { rows, totalCount } = await countedPage(call.db, page, count, request);
  return { ...pageOf(request, totalCount), rows: rows as never };
}

// ------------------------------------------------------------------------------ County/List
/** Customers by state: the ERP mirror keeps no county, so the state is the finest area it has. */
async function counties(call: ErpCall, body: SearchRequest | undefined) {
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const where = ['c.state IS NOT NULL', "c.state <> ''"];
  const scope = scopePredicate(call.context.scope, 'c.sales_rep', params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(request.filters, { company: 'c.company', state: 'c.state', branch: 'c.branch', salesRep: 'c.sales_rep' }, params));
  const search = searchPredicate(request.searchString, request.searchOperator, ['g.state'], params);
  const order = orderByClause(request, { state: 'g.state', customerCount: 'g."customerCount"' }, byName('state'), 'g.state');
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT g.state, g."customerCount", count(*) OVER ()::int AS total_count
       FROM (SELECT c.state, count(*)::int AS "customerCount" FROM erp.customer c WHERE ${where.join(' AND ')} GROUP BY c.state) g
      ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`,
    params.values,
  );
  return { ...pageOf(request, rows[0] ? Number(rows[0].total_count) : 0), rows: rows.map(({ state, customerCount }) => ({ state, customerCount })) };
}

// ------------------------------------------------------------------------------ a rep's accounts
type RepRequest = SearchRequest & { salesRep?: string };

/** The caller's own sales rep code (app.user_master), for a rep's accounts asked without one. */
export async function ownRep(db: Db, user: SessionUser): Promise<string> {
  const { rows } = await db.query<{ sales_rep: string | null }>('SELECT sales_rep FROM app.user_master WHERE user_master_id = $1', [user.userMasterId]);
  const rep = rows[0]?.sales_rep;
  if (!rep) throw badRequest('salesRep is required: you have no sales rep code of your own');
  return rep;
}

/** The rep asked for; 404 when it is unknown or outside the caller's scope. */
export async function requestedRep(call: ErpCall, rep: string): Promise<string> {
  const scope = call.context.scope;
  const inScope = scope.all || scope.salesReps.includes(rep);
  const { rows } = await call.db.query('SELECT 1 FROM erp.sales_rep WHERE sales_rep = $1 LIMIT 1', [rep]);
  if (!inScope || !rows[0]) throw notFound(`Sales rep ${rep} not found`);
  return rep;
}

type RepKind = { model: ListModel; repColumn: string; invoiced: (rep: string) => string };

const REP_KINDS: Record<'customer' | 'shipTo' | 'corporate', RepKind> = {
  customer: {
    model: customerRows,
    repColumn: 'c.sales_rep',
    invoiced: (rep) => `(c.company, c.customer) IN (SELECT h.company, h.customer FROM erp.invoice_header h WHERE h.sales_rep = ${rep})`,
  },
  shipTo: {
    model: shipToRows,
    repColumn: 's.sales_rep',
    invoiced: (rep) => `(s.company, s.ship_to) IN (SELECT h.company, h.ship_to FROM erp.invoice_header h WHERE h.sales_rep = ${rep})`,
  },
  corporate: {
    model: corporateRows,
    repColumn: 'k.sales_rep',
    invoiced: (rep) =>
      `(k.company, k.corporate) IN (SELECT c.company, c.corporate FROM erp.invoice_header h
          JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer
         WHERE h.sales_rep = ${rep} AND c.corporate IS NOT NULL)`,
  },
};

/**
 * primary: the accounts assigned to the rep (within the caller's scope); otherwise the accounts
 * the rep has invoiced (the transaction rep), which the caller reads because the rep is his.
 */
async function repAccounts(call: ErpCall, kind: RepKind, primary: boolean, salesRep: string, body: RepRequest | undefined) {
  const { salesRep: _asked, ...search } = body ?? {};
  const rep = await requestedRep(call, salesRep);
  const page = await listPage(
    call,
    kind.model,
    search,
    (params) => [primary ? `${kind.repColumn} = ${params.add(rep)}` : kind.invoiced(params.add(rep))],
    primary,
  );
  return { salesRep: rep, primary, ...page };
}

// ------------------------------------------------------------------------------ type-ahead search
type AccountSearchBody = { searchString?: string | null; searchOperator?: SearchOperator | null; pageSize?: number; pageNumber?: number; company?: string | null };
type SearchKind = 'Customer' | 'Prospect' | 'ShipTo' | 'Corporate' | 'Supplier';

const SEARCH_SOURCES: Record<SearchKind, { from: string; id: string; name: string; customer: string; branch: boolean; rep: string }> = {
  Customer: { from: 'erp.customer a', id: 'a.customer', name: 'a.customer_name', customer: 'NULL::text', branch: true, rep: 'a.sales_rep' },
  Prospect: { from: 'erp.prospect a', id: 'a.prospect', name: 'a.prospect_name', customer: 'NULL::text', branch: true, rep: 'a.sales_rep' },
  ShipTo: { from: 'erp.ship_to a', id: 'a.ship_to', name: 'a.ship_to_name', customer: 'a.customer', branch: true, rep: 'a.sales_rep' },
  Corporate: { from: 'erp.corporate a', id: 'a.corporate', name: 'a.corporate_name', customer: 'NULL::text', branch: false, rep: 'a.sales_rep' },
  // Suppliers belong to no rep: the call is company-wide (companyWide) behind PurchaseAccessRight.
  Supplier: { from: 'erp.supplier a', id: 'a.supplier', name: 'a.supplier_name', customer: 'NULL::text', branch: false, rep: 'NULL::text' },
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const TYPE_AHEAD_PAGE_SIZE = 50;

/**
 * Accounts whose number or name matches (case-insensitive, by the operator, Contains by
 * default), best first: the number itself, then numbers or names beginning with the text, then
 * the rest; by name within each.
 */
async function accountSearch(call: ErpCall, kinds: SearchKind[], body: AccountSearchBody | undefined) {
  const text = (body?.searchString ?? '').trim();
  const operator = body?.searchOperator ?? 'Contains';
  const pageSize = body?.pageSize ?? TYPE_AHEAD_PAGE_SIZE;
  const pageNumber = body?.pageNumber ?? 1;
  const params = new SqlParams();
  const lowered = params.add(text.toLowerCase());
  const prefix = params.add(`${likeEscape(text.toLowerCase())}%`);
  const company = body?.company ? params.add(body.company) : null;
  const parts = kinds.map((kind) => {
    const s = SEARCH_SOURCES[kind];
    const where: string[] = [];
    const match = searchPredicate(text, operator, [s.id, s.name], params);
    if (match) where.push(match);
    if (company) where.push(`a.company = ${company}`);
    const scope = scopePredicate(call.context.scope, s.rep, params);
    if (scope) where.push(scope);
    const rank = `CASE WHEN lower(${s.id}) = ${lowered} THEN 0
                       WHEN lower(${s.id}) LIKE ${prefix} ESCAPE '\\' OR lower(${s.name}) LIKE ${prefix} ESCAPE '\\' THEN 1 ELSE 2 END`;
    return `SELECT '${kind}'::text AS "accountType", a.company, ${s.id} AS "accountId", ${s.name} AS "accountName", ${s.customer} AS customer,
                   ${address('a')}, ${s.branch ? 'a.branch, b.branch_name' : 'NULL::text AS branch, NULL::text'} AS "branchName",
                   ${s.rep} AS "salesRep", ${rank} AS rank
              FROM ${s.from} ${s.branch ? branchJoin('a') : ''} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  });
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT h.*, count(*) OVER ()::int AS total_count FROM (${parts.join(' UNION ALL ')}) h
      ORDER BY h.rank, lower(h."accountName"), h."accountName", h.company, h."accountId", h."accountType"
      LIMIT ${params.add(pageSize)} OFFSET ${params.add((pageNumber - 1) * pageSize)}`,
    params.values,
  );
  return {
    searchString: text,
    pageNumber,
    pageSize,
    totalCount: rows[0] ? Number(rows[0].total_count) : 0,
    rows: rows.map(({ total_count: _count, rank: _rank, ...row }) => row) as never,
  };
}

// ------------------------------------------------------------------------------ routes
export async function accountDetailRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, []));
  const prospects = answerer((user) => erpCall(app.db, user, [], 'ProspectAccessRight'));
  const purchasing = answerer(async (user) => companyWide(await erpCall(app.db, user, [], 'PurchaseAccessRight')));
  const everyone = answerer(async (user) => companyWide(await erpCall(app.db, user, [])));
  const withProspectRight = answerer((user) => erpCall(app.db, user, ['ProspectAccessRight']));
  const inactive = answerer((user) => erpCall(app.db, user, INACTIVITY_SETTINGS));

  serve(app, branchById, async (request) => everyone(request, (call) => branch(call, request.params.branch, request.params.company)));
  serve(app, companyById, async (request) => everyone(request, (call) => company(call, request.params.company)));
  serve(app, locationById, async (request) => everyone(request, (call) => location(call, request.params.location, request.params.company)));
  serve(app, productGroupById, async (request) => everyone(request, (call) => productGroup(call, request.params.productGroup, request.query.company)));
  serve(app, countyList, async (request) => scoped(request, (call) => counties(call, request.body)));

  serve(app, customerById, async (request) => scoped(request, (call) => findCustomer(call, request.params.customer, request.query.company)));
  serve(app, shipToById, async (request) => scoped(request, (call) => findShipTo(call, request.params.shipTo, request.query.company)));
  serve(app, corporateById, async (request) => scoped(request, (call) => findCorporate(call, request.params.corporate, request.query.company)));
  serve(app, prospectById, async (request) => prospects(request, (call) => findProspect(call, request.params.customer, request.params.company)));
  serve(app, supplierById, async (request) => purchasing(request, (call) => findSupplier(call, request.params.supplier, request.query.company)));

  // The caller's own rep code (app.user_master, not ERP data) is read first and keyed as the rep asked for.
  const repRoute = (kind: RepKind) => async (request: { user: SessionUser; url: string; params: { primary: boolean }; body?: RepRequest }) => {
    const salesRep = request.body?.salesRep || (await ownRep(app.db, request.user));
    return scoped({ user: request.user, url: request.url, body: { ...request.body, salesRep } }, (call) => repAccounts(call, kind, request.params.primary, salesRep, request.body));
  };
  serve(app, customerSalesRep, repRoute(REP_KINDS.customer));
  serve(app, shipToSalesRep, repRoute(REP_KINDS.shipTo));
  serve(app, corporateSalesRep, repRoute(REP_KINDS.corporate));

  // crossCustomerSearchWritebackOverride is accepted, but no request flag widens the caller's scope.
  serve(app, customerSearch, async (request) => withProspectRight(request, (call) => {
    // Prospects join the hits only for a role with ProspectAccessRight.
    const withProspects = request.params.includeProspectAccounts && parseBoolean(call.settings.ProspectAccessRight);
    return accountSearch(call, withProspects ? ['Customer', 'Prospect'] : ['Customer'], request.body);
  }));
  serve(app, corporateSearch, async (request) => scoped(request, (call) => accountSearch(call, ['Corporate'], request.body)));
  serve(app, shipToSearch, async (request) => scoped(request, (call) => accountSearch(call, ['ShipTo'], request.body)));
  serve(app, supplierSearch, async (request) => purchasing(request, (call) => accountSearch(call, ['Supplier'], request.body)));
  serve(app, prospectSearch, async (request) => prospects(request, (call) => accountSearch(call, ['Prospect'], request.body)));

  serve(app, customerInactive, async (request) => inactive(request, (call) => inactivity(call, request.params.customer, request.params.company)));

}

const INACTIVITY_SETTINGS = ['CustomerInactivityDayBasis', 'CustomerInactivityMonthBasis'];

/** A whole number of days or months from a setting (the seed default when it is not one). */
function basis(call: ErpCall, name: string, fallback: number): number {
  const value = Number(call.settings[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

async function inactivity(call: ErpCall, code: string, companyCode: string) {
  const found = await findCustomer(call, code, companyCode);
  const dayBasis = basis(call, 'CustomerInactivityDayBasis', 180);
  const monthBasis = basis(call, 'CustomerInactivityMonthBasis', 24);
  const params = new SqlParams();
  const [c, id, today, months] = [params.add(companyCode), params.add(code), params.add(call.today), params.add(monthBasis)];
  const scope = andScope(call, 'h.sales_rep', params);
  const { rows } = await call.db.query<{ last: string | null; days: number | null; sales: number }>(
    `SELECT to_char(max(h.invoice_date), 'YYYY-MM-DD') AS last, (${today}::date - max(h.invoice_date))::int AS days,
            coalesce(sum(h.sales) FILTER (WHERE h.invoice_date > ${today}::date - make_interval(months => ${months}::int) AND h.invoice_date <= ${today}::date), 0)::float8 AS sales
       FROM erp.invoice_header h WHERE h.company = ${c} AND h.customer = ${id} AND h.invoice_date <= ${today}::date${scope}`,
    params.values,
  );
  const row = rows[0]!;
  return {
    company: found.company,
    customer: found.customer,
    customerName: found.customerName,
    isActive: found.isActive,
    lastInvoiceDate: row.last,
    daysSinceLastInvoice: row.days,
    dayBasis,
    monthBasis,
    salesInMonthBasis: Math.round(Number(row.sales) * 100) / 100,
    isInactive: row.days === null || row.days > dayBasis,
  };
}
