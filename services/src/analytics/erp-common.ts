/**
 * What the purchasing, accounting, inventory and account calls share: the caller's context and
 * the settings they honour (seed 000 §9: aging periods, dead-stock days, access rights …), the
 * aging buckets, and one grouped query with its own measures (key and name searched, any
 * column sorted, totals over every group, paged). Every SQL fragment passed in is trusted.
 */
import { DATE_WINDOW, isIsoDate, type ResolvedDateChoice } from '@tradeboard/shared/dates';
import { DEFAULT_SETTINGS, parseBoolean } from '@tradeboard/shared/user-settings';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import type { SessionUser } from '../platform/session.ts';
import { analyticsCache, analyticsToday, answerKey, type ResultCache } from './cache.ts';
import { analyticsQuery, groupName, namesAfterPage } from './engine.ts';
import { filteredAggregate, moneySum, orderModel, type NameSource } from './models.ts';
import { loadAnalyticsContext, scopePredicate, type AnalyticsContext } from './scope.ts';
import {
  askedSortDir,
  badRequest,
  filterPredicates,
  normalizeRequest,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  type FieldMap,
  type NormalizedRequest,
  type SearchRequest,
} from './search-request.ts';

/** A range covering every row, for lists and groupings that take no date choice: every date a caller may name. */
export const ALL_TIME = DATE_WINDOW;
/** The date column of a list whose rows have no date (reference data, stock): a constant inside ALL_TIME. */
export const UNDATED = "DATE '2000-01-01'";

export type ErpCall = { db: Db; context: AnalyticsContext; today: string; settings: Record<string, string> };

/**
 * The caller's data scope and today, with the effective values (role over organization over
 * default) of the settings named. With `right`, a user whose setting turns it off gets 403.
 */
export async function erpCall(db: Db, user: SessionUser, settingNames: readonly string[], right?: string): Promise<ErpCall> {
  const names = right ? [...settingNames, right] : [...settingNames];
  const [context, { rows }] = await Promise.all([
    loadAnalyticsContext(db, user.userMasterId),
    db.query<{ name: string; value: string | null }>({
      name: 'erp-call-settings',
      text: `SELECT n.name, coalesce(r.setting_value, g.setting_value, m.default_value) AS value
         FROM unnest($2::text[]) AS n(name)
         JOIN app.user_master u ON u.user_master_id = $1
         LEFT JOIN app.setting_master m ON m.setting_name = n.name
         LEFT JOIN app.setting_global g ON g.setting_master_id = m.setting_master_id AND g.customer_master_id = u.customer_master_id
         LEFT JOIN app.setting_role r ON r.setting_master_id = m.setting_master_id AND r.role_master_id = u.role_master_id`,
      values: [user.userMasterId, names],
    }),
  ]);
  const settings: Record<string, string> = {};
  for (const name of names) settings[name] = rows.find((r) => r.name === name)?.value ?? DEFAULT_SETTINGS[name] ?? '';
  if (right) requireRight(settings, right);
  return { db, context, today: analyticsToday(), settings };
}

/** 403 unless the access right setting `right` (among the settings read) is on. */
export function requireRight(settings: Record<string, string>, right: string): void {
  if (!parseBoolean(settings[right])) throw new HttpError(403, `Your role has no ${right}`);
}

const answerCaches = new WeakMap<Db, ResultCache>();

/** Gives the app's ERP data calls a result cache (see cachedAnswer). */
export function useAnswerCache(app: FastifyInstance): void {
  answerCaches.set(app.db, analyticsCache(app));
}

/**
 * `compute`'s answer to a request (its URL, with the path parameters and query, and its body)
 * for this call, from the result cache when it holds it: keyed like the analytics answers (the
 * caller's scope, today …) and on the settings the call read, for the data load it was computed
 * from. Only for answers read from the ERP data alone (and the call's own context).
 */
export function cachedAnswer<T>(call: ErpCall, request: { url: string; body?: unknown }, compute: (call: ErpCall) => Promise<T>): Promise<T> {
  const cache = answerCaches.get(call.db);
  if (!cache) return compute(call);
  return cache.get(call.context.dataVersion, answerKey([request.url, request.body ?? null, call.settings], call.context, call.today), () => compute(call));
}

