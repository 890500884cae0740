/**
 * Administration I (issue 25, seed 001 §7.5 and the admin rows of §7.1): users, roles, settings,
 * toggles, authorization levels, report filter columns, impersonation, modules per organization.
 * Every call is checked on the server against the admin rights table (docs/decisions.md).
 */
import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody, Int4, NoContent, PageNumber, RowId } from './common.ts';
import { FileBytes } from './documents.ts';

const Text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });
const Email = Type.String({ minLength: 3, maxLength: 254, format: 'email' });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const SettingValue = Type.String({ maxLength: 4000 });
const Errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// ── Roles ──────────────────────────────────────────────────────────────────────────────────────
export const RoleRow = Type.Object({
  roleMasterId: Type.Integer(),
  roleName: Type.String(),
  description: Type.String(),
  isAdmin: Type.Boolean(),
  /** Built-in roles are shared by every organization and cannot be renamed or removed. */
  isBuiltIn: Type.Boolean(),
  userCount: Type.Integer(),
});
const RoleIdParams = Type.Object({ roleId: RowId });

export const roleGetExact = defineContract({
  method: 'GET', path: '/Role/GetExact/{roleId}', service: 'admin', access: 'session',
  summary: 'One role of the organization (or a built-in one)', params: RoleIdParams,
  response: { 200: RoleRow, ...Errors },
});
export const roleList = defineContract({
  method: 'GET', path: '/Role/List', service: 'admin', access: 'session',
  summary: 'The roles the organization uses: built-in ones and its own, each with its user count',
  response: { 200: Type.Array(RoleRow), 403: ErrorBody },
});
export const roleUserCount = defineContract({
  method: 'GET', path: '/Role/UserCount/{roleId}', service: 'admin', access: 'session',
  summary: "How many of the organization's active users hold the role", params: RoleIdParams,
  response: { 200: Type.Object({ roleId: Type.Integer(), userCount: Type.Integer() }), ...Errors },
});
export const roleAdd = defineContract({
  method: 'POST', path: '/Role/Add', service: 'admin', access: 'session',
  summary: 'A new role of the organization',
  body: Type.Object({ roleName: Name, description: Type.Optional(Text(500)) }),
  response: { 200: RoleRow, 409: ErrorBody, ...Errors },
});
export const roleRemove = defineContract({
  method: 'POST', path: '/Role/Remove', service: 'admin', access: 'session',
  summary: "Removes one of the organization's roles that no user holds",
  body: Type.Object({ roleId: RowId }),
  response: { 204: NoContent, 409: ErrorBody, ...Errors },
});
export const roleUpdate = defineContract({
  method: 'POST', path: '/Role/Update', service: 'admin', access: 'session',
  summary: "Renames or describes one of the organization's roles",
  body: Type.Object({ roleId: RowId, roleName: Name, description: Type.Optional(Text(500)) }),
  response: { 200: RoleRow, 409: ErrorBody, ...Errors },
});
export const roleCopy = defineContract({
  method: 'POST', path: '/Role/Copy/{roleId}', service: 'admin', access: 'session',
  summary: "A copy of a role with its role settings, owned by the organization",
  params: RoleIdParams,
  body: Type.Optional(Type.Object({ roleName: Type.Optional(Name) })),
  response: { 200: RoleRow, 409: ErrorBody, ...Errors },
});

// ── Settings ───────────────────────────────────────────────────────────────────────────────────
export const SettingDefinition = Type.Object({
  settingMasterId: Type.Integer(),
  settingName: Type.String(),
  settingGroup: Type.String(),
  defaultValue: Type.String(),
});
export const SettingOverride = Type.Object({ settingMasterId: Type.Integer(), settingName: Type.String(), settingValue: Type.String() });
export const SettingChange = Type.Object({ at: Type.String(), by: Type.String(), level: Type.String(), value: Type.Union([Type.String(), Type.Null()]) });
/** One setting with every level side by side (null: that level does not override it). */
export const SettingConfigRow = Type.Object({
  ...SettingDefinition.properties,
  globalValue: Type.Union([Type.String(), Type.Null()]),
  roleValue: Type.Union([Type.String(), Type.Null()]),
  userValue: Type.Union([Type.String(), Type.Null()]),
  effectiveValue: Type.String(),
  lastChange: Type.Union([SettingChange, Type.Null()]),
});
const SettingWrite = Type.Object({ settingMasterId: RowId, settingValue: SettingValue });
const RoleMasterParams = Type.Object({ roleMasterId: RowId });

