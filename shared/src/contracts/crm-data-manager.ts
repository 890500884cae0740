import { Type, type Static, type TSchema } from 'typebox';
import { ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Seed 001 §7.13 DataManager/Local: the CRM's local reference lists (issue 27), maintained by
// administrators (403 for anyone else): list, add, update (from the version read: 409 with the
// current item when another edit came first) and delete (an item in use is a 400: deactivate it
// instead). OpportunityAdditionalCustomerRole has no delete in the catalogue.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The local lists, as the catalogue spells their paths. */
export const DATA_MANAGER_TYPES = ['ActivityType', 'Type', 'Status', 'LostSales', 'Stage', 'Step', 'Territory', 'LeadSource', 'User', 'SalesRep', 'Holiday', 'Branch'] as const;
export type DataManagerType = (typeof DATA_MANAGER_TYPES)[number] | 'OpportunityAdditionalCustomerRole';

export const DataItem = Type.Object({
  id: Type.Integer(),
  dataType: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  displayOrder: Type.Integer(),
  /** A Stage's win probability in percent. */
  probability: Nullable(Type.Integer()),
  /** A Holiday's date. */
  itemDate: Nullable(Type.String()),
  /** A Stage that closes an opportunity: as Won or as Lost (null: it stays open). */
  closesAs: Nullable(Type.Union([Type.Literal('Won'), Type.Literal('Lost')])),
  isActive: Type.Boolean(),
  version: Type.Integer(),
});
export type DataItem = Static<typeof DataItem>;

const ItemFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  displayOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  probability: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
  itemDate: Type.Optional(Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 }))),
  closesAs: Type.Optional(Nullable(Type.Union([Type.Literal('Won'), Type.Literal('Lost')]))),
  isActive: Type.Optional(Type.Boolean()),
};
export const DataItemAddRequest = Type.Object(ItemFields);
export type DataItemAddRequest = Static<typeof DataItemAddRequest>;
export const DataItemUpdateRequest = Type.Object({ ...ItemFields, version: RowId });
const Conflict = Type.Object({ ...ErrorBody.properties, current: DataItem });
const Errors = { 404: ErrorBody, ...ErpErrors };
const IdParams = Type.Object({ id: RowId });

function listOf<T extends DataManagerType>(type: T) {
  return defineContract({
    method: 'POST',
    path: `/DataManager/Local/${type}/List` as `/DataManager/Local/${T}/List`,
    service: 'analytics',
    access: 'session',
    summary: `The ${type} list, in its order (inactive items too with includeInactive); administrators`,
    body: Type.Object({ includeInactive: Type.Optional(Type.Boolean()) }),
    response: { 200: Type.Object({ rows: Type.Array(DataItem) }), ...Errors },
  });
}
function addOf<T extends DataManagerType>(type: T) {
  return defineContract({
    method: 'POST',
    path: `/DataManager/Local/${type}` as `/DataManager/Local/${T}`,
    service: 'analytics',
    access: 'session',
    summary: `Adds a ${type} (a name unique in the list); administrators`,
    body: DataItemAddRequest,
    response: { 200: DataItem, ...Errors },
  });
}
function updateOf<T extends DataManagerType>(type: T) {
  return defineContract({
    method: 'PUT',
    path: `/DataManager/Local/${type}/{id}` as `/DataManager/Local/${T}/{id}`,
    service: 'analytics',
    access: 'session',
    summary: `Changes a ${type} from the version read (409 with the current one when another edit came first); administrators`,
    params: IdParams,
    body: DataItemUpdateRequest,
    response: { 200: DataItem, 409: Conflict, ...Errors },
  });
}
function deleteOf<T extends DataManagerType>(type: T) {
  return defineContract({
    method: 'DELETE',
    path: `/DataManager/Local/${type}/{id}` as `/DataManager/Local/${T}/{id}`,
    service: 'analytics',
    access: 'session',
    summary: `Deletes a ${type} no record uses (400 when one does: deactivate it instead); administrators`,
    params: IdParams,
    response: { 204: NoContent, ...Errors },
  });
}

export type DataManagerCalls = {
  type: DataManagerType;
  list: ReturnType<typeof listOf>;
  add: ReturnType<typeof addOf>;
  update: ReturnType<typeof updateOf>;
  delete?: ReturnType<typeof deleteOf>;
};

/** Every list's calls (the catalogue's paths), by list. */
export const DATA_MANAGER_CALLS: readonly DataManagerCalls[] = [
  ...DATA_MANAGER_TYPES.map((type) => ({ type, list: listOf(type), add: addOf(type), update: updateOf(type), delete: deleteOf(type) })),
  { type: 'OpportunityAdditionalCustomerRole', list: listOf('OpportunityAdditionalCustomerRole'), add: addOf('OpportunityAdditionalCustomerRole'), update: updateOf('OpportunityAdditionalCustomerRole') },
];

/** The same calls as one flat record (allContracts reads contracts from it). */
export const dataManagerContracts: Record<string, unknown> = Object.fromEntries(
  DATA_MANAGER_CALLS.flatMap((calls) => [calls.list, calls.add, calls.update, ...(calls.delete ? [calls.delete] : [])]).map((contract) => [`${contract.method} ${contract.path}`, contract]),
);
