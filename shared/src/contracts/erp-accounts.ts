import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors, } from './erp-accounting.ts';

// Seed 001 §7.12 account lists and summaries that feed components, and the reference lists
// (Branch, Company, Location, ProductGroup). List rows follow seed 000 §3's list items.
// Customers, ship-tos, corporates and prospects are per sales rep (a rep sees his accounts);
// suppliers are company-wide for users whose PurchaseAccessRight is on.

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = Type.Number();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const Code = Type.String({ minLength: 1, maxLength: 40 });
const search = AnalyticsSearchRequest;

const Address = { address: OptText, city: OptText, state: OptText, postalCode: OptText, phone: OptText };

/** Seed 000 §3 customer list item (prospects use the same shape), with the account's rep and place. */
export const CustomerListItem = Type.Object({
  company: Text,
  customer: Text,
  customerName: Text,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
  corporate: OptText,
});
export const ShipToListItem = Type.Object({
  company: Text,
  shipTo: Text,
  shipToName: Text,
  customer: Text,
  customerName: OptText,
  ...Address,
  branch: Text,
  branchName: OptText,
  salesRep: Text,
});
export const CorporateListItem = Type.Object({ company: Text, corporate: Text, corporateName: Text, ...Address, salesRep: OptText, customerCount: Type.Integer() });
export const SupplierListItem = Type.Object({ company: Text, supplier: Text, supplierName: Text, ...Address, terms: OptText, leadDays: Nullable(Type.Integer()) });

const list = <P extends string>(path: P, summary: string, row: TSchema) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, body: search, response: { 200: ListResult(row), ...ErpErrors } });

export const customerList = list('/Customer/List', 'Your customers: searched, filtered, sorted, paged', CustomerListItem);
export const shipToList = list('/ShipTo/List', 'Your ship-tos: searched, filtered, sorted, paged', ShipToListItem);
export const corporateList = list('/Corporate/List', 'Your corporate accounts with their customer counts', CorporateListItem);
export const prospectList = list('/Prospect/List', 'Your prospects (customer list item shape)', CustomerListItem);
export const supplierList = list('/Supplier/List', 'Suppliers (PurchaseAccessRight)', SupplierListItem);

// ------------------------------------------------------------------------------ summaries
/** Seed 000 §3 "Account display". */
const AccountDisplay = Type.Object({
  company: Text,
  accountId: Text,
  accountName: Text,
  city: OptText,
  state: OptText,
  branch: OptText,
  branchName: OptText,
  salesRep: OptText,
  CRMDisplayAccountAddress: Type.Boolean(),
});

/** Sales of this month, last month, YTD, last year YTD and last year (purchases for a supplier). */
const SummaryPeriod = Type.Object({ dateSlug: Text, label: Text, from: IsoDate, to: IsoDate, amount: Money, grossProfit: Nullable(Money) });

export const AccountSummary = Type.Object({
  account: AccountDisplay,
  periods: Type.Array(SummaryPeriod),
  /** Open order amount (open purchase orders for a supplier); null where the account has none by nature. */
  openOrders: Nullable(Money),
  openQuotes: Nullable(Money),
  /** Open receivables (payables for a supplier) and the part past due. */
  openBalance: Nullable(Money),
  pastDue: Nullable(Money),
  lastDocumentDate: Nullable(IsoDate),
});

const summary = <P extends string, K extends string>(path: P, key: K, summaryText: string) =>
  defineContract({
    method: 'POST',
    path,
    service: 'analytics',
    access: 'session',
    summary: summaryText,
    body: Type.Object({ company: Code, ...({ [key]: Code } as Record<K, typeof Code>) }),
    response: { 200: AccountSummary, 404: ErrorBody, ...ErpErrors },
  });

export const customerSummary = summary('/Customer/Summary', 'customer', 'One customer: display, sales by period, open orders and quotes, receivables');
export const shipToSummary = summary('/ShipTo/Summary', 'shipTo', 'One ship-to: display, sales by period, open orders, receivables of its customer');
export const corporateSummary = summary('/Corporate/Summary', 'corporate', 'One corporate account: its customers together');
export const prospectSummary = summary('/Prospect/Summary', 'prospect', 'One prospect: display and open quotes');
export const supplierSummary = summary('/Supplier/Summary', 'supplier', 'One supplier: purchases by period, open purchase orders, payables');

// ------------------------------------------------------------------------------ reference lists
const CompanyParams = Type.Object({ company: Code });
export const BranchListItem = Type.Object({ company: Text, branch: Text, branchName: Text, ...Address });
export const LocationListItem = Type.Object({ company: Text, location: Text, locationName: Text, branch: Text, city: OptText, state: OptText });
export const CompanyListItem = Type.Object({ company: Text, companyName: Text });
export const ProductGroupListItem = Type.Object({ company: Text, productGroup: Text, productGroupName: Text });

export const branchList = defineContract({
  method: 'POST',
  path: '/Branch/List/{company}',
  service: 'analytics',
  access: 'session',
  summary: "A company's branches",
  params: CompanyParams,
  body: search,
  response: { 200: ListResult(BranchListItem), ...ErpErrors },
});
export const locationList = defineContract({
  method: 'POST',
  path: '/Location/List/{company}',
  service: 'analytics',
  access: 'session',
  summary: "A company's stocking locations",
  params: CompanyParams,
  body: search,
  response: { 200: ListResult(LocationListItem), ...ErpErrors },
});
export const companyList = list('/Company/List', 'The ERP companies', CompanyListItem);
export const productGroupList = list('/ProductGroup/List', 'Product groups of every company', ProductGroupListItem);
