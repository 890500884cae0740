/**
 * Seed 001 §7.12 Opportunity (issue 27), behind OpportunityAccessRight (403 without). An
 * opportunity is opened on an account of the caller's scope, belongs to his organization and
 * takes the account's rep (crm.opportunity.sales_rep): another rep's or another organization's
 * opportunity is a 404, a manager reads his team's, an administrator his organization's. Its
 * stage decides its outcome (a stage that closes as Won or Lost closes it; a lost one needs a
 * LostSales reason). Writes run in one transaction with their audit row; an update naming an older
 * version than the stored one is a 409 carrying the current opportunity.
 */
import type { FastifyInstance } from 'fastify';
import {
  FUNNEL_GROUP_BYS,
  OPPORTUNITY_GROUP_BYS,
  OPPORTUNITY_LOOKUP_CALLS,
  REPORT_TOTAL_BASES,
  opportunityCreate,
  opportunityExact,
  opportunityFunnel,
  opportunityGrouped,
  opportunityKpi,
  opportunityList,
  opportunityOptions,
  opportunityUpdate,
  type OpportunityCreateRequest,
  type OpportunityItem,
  type OpportunityLookup,
  type OpportunityUpdateRequest,
} from '@tradeboard/shared/contracts';
import { sectionIdOf } from '@tradeboard/shared/constants';
import { addDays, addMonths, endOfMonth, isDateInWindow, startOfMonth } from '@tradeboard/shared/dates';
import type pg from 'pg';
import { inTransaction } from '../boards/board-access.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { notFound } from '../analytics/account-detail-routes.ts';
import { analyticsQuery } from '../analytics/engine.ts';
import { pageOf, type ErpCall } from '../analytics/erp-common.ts';
import { scopePredicate } from '../analytics/scope.ts';
import { badRequest, filterPredicates, normalizeRequest, orderByClause, pageClause, searchPredicate, SqlParams, type SearchRequest } from '../analytics/search-request.ts';
import {
  accountPredicates,
  answeringConflicts,
  cleanText,
  crmAudit,
  crmCall,
  crmSearchPredicate,
  findCrmAccount,
  organizationOf,
  pagedRows,
  periodOf,
  requiredText,
  selectOf,
  VersionConflict,
  type AccountCut,
} from './crm-common.ts';
import { splitFilters, userDefinedPredicates } from './user-defined-values.ts';

/** The caller's call and organization, behind OpportunityAccessRight. */
export type OpportunityCall = ErpCall & { organization: number };

export async function opportunityCall(app: FastifyInstance, user: SessionUser): Promise<OpportunityCall> {
  const call = await crmCall(app.db, user, 'OpportunityAccessRight');
  return { ...call, organization: await organizationOf(call, user) };
}

// ------------------------------------------------------------------------------ the model
const ACCOUNT_NAME = `CASE o.account_type
    WHEN 'Customer' THEN (SELECT x.customer_name FROM erp.customer x WHERE x.company = o.company AND x.customer = o.account_id)
    WHEN 'ShipTo' THEN (SELECT x.ship_to_name FROM erp.ship_to x WHERE x.company = o.company AND x.ship_to = o.account_id)
    ELSE (SELECT x.prospect_name FROM erp.prospect x WHERE x.company = o.company AND x.prospect = o.account_id) END`;
const REP_NAME = '(SELECT x.name FROM erp.sales_rep x WHERE x.company = o.company AND x.sales_rep = o.sales_rep)';
const itemName = (column: string) => `(SELECT x.name FROM crm.data_item x WHERE x.data_item_id = o.${column})`;
/** Open, or the outcome the stage closes it as. */
const OUTCOME = "coalesce((SELECT x.closes_as FROM crm.data_item x WHERE x.data_item_id = o.stage_id), 'Open')";
const WEIGHTED = 'round(o.opportunity_size * o.probability / 100, 2)';

/** The lookups an opportunity names: its field stem, column and DataManager list. */
const LOOKUPS: ReadonlyArray<{ field: 'type' | 'status' | 'stage' | 'step' | 'territory' | 'leadSource' | 'lostSales'; column: string; list: OpportunityLookup }> = [
  { field: 'type', column: 'type_id', list: 'Type' },
  { field: 'status', column: 'status_id', list: 'Status' },
  { field: 'stage', column: 'stage_id', list: 'Stage' },
  { field: 'step', column: 'step_id', list: 'Step' },
  { field: 'territory', column: 'territory_id', list: 'Territory' },
  { field: 'leadSource', column: 'lead_source_id', list: 'LeadSource' },
  { field: 'lostSales', column: 'lost_sales_id', list: 'LostSales' },
];

