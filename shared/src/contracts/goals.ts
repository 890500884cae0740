import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest } from './analytics.ts';
import { Choice } from './choices.ts';
import { BoundedNumber, ErrorBody, Int4, INT4_MAX, NoContent } from './common.ts';
import { defineContract } from './contract.ts';

// Seed 001 §7.10 goals: SalesGoal, BookingsGoal and ActivityGoal, the same set of calls with
// their own names (the catalogue's rows, api-catalogue.tsv `goals`). An organization's goals:
// setups (company and year), configs ("Goal Setups": goal type and up to five hierarchy types)
// and monthly goal rows; goal type exclusions per role; goal against actual, with pacing.
// Managing a kind's goals needs its wizard access (GoalWizardAccess, GoalBookingWizardAccess,
// GoalActivityWizardAccess); exclusions need an administrator role; goal against actual needs
// the kind's access right and is scoped like every ERP read (docs/decisions.md "Goals").

export const GOAL_KINDS = ['Sales', 'Bookings', 'Activity'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** Seed 001 §9: hierarchy depth 5; new-row ids below 2147483647; company list page size 50. */
export const GOAL_HIERARCHY_DEPTH = 5;
export const GOAL_NEW_ROW_ID_LIMIT = INT4_MAX;
/** At most this many goal rows in one save or one config (the speed target's grid is 50,000). */
export const GOAL_ROWS_MAX = 100_000;
/** The largest goal spreadsheet an upload takes (50,000 rows of the template are about 3 MB). */
export const GOAL_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The largest body of a …HierarchyBulkUpdate save: GOAL_ROWS_MAX rows as the grid sends them (every
 * field, about 500 bytes a row). The platform's 256 KiB (BODY_LIMIT_BYTES) held about 500 edited rows.
 */
export const GOAL_SAVE_MAX_BYTES = 64 * 1024 * 1024;

/** What a goal is set for (goal types) and what goals are grouped by (the hierarchy's group-bys). */
export const GOAL_GROUP_BYS = ['Company', 'Branch', 'SalesRep', 'Customer', 'ProductGroup', 'FiscalMonth', 'Complete'] as const;
export type GoalGroupBy = (typeof GOAL_GROUP_BYS)[number];
/** The goal types of each kind (GoalTypeList before the role's exclusions). */
export const GOAL_TYPES: Readonly<Record<GoalKind, readonly GoalGroupBy[]>> = {
  Sales: ['SalesRep', 'Customer', 'Branch', 'ProductGroup', 'Company'],
  Bookings: ['SalesRep', 'Customer', 'Branch', 'ProductGroup', 'Company'],
  Activity: ['SalesRep', 'Customer', 'Branch', 'Company'],
};
export const GOAL_GROUP_BY_NAMES: Readonly<Record<GoalGroupBy, string>> = {
  Company: 'Company',
  Branch: 'Branch',
  SalesRep: 'Sales Rep',
  Customer: 'Customer',
  ProductGroup: 'Product Group',
  FiscalMonth: 'Fiscal Month',
  Complete: 'Complete',
};

/** The names one kind's calls and fields use. */
export type GoalKindNames = {
  kind: GoalKind;
  /** The resource: /SalesGoal, /BookingsGoal, /ActivityGoal. */
  resource: string;
  /** The entity part of the call names: SalesGoals, BookingsGoals, ActivityGoals. */
  entity: string;
  /** The manage screen's query (and the template generator's path parameter). */
  configIdName: 'salesGoalConfigId' | 'bookingsGoalConfigId' | 'activityGoalConfigId';
  /** The two goal value fields of a row. */
  goalFields: readonly [string, string];
  /** The wizard-access setting that lets a role manage this kind's goals. */
  wizardSetting: string;
  /** The access right that lets a role read goal against actual. */
  accessRight: string;
};

export const GOAL_KIND_NAMES: Readonly<Record<GoalKind, GoalKindNames>> = {
  Sales: {
    kind: 'Sales',
    resource: '/SalesGoal',
    entity: 'SalesGoals',
    configIdName: 'salesGoalConfigId',
    goalFields: ['salesGoal', 'profitGoal'],
    wizardSetting: 'GoalWizardAccess',
    accessRight: 'SalesGoalAccessRight',
  },
  Bookings: {
    kind: 'Bookings',
    resource: '/BookingsGoal',
    entity: 'BookingsGoals',
    configIdName: 'bookingsGoalConfigId',
    goalFields: ['bookingsGoal', 'profitGoal'],
    wizardSetting: 'GoalBookingWizardAccess',
    accessRight: 'BookingsGoalAccessRight',
  },
  Activity: {
    kind: 'Activity',
    resource: '/ActivityGoal',
    entity: 'ActivityGoals',
    configIdName: 'activityGoalConfigId',
    goalFields: ['activityCreatedGoal', 'activityCompletedGoal'],
    wizardSetting: 'GoalActivityWizardAccess',
    accessRight: 'ActivityGoalAccessRight',
  },
};

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Value = Type.String({ maxLength: 100 });
const Text = Type.String();
const GoalYear = Int4({ minimum: 1900, maximum: 2100 });
const ConfigId = Int4({ minimum: 0, description: 'A goal config id (0: every config of the kind for the year)' });
const Id = Int4({ minimum: 1 });
const Errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const NotFound = { ...Errors, 404: ErrorBody };

/** current, minus1, minus2 (seed §9 year tokens) or a fiscal year yyyy: the fiscal year a call is about. */
export const FISCAL_YEAR_SLUG_PATTERN = '^(current|minus1|minus2|plus1|(19\\d\\d|20\\d\\d|2100))$';
const FiscalYearSlug = Type.String({ pattern: FISCAL_YEAR_SLUG_PATTERN, maxLength: 7, description: 'current, minus1, minus2, plus1 or a fiscal year (yyyy)' });
const GroupByName = Type.String({ minLength: 1, maxLength: 40 });
export const GoalGroupByParam = Choice(GOAL_GROUP_BYS, 'What to group goals by: a goal type, a hierarchy type, FiscalMonth or Complete');
/** The quarterly call's group-bys: FiscalMonth has no quarters. */
const GoalQuarterGroupByParam = Choice(
  GOAL_GROUP_BYS.filter((groupBy) => groupBy !== 'FiscalMonth'),
  'What to group goals by per fiscal quarter: a goal type, a hierarchy type or Complete',
);

/** Seed 000 §3: a group-by option. */
export const GoalGroupByOption = Type.Object({ groupByValueField: Text, groupByName: Text });
/** Seed 000 §3: a goal setup (company and year). */
export const GoalSetup = Type.Object({ company: Text, companyName: Text, goalYear: Type.Integer() });

const hierarchyTypes = Object.fromEntries(
  Array.from({ length: GOAL_HIERARCHY_DEPTH }, (_, i) => [`hierarchyType${i + 1}`, Nullable(Text)]),
) as Record<`hierarchyType${1 | 2 | 3 | 4 | 5}`, ReturnType<typeof Nullable<typeof Text>>>;
const hierarchyTypeInputs = Object.fromEntries(
  Array.from({ length: GOAL_HIERARCHY_DEPTH }, (_, i) => [`hierarchyType${i + 1}`, Type.Optional(Nullable(GroupByName))]),
) as unknown as Record<`hierarchyType${1 | 2 | 3 | 4 | 5}`, TSchema>;

/** Seed 000 §3: a goal config, with its description. */
export const GoalConfig = Type.Object({
  id: Type.Integer(),
  company: Text,
  companyName: Text,
  goalType: Text,
  goalYear: Type.Integer(),
  ...hierarchyTypes,
  description: Nullable(Text),
});

export const GoalTypeExclusion = Type.Object({ roleMasterId: Type.Integer(), goalType: Text });
export const AddGoalTypeExclusionsRequest = Type.Object({
  roleMasterId: Id,
  goalTypes: Type.Array(GroupByName, { maxItems: GOAL_GROUP_BYS.length, description: "The role's excluded goal types (replaces the role's list)" }),
});

const DateLastModified = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}', maxLength: 40, description: 'yyyy-MM-ddTHH:mm:ss (local time)' });
const GoalNumber = Nullable(BoundedNumber());

