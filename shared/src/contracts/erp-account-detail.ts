import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody, PageNumber } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { BranchListItem, CompanyListItem, CorporateListItem, CustomerListItem, LocationListItem, ProductGroupListItem, ShipToListItem } from './erp-accounts.ts';

// Seed 001 §7.12 account calls that read one record, an account's contacts, a rep's accounts,
// the type-ahead searches and the customer map, from the ERP mirror. Customers, ship-tos,
// corporates and prospects are per sales rep (a rep sees his accounts, a manager his team, an
// admin everything): an account outside the caller's scope answers 404 exactly like one that
// does not exist. Suppliers are company-wide for PurchaseAccessRight; branches, companies,
// locations and product groups are reference data anyone signed in reads.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Flag = Type.Optional(Type.Boolean());
const CompanyQuery = Type.Object({ company: Code });
const NotFound = { 404: ErrorBody, ...ErpErrors };

const Address = { address: OptText, city: OptText, state: OptText, postalCode: OptText, phone: OptText };

// ------------------------------------------------------------------------------ reference by id
const byId = <P extends string, A extends TSchema, R extends TSchema>(path: P, summary: string, params: A, row: R) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, params, response: { 200: row, ...NotFound } });
const byIdWithQuery = <P extends string, A extends TSchema, R extends TSchema, Q extends TSchema>(path: P, summary: string, params: A, row: R, querystring: Q) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, params, querystring, response: { 200: row, ...NotFound } });

export const branchById = byId('/Branch/ById/{branch}/{company}', 'One branch of a company', Type.Object({ branch: Code, company: Code }), BranchListItem);
export const companyById = byId('/Company/ById/{company}', 'One ERP company', Type.Object({ company: Code }), CompanyListItem);
export const locationById = byId('/Location/ById/{location}/{company}', 'One stocking location of a company', Type.Object({ location: Code, company: Code }), LocationListItem);
export const productGroupById = byIdWithQuery(
  '/ProductGroup/ById/{productGroup}',
  'One product group (of the company in the query, else of the first company that has it)',
  Type.Object({ productGroup: Code }),
  ProductGroupListItem,
  Type.Object({ company: Type.Optional(Code) }),
);

/** The states the caller's customers are in (the ERP mirror keeps no county: the list is by state). */
export const CountyListItem = Type.Object({ state: Text, customerCount: Type.Integer() });
export const countyList = defineContract({
  method: 'POST',
  path: '/County/List',
  service: 'analytics',
  access: 'session',
  summary: "The states of your customers, with how many are in each (searched, sorted by state, paged)",
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(CountyListItem), ...ErpErrors },
});

// ------------------------------------------------------------------------------ one account
const RepName = { salesRepName: OptText };

export const CustomerDetail = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
  ...RepName,
  corporate: OptText,
  corporateName: OptText,
  accountClass1: OptText,
  accountClass2: OptText,
  accountClass3: OptText,
  accountClass4: OptText,
  accountClass5: OptText,
  creditLimit: Nullable(Type.Number()),
  terms: OptText,
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  createdDate: IsoDate,
  isActive: Type.Boolean(),
  shipToCount: Type.Integer(),
  contactCount: Type.Integer(),
});
export const ShipToDetail = Type.Object({
  company: Text,
  shipTo: Text,
  shipToName: Text,
  customer: Text,
  customerName: OptText,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
  ...RepName,
  createdDate: IsoDate,
});
export const CorporateDetail = Type.Object({
  company: Text,
  corporate: Text,
  corporateName: Text,
  ...Address,
  salesRep: OptText,
  ...RepName,
  customerCount: Type.Integer(),
});
export const ProspectDetail = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
  ...RepName,
  accountClass1: OptText,
  source: OptText,
  createdDate: IsoDate,
});
export const SupplierDetail = Type.Object({
  company: Text,
  supplier: Text,
  supplierName: Text,
  ...Address,
  terms: OptText,
  leadDays: Nullable(Type.Integer()),
  itemCount: Type.Integer(),
});

