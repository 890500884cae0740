import { Type, type Static, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { DateSlug } from './choices.ts';
import { BoundedNumber, ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Seed 001 §7.11 ActivityTransaction and §7.13 DataManager/Local GPS verification (issue 27).
// An activity is logged on an account of the ERP mirror (a customer, ship-to or prospect) and is
// scoped by that account's rep: another rep's activity answers 404 like one that does not exist,
// a manager reads his team's. ActivityAccessRight gates every call (403 without). Each write is
// audited; an update or delete naming an older version than the stored one is a 409 whose body
// carries the current activity. Completing an activity with scheduleFollowUp schedules a
// follow-up FollowUpDays (7) after the completion, linked to it (followupOf).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const Code = Type.String({ minLength: 1, maxLength: 40 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Errors = { 404: ErrorBody, ...ErpErrors };

/** The accounts an activity is logged on. */
export const ActivityAccountType = Type.Union([Type.Literal('Customer'), Type.Literal('ShipTo'), Type.Literal('Prospect')]);
export type ActivityAccountType = Static<typeof ActivityAccountType>;

/** An activity's state: Completed once it has a completion date, else Overdue past its due date, else Open. */
export const ActivityStatus = Type.Union([Type.Literal('Open'), Type.Literal('Overdue'), Type.Literal('Completed')]);

/** One activity with its account, type, links, follow-ups, GPS verification and version. */
export const ActivityItem = Type.Object({
  activityTransactionNumber: Type.Integer(),
  company: Text,
  accountType: ActivityAccountType,
  accountId: Text,
  accountName: OptText,
  customer: OptText,
  salesRep: Text,
  salesRepName: OptText,
  activityTypeId: Type.Integer(),
  activityType: Text,
  subject: Text,
  notes: OptText,
  contact: OptText,
  contactName: OptText,
  opportunity: Nullable(Type.Integer()),
  orderNumber: OptText,
  quoteNumber: OptText,
  dueDate: Text,
  completedDate: OptText,
  status: ActivityStatus,
  followupOf: Nullable(Type.Integer()),
  followUpTransactionNumber: Nullable(Type.Integer()),
  ownerName: OptText,
  gpsVerified: Nullable(Type.Boolean()),
  version: Type.Integer(),
  createdAt: Text,
  updatedAt: Text,
});
export type ActivityItem = Static<typeof ActivityItem>;

/** What a user writes on an activity. */
const ActivityFields = {
  activityTypeId: RowId,
  subject: Type.String({ minLength: 1, maxLength: 200, description: 'What the activity is about' }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  contact: Type.Optional(Nullable(Type.String({ maxLength: 40, description: 'An ERP contact of the account' }))),
  opportunity: Type.Optional(Nullable(RowId)),
  orderNumber: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  quoteNumber: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  dueDate: Type.Optional(Nullable(IsoDate)),
  completedDate: Type.Optional(Nullable(IsoDate)),
  scheduleFollowUp: Type.Optional(Type.Boolean({ description: 'With a completion date: schedule a follow-up FollowUpDays after it' })),
};

export const ActivityCreateRequest = Type.Object({
  company: Code,
  accountType: ActivityAccountType,
  accountId: Code,
  ...ActivityFields,
});
export type ActivityCreateRequest = Static<typeof ActivityCreateRequest>;

export const ActivityUpdateRequest = Type.Object({
  ...ActivityFields,
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the edit started from (409 when another edit came first)' }),
});
export type ActivityUpdateRequest = Static<typeof ActivityUpdateRequest>;

/** A 409: the edit started from an older version; `current` is the activity as it is now. */
export const ActivityConflict = Type.Object({ ...ErrorBody.properties, current: ActivityItem });

const NumberParams = Type.Object({ activityTransactionNumber: RowId });

export const activityExact = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/Exact/{activityTransactionNumber}',
  service: 'analytics',
  access: 'session',
  summary: 'One activity of your accounts (ActivityAccessRight)',
  params: NumberParams,
  response: { 200: ActivityItem, ...Errors },
});

/** A list's request: the search request, optionally cut to a period of due dates and to one account. */
export const ActivityListRequest = Type.Object({
  ...AnalyticsSearchRequest.properties,
  dateSlug: Type.Optional(DateSlug),
  company: Type.Optional(Code),
  accountType: Type.Optional(ActivityAccountType),
  accountId: Type.Optional(Code),
});

export const activityList = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/List',
  service: 'analytics',
  access: 'session',
  summary: "Your accounts' activities, latest due first: searched (subject, account, type), filtered, sorted, paged; dateSlug cuts by due date, accountType/accountId/company to one account",
  body: ActivityListRequest,
  response: { 200: ListResult(ActivityItem), ...Errors },
});

export const ActivityKpi = Type.Object({
  dateSlug: OptText,
  from: OptText,
  to: OptText,
  totalCount: Type.Integer(),
  openCount: Type.Integer(),
  overdueCount: Type.Integer(),
  completedCount: Type.Integer(),
  verifiedCount: Type.Integer(),
  /** Completed over all, in percent (null with none). */
  completionPercent: Nullable(Type.Number()),
});

