import { Type, type Static, type TSchema } from 'typebox';
import { ErrorBody, NoContent } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { ContactDetail } from './erp-contacts.ts';

// Seed 001 §7.12 contact writes (issue 27): create, edit and delete a contact, and link it to more
// customers, ship-tos, sales reps and suppliers. ContactAccessRight gates every call (403
// without); ContactCreationLockdown decides who may create one (CONTACT_CREATION_LOCKDOWNS). A
// contact is in the scope of its own customer's rep: another rep's contact answers 404 like one
// that does not exist; linking never widens that scope. A company is optional where the seed's
// path names none: the contact's (the first company holding that number). Each write is audited;
// an edit from an older version is a 409 carrying the current contact. A save answers the
// caller's other contacts with the same e-mail or phone (duplicates) for the editor to warn about.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Field = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
const Errors = { 404: ErrorBody, ...ErpErrors };
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the edit started from (409 when another edit came first)' });

/**
 * Who may create contacts (seed default NoLockdown): NoLockdown anyone with ContactAccessRight,
 * ManagerAndAdmin managers (a rep others report to) and administrators, AdminOnly administrators.
 * Any other value locks creation like AdminOnly.
 */
export const CONTACT_CREATION_LOCKDOWNS = ['NoLockdown', 'ManagerAndAdmin', 'AdminOnly'] as const;
export type ContactCreationLockdown = (typeof CONTACT_CREATION_LOCKDOWNS)[number];

/** A contact's editable fields; contactName defaults to first and last name. */
export const ContactFields = Type.Object({
  contactName: Field(120),
  firstName: Field(60),
  lastName: Field(60),
  title: Field(80),
  email: Field(254),
  phone: Field(40),
  physAddress1: Field(120),
  physCity: Field(60),
  physState: Field(20),
  physPostalCode: Field(20),
});

export const ContactCreateRequest = Type.Object({
  ...ContactFields.properties,
  company: Code,
  customer: Code,
  shipTo: Type.Optional(Nullable(Code)),
});
export type ContactCreateRequest = Static<typeof ContactCreateRequest>;

export const ContactUpdateRequest = Type.Object({ ...ContactFields.properties, company: Type.Optional(Code), version: Version });
export type ContactUpdateRequest = Static<typeof ContactUpdateRequest>;

/** Another contact of the caller's with the same e-mail (case aside) or phone (its digits). */
export const ContactDuplicate = Type.Object({
  company: Type.String(),
  contact: Type.String(),
  contactName: Type.String(),
  customerName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  matchedOn: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
});

/** A saved contact and the possible duplicates the editor warns about (the save is done). */
export const ContactSaved = Type.Object({ contact: ContactDetail, duplicates: Type.Array(ContactDuplicate) });
export type ContactSaved = Static<typeof ContactSaved>;

export const ContactConflict = Type.Object({ ...ErrorBody.properties, current: ContactDetail });
const ContactParams = Type.Object({ contact: Code });

export const contactCreate = defineContract({
  method: 'POST',
  path: '/Contact',
  service: 'analytics',
  access: 'session',
  summary: 'Creates a contact of one of your customers (and maybe one of its ship-tos); ContactCreationLockdown decides who may; answers possible duplicates',
  body: ContactCreateRequest,
  response: { 200: ContactSaved, ...Errors },
});

export const contactUpdate = defineContract({
  method: 'PUT',
  path: '/Contact/{contact}',
  service: 'analytics',
  access: 'session',
  summary: 'Edits one of your contacts from the version read (409 with the current one when another edit came first); answers possible duplicates',
  params: ContactParams,
  body: ContactUpdateRequest,
  response: { 200: ContactSaved, 409: ContactConflict, ...Errors },
});

export const contactDelete = defineContract({
  method: 'DELETE',
  path: '/Contact/{contact}',
  service: 'analytics',
  access: 'session',
  summary: 'Deletes one of your contacts and its links (query company; version: 409 when it changed since)',
  params: ContactParams,
  querystring: Type.Object({ company: Type.Optional(Code), version: Type.Optional(Version) }),
  response: { 204: NoContent, 409: ContactConflict, ...Errors },
});

// ------------------------------------------------------------------------------ links
export const CONTACT_LINK_TYPES = ['Customer', 'ShipTo', 'SalesRep', 'Supplier'] as const;
export type ContactLinkType = (typeof CONTACT_LINK_TYPES)[number];