export const customerById = byIdWithQuery('/Customer/{customer}', 'One of your customers (query company)', Type.Object({ customer: Code }), CustomerDetail, CompanyQuery);
export const shipToById = byIdWithQuery('/ShipTo/{shipTo}', 'One of your ship-tos (query company)', Type.Object({ shipTo: Code }), ShipToDetail, CompanyQuery);
export const corporateById = byIdWithQuery('/Corporate/{corporate}', 'One of your corporate accounts (query company)', Type.Object({ corporate: Code }), CorporateDetail, CompanyQuery);
export const supplierById = defineContract({
  method: 'GET',
  path: '/Supplier/{supplier}',
  service: 'analytics',
  access: 'session',
  summary: 'One supplier (query company; PurchaseAccessRight)',
  params: Type.Object({ supplier: Code }),
  querystring: CompanyQuery,
  response: { 200: SupplierDetail, ...NotFound },
});
export const prospectById = defineContract({
  method: 'GET',
  path: '/Prospect/{customer}/{company}',
  service: 'analytics',
  access: 'session',
  summary: 'One of your prospects (ProspectAccessRight)',
  params: Type.Object({ customer: Code, company: Code }),
  response: { 200: ProspectDetail, ...NotFound },
});

// ------------------------------------------------------------------------------ a rep's accounts
/** The search request, and the rep whose accounts are wanted (default: the caller's own code). */
export const SalesRepAccountsRequest = Type.Object({ ...AnalyticsSearchRequest.properties, salesRep: Type.Optional(Code) });
/** primary true: accounts the rep is assigned to; false: accounts he has invoiced (the transaction rep). */
const PrimaryParams = Type.Object({ primary: Type.Boolean() });
const repAccounts = <P extends string, R extends TSchema>(path: P, summary: string, row: R) =>
  defineContract({
    method: 'POST',
    path,
    service: 'analytics',
    access: 'session',
    summary,
    params: PrimaryParams,
    body: SalesRepAccountsRequest,
    response: { 200: ListResult(row, { salesRep: Text, primary: Type.Boolean() }), ...NotFound },
  });
export const customerSalesRep = repAccounts('/Customer/SalesRep/{primary}', "A sales rep's customers: assigned (primary true) or invoiced by him (false)", CustomerListItem);
export const corporateSalesRep = repAccounts('/Corporate/SalesRep/{primary}', "A sales rep's corporate accounts: assigned, or with customers he invoiced", CorporateListItem);
export const shipToSalesRep = repAccounts('/ShipTo/SalesRep/{primary}', "A sales rep's ship-tos: assigned, or invoiced by him", ShipToListItem);

// ------------------------------------------------------------------------------ type-ahead search
/** Type-ahead: seed 000 §9 page size 50, at most 100 results. */
export const AccountSearchRequest = Type.Object({
  searchString: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  searchOperator: Type.Optional(Type.Union([Type.Literal('Contains'), Type.Literal('Exact'), Type.Literal('BeginsWith'), Type.Literal('EndsWith'), Type.Null()])),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  pageNumber: Type.Optional(PageNumber),
  company: Type.Optional(Type.Union([Code, Type.Null()])),
});
export const AccountType = Type.Union([Type.Literal('Customer'), Type.Literal('Prospect'), Type.Literal('ShipTo'), Type.Literal('Corporate'), Type.Literal('Supplier')]);
/** One hit: seed 000 §3 jump-to results (company, id, name, address, branch), the same for every account type. */
export const AccountSearchItem = Type.Object({
  accountType: AccountType,
  company: Text,
  accountId: Text,
  accountName: Text,
  /** The ship-to's customer; null for other accounts. */
  customer: OptText,
  ...Address,
  branch: OptText,
  branchName: OptText,
  salesRep: OptText,
});
const SearchResult = ListResult(AccountSearchItem, { searchString: Text });
const search = <P extends string>(path: P, summary: string) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, body: AccountSearchRequest, response: { 200: SearchResult, ...ErpErrors } });
const RANKED = 'by number or name, exact number first, then beginning with, then containing';
export const customerSearch = defineContract({
  method: 'POST',
  path: '/Customer/Search/{includeProspectAccounts}',
  service: 'analytics',
  access: 'session',
  summary: `Your customers (and prospects when asked) ${RANKED}`,
  params: Type.Object({ includeProspectAccounts: Type.Boolean() }),
  querystring: Type.Object({ crossCustomerSearchWritebackOverride: Flag }),
  body: AccountSearchRequest,
  response: { 200: SearchResult, ...ErpErrors },
});
export const corporateSearch = search('/Corporate/Search', `Your corporate accounts ${RANKED}`);
export const shipToSearch = search('/ShipTo/Search', `Your ship-tos ${RANKED}`);
export const prospectSearch = search('/Prospect/Search', `Your prospects ${RANKED}`);
export const supplierSearch = search('/Supplier/Search', `Suppliers (PurchaseAccessRight) ${RANKED}`);

