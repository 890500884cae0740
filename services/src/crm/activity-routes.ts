/**
 * Seed 001 §7.11 ActivityTransaction and §7.13 GPS verification (issue 27), behind
 * ActivityAccessRight (403 without). An activity is logged on an account of the caller's scope
 * and takes the account's rep (crm.activity.sales_rep), so the rep scope of analytics/scope.ts
 * decides who reads it: another rep's activity is a 404, a manager reads his team's, an
 * administrator everyone's. Writes run in one transaction with their audit row; an update or
 * delete naming an older version than the stored one is a 409 carrying the current activity.
 * None of these answers is cached: they change with every write.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACTIVITY_GROUP_BYS,
  activityCreate,
  activityDelete,
  activityExact,
  activityGrouped,
  activityKpi,
  activityList,
  activityOrderQuote,
  activityTypeList,
  activityUpdate,
  gpsVerificationAdd,
  gpsVerificationGet,
  type ActivityCreateRequest,
  type ActivityItem,
  type ActivityUpdateRequest,
} from '@tradeboard/shared/contracts';
import { milesBetween } from '@tradeboard/shared/constants';
import { addDays, addMonths, endOfMonth, isDateInWindow, startOfMonth } from '@tradeboard/shared/dates';
import type pg from 'pg';
import { inTransaction } from '../boards/board-access.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { notFound } from '../analytics/account-detail-routes.ts';
import { analyticsQuery } from '../analytics/engine.ts';
import { pageOf, todaySql, type ErpCall } from '../analytics/erp-common.ts';
import { scopePredicate } from '../analytics/scope.ts';
import { badRequest, filterPredicates, normalizeRequest, orderByClause, pageClause, searchPredicate, SqlParams, type SearchRequest } from '../analytics/search-request.ts';
import { accountPredicates, answeringConflicts, cleanText, crmAudit, crmCall, crmSearchPredicate, dropUserDefinedValues, findCrmAccount, organizationOf, pagedRows, periodOf, requiredText, selectOf, VersionConflict, type AccountCut, type CrmAccountType } from './crm-common.ts';
import { splitFilters, userDefinedPredicates } from './user-defined-values.ts';

// ------------------------------------------------------------------------------ the model
// Every column reads crm.activity a alone or looks its name up by key in a scalar subquery: a list
// finds its page on the activity table (its indexes, few joins to plan), then looks the names up
// for the page's rows only.
/** The name of the account of `t` (a row with account_type, company and account_id). */
const accountName = (t: string) => `CASE ${t}.account_type
    WHEN 'Customer' THEN (SELECT x.customer_name FROM erp.customer x WHERE x.company = ${t}.company AND x.customer = ${t}.account_id)
    WHEN 'ShipTo' THEN (SELECT x.ship_to_name FROM erp.ship_to x WHERE x.company = ${t}.company AND x.ship_to = ${t}.account_id)
    ELSE (SELECT x.prospect_name FROM erp.prospect x WHERE x.company = ${t}.company AND x.prospect = ${t}.account_id) END`;
const ACCOUNT_NAME = accountName('a');
const TYPE_NAME = '(SELECT x.name FROM crm.data_item x WHERE x.data_item_id = a.activity_type_id)';
const REP_NAME = '(SELECT x.name FROM erp.sales_rep x WHERE x.company = a.company AND x.sales_rep = a.sales_rep)';

/** Completed once completed, else Overdue past its due date, else Open (on the call's today). */
const statusOf = (call: ErpCall) =>
  `CASE WHEN a.completed_date IS NOT NULL THEN 'Completed' WHEN a.due_date < ${todaySql(call)} THEN 'Overdue' ELSE 'Open' END`;

function activityColumns(call: ErpCall): Record<string, string> {
  return {
    activityTransactionNumber: 'a.activity_transaction_number',
    company: 'a.company',
    accountType: 'a.account_type',
    accountId: 'a.account_id',
    accountName: ACCOUNT_NAME,
    customer: 'a.customer',
    salesRep: 'a.sales_rep',
    salesRepName: REP_NAME,
    activityTypeId: 'a.activity_type_id',
    activityType: TYPE_NAME,
    subject: 'a.subject',
    notes: 'a.notes',
    contact: 'a.contact',
    contactName: '(SELECT x.contact_name FROM erp.contact x WHERE x.company = a.company AND x.contact = a.contact)',
    opportunity: 'a.opportunity',
    orderNumber: 'a.order_number',
    quoteNumber: 'a.quote_number',
    dueDate: "to_char(a.due_date, 'YYYY-MM-DD')",
    completedDate: "to_char(a.completed_date, 'YYYY-MM-DD')",
    status: statusOf(call),
    followupOf: 'a.followup_of',
    followUpTransactionNumber:
      '(SELECT min(f.activity_transaction_number) FROM crm.activity f WHERE f.followup_of = a.activity_transaction_number)',
    ownerName: '(SELECT x.full_name FROM app.user_master x WHERE x.user_master_id = a.owner_user_master_id)',
    gpsVerified: '(SELECT x.is_verified FROM crm.gps_verification x WHERE x.activity_trans_id = a.activity_transaction_number)',
    version: 'a.version',
    createdAt: `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    updatedAt: `to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  };
}

