/**
 * Seed 001 §7.12 contact reads: one contact (ContactAccessRight), the contacts of the caller's
 * customers, of one account (customer, ship-to, supplier), every contact with its account, the
 * contact form's choices and a customer's contact type-ahead.
 *
 * Customer contacts are scoped by their customer's rep: another rep's customer (or its contact)
 * answers 404 like one that does not exist. Supplier contacts are company-wide behind
 * PurchaseAccessRight. Restricted contacts (do not contact) are left out of every list unless
 * the request asks for an override its role allows (seed 000 §9: the CRM and report restriction
 * overrides pass to contact lists): contactRestrictionCrmOverrideAllowed or
 * contactRestrictionReportOverrideAllowed true, with the role's setting of the same name on.
 */
import type { FastifyInstance } from 'fastify';
import {
  accountContactList,
  contactAccountList,
  contactById,
  contactList,
  contactOptions,
  contactSearch,
  customerContacts,
  shipToContacts,
  supplierContacts,
  type ContactDetail,
} from '@tradeboard/shared/contracts';
import { sectionIdOf } from '@tradeboard/shared/constants';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import { serve } from '../platform/route.ts';
import { byName } from './accounts-routes.ts';
import { andScope, findCustomer, findShipTo, findSupplier, listPage, one } from './account-detail-routes.ts';
import type { ListModel } from './engine.ts';
import { answerer, companyWide, erpCall, requireRight, UNDATED, type ErpCall } from './erp-common.ts';
import { scopePredicate } from './scope.ts';
import { badRequest, SqlParams, type SearchRequest, type TextMatch } from './search-request.ts';

/** The override settings, each named like its request flag. */
export const CONTACT_RESTRICTION_SETTINGS = ['ContactRestrictionCrmOverrideAllowed', 'ContactRestrictionReportOverrideAllowed'] as const;
type RestrictionQuery = { contactRestrictionCrmOverrideAllowed?: boolean; contactRestrictionReportOverrideAllowed?: boolean };

/** `NOT t.is_restricted` unless the request asks for an override the caller's role allows. */
function restriction(call: ErpCall, query: RestrictionQuery | undefined): string[] {
  const lifted = CONTACT_RESTRICTION_SETTINGS.some((name) => {
    const flag = `${name[0]!.toLowerCase()}${name.slice(1)}` as keyof RestrictionQuery;
    return query?.[flag] === true && parseBoolean(call.settings[name]);
  });
  return lifted ? [] : ['NOT t.is_restricted'];
}

const CONTACT_FROM = 'erp.contact t LEFT JOIN erp.customer c ON c.company = t.company AND c.customer = t.customer';
const CONTACT_COLUMNS = {
  company: 't.company',
  contact: 't.contact',
  contactName: 't.contact_name',
  firstName: 't.first_name',
  lastName: 't.last_name',
  title: 't.title',
  email: 't.email',
  phone: 't.phone',
  customer: 't.customer',
  customerName: 'c.customer_name',
  physAddress1: 't.phys_address1',
  physCity: 't.phys_city',
  physState: 't.phys_state',
  physPostalCode: 't.phys_postal_code',
};

/**
 * The contact jump's search: the contact's number, name, e-mail and title (a trigram index each),
 * or its customer's name, the customers found by name first and entering as a list of keys, so
 * every arm of the OR is an index condition (migration 240; docs/decisions.md "Searches on trigram
 * indexes"). Matched on the joined customer instead, the OR read every contact of the scope.
 */
function contactTextSearch(match: TextMatch): string {
  const named = `SELECT x.company, x.customer FROM erp.customer x WHERE ${match('x.customer_name')}`;
  return `(${['t.contact', 't.contact_name', 't.email', 't.title'].map(match).join(' OR ')}
    OR (t.customer = ANY(ARRAY(SELECT n.customer FROM (${named}) n)) AND (t.company, t.customer) IN (${named})))`;
}

/** Customers' contacts, scoped by the customer's rep. */
const contactRows: ListModel = {
  name: 'Contact',
  from: CONTACT_FROM,
  dateColumn: UNDATED,
  salesRepColumn: 'c.sales_rep',
  columns: CONTACT_COLUMNS,
  where: 't.supplier IS NULL',
  searchColumns: ['contact', 'contactName', 'email', 'title', 'customerName'],
  searchMatch: contactTextSearch,
  filterFields: ['company', 'contact', 'customer', 'title', 'physCity', 'physState'],
  defaultSort: byName('contactName'),
  tieBreak: 't.company, t.contact',
};