// ------------------------------------------------------------------------------ inactivity
/**
 * Whether one of your customers has gone quiet: the ERP's active flag, the last invoice, and the
 * seed's CustomerInactivityDayBasis (180) / CustomerInactivityMonthBasis (24) settings: inactive
 * means no invoice for more than dayBasis days; sales of the last monthBasis months beside it.
 */
export const CustomerInactivity = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  isActive: Type.Boolean(),
  lastInvoiceDate: Nullable(IsoDate),
  daysSinceLastInvoice: Nullable(Type.Integer()),
  dayBasis: Type.Integer(),
  monthBasis: Type.Integer(),
  salesInMonthBasis: Type.Number(),
  isInactive: Type.Boolean(),
});
export const customerInactive = defineContract({
  method: 'POST',
  path: '/Customer/Inactive/{customer}/{company}',
  service: 'analytics',
  access: 'session',
  summary: 'Whether one of your customers is inactive: ERP flag, last invoice, days without one against CustomerInactivityDayBasis',
  params: Type.Object({ customer: Code, company: Code }),
  response: { 200: CustomerInactivity, ...NotFound },
});

// ------------------------------------------------------------------------------ contacts
/** Seed 000 §3 contact list item, with the contact's name parts, title, e-mail and phone. */
export const ContactListItem = Type.Object({
  company: Text,
  contact: Text,
  contactName: Text,
  firstName: OptText,
  lastName: OptText,
  title: OptText,
  email: OptText,
  phone: OptText,
  customer: OptText,
  customerName: OptText,
  physAddress1: OptText,
  physCity: OptText,
  physState: OptText,
  physPostalCode: OptText,
});
/** The restriction overrides a contact list takes (seed 001 §7.12). */
export const ContactRestrictionQuery = Type.Object({ contactRestrictionCrmOverrideAllowed: Flag, contactRestrictionReportOverrideAllowed: Flag });
const contacts = <P extends string, A extends TSchema>(path: P, summary: string, params: A) =>
  defineContract({
    method: 'POST',
    path,
    service: 'analytics',
    access: 'session',
    summary,
    params,
    querystring: ContactRestrictionQuery,
    body: AnalyticsSearchRequest,
    response: { 200: ListResult(ContactListItem), ...NotFound },
  });
export const customerContacts = contacts('/Customer/Contact/{customer}/{company}', "One of your customers' contacts", Type.Object({ customer: Code, company: Code }));
export const shipToContacts = contacts('/ShipTo/Contact/{shipTo}/{company}', "The contacts of one of your ship-tos (its customer's contacts)", Type.Object({ shipTo: Code, company: Code }));

// ------------------------------------------------------------------------------ customer map
export const CustomerMapItem = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Miles from the radius search's centre; null on the plain map list. */
  distanceMiles: Nullable(Type.Number()),
});
export const customerLatitudeLongitude = defineContract({
  method: 'POST',
  path: '/Customer/Map/LatitudeLongitude/{customer}',
  service: 'analytics',
  access: 'session',
  summary: "Where one of your customers is (query company; null coordinates when the ERP has none)",
  params: Type.Object({ customer: Code }),
  querystring: CompanyQuery,
  response: { 200: Type.Object({ company: Text, customer: Text, customerName: Text, latitude: Nullable(Type.Number()), longitude: Nullable(Type.Number()) }), ...NotFound },
});
export const customerMapList = defineContract({
  method: 'POST',
  path: '/Customer/Map/List',
  service: 'analytics',
  access: 'session',
  summary: 'Your customers that have coordinates: searched, filtered, sorted, paged',
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(CustomerMapItem), ...ErpErrors },
});
export const customerMapRadius = defineContract({
  method: 'POST',
  path: '/Customer/Map/Radius/{lat}/{lng}/{radius}',
  service: 'analytics',
  access: 'session',
  summary: 'Your customers within radius miles of a point, nearest first',
  params: Type.Object({
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    radius: Type.Number({ exclusiveMinimum: 0, maximum: 12500 }),
  }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(CustomerMapItem), ...ErpErrors },
});