/** A request answered through cachedAnswer: its caller, URL (path parameters and query) and body. */
export type AnswerRequest = { user: SessionUser; url: string; body?: unknown };

/**
 * Answers requests from the result cache (cachedAnswer) with the call `callOf` makes for the
 * request's user (its access rights checked first, on every request, hit or not).
 */
export function answerer(callOf: (user: SessionUser) => Promise<ErpCall>) {
  return async <T>(request: AnswerRequest, compute: (call: ErpCall) => Promise<T>): Promise<T> =>
    cachedAnswer(await callOf(request.user), request, compute);
}

/** The same call, reading every row: purchasing, payables and stock belong to no sales rep. */
export function companyWide(call: ErpCall): ErpCall {
  return { ...call, context: { ...call.context, scope: { all: true } } };
}

// ------------------------------------------------------------------------------ aging
export type AgingBucket = { label: string; fromDays: number | null; toDays: number | null };

/**
 * Aging buckets from the configured periods (e.g. 30/60/90/0; a 0 period is unused). On a due
 * date basis the first bucket is "Current" (not yet due) and the ages are days past due; on a
 * document date basis the ages are days since the document, from 0.
 */
export function agingBuckets(periods: readonly number[], pastDue: boolean): AgingBucket[] {
  const edges = periods.filter((p) => p > 0);
  for (let i = 1; i < edges.length; i++) {
    if (edges[i]! <= edges[i - 1]!) throw badRequest(`Aging periods must increase; got ${periods.join('/')}`);
  }
  const buckets: AgingBucket[] = pastDue ? [{ label: 'Current', fromDays: null, toDays: 0 }] : [];
  let from = pastDue ? 1 : 0;
  for (const edge of edges) {
    buckets.push({ label: `${from}-${edge}`, fromDays: from, toDays: edge });
    from = edge + 1;
  }
  buckets.push({ label: `Over ${from - 1}`, fromDays: from, toDays: null });
  return buckets;
}

/** The aging periods of the settings `${prefix}1`…`${prefix}4`. */
export function agingPeriods(settings: Record<string, string>, prefix: string): number[] {
  return [1, 2, 3, 4].map((i) => {
    const value = Number(settings[`${prefix}${i}`]);
    return Number.isInteger(value) && value >= 0 ? value : 0;
  });
}

/** A sum of money (moneySum or centsSum) per bucket, filtered, as columns b0, b1 … of an age expression in days. */
export function bucketMeasures(buckets: readonly AgingBucket[], age: string, sum: string): Record<string, string> {
  return Object.fromEntries(
    buckets.map((b, i) => {
      const conditions = [b.fromDays !== null ? `${age} >= ${b.fromDays}` : null, b.toDays !== null ? `${age} <= ${b.toDays}` : null].filter(Boolean);
      return [`b${i}`, filteredAggregate(sum, conditions.join(' AND '))];
    }),
  );
}

// ------------------------------------------------------------------------------ grouped
export type GroupKey = { key: string; names?: NameSource };

/** Dimension group-bys: API name → key column and where its display name comes from. */
export function groupKeyOf(groupBys: Readonly<Record<string, GroupKey>>, groupBy: string, what: string): GroupKey {
  const group = Object.entries(groupBys).find(([name]) => name.toLowerCase() === groupBy.toLowerCase());
  if (!group) throw badRequest(`Unknown groupBy '${groupBy}' for ${what}; expected one of ${Object.keys(groupBys).join(', ')}`);
  return group[1];
}

export type GroupedSpec = {
  from: string;
  /** Trusted predicates (parameters already in `params`). */
  where: string[];
  group: GroupKey;
  /** Output column (camelCase) → aggregate over the rows; each is also a sort key and a total. */
  measures: Readonly<Record<string, string>>;
  /** The rows are one per group already: the measures are plain expressions and nothing is grouped. */
  perGroup?: boolean;
  /** false when `from` groups rows an index gives in its groups' order (AnalyticsQueryOptions). */
  hashAggregates?: boolean;
  /** Whitelisted filter fields → text expressions over the rows. */
  filterFields: FieldMap;
  /** The rows' sales-rep column when the data is per rep (scoped), else null. */
  salesRepColumn: string | null;
  request: NormalizedRequest;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  params: SqlParams;
};