/** One account or rep a contact is linked to; the primary one (its own customer, ship-to, the customer's rep) is not removable. */
export const ContactLinkItem = Type.Object({
  linkType: Type.Union(CONTACT_LINK_TYPES.map((t) => Type.Literal(t))),
  code: Type.String(),
  name: Nullable(Type.String()),
  isPrimary: Type.Boolean(),
  linkedAt: Nullable(Type.String()),
});
export type ContactLinkItem = Static<typeof ContactLinkItem>;
export const ContactLinks = Type.Object({ rows: Type.Array(ContactLinkItem) });

const OfContact = { contact: Code, company: Type.Optional(Code) };
const keyed = <K extends string>(key: K) => ({ [key]: Code }) as Record<K, typeof Code>;

function addCall<P extends string, K extends string>(path: P, key: K, what: string) {
  return defineContract({
    method: 'POST',
    path,
    service: 'analytics',
    access: 'session',
    summary: `Links one of your contacts to ${what} (answers the contact's links of that kind)`,
    body: Type.Object({ ...OfContact, ...keyed(key) }),
    response: { 200: ContactLinks, ...Errors },
  });
}

export const contactAddCustomer = addCall('/Contact/AddCustomer', 'customer', 'another of your customers');
export const contactAddShipTo = addCall('/Contact/AddShipTo', 'shipTo', 'one of your ship-tos');
export const contactAddSalesRep = addCall('/Contact/AddSalesRep', 'salesRep', "a sales rep of the contact's company");
export const contactAddSupplier = addCall('/Contact/AddSupplier', 'supplier', 'a supplier (PurchaseAccessRight)');

export const contactRemoveCustomer = defineContract({
  method: 'DELETE',
  path: '/Contact/RemoveCustomer/{customer}/{contact}',
  service: 'analytics',
  access: 'session',
  summary: "Unlinks a customer from one of your contacts (query company); the contact's own customer stays",
  params: Type.Object({ customer: Code, contact: Code }),
  querystring: Type.Object({ company: Type.Optional(Code) }),
  response: { 204: NoContent, ...Errors },
});

function removeCall<P extends string, K extends string>(path: P, key: K, what: string) {
  return defineContract({
    method: 'DELETE',
    path,
    service: 'analytics',
    access: 'session',
    summary: `Unlinks ${what} from one of your contacts (query contact, ${key}, company)`,
    querystring: Type.Object({ ...OfContact, ...keyed(key) }),
    response: { 204: NoContent, ...Errors },
  });
}

export const contactRemoveShipTo = removeCall('/Contact/RemoveShipTo', 'shipTo', 'a ship-to');
export const contactRemoveSalesRep = removeCall('/Contact/RemoveSalesRep', 'salesRep', 'a sales rep');
export const contactRemoveSupplier = removeCall('/Contact/RemoveSupplier', 'supplier', 'a supplier');

export const contactCustomersList = defineContract({
  method: 'POST',
  path: '/Contact/GetCustomersList',
  service: 'analytics',
  access: 'session',
  summary: "One of your contacts' customers: its own first, then the linked ones",
  body: Type.Object(OfContact),
  response: { 200: ContactLinks, ...Errors },
});

export const contactShipToList = defineContract({
  method: 'POST',
  path: '/Contact/GetShipToList',
  service: 'analytics',
  access: 'session',
  summary: "One of your contacts' ship-tos: the one it works at first, then the linked ones",
  body: Type.Object(OfContact),
  response: { 200: ContactLinks, ...Errors },
});

export const contactSalesRepList = defineContract({
  method: 'POST',
  path: '/Contact/GetSalesRepList/{contact}',
  service: 'analytics',
  access: 'session',
  summary: "One of your contacts' sales reps: its customer's rep first, then the linked ones (body company optional)",
  params: ContactParams,
  body: Type.Optional(Type.Object({ company: Type.Optional(Code) })),
  response: { 200: ContactLinks, ...Errors },
});

/** The link calls by link type (the routes serve them from one table). */
export const CONTACT_LINK_CALLS = [
  { linkType: 'Customer', key: 'customer', add: contactAddCustomer },
  { linkType: 'ShipTo', key: 'shipTo', add: contactAddShipTo, remove: contactRemoveShipTo },
  { linkType: 'SalesRep', key: 'salesRep', add: contactAddSalesRep, remove: contactRemoveSalesRep },
  { linkType: 'Supplier', key: 'supplier', add: contactAddSupplier, remove: contactRemoveSupplier },
] as const;