const FILTER_FIELDS = ['company', 'accountType', 'accountId', 'customer', 'salesRep', 'activityType', 'status', 'contact'] as const;

/** Sort keys: the columns, the dates by their own values (the due-date index gives the default order). */
function sortable(call: ErpCall): Record<string, string> {
  return { ...activityColumns(call), dueDate: 'a.due_date', completedDate: 'a.completed_date' };
}
/** The filter fields as text expressions (the list's filters; the KPI's and grouping's too). */
function filterable(call: ErpCall): Record<string, string> {
  const columns = activityColumns(call);
  return Object.fromEntries(FILTER_FIELDS.map((f) => [f, f === 'activityType' ? 'a.activity_type_id::text' : `${columns[f]}::text`]));
}

// ------------------------------------------------------------------------------ reads
/** One activity of the caller's scope, or 404. */
export async function exactActivity(call: ErpCall, id: number, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<ActivityItem> {
  const params = new SqlParams();
  const where = [`a.activity_transaction_number = ${params.add(id)}`];
  const scope = scopePredicate(call.context.scope, 'a.sales_rep', params);
  if (scope) where.push(scope);
  const { rows } = await db.query<ActivityItem>(`SELECT ${selectOf(activityColumns(call))} FROM crm.activity a WHERE ${where.join(' AND ')}`, params.values);
  if (!rows[0]) throw notFound(`Activity ${id} not found`);
  return rows[0];
}

type ListBody = SearchRequest & AccountCut & { dateSlug?: string };

async function activities(call: ErpCall, user: SessionUser, body: ListBody | undefined) {
  const { dateSlug, company, accountType, accountId, ...search } = body ?? {};
  const request = normalizeRequest(search);
  const params = new SqlParams();
  const { own, userDefined } = splitFilters(search.filters);
  const { where } = scopedWhere(call, params, dateSlug, { ...search, filters: own });
  if (userDefined.length) where.push(...(await userDefinedPredicates(call.db, await organizationOf(call, user), 'Activity', userDefined, 'a.activity_transaction_number::text', params)));
  where.push(...(await accountPredicates(call, 'a', params, { company, accountType, accountId })));
  const found = await crmSearchPredicate(call, 'a', request, params, { columns: ['subject', 'notes', 'account_id'], typeColumn: 'activity_type_id' });
  if (found) where.push(found);
  const order = orderByClause(request, sortable(call), { field: 'dueDate', dir: 'desc' }, 'a.activity_transaction_number DESC', ['dueDate', 'activityTransactionNumber']);
  // Not searched, not cut to an account, filtered only on what the counts rollup carries: the list's
  // count is the rollup's (a manager's 700,000 activities at scale 40: a sum of a few hundred rows).
  const countParams = new SqlParams();
  const rolled = !found && !userDefined.length && !company && !accountType && !accountId ? rolledCounts(call, countParams, dateSlug, { ...search, filters: own }) : null;
  const count = rolled ? { text: `SELECT coalesce(sum(s.total), 0)::int AS n FROM ${rolled.source} s`, values: countParams.values } : undefined;
  return pagedRows<ActivityItem>(call, { from: 'crm.activity a', alias: 'a', key: 'activity_transaction_number', select: selectOf(activityColumns(call)), where, order, request, params, count });
}

/** The scope, the period and the filters as predicates on crm.activity a (with t, r and the account joins). */
function scopedWhere(call: ErpCall, params: SqlParams, dateSlug: string | undefined, body: SearchRequest | undefined) {
  const where: string[] = [];
  const { scope: dataScope } = call.context;
  // One rep: an equality, so the (sales_rep, due_date) index gives his rows in due order.
  const scope = !dataScope.all && dataScope.salesReps.length === 1 ? `a.sales_rep = ${params.add(dataScope.salesReps[0])}` : scopePredicate(dataScope, 'a.sales_rep', params);
  if (scope) where.push(scope);
  const period = dateSlug ? periodOf(call, dateSlug) : null;
  if (period) where.push(`a.due_date BETWEEN ${params.add(period.from)}::date AND ${params.add(period.to)}::date`);
  where.push(...filterPredicates(normalizeRequest(body).filters, filterable(call), params));
  return { where, period };
}

const COUNTS = (call: ErpCall) => `count(*)::int AS "totalCount",
  count(*) FILTER (WHERE a.completed_date IS NULL AND a.due_date >= ${todaySql(call)})::int AS "openCount",
  count(*) FILTER (WHERE a.completed_date IS NULL AND a.due_date < ${todaySql(call)})::int AS "overdueCount",
  count(*) FILTER (WHERE a.completed_date IS NOT NULL)::int AS "completedCount"`;

const COUNT_FROM = 'crm.activity a';

// ------------------------------------------------------------------------------ the counts rollup
// crm.activity_month_count (migration 270) holds the activities per rep × month of due date ×
// company × activity type × completed, kept by triggers in the writes' transactions. The KPI and
// the groupings read it for the whole months of their period when the filters name only columns it
// carries; the period's partial months are counted from the activities, and so is the split of
// today's month's open activities into open and overdue (those due before today).
const ROLLED_FILTERS = new Set(['company', 'salesrep', 'activitytype']);

/** The counts of the caller's activities as rows (company, sales_rep, activity_type_id, month, total, open, overdue, completed, verified), or null where the rollup cannot answer. */
function rolledCounts(call: ErpCall, params: SqlParams, dateSlug: string | undefined, body: SearchRequest | undefined): { source: string; period: ReturnType<typeof periodOf> | null } | null {
  if (normalizeRequest(body).filters.some((f) => !ROLLED_FILTERS.has(f.field.toLowerCase()))) return null;
  const period = dateSlug ? periodOf(call, dateSlug) : null;
  // The whole months of the period: [first, lastEnd]; none (or a month's part only): the activities.
  const first = !period ? null : period.from === startOfMonth(period.from) ? period.from : addMonths(startOfMonth(period.from), 1);
  const lastEnd = !period ? null : period.to === endOfMonth(period.to) ? period.to : addDays(startOfMonth(period.to), -1);
  if (period && first! > lastEnd!) return null;
  // Scope and filters only (no period): the same predicates fit the rollup, whose columns bear the activity's names.
  const { where } = scopedWhere(call, params, undefined, body);
  const today = todaySql(call);
  const thisMonth = `'${startOfMonth(call.today)}'::date`;
  const and = where.map((w) => ` AND ${w}`).join('');
  const months = period ? ` AND a.month BETWEEN ${params.add(first)}::date AND ${params.add(startOfMonth(lastEnd!))}::date` : '';
  const arms = [
    `SELECT a.company, a.sales_rep, a.activity_type_id, a.month, a.activities AS total,
            CASE WHEN NOT a.completed AND a.month >= ${thisMonth} THEN a.activities ELSE 0 END AS open,
            CASE WHEN NOT a.completed AND a.month < ${thisMonth} THEN a.activities ELSE 0 END AS overdue,
            CASE WHEN a.completed THEN a.activities ELSE 0 END AS completed, a.verified
       FROM crm.activity_month_count a WHERE a.activities > 0${and}${months}`,
  ];
  if (!period || (first! <= startOfMonth(call.today) && startOfMonth(call.today) <= lastEnd!)) {
    // Today's month's open activities due before today: overdue, not open.
    arms.push(`SELECT a.company, a.sales_rep, a.activity_type_id, ${thisMonth}, 0, -count(*), count(*), 0, 0
       FROM crm.activity a WHERE a.completed_date IS NULL AND a.due_date >= ${thisMonth} AND a.due_date < ${today}${and}
      GROUP BY 1, 2, 3`);
  }
  const edges = !period
    ? []
    : [
        ...(period.from < first! ? [[period.from, addDays(first!, -1)]] : []),
        ...(period.to > lastEnd! ? [[addDays(lastEnd!, 1), period.to]] : []),
      ].map(([from, to]) => `a.due_date BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date`);
  if (edges.length) {
    arms.push(`SELECT a.company, a.sales_rep, a.activity_type_id, date_trunc('month', a.due_date)::date,
            count(*), count(*) FILTER (WHERE a.completed_date IS NULL AND a.due_date >= ${today}),
            count(*) FILTER (WHERE a.completed_date IS NULL AND a.due_date < ${today}), count(a.completed_date),
            count(g.activity_trans_id) FILTER (WHERE g.is_verified)
       FROM crm.activity a LEFT JOIN crm.gps_verification g ON g.activity_trans_id = a.activity_transaction_number
      WHERE (${edges.join(' OR ')})${and}
      GROUP BY 1, 2, 3, 4`);
  }
  return { source: `(${arms.join('\n     UNION ALL\n     ')})`, period };
}

const ROLLED_COUNTS = `coalesce(sum(s.total), 0)::int AS "totalCount", coalesce(sum(s.open), 0)::int AS "openCount",
  coalesce(sum(s.overdue), 0)::int AS "overdueCount", coalesce(sum(s.completed), 0)::int AS "completedCount"`;

async function kpi(call: ErpCall, body: { dateSlug?: string; filters?: SearchRequest['filters'] } | undefined) {
  // rolledCounts adds no parameter when it answers null.
  const params = new SqlParams();
  const rolled = rolledCounts(call, params, body?.dateSlug, { filters: body?.filters });
  const { where, period } = rolled ? { where: [], period: rolled.period } : scopedWhere(call, params, body?.dateSlug, { filters: body?.filters });
  const { rows } = await analyticsQuery(
    call.db,
    rolled
      ? `SELECT ${ROLLED_COUNTS}, coalesce(sum(s.verified), 0)::int AS "verifiedCount" FROM ${rolled.source} s`
      : `SELECT ${COUNTS(call)}, count(g.activity_trans_id) FILTER (WHERE g.is_verified)::int AS "verifiedCount"
       FROM ${COUNT_FROM} LEFT JOIN crm.gps_verification g ON g.activity_trans_id = a.activity_transaction_number
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    params.values,
  );
  const row = rows[0];
  return {
    dateSlug: body?.dateSlug ?? null,
    from: period?.from ?? null,
    to: period?.to ?? null,
    totalCount: row.totalCount,
    openCount: row.openCount,
    overdueCount: row.overdueCount,
    completedCount: row.completedCount,
    verifiedCount: row.verifiedCount,
    completionPercent: row.totalCount ? Math.round((10000 * row.completedCount) / row.totalCount) / 100 : null,
  };
}

type GroupBy = (typeof ACTIVITY_GROUP_BYS)[number];
/**
 * A grouping: its key over the activities `a`, what each group carries besides its counts, and its
 * name over the group `g` — looked up once per group, not once per activity (an administrator's
 * twelve months are ~300,000 activities at scale 40 and a few dozen groups).
 */
function groupKey(call: ErpCall, groupBy: GroupBy): { key: string; carry: string[]; name: string } {
  switch (groupBy) {
    case 'salesRep':
      return {
        key: 'a.sales_rep',
        carry: ['array_agg(DISTINCT a.company) AS companies'],
        name: 'coalesce((SELECT max(x.name) FROM erp.sales_rep x WHERE x.company = ANY(g.companies) AND x.sales_rep = g.key), g.key)',
      };
    case 'activityType':
      return { key: 'a.activity_type_id::text', carry: [], name: '(SELECT x.name FROM crm.data_item x WHERE x.data_item_id = g.key::int)' };
    case 'month':
      return { key: "to_char(a.due_date, 'YYYY-MM')", carry: ["to_char(min(a.due_date), 'Mon YYYY') AS month_name"], name: 'g.month_name' };
    case 'status':
      return { key: statusOf(call), carry: [], name: 'g.key' };
    case 'account':
      return {
        key: "a.account_type || ':' || a.company || ':' || a.account_id",
        carry: ['min(a.account_type) AS account_type', 'min(a.company) AS company', 'min(a.account_id) AS account_id'],
        name: `coalesce(${accountName('g')}, g.account_id)`,
      };
  }
}

const COUNT_NAMES = ['totalCount', 'openCount', 'overdueCount', 'completedCount'].map((name) => `g."${name}"`).join(', ');

/** A grouping over the counts rows `s` of rolledCounts (its name as groupKey's), or null: the account is not among them. */
function rolledGroupKey(groupBy: GroupBy): { key: string; carry: string[]; from?: string } | null {
  switch (groupBy) {
    case 'salesRep':
      return { key: 's.sales_rep', carry: ['array_agg(DISTINCT s.company) AS companies'] };
    case 'activityType':
      return { key: 's.activity_type_id::text', carry: [] };
    case 'month':
      return { key: "to_char(s.month, 'YYYY-MM')", carry: ["to_char(min(s.month), 'Mon YYYY') AS month_name"] };
    case 'status':
      // Each counts row into its three statuses: a group's total is its status's count.
      return { key: 'v.key', carry: [], from: "CROSS JOIN LATERAL (VALUES ('Open', s.open), ('Overdue', s.overdue), ('Completed', s.completed)) v(key, n)" };
    case 'account':
      return null;
  }
}

async function grouped(call: ErpCall, groupBy: GroupBy, dateSlug: string, body: SearchRequest | undefined) {
  const request = normalizeRequest(body);
  const params = new SqlParams();
  const rolledGroup = rolledGroupKey(groupBy);
  // rolledCounts adds no parameter when it answers null.
  const rolled = rolledGroup ? rolledCounts(call, params, dateSlug, body) : null;
  let inner: string;
  let period: { from: string; to: string };
  if (rolled && rolledGroup) {
    period = rolled.period!;
    const counts =
      groupBy === 'status'
        ? `sum(v.n)::int AS "totalCount", ${['Open', 'Overdue', 'Completed'].map((k) => `coalesce(sum(v.n) FILTER (WHERE v.key = '${k}'), 0)::int AS "${k.toLowerCase()}Count"`).join(', ')}`
        : ROLLED_COUNTS;
    inner = `SELECT ${rolledGroup.key} AS key, ${[...rolledGroup.carry, counts].join(', ')}
           FROM ${rolled.source} s ${rolledGroup.from ?? ''}
          GROUP BY 1 HAVING sum(${groupBy === 'status' ? 'v.n' : 's.total'}) > 0`;
  } else {
    const scoped = scopedWhere(call, params, dateSlug, body);
    period = scoped.period!;
    const group = groupKey(call, groupBy);
    inner = `SELECT ${group.key} AS key, ${[...group.carry, COUNTS(call)].join(', ')}
           FROM ${COUNT_FROM}
          ${scoped.where.length ? `WHERE ${scoped.where.join(' AND ')}` : ''}
          GROUP BY 1`;
  }
  const { name } = groupKey(call, groupBy);
  const search = searchPredicate(request.searchString, request.searchOperator, ['n.name', 'n.key'], params);
  const order = orderByClause(
    request,
    { key: 'n.key', name: 'n.name', totalCount: 'n."totalCount"', openCount: 'n."openCount"', overdueCount: 'n."overdueCount"', completedCount: 'n."completedCount"' },
    groupBy === 'month' ? { field: 'key', dir: 'asc' } : { field: 'totalCount', dir: 'desc' },
    'n.key',
  );
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT n.*, count(*) OVER ()::int AS total_count FROM (
       SELECT g.key, ${name} AS name, ${COUNT_NAMES} FROM (
         ${inner}) g) n
     ${search ? `WHERE ${search}` : ''} ${order} ${pageClause(request, params)}`,
    params.values,
  );
  return {
    groupBy,
    dateSlug,
    from: period.from,
    to: period.to,
    ...pageOf(request, rows[0] ? Number(rows[0].total_count) : 0),
    rows: rows.map(({ total_count: _, ...row }) => row) as never,
  };
}

async function activityTypes(call: ErpCall, includeInactive: boolean) {
  const { rows } = await call.db.query(
    `SELECT data_item_id AS "activityTypeId", name AS "activityTypeName", display_order AS "displayOrder", is_active AS "isActive"
       FROM crm.data_item WHERE data_type = 'ActivityType' AND ($1 OR is_active) ORDER BY display_order, lower(name), data_item_id`,
    [includeInactive],
  );
  return { rows: rows as never };
}

async function ordersAndQuotes(call: ErpCall, body: { company: string; accountType: CrmAccountType; accountId: string; searchString?: string | null; pageSize?: number }) {
  const account = await findCrmAccount(call, body.accountType, body.accountId, body.company);
  if (body.accountType === 'Prospect') return { rows: [] };
  const shipTo = body.accountType === 'ShipTo' ? body.accountId : null;
  const search = cleanText(body.searchString);
  const { rows } = await call.db.query(
    `SELECT * FROM (
       SELECT 'Order' AS "documentType", order_number AS "documentNumber", to_char(order_date, 'YYYY-MM-DD') AS "documentDate", status, round(order_total, 2)::float8 AS total
         FROM erp.order_header WHERE company = $1 AND customer = $2 AND ($3::text IS NULL OR ship_to = $3) AND ($4::text IS NULL OR order_number ILIKE '%' || $4 || '%')
       UNION ALL
       SELECT 'Quote', quote_number, to_char(quote_date, 'YYYY-MM-DD'), status, round(quote_total, 2)::float8
         FROM erp.quote_header WHERE company = $1 AND customer = $2 AND ($3::text IS NULL OR ship_to = $3) AND ($4::text IS NULL OR quote_number ILIKE '%' || $4 || '%')
     ) d ORDER BY "documentDate" DESC, "documentNumber" DESC LIMIT $5`,
    [body.company, account.customer, shipTo, search, body.pageSize ?? 20],
  );
  return { rows: rows as never };
}

// ------------------------------------------------------------------------------ writes
type Fields = Omit<ActivityUpdateRequest, 'version'>;

/** A date field's value: a real calendar day (400 otherwise), or null. */
function dayOf(value: string | null | undefined, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (!isDateInWindow(value)) throw badRequest(`${field} '${value}' is not a date`);
  return value;
}

/** The fields checked against the reference data and the account: what gets written. */
async function checkedFields(
  call: ErpCall,
  client: Pick<pg.PoolClient, 'query'>,
  account: { company: string; customer: string | null; accountType: CrmAccountType; accountId: string; userMasterId: number },
  body: Fields,
) {
  const { company, customer, accountId, userMasterId } = account;
  const shipTo = account.accountType === 'ShipTo' ? accountId : null;
  const { rows: type } = await client.query("SELECT 1 FROM crm.data_item WHERE data_item_id = $1 AND data_type = 'ActivityType' AND is_active", [body.activityTypeId]);
  if (!type[0]) throw badRequest(`Unknown activityTypeId ${body.activityTypeId}`);
  const contact = cleanText(body.contact);
  if (contact) {
    const { rows } = await client.query('SELECT 1 FROM erp.contact WHERE company = $1 AND contact = $2 AND customer = $3', [company, contact, customer]);
    if (!rows[0]) throw badRequest(`Contact ${contact} is not a contact of this account`);
  }
  const orderNumber = cleanText(body.orderNumber);
  if (orderNumber) {
    const { rows } = await client.query('SELECT 1 FROM erp.order_header WHERE company = $1 AND order_number = $2 AND customer = $3 AND ($4::text IS NULL OR ship_to = $4)', [company, orderNumber, customer, shipTo]);
    if (!rows[0]) throw badRequest(`Order ${orderNumber} is not an order of this account`);
  }
  const quoteNumber = cleanText(body.quoteNumber);
  if (quoteNumber) {
    const { rows } = await client.query('SELECT 1 FROM erp.quote_header WHERE company = $1 AND quote_number = $2 AND customer = $3 AND ($4::text IS NULL OR ship_to = $4)', [company, quoteNumber, customer, shipTo]);
    if (!rows[0]) throw badRequest(`Quote ${quoteNumber} is not a quote of this account`);
  }
  if (body.opportunity !== undefined && body.opportunity !== null) {
    // An opportunity of the user's organization on the same customer (a prospect's: the same account).
    const { rows } = await client.query(
      `SELECT 1 FROM crm.opportunity o JOIN app.user_master u ON u.user_master_id = $5 AND u.customer_master_id = o.customer_master_id
        WHERE o.opportunity = $1 AND o.company = $2 AND (o.customer = $3 OR (o.customer IS NULL AND $3::text IS NULL AND o.account_id = $4))`,
      [body.opportunity, company, customer, accountId, userMasterId],
    );
    if (!rows[0]) throw badRequest(`Opportunity ${body.opportunity} is not an opportunity of this account`);
  }
  const completedDate = dayOf(body.completedDate, 'completedDate');
  if (body.scheduleFollowUp && !completedDate) throw badRequest('scheduleFollowUp needs a completedDate: a follow-up is scheduled from the completion');
  return {
    activityTypeId: body.activityTypeId,
    subject: requiredText(body.subject, 'subject'),
    notes: cleanText(body.notes),
    contact,
    opportunity: body.opportunity ?? null,
    orderNumber,
    quoteNumber,
    dueDate: dayOf(body.dueDate, 'dueDate') ?? completedDate ?? call.today,
    completedDate,
  };
}

const FOLLOW_UP_PREFIX = 'Follow-up: ';

/** Schedules the follow-up of a completed activity FollowUpDays after its completion. */
async function scheduleFollowUp(call: ErpCall, client: pg.PoolClient, user: SessionUser, id: number): Promise<number> {
  const days = Number.parseInt(call.settings.FollowUpDays ?? '7', 10);
  const { rows: source } = await client.query<{ completed: string; subject: string }>(
    "SELECT to_char(completed_date, 'YYYY-MM-DD') AS completed, subject FROM crm.activity WHERE activity_transaction_number = $1",
    [id],
  );
  const due = addDays(source[0]!.completed, Number.isFinite(days) && days >= 0 ? days : 7);
  const subject = source[0]!.subject.startsWith(FOLLOW_UP_PREFIX) ? source[0]!.subject : `${FOLLOW_UP_PREFIX}${source[0]!.subject}`.slice(0, 200);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO crm.activity (company, account_type, account_id, customer, sales_rep, activity_type_id, subject, contact, opportunity,
                               due_date, followup_of, owner_user_master_id, created_by, updated_by)
     SELECT company, account_type, account_id, customer, sales_rep, activity_type_id, $2, contact, opportunity, $3::date, $1, $4, $4, $4
       FROM crm.activity WHERE activity_transaction_number = $1
     RETURNING activity_transaction_number AS id`,
    [id, subject, due, user.userMasterId],
  );
  await crmAudit(client, user, 'Activity', rows[0]!.id, 'create', { followupOf: id, dueDate: due, subject });
  return rows[0]!.id;
}

async function createActivity(call: ErpCall, user: SessionUser, body: ActivityCreateRequest, followupOf: number | undefined) {
  const account = await findCrmAccount(call, body.accountType, body.accountId, body.company);
  if (followupOf !== undefined) {
    const previous = await exactActivity(call, followupOf);
    if (previous.company !== body.company || previous.accountType !== body.accountType || previous.accountId !== body.accountId) {
      throw badRequest(`Activity ${followupOf} is on another account: a follow-up is logged on the same account`);
    }
  }
  const id = await inTransaction(call.db, async (client) => {
    const fields = await checkedFields(call, client, { company: body.company, customer: account.customer, accountType: body.accountType, accountId: body.accountId, userMasterId: user.userMasterId }, body);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO crm.activity (company, account_type, account_id, customer, sales_rep, activity_type_id, subject, notes, contact, opportunity,
                                 order_number, quote_number, due_date, completed_date, followup_of, owner_user_master_id, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16)
       RETURNING activity_transaction_number AS id`,
      [
        body.company, body.accountType, body.accountId, account.customer, account.salesRep, fields.activityTypeId, fields.subject, fields.notes, fields.contact,
        fields.opportunity, fields.orderNumber, fields.quoteNumber, fields.dueDate, fields.completedDate, followupOf ?? null, user.userMasterId,
      ],
    );
    const id = rows[0]!.id;
    await crmAudit(client, user, 'Activity', id, 'create', { ...fields, company: body.company, accountType: body.accountType, accountId: body.accountId, followupOf: followupOf ?? null });
    if (body.scheduleFollowUp) await scheduleFollowUp(call, client, user, id);
    return id;
  });
  return exactActivity(call, id);
}

