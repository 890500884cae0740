import { Type, type Static, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { DateSlug } from './choices.ts';
import { BoundedNumber, ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { SectionNameParams, SectionOptions } from './erp-contacts.ts';

// Seed 001 §7.12 Opportunity (issue 27). An opportunity is a sale being worked on an account of
// the ERP mirror (customer, ship-to or prospect) and belongs to the caller's organization; it is
// scoped by the account's rep like an activity: another rep's (or another organization's)
// opportunity answers 404 like one that does not exist, a manager reads his team's.
// OpportunityAccessRight gates every call (403 without). Its stage (DataManager Stage) decides its
// outcome: a stage that closes as Won or Lost closes it, and a lost one needs a LostSales reason.
// Each write is audited; an update naming an older version than the stored one is a 409 whose body
// carries the current opportunity.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const OptId = Nullable(Type.Integer());
const Code = Type.String({ minLength: 1, maxLength: 40 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Money = BoundedNumber({ minimum: 0, maximum: 1e12 });
const Errors = { 404: ErrorBody, ...ErpErrors };

export const OpportunityAccountType = Type.Union([Type.Literal('Customer'), Type.Literal('ShipTo'), Type.Literal('Prospect')]);

/** Open until its stage closes it as Won or Lost. */
export const OpportunityOutcome = Type.Union([Type.Literal('Open'), Type.Literal('Won'), Type.Literal('Lost')]);
export type OpportunityOutcome = Static<typeof OpportunityOutcome>;

/** One opportunity with its account, lookups (ids and names), amounts and version. */
export const OpportunityItem = Type.Object({
  opportunity: Type.Integer(),
  company: Text,
  accountType: OpportunityAccountType,
  accountId: Text,
  accountName: OptText,
  customer: OptText,
  salesRep: Text,
  salesRepName: OptText,
  name: Text,
  description: OptText,
  typeId: OptId,
  type: OptText,
  statusId: OptId,
  status: OptText,
  stageId: Type.Integer(),
  stage: Text,
  stepId: OptId,
  step: OptText,
  territoryId: OptId,
  territory: OptText,
  leadSourceId: OptId,
  leadSource: OptText,
  lostSalesId: OptId,
  lostSales: OptText,
  outcome: OpportunityOutcome,
  opportunitySize: Type.Number(),
  probability: Type.Integer(),
  /** opportunitySize × probability / 100. */
  weightedSize: Type.Number(),
  expectedCloseDate: Text,
  closedDate: OptText,
  ownerName: OptText,
  version: Type.Integer(),
  createdAt: Text,
  updatedAt: Text,
});
export type OpportunityItem = Static<typeof OpportunityItem>;

const OpportunityFields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'What is being sold' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  typeId: Type.Optional(Nullable(RowId)),
  statusId: Type.Optional(Nullable(RowId)),
  stageId: Type.Optional(Nullable(RowId)),
  stepId: Type.Optional(Nullable(RowId)),
  territoryId: Type.Optional(Nullable(RowId)),
  leadSourceId: Type.Optional(Nullable(RowId)),
  lostSalesId: Type.Optional(Nullable(RowId)),
  opportunitySize: Type.Optional(Money),
  probability: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100, description: "Win probability in percent (default: the stage's)" }))),
  expectedCloseDate: Type.Optional(Nullable(IsoDate)),
};

export const OpportunityCreateRequest = Type.Object({ company: Code, accountType: OpportunityAccountType, accountId: Code, ...OpportunityFields });
export type OpportunityCreateRequest = Static<typeof OpportunityCreateRequest>;
export const OpportunityUpdateRequest = Type.Object({
  ...OpportunityFields,
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the edit started from (409 when another edit came first)' }),
});
export type OpportunityUpdateRequest = Static<typeof OpportunityUpdateRequest>;

export const OpportunityConflict = Type.Object({ ...ErrorBody.properties, current: OpportunityItem });
const OpportunityParams = Type.Object({ opportunity: RowId });