/** Seed 000 §3: a goal row of one kind (its two goal fields by name). */
function goalRow(names: GoalKindNames) {
  const hierarchyValues = Object.fromEntries(Array.from({ length: GOAL_HIERARCHY_DEPTH }, (_, i) => [`hierarchyValue${i + 1}`, Type.Optional(Nullable(Value))]));
  const hierarchyTypeValues = Object.fromEntries(Array.from({ length: GOAL_HIERARCHY_DEPTH }, (_, i) => [`hierarchyType${i + 1}`, Type.Optional(Nullable(Value))]));
  return Type.Object({
    id: Int4({ minimum: 1, maximum: GOAL_NEW_ROW_ID_LIMIT - 1 }),
    company: Type.Optional(Nullable(Value)),
    goalType: Type.Optional(Nullable(Value)),
    goalTypeValue: Type.Optional(Nullable(Value)),
    goalMonth: Type.Optional(Nullable(Int4({ minimum: 0, maximum: 12 }))),
    goalYear: Type.Optional(Nullable(Int4({ minimum: 1900, maximum: 2100 }))),
    [names.goalFields[0]]: Type.Optional(GoalNumber),
    [names.goalFields[1]]: Type.Optional(GoalNumber),
    ...hierarchyTypeValues,
    ...hierarchyValues,
    isDirty: Type.Optional(Type.Boolean()),
    isNew: Type.Optional(Type.Boolean()),
    isDelete: Type.Optional(Type.Boolean()),
    dateLastModified: Type.Optional(Nullable(DateLastModified)),
    configId: Type.Optional(ConfigId),
    rowVersion: Type.Optional(Int4({ minimum: 0, description: 'The version read (a save of an older one is a concurrent edit: 409)' })),
  });
}