export type GroupedAnswer = { rows: Array<Record<string, unknown>>; totalCount: number; totals: Record<string, number> };

/** A money amount rounded to cents as a float (0 when null). */
export const round2 = (sql: string) => `round(coalesce(${sql}, 0), 2)::float8`;

/** Groups with their measures, searched on key and name, sorted, paged, with totals of every group. */
export async function groupedMeasures(call: ErpCall, spec: GroupedSpec): Promise<GroupedAnswer> {
  const { rows } = await analyticsQuery(call.db, groupedStatement(call, spec), spec.params.values, { hashAggregates: spec.hashAggregates });
  return groupedAnswer(rows, Object.keys(spec.measures));
}

/** groupedMeasures' statement, its parameters added to `spec.params`: rows that groupedAnswer reads. */
export function groupedStatement(call: ErpCall, spec: GroupedSpec): string {
  const { params, request } = spec;
  const where = [...spec.where];
  if (spec.salesRepColumn) {
    const scope = scopePredicate(call.context.scope, spec.salesRepColumn, params);
    if (scope) where.push(scope);
  }
  where.push(...filterPredicates(request.filters, spec.filterFields, params));
  const names = spec.group.names;
  const measures = Object.keys(spec.measures);
  const aggregates = measures.map((m) => `${spec.measures[m]} AS "${m}"`).join(', ');
  const search = searchPredicate(request.searchString, request.searchOperator, ['g.key', 'g.name'], params);
  const sortable: FieldMap = { key: 'g.key', name: 'g.name', ...Object.fromEntries(measures.map((m) => [m, `g."${m}"`])) };
  const order = orderByClause(request, sortable, spec.defaultSort, 'g.key ASC');
  const lateNames = namesAfterPage(request, spec.defaultSort.field);
  return `
    WITH a AS (SELECT ${spec.group.key} AS key, ${aggregates} FROM ${spec.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${spec.perGroup ? '' : 'GROUP BY 1'}),
         f AS (${lateNames ? 'SELECT * FROM a' : `SELECT * FROM (SELECT a.*, ${groupName(names, 'a')} AS name FROM a) g ${search ? `WHERE ${search}` : ''}`}),
         t AS (SELECT count(*)::int AS total_count, ${measures.map((m) => `${round2(`sum(g."${m}")`)} AS "t_${m}"`).join(', ')} FROM f g),
         p AS (SELECT g.* FROM f g ${order} ${pageClause(request, params)})
    SELECT t.*, g.key, ${lateNames ? groupName(names, 'g') : 'g.name'} AS name, ${measures.map((m) => `${round2(`g."${m}"`)} AS "${m}"`).join(', ')}
      FROM t LEFT JOIN p g ON true ${order}`;
}

/**
 * The answer of a grouped statement's rows: each the count (total_count), the totals (t_<measure>)
 * and one page row (key, name and the measures), or no page row (a null key) when the page is empty.
 */
export function groupedAnswer(rows: Array<Record<string, unknown>>, measures: readonly string[]): GroupedAnswer {
  const first = rows[0]!;
  return {
    rows: rows
      .filter((row) => row.key !== null)
      .map((row) => Object.fromEntries(['key', 'name', ...measures].map((c) => [c, c === 'key' || c === 'name' ? String(row[c]) : Number(row[c])]))),
    totalCount: Number(first.total_count),
    totals: Object.fromEntries(measures.map((m) => [m, Number(first[`t_${m}`])])),
  };
}

/** Rows with bucket columns b0… folded into `buckets: number[]`. */
export function foldBuckets<R extends Record<string, unknown>>(row: R, count: number): Omit<R, `b${number}`> & { buckets: number[] } {
  const rest: Record<string, unknown> = { ...row };
  const buckets = Array.from({ length: count }, (_, i) => {
    const value = Number(rest[`b${i}`] ?? 0);
    delete rest[`b${i}`];
    return value;
  });
  return { ...(rest as Omit<R, `b${number}`>), buckets };
}