export const opportunityExact = defineContract({
  method: 'POST',
  path: '/Opportunity/Exact/{opportunity}',
  service: 'analytics',
  access: 'session',
  summary: 'One opportunity of your accounts (OpportunityAccessRight)',
  params: OpportunityParams,
  response: { 200: OpportunityItem, ...Errors },
});

export const OpportunityListRequest = Type.Object({
  ...AnalyticsSearchRequest.properties,
  dateSlug: Type.Optional(DateSlug),
  company: Type.Optional(Code),
  accountType: Type.Optional(OpportunityAccountType),
  accountId: Type.Optional(Code),
});

export const opportunityList = defineContract({
  method: 'POST',
  path: '/Opportunity/List',
  service: 'analytics',
  access: 'session',
  summary:
    "Your accounts' opportunities, latest expected close first: searched (name, account), filtered, sorted, paged; dateSlug cuts by expected close date, accountType/accountId/company to one account",
  body: OpportunityListRequest,
  response: { 200: ListResult(OpportunityItem), ...Errors },
});

export const OPPORTUNITY_GROUP_BYS = ['stage', 'salesRep', 'type', 'status', 'territory', 'leadSource', 'month', 'outcome', 'account'] as const;
export const OpportunityGroupRow = Type.Object({
  key: Text,
  name: Text,
  count: Type.Integer(),
  openCount: Type.Integer(),
  wonCount: Type.Integer(),
  lostCount: Type.Integer(),
  opportunitySize: Type.Number(),
  weightedSize: Type.Number(),
});

export const opportunityGrouped = defineContract({
  method: 'POST',
  path: '/Opportunity/Grouped/{groupBy}/{dateSlug}',
  service: 'analytics',
  access: 'session',
  summary: "Your accounts' opportunities expected to close in the period, counted and summed per stage, rep, type, status, territory, lead source, month, outcome or account",
  params: Type.Object({
    groupBy: Type.String({ enum: [...OPPORTUNITY_GROUP_BYS], description: 'What to group by: stage, salesRep, type, status, territory, leadSource, month (of the expected close), outcome or account' }),
    dateSlug: DateSlug,
  }),
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(OpportunityGroupRow, { groupBy: Text, dateSlug: Text, from: Text, to: Text }), ...Errors },
});

export const CloseMonth = Type.Object({ month: Text, count: Type.Integer(), opportunitySize: Type.Number(), weightedSize: Type.Number() });
export const OpportunityKpi = Type.Object({
  dateSlug: OptText,
  from: OptText,
  to: OptText,
  openCount: Type.Integer(),
  pipeline: Type.Number(),
  weightedPipeline: Type.Number(),
  wonCount: Type.Integer(),
  wonSize: Type.Number(),
  lostCount: Type.Integer(),
  lostSize: Type.Number(),
  /** Won over closed (won and lost), in percent (null with none closed). */
  winRatePercent: Nullable(Type.Number()),
  /** The open pipeline by month of expected close, from the period's start (today's month without one), six months. */
  expectedCloseByMonth: Type.Array(CloseMonth),
});

export const opportunityKpi = defineContract({
  method: 'POST',
  path: '/Opportunity/KPI',
  service: 'analytics',
  access: 'session',
  summary: "Your accounts' opportunities expected to close in the period (dateSlug; every date without one): open pipeline and weighted pipeline, won, lost, win rate, and the open pipeline by month of expected close",
  body: Type.Object({ dateSlug: Type.Optional(DateSlug), filters: AnalyticsSearchRequest.properties.filters }),
  response: { 200: OpportunityKpi, ...Errors },
});

export const REPORT_TOTAL_BASES = ['OpportunitySize', 'WeightedOpportunitySize', 'OpportunityCount'] as const;
export const FUNNEL_GROUP_BYS = ['stage', 'step'] as const;
export const FunnelRow = Type.Object({
  key: Text,
  name: Text,
  displayOrder: Type.Integer(),
  probability: Nullable(Type.Integer()),
  closesAs: Nullable(OpportunityOutcome),
  count: Type.Integer(),
  opportunitySize: Type.Number(),
  weightedSize: Type.Number(),
  /** The row's figure on the report total basis. */
  total: Type.Number(),
});