export const settingsDefinition = defineContract({
  method: 'GET', path: '/Settings/Definition', service: 'admin', access: 'session',
  summary: 'Every setting with its group and default', response: { 200: Type.Array(SettingDefinition), 403: ErrorBody },
});
export const settingsUserSettingsClassBuilder = defineContract({
  method: 'GET', path: '/Settings/UserSettingsClassBuilder', service: 'admin', access: 'session',
  summary: 'A TypeScript type of the user settings, generated from the setting masters', response: { 200: Type.String(), 403: ErrorBody },
});
export const settingsGlobalList = defineContract({
  method: 'GET', path: '/Settings/Global/List', service: 'admin', access: 'session',
  summary: "The organization's own values (global level)", response: { 200: Type.Array(SettingOverride), 403: ErrorBody },
});
export const settingsGlobalConfig = defineContract({
  method: 'GET', path: '/Settings/Global/Config', service: 'admin', access: 'session',
  summary: 'Every setting with its default, organization, role and user values side by side and its last change',
  querystring: Type.Object({ roleMasterId: Type.Optional(RowId), userMasterId: Type.Optional(RowId) }),
  response: { 200: Type.Array(SettingConfigRow), ...Errors },
});
export const settingsGlobalUpdate = defineContract({
  method: 'POST', path: '/Settings/Global/Update', service: 'admin', access: 'session',
  summary: "Sets the organization's value of a setting (audited)", body: SettingWrite,
  response: { 204: NoContent, ...Errors },
});
export const settingsGlobalRemove = defineContract({
  method: 'POST', path: '/Settings/Global/Remove/{settingMasterId}', service: 'admin', access: 'session',
  summary: "Removes the organization's value: the default applies (audited)", params: Type.Object({ settingMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const settingsRoleList = defineContract({
  method: 'GET', path: '/Settings/Role/List/{roleMasterId}', service: 'admin', access: 'session',
  summary: "A role's own values", params: RoleMasterParams, response: { 200: Type.Array(SettingOverride), ...Errors },
});
export const settingsRoleConfig = defineContract({
  method: 'GET', path: '/Settings/Role/Config/{roleMasterId}', service: 'admin', access: 'session',
  summary: 'Every setting as the role has it, beside the default and the organization value', params: RoleMasterParams,
  response: { 200: Type.Array(SettingConfigRow), ...Errors },
});
export const settingsRoleUpdate = defineContract({
  method: 'POST', path: '/Settings/Role/Update/{roleMasterId}', service: 'admin', access: 'session',
  summary: "Sets a role's value of a setting (audited)", params: RoleMasterParams, body: SettingWrite,
  response: { 204: NoContent, ...Errors },
});
export const settingsRoleRemove = defineContract({
  method: 'POST', path: '/Settings/Role/Remove/{roleMasterId}/{settingMasterId}', service: 'admin', access: 'session',
  summary: "Removes a role's value (audited)", params: Type.Object({ roleMasterId: RowId, settingMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});

// ── Toggles ────────────────────────────────────────────────────────────────────────────────────
export const ToggleMasterRow = Type.Object({
  toggleMasterId: Type.Integer(),
  toggleName: Type.String(),
  valueType: Type.Integer(),
  defaultValue: Type.String(),
  description: Type.String(),
});
const ToggleMasterBody = Type.Object({
  toggleName: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  valueType: Int4({ minimum: 0, maximum: 9 }),
  defaultValue: Text(4000),
  description: Type.Optional(Text(500)),
});
const ToggleIdParams = Type.Object({ toggleMasterId: RowId });
export const UserToggleRow = Type.Object({
  toggleMasterId: Type.Integer(),
  toggleName: Type.String(),
  toggleValue: Type.String(),
  valueType: Type.Integer(),
});

export const toggleAdminList = defineContract({
  method: 'GET', path: '/ToggleAdmin/List', service: 'admin', access: 'session',
  summary: 'Every toggle master', response: { 200: Type.Array(ToggleMasterRow), 403: ErrorBody },
});
export const toggleAdminGet = defineContract({
  method: 'GET', path: '/ToggleAdmin/{toggleMasterId}', service: 'admin', access: 'session',
  summary: 'One toggle master', params: ToggleIdParams, response: { 200: ToggleMasterRow, ...Errors },
});
export const toggleAdminPut = defineContract({
  method: 'PUT', path: '/ToggleAdmin/{toggleMasterId}', service: 'admin', access: 'session',
  summary: 'Changes a toggle master (audited)', params: ToggleIdParams, body: ToggleMasterBody,
  response: { 200: ToggleMasterRow, 409: ErrorBody, ...Errors },
});
export const toggleAdminDelete = defineContract({
  method: 'DELETE', path: '/ToggleAdmin/{toggleMasterId}', service: 'admin', access: 'session',
  summary: "Removes a toggle master and every user's value of it (audited)", params: ToggleIdParams,
  response: { 204: NoContent, ...Errors },
});
export const toggleAdminPost = defineContract({
  method: 'POST', path: '/ToggleAdmin', service: 'admin', access: 'session',
  summary: 'A new toggle master (audited)', body: ToggleMasterBody,
  response: { 200: ToggleMasterRow, 409: ErrorBody, ...Errors },
});
export const toggleAdminDefinition = defineContract({
  method: 'GET', path: '/ToggleAdmin/Definition', service: 'admin', access: 'session',
  summary: 'The toggle names, value types and defaults',
  response: { 200: Type.Array(Type.Object({ toggleName: Type.String(), valueType: Type.Integer(), defaultValue: Type.String() })), 403: ErrorBody },
});
export const toggleAdminClassBuilder = defineContract({
  method: 'GET', path: '/ToggleAdmin/ClassBuilder', service: 'admin', access: 'session',
  summary: 'A TypeScript type of the user toggles, generated from the toggle masters', response: { 200: Type.String(), 403: ErrorBody },
});
export const toggleGet = defineContract({
  method: 'GET', path: '/Toggle/{id}', service: 'admin', access: 'session',
  summary: "The signed-in user's value of a toggle", params: Type.Object({ id: RowId }),
  response: { 200: UserToggleRow, 404: ErrorBody },
});
export const toggleUserList = defineContract({
  method: 'GET', path: '/Toggle/User/List', service: 'admin', access: 'session',
  summary: "The signed-in user's toggles", response: { 200: Type.Array(UserToggleRow) },
});
export const togglePatch = defineContract({
  method: 'PATCH', path: '/Toggle/{id}', service: 'admin', access: 'session',
  summary: 'Sets the signed-in user\u2019s value of a toggle (customer mode, splits applied)',
  params: Type.Object({ id: RowId }), body: Type.Object({ toggleValue: Text(4000) }),
  response: { 200: UserToggleRow, 400: ErrorBody, 404: ErrorBody },
});
export const toggleClearForRole = defineContract({
  method: 'POST', path: '/Toggle/ClearForRole/{roleMasterId}', service: 'admin', access: 'session',
  summary: "Clears the toggle values of the organization's users of a role (defaults apply)", params: RoleMasterParams,
  response: { 200: Type.Object({ cleared: Type.Integer() }), ...Errors },
});

// ── Users ──────────────────────────────────────────────────────────────────────────────────────
export const UserRow = Type.Object({
  userMasterId: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  roleMasterId: Type.Integer(),
  roleName: Type.String(),
  salesRep: Type.Union([Type.String(), Type.Null()]),
  organizationUser: Type.Boolean(),
  isActive: Type.Boolean(),
  loginType: Type.String(),
  authorizationLevel: Type.Integer(),
  mustSetPassword: Type.Boolean(),
  twoFactorConfigured: Type.Boolean(),
  createdAt: Type.String(),
});
const UserListBody = Type.Object({
  searchString: Type.Optional(Text(200, { description: 'Part of the name, e-mail or sales rep (case-insensitive)' })),
  roleMasterId: Type.Optional(RowId),
  includeInactive: Type.Optional(Type.Boolean({ description: 'Deactivated users too (default false)' })),
  sortBy: Type.Optional(
    Type.Union([Type.Literal('email'), Type.Literal('fullName'), Type.Literal('roleName'), Type.Literal('createdAt')], { description: 'The column to sort by (default fullName)' }),
  ),
  sortDir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'asc (default) or desc' })),
  pageSize: Type.Optional(Int4({ minimum: 1, maximum: 500, description: 'Rows per page (default 15)' })),
  pageNumber: Type.Optional(PageNumber),
});
const UserIdBody = Type.Object({ userMasterId: RowId });
const Password = Type.String({ minLength: 1, maxLength: 200 });
const SettingOverrideWrite = Type.Object({ settingMasterId: RowId, settingValue: Type.Union([SettingValue, Type.Null()]) });

export const userAdd = defineContract({
  method: 'POST', path: '/User/Add', service: 'user', access: 'session',
  summary: 'A new user of the organization; the access e-mail lets him choose his password',
  body: Type.Object({
    email: Email,
    fullName: Name,
    roleMasterId: RowId,
    salesRep: Type.Optional(Type.Union([Text(20), Type.Null()])),
    sendAccessEmail: Type.Optional(Type.Boolean()),
  }),
  response: { 200: UserRow, 409: ErrorBody, ...Errors },
});
export const userList = defineContract({
  method: 'POST', path: '/User/List', service: 'user', access: 'session',
  summary: "The organization's users, searched, sorted and paged", body: UserListBody,
  response: { 200: Type.Object({ rows: Type.Array(UserRow), totalCount: Type.Integer() }), 403: ErrorBody, 400: ErrorBody },
});
export const userExportList = defineContract({
  method: 'POST', path: '/User/Export/List', service: 'user', access: 'session',
  summary: "The organization's users as CSV (the list's search, every page)", body: UserListBody,
  response: { 200: Type.String(), 403: ErrorBody, 400: ErrorBody },
});
export const userUpdate = defineContract({
  method: 'POST', path: '/User/Update', service: 'user', access: 'session',
  summary: "Changes a user's name, sales rep, activity or his own setting values (audited)",
  body: Type.Object({
    userMasterId: RowId,
    fullName: Type.Optional(Name),
    salesRep: Type.Optional(Type.Union([Text(20), Type.Null()])),
    isActive: Type.Optional(Type.Boolean()),
    settingOverrides: Type.Optional(Type.Array(SettingOverrideWrite, { maxItems: 200 })),
  }),
  response: { 200: UserRow, ...Errors },
});
export const userChangePassword = defineContract({
  method: 'POST', path: '/User/ChangePassword', service: 'user', access: 'session',
  summary: "Changes the signed-in user's password (the current one is required unless he must set one)",
  body: Type.Object({ currentPassword: Type.Optional(Type.String({ maxLength: 200 })), newPassword: Password }),
  response: { 204: NoContent, 400: ErrorBody },
});
export const userUpdateRole = defineContract({
  method: 'POST', path: '/User/UpdateRole', service: 'user', access: 'session',
  summary: "Gives a user another role (never one above the administrator's own)",
  body: Type.Object({ userMasterId: RowId, roleMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const userChangeUserPassword = defineContract({
  method: 'POST', path: '/User/ChangeUserPassword/{userMasterId}', service: 'user', access: 'session',
  summary: "Sets another user's password; his sessions end", params: Type.Object({ userMasterId: RowId }),
  body: Type.Object({ newPassword: Password }),
  response: { 204: NoContent, ...Errors },
});
export const userRemoveRole = defineContract({
  method: 'POST', path: '/User/RemoveRole/{userMasterId}', service: 'user', access: 'session',
  summary: 'Takes a user\u2019s role away: he keeps the least one (Viewer)', params: Type.Object({ userMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const userSendAccessEmail = defineContract({
  method: 'POST', path: '/User/SendAccessEmail/{userId}', service: 'user', access: 'session',
  summary: 'E-mails the user a link to choose his password and sign in', params: Type.Object({ userId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const userSendUserLimitEmail = defineContract({
  method: 'POST', path: '/User/SendUserLimitEmail', service: 'user', access: 'session',
  summary: "E-mails the organization's owners how many users it has against its UserLimit setting",
  response: { 200: Type.Object({ userCount: Type.Integer(), userLimit: Type.Integer() }), 403: ErrorBody },
});
export const userBulkSendAccessEmail = defineContract({
  method: 'POST', path: '/User/BulkSendAccessEmail', service: 'user', access: 'session',
  summary: 'Sends the access e-mail to several users of the organization',
  body: Type.Object({ userMasterIds: Type.Array(RowId, { minItems: 1, maxItems: 500 }) }),
  response: { 200: Type.Object({ sent: Type.Integer() }), ...Errors },
});
export const userDelete = defineContract({
  method: 'POST', path: '/User/Delete', service: 'user', access: 'session',
  summary: 'Deactivates a user: his sessions end, his boards and audit trail stay', body: UserIdBody,
  response: { 204: NoContent, ...Errors },
});
export const userUpdateOrganizationAccess = defineContract({
  method: 'POST', path: '/User/UpdateOrganizationAccess', service: 'user', access: 'session',
  summary: 'Marks a user as an organization user or not (toggles banner, seed 000 §6)',
  body: Type.Object({ userMasterId: RowId, organizationUser: Type.Boolean() }),
  response: { 204: NoContent, ...Errors },
});
export const userResetAuthenticator = defineContract({
  method: 'POST', path: '/User/ResetAuthenticator', service: 'user', access: 'session',
  summary: "Forgets an authenticator: the user's own, or (administrators) another user's; the next sign-in sets one up again",
  body: Type.Optional(Type.Object({ userMasterId: Type.Optional(RowId) })),
  response: { 204: NoContent, ...Errors },
});
export const userGetById = defineContract({
  method: 'GET', path: '/User/GetById/{userId}', service: 'user', access: 'session',
  summary: 'One user of the organization', params: Type.Object({ userId: RowId }),
  response: { 200: UserRow, ...Errors },
});
export const userGetCustomerMaster = defineContract({
  method: 'GET', path: '/User/GetCustomerMaster', service: 'user', access: 'session',
  summary: "The signed-in user's organization",
  response: { 200: Type.Object({ customerMasterId: Type.Integer(), customerName: Type.String(), erpMasterId: Type.Integer(), editionMasterId: Type.Integer() }) },
});
export const UserFilterRow = Type.Object({
  filterId: Type.Integer(),
  userMasterId: Type.Integer(),
  filterType: Type.String(),
  columnName: Type.String(),
  values: Type.Array(Type.String()),
});
const FilterType = Type.String({ minLength: 1, maxLength: 50 });
/** The user-filter calls' shapes, shared by User/Filters and OrganizationSwitcher/Filters. */
export const UserFilterListParams = Type.Object({ userMasterId: RowId, filterType: FilterType });
export const UserFilterCreateBody = Type.Object({ filterType: FilterType, columnName: Text(100, { minLength: 1 }), values: Type.Array(Text(200), { maxItems: 500 }) });
export const UserFilterUpdateBody = Type.Object({ filterId: RowId, values: Type.Array(Text(200), { maxItems: 500 }) });
export const userFiltersList = defineContract({
  method: 'GET', path: '/User/Filters/List/{userMasterId}/{filterType}', service: 'user', access: 'session',
  summary: "A user's report filters of a type", params: UserFilterListParams,
  response: { 200: Type.Array(UserFilterRow), ...Errors },
});
export const userFiltersCreate = defineContract({
  method: 'POST', path: '/User/Filters/Create/{userId}', service: 'user', access: 'session',
  summary: 'Limits a user to values of a report filter column', params: Type.Object({ userId: RowId }),
  body: UserFilterCreateBody,
  response: { 200: UserFilterRow, ...Errors },
});
export const userFiltersUpdate = defineContract({
  method: 'POST', path: '/User/Filters/Update/{userId}', service: 'user', access: 'session',
  summary: "Changes a user's report filter values", params: Type.Object({ userId: RowId }),
  body: UserFilterUpdateBody,
  response: { 200: UserFilterRow, ...Errors },
});
export const userFiltersRemove = defineContract({
  method: 'POST', path: '/User/Filters/Remove/{filterId}', service: 'user', access: 'session',
  summary: 'Removes a report filter of a user', params: Type.Object({ filterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const SessionRow = Type.Object({
  sessionId: Type.String(),
  current: Type.Boolean(),
  persistent: Type.Boolean(),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
  userAgent: Type.String(),
  ip: Type.String(),
});
export const userSessions = defineContract({
  method: 'GET', path: '/User/Sessions', service: 'user', access: 'session',
  summary: "The signed-in user's open sessions (Keep Me Signed In ones included)",
  response: { 200: Type.Array(SessionRow) },
});
export const userSessionsSignOutOthers = defineContract({
  method: 'POST', path: '/User/Sessions/SignOutOthers', service: 'user', access: 'session',
  summary: "Ends every session of the signed-in user but this one",
  response: { 200: Type.Object({ ended: Type.Integer() }) },
});
export const userUpdateProfile = defineContract({
  method: 'POST', path: '/User/UpdateProfile', service: 'user', access: 'session',
  summary: "Changes the signed-in user's own name",
  body: Type.Object({ fullName: Name }),
  response: { 204: NoContent, 400: ErrorBody },
});

// ── Authorization, Admin/Users, identity roles ────────────────────────────────────────────────
export const AUTHORIZATION_LEVELS = [
  { authorizationLevel: 0, name: 'Standard' },
  { authorizationLevel: 1, name: 'Support' },
  { authorizationLevel: 2, name: 'Developer' },
] as const;
export const authorizationPatch = defineContract({
  method: 'PATCH', path: '/Authorization/{userMasterId}/{authorizationLevel}', service: 'admin', access: 'session',
  summary: "Changes a user's authorization level (0 Standard, 1 Support, 2 Developer)",
  params: Type.Object({ userMasterId: RowId, authorizationLevel: Int4({ minimum: 0, maximum: 2 }) }),
  response: { 204: NoContent, ...Errors },
});
export const authorizationList = defineContract({
  method: 'GET', path: '/Authorization/List', service: 'admin', access: 'session',
  summary: 'The authorization levels',
  response: { 200: Type.Array(Type.Object({ authorizationLevel: Type.Integer(), name: Type.String() })), 403: ErrorBody },
});
export const adminUsersList = defineContract({
  method: 'GET', path: '/Admin/Users/List', service: 'admin', access: 'session',
  summary: 'Users of every organization with their organization (RTSAdmin)',
  response: { 200: Type.Array(Type.Object({ ...UserRow.properties, customerMasterId: Type.Integer(), customerName: Type.String() })), 403: ErrorBody },
});
export const adminUsersUpdate = defineContract({
  method: 'POST', path: '/Admin/Users/Update', service: 'admin', access: 'session',
  summary: 'Moves a user to another organization or changes his authorization level (RTSAdmin)',
  body: Type.Object({ userMasterId: RowId, customerMasterId: Type.Optional(RowId), authorizationLevel: Type.Optional(Int4({ minimum: 0, maximum: 2 })) }),
  response: { 204: NoContent, ...Errors },
});
export const adminIdentityRoleCreate = defineContract({
  method: 'POST', path: '/Admin/IdentityRole/Create', service: 'admin', access: 'session',
  summary: 'A new built-in (identity) role shared by every organization (RTSAdmin)',
  body: Type.Object({ roleName: Name, isAdmin: Type.Optional(Type.Boolean()) }),
  response: { 200: RoleRow, 409: ErrorBody, ...Errors },
});
export const adminIdentityRoleIsDevAdmin = defineContract({
  method: 'GET', path: '/Admin/IdentityRole/IsDevAdmin', service: 'admin', access: 'session',
  summary: 'Whether the signed-in user is a developer administrator (RTSAdmin with authorization level 2)',
  response: { 200: Type.Boolean() },
});

// ── Report filter columns ──────────────────────────────────────────────────────────────────────
export const ReportFilterColumn = Type.Object({
  id: Type.Integer(),
  filterType: Type.String(),
  columnName: Type.String(),
  displayName: Type.String(),
  isActive: Type.Boolean(),
});
const ReportFilterColumnBody = Type.Object({
  filterType: FilterType,
  columnName: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  displayName: Name,
  isActive: Type.Optional(Type.Boolean()),
});
export const reportFilterColumnPost = defineContract({
  method: 'POST', path: '/UserReportFilterColumnMaster', service: 'admin', access: 'session',
  summary: 'A new report filter column', body: ReportFilterColumnBody,
  response: { 200: ReportFilterColumn, 409: ErrorBody, ...Errors },
});
export const reportFilterColumnPut = defineContract({
  method: 'PUT', path: '/UserReportFilterColumnMaster/{id}', service: 'admin', access: 'session',
  summary: 'Changes a report filter column', params: Type.Object({ id: RowId }), body: ReportFilterColumnBody,
  response: { 200: ReportFilterColumn, 409: ErrorBody, ...Errors },
});
export const reportFilterColumnGet = defineContract({
  method: 'GET', path: '/UserReportFilterColumnMaster/{id}', service: 'admin', access: 'session',
  summary: 'One report filter column', params: Type.Object({ id: RowId }),
  response: { 200: ReportFilterColumn, ...Errors },
});
export const reportFilterColumnAdminList = defineContract({
  method: 'POST', path: '/UserReportFilterColumnMaster/AdminList', service: 'admin', access: 'session',
  summary: 'Every report filter column, inactive ones included',
  response: { 200: Type.Array(ReportFilterColumn), 403: ErrorBody },
});
export const reportFilterColumnList = defineContract({
  method: 'POST', path: '/UserReportFilterColumnMaster/List/{filterType}', service: 'admin', access: 'session',
  summary: 'The active report filter columns of a type', params: Type.Object({ filterType: FilterType }),
  response: { 200: Type.Array(ReportFilterColumn) },
});

// ── Impersonation ──────────────────────────────────────────────────────────────────────────────
export const impersonateApply = defineContract({
  method: 'POST', path: '/Impersonate/Apply/{userMasterId}', service: 'admin', access: 'session',
  summary: 'Shows the session as another user of the organization (never one with more rights); audited with both users',
  params: Type.Object({ userMasterId: RowId }),
  response: { 204: NoContent, ...Errors },
});
export const impersonateRemove = defineContract({
  method: 'POST', path: '/Impersonate/Remove', service: 'admin', access: 'session',
  summary: 'Ends the impersonation: the session is its real user again; audited with both users',
  response: { 204: NoContent },
});

// ── Modules per organization, audit ────────────────────────────────────────────────────────────
export const ModuleRow = Type.Object({
  moduleId: Type.String(),
  title: Type.String(),
  /** The admin and sign-in modules cannot be switched off from the page. */
  locked: Type.Boolean(),
  enabled: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Switched off for the whole deployment (REMOTE_<ID>_ENABLED=false): the page cannot switch it on. */
  deploymentDisabled: Type.Boolean(),
  features: Type.Array(Type.Object({ featureId: Type.String(), title: Type.String(), enabled: Type.Boolean(), reason: Type.Union([Type.String(), Type.Null()]) })),
});
export const adminModulesList = defineContract({
  method: 'GET', path: '/Admin/Modules/List', service: 'admin', access: 'session',
  summary: 'The modules (remotes) and their features, with what is switched off for the organization and why',
  response: { 200: Type.Array(ModuleRow), 403: ErrorBody },
});
export const adminModulesUpdate = defineContract({
  method: 'POST', path: '/Admin/Modules/Update', service: 'admin', access: 'session',
  summary: 'Switches a module or one of its features off (with a reason) or on for the organization (audited)',
  body: Type.Object({
    moduleId: Type.String({ minLength: 1, maxLength: 50 }),
    featureId: Type.Optional(Type.String({ maxLength: 50 })),
    enabled: Type.Boolean(),
    reason: Type.Optional(Text(300)),
  }),
  response: { 204: NoContent, ...Errors },
});
export const AuditRow = Type.Object({
  auditLogId: Type.Integer(),
  at: Type.String(),
  event: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export const adminAuditList = defineContract({
  method: 'GET', path: '/Admin/Audit/List', service: 'admin', access: 'session',
  summary: "The organization's newest administration audit entries",
  querystring: Type.Object({ event: Type.Optional(Type.String({ maxLength: 50 })), pageSize: Type.Optional(Int4({ minimum: 1, maximum: 500 })) }),
  response: { 200: Type.Array(AuditRow), 403: ErrorBody },
});

// ── Logos (seed 001 §7.5 LogoMaster) ────────────────────────────────────────────────────────────
/** The largest logo image (PNG or JPEG, the kinds a PDF can carry). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LogoRow = Type.Object({
  logoMasterId: Type.Integer(),
  fileName: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  updatedAt: Type.String(),
});
const LogoParams = Type.Object({ logoMasterId: RowId });
const LogoUploadErrors = { ...Errors, 413: ErrorBody, 415: ErrorBody };
export const logoMasterGet = defineContract({
  method: 'GET', path: '/LogoMaster/{logoMasterId}', service: 'admin', access: 'session',
  summary: "One of the organization's logos: its image (shown inline), 404 for another organization's",
  params: LogoParams,
  response: { 200: FileBytes, ...Errors },
});
export const logoMasterPost = defineContract({
  method: 'POST', path: '/LogoMaster', service: 'admin', access: 'session',
  summary: `Adds a logo (multipart, field file; PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB) to the organization (audited)`,
  response: { 200: LogoRow, ...LogoUploadErrors },
});
export const logoMasterPut = defineContract({
  method: 'PUT', path: '/LogoMaster/{logoMasterId}', service: 'admin', access: 'session',
  summary: "Replaces the image of one of the organization's logos (multipart, field file; PNG or JPEG) (audited)",
  params: LogoParams,
  response: { 200: LogoRow, ...LogoUploadErrors },
});