const COLUMNS: Record<string, string> = {
  opportunity: 'o.opportunity',
  company: 'o.company',
  accountType: 'o.account_type',
  accountId: 'o.account_id',
  accountName: ACCOUNT_NAME,
  customer: 'o.customer',
  salesRep: 'o.sales_rep',
  salesRepName: REP_NAME,
  name: 'o.name',
  description: 'o.description',
  ...Object.fromEntries(LOOKUPS.flatMap(({ field, column }) => [[`${field}Id`, `o.${column}`], [field, itemName(column)]])),
  outcome: OUTCOME,
  opportunitySize: 'o.opportunity_size::float8',
  probability: 'o.probability',
  weightedSize: `${WEIGHTED}::float8`,
  expectedCloseDate: "to_char(o.expected_close_date, 'YYYY-MM-DD')",
  closedDate: "to_char(o.closed_date, 'YYYY-MM-DD')",
  ownerName: '(SELECT x.full_name FROM app.user_master x WHERE x.user_master_id = o.owner_user_master_id)',
  version: 'o.version',
  createdAt: `to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  updatedAt: `to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

const FILTERS: Record<string, string> = {
  company: 'o.company',
  accountType: 'o.account_type',
  accountId: 'o.account_id',
  customer: 'o.customer',
  salesRep: 'o.sales_rep',
  ...Object.fromEntries(LOOKUPS.map(({ field, column }) => [field, `o.${column}::text`])),
  outcome: OUTCOME,
};

const SORTABLE: Record<string, string> = { ...COLUMNS, expectedCloseDate: 'o.expected_close_date', closedDate: 'o.closed_date', opportunitySize: 'o.opportunity_size', weightedSize: WEIGHTED };

/** The organization, the scope, the period (of expected close) and the filters as predicates on crm.opportunity o. */
function scopedWhere(call: OpportunityCall, params: SqlParams, dateSlug: string | undefined, filters: SearchRequest['filters']) {
  const where = [`o.customer_master_id = ${params.add(call.organization)}`];
  const { scope: dataScope } = call.context;
  // One rep: an equality, so the (organization, rep, expected close) index gives his rows in order.
  const scope = !dataScope.all && dataScope.salesReps.length === 1 ? `o.sales_rep = ${params.add(dataScope.salesReps[0])}` : scopePredicate(dataScope, 'o.sales_rep', params);
  if (scope) where.push(scope);
  const period = dateSlug ? periodOf(call, dateSlug) : null;
  if (period) where.push(`o.expected_close_date BETWEEN ${params.add(period.from)}::date AND ${params.add(period.to)}::date`);
  where.push(...filterPredicates(normalizeRequest({ filters }).filters, FILTERS, params));
  return { where, period };
}

// ------------------------------------------------------------------------------ reads
/** One opportunity of the caller's organization and scope, or 404. */
export async function exactOpportunity(call: OpportunityCall, id: number, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<OpportunityItem> {
  const params = new SqlParams();
  const { where } = scopedWhere(call, params, undefined, null);
  where.push(`o.opportunity = ${params.add(id)}`);
  const { rows } = await db.query<OpportunityItem>(`SELECT ${selectOf(COLUMNS)} FROM crm.opportunity o WHERE ${where.join(' AND ')}`, params.values);
  if (!rows[0]) throw notFound(`Opportunity ${id} not found`);
  return rows[0];
}

type ListBody = SearchRequest & AccountCut & { dateSlug?: string };

async function opportunities(call: OpportunityCall, body: ListBody | undefined) {
  const { dateSlug, company, accountType, accountId, ...search } = body ?? {};
  const request = normalizeRequest(search);
  const params = new SqlParams();
  const { own, userDefined } = splitFilters(search.filters);
  const { where } = scopedWhere(call, params, dateSlug, own);
  where.push(...(await userDefinedPredicates(call.db, call.organization, 'Opportunity', userDefined, 'o.opportunity::text', params)));
  where.push(...(await accountPredicates(call, 'o', params, { company, accountType, accountId })));
  const found = await crmSearchPredicate(call, 'o', request, params, { columns: ['name', 'account_id'] });
  if (found) where.push(found);
  const order = orderByClause(request, SORTABLE, { field: 'expectedCloseDate', dir: 'desc' }, 'o.opportunity DESC', ['expectedCloseDate', 'opportunity']);
  return pagedRows<OpportunityItem>(call, { from: 'crm.opportunity o', alias: 'o', key: 'opportunity', select: selectOf(COLUMNS), where, order, request, params });
}

const SUMS = `count(*)::int AS "count",
  count(*) FILTER (WHERE s.closes_as IS NULL)::int AS "openCount",
  count(*) FILTER (WHERE s.closes_as = 'Won')::int AS "wonCount",
  count(*) FILTER (WHERE s.closes_as = 'Lost')::int AS "lostCount",
  coalesce(sum(o.opportunity_size), 0)::float8 AS "opportunitySize",
  coalesce(sum(${WEIGHTED}), 0)::float8 AS "weightedSize"`;
const WITH_STAGE = 'crm.opportunity o JOIN crm.data_item s ON s.data_item_id = o.stage_id';

// ------------------------------------------------------------------------------ the sums rollup
// crm.opportunity_month_count (migration 275) holds the opportunities per organization × rep ×
// month of expected close × company × stage × step with their size and weighted size, kept by
// triggers in the writes' transactions. The KPI, the funnel and the groupings by stage, rep,
// month and outcome read it for the whole months of their period when the filters name only
// columns it carries; the period's partial months are summed from the opportunities. Its rows
// bear the opportunity's column names (the month as expected_close_date), so scopedWhere's
// predicates, the outcome among them, and groupKey's expressions apply to them unchanged.
const ROLLED_FILTERS = new Set(['company', 'salesrep', 'stage', 'step', 'outcome']);

/** The caller's opportunities as sums rows o (customer_master_id, company, sales_rep, stage_id, step_id, expected_close_date: the month, n, size, weighted), or null where the rollup cannot answer. */
function rolledSums(call: OpportunityCall, params: SqlParams, dateSlug: string | undefined, filters: SearchRequest['filters']): { source: string; period: ReturnType<typeof periodOf> | null } | null {
  if (normalizeRequest({ filters }).filters.some((f) => !ROLLED_FILTERS.has(f.field.toLowerCase()))) return null;
  const period = dateSlug ? periodOf(call, dateSlug) : null;
  // The whole months of the period: [first, lastEnd]; none (a month's part only): the opportunities.
  const first = !period ? null : period.from === startOfMonth(period.from) ? period.from : addMonths(startOfMonth(period.from), 1);
  const lastEnd = !period ? null : period.to === endOfMonth(period.to) ? period.to : addDays(startOfMonth(period.to), -1);
  if (period && first! > lastEnd!) return null;
  const { where } = scopedWhere(call, params, undefined, filters);
  const and = where.map((w) => ` AND ${w}`).join('');
  const months = period ? ` AND o.month BETWEEN ${params.add(first)}::date AND ${params.add(startOfMonth(lastEnd!))}::date` : '';
  const arms = [
    `SELECT o.customer_master_id, o.company, o.sales_rep, o.stage_id, o.step_id, o.month AS expected_close_date,
            o.opportunities AS n, o.opportunity_size AS size, o.weighted_size AS weighted
       FROM crm.opportunity_month_count o WHERE o.opportunities > 0${and}${months}`,
  ];
  const edges = !period
    ? []
    : [...(period.from < first! ? [[period.from, addDays(first!, -1)]] : []), ...(period.to > lastEnd! ? [[addDays(lastEnd!, 1), period.to]] : [])].map(
        ([from, to]) => `o.expected_close_date BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date`,
      );
  if (edges.length) {
    arms.push(`SELECT o.customer_master_id, o.company, o.sales_rep, o.stage_id, o.step_id, date_trunc('month', o.expected_close_date)::date,
            count(*), sum(o.opportunity_size), sum(${WEIGHTED})
       FROM crm.opportunity o WHERE (${edges.join(' OR ')})${and}
      GROUP BY 1, 2, 3, 4, 5, 6`);
  }
  return { source: `(${arms.join('\n     UNION ALL\n     ')})`, period };
}

const ROLLED_SUMS = `coalesce(sum(o.n), 0)::int AS "count",
  coalesce(sum(o.n) FILTER (WHERE s.closes_as IS NULL), 0)::int AS "openCount",
  coalesce(sum(o.n) FILTER (WHERE s.closes_as = 'Won'), 0)::int AS "wonCount",
  coalesce(sum(o.n) FILTER (WHERE s.closes_as = 'Lost'), 0)::int AS "lostCount",
  coalesce(sum(o.size), 0)::float8 AS "opportunitySize",
  coalesce(sum(o.weighted), 0)::float8 AS "weightedSize"`;

async function kpi(call: OpportunityCall, body: { dateSlug?: string; filters?: SearchRequest['filters'] } | undefined) {
  const params = new SqlParams();
  // rolledSums adds no parameter when it answers null.
  const rolled = rolledSums(call, params, body?.dateSlug, body?.filters);
  if (rolled) return kpiAnswer(body, rolled.period, await rolledKpi(call, params, rolled));
  const { where, period } = scopedWhere(call, params, body?.dateSlug, body?.filters);
  const open = 's.closes_as IS NULL';
  const first = (period?.from ?? call.today).slice(0, 7) + '-01';
  const months = params.add(first);
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT count(*) FILTER (WHERE ${open})::int AS "openCount",
            coalesce(sum(o.opportunity_size) FILTER (WHERE ${open}), 0)::float8 AS pipeline,
            coalesce(sum(${WEIGHTED}) FILTER (WHERE ${open}), 0)::float8 AS "weightedPipeline",
            count(*) FILTER (WHERE s.closes_as = 'Won')::int AS "wonCount",
            coalesce(sum(o.opportunity_size) FILTER (WHERE s.closes_as = 'Won'), 0)::float8 AS "wonSize",
            count(*) FILTER (WHERE s.closes_as = 'Lost')::int AS "lostCount",
            coalesce(sum(o.opportunity_size) FILTER (WHERE s.closes_as = 'Lost'), 0)::float8 AS "lostSize",
            (SELECT coalesce(json_agg(m ORDER BY m.month), '[]') FROM (
               SELECT to_char(g.month, 'YYYY-MM') AS month, count(c.size)::int AS count,
                      coalesce(sum(c.size), 0)::float8 AS "opportunitySize", coalesce(sum(c.weighted), 0)::float8 AS "weightedSize"
                 FROM generate_series(${months}::date, ${months}::date + interval '5 months', interval '1 month') g(month)
                 LEFT JOIN (SELECT date_trunc('month', o.expected_close_date) AS month, o.opportunity_size AS size, ${WEIGHTED} AS weighted
                              FROM ${WITH_STAGE} WHERE ${[...where, open].join(' AND ')}) c ON c.month = g.month
                GROUP BY g.month) m) AS "expectedCloseByMonth"
       FROM ${WITH_STAGE} WHERE ${where.join(' AND ')}`,
    params.values,
  );
  return kpiAnswer(body, period, rows[0]);
}

/** The KPI's row from the sums rows (the same columns as the opportunities' query). */
async function rolledKpi(call: OpportunityCall, params: SqlParams, rolled: NonNullable<ReturnType<typeof rolledSums>>) {
  const open = 's.closes_as IS NULL';
  const months = params.add((rolled.period?.from ?? call.today).slice(0, 7) + '-01');
  const { rows } = await analyticsQuery(
    call.db,
    `WITH r AS MATERIALIZED (SELECT o.*, s.closes_as FROM ${rolled.source} o JOIN crm.data_item s ON s.data_item_id = o.stage_id)
     SELECT coalesce(sum(s.n) FILTER (WHERE ${open}), 0)::int AS "openCount",
            coalesce(sum(s.size) FILTER (WHERE ${open}), 0)::float8 AS pipeline,
            coalesce(sum(s.weighted) FILTER (WHERE ${open}), 0)::float8 AS "weightedPipeline",
            coalesce(sum(s.n) FILTER (WHERE s.closes_as = 'Won'), 0)::int AS "wonCount",
            coalesce(sum(s.size) FILTER (WHERE s.closes_as = 'Won'), 0)::float8 AS "wonSize",
            coalesce(sum(s.n) FILTER (WHERE s.closes_as = 'Lost'), 0)::int AS "lostCount",
            coalesce(sum(s.size) FILTER (WHERE s.closes_as = 'Lost'), 0)::float8 AS "lostSize",
            (SELECT coalesce(json_agg(m ORDER BY m.month), '[]') FROM (
               SELECT to_char(g.month, 'YYYY-MM') AS month, coalesce(sum(c.n), 0)::int AS count,
                      coalesce(sum(c.size), 0)::float8 AS "opportunitySize", coalesce(sum(c.weighted), 0)::float8 AS "weightedSize"
                 FROM generate_series(${months}::date, ${months}::date + interval '5 months', interval '1 month') g(month)
                 LEFT JOIN (SELECT s.expected_close_date AS month, s.n, s.size, s.weighted FROM r s WHERE ${open}) c ON c.month = g.month
                GROUP BY g.month) m) AS "expectedCloseByMonth"
       FROM r s`,
    params.values,
  );
  return rows[0];
}

function kpiAnswer(body: { dateSlug?: string } | undefined, period: { from: string; to: string } | null, row: { wonCount: number; lostCount: number }) {
  const closed = row.wonCount + row.lostCount;
  return {
    dateSlug: body?.dateSlug ?? null,
    from: period?.from ?? null,
    to: period?.to ?? null,
    ...row,
    winRatePercent: closed ? Math.round((10000 * row.wonCount) / closed) / 100 : null,
  } as never;
}

type GroupBy = (typeof OPPORTUNITY_GROUP_BYS)[number];
function groupKey(groupBy: GroupBy): { key: string; name: string } {
  switch (groupBy) {
    case 'salesRep':
      return { key: 'o.sales_rep', name: `coalesce(max(${REP_NAME}), o.sales_rep)` };
    case 'month':
      return { key: "to_char(o.expected_close_date, 'YYYY-MM')", name: "to_char(min(o.expected_close_date), 'Mon YYYY')" };
    case 'outcome':
      return { key: "coalesce(s.closes_as, 'Open')", name: "coalesce(s.closes_as, 'Open')" };
    case 'account':
      return { key: "o.account_type || ':' || o.company || ':' || o.account_id", name: `max(coalesce(${ACCOUNT_NAME}, o.account_id))` };
    default: {
      const { column } = LOOKUPS.find((lookup) => lookup.field === groupBy)!;
      return { key: `coalesce(o.${column}::text, '')`, name: `coalesce(max(${itemName(column)}), '(none)')` };
    }
  }
}

async function grouped(call: OpportunityCall, groupBy: GroupBy, dateSlug: string, body: SearchRequest | undefined) {
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const group = groupKey(groupBy);
  // The rollup carries the stage, the rep, the month and (by the stage) the outcome; rolledSums adds no parameter when it answers null.
  const rolled = ['stage', 'salesRep', 'month', 'outcome'].includes(groupBy) ? rolledSums(call, params, dateSlug, body?.filters) : null;
  const scoped = rolled ? null : scopedWhere(call, params, dateSlug, body?.filters);
  const period = rolled ? rolled.period : scoped!.period;
  const inner = rolled
    ? `SELECT ${group.key} AS key, ${group.name} AS name, ${ROLLED_SUMS} FROM ${rolled.source} o JOIN crm.data_item s ON s.data_item_id = o.stage_id GROUP BY 1`
    : `SELECT ${group.key} AS key, ${group.name} AS name, ${SUMS} FROM ${WITH_STAGE} WHERE ${scoped!.where.join(' AND ')} GROUP BY 1`;
  const search = searchPredicate(request.searchString, request.searchOperator, ['g.name', 'g.key'], params);
  const measures = ['count', 'openCount', 'wonCount', 'lostCount', 'opportunitySize', 'weightedSize'];
  const order = orderByClause(
    request,
    { key: 'g.key', name: 'g.name', ...Object.fromEntries(measures.map((m) => [m, `g."${m}"`])) },
    groupBy === 'month' ? { field: 'key', dir: 'asc' } : { field: 'opportunitySize', dir: 'desc' },
    'g.key',
  );
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT g.*, count(*) OVER ()::int AS total_count FROM (
       ${inner}) g
     ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`,
    params.values,
  );
  return {
    groupBy,
    dateSlug,
    from: period!.from,
    to: period!.to,
    ...pageOf(request, rows[0] ? Number(rows[0].total_count) : 0),
    rows: rows.map(({ total_count: _, ...row }) => row) as never,
  };
}

type Basis = (typeof REPORT_TOTAL_BASES)[number];
const TOTALS: Record<Basis, string> = {
  OpportunitySize: 'coalesce(sum(o.opportunity_size), 0)',
  WeightedOpportunitySize: `coalesce(sum(${WEIGHTED}), 0)`,
  OpportunityCount: 'count(o.opportunity)',
};

/** TOTALS over the rollup's sums per item (one row an item: no aggregate). */
const ROLLED_TOTALS: Record<Basis, string> = {
  OpportunitySize: 'coalesce(o.size, 0)',
  WeightedOpportunitySize: 'coalesce(o.weighted, 0)',
  OpportunityCount: 'coalesce(o.n, 0)',
};

/** Every active stage (or step) in its order with the opportunities in it: the funnel. */
async function funnel(call: OpportunityCall, groupBy: (typeof FUNNEL_GROUP_BYS)[number], basis: string | undefined, body: { dateSlug?: string; filters?: SearchRequest['filters'] } | undefined) {
  const setting = call.settings.OpportunityDefaultReportTotal;
  const reportTotalBasis = (basis ?? (REPORT_TOTAL_BASES.includes(setting as Basis) ? setting : 'OpportunitySize')) as Basis;
  const params = new SqlParams();
  const column = groupBy === 'stage' ? 'stage_id' : 'step_id';
  // rolledSums adds no parameter when it answers null.
  const rolled = rolledSums(call, params, body?.dateSlug, body?.filters);
  const joined = rolled
    ? `LEFT JOIN (SELECT o.${column} AS item, sum(o.n) AS n, sum(o.size) AS size, sum(o.weighted) AS weighted FROM ${rolled.source} o GROUP BY 1) o ON o.item = i.data_item_id`
    : `LEFT JOIN crm.opportunity o ON o.${column} = i.data_item_id AND ${scopedWhere(call, params, body?.dateSlug, body?.filters).where.join(' AND ')}`;
  const sums = rolled
    ? `coalesce(o.n, 0)::int AS count, coalesce(o.size, 0)::float8 AS "opportunitySize", coalesce(o.weighted, 0)::float8 AS "weightedSize", ${ROLLED_TOTALS[reportTotalBasis]}::float8 AS total`
    : `count(o.opportunity)::int AS count, coalesce(sum(o.opportunity_size), 0)::float8 AS "opportunitySize",
            coalesce(sum(${WEIGHTED}), 0)::float8 AS "weightedSize", ${TOTALS[reportTotalBasis]}::float8 AS total`;
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT i.data_item_id::text AS key, i.name, i.display_order AS "displayOrder", i.probability, i.closes_as AS "closesAs", ${sums}
       FROM crm.data_item i
       ${joined}
      WHERE i.data_type = ${params.add(groupBy === 'stage' ? 'Stage' : 'Step')} AND (i.is_active OR o.${rolled ? 'n' : 'opportunity'} IS NOT NULL)
      GROUP BY i.data_item_id${rolled ? ', o.n, o.size, o.weighted' : ''} ORDER BY i.display_order, lower(i.name), i.data_item_id`,
    params.values,
  );
  return { groupBy, reportTotalBasis, dateSlug: body?.dateSlug ?? null, rows: rows as never };
}

/** A DataManager list's items (active ones unless includeInactive), in their order. */
export async function lookupItems(call: ErpCall, list: string, includeInactive: boolean) {
  const { rows } = await call.db.query(
    `SELECT data_item_id AS id, name, display_order AS "displayOrder", probability, closes_as AS "closesAs", is_active AS "isActive"
       FROM crm.data_item WHERE data_type = $1 AND ($2 OR is_active) ORDER BY display_order, lower(name), data_item_id`,
    [list, includeInactive],
  );
  return { rows: rows as never };
}

async function options(call: OpportunityCall, sectionName: string) {
  if (!sectionIdOf(sectionName)) throw badRequest(`Unknown sectionName '${sectionName}'`);
  const { rows: companies } = await call.db.query<{ value: string; label: string }>('SELECT company AS value, company_name AS label FROM erp.company ORDER BY 2, 1');
  const { rows: groups } = await call.db.query<{ company: string; value: string; label: string }>(
    'SELECT company, product_group AS value, product_group_name AS label FROM erp.product_group ORDER BY company, 3, 2',
  );
  const lists = await Promise.all(LOOKUPS.map(async ({ field, list }) => ({ field, items: (await lookupItems(call, list, false)).rows as Array<{ id: number; name: string }> })));
  return {
    sectionName,
    options: [
      { name: 'company', values: companies },
      ...lists.map(({ field, items }) => ({ name: `${field}Id`, values: items.map((item) => ({ value: String(item.id), label: item.name })) })),
      // A product group link's choices, per company (productGroup.{company}).
      ...companies.map(({ value: company }) => ({ name: `productGroup.${company}`, values: groups.filter((g) => g.company === company).map(({ value, label }) => ({ value, label })) })),
    ],
  };
}

// ------------------------------------------------------------------------------ writes
type Fields = Omit<OpportunityUpdateRequest, 'version'>;
type Stage = { id: number; probability: number | null; closesAs: 'Won' | 'Lost' | null };

/** An id of a DataManager list, active (or the one already stored), else 400. */
async function checkedItem(client: Pick<pg.PoolClient, 'query'>, list: string, id: number | null | undefined, stored: number | null, field: string) {
  if (id === undefined || id === null) return null;
  const { rows } = await client.query<Stage>(
    'SELECT data_item_id AS id, probability, closes_as AS "closesAs" FROM crm.data_item WHERE data_item_id = $1 AND data_type = $2 AND (is_active OR data_item_id = $3)',
    [id, list, stored],
  );
  if (!rows[0]) throw badRequest(`Unknown ${field} ${id}: not an active ${list}`);
  return rows[0];
}

/** The fields checked against the reference data: what gets written. */
async function checkedFields(call: OpportunityCall, client: Pick<pg.PoolClient, 'query'>, body: Fields, current: OpportunityItem | null) {
  const ids: Record<string, number | null> = {};
  for (const { field, list } of LOOKUPS) {
    if (field === 'stage') continue;
    const key = `${field}Id` as keyof Fields;
    const item = await checkedItem(client, list, body[key] as number | null | undefined, current ? (current[key as keyof OpportunityItem] as number | null) : null, key);
    ids[key] = item?.id ?? null;
  }
  const stageId = body.stageId ?? current?.stageId ?? (await firstStage(client));
  const stage = (await checkedItem(client, 'Stage', stageId, current?.stageId ?? null, 'stageId'))!;
  if (stage.closesAs === 'Lost' && !ids.lostSalesId) throw badRequest('A lost opportunity needs a LostSales reason (lostSalesId)');
  if (stage.closesAs !== 'Lost') ids.lostSalesId = null;
  const expected = body.expectedCloseDate ?? current?.expectedCloseDate ?? addDays(call.today, 30);
  if (!isDateInWindow(expected)) throw badRequest(`expectedCloseDate '${expected}' is not a date`);
  const stageChanged = current !== null && current.stageId !== stage.id;
  const probability = stage.closesAs === 'Won' ? 100 : stage.closesAs === 'Lost' ? 0 : (body.probability ?? (stageChanged || !current ? stage.probability : current.probability) ?? 0);
  const closedDate = stage.closesAs ? (current?.closedDate && !stageChanged ? current.closedDate : call.today) : null;
  return {
    name: requiredText(body.name, 'name'),
    description: cleanText(body.description),
    ...ids,
    stageId: stage.id,
    opportunitySize: body.opportunitySize ?? current?.opportunitySize ?? 0,
    probability,
    expectedCloseDate: expected,
    closedDate,
  };
}

async function firstStage(client: Pick<pg.PoolClient, 'query'>): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    "SELECT data_item_id AS id FROM crm.data_item WHERE data_type = 'Stage' AND is_active AND closes_as IS NULL ORDER BY display_order, data_item_id LIMIT 1",
  );
  if (!rows[0]) throw badRequest('No open Stage is defined: an administrator adds one in the CRM reference data');
  return rows[0].id;
}

type Checked = Awaited<ReturnType<typeof checkedFields>>;
const WRITTEN = ['name', 'description', 'typeId', 'statusId', 'stageId', 'stepId', 'territoryId', 'leadSourceId', 'lostSalesId', 'opportunitySize', 'probability', 'expectedCloseDate', 'closedDate'] as const;
const COLUMN_OF: Record<(typeof WRITTEN)[number], string> = {
  name: 'name',
  description: 'description',
  typeId: 'type_id',
  statusId: 'status_id',
  stageId: 'stage_id',
  stepId: 'step_id',
  territoryId: 'territory_id',
  leadSourceId: 'lead_source_id',
  lostSalesId: 'lost_sales_id',
  opportunitySize: 'opportunity_size',
  probability: 'probability',
  expectedCloseDate: 'expected_close_date',
  closedDate: 'closed_date',
};
const valuesOf = (fields: Checked) => WRITTEN.map((name) => (fields as Record<string, unknown>)[name] ?? null);

async function createOpportunity(call: OpportunityCall, user: SessionUser, body: OpportunityCreateRequest) {
  const account = await findCrmAccount(call, body.accountType, body.accountId, body.company);
  const id = await inTransaction(call.db, async (client) => {
    const fields = await checkedFields(call, client, body, null);
    const columns = WRITTEN.map((name) => COLUMN_OF[name]);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO crm.opportunity (customer_master_id, company, account_type, account_id, customer, sales_rep, owner_user_master_id, created_by, updated_by, ${columns.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7, ${columns.map((_, i) => `$${i + 8}`).join(', ')})
       RETURNING opportunity AS id`,
      [call.organization, body.company, body.accountType, body.accountId, account.customer, account.salesRep, user.userMasterId, ...valuesOf(fields)],
    );
    await crmAudit(client, user, 'Opportunity', rows[0]!.id, 'create', { ...fields, company: body.company, accountType: body.accountType, accountId: body.accountId });
    return rows[0]!.id;
  });
  return exactOpportunity(call, id);
}

