/**
 * Organization switching and maintenance (issue 25; seed 001 §7.1 OrganizationMaster, §7.13
 * OrganizationSwitcher). A user who may enter another organization holds a membership there
 * (a "Meta" row: his user row of that organization, with its own role); OrganizationSwitcher/Apply
 * makes the session run as that membership (docs/decisions.md "Administration: organization switching").
 */
import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody, Int4, NoContent, RowId } from './common.ts';
import { UserFilterCreateBody, UserFilterListParams, UserFilterRow, UserFilterUpdateBody } from './administration.ts';

const Errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const OrganizationName = Type.String({ minLength: 1, maxLength: 100 });
const Search = Type.String({ maxLength: 100 });

// ── The organizations the signed-in user may enter ─────────────────────────────────────────────
export const SwitcherOrganization = Type.Object({
  customerMasterId: Type.Integer(),
  customerName: Type.String(),
  /** The organization of his sign-in account. */
  isHome: Type.Boolean(),
  /** The organization the session shows now. */
  isActive: Type.Boolean(),
  /** His role there. */
  roleName: Type.String(),
});
export const organizationSwitcherCustomerMasterList = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/CustomerMaster/List', service: 'admin', access: 'session',
  summary: 'The organizations the signed-in user may switch into: his home one and those he is a member of',
  body: Type.Optional(Type.Object({ search: Type.Optional(Search) })),
  response: { 200: Type.Array(SwitcherOrganization) },
});
export const organizationSwitcherApply = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/Apply/{customerMasterId}', service: 'admin', access: 'session',
  summary: 'Switches the session to one of the organizations the user may enter (404 for any other); audited',
  params: Type.Object({ customerMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const organizationSwitcherCanEditUsers = defineContract({
  method: 'GET', path: '/OrganizationSwitcher/CanEditUsers', service: 'admin', access: 'session',
  summary: 'Whether the signed-in user may give users access to other organizations (organizations.write)',
  response: { 200: Type.Object({ canEditUsers: Type.Boolean() }) },
});

// ── Memberships ("Meta"): who may enter which organization, with which role ────────────────────
export const OrganizationMembership = Type.Object({
  /** The membership's own user row in the organization. */
  membershipId: Type.Integer(),
  /** The sign-in account. */
  userMasterId: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  homeCustomerMasterId: Type.Integer(),
  homeCustomerName: Type.String(),
  customerMasterId: Type.Integer(),
  customerName: Type.String(),
  roleMasterId: Type.Integer(),
  roleName: Type.String(),
  isActive: Type.Boolean(),
});
const MembershipParams = Type.Object({ id: RowId });
export const organizationSwitcherUserList = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/User/List', service: 'admin', access: 'session',
  summary: 'The memberships in other organizations, optionally of one organization or matching a name or e-mail',
  body: Type.Optional(Type.Object({ customerMasterId: Type.Optional(RowId), search: Type.Optional(Search) })),
  response: { 200: Type.Array(OrganizationMembership), 403: ErrorBody },
});
export const organizationSwitcherMetaCreate = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/Meta', service: 'admin', access: 'session',
  summary: 'Lets a user enter another organization with a role there (reactivates an ended membership)',
  body: Type.Object({ userMasterId: RowId, customerMasterId: RowId, roleMasterId: RowId }),
  response: { 200: OrganizationMembership, ...Errors, 409: ErrorBody },
});
export const organizationSwitcherMetaGet = defineContract({
  method: 'GET', path: '/OrganizationSwitcher/Meta/{id}', service: 'admin', access: 'session',
  summary: 'One membership', params: MembershipParams,
  response: { 200: OrganizationMembership, ...Errors },
});
export const organizationSwitcherMetaUpdate = defineContract({
  method: 'PUT', path: '/OrganizationSwitcher/Meta/{id}', service: 'admin', access: 'session',
  summary: "Changes a membership's role or ends/restores it", params: MembershipParams,
  body: Type.Object({ roleMasterId: Type.Optional(RowId), isActive: Type.Optional(Type.Boolean()) }),
  response: { 200: OrganizationMembership, ...Errors },
});
export const organizationSwitcherMetaDelete = defineContract({
  method: 'DELETE', path: '/OrganizationSwitcher/Meta/{id}', service: 'admin', access: 'session',
  summary: 'Ends a membership (its boards and history stay; sessions showing it return home)', params: MembershipParams,
  response: { 204: NoContent, ...Errors },
});
export const organizationSwitcherAuthLevels = defineContract({
  method: 'GET', path: '/OrganizationSwitcher/AuthLevels', service: 'admin', access: 'session',
  summary: 'The authorization levels a membership may hold',
  response: { 200: Type.Array(Type.Object({ authorizationLevel: Type.Integer(), name: Type.String() })), 403: ErrorBody },
});
export const organizationSwitcherRoles = defineContract({
  method: 'GET', path: '/OrganizationSwitcher/Roles', service: 'admin', access: 'session',
  summary: "The roles a membership may hold in an organization: the built-in ones and the organization's own",
  querystring: Type.Object({ customerMasterId: Type.Optional(RowId) }),
  response: { 200: Type.Array(Type.Object({ roleMasterId: Type.Integer(), roleName: Type.String(), isBuiltIn: Type.Boolean() })), ...Errors },
});
export const organizationSwitcherFiltersList = defineContract({
  method: 'GET', path: '/OrganizationSwitcher/Filters/List/{userMasterId}/{filterType}', service: 'admin', access: 'session',
  summary: "A member's report filters of a type (any organization's member)", params: UserFilterListParams,
  response: { 200: Type.Array(UserFilterRow), ...Errors },
});
export const organizationSwitcherFiltersCreate = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/Filters/Create/{userId}', service: 'admin', access: 'session',
  summary: 'Limits a member to values of a report filter column', params: Type.Object({ userId: RowId }),
  body: UserFilterCreateBody,
  response: { 200: UserFilterRow, ...Errors },
});
export const organizationSwitcherFiltersUpdate = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/Filters/Update/{userId}', service: 'admin', access: 'session',
  summary: "Changes a member's report filter values", params: Type.Object({ userId: RowId }),
  body: UserFilterUpdateBody,
  response: { 200: UserFilterRow, ...Errors },
});
export const organizationSwitcherFiltersRemove = defineContract({
  method: 'POST', path: '/OrganizationSwitcher/Filters/Remove/{filterId}', service: 'admin', access: 'session',
  summary: "Removes a member's report filter", params: Type.Object({ filterId: RowId }),
  response: { 204: NoContent, ...Errors },
});