/** Suppliers' contacts (company-wide: read with companyWide). */
const supplierContactRows: ListModel = { ...contactRows, name: 'Supplier/Contact', where: 't.supplier IS NOT NULL', filterFields: ['company', 'contact', 'title', 'physCity', 'physState'] };

/** Contacts with their account: the supplier, else the ship-to they work at, else the customer. */
const accountContactRows: ListModel = {
  ...contactRows,
  name: 'Contact/AccountContactList',
  from: `${CONTACT_FROM} LEFT JOIN erp.ship_to s ON s.company = t.company AND s.ship_to = t.ship_to
         LEFT JOIN erp.supplier v ON v.company = t.company AND v.supplier = t.supplier`,
  columns: {
    ...CONTACT_COLUMNS,
    accountType: "CASE WHEN t.supplier IS NOT NULL THEN 'Supplier' WHEN t.ship_to IS NOT NULL THEN 'ShipTo' ELSE 'Customer' END",
    accountId: 'coalesce(t.supplier, t.ship_to, t.customer)',
    accountName: 'coalesce(v.supplier_name, s.ship_to_name, c.customer_name)',
    isRestricted: 't.is_restricted',
  },
  where: undefined,
  searchColumns: ['contact', 'contactName', 'email', 'title', 'accountId', 'accountName'],
  searchMatch: undefined,
  filterFields: ['company', 'contact', 'customer', 'title', 'physCity', 'physState', 'accountType', 'accountId'],
};

/** One contact of the caller's customers or (with PurchaseAccessRight) of a supplier; 404 otherwise. */
export async function findContact(call: ErpCall, contactId: string, company: string | undefined) {
  const params = new SqlParams();
  const [id, companyCode] = [params.add(contactId), params.add(company ?? null)];
  const purchasing = parseBoolean(call.settings.PurchaseAccessRight);
  const scope = scopePredicate(call.context.scope, 'c.sales_rep', params) ?? 'true';
  const select = Object.entries(CONTACT_COLUMNS).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  return one<ContactDetail>(
    call,
    `SELECT ${select}, t.ship_to AS "shipTo", t.supplier, v.supplier_name AS "supplierName", c.sales_rep AS "salesRep", t.is_restricted AS "isRestricted", t.version
       FROM ${CONTACT_FROM} LEFT JOIN erp.supplier v ON v.company = t.company AND v.supplier = t.supplier
      WHERE t.contact = ${id} AND (${companyCode}::text IS NULL OR t.company = ${companyCode})
        AND (${purchasing ? 't.supplier IS NOT NULL OR ' : ''}(t.supplier IS NULL AND ${scope}))
      ORDER BY t.company LIMIT 1`,
    params.values,
    `Contact ${contactId} not found`,
  );
}

/** A customer's contacts (the customer checked by the caller). */
function customerContactPage(call: ErpCall, company: string, customer: string, query: RestrictionQuery | undefined, body: SearchRequest | undefined) {
  return listPage(call, contactRows, body, (params) => [`t.company = ${params.add(company)}`, `t.customer = ${params.add(customer)}`, ...restriction(call, query)]);
}

function supplierContactPage(call: ErpCall, company: string, supplier: string, query: RestrictionQuery | undefined, body: SearchRequest | undefined) {
  return listPage(companyWide(call), supplierContactRows, body, (params) => [`t.company = ${params.add(company)}`, `t.supplier = ${params.add(supplier)}`, ...restriction(call, query)]);
}

type AccountKind = 'Customer' | 'ShipTo' | 'Supplier';

/** One account's contacts with their account columns: the account found first (404, or 403 for a supplier without PurchaseAccessRight). */
async function accountContacts(call: ErpCall, kind: AccountKind, accountId: string, company: string, query: RestrictionQuery | undefined, body: SearchRequest) {
  const restricted = restriction(call, query);
  if (kind === 'Supplier') {
    requireRight(call.settings, 'PurchaseAccessRight');
    await findSupplier(call, accountId, company);
    return listPage(companyWide(call), accountContactRows, body, (params) => [`t.company = ${params.add(company)}`, `t.supplier = ${params.add(accountId)}`, ...restricted]);
  }
  const customer = kind === 'Customer' ? (await findCustomer(call, accountId, company)).customer : (await findShipTo(call, accountId, company)).customer;
  return listPage(call, accountContactRows, body, (params) => [
    `t.company = ${params.add(company)}`,
    `t.customer = ${params.add(customer)}`,
    't.supplier IS NULL',
    ...(kind === 'ShipTo' ? [`(t.ship_to = ${params.add(accountId)} OR t.ship_to IS NULL)`] : []),
    ...restricted,
  ]);
}

