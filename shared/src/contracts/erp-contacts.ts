import { Type, type Static, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { AccountSearchRequest, ContactListItem, ContactRestrictionQuery } from './erp-account-detail.ts';

// Seed 001 §7.12 contact reads. A contact belongs to an account: a customer (and its ship-tos)
// or a supplier. Customer contacts are read through their customer, so a rep reads the contacts
// of his own customers only (another rep's answers 404); supplier contacts need
// PurchaseAccessRight. ContactAccessRight gates loading a single contact (seed 000 §9).
// Contacts the ERP marks restricted (do not contact) are left out of every list unless the
// request asks for a restriction override (contactRestrictionCrmOverrideAllowed for the CRM,
// contactRestrictionReportOverrideAllowed for reports) and the caller's role has that setting on.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Flag = Type.Optional(Type.Boolean());
const NotFound = { 404: ErrorBody, ...ErpErrors };

/** A contact's account kinds. */
export const ContactAccountType = Type.Union([Type.Literal('Customer'), Type.Literal('ShipTo'), Type.Literal('Supplier')]);

/** One contact: the list item, its ship-to or supplier, the account's rep, whether it is restricted and its version (counts edits). */
export const ContactDetail = Type.Object({
  ...ContactListItem.properties,
  shipTo: OptText,
  supplier: OptText,
  supplierName: OptText,
  salesRep: OptText,
  isRestricted: Type.Boolean(),
  version: Type.Integer(),
});
export type ContactDetail = Static<typeof ContactDetail>;

/** A contact with the account it belongs to (one row per contact). */
export const AccountContactItem = Type.Object({
  ...ContactListItem.properties,
  accountType: ContactAccountType,
  accountId: Text,
  accountName: OptText,
  isRestricted: Type.Boolean(),
});

export const contactById = defineContract({
  method: 'GET',
  path: '/Contact/Contact',
  service: 'analytics',
  access: 'session',
  summary: 'One contact of your accounts (query contactId, company optional; ContactAccessRight)',
  querystring: Type.Object({ contactId: Code, company: Type.Optional(Code) }),
  response: { 200: ContactDetail, ...NotFound },
});

export const contactList = defineContract({
  method: 'POST',
  path: '/Contact/List',
  service: 'analytics',
  access: 'session',
  summary: "Your customers' contacts: searched (contact, name, e-mail, title, customer), filtered, sorted, paged",
  querystring: ContactRestrictionQuery,
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ContactListItem), ...ErpErrors },
});

/** The account whose contacts are asked for. */
export const AccountContactsRequest = Type.Object({
  ...AnalyticsSearchRequest.properties,
  accountType: ContactAccountType,
  accountId: Code,
  company: Code,
});
export const contactAccountList = defineContract({
  method: 'POST',
  path: '/Contact/Account/List',
  service: 'analytics',
  access: 'session',
  summary: "One account's contacts (accountType Customer, ShipTo or Supplier, accountId, company in the body)",
  querystring: ContactRestrictionQuery,
  body: AccountContactsRequest,
  response: { 200: ListResult(AccountContactItem), ...NotFound },
});

export const accountContactList = defineContract({
  method: 'POST',
  path: '/Contact/AccountContactList',
  service: 'analytics',
  access: 'session',
  summary: 'Every contact of your accounts with its account (customers; suppliers too with PurchaseAccessRight); removeUserPermissions never widens your data scope',
  querystring: Type.Object({ ...ContactRestrictionQuery.properties, removeUserPermissions: Flag }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(AccountContactItem), ...ErpErrors },
});

/** One choice of a form's drop-down. */
export const OptionValue = Type.Object({ value: Text, label: Text });
/** The drop-down choices of a section's add form, by field name. */
export const SectionOptions = Type.Object({
  sectionName: Text,
  options: Type.Array(Type.Object({ name: Text, values: Type.Array(OptionValue) })),
});
/** A seed 000 section name (case-insensitive); unknown names are a 400. */
export const SectionNameParams = Type.Object({ sectionName: Type.String({ minLength: 1, maxLength: 40 }) });

export const contactOptions = defineContract({
  method: 'GET',
  path: '/Contact/ContactOptions/{sectionName}',
  service: 'analytics',
  access: 'session',
  summary: "The contact form's choices on a section: companies, your customers' titles and states",
  params: SectionNameParams,
  response: { 200: SectionOptions, ...ErpErrors },
});

export const contactSearch = defineContract({
  method: 'POST',
  path: '/Contact/Search/{customer}/{company}',
  service: 'analytics',
  access: 'session',
  summary: "Type-ahead over one of your customers' contacts (contact, name, e-mail, title), by name; page size 50 by default",
  params: Type.Object({ customer: Code, company: Code }),
  querystring: ContactRestrictionQuery,
  body: AccountSearchRequest,
  response: { 200: ListResult(ContactListItem, { searchString: Text }), ...NotFound },
});

export const supplierContacts = defineContract({
  method: 'POST',
  path: '/Supplier/Contact/{supplier}/{company}',
  service: 'analytics',
  access: 'session',
  summary: "A supplier's contacts (PurchaseAccessRight)",
  params: Type.Object({ supplier: Code, company: Code }),
  querystring: ContactRestrictionQuery,
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ContactListItem), ...NotFound },
});