export const opportunityFunnel = defineContract({
  method: 'POST',
  path: '/Opportunity/Funnel/{groupBy}',
  service: 'analytics',
  access: 'session',
  summary:
    "Your accounts' opportunities per stage (or step), in the list's order, every active one shown: the funnel. reportTotalBasis (default the OpportunityDefaultReportTotal setting, OpportunitySize) picks the total: size, weighted size or count",
  params: Type.Object({ groupBy: Type.String({ enum: [...FUNNEL_GROUP_BYS], description: 'The funnel steps: stage or step' }) }),
  querystring: Type.Object({ reportTotalBasis: Type.Optional(Type.String({ enum: [...REPORT_TOTAL_BASES] })) }),
  body: Type.Object({ dateSlug: Type.Optional(DateSlug), filters: AnalyticsSearchRequest.properties.filters }),
  response: { 200: Type.Object({ groupBy: Text, reportTotalBasis: Text, dateSlug: OptText, rows: Type.Array(FunnelRow) }), ...Errors },
});

export const opportunityOptions = defineContract({
  method: 'POST',
  path: '/Opportunity/Option/List/{sectionName}',
  service: 'analytics',
  access: 'session',
  summary:
    "The opportunity form's choices on a section: companies, the active Type, Status, Stage, Step, Territory, LeadSource and LostSales items, and each company's product groups (productGroup.{company})",
  params: SectionNameParams,
  response: { 200: SectionOptions, ...Errors },
});

export const opportunityCreate = defineContract({
  method: 'POST',
  path: '/Opportunity',
  service: 'analytics',
  access: 'session',
  summary: "Opens an opportunity on one of your accounts (first stage, the stage's probability and 30 days to close by default)",
  body: OpportunityCreateRequest,
  response: { 200: OpportunityItem, ...Errors },
});

export const opportunityUpdate = defineContract({
  method: 'PUT',
  path: '/Opportunity/{opportunity}',
  service: 'analytics',
  access: 'session',
  summary: 'Edits an opportunity from the version read (409 with the current one when another edit came first); a lost stage needs lostSalesId',
  params: OpportunityParams,
  body: OpportunityUpdateRequest,
  response: { 200: OpportunityItem, 409: OpportunityConflict, ...Errors },
});

// ------------------------------------------------------------------------------ lookups
export const OPPORTUNITY_LOOKUPS = ['Type', 'Status', 'Stage', 'Step', 'Territory', 'LostSales', 'LeadSource'] as const;
export type OpportunityLookup = (typeof OPPORTUNITY_LOOKUPS)[number];
export const LookupItem = Type.Object({
  id: Type.Integer(),
  name: Text,
  displayOrder: Type.Integer(),
  probability: Nullable(Type.Integer()),
  closesAs: Nullable(OpportunityOutcome),
  isActive: Type.Boolean(),
});
export type LookupItem = Static<typeof LookupItem>;

function lookupOf<T extends OpportunityLookup>(lookup: T) {
  return defineContract({
    method: 'POST',
    path: `/Opportunity/${lookup}/List` as `/Opportunity/${T}/List`,
    service: 'analytics',
    access: 'session',
    summary: `The opportunity ${lookup} choices (DataManager ${lookup}), in their order; inactive ones only with includeInactive`,
    body: Type.Object({ includeInactive: Type.Optional(Type.Boolean()) }),
    response: { 200: Type.Object({ rows: Type.Array(LookupItem) }), ...Errors },
  });
}
export const OPPORTUNITY_LOOKUP_CALLS = OPPORTUNITY_LOOKUPS.map((lookup) => ({ lookup, contract: lookupOf(lookup) }));

// ------------------------------------------------------------------------------ sub-resources
/**
 * What an opportunity links: ERP suppliers, product groups (with an amount), contacts, orders and
 * quotes, additional customers (with a role), and the activities logged for it (an activity's own
 * `opportunity`: linking one sets it, removing the link clears it).
 */