// ------------------------------------------------------------------------------ names, dates
const SUPPLIER_NAMES: NameSource = { table: 'erp.supplier', key: 'supplier', name: 'supplier_name' };
const ORDER_GROUP_BYS = orderModel(false).groupBys;

/** Where a dimension's display name comes from (the analytics models' sources, and suppliers). */
export function namesOf(field: string): NameSource | undefined {
  if (field === 'supplier') return SUPPLIER_NAMES;
  const group = own(ORDER_GROUP_BYS, field);
  return group?.kind === 'dim' ? group.names : undefined;
}

/** Whether a rollup answers a request: it is current (built from the latest load) and keeps every field the filters name. */
export function rollupKeeps(call: Pick<ErpCall, 'context'>, fields: readonly string[], kept: FieldMap): boolean {
  return call.context.rollupsReady && fields.every((field) => Object.hasOwn(kept, field));
}

/**
 * A list's count (and totals) from a rollup (alias r) that keeps the sales rep, for listQuery's
 * `counts`: when the rollup is current and the request neither searches nor filters on a field it
 * does not keep; otherwise undefined, and the list's rows answer them.
 */
export function rollupCounts(
  call: Pick<ErpCall, 'context'>,
  request: NormalizedRequest,
  rollup: { table: string; fields: FieldMap; select: string; where?: (params: SqlParams) => string },
): { text: string; values: unknown[] } | undefined {
  if (request.searchString || !rollupKeeps(call, request.filters.map((filter) => filter.field), rollup.fields)) return undefined;
  const params = new SqlParams();
  const where = rollup.where ? [rollup.where(params)] : [];
  const scope = scopePredicate(call.context.scope, 'r.sales_rep', params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(request.filters, rollup.fields, params));
  return { text: `SELECT ${rollup.select} FROM ${rollup.table} r ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, values: params.values };
}

/** A dimension group-by on a column, named like the analytics models name it. */
export const dimension = (field: string, column: string): GroupKey => ({ key: column, names: namesOf(field) });

/** Today as a trusted SQL date literal (it comes from analyticsToday, checked to be yyyy-mm-dd). */
export function todaySql(call: ErpCall): string {
  if (!isIsoDate(call.today)) throw new Error(`today is not a date: ${call.today}`);
  return `'${call.today}'::date`;
}

export type AgingSpec = {
  what: string;
  from: string;
  where?: string[];
  groupBys: Readonly<Record<string, GroupKey>>;
  filterFields: FieldMap;
  salesRepColumn: string | null;
  /** The open amount, the due date and the date the age counts from (trusted expressions). */
  amount: string;
  dueDate: string;
  ageFrom: string;
  basis: string;
  buckets: readonly AgingBucket[];
  /**
   * Rollups of the ledger for one group-by's default page (AgingRollups): with them, a request of
   * every sales rep's documents, with no filter or search, sorted by balance largest first, ages
   * only the page's groups.
   */
  rollups?: AgingRollups;
};

/**
 * A ledger's balance per group of one group-by (`table`, with the group's `key` column and
 * `balance`, indexed by balance descending and key), and its documents' balance and count by
 * every date the amount, due date and age columns name (`dates`, read as alias o with the
 * ledger's column names and `document_count`).
 */
export type AgingRollups = { groupBy: string; table: string; key: string; dates: string };

const AGING_SORT = { field: 'balance', dir: 'desc' } as const;

/** The aging measures of rows whose documents `count` counts (count(*) of documents, a sum of counts of rollup rows). */
function agingMeasures(spec: AgingSpec, today: string, count: string): Record<string, string> {
  return {
    balance: moneySum(spec.amount),
    pastDue: filteredAggregate(moneySum(spec.amount), `${spec.dueDate} < ${today}`),
    documentCount: count,
    ...bucketMeasures(spec.buckets, `(${today} - ${spec.ageFrom})`, moneySum(spec.amount)),
  };
}

/**
 * The default page of the rollups' group-by (AgingSpec.rollups): the page's groups from the index
 * by balance, only their documents aged, the count of the groups, and the totals from the rollup
 * by dates. Null when the request is not one it answers.
 */
async function rankedAging(call: ErpCall, spec: AgingSpec, groupBy: string, request: NormalizedRequest): Promise<GroupedAnswer | null> {
  const rollups = spec.rollups;
  if (!rollups || rollups.groupBy.toLowerCase() !== groupBy.toLowerCase() || !call.context.rollupsReady || !call.context.scope.all) return null;
  if (spec.where?.length || request.filters.length || request.searchString) return null;
  const sortBy = (request.sortBy ?? AGING_SORT.field).toLowerCase();
  if (sortBy !== AGING_SORT.field || askedSortDir(request, AGING_SORT.dir) !== AGING_SORT.dir) return null;
  const group = groupKeyOf(spec.groupBys, groupBy, spec.what);
  const today = todaySql(call);
  const page = agingMeasures(spec, today, 'count(*)');
  const totals = agingMeasures(spec, today, 'sum(o.document_count)');
  const measures = Object.keys(page);
  const params = new SqlParams();
  const { rows } = await analyticsQuery(
    call.db,
    `WITH k AS (SELECT r.${rollups.key} AS key FROM ${rollups.table} r ORDER BY r.balance DESC, r.${rollups.key} ${pageClause(request, params)}),
          a AS (SELECT ${group.key} AS key, ${measures.map((m) => `${page[m]} AS "${m}"`).join(', ')}
                  FROM ${spec.from} WHERE ${group.key} IN (SELECT key FROM k) GROUP BY 1),
          t AS (SELECT (SELECT count(*) FROM ${rollups.table})::int AS total_count, ${measures.map((m) => `${round2(totals[m]!)} AS "t_${m}"`).join(', ')}
                  FROM ${rollups.dates} o)
     SELECT t.*, g.key, ${groupName(group.names, 'g')} AS name, ${measures.map((m) => `${round2(`g."${m}"`)} AS "${m}"`).join(', ')}
       FROM t LEFT JOIN a g ON true ORDER BY g."balance" DESC, g.key`,
    params.values,
  );
  return groupedAnswer(rows, measures);
}

/** Open amounts per group: balance, past due, documents, and the balance per aging bucket. */
export async function agingGrouped(call: ErpCall, spec: AgingSpec, groupBy: string, body: SearchRequest | undefined) {
  const request = normalizeRequest(body);
  const result =
    (await rankedAging(call, spec, groupBy, request)) ??
    (await groupedMeasures(call, {
      from: spec.from,
      where: spec.where ?? [],
      group: groupKeyOf(spec.groupBys, groupBy, spec.what),
      measures: agingMeasures(spec, todaySql(call), 'count(*)'),
      filterFields: spec.filterFields,
      salesRepColumn: spec.salesRepColumn,
      request,
      defaultSort: AGING_SORT,
      params: new SqlParams(),
    }));
  return {
    groupBy,
    agingBasis: spec.basis,
    asOf: call.today,
    agingBuckets: [...spec.buckets],
    ...pageOf(request, result.totalCount),
    totals: foldBuckets(result.totals, spec.buckets.length) as never,
    rows: result.rows.map((row) => foldBuckets(row, spec.buckets.length)) as never,
  };
}

export function pageOf(request: NormalizedRequest, totalCount: number) {
  return { pageNumber: request.pageNumber, pageSize: request.pageSize, totalCount };
}

/** A grouped call's answer for a date choice: its period, paging, totals and rows, each with derived columns. */
export function periodGroupedAnswer(
  groupBy: string,
  dateSlug: string,
  period: ResolvedDateChoice,
  request: NormalizedRequest,
  result: GroupedAnswer,
  derive: (row: Record<string, unknown>) => Record<string, unknown> = (row) => row,
) {
  return {
    groupBy,
    dateSlug,
    label: period.label,
    from: period.from,
    to: period.to,
    ...pageOf(request, result.totalCount),
    totals: derive(result.totals) as never,
    rows: result.rows.map(derive) as never,
  };
}
