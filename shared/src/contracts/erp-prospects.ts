import { Type, type TSchema } from 'typebox';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { AccountSearchItem, CustomerDetail, ProspectDetail } from './erp-account-detail.ts';
import { SectionNameParams, SectionOptions } from './erp-contacts.ts';

// Seed 001 §7.12 prospect writes and their helpers, behind ProspectAccessRight (403 without).
// A prospect is added for one of the caller's sales reps (his own by default); converting one
// makes it a customer of the same rep: it leaves the prospect list and joins the customer list.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Field = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const ProspectAddRequest = Type.Object({
  company: Code,
  prospectName: Type.String({ minLength: 1, maxLength: 100 }),
  branch: Code,
  /** Default: the caller's own sales rep code; any other must be one of his reps. */
  salesRep: Type.Optional(Code),
  address: Field(100),
  city: Field(60),
  state: Field(20),
  postalCode: Field(20),
  phone: Field(40),
  accountClass1: Field(40),
  source: Field(40),
});

export const prospectAdd = defineContract({
  method: 'POST',
  path: '/Prospect/Add',
  service: 'analytics',
  access: 'session',
  summary: 'Adds a prospect for you (or one of your reps); it gets the next prospect number of its company',
  body: ProspectAddRequest,
  response: { 200: ProspectDetail, ...ErpErrors },
});

export const prospectOptions = defineContract({
  method: 'POST',
  path: '/Prospect/Options/{sectionName}',
  service: 'analytics',
  access: 'session',
  summary: "The prospect form's choices on a section: companies, branches, your sales reps, account classes, sources, states",
  params: SectionNameParams,
  response: { 200: SectionOptions, ...ErpErrors },
});

export const ProspectDuplicateRequest = Type.Object({
  company: Code,
  prospectName: Type.String({ minLength: 1, maxLength: 100 }),
  phone: Field(40),
  postalCode: Field(20),
});
/** A likely duplicate: a customer or prospect of the same name (ignoring case, punctuation and Inc/LLC/Co …) or phone number. */
export const DuplicateMatch = Type.Object({ ...AccountSearchItem.properties, matchedOn: Type.Array(Type.String()) });
export const prospectDuplicateCheck = defineContract({
  method: 'POST',
  path: '/Prospect/DuplicateCheck',
  service: 'analytics',
  access: 'session',
  summary: "Whether a prospect would duplicate a customer or prospect of the company: yours in full, other reps' only counted",
  body: ProspectDuplicateRequest,
  response: {
    200: Type.Object({
      isDuplicate: Type.Boolean(),
      matches: Type.Array(DuplicateMatch),
      /** Matching accounts of reps outside your scope (not shown). */
      otherAccountCount: Type.Integer(),
    }),
    ...ErpErrors,
  },
});

export const prospectWapAccess = defineContract({
  method: 'GET',
  path: '/Prospect/WapAccess',
  service: 'analytics',
  access: 'session',
  summary: 'Whether you may add and convert prospects (ProspectAccessRight, and a sales rep to add them for), and why not',
  response: { 200: Type.Object({ wapAccess: Type.Boolean(), reason: Nullable(Type.String()) }), 401: ErrorBody },
});

export const prospectConvert = defineContract({
  method: 'POST',
  path: '/Prospect/ConvertProspectToCustomer',
  service: 'analytics',
  access: 'session',
  summary: 'Makes your prospect fromId customer toId (a new customer number) of company; the prospect leaves the prospect list',
  querystring: Type.Object({ fromId: Code, toId: Code, company: Code }),
  response: { 200: CustomerDetail, 404: ErrorBody, 409: ErrorBody, ...ErpErrors },
});