export const OPPORTUNITY_LINKS = ['Supplier', 'ProductGroup', 'ActivityTransaction', 'Contact', 'Order', 'Quote', 'AdditionalCustomers'] as const;
export type OpportunityLinkKind = (typeof OPPORTUNITY_LINKS)[number];

export const OpportunityLink = Type.Object({
  id: Type.Integer(),
  opportunity: Type.Integer(),
  kind: Text,
  company: Text,
  /** The linked record's key: supplier, product group, contact, order or quote number, customer, or activity number. */
  code: Text,
  name: OptText,
  roleId: OptId,
  role: OptText,
  amount: Nullable(Type.Number()),
  notes: OptText,
  version: Type.Integer(),
  createdAt: Text,
});
export type OpportunityLink = Static<typeof OpportunityLink>;

const LinkFields = {
  roleId: Type.Optional(Nullable(RowId)),
  amount: Type.Optional(Nullable(Money)),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
};
const LinkConflict = Type.Object({ ...ErrorBody.properties, current: OpportunityLink });
const OfOpportunity = Type.Object({ opportunity: RowId });

function linkCalls<T extends OpportunityLinkKind>(kind: T) {
  const base = `/Opportunity/${kind}` as `/Opportunity/${T}`;
  return {
    kind,
    list: defineContract({
      method: 'POST',
      path: `${base}/List` as `/Opportunity/${T}/List`,
      service: 'analytics',
      access: 'session',
      summary: `An opportunity's ${kind} links, oldest first`,
      body: OfOpportunity,
      response: { 200: Type.Object({ rows: Type.Array(OpportunityLink) }), ...Errors },
    }),
    add: defineContract({
      method: 'POST',
      path: base,
      service: 'analytics',
      access: 'session',
      summary: `Links a ${kind} to an opportunity (code: its key; 400 when unknown or already linked)`,
      body: Type.Object({ opportunity: RowId, code: Code, ...LinkFields }),
      response: { 200: OpportunityLink, ...Errors },
    }),
    update: defineContract({
      method: 'PUT',
      path: `${base}/{id}` as `/Opportunity/${T}/{id}`,
      service: 'analytics',
      access: 'session',
      summary: `Changes a ${kind} link's role, amount or notes from the version read (409 with the current one when another edit came first)`,
      params: Type.Object({ id: RowId }),
      body: Type.Object({ ...LinkFields, version: RowId }),
      response: { 200: OpportunityLink, 409: LinkConflict, ...Errors },
    }),
    delete: defineContract({
      method: 'DELETE',
      path: `${base}/{id}` as `/Opportunity/${T}/{id}`,
      service: 'analytics',
      access: 'session',
      summary: `Removes a ${kind} link from its opportunity`,
      params: Type.Object({ id: RowId }),
      response: { 204: NoContent, ...Errors },
    }),
    count: defineContract({
      method: 'POST',
      path: `${base}/Count` as `/Opportunity/${T}/Count`,
      service: 'analytics',
      access: 'session',
      summary: `How many ${kind} links an opportunity has`,
      body: OfOpportunity,
      response: { 200: Type.Object({ opportunity: Type.Integer(), count: Type.Integer() }), ...Errors },
    }),
  };
}
export const OPPORTUNITY_LINK_CALLS = OPPORTUNITY_LINKS.map((kind) => linkCalls(kind));

/** Every opportunity call as one flat record (allContracts reads contracts from it). */
export const opportunityContracts: Record<string, unknown> = Object.fromEntries(
  [
    opportunityExact,
    opportunityList,
    opportunityGrouped,
    opportunityKpi,
    opportunityFunnel,
    opportunityOptions,
    opportunityCreate,
    opportunityUpdate,
    ...OPPORTUNITY_LOOKUP_CALLS.map((call) => call.contract),
    ...OPPORTUNITY_LINK_CALLS.flatMap((calls) => [calls.list, calls.add, calls.update, calls.delete, calls.count]),
  ].map((contract) => [`${contract.method} ${contract.path}`, contract]),
);