async function updateActivity(call: ErpCall, user: SessionUser, id: number, body: ActivityUpdateRequest) {
  const current = await exactActivity(call, id);
  if (current.version !== body.version) throw new VersionConflict(`Activity ${id}`, current);
  await inTransaction(call.db, async (client) => {
    const fields = await checkedFields(call, client, { ...current, userMasterId: user.userMasterId }, body);
    const { rowCount } = await client.query(
      `UPDATE crm.activity SET activity_type_id = $3, subject = $4, notes = $5, contact = $6, opportunity = $7, order_number = $8, quote_number = $9,
              due_date = $10, completed_date = $11, version = version + 1, updated_at = now(), updated_by = $12
        WHERE activity_transaction_number = $1 AND version = $2`,
      [id, body.version, fields.activityTypeId, fields.subject, fields.notes, fields.contact, fields.opportunity, fields.orderNumber, fields.quoteNumber, fields.dueDate, fields.completedDate, user.userMasterId],
    );
    // Another edit committed between the read and this write.
    if (rowCount !== 1) throw new VersionConflict(`Activity ${id}`, await exactActivity(call, id, client));
    await crmAudit(client, user, 'Activity', id, 'update', { before: current, after: fields });
    const newlyCompleted = fields.completedDate !== null && current.completedDate === null;
    if (body.scheduleFollowUp && (newlyCompleted || current.followUpTransactionNumber === null)) await scheduleFollowUp(call, client, user, id);
  });
  return exactActivity(call, id);
}

