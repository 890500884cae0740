import { Type, type Static, type TSchema } from 'typebox';
import { Choice, DateSlug } from './choices.ts';
import { BoundedNumber, ErrorBody, Int4, NoContent, PageNumber, RowId } from './common.ts';
import { defineContract, type Contract } from './contract.ts';

// Issue 26, notifications: seed 001 §7.8 (the inbox, user-defined alerts with filters, shares and
// opt-outs, the comparison, ProcessNotificationsForTesting) and the NotificationMaster
// administration of §7.5, spelled as /work/shared/api-catalogue.tsv spells them (docs/decisions.md
// "Notifications"). Alerts belong to the caller's organization (another organization's: 404);
// only an alert's creator changes it, its filters and its shares; the NotificationMaster calls and
// ProcessNotificationsForTesting are for administrators.

/** The engine's notification types (app.notification_master.notification_type). */
export const NOTIFICATION_TYPES = ['CustomerInactivity', 'ShipToInactivity', 'OrderLinePastDue', 'QuoteLinePastDue', 'Comparison', 'ReorderRhythm'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Seed 000 §8: the types that warn 'This notification will only send a maximum of 500 results.' */
export const CAPPED_NOTIFICATION_TYPES: readonly NotificationType[] = ['CustomerInactivity', 'OrderLinePastDue', 'QuoteLinePastDue', 'ShipToInactivity'];
export const NOTIFICATION_RESULT_LIMIT = 500;
export const NOTIFICATION_RESULT_LIMIT_WARNING = 'This notification will only send a maximum of 500 results.';
export const NOTIFICATION_ADDED = 'Notification Successfully Added';
export const NOTIFICATION_UPDATED = 'Notification Successfully Updated';

/** The result fields a filter may compare (app.notification_column_master.column_key). */
export const NOTIFICATION_COLUMN_KEYS = ['Company', 'Branch', 'SalesRep', 'Customer', 'State', 'ProductGroup', 'Amount'] as const;
export type NotificationColumnKey = (typeof NOTIFICATION_COLUMN_KEYS)[number];
/** How a filter compares (app.notification_operator.operator_key). */
export const NOTIFICATION_OPERATOR_KEYS = ['In', 'NotIn', 'Contains', 'GreaterThan', 'LessThan'] as const;
export type NotificationOperatorKey = (typeof NOTIFICATION_OPERATOR_KEYS)[number];
/** How a column's value is entered on the screen. */
export const NOTIFICATION_CONTROL_TYPES = ['MultiSelect', 'Text', 'Number'] as const;
/** The global filter fields whose value lists the pickers offer (filter values by group-by). */
export const NOTIFICATION_FILTER_NAMES = ['company', 'branch', 'salesRep', 'customer', 'productGroup'] as const;
/** What a comparison notification groups sales by. */
export const NOTIFICATION_COMPARISON_GROUP_BYS = ['Customer', 'Branch', 'SalesRep', 'Company'] as const;
export type NotificationComparisonGroupBy = (typeof NOTIFICATION_COMPARISON_GROUP_BYS)[number];

const Id = RowId;
const service = 'notifications' as const;
const access = 'session' as const;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Text = Type.String();
const Errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParam = <N extends string>(name: N) => Type.Object({ [name]: Id } as Record<N, typeof Id>);

// ── The inbox ────────────────────────────────────────────────────────────────────────

/** Seed 000 §3 "Notification": one delivered notification. */
export const NotificationItem = Type.Object({
  notificationId: Type.Integer(),
  notificationUserInstanceId: Nullable(Type.Integer()),
  notificationMasterId: Nullable(Type.Integer()),
  notificationType: Nullable(Text),
  subject: Text,
  body: Text,
  resultCount: Type.Integer(),
  createdAt: Text,
  isAcknowledged: Type.Boolean(),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const notificationList = defineContract({
  method: 'POST',
  path: '/Notifications/List',
  service,
  access,
  summary: "The signed-in user's delivered notifications, newest first (pageSize 25 by default)",
  body: Type.Optional(
    Type.Object({
      pageNumber: Type.Optional(PageNumber),
      pageSize: Type.Optional(Int4({ minimum: 1, maximum: 200 })),
      unreadOnly: Type.Optional(Type.Boolean()),
    }),
  ),
  response: { 200: Type.Object({ notifications: Type.Array(NotificationItem), totalCount: Type.Integer(), unreadNotificationsCount: Type.Integer() }), ...Errors },
});

export const unreadCount = defineContract({
  method: 'GET',
  path: '/Notifications/UnreadCount',
  service,
  access,
  summary: "The signed-in user's unread notifications",
  response: { 200: Type.Object({ unreadNotificationsCount: Type.Integer({ minimum: 0 }) }) },
});

export const markAsAcknowledged = defineContract({
  method: 'POST',
  path: '/Notifications/MarkAsAcknowledged',
  service,
  access,
  summary: "Acknowledges the named notifications of the signed-in user, or all of them (all: true); answers the unread count left",
  body: Type.Object({
    notificationIds: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
    all: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Type.Object({ unreadNotificationsCount: Type.Integer() }), ...Errors },
});

/** One row a notification found: a customer, ship-to, order or quote line, or a group of a comparison. */
export const NotificationResultRow = Type.Object({
  rowNumber: Type.Integer(),
  kind: Choice(['Customer', 'ShipTo', 'OrderLine', 'QuoteLine', 'Group'] as const, 'What the row is'),
  company: Nullable(Text),
  customer: Nullable(Text),
  shipTo: Nullable(Text),
  documentNumber: Nullable(Text),
  lineNumber: Nullable(Type.Integer()),
  name: Text,
  detail: Text,
  amount: Nullable(Type.Number()),
  date: Nullable(Text),
});
export type NotificationResultRow = Static<typeof NotificationResultRow>;

export const notificationResults = defineContract({
  method: 'GET',
  path: '/Notifications/Results/{notificationId}',
  service,
  access,
  summary: 'The rows a delivered notification of the signed-in user found (proposal beside the catalogue: the inbox opens them)',
  params: IdParam('notificationId'),
  response: { 200: Type.Object({ notification: NotificationItem, rows: Type.Array(NotificationResultRow) }), ...Errors },
});

// ── The catalogue as users see it ──────────────────────────────────────────────────────

export const NotificationOperator = Type.Object({ notificationOperatorId: Type.Integer(), operatorKey: Text, displayName: Text });
export const NotificationColumnResult = Type.Object({
  notificationColumnMasterId: Type.Integer(),
  columnKey: Text,
  displayName: Text,
  controlType: Text,
  filterName: Nullable(Text),
  operators: Type.Array(NotificationOperator),
});
export type NotificationColumnResult = Static<typeof NotificationColumnResult>;
export const NotificationMasterResult = Type.Object({
  notificationMasterId: Type.Integer(),
  notificationType: Text,
  notificationName: Text,
  description: Text,
  resultLimit: Nullable(Type.Integer()),
  columns: Type.Array(NotificationColumnResult),
});
export type NotificationMasterResult = Static<typeof NotificationMasterResult>;

export const notificationMasterResultList = defineContract({
  method: 'GET',
  path: '/Notifications/GetNotificationMasterResult/List',
  service,
  access,
  summary: 'The active notification types with the columns their alerts may filter on and each column\'s operators',
  response: { 200: Type.Array(NotificationMasterResult), ...Errors },
});

export const notificationColumnMasterResult = defineContract({
  method: 'GET',
  path: '/Notifications/NotificationColumnMasterResult/GetExact/{notificationColumnMasterId}',
  service,
  access,
  summary: 'One filter column with its operators',
  params: IdParam('notificationColumnMasterId'),
  response: { 200: NotificationColumnResult, ...Errors },
});

// ── The comparison ─────────────────────────────────────────────────────────────────────

/** A filter as an alert keeps it: a column, an operator and values. */
export const NotificationFilterInput = Type.Object({
  notificationColumnMasterId: Id,
  notificationOperatorId: Id,
  filterValues: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 500 }),
});

export const NotificationComparisonRow = Type.Object({ key: Text, name: Text, sales: Type.Number(), comparisonSales: Type.Number(), changePercent: Nullable(Type.Number()) });
export const notificationComparison = defineContract({
  method: 'POST',
  path: '/Notifications/Comparison/{groupBy}/{dateSlug}',
  service,
  access,
  summary: 'Groups whose sales in the period are down more than percentDown (default 20) against the same period a year earlier (your data scope; at most 500, the largest drops first)',
  params: Type.Object({ groupBy: Choice(NOTIFICATION_COMPARISON_GROUP_BYS, 'What to group sales by'), dateSlug: DateSlug }),
  body: Type.Optional(
    Type.Object({
      percentDown: Type.Optional(BoundedNumber({ minimum: 0, maximum: 100 })),
      filters: Type.Optional(Type.Array(NotificationFilterInput, { maxItems: 20 })),
    }),
  ),
  response: { 200: Type.Object({ from: Text, to: Text, comparisonFrom: Text, comparisonTo: Text, rows: Type.Array(NotificationComparisonRow) }), ...Errors },
});

// ── User instances (the alerts users define) ───────────────────────────────────────────

/** The knobs of a type (each optional; the organization's settings give the defaults). */
export const NotificationParameters = Type.Object(
  {
    monthBasis: Type.Optional(Int4({ minimum: 1, maximum: 120, description: 'CustomerInactivity, ShipToInactivity: bought within this many months (default CustomerInactivityMonthBasis 24)' })),
    dayBasis: Type.Optional(Int4({ minimum: 1, maximum: 3650, description: 'CustomerInactivity, ShipToInactivity: no invoice within this many days (default DayBasis 180)' })),
    activityExcludeDayBasis: Type.Optional(Int4({ minimum: 0, maximum: 3650, description: 'CustomerInactivity: leave out accounts with an activity within this many days (default ActivityExcludeDayBasis 180; 0: none left out)' })),
    percentDown: Type.Optional(BoundedNumber({ minimum: 0, maximum: 100, description: 'Comparison: down more than this percentage (default 20)' })),
    groupBy: Type.Optional(Choice(NOTIFICATION_COMPARISON_GROUP_BYS, 'Comparison: what to group by (default Customer)')),
    dateSlug: Type.Optional(DateSlug),
    percentile: Type.Optional(Int4({ minimum: 50, maximum: 99, description: 'ReorderRhythm: the gap percentile a customer must exceed (default 90)' })),
    minimumOrders: Type.Optional(Int4({ minimum: 3, maximum: 365, description: 'ReorderRhythm: order days in the last year needed to have a rhythm (default 6)' })),
  },
  { additionalProperties: false },
);
export type NotificationParameters = Static<typeof NotificationParameters>;

export const NotificationUserInstanceFilter = Type.Object({
  notificationUserInstanceFilterId: Type.Integer(),
  notificationUserInstanceId: Type.Integer(),
  notificationColumnMasterId: Type.Integer(),
  columnKey: Text,
  columnName: Text,
  notificationOperatorId: Type.Integer(),
  operatorKey: Text,
  operatorName: Text,
  filterValues: Type.Array(Text),
});
export type NotificationUserInstanceFilter = Static<typeof NotificationUserInstanceFilter>;

export const NotificationUserInstance = Type.Object({
  notificationUserInstanceId: Type.Integer(),
  notificationMasterId: Type.Integer(),
  notificationType: Text,
  notificationTypeName: Text,
  notificationName: Text,
  description: Text,
  parameters: NotificationParameters,
  sendEmail: Type.Boolean(),
  isActive: Type.Boolean(),
  resultLimit: Nullable(Type.Integer()),
  createdBy: Type.Integer(),
  createdByName: Text,
  isOwner: Type.Boolean(),
  /** How it reaches a user who is not its creator: a user share, a role share (null: his own). */
  sharedByType: Nullable(Choice(['User', 'Role'] as const, 'How the alert is shared with the caller')),
  /** The share's id (notificationUserInstanceXUserMasterId or …XRoleMasterId): the masterIdXOptOut of an opt-out. */
  masterIdXOptOut: Nullable(Type.Integer()),
  isOptedOut: Type.Boolean(),
  filters: Type.Array(NotificationUserInstanceFilter),
  createdAt: Text,
  updatedAt: Text,
});
export type NotificationUserInstance = Static<typeof NotificationUserInstance>;

const instanceFields = {
  notificationName: Name,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  parameters: Type.Optional(NotificationParameters),
  sendEmail: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
};

export const notificationUserInstanceList = defineContract({
  method: 'POST',
  path: '/Notifications/NotificationUserInstance/List',
  service,
  access,
  summary: "A user's alerts: his own and those shared with him or his role (query userMasterId: yourself, or a user of your organization for an administrator)",
  querystring: Type.Object({ userMasterId: Type.Optional(Id) }),
  response: { 200: Type.Array(NotificationUserInstance), ...Errors },
});

export const notificationUserInstanceGet = defineContract({
  method: 'GET',
  path: '/Notifications/GetExact/{id}',
  service,
  access,
  summary: 'One alert of yours or shared with you',
  params: IdParam('id'),
  response: { 200: NotificationUserInstance, ...Errors },
});

export const addNotificationUserInstance = defineContract({
  method: 'POST',
  path: '/Notifications/AddNotificationUserInstance',
  service,
  access,
  summary: "Adds an alert of a notification type, with its filters (the screen says 'Notification Successfully Added')",
  body: Type.Object({ notificationMasterId: Id, ...instanceFields, filters: Type.Optional(Type.Array(NotificationFilterInput, { maxItems: 20 })) }),
  response: { 200: NotificationUserInstance, ...Errors },
});

export const updateNotificationUserInstance = defineContract({
  method: 'POST',
  path: '/Notifications/UpdateNotificationUserInstance',
  service,
  access,
  summary: "Changes an alert of yours (the screen says 'Notification Successfully Updated')",
  body: Type.Object({ notificationUserInstanceId: Id, ...instanceFields }),
  response: { 200: NotificationUserInstance, ...Errors },
});

export const addNotificationUserInstanceFilter = defineContract({
  method: 'POST',
  path: '/Notifications/AddNotificationUserInstanceFilter',
  service,
  access,
  summary: "Adds a filter to an alert of yours (the column must be one of the type's, the operator one of the column's)",
  body: Type.Object({ notificationUserInstanceId: Id, ...NotificationFilterInput.properties }),
  response: { 200: NotificationUserInstanceFilter, ...Errors },
});

export const updateNotificationUserInstanceFilter = defineContract({
  method: 'POST',
  path: '/Notifications/UpdateNotificationUserInstanceFilter',
  service,
  access,
  summary: 'Changes a filter of an alert of yours',
  body: Type.Object({ notificationUserInstanceFilterId: Id, ...NotificationFilterInput.properties }),
  response: { 200: NotificationUserInstanceFilter, ...Errors },
});

export const removeNotificationUserInstanceFilter = defineContract({
  method: 'POST',
  path: '/Notifications/RemoveNotificationUserInstanceFilter/{id}',
  service,
  access,
  summary: 'Removes a filter of an alert of yours',
  params: IdParam('id'),
  response: { 204: NoContent, ...Errors },
});

export const removeNotificationUserInstance = defineContract({
  method: 'POST',
  path: '/Notifications/RemoveNotificationUserInstance/{id}',
  service,
  access,
  summary: 'Removes an alert of yours with its filters, shares and opt-outs (delivered notifications stay in the inboxes)',
  params: IdParam('id'),
  response: { 204: NoContent, ...Errors },
});

export const notificationUserInstanceFilters = defineContract({
  method: 'GET',
  path: '/Notifications/GetFiltersExact/{id}',
  service,
  access,
  summary: 'The filters of an alert of yours or shared with you',
  params: IdParam('id'),
  response: { 200: Type.Array(NotificationUserInstanceFilter), ...Errors },
});

export const copyNotificationUserInstance = defineContract({
  method: 'POST',
  path: '/Notifications/Copy/{id}',
  service,
  access,
  summary: "Copies an alert of yours or shared with you, with its filters, as your own ('Copy of …'; shares are not copied)",
  params: IdParam('id'),
  response: { 200: NotificationUserInstance, ...Errors },
});

// ── Shares ─────────────────────────────────────────────────────────────────────────────

export const NotificationUserShare = Type.Object({
  userMasterId: Type.Integer(),
  fullName: Text,
  email: Text,
  /** null: not shared with this user. */
  notificationUserInstanceXUserMasterId: Nullable(Type.Integer()),
});
export const NotificationRoleShare = Type.Object({
  roleMasterId: Type.Integer(),
  roleName: Text,
  /** null: not shared with this role. */
  notificationUserInstanceXRoleMasterId: Nullable(Type.Integer()),
});

export const notificationUserShareList = defineContract({
  method: 'GET',
  path: '/Notifications/User/Share/List/{notificationUserInstanceId}',
  service,
  access,
  summary: "Every other user of the organization with the alert's share (yours only)",
  params: IdParam('notificationUserInstanceId'),
  response: { 200: Type.Array(NotificationUserShare), ...Errors },
});
export const notificationUserShareAdd = defineContract({
  method: 'POST',
  path: '/Notifications/User/Share/Add',
  service,
  access,
  summary: 'Shares an alert of yours with a user of your organization',
  body: Type.Object({ notificationUserInstanceId: Id, userMasterId: Id }),
  response: { 200: NotificationUserShare, ...Errors },
});
export const notificationUserShareUpdate = defineContract({
  method: 'POST',
  path: '/Notifications/User/Share/Update',
  service,
  access,
  summary: 'Moves a user share of an alert of yours to another user',
  body: Type.Object({ notificationUserInstanceXUserMasterId: Id, userMasterId: Id }),
  response: { 200: NotificationUserShare, ...Errors },
});
export const notificationUserShareRemove = defineContract({
  method: 'POST',
  path: '/Notifications/User/Share/Remove/{notificationUserInstanceXUserMasterId}',
  service,
  access,
  summary: 'Removes a user share of an alert of yours',
  params: IdParam('notificationUserInstanceXUserMasterId'),
  response: { 204: NoContent, ...Errors },
});
export const notificationRoleShareList = defineContract({
  method: 'GET',
  path: '/Notifications/Role/Share/List/{notificationUserInstanceId}',
  service,
  access,
  summary: "Every role of the organization with the alert's share (yours only)",
  params: IdParam('notificationUserInstanceId'),
  response: { 200: Type.Array(NotificationRoleShare), ...Errors },
});
export const notificationRoleShareAdd = defineContract({
  method: 'POST',
  path: '/Notifications/Role/Share/Add',
  service,
  access,
  summary: "Shares an alert of yours with a role (its users of your organization)",
  body: Type.Object({ notificationUserInstanceId: Id, roleMasterId: Id }),
  response: { 200: NotificationRoleShare, ...Errors },
});
export const notificationRoleShareUpdate = defineContract({
  method: 'POST',
  path: '/Notifications/Role/Share/Update',
  service,
  access,
  summary: 'Moves a role share of an alert of yours to another role',
  body: Type.Object({ notificationUserInstanceXRoleMasterId: Id, roleMasterId: Id }),
  response: { 200: NotificationRoleShare, ...Errors },
});
export const notificationRoleShareRemove = defineContract({
  method: 'POST',
  path: '/Notifications/Role/Share/Remove/{notificationUserInstanceXRoleMasterId}',
  service,
  access,
  summary: 'Removes a role share of an alert of yours',
  params: IdParam('notificationUserInstanceXRoleMasterId'),
  response: { 204: NoContent, ...Errors },
});

const UserIdParam = Type.Object({ userId: Id });
export const notificationSharedUserList = defineContract({
  method: 'GET',
  path: '/Notifications/Shared/User/List/{userId}',
  service,
  access,
  summary: 'The alerts shared with a user directly (yourself, or a user of your organization for an administrator)',
  params: UserIdParam,
  response: { 200: Type.Array(NotificationUserInstance), ...Errors },
});
export const notificationSharedRoleList = defineContract({
  method: 'GET',
  path: '/Notifications/Shared/Role/List/{userId}',
  service,
  access,
  summary: "The alerts shared with a user's role (yourself, or a user of your organization for an administrator)",
  params: UserIdParam,
  response: { 200: Type.Array(NotificationUserInstance), ...Errors },
});
export const notificationSharedCount = defineContract({
  method: 'GET',
  path: '/Notifications/Shared/Count/{userId}',
  service,
  access,
  summary: 'How many alerts are shared with a user, directly or through his role',
  params: UserIdParam,
  response: { 200: Type.Object({ sharedCount: Type.Integer() }), ...Errors },
});

export const NotificationRoleOptOutUser = Type.Object({ userMasterId: Type.Integer(), fullName: Text, email: Text, roleName: Text, isOptedOut: Type.Boolean() });
export const notificationRoleOptOutUserList = defineContract({
  method: 'GET',
  path: '/Notifications/Role/OptOut/User/List/{notificationUserInstanceId}',
  service,
  access,
  summary: 'The users an alert of yours reaches through its role shares, and whether each opted out',
  params: IdParam('notificationUserInstanceId'),
  response: { 200: Type.Array(NotificationRoleOptOutUser), ...Errors },
});

// ── Opt-outs ───────────────────────────────────────────────────────────────────────────

export const SHARED_BY_TYPES = ['User', 'Role'] as const;
export const NotificationOptOut = Type.Object({
  notificationOptOutId: Type.Integer(),
  notificationUserInstanceId: Type.Integer(),
  userMasterId: Type.Integer(),
  masterIdXOptOut: Type.Integer(),
  sharedByType: Text,
});
const OptOutBody = Type.Object({ masterIdXOptOut: Id, sharedByType: Choice(SHARED_BY_TYPES, 'The share opted out of: a user share or a role share') });

export const notificationOptOutAdd = defineContract({
  method: 'POST',
  path: '/Notifications/OptOut/Add',
  service,
  access,
  summary: 'Opts you out of an alert shared with you (masterIdXOptOut: the share\'s id)',
  body: OptOutBody,
  response: { 200: NotificationOptOut, ...Errors },
});
export const notificationOptOutRemove = defineContract({
  method: 'POST',
  path: '/Notifications/OptOut/Remove',
  service,
  access,
  summary: 'Takes back your opt-out of a shared alert',
  body: OptOutBody,
  response: { 204: NoContent, ...Errors },
});
export const notificationOptOutUser = defineContract({
  method: 'POST',
  path: '/Notifications/OptOut/{notificationId}/{userId}',
  service,
  access,
  summary: "Opts a user out of an alert (notificationId: the alert's id; yourself, e.g. from the e-mail's unsubscribe link, or a user of your organization for an administrator)",
  params: Type.Object({ notificationId: Id, userId: Id }),
  response: { 200: NotificationOptOut, ...Errors },
});

export const SharedCreatorOptOut = Type.Object({
  notificationSharedCreatorOptOutId: Type.Integer(),
  creatorUserMasterId: Type.Integer(),
  creatorName: Text,
});
export const sharedCreatorOptOutList = defineContract({
  method: 'GET',
  path: '/Notifications/SharedCreator/OptOut/List',
  service,
  access,
  summary: 'The creators whose shared alerts you opted out of',
  response: { 200: Type.Array(SharedCreatorOptOut), ...Errors },
});
export const sharedCreatorOptOutAdd = defineContract({
  method: 'POST',
  path: '/Notifications/SharedCreator/OptOut/Add',
  service,
  access,
  summary: 'Opts you out of everything a user of your organization shares',
  body: Type.Object({ creatorUserMasterId: Id }),
  response: { 200: SharedCreatorOptOut, ...Errors },
});
export const sharedCreatorOptOutUpdate = defineContract({
  method: 'POST',
  path: '/Notifications/SharedCreator/OptOut/Update',
  service,
  access,
  summary: 'Changes which creator a shared-creator opt-out of yours names',
  body: Type.Object({ notificationSharedCreatorOptOutId: Id, creatorUserMasterId: Id }),
  response: { 200: SharedCreatorOptOut, ...Errors },
});
export const sharedCreatorOptOutRemove = defineContract({
  method: 'POST',
  path: '/Notifications/SharedCreator/OptOut/Remove/{id}',
  service,
  access,
  summary: 'Takes back a shared-creator opt-out of yours',
  params: IdParam('id'),
  response: { 204: NoContent, ...Errors },
});

// ── Evaluation on demand ───────────────────────────────────────────────────────────────

export const ProcessedNotification = Type.Object({
  notificationUserInstanceId: Type.Integer(),
  notificationName: Text,
  notificationId: Nullable(Type.Integer()),
  resultCount: Type.Integer(),
});
export const processNotificationsForTesting = defineContract({
  method: 'GET',
  path: '/Notifications/ProcessNotificationsForTesting/{customerMasterId}/{userMasterId}/{ignorePreviousNotifications}',
  service,
  access,
  summary: "Evaluates a user's alerts now and delivers what they find (administrators of the user's organization; ignorePreviousNotifications true delivers findings already delivered again)",
  params: Type.Object({ customerMasterId: Id, userMasterId: Id, ignorePreviousNotifications: Type.Boolean() }),
  response: { 200: Type.Object({ processed: Type.Array(ProcessedNotification) }), ...Errors },
});

// ── NotificationMaster administration (seed 001 §7.5) ─────────────────────────────────

export const NotificationMasterType = Type.Object({
  notificationMasterId: Type.Integer(),
  notificationType: Text,
  notificationName: Text,
  description: Text,
  resultLimit: Nullable(Type.Integer()),
  isActive: Type.Boolean(),
});
const TypeInput = Type.Object({
  notificationType: Choice(NOTIFICATION_TYPES, 'The evaluation the engine runs for this type'),
  notificationName: Name,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  resultLimit: Type.Optional(Nullable(Int4({ minimum: 1, maximum: NOTIFICATION_RESULT_LIMIT }))),
  isActive: Type.Optional(Type.Boolean()),
});
export const NotificationMasterTypeColumn = Type.Object({
  notificationMasterXColumnId: Type.Integer(),
  notificationMasterId: Type.Integer(),
  notificationColumnMasterId: Type.Integer(),
});
const TypeColumnInput = Type.Object({ notificationMasterId: Id, notificationColumnMasterId: Id });
export const NotificationMasterColumn = Type.Object({
  notificationColumnMasterId: Type.Integer(),
  columnKey: Text,
  displayName: Text,
  controlType: Text,
  filterName: Nullable(Text),
});
const ColumnInput = Type.Object({
  columnKey: Choice(NOTIFICATION_COLUMN_KEYS, 'The result field the column compares'),
  displayName: Name,
  controlType: Choice(NOTIFICATION_CONTROL_TYPES, 'How a value is entered'),
  filterName: Type.Optional(Nullable(Choice(NOTIFICATION_FILTER_NAMES, 'The global filter whose values the picker offers'))),
});
export const NotificationMasterColumnOperator = Type.Object({
  notificationColumnXOperatorId: Type.Integer(),
  notificationColumnMasterId: Type.Integer(),
  notificationOperatorId: Type.Integer(),
});
const ColumnOperatorInput = Type.Object({ notificationColumnMasterId: Id, notificationOperatorId: Id });
export const NotificationMasterOperator = NotificationOperator;
const OperatorInput = Type.Object({ operatorKey: Choice(NOTIFICATION_OPERATOR_KEYS, 'How the filter compares'), displayName: Name });

/** The five calls of one NotificationMaster list, named as the catalogue spells them. */
function masterCalls<R extends TSchema, I extends TSchema>(base: string, what: string, row: R, input: I) {
  const IdOnly = IdParam('id');
  return {
    list: defineContract({ method: 'GET', path: `/NotificationMaster/${base}/List`, service, access, summary: `Every ${what} (administrators)`, response: { 200: Type.Array(row), ...Errors } }),
    get: defineContract({ method: 'GET', path: `/NotificationMaster/${base}/{id}`, service, access, summary: `One ${what} (administrators)`, params: IdOnly, response: { 200: row, ...Errors } }),
    put: defineContract({ method: 'PUT', path: `/NotificationMaster/${base}/{id}`, service, access, summary: `Changes a ${what} (administrators)`, params: IdOnly, body: input, response: { 200: row, ...Errors, 409: ErrorBody } }),
    post: defineContract({ method: 'POST', path: `/NotificationMaster/${base}`, service, access, summary: `Adds a ${what} (administrators)`, body: input, response: { 200: row, ...Errors, 409: ErrorBody } }),
    delete: defineContract({ method: 'DELETE', path: `/NotificationMaster/${base}/{id}`, service, access, summary: `Removes a ${what} (administrators; 409 while alerts use it)`, params: IdOnly, response: { 204: NoContent, ...Errors, 409: ErrorBody } }),
  };
}

export const notificationMasterTypeCalls = masterCalls('Type', 'notification type', NotificationMasterType, TypeInput);
export const notificationMasterTypeColumnCalls = masterCalls('Type/Column', 'column of a notification type', NotificationMasterTypeColumn, TypeColumnInput);
export const notificationMasterColumnCalls = masterCalls('Column', 'notification filter column', NotificationMasterColumn, ColumnInput);
export const notificationMasterColumnOperatorCalls = masterCalls('Column/Operator', 'operator of a column', NotificationMasterColumnOperator, ColumnOperatorInput);
export const notificationMasterOperatorCalls = masterCalls('Operator', 'notification filter operator', NotificationMasterOperator, OperatorInput);

export const notificationMasterControlTypeList = defineContract({
  method: 'GET',
  path: '/NotificationMaster/Column/ControlType/List',
  service,
  access,
  summary: 'The control types a column may use (administrators)',
  response: { 200: Type.Array(Type.Object({ controlType: Text })), ...Errors },
});
export const notificationMasterFilterNameList = defineContract({
  method: 'GET',
  path: '/NotificationMaster/Column/FilterName/List',
  service,
  access,
  summary: 'The global filter names a column may take its values from (administrators)',
  response: { 200: Type.Array(Type.Object({ filterName: Text })), ...Errors },
});

/** The NotificationMaster lists' calls (allContracts takes this module's contracts and these). */
export const NOTIFICATION_MASTER_CONTRACT_LIST: Contract[] = [
  notificationMasterTypeCalls,
  notificationMasterTypeColumnCalls,
  notificationMasterColumnCalls,
  notificationMasterColumnOperatorCalls,
  notificationMasterOperatorCalls,
].flatMap((calls) => Object.values(calls));
