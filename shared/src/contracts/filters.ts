import { Type, type Static } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody, NoContent, RowId } from './common.ts';
import { Filter } from './boards.ts';
import { AnalyticsSearchRequest } from './analytics.ts';

// Seed 001 §7.9 global filters, filter values and the filter-master catalogue; seed 000 §3
// "Global filter" (id, isDefault; shares keyed globalFilterXUserMasterId and
// globalFilterXRoleMasterId). Served by the boards service: global filters belong to the board
// pages (DESIGN §2, mf-boards).

const Id = RowId;
const IdParam = (name: string) => Type.Object({ [name]: Id });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Where a field's values come from (Filter/List/{filterType}). */
export const FilterTypeSchema = Type.Union([
  Type.Literal('company'),
  Type.Literal('branch'),
  Type.Literal('salesRep'),
  Type.Literal('customer'),
  Type.Literal('shipTo'),
  Type.Literal('productGroup'),
  Type.Literal('itemNumber'),
  Type.Literal('supplier'),
  Type.Literal('location'),
  Type.Literal('dynamicData'),
]);
export type FilterType = Static<typeof FilterTypeSchema>;

/** Customer columns a dynamicData field may read its values from. */
const DynamicDataColumn = Type.Union([
  Type.Literal('accountClass1'),
  Type.Literal('accountClass2'),
  Type.Literal('accountClass3'),
  Type.Literal('accountClass4'),
  Type.Literal('accountClass5'),
]);

export const FilterMaster = Type.Object({
  filterMasterId: Id,
  /** The Filter's `field` key. */
  filterName: Type.String(),
  displayName: Type.String(),
  filterType: FilterTypeSchema,
  dynamicDataColumn: Type.Union([DynamicDataColumn, Type.Null()]),
  displayOrder: Type.Integer(),
  /** Added by the organization (FilterMaster/Add), not one of the built-in fields. */
  isCustom: Type.Boolean(),
});
export type FilterMaster = Static<typeof FilterMaster>;

export const FilterMasterExclusion = Type.Object({ ...FilterMaster.properties, isExcluded: Type.Boolean() });

export const GlobalFilter = Type.Object({
  id: Id,
  globalFilterName: Type.String(),
  filters: Type.Array(Filter),
  isDefault: Type.Boolean(),
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  isOwner: Type.Boolean(),
  canEdit: Type.Boolean(),
  /** Not his own: shared with the user or his role. */
  isShared: Type.Boolean(),
  /** Shared with anyone (for the owner). */
  hasShares: Type.Boolean(),
});
export type GlobalFilter = Static<typeof GlobalFilter>;

export const GlobalFilterUserShare = Type.Object({
  userMasterId: Id,
  fullName: Type.String(),
  email: Type.String(),
  /** null means not shared. */
  globalFilterXUserMasterId: Type.Union([Id, Type.Null()]),
  canEdit: Type.Boolean(),
});
export type GlobalFilterUserShare = Static<typeof GlobalFilterUserShare>;

export const GlobalFilterRoleShare = Type.Object({
  roleMasterId: Id,
  roleName: Type.String(),
  /** null means not shared. */
  globalFilterXRoleMasterId: Type.Union([Id, Type.Null()]),
  canEdit: Type.Boolean(),
});
export type GlobalFilterRoleShare = Static<typeof GlobalFilterRoleShare>;

/** One value a user can pick for a field. */
export const FilterOption = Type.Object({ value: Type.String(), label: Type.String(), company: Type.String() });
export type FilterOption = Static<typeof FilterOption>;

const GlobalFilterParams = IdParam('globalFilterId');
const Filters = Type.Array(Filter, { maxItems: 100 });

// ── Global filters ────────────────────────────────────────────────────────────