/**
 * A page of a setup's goal rows (issue 28's 50,000-row grid draws its first page while the rest
 * loads): without offset and limit every row, as the seed's call answers.
 */
export const GOAL_ROWS_PAGE_MAX = 10_000;
const GoalRowsPage = Type.Object({
  offset: Type.Optional(Int4({ minimum: 0, maximum: GOAL_ROWS_MAX, description: 'Rows to skip (default 0)' })),
  limit: Type.Optional(Int4({ minimum: 1, maximum: GOAL_ROWS_PAGE_MAX, description: `Rows to answer, at most ${GOAL_ROWS_PAGE_MAX} (default: every row)` })),
});

/** Goal against actual for one group, with pacing (issue 28). */
export const GoalActualRow = Type.Object({
  key: Text,
  name: Text,
  /** The first goal field (sales, bookings, activities created) for the year, the month and the year to date. */
  goal: Type.Number(),
  monthGoal: Type.Number(),
  ytdGoal: Type.Number(),
  /** The second (profit, activities completed). */
  goal2: Type.Number(),
  /** Actuals (null: no source of actuals, e.g. activities before the CRM exists). */
  actual: Nullable(Type.Number()),
  monthActual: Nullable(Type.Number()),
  actual2: Nullable(Type.Number()),
  percentOfGoal: Nullable(Type.Number()),
  /** At today's pace, the month's actual as a percentage of its goal; and what is needed per working day left. */
  monthPacePercent: Nullable(Type.Number()),
  monthNeededPerWorkingDay: Nullable(Type.Number()),
  yearPacePercent: Nullable(Type.Number()),
  yearNeededPerWorkingDay: Nullable(Type.Number()),
  /** The level of the hierarchy the group's goals are set at (0: the goal type, 1–5 the hierarchy levels). */
  level: Type.Integer(),
});
export const GoalActualAnswer = Type.Object({
  groupBy: Text,
  fiscalYear: Type.Integer(),
  from: Text,
  to: Text,
  today: Text,
  month: Type.Object({ from: Text, to: Text, workingDays: Type.Integer(), workingDaysElapsed: Type.Integer() }),
  workingDays: Type.Integer(),
  workingDaysElapsed: Type.Integer(),
  workingDayBasis: Text,
  rows: Type.Array(GoalActualRow),
});
export const GoalQuarterRow = Type.Object({ key: Text, name: Text, quarter: Type.Integer(), goal: Type.Number(), goal2: Type.Number(), actual: Nullable(Type.Number()), actual2: Nullable(Type.Number()), percentOfGoal: Nullable(Type.Number()) });
export const GoalQuarterAnswer = Type.Object({ groupBy: Text, fiscalYear: Type.Integer(), rows: Type.Array(GoalQuarterRow) });