async function deleteActivity(call: ErpCall, user: SessionUser, id: number, version: number | undefined) {
  const current = await exactActivity(call, id);
  if (version !== undefined && current.version !== version) throw new VersionConflict(`Activity ${id}`, current);
  await inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query('DELETE FROM crm.activity WHERE activity_transaction_number = $1 AND version = $2', [id, current.version]);
    if (rowCount !== 1) throw new VersionConflict(`Activity ${id}`, await exactActivity(call, id, client));
    await dropUserDefinedValues(client, 'Activity', String(id));
    await crmAudit(client, user, 'Activity', id, 'delete', { before: current });
  });
}

// ------------------------------------------------------------------------------ GPS verification
const GPS_SELECT = `SELECT activity_trans_id AS "activityTransId", account_type AS "accountType", account_id AS "accountId",
    user_latitude AS "userLatitude", user_longitude AS "userLongitude", distance_miles AS "distanceMiles", radius_miles AS "radiusMiles",
    is_verified AS "isVerified", reason_not_verified AS "reasonNotVerified", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
  FROM crm.gps_verification WHERE activity_trans_id = $1`;

async function gpsVerification(call: ErpCall, id: number) {
  await exactActivity(call, id);
  const { rows } = await call.db.query(GPS_SELECT, [id]);
  if (!rows[0]) throw notFound(`Activity ${id} has no GPS verification`);
  return rows[0] as never;
}