export const globalFilterGet = defineContract({
  method: 'GET',
  path: '/GlobalFilter/{globalFilterId}',
  service: 'boards',
  access: 'session',
  summary: 'One global filter the user may see (own, or shared with him or his role)',
  params: GlobalFilterParams,
  response: { 200: GlobalFilter, ...errors },
});

export const globalFilterUpdate = defineContract({
  method: 'PUT',
  path: '/GlobalFilter/{globalFilterId}',
  service: 'boards',
  access: 'session',
  summary: 'Renames a global filter or changes its filters (owner or canEdit); isDefault sets or clears his default (anyone who sees it)',
  params: GlobalFilterParams,
  body: Type.Object(
    { globalFilterName: Type.Optional(Name), filters: Type.Optional(Filters), isDefault: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  response: { 200: GlobalFilter, ...errors },
});

export const globalFilterDelete = defineContract({
  method: 'DELETE',
  path: '/GlobalFilter/{globalFilterId}',
  service: 'boards',
  access: 'session',
  summary: 'Deletes a global filter with its shares (owner only)',
  params: GlobalFilterParams,
  response: { 204: NoContent, ...errors },
});

export const globalFilterList = defineContract({
  method: 'GET',
  path: '/GlobalFilter/List',
  service: 'boards',
  access: 'session',
  summary: 'Every global filter the user may see: his own, then those shared with him or his role',
  response: { 200: Type.Array(GlobalFilter) },
});

export const globalFilterCreate = defineContract({
  method: 'POST',
  path: '/GlobalFilter',
  service: 'boards',
  access: 'session',
  summary: 'Creates a global filter; isDefault makes it his default (exactly one)',
  body: Type.Object({ globalFilterName: Name, filters: Filters, isDefault: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: { 200: GlobalFilter, ...errors },
});

export const globalFilterShareList = defineContract({
  method: 'GET',
  path: '/GlobalFilter/Share/List',
  service: 'boards',
  access: 'session',
  summary: "Global filters other users shared with the user or his role",
  response: { 200: Type.Array(GlobalFilter) },
});

export const globalFilterCopy = defineContract({
  method: 'POST',
  path: '/GlobalFilter/Copy',
  service: 'boards',
  access: 'session',
  summary: 'Copies a global filter the user may see into his own, with its shares if asked',
  body: Type.Object({ globalFilterId: Id, copyShares: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: { 200: GlobalFilter, ...errors },
});

export const globalFilterFilterList = defineContract({
  method: 'GET',
  path: '/GlobalFilter/FilterList',
  service: 'boards',
  access: 'session',
  summary: "The fields the user may filter on: his organization's filter masters less his role's exclusions",
  response: { 200: Type.Array(FilterMaster) },
});

// ── Shares ────────────────────────────────────────────────────────────────────

export const globalFilterUserShareGet = defineContract({
  method: 'GET',
  path: '/GlobalFilter/User/Share/{globalFilterId}',
  service: 'boards',
  access: 'session',
  summary: "Every user of the owner's organization with the filter's share (null id = not shared)",
  params: GlobalFilterParams,
  response: { 200: Type.Array(GlobalFilterUserShare), ...errors },
});

export const globalFilterUserShareAdd = defineContract({
  method: 'POST',
  path: '/GlobalFilter/User/Share',
  service: 'boards',
  access: 'session',
  summary: 'Shares a global filter with a user (owner or canEdit); canEdit is false unless given',
  body: Type.Object({ globalFilterId: Id, userMasterId: Id, canEdit: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: { 200: GlobalFilterUserShare, ...errors },
});

export const globalFilterUserShareDelete = defineContract({
  method: 'DELETE',
  path: '/GlobalFilter/User/Share/{globalFilterXUserMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a user share (owner or canEdit)',
  params: IdParam('globalFilterXUserMasterId'),
  response: { 204: NoContent, ...errors },
});

export const globalFilterRoleShareGet = defineContract({
  method: 'GET',
  path: '/GlobalFilter/Role/Share/{globalFilterId}',
  service: 'boards',
  access: 'session',
  summary: "Every role with the filter's share (null id = not shared)",
  params: GlobalFilterParams,
  response: { 200: Type.Array(GlobalFilterRoleShare), ...errors },
});

export const globalFilterRoleShareAdd = defineContract({
  method: 'POST',
  path: '/GlobalFilter/Role/Share',
  service: 'boards',
  access: 'session',
  summary: 'Shares a global filter with a role (owner or canEdit); canEdit is false unless given',
  body: Type.Object({ globalFilterId: Id, roleMasterId: Id, canEdit: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: { 200: GlobalFilterRoleShare, ...errors },
});

export const globalFilterRoleShareDelete = defineContract({
  method: 'DELETE',
  path: '/GlobalFilter/Role/Share/{globalFilterXRoleMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a role share (owner or canEdit)',
  params: IdParam('globalFilterXRoleMasterId'),
  response: { 204: NoContent, ...errors },
});

// ── Role exclusions and group-bys ─────────────────────────────────────────────

const RoleParams = IdParam('roleMasterId');
const ExclusionsBody = Type.Object({ roleMasterId: Id, filterMasterIds: Type.Array(Id, { maxItems: 500 }) }, { additionalProperties: false });

export const globalFilterMasterExclusions = defineContract({
  method: 'GET',
  path: '/GlobalFilter/FilterMasterExclusions/{roleMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The organization's filter masters, each marked whether the role may not use it (administrators)",
  params: RoleParams,
  response: { 200: Type.Array(FilterMasterExclusion), ...errors },
});

export const globalFilterAddMasterExclusions = defineContract({
  method: 'POST',
  path: '/GlobalFilter/AddFilterMasterExclusions',
  service: 'boards',
  access: 'session',
  summary: "Sets which built-in filter masters the role may not use (administrators)",
  body: ExclusionsBody,
  response: { 200: Type.Array(FilterMasterExclusion), ...errors },
});

export const globalFilterAddCustomMasterExclusions = defineContract({
  method: 'POST',
  path: '/GlobalFilter/AddCustomFilterMasterExclusions',
  service: 'boards',
  access: 'session',
  summary: "Sets which custom filter masters the role may not use (administrators)",
  body: ExclusionsBody,
  response: { 200: Type.Array(FilterMasterExclusion), ...errors },
});

const OrganizationParams = IdParam('customerMasterId');

export const globalFilterCustomGroupByList = defineContract({
  method: 'GET',
  path: '/GlobalFilter/CustomGroupBy/List/{roleMasterId}/{customerMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The organization's custom filter masters the role may group by (his own role, or any role for administrators)",
  params: Type.Object({ roleMasterId: Id, customerMasterId: Id }),
  response: { 200: Type.Array(FilterMaster), ...errors },
});

export const globalFilterGroupByFilterValues = defineContract({
  method: 'GET',
  path: '/GlobalFilter/GroupByFilterValues/{customerMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The fields the user may group by in his organization (his role's exclusions applied)",
  params: OrganizationParams,
  response: { 200: Type.Array(FilterMaster), ...errors },
});

export const globalFilterGroupByFilterValuesAdmin = defineContract({
  method: 'GET',
  path: '/GlobalFilter/GroupByFilterValues/Admin/{customerMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Every field of the organization, no exclusions (administrators)',
  params: OrganizationParams,
  response: { 200: Type.Array(FilterMaster), ...errors },
});

// ── Filter values ─────────────────────────────────────────────────────────────

const FilterTypeParams = Type.Object({ filterType: FilterTypeSchema });
const FilterListQuery = Type.Object({
  company: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  dynamicDataColumn: Type.Optional(DynamicDataColumn),
});
/** The search request's paging and search text (seed 000 §3); pageSize defaults to 50 here. */
const FilterListBody = Type.Object(
  {
    searchString: AnalyticsSearchRequest.properties.searchString,
    pageSize: AnalyticsSearchRequest.properties.pageSize,
    pageNumber: AnalyticsSearchRequest.properties.pageNumber,
  },
  { additionalProperties: false },
);

export const filterList = defineContract({
  method: 'POST',
  path: '/Filter/List/{filterType}',
  service: 'boards',
  access: 'session',
  summary: "The values the user may pick for a field, within his data scope (a rep: his own customers, ship-tos, reps, branches, companies)",
  params: FilterTypeParams,
  querystring: FilterListQuery,
  body: FilterListBody,
  response: { 200: Type.Array(FilterOption), ...errors },
});

export const filterListAdmin = defineContract({
  method: 'POST',
  path: '/Filter/List/Admin/{filterType}',
  service: 'boards',
  access: 'session',
  summary: 'Every value of a field, unscoped (administrators)',
  params: FilterTypeParams,
  querystring: FilterListQuery,
  body: FilterListBody,
  response: { 200: Type.Array(FilterOption), ...errors },
});

export const filterById = defineContract({
  method: 'POST',
  path: '/Filter/ById/{filterType}/{id}/{company}',
  service: 'boards',
  access: 'session',
  summary: "One value of a field with its label, when within the user's data scope",
  params: Type.Object({ filterType: FilterTypeSchema, id: Type.String({ minLength: 1, maxLength: 100 }), company: Type.String({ minLength: 1, maxLength: 20 }) }),
  querystring: Type.Object({ dynamicDataColumn: Type.Optional(DynamicDataColumn) }),
  response: { 200: FilterOption, ...errors },
});

// ── Filter masters (administrators) ───────────────────────────────────────────

const FilterMasterParams = IdParam('filterMasterId');
const FilterMasterFields = {
  displayName: Name,
  filterType: FilterTypeSchema,
  dynamicDataColumn: Type.Optional(Type.Union([DynamicDataColumn, Type.Null()])),
  displayOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
};

export const filterMasterList = defineContract({
  method: 'GET',
  path: '/FilterMaster/List',
  service: 'boards',
  access: 'session',
  summary: "The organization's catalogue of filterable fields (administrators)",
  response: { 200: Type.Array(FilterMaster), ...errors },
});

export const filterMasterGetExact = defineContract({
  method: 'GET',
  path: '/FilterMaster/GetExact/{filterMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'One filter master (administrators)',
  params: FilterMasterParams,
  response: { 200: FilterMaster, ...errors },
});

export const filterMasterAdd = defineContract({
  method: 'POST',
  path: '/FilterMaster/Add',
  service: 'boards',
  access: 'session',
  summary: 'Adds a custom field to the catalogue (administrators); a dynamicData field names its dynamicDataColumn',
  body: Type.Object(
    { filterName: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), ...FilterMasterFields },
    { additionalProperties: false },
  ),
  response: { 200: FilterMaster, ...errors },
});

export const filterMasterUpdate = defineContract({
  method: 'POST',
  path: '/FilterMaster/Update',
  service: 'boards',
  access: 'session',
  summary: "Changes a field's display name, type or order (administrators)",
  body: Type.Object({ filterMasterId: Id, ...FilterMasterFields }, { additionalProperties: false }),
  response: { 200: FilterMaster, ...errors },
});

export const filterMasterRemove = defineContract({
  method: 'POST',
  path: '/FilterMaster/Remove/{filterMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a field from the catalogue with its role exclusions (administrators)',
  params: FilterMasterParams,
  response: { 204: NoContent, ...errors },
});

export const filterMasterResetDefault = defineContract({
  method: 'POST',
  path: '/FilterMaster/ResetDefault',
  service: 'boards',
  access: 'session',
  summary: 'Puts the catalogue back to the built-in fields: custom ones go, removed or changed built-in ones come back (administrators)',
  response: { 200: Type.Array(FilterMaster), ...errors },
});