export const GoalSaveAnswer = Type.Object({ inserted: Type.Integer(), updated: Type.Integer(), deleted: Type.Integer() });
/** An upload's answer: the rows stored, and how many rows they replaced. */
export const GoalUploadAnswer = Type.Object({ rows: Type.Integer(), replaced: Type.Integer() });

/** Bookings' grouped calls add the booking date basis (seed 001 §7.10). */
const BookingDateBasisQuery = Type.Object({
  bookingDateBasis: Type.Optional(Choice(['OrderLineDate', 'BookingDate'] as const, 'Which booking date counts (default: the BookingDateBasis setting)')),
});

/** The calls of one kind, each named as the catalogue spells it. */
function goalContracts<const K extends GoalKind>(kind: K) {
  const names = GOAL_KIND_NAMES[kind];
  const { resource: r, entity: e } = names;
  const Row = goalRow(names);
  const service = 'analytics' as const;
  const access = 'session' as const;
  const groupedQuery = kind === 'Bookings' ? { querystring: BookingDateBasisQuery } : {};
  const grouped = { groupBy: GoalGroupByParam, fiscalYearSlug: FiscalYearSlug, configId: ConfigId };
  // Goal against actual narrows by the group's name only (searchString): it takes no filters.
  const groupedBody = Type.Optional(Type.Object({ searchString: AnalyticsSearchRequest.properties.searchString }));
  return {
    grouped: defineContract({
      method: 'POST',
      path: `${r}/Grouped/{groupBy}/{fiscalYearSlug}/{configId}`,
      service,
      access,
      summary: `${kind} goal against actual per group for the fiscal year, month and year to date, with pacing (your goals: your own, a manager's team)`,
      params: Type.Object(grouped),
      ...groupedQuery,
      body: groupedBody,
      response: { 200: GoalActualAnswer, ...NotFound },
    }),
    groupedQuarterly: defineContract({
      method: 'POST',
      path: `${r}/Grouped/Quarterly/{groupBy}/{fiscalYearSlug}/{configId}`,
      service,
      access,
      summary: `${kind} goal against actual per group and fiscal quarter`,
      params: Type.Object({ ...grouped, groupBy: GoalQuarterGroupByParam }),
      ...groupedQuery,
      body: groupedBody,
      response: { 200: GoalQuarterAnswer, ...NotFound },
    }),
    goalTypeList: defineContract({
      method: 'GET',
      path: `${r}/GoalTypeList/{fiscalYearSlug}`,
      service,
      access,
      summary: `The ${kind.toLowerCase()} goal types your role may choose (the role's exclusions left out)`,
      params: Type.Object({ fiscalYearSlug: FiscalYearSlug }),
      response: { 200: Type.Array(GoalGroupByOption), ...Errors },
    }),
    goalGroupByList: defineContract({
      method: 'GET',
      path: `${r}/GoalGroupByList/{fiscalYearSlug}/{configId}`,
      service,
      access,
      summary: `The group-bys of ${kind.toLowerCase()} goals: every one (configId 0, the hierarchy builder's options) or a config's goal type and hierarchy types`,
      params: Type.Object({ fiscalYearSlug: FiscalYearSlug, configId: ConfigId }),
      response: { 200: Type.Array(GoalGroupByOption), ...NotFound },
    }),
    insertHierarchySetup: defineContract({
      method: 'POST',
      path: `${r}/InsertHierarchySetup`,
      service,
      access,
      summary: `Adds a company and year to the ${kind.toLowerCase()} goal setup (409 when the year was already added)`,
      body: Type.Object({ company: Code, goalYear: GoalYear }),
      response: { 200: GoalSetup, ...NotFound, 409: ErrorBody },
    }),
    insertHierarchyConfig: defineContract({
      method: 'POST',
      path: `${r}/InsertHierarchyConfig`,
      service,
      access,
      summary: `Adds a ${kind.toLowerCase()} goal setup: a goal type and up to five hierarchy types under a company and year${kind === 'Sales' ? ', with its description (required, at most 50)' : ''}`,
      body: Type.Object({
        company: Code,
        goalYear: GoalYear,
        goalType: GroupByName,
        ...hierarchyTypeInputs,
        ...(kind === 'Sales' ? { setupDescription: Type.String({ minLength: 1, maxLength: 50 }) } : {}),
      }),
      response: { 200: GoalConfig, ...NotFound },
    }),
    setupList: defineContract({
      method: 'GET',
      path: `${r}/${e}HierarchySetupList`,
      service,
      access,
      summary: `The companies and years of the ${kind.toLowerCase()} goal setup`,
      response: { 200: Type.Array(GoalSetup), ...Errors },
    }),
    configList: defineContract({
      method: 'GET',
      path: `${r}/${e}HierarchyConfigList/{company}/{goalYear}`,
      service,
      access,
      summary: `The ${kind.toLowerCase()} goal setups of a company and year, oldest first`,
      params: Type.Object({ company: Code, goalYear: GoalYear }),
      response: { 200: Type.Array(GoalConfig), ...NotFound },
    }),
    config: defineContract({
      method: 'GET',
      path: `${r}/${e}HierarchyConfig/{id}`,
      service,
      access,
      summary: `One ${kind.toLowerCase()} goal setup`,
      params: Type.Object({ id: Id }),
      response: { 200: GoalConfig, ...NotFound },
    }),
    deleteConfig: defineContract({
      method: 'DELETE',
      path: `${r}/${e}HierarchyConfig/{id}`,
      service,
      access,
      summary: `Removes a ${kind.toLowerCase()} goal setup and all its goal data`,
      params: Type.Object({ id: Id }),
      response: { 204: NoContent, ...NotFound },
    }),
    hierarchy: defineContract({
      method: 'GET',
      path: `${r}/${e}Hierarchy/{id}`,
      service,
      access,
      summary: `The goal rows of a ${kind.toLowerCase()} goal setup (all of them, or a page: offset and limit; by goal type id, goal month and id)`,
      params: Type.Object({ id: Id }),
      querystring: GoalRowsPage,
      response: { 200: Type.Array(Row), ...NotFound },
    }),
    templateGenerator: defineContract({
      method: 'POST',
      path: `${r}/${e}TemplateGenerator/{${names.configIdName}}`,
      service,
      access,
      summary: `The ${kind.toLowerCase()} goal spreadsheet template of a setup (XLSX named in Content-Disposition; send Export-Results: true)`,
      params: Type.Object({ [names.configIdName]: Id }),
      response: { 200: Type.String({ description: 'an XLSX workbook' }), ...NotFound },
    }),
    upload: defineContract({
      method: 'POST',
      path: `${r}/Bulk${kind}GoalBatch/{id}`,
      service,
      access,
      summary:
        `Replaces all goal rows of a ${kind.toLowerCase()} goal setup with a filled-in template (multipart, field file; XLSX of at most ` +
        `${GOAL_UPLOAD_MAX_BYTES / 1024 / 1024} MB and ${GOAL_ROWS_MAX} rows, the template's columns in order). All or nothing: a file with a bad row changes nothing and the 400 names the rows and why`,
      params: Type.Object({ id: Id }),
      response: { 200: GoalUploadAnswer, ...NotFound, 413: ErrorBody, 415: ErrorBody },
    }),
    bulkUpdate: defineContract({
      method: 'POST',
      path: `${r}/${e}HierarchyBulkUpdate`,
      service,
      access,
      summary: `Saves the new, dirty and deleted ${kind.toLowerCase()} goal rows of one setup at once (at most ${GOAL_ROWS_MAX} rows and ${GOAL_SAVE_MAX_BYTES / 1024 / 1024} MB; 409 when another save changed them since they were read)`,
      body: Type.Array(Row, { maxItems: GOAL_ROWS_MAX }),
      response: { 200: GoalSaveAnswer, ...NotFound, 409: ErrorBody },
    }),
    configName: defineContract({
      method: 'POST',
      path: `${r}/${e}HierarchyConfigName`,
      service,
      access,
      summary: `Renames a ${kind.toLowerCase()} goal setup (description${kind === 'Sales' ? ' required,' : ''} at most 50)`,
      body: Type.Object({ id: Id, description: Type.String({ minLength: kind === 'Sales' ? 1 : 0, maxLength: 50 }) }),
      response: { 200: GoalConfig, ...NotFound },
    }),
    exclusions: defineContract({
      method: 'GET',
      path: `${r}/GoalTypeListExclusions/{roleMasterId}`,
      service,
      access,
      summary: `The ${kind.toLowerCase()} goal types a role may not choose (administrators)`,
      params: Type.Object({ roleMasterId: Id }),
      response: { 200: Type.Array(GoalTypeExclusion), ...NotFound },
    }),
    addExclusions: defineContract({
      method: 'POST',
      path: `${r}/AddGoalTypeExclusions`,
      service,
      access,
      summary: `Sets the ${kind.toLowerCase()} goal types a role may not choose (administrators; replaces the role's list)`,
      body: AddGoalTypeExclusionsRequest,
      response: { 200: Type.Array(GoalTypeExclusion), ...NotFound },
    }),
  };
}