type GpsBody = { activityTransId: number; userLatitude?: number | null; userLongitude?: number | null; reasonNotVerified?: string | null };

async function verifyGps(call: ErpCall, user: SessionUser, accountType: CrmAccountType, accountId: string, body: GpsBody) {
  const activity = await exactActivity(call, body.activityTransId);
  if (activity.accountType !== accountType || activity.accountId !== accountId) {
    throw badRequest(`Activity ${body.activityTransId} is logged on ${activity.accountType} ${activity.accountId}, not ${accountType} ${accountId}`);
  }
  const account = await findCrmAccount(call, accountType, accountId, activity.company);
  const radius = Number(call.settings.GpsVerificationRadiusMiles) > 0 ? Number(call.settings.GpsVerificationRadiusMiles) : 5;
  const hasUser = typeof body.userLatitude === 'number' && typeof body.userLongitude === 'number';
  if ((body.userLatitude ?? null) !== null !== ((body.userLongitude ?? null) !== null)) throw badRequest('userLatitude and userLongitude go together');
  const hasAccount = account.latitude !== null && account.longitude !== null;
  const distance = hasUser && hasAccount
    ? Math.round(milesBetween({ latitude: body.userLatitude!, longitude: body.userLongitude! }, { latitude: account.latitude!, longitude: account.longitude! }) * 100) / 100
    : null;
  const verified = distance !== null && distance <= radius;
  const reason = cleanText(body.reasonNotVerified);
  if (!verified && !reason) {
    throw badRequest(
      !hasUser
        ? 'Your location is not available: give a reason the activity is not GPS verified (reasonNotVerified)'
        : !hasAccount
          ? 'The account has no location on file: give a reason the activity is not GPS verified (reasonNotVerified)'
          : `You are ${distance} miles from the account, more than the ${radius}-mile GPS verification radius: give a reason (reasonNotVerified)`,
    );
  }
  await inTransaction(call.db, async (client) => {
    await client.query(
      `INSERT INTO crm.gps_verification (activity_trans_id, account_type, account_id, user_latitude, user_longitude, distance_miles, radius_miles, is_verified, reason_not_verified, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (activity_trans_id) DO UPDATE SET user_latitude = EXCLUDED.user_latitude, user_longitude = EXCLUDED.user_longitude,
         distance_miles = EXCLUDED.distance_miles, radius_miles = EXCLUDED.radius_miles, is_verified = EXCLUDED.is_verified,
         reason_not_verified = EXCLUDED.reason_not_verified, created_at = now(), created_by = EXCLUDED.created_by`,
      [body.activityTransId, accountType, accountId, hasUser ? body.userLatitude : null, hasUser ? body.userLongitude : null, distance, radius, verified, verified ? null : reason, user.userMasterId],
    );
    await crmAudit(client, user, 'Activity', body.activityTransId, 'verify', { distanceMiles: distance, radiusMiles: radius, isVerified: verified, reasonNotVerified: verified ? null : reason });
  });
  return gpsVerification(call, body.activityTransId);
}