export const activityKpi = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/KPI',
  service: 'analytics',
  access: 'session',
  summary: "Counts of your accounts' activities due in the period (dateSlug; every date without one): open, overdue, completed, GPS-verified",
  body: Type.Object({ dateSlug: Type.Optional(DateSlug), filters: AnalyticsSearchRequest.properties.filters }),
  response: { 200: ActivityKpi, ...Errors },
});

export const ActivityTypeItem = Type.Object({ activityTypeId: Type.Integer(), activityTypeName: Text, displayOrder: Type.Integer(), isActive: Type.Boolean() });

export const activityTypeList = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/ActivityType/List',
  service: 'analytics',
  access: 'session',
  summary: 'The activity types (DataManager ActivityType), in their order; inactive ones only with includeInactive',
  body: Type.Object({ includeInactive: Type.Optional(Type.Boolean()) }),
  response: { 200: Type.Object({ rows: Type.Array(ActivityTypeItem) }), ...Errors },
});

export const activityCreate = defineContract({
  method: 'POST',
  path: '/ActivityTransaction',
  service: 'analytics',
  access: 'session',
  summary: 'Logs an activity on one of your accounts (due today by default); followupTransactionNumber makes it the follow-up of that activity',
  querystring: Type.Object({ followupTransactionNumber: Type.Optional(RowId) }),
  body: ActivityCreateRequest,
  response: { 200: ActivityItem, ...Errors },
});

export const activityUpdate = defineContract({
  method: 'PUT',
  path: '/ActivityTransaction/{activityTransactionNumber}',
  service: 'analytics',
  access: 'session',
  summary: 'Edits an activity from the version it was read at (409 with the current one when another edit came first)',
  params: NumberParams,
  body: ActivityUpdateRequest,
  response: { 200: ActivityItem, 409: ActivityConflict, ...Errors },
});

export const activityDelete = defineContract({
  method: 'DELETE',
  path: '/ActivityTransaction/{id}',
  service: 'analytics',
  access: 'session',
  summary: 'Deletes an activity (query version: 409 when it changed since)',
  params: Type.Object({ id: RowId }),
  querystring: Type.Object({ version: Type.Optional(RowId) }),
  response: { 204: NoContent, 409: ActivityConflict, ...Errors },
});

export const ACTIVITY_GROUP_BYS = ['salesRep', 'activityType', 'month', 'status', 'account'] as const;
export const ActivityGroupRow = Type.Object({
  key: Text,
  name: Text,
  totalCount: Type.Integer(),
  openCount: Type.Integer(),
  overdueCount: Type.Integer(),
  completedCount: Type.Integer(),
});

export const activityGrouped = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/Grouped/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: "Your accounts' activities due in the period, counted per rep, type, month, status or account",
  params: Type.Object({ groupBy: Type.String({ enum: [...ACTIVITY_GROUP_BYS], description: 'What to count activities by: salesRep, activityType, month (of the due date), status or account' }), dateSlug: DateSlug }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ActivityGroupRow, { groupBy: Text, dateSlug: Text, from: Text, to: Text }), ...Errors },
});

export const OrderQuoteItem = Type.Object({
  documentType: Type.Union([Type.Literal('Order'), Type.Literal('Quote')]),
  documentNumber: Text,
  documentDate: Text,
  status: OptText,
  total: Type.Number(),
});

export const activityOrderQuote = defineContract({
  method: 'POST',
  path: '/ActivityTransaction/OrderQuote',
  service: 'analytics',
  access: 'session',
  summary: "The orders and quotes of one of your accounts an activity can be linked to, latest first (searched by number)",
  body: Type.Object({
    company: Code,
    accountType: ActivityAccountType,
    accountId: Code,
    searchString: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: { 200: Type.Object({ rows: Type.Array(OrderQuoteItem) }), ...Errors },
});

// ------------------------------------------------------------------------------ GPS verification
export const GpsVerification = Type.Object({
  activityTransId: Type.Integer(),
  accountType: ActivityAccountType,
  accountId: Text,
  userLatitude: Nullable(Type.Number()),
  userLongitude: Nullable(Type.Number()),
  distanceMiles: Nullable(Type.Number()),
  radiusMiles: Type.Number(),
  isVerified: Type.Boolean(),
  reasonNotVerified: OptText,
  createdAt: Text,
});

export const gpsVerificationGet = defineContract({
  method: 'GET',
  path: '/DataManager/Local/GPSVerification/{activityTransId}',
  service: 'analytics',
  access: 'session',
  summary: "An activity's GPS verification (404 when it has none)",
  params: Type.Object({ activityTransId: RowId }),
  response: { 200: GpsVerification, ...Errors },
});

export const gpsVerificationAdd = defineContract({
  method: 'POST',
  path: '/DataManager/Local/Add/{accountType}/{accountId}',
  service: 'analytics',
  access: 'session',
  summary:
    "Records where an activity was logged: verified within the GPS verification radius (GpsVerificationRadiusMiles, 5) of the account's location; otherwise, or without a location, reasonNotVerified is required (400)",
  params: Type.Object({ accountType: ActivityAccountType, accountId: Code }),
  body: Type.Object({
    activityTransId: RowId,
    userLatitude: Type.Optional(Nullable(BoundedNumber({ minimum: -90, maximum: 90 }))),
    userLongitude: Type.Optional(Nullable(BoundedNumber({ minimum: -180, maximum: 180 }))),
    reasonNotVerified: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  }),
  response: { 200: GpsVerification, ...Errors },
});