export const salesGoalCalls = goalContracts('Sales');
export const bookingsGoalCalls = goalContracts('Bookings');
export const activityGoalCalls = goalContracts('Activity');
export const GOAL_CALLS = { Sales: salesGoalCalls, Bookings: bookingsGoalCalls, Activity: activityGoalCalls } as const;
export type GoalCalls = (typeof GOAL_CALLS)[GoalKind];

/** The GET variants of the template generators (seed 001 §7.10: the config id as query value). */
export const bookingsGoalsTemplateGeneratorGet = defineContract({
  method: 'GET',
  path: '/BookingsGoal/BookingsGoalsTemplateGenerator',
  service: 'analytics',
  access: 'session',
  summary: 'The bookings goal spreadsheet template of a setup (query bookingsGoalConfigId)',
  querystring: Type.Object({ bookingsGoalConfigId: Id }),
  response: { 200: Type.String({ description: 'an XLSX workbook' }), ...NotFound },
});
export const activityGoalsTemplateGeneratorGet = defineContract({
  method: 'GET',
  path: '/ActivityGoal/ActivityGoalsTemplateGenerator',
  service: 'analytics',
  access: 'session',
  summary: 'The activity goal spreadsheet template of a setup (query activityGoalConfigId)',
  querystring: Type.Object({ activityGoalConfigId: Id }),
  response: { 200: Type.String({ description: 'an XLSX workbook' }), ...NotFound },
});

/** Every goal call (allContracts lists them). */
export const GOAL_CONTRACT_LIST = [...GOAL_KINDS.flatMap((kind) => Object.values(GOAL_CALLS[kind])), bookingsGoalsTemplateGeneratorGet, activityGoalsTemplateGeneratorGet];