// ------------------------------------------------------------------------------ routes
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const call = (user: SessionUser) => crmCall(app.db, user, 'ActivityAccessRight');

  serve(app, activityExact, async (request) => exactActivity(await call(request.user), request.params.activityTransactionNumber));
  serve(app, activityList, async (request) => activities(await call(request.user), request.user, request.body));
  serve(app, activityKpi, async (request) => kpi(await call(request.user), request.body));
  serve(app, activityTypeList, async (request) => activityTypes(await call(request.user), request.body?.includeInactive === true));
  serve(app, activityGrouped, async (request) =>
    grouped(await call(request.user), request.params.groupBy as GroupBy, request.params.dateSlug, request.body),
  );
  serve(app, activityOrderQuote, async (request) => ordersAndQuotes(await call(request.user), request.body));
  serve(app, activityCreate, async (request) => createActivity(await call(request.user), request.user, request.body, request.query?.followupTransactionNumber));
  serve(app, activityUpdate, async (request, reply) =>
    answeringConflicts(reply, async () => updateActivity(await call(request.user), request.user, request.params.activityTransactionNumber, request.body)),
  );
  serve(app, activityDelete, async (request, reply) =>
    answeringConflicts(reply, async () => {
      await deleteActivity(await call(request.user), request.user, request.params.id, request.query?.version);
      return reply.code(204).send();
    }),
  );
  serve(app, gpsVerificationGet, async (request) => gpsVerification(await call(request.user), request.params.activityTransId));
  serve(app, gpsVerificationAdd, async (request) =>
    verifyGps(await call(request.user), request.user, request.params.accountType, request.params.accountId, request.body),
  );
}