// ── Organization records (cross-organization staff) ────────────────────────────────────────────
export const OrganizationRow = Type.Object({
  customerMasterId: Type.Integer(),
  customerName: Type.String(),
  erpMasterId: Type.Integer(),
  editionMasterId: Type.Integer(),
  /** Active sign-in users whose home it is. */
  userCount: Type.Integer(),
  /** Active members from other organizations. */
  memberCount: Type.Integer(),
});
const OrganizationBody = Type.Object({
  customerName: OrganizationName,
  erpMasterId: Type.Optional(Int4({ minimum: 1 })),
  editionMasterId: Type.Optional(Int4({ minimum: 1, maximum: 9 })),
});
const OrganizationListBody = Type.Optional(Type.Object({ search: Type.Optional(Search) }));
const OrganizationIdParams = Type.Object({ id: RowId });
export const organizationMasterList = defineContract({
  method: 'POST', path: '/OrganizationMaster/List', service: 'admin', access: 'session',
  summary: 'Every organization with its user and member counts', body: OrganizationListBody,
  response: { 200: Type.Array(OrganizationRow), 403: ErrorBody },
});
export const organizationMasterGet = defineContract({
  method: 'GET', path: '/OrganizationMaster/{id}', service: 'admin', access: 'session',
  summary: 'One organization', params: OrganizationIdParams,
  response: { 200: OrganizationRow, ...Errors },
});
export const organizationMasterPut = defineContract({
  method: 'PUT', path: '/OrganizationMaster/{id}', service: 'admin', access: 'session',
  summary: "Renames an organization or changes its ERP or edition", params: OrganizationIdParams, body: OrganizationBody,
  response: { 200: OrganizationRow, ...Errors, 409: ErrorBody },
});
export const organizationMasterPost = defineContract({
  method: 'POST', path: '/OrganizationMaster', service: 'admin', access: 'session',
  summary: 'Adds an organization', body: OrganizationBody,
  response: { 200: OrganizationRow, ...Errors, 409: ErrorBody },
});
export const organizationMasterCustomerMasterList = defineContract({
  method: 'POST', path: '/OrganizationMaster/CustomerMaster/List', service: 'admin', access: 'session',
  summary: 'The organizations as customer masters (the same records as OrganizationMaster/List)', body: OrganizationListBody,
  response: { 200: Type.Array(OrganizationRow), 403: ErrorBody },
});
export const organizationMasterCustomerMasterGet = defineContract({
  method: 'GET', path: '/OrganizationMaster/CustomerMaster/{id}', service: 'admin', access: 'session',
  summary: 'One organization as a customer master', params: OrganizationIdParams,
  response: { 200: OrganizationRow, ...Errors },
});
export const organizationMasterCustomerMasterPost = defineContract({
  method: 'POST', path: '/OrganizationMaster/CustomerMaster', service: 'admin', access: 'session',
  summary: 'Adds an organization (as OrganizationMaster does)', body: OrganizationBody,
  response: { 200: OrganizationRow, ...Errors, 409: ErrorBody },
});
