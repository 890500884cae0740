import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Seed 001 §7.12 what an account buys under: its contracts (job pricing, seed 000 details/contract
// /{jobNumber}), dealer types, price libraries, restricted product classes, and the territories
// of the caller's customers and ship-tos. Per sales rep like the accounts: an account outside the
// caller's scope answers 404 like one that does not exist. Corporate contracts need
// ShowCorporateAccounts (403 without).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Code = Type.String({ minLength: 1, maxLength: 40 });
const NotFound = { 404: ErrorBody, ...ErpErrors };

/** A pricing contract: for a customer (every ship-to, or one), or for a corporate account's customers. */
export const ContractListItem = Type.Object({
  company: Text,
  jobNumber: Text,
  description: Text,
  customer: OptText,
  customerName: OptText,
  shipTo: OptText,
  corporate: OptText,
  startDate: IsoDate,
  endDate: Nullable(IsoDate),
  /** Active, Expired or Future, on today. */
  status: Text,
  lineCount: Type.Integer(),
  salesRep: OptText,
});
export const DealerTypeItem = Type.Object({ company: Text, customer: Text, dealerType: Text, description: Text, effectiveDate: IsoDate });
export const PriceLibraryItem = Type.Object({
  company: Text,
  customer: Text,
  priceLibrary: Text,
  description: Text,
  /** 1 is looked at first. */
  priority: Type.Integer(),
  /** Discount off list the library gives, in percent. */
  discountPercent: Type.Number(),
  effectiveDate: IsoDate,
  expirationDate: Nullable(IsoDate),
});
export const RestrictedClassItem = Type.Object({
  company: Text,
  customer: Text,
  restrictedClass: Text,
  description: Text,
  productGroup: OptText,
  productGroupName: OptText,
  reason: Text,
  effectiveDate: IsoDate,
});
/** A territory with how many of the caller's accounts (customers or ship-tos) are in it. */
export const TerritoryItem = Type.Object({ company: Text, territory: Text, territoryName: Text, accountCount: Type.Integer() });

const ofAccount = <P extends string, A extends TSchema, R extends TSchema>(path: P, summary: string, params: A, row: R) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, params, body: AnalyticsSearchRequest, response: { 200: ListResult(row), ...NotFound } });
const CustomerParams = Type.Object({ customer: Code, company: Code });

export const customerContracts = ofAccount('/Customer/Contract/{customer}/{company}', "One of your customers' contracts (its own and its corporate account's)", CustomerParams, ContractListItem);
export const customerDealerTypes = ofAccount('/Customer/DealerType/{customer}/{company}', "One of your customers' dealer types", CustomerParams, DealerTypeItem);
export const customerPriceLibraries = ofAccount('/Customer/PriceLibrary/{customer}/{company}', "One of your customers' price libraries, by priority", CustomerParams, PriceLibraryItem);
export const customerRestrictedClasses = ofAccount('/Customer/RestrictedClass/{customer}/{company}', 'The product classes one of your customers may not buy', CustomerParams, RestrictedClassItem);
export const corporateContracts = ofAccount(
  '/Corporate/Contract/{corporate}/{company}',
  "One of your corporate accounts' contracts: its own and its customers' (ShowCorporateAccounts)",
  Type.Object({ corporate: Code, company: Code }),
  ContractListItem,
);
export const shipToContracts = defineContract({
  method: 'GET',
  path: '/ShipTo/Contract/{shipTo}/{company}',
  service: 'analytics',
  access: 'session',
  summary: "One of your ship-tos' contracts: its own and its customer's for every ship-to (at most 500, by start date, newest first)",
  params: Type.Object({ shipTo: Code, company: Code }),
  response: { 200: ListResult(ContractListItem), ...NotFound },
});

const territories = <P extends string>(path: P, summary: string) =>
  defineContract({ method: 'POST', path, service: 'analytics', access: 'session', summary, body: AnalyticsSearchRequest, response: { 200: ListResult(TerritoryItem), ...ErpErrors } });
export const customerTerritories = territories('/Customer/Territory', 'The territories of your customers, with how many are in each (filters: company, territory)');
export const shipToTerritories = territories('/ShipTo/Territory', 'The territories of your ship-tos, with how many are in each (filters: company, territory)');