async function updateOpportunity(call: OpportunityCall, user: SessionUser, id: number, body: OpportunityUpdateRequest) {
  const current = await exactOpportunity(call, id);
  if (current.version !== body.version) throw new VersionConflict(`Opportunity ${id}`, current);
  await inTransaction(call.db, async (client) => {
    const fields = await checkedFields(call, client, body, current);
    const sets = WRITTEN.map((name, i) => `${COLUMN_OF[name]} = $${i + 4}`);
    const { rowCount } = await client.query(
      `UPDATE crm.opportunity SET ${sets.join(', ')}, version = version + 1, updated_at = now(), updated_by = $3 WHERE opportunity = $1 AND version = $2`,
      [id, body.version, user.userMasterId, ...valuesOf(fields)],
    );
    if (rowCount !== 1) throw new VersionConflict(`Opportunity ${id}`, await exactOpportunity(call, id, client));
    await crmAudit(client, user, 'Opportunity', id, 'update', { before: current, after: fields });
  });
  return exactOpportunity(call, id);
}

// ------------------------------------------------------------------------------ routes
export async function opportunityRoutes(app: FastifyInstance): Promise<void> {
  const call = (user: SessionUser) => opportunityCall(app, user);

  serve(app, opportunityExact, async (request) => exactOpportunity(await call(request.user), request.params.opportunity));
  serve(app, opportunityList, async (request) => opportunities(await call(request.user), request.body));
  serve(app, opportunityKpi, async (request) => kpi(await call(request.user), request.body));
  serve(app, opportunityGrouped, async (request) => grouped(await call(request.user), request.params.groupBy as GroupBy, request.params.dateSlug, request.body));
  serve(app, opportunityFunnel, async (request) =>
    funnel(await call(request.user), request.params.groupBy as (typeof FUNNEL_GROUP_BYS)[number], request.query?.reportTotalBasis, request.body),
  );
  serve(app, opportunityOptions, async (request) => options(await call(request.user), request.params.sectionName));
  serve(app, opportunityCreate, async (request) => createOpportunity(await call(request.user), request.user, request.body));
  serve(app, opportunityUpdate, async (request, reply) =>
    answeringConflicts(reply, async () => updateOpportunity(await call(request.user), request.user, request.params.opportunity, request.body)),
  );
  for (const { lookup, contract } of OPPORTUNITY_LOOKUP_CALLS) {
    serve(app, contract, async (request: { user?: SessionUser; body?: { includeInactive?: boolean } }) =>
      lookupItems(await call(request.user as SessionUser), lookup, request.body?.includeInactive === true),
    );
  }
}