/** Every contact of the caller's customers, and of the suppliers with PurchaseAccessRight. */
function everyAccountContact(call: ErpCall, query: RestrictionQuery | undefined, body: SearchRequest | undefined) {
  const purchasing = parseBoolean(call.settings.PurchaseAccessRight);
  return listPage(
    call,
    accountContactRows,
    body,
    (params) => {
      const scope = scopePredicate(call.context.scope, 'c.sales_rep', params) ?? 'true';
      return [purchasing ? `(t.supplier IS NOT NULL OR ${scope})` : `(t.supplier IS NULL AND ${scope})`, ...restriction(call, query)];
    },
    false,
  );
}

/** The contact form's choices: the companies, and the titles and states of the caller's customers' contacts. */
async function options(call: ErpCall, sectionName: string) {
  if (!sectionIdOf(sectionName)) throw badRequest(`Unknown sectionName '${sectionName}'`);
  const params = new SqlParams();
  const scope = andScope(call, 'c.sales_rep', params);
  const { rows } = await call.db.query<{ name: string; value: string; label: string }>(
    `SELECT 'company' AS name, company AS value, company_name AS label FROM erp.company
     UNION ALL SELECT DISTINCT 'title', t.title, t.title FROM ${CONTACT_FROM} WHERE t.title IS NOT NULL AND t.supplier IS NULL${scope}
     UNION ALL SELECT DISTINCT 'physState', t.phys_state, t.phys_state FROM ${CONTACT_FROM} WHERE t.phys_state IS NOT NULL AND t.supplier IS NULL${scope}
     ORDER BY 1, 3, 2`,
    params.values,
  );
  return { sectionName, options: ['company', 'title', 'physState'].map((name) => ({ name, values: rows.filter((r) => r.name === name).map(({ value, label }) => ({ value, label })) })) };
}

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const contacts = answerer((user) => erpCall(app.db, user, [...CONTACT_RESTRICTION_SETTINGS, 'PurchaseAccessRight']));
  const oneContact = answerer((user) => erpCall(app.db, user, ['PurchaseAccessRight'], 'ContactAccessRight'));
  const suppliers = answerer((user) => erpCall(app.db, user, CONTACT_RESTRICTION_SETTINGS, 'PurchaseAccessRight'));

  serve(app, contactById, async (request) => oneContact(request, (call) => findContact(call, request.query.contactId, request.query.company)));
  serve(app, contactList, async (request) => contacts(request, (call) => listPage(call, contactRows, request.body, () => restriction(call, request.query))));
  serve(app, contactAccountList, async (request) =>
    contacts(request, (call) => {
      const { accountType, accountId, company, ...search } = request.body;
      return accountContacts(call, accountType, accountId, company, request.query, search);
    }),
  );
  // removeUserPermissions is accepted, but nothing in a request widens the caller's data scope.
  serve(app, accountContactList, async (request) => contacts(request, (call) => everyAccountContact(call, request.query, request.body)));
  serve(app, contactOptions, async (request) => contacts(request, (call) => options(call, request.params.sectionName)));
  serve(app, contactSearch, async (request) =>
    contacts(request, async (call) => {
      const { customer, company } = request.params;
      await findCustomer(call, customer, company);
      const { searchString, searchOperator, pageSize, pageNumber } = request.body ?? {};
      const text = (searchString ?? '').trim();
      const page = await customerContactPage(call, company, customer, request.query, { searchString: text, searchOperator, pageSize: pageSize ?? 50, pageNumber });
      return { searchString: text, ...page };
    }),
  );

  serve(app, customerContacts, async (request) =>
    contacts(request, async (call) => {
      const { customer, company } = request.params;
      await findCustomer(call, customer, company);
      return customerContactPage(call, company, customer, request.query, request.body);
    }),
  );
  serve(app, shipToContacts, async (request) =>
    contacts(request, async (call) => {
      const site = await findShipTo(call, request.params.shipTo, request.params.company);
      return customerContactPage(call, request.params.company, site.customer, request.query, request.body);
    }),
  );
  serve(app, supplierContacts, async (request) =>
    suppliers(request, async (call) => {
      const { supplier, company } = request.params;
      await findSupplier(call, supplier, company);
      return supplierContactPage(call, company, supplier, request.query, request.body);
    }),
  );
}
