/**
 * Turns an analytics question (model, group-by, date buckets, search request) into one
 * parameterised SQL statement on the cheapest source that can answer it exactly: a rollup when
 * it keeps every dimension asked for and its grain fits the dates, else the raw lines.
 */
import { addMonths, endOfMonth, startOfMonth, yearEarlier, type DateRange } from '@tradeboard/shared/dates';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import { isRecentMonth, monthParts } from './month-parts.ts';
import { filteredAggregate, type Grain, type Measure, type Model, type NameSource, type Source } from './models.ts';
import type { AnalyticsContext } from './scope.ts';
import { scopePredicate, scopeRepPredicate } from './scope.ts';
import {
  askedSortDir,
  badRequest,
  checkFilterFields,
  dateBetween,
  filterPredicates,
  lookupField,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  textMatcher,
  type FieldMap,
  type NormalizedRequest,
  type TextMatch,
} from './search-request.ts';

export type Bucket = { id: string; range: DateRange };

/** How long one analytics statement may run before it is cancelled. */
export const ANALYTICS_STATEMENT_TIMEOUT_MS = 30_000;
/**
 * The planner's price of starting parallel workers (PostgreSQL's default is 1000): starting them
 * costs tens of milliseconds here, more than a rollup read takes alone (PurchaseOrder/Summary's
 * 37,000 rollup rows: 70 ms with two workers, 22 ms without), so only scans of the raw lines,
 * whose cost runs to the hundreds of thousands, go parallel.
 */
const PARALLEL_SETUP_COST = 10_000;
/** PostgreSQL's query_canceled: the statement timeout fired. */
const QUERY_CANCELED = '57014';

export type AnalyticsQueryOptions = {
  /** How long each statement may run; ANALYTICS_STATEMENT_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /**
   * false when the statements group rows that an index gives in the groups' order: the planner
   * prices a hash table of every group below summing each group as the index is read, which is
   * the faster of the two when the groups number in the tens of thousands.
   */
  hashAggregates?: boolean;
};

/**
 * Runs one analytics statement in a read-only transaction with enough work_mem for its hash
 * aggregates (at the default 4MB a 100k-group aggregate spills to a sort and takes 3× longer)
 * and a statement timeout, leaving the connection's settings as they were. A statement that runs
 * out of time is a 503 that says so and what to do, not an unexplained 500.
 */
export async function analyticsQuery(db: Db, text: string, values: unknown[], options: AnalyticsQueryOptions = {}): Promise<{ rows: any[] }> {
  const [result] = await analyticsQueries(db, [{ text, values }], options);
  return result!;
}

/**
 * Several analytics statements in one read-only transaction on one snapshot (repeatable read),
 * so they answer from the same data; each statement gets the timeout. `when` skips a statement
 * (its result is null) unless it returns true for the results before it.
 */
export async function analyticsQueries(
  db: Db,
  statements: ReadonlyArray<{ text: string; values: unknown[]; when?: (before: ReadonlyArray<{ rows: any[] } | null>) => boolean }>,
  { timeoutMs = ANALYTICS_STATEMENT_TIMEOUT_MS, hashAggregates = true }: AnalyticsQueryOptions = {},
): Promise<Array<{ rows: any[] } | null>> {
  const client = await db.connect();
  try {
    await client.query(
      `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL work_mem = '64MB'; SET LOCAL parallel_setup_cost = ${PARALLEL_SETUP_COST}; SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}${hashAggregates ? '' : '; SET LOCAL enable_hashagg = off'}`,
    );
    const results: Array<{ rows: any[] } | null> = [];
    for (const statement of statements) {
      results.push(statement.when && !statement.when(results) ? null : await client.query(statement.text, statement.values));
    }
    await client.query('COMMIT');
    return results;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: string }).code === QUERY_CANCELED) {
      throw new HttpError(503, `This question took longer than ${Math.round(timeoutMs / 1000)} s to answer. Narrow it with a filter, a search or a shorter period, and try again.`);
    }
    throw error;
  } finally {
    client.release();
  }
}

type Statement = { text: string; values: unknown[] };

/**
 * A page of a list and the whole list's row count, on one snapshot: the page by its order and
 * limit (an index in that order gives it without reading the rest), then the count on its own —
 * skipped when a first page is not full. A window count (count(*) OVER ()) beside the page would
 * read and sort every row of the list for a page of 15.
 */
export async function countedPage(db: Db, page: Statement, count: Statement, request: { pageNumber: number; pageSize: number }): Promise<{ rows: any[]; totalCount: number }> {
  const [rows, counted] = await analyticsQueries(db, [
    page,
    { ...count, when: ([first]) => !(request.pageNumber === 1 && first!.rows.length < request.pageSize) },
  ]);
  return { rows: rows!.rows, totalCount: counted ? Number(counted.rows[0]?.n ?? 0) : rows!.rows.length };
}

const GRAIN_RANK: Record<Grain, number> = { day: 0, month: 1, year: 2 };

const startOfYear = (date: string) => `${date.slice(0, 4)}-01-01`;
const endOfYear = (date: string) => `${date.slice(0, 4)}-12-31`;
/** The first day of the grain's period a date falls in (the date itself for a day). */
const periodStart = (grain: Grain, date: string) => (grain === 'month' ? startOfMonth(date) : grain === 'year' ? startOfYear(date) : date);

/** Whether a month or year source covers a range exactly: whole periods, or running to the end of the data. */
function aligned(range: DateRange, source: Source, dataThrough: string | null): boolean {
  if (source.trailingMonths) return windowMonth(source, range, dataThrough) !== null;
  if (source.grain === 'day') return true;
  const start = source.grain === 'month' ? startOfMonth : startOfYear;
  const end = source.grain === 'month' ? endOfMonth : endOfYear;
  if (range.from !== start(range.from)) return false;
  return range.to === end(range.to) || (dataThrough !== null && range.to >= dataThrough);
}

/**
 * The last month (its first day) of a trailing source's window that is exactly the range: whole
 * months, the last of them whole or running to the end of the data, as many as the window holds,
 * through one of the data's last months, whose windows the source keeps (isRecentMonth). Null for
 * any other range.
 */
function windowMonth(source: Source, range: DateRange, dataThrough: string | null): string | null {
  if (dataThrough === null) return null;
  const last = startOfMonth(range.to);
  const whole = range.to === endOfMonth(range.to) || range.to >= dataThrough;
  return isRecentMonth(last, dataThrough) && whole && range.from === addMonths(last, 1 - source.trailingMonths!) ? last : null;
}

/** The date column's value of the one period of the source that is the range, or null when the range is not one period. */
function periodKey(source: Source, range: DateRange, dataThrough: string | null): string | null {
  if (source.trailingMonths) return windowMonth(source, range, dataThrough);
  const from = periodStart(source.grain, range.from);
  return from === periodStart(source.grain, range.to) ? from : null;
}

/** What a question needs of a source: its dimensions, whether a user's scope narrows it, its periods, grain and measures. */
type Need = { dims: readonly string[]; scoped: boolean; buckets: readonly Bucket[]; grain: Grain; measures: readonly Measure[] };

/** Whether a source keeps the dimensions, grain and measures a question needs (its dates aside). */
function keeps(source: Source, context: Pick<AnalyticsContext, 'rollupsReady'>, need: Omit<Need, 'buckets'>): boolean {
  if (source.rollup && !context.rollupsReady) return false;
  // A scoped question reads a source with the sales rep or one kept per user scope, which answers only those.
  if (need.scoped ? !('salesRep' in source.dims) && !source.scopeColumn : source.scopeColumn) return false;
  // A trailing window's row holds several months: it answers only a question with no time key.
  if (source.trailingMonths && need.grain !== 'year') return false;
  return need.dims.every((d) => d in source.dims) && need.measures.every((m) => m in source.measures) && GRAIN_RANK[source.grain] <= GRAIN_RANK[need.grain];
}

/** The first source (rollups first) that keeps the dimensions, grain and measures the question needs. */
export function pickSource(model: Model, context: Pick<AnalyticsContext, 'rollupsReady' | 'dataThrough'>, need: Need): Source {
  const source = model.sources.find(
    (s) => keeps(s, context, need) && need.buckets.every((b) => aligned(b.range, s, context.dataThrough)),
  );
  if (!source) throw new Error(`No source of ${model.name} answers this question`);
  return source;
}

/**
 * For a question only the raw lines (or a day rollup as large, wholeMonthsElsewhere) answer
 * whole, a month rollup that keeps what it needs and the buckets' parts: their whole months from
 * the rollup, their partial edges from the lines (or the day rollup). Null when a bucket has no
 * whole month (it reads as many rows either way, and summing the two parts' groups again costs
 * more than the rollup saves: 10M, this month by customer against the same days last year, from
 * the lines, 450 → 620 ms), or no month rollup keeps the question.
 */
function monthsAndEdges(model: Model, context: Pick<AnalyticsContext, 'rollupsReady' | 'dataThrough'>, need: Need) {
  const months = model.sources.find((s) => s.grain === 'month' && !s.trailingMonths && keeps(s, context, need));
  if (!months) return null;
  const parts = need.buckets.map((b) => monthParts(b.range, context.dataThrough));
  return parts.every((p) => p.months) ? { months, parts } : null;
}

/** The source's rows in the range; one period as an equality, so an index led by the date gives its rows in the order of the columns after it. */
function rangePredicate(source: Source, range: DateRange, dataThrough: string | null, params: SqlParams): string {
  const period = periodKey(source, range, dataThrough);
  return period ? `${source.dateColumn} = ${params.add(period)}::date` : dateBetween(source.dateColumn, { from: range.from, to: periodStart(source.grain, range.to) }, params);
}

export type AggregateSpec = {
  model: Model;
  context: AnalyticsContext;
  groupBy: string | null;
  buckets: readonly Bucket[];
  filters: NormalizedRequest['filters'];
  measures: readonly Measure[];
  /** Override the group key with a trusted expression of the source's date column (year-over-year). */
  timeKey?: (dateSql: string) => string;
  /** A trusted predicate on the group key's column, added to the WHERE (the groups of a page). */
  restrict?: (keySql: string) => string;
};

/**
 * `SELECT key, <bucket>_<measure>… FROM source WHERE … GROUP BY key` (no key without a group-by),
 * scoped to the user and filtered. Returns the SQL, the source used and its WHERE's conditions
 * (without `restrict`; null when the months and edges of two sources answer), with their
 * parameters added to `params`.
 */
export function aggregateQuery(spec: AggregateSpec, params: SqlParams): { sql: string; source: Source; where: string | null } {
  const { model, context } = spec;
  const group = spec.groupBy === null ? null : own(model.groupBys, spec.groupBy);
  if (spec.groupBy !== null && !group) {
    throw badRequest(`Unknown groupBy '${spec.groupBy}' for ${model.name.split('/')[0]}; expected one of ${Object.keys(model.groupBys).join(', ')}`);
  }
  const filterFields = checkFilterFields(spec.filters, model.filterFields);
  const need: Need = {
    dims: [...new Set([...filterFields, ...(group?.kind === 'dim' ? [group.field] : [])])],
    scoped: !context.scope.all,
    buckets: spec.buckets,
    // Year over year keys by month of year; otherwise a time group-by needs its own grain.
    grain: spec.timeKey ? 'month' : group?.kind === 'time' ? group.grain : 'year',
    measures: spec.measures,
  };
  const source = pickSource(model, context, need);
  const keyOf = (s: Source) => (spec.timeKey ? spec.timeKey(s.dateColumn) : group?.kind === 'dim' ? s.dims[group.field]! : group?.kind === 'time' ? group.key(s.dateColumn) : null);
  const split = source.rollup && !source.wholeMonthsElsewhere ? null : monthsAndEdges(model, context, need);
  if (!split) {
    const one = sourceAggregate(spec, source, keyOf(source), spec.buckets.map((b) => [b.range]), params);
    return { sql: one.sql, source, where: one.where };
  }
  // Each bucket's whole months from the month rollup and its edges from the lines, summed per key.
  const parts = [
    sourceAggregate(spec, split.months, keyOf(split.months), split.parts.map((p) => [p.months!]), params),
    sourceAggregate(spec, source, keyOf(source), split.parts.map((p) => p.edges), params),
  ].filter((part) => part.ranges > 0);
  const sums = spec.buckets.flatMap((b) => spec.measures.map((m) => `sum(u.${b.id}_${m}) AS ${b.id}_${m}`)).join(', ');
  const union = parts.map((part) => part.sql).join(' UNION ALL ');
  const hasKey = keyOf(source) !== null;
  return {
    sql: `SELECT ${hasKey ? 'u.key, ' : ''}${sums} FROM (${union}) u${hasKey ? ' GROUP BY 1' : ''}`,
    source: { ...source, name: `${split.months.name}+${source.name}` },
    where: null,
  };
}

/**
 * `SELECT key, <bucket>_<measure>… FROM source WHERE … GROUP BY key` (no key without a group-by)
 * over each bucket's ranges (none: its columns are null), scoped to the user and filtered.
 */
function sourceAggregate(spec: AggregateSpec, source: Source, key: string | null, ranges: ReadonlyArray<readonly DateRange[]>, params: SqlParams) {
  const where: string[] = [];
  if (source.where) where.push(source.where);
  // A scoped question's source keeps the sales rep, or is kept per user scope (keeps).
  const scope = source.scopeColumn ? scopeRepPredicate(spec.context.scope, source.scopeColumn, params) : scopePredicate(spec.context.scope, source.dims.salesRep!, params);
  if (scope) where.push(scope);
  where.push(...filterPredicates(spec.filters, source.dims, params));
  const bucketConds = ranges.map((list) => (list.length ? `(${list.map((range) => rangePredicate(source, range, spec.context.dataThrough, params)).join(' OR ')})` : null));
  const conds = bucketConds.filter((c): c is string => c !== null);
  const single = spec.buckets.length === 1 && conds.length === 1;
  where.push(single ? conds[0]! : `(${conds.join(' OR ') || 'false'})`);
  const columns = spec.buckets.flatMap((bucket, i) =>
    spec.measures.map((measure) => {
      const aggregate = source.measures[measure]!;
      const cond = bucketConds[i];
      return `${cond === null ? 'NULL::numeric' : single ? aggregate : filteredAggregate(aggregate, cond)} AS ${bucket.id}_${measure}`;
    }),
  );
  const conditions = where.join(' AND ');
  const restricted = key && spec.restrict ? `${conditions} AND ${spec.restrict(key)}` : conditions;
  const sql = key
    ? `SELECT ${key} AS key, ${columns.join(', ')} FROM ${source.table} WHERE ${restricted} GROUP BY 1`
    : `SELECT ${columns.join(', ')} FROM ${source.table} WHERE ${conditions}`;
  return { sql, where: conditions, ranges: conds.length };
}

export type GroupRow = {
  key: string;
  name: string;
  sales: number;
  cost: number;
  grossProfit: number;
  grossProfitPercent: number | null;
  lineCount: number;
  rank?: number;
  percentOfTotal?: number | null;
};

export type Totals = { sales: number; cost: number; grossProfit: number; grossProfitPercent: number | null; lineCount: number };

export type PagedResult<R> = { rows: R[]; totalCount: number; totals: Totals; source: string; extraTotals?: Record<string, unknown> };

/** A group's display name: the name its names table gives its key (`alias.key`), else the key. */
export function groupName(names: NameSource | undefined, alias: string): string {
  return names ? `coalesce((SELECT min(t.${names.name}) FROM ${names.table} t WHERE t.${names.key} = ${alias}.key), ${alias}.key)` : `${alias}.key`;
}

/** Whether group names can wait for the page's rows: neither the search nor the sort needs every group's name. */
export function namesAfterPage(request: Pick<NormalizedRequest, 'searchString' | 'sortBy'>, fallbackField: string): boolean {
  return !request.searchString && (request.sortBy ?? fallbackField).toLowerCase() !== 'name';
}

/** Sort keys over the aggregate's own columns (alias g), so the page is cut before anything is derived. */
const GROUP_SORTABLE: FieldMap = {
  key: 'g.key',
  name: 'g.name',
  sales: 'coalesce(g.c_sales, 0)',
  cost: 'coalesce(g.c_cost, 0)',
  grossProfit: 'coalesce(g.c_sales - g.c_cost, 0)',
  grossProfitPercent: '((g.c_sales - g.c_cost) / nullif(g.c_sales, 0))',
  lineCount: 'coalesce(g.c_lines, 0)',
  rank: 'g.rank',
  percentOfTotal: 'coalesce(g.c_sales, 0)',
};

/**
 * The outer query over the aggregate: search, sort and paging on the aggregate's own columns,
 * then the derived columns (rounding, gross profit, percentages) and display names for the
 * page's rows only, with the totals of every matching group. When neither the search nor the
 * sort needs the name, only the page's rows are named (an index probe each). Always answers at
 * least one row (the totals); a row whose key is null means an empty page.
 */
function pagedOuterQuery(spec: {
  model: Model;
  groupBy: string | null;
  aggregateSql: string;
  /** Window columns over every group (e.g. rank), written over alias g. */
  windows?: string;
  /** The page's output columns, written over alias g (without key and name). */
  columns: string;
  /** Totals over every matching group, written as aggregates over alias g. */
  totals?: string;
  request: NormalizedRequest;
  sortable: FieldMap;
  fallback: { field: string; dir: 'asc' | 'desc' };
  params: SqlParams;
}): string {
  const group = spec.groupBy === null ? undefined : own(spec.model.groupBys, spec.groupBy);
  const names = group?.kind === 'dim' ? group.names : undefined;
  const lateNames = namesAfterPage(spec.request, spec.fallback.field);
  const stages = [`a AS (${spec.aggregateSql})`];
  // w: every group, with window columns and (when the search or sort needs it) its name.
  if (lateNames) {
    stages.push(`w AS (SELECT g.*${spec.windows ? `, ${spec.windows}` : ''} FROM a g)`);
  } else {
    const join = names ? `LEFT JOIN (SELECT ${names.key} AS key, min(${names.name}) AS name FROM ${names.table} GROUP BY 1) nm ON nm.key = g.key` : '';
    const search = searchPredicate(spec.request.searchString, spec.request.searchOperator, ['g.key', 'g.name'], spec.params);
    stages.push(`n AS (SELECT g.*, ${names ? 'coalesce(nm.name, g.key)' : 'g.key'} AS name${spec.windows ? `, ${spec.windows}` : ''} FROM a g ${join})`);
    stages.push(`w AS (SELECT * FROM n g ${search ? `WHERE ${search}` : ''})`);
  }
  const order = orderByClause(spec.request, spec.sortable, spec.fallback, 'g.key ASC');
  stages.push(`t AS (SELECT count(*)::int AS total_count${spec.totals ? `, ${spec.totals}` : ''} FROM w g)`);
  stages.push(`p AS (SELECT g.* FROM w g ${order} ${pageClause(spec.request, spec.params)})`);
  return `
    WITH ${stages.join(',\n    ')}
    SELECT t.*, g.key, ${lateNames ? groupName(names, 'g') : 'g.name'} AS name, ${spec.columns}
      FROM t LEFT JOIN p g ON true
     ${order}`;
}

function defaultSort(model: Model, groupBy: string): { field: string; dir: 'asc' | 'desc' } {
  return own(model.groupBys, groupBy)?.kind === 'time' ? { field: 'key', dir: 'asc' } : { field: 'sales', dir: 'desc' };
}

/** One extra measure of a grouped call: its page column, sort key and total (over alias g, bucket c). */
export type ExtraMeasure = { measure: Measure; column: string; sortable: FieldMap; total?: string };

/** Sort fields a `ranked` source's index may give in order: field → the bucket and measure it sorts by. */
export type RankedSorts = Readonly<Record<string, { bucket: Bucket; measure: Measure }>>;

/** A page read from a ranked source's index: the source, its index column, the sort's bucket and that bucket's period. */
type RankedPage = { source: Source; column: string; bucket: Bucket; period: string };

/**
 * How a `ranked` source's index gives a question's page in order: the question is grouped by a
 * dimension, not searched, and sorted most first by a measure of a bucket whose own source
 * (`sourceOf`, the source of that bucket's aggregate alone) is ranked on that dimension and
 * measure, with the bucket one of its periods (a rank also needs its sales index). Null for any
 * other question.
 */
function rankedSort(
  sourceOf: (bucket: Bucket) => Source,
  spec: { model: Model; context: Pick<AnalyticsContext, 'dataThrough'>; groupBy: string; request: NormalizedRequest; rank?: boolean },
  sortable: FieldMap,
  fallback: { field: string; dir: 'asc' | 'desc' },
  sorts: RankedSorts,
): RankedPage | null {
  const group = own(spec.model.groupBys, spec.groupBy);
  if (group?.kind !== 'dim' || spec.request.searchString) return null;
  const field = lookupField(sortable, spec.request.sortBy ?? fallback.field);
  const sort = field && askedSortDir(spec.request, fallback.dir) === 'desc' ? sorts[field.name] : undefined;
  if (!sort) return null;
  const source = sourceOf(sort.bucket);
  const ranked = source.ranked;
  if (!ranked || group.field !== ranked.dim || (spec.rank && !ranked.columns.sales)) return null;
  const column = ranked.columns[sort.measure];
  const period = column ? periodKey(source, sort.bucket.range, spec.context.dataThrough) : null;
  return column && period ? { source, column, bucket: sort.bucket, period } : null;
}

/** The aggregate of a question's buckets (or of the buckets given) grouped by `groupBy` (null: ungrouped), restricted as given. */
type BucketAggregate = (
  groupBy: string | null,
  options?: { restrict?: AggregateSpec['restrict']; buckets?: readonly Bucket[] },
) => { sql: string; source: Source; where: string | null };

/** A question's BucketAggregate, its parameters added to `params`. */
function bucketAggregate(question: Omit<AggregateSpec, 'groupBy' | 'restrict'>, params: SqlParams): BucketAggregate {
  return (groupBy, options = {}) => aggregateQuery({ ...question, groupBy, restrict: options.restrict, buckets: options.buckets ?? question.buckets }, params);
}

/**
 * A grouped question's page from a `ranked` source (see rankedSort): the page's keys are the
 * first entries of the index in the sort's order and only their groups are summed, from the
 * source that answers every bucket (the ranked one, or the one of a question whose other buckets
 * it does not keep). The count is the sort period's summary row when the question has no filter
 * and that one period; unfiltered, the ranked source's `next` rows for a run of its periods, or
 * its `monthToDate` rows for a month to a day against the same days a year before; else the
 * number of keys with a matching row of the source that answers every bucket (groupCount). The
 * totals (over the sort's bucket, alias g with columns c_<measure>) come from the summary row, or
 * with a filter from the cheapest source that answers them ungrouped. The answer has the shape of
 * pagedOuterQuery's. With several buckets, a key without a row in the sort's period sorts as a 0,
 * so the keys are those with more than 0 and the page is right only when it is full of them
 * (`rankedPageFits`).
 */
function rankedPageQuery(spec: {
  context: AnalyticsContext;
  sort: RankedPage;
  buckets: readonly Bucket[];
  aggregate: BucketAggregate;
  measures: readonly Measure[];
  model: Model;
  groupBy: string;
  rank: boolean;
  columns: string;
  totals: string | null;
  request: NormalizedRequest;
  sortable: FieldMap;
  fallback: { field: string; dir: 'asc' | 'desc' };
  params: SqlParams;
}): string {
  const { sort } = spec;
  const ranked = sort.source.ranked!;
  // The sort's bucket alone is one period of the ranked source, a rollup that answers it with one WHERE.
  const inPeriod = spec.aggregate(spec.groupBy, { buckets: [sort.bucket] }).where!;
  const page = spec.aggregate(spec.groupBy, { restrict: (keySql) => `${keySql} IN (SELECT key FROM k)` });
  const summed = spec.totals ? `, ${spec.totals}` : '';
  const single = spec.buckets.length === 1;
  const unfiltered = !spec.request.filters.length;
  const alone = page.source.name === sort.source.name;
  const run = unfiltered && alone && !single && ranked.next ? periodRun(sort.source, spec.buckets.map((b) => periodKey(sort.source, b.range, spec.context.dataThrough))) : null;
  const next = `next_${sort.source.dateColumn}`;
  const toDay = unfiltered && ranked.monthToDate ? monthToDate(spec.buckets) : null;
  // Unfiltered, one period's WHERE holds only the period (an unscoped question), which the summary has too.
  const totals =
    single && unfiltered
      ? `SELECT coalesce(sum(g.groups), 0)::int AS total_count${summed}
           FROM (SELECT sum(groups) AS groups, ${spec.measures.map((m) => `${sort.source.measures[m]} AS c_${m}`).join(', ')} FROM ${ranked.summary} WHERE ${inPeriod}) g`
      : run
        ? // Each key once, at its last period of the run.
          `SELECT coalesce(sum(groups), 0)::int AS total_count FROM ${ranked.next}
            WHERE ${sort.source.dateColumn} BETWEEN ${spec.params.add(run.first)}::date AND ${spec.params.add(run.last)}::date AND (${next} IS NULL OR ${next} > ${spec.params.add(run.last)}::date)`
        : toDay
          ? // Each key once, at its first day of the month in either year.
            `SELECT coalesce(sum(groups), 0)::int AS total_count FROM ${ranked.monthToDate}
              WHERE month = ${spec.params.add(toDay.month)}::date AND first_day <= ${spec.params.add(toDay.day)}::int`
          : `SELECT ${groupCount(spec, ranked.dim, page)} AS total_count${summed}${spec.totals ? ` FROM (${spec.aggregate(null).sql}) g` : ''}`;
  // rank() over every group by sales: one more than the groups with more sales, counted on the index.
  const rank = spec.rank
    ? `, 1 + (SELECT count(*) FROM ${sort.source.table} WHERE ${inPeriod} AND ${ranked.columns.sales} > g.${sort.bucket.id}_sales)::int AS rank, (SELECT t_sales FROM t) AS all_sales`
    : '';
  const group = own(spec.model.groupBys, spec.groupBy);
  const order = orderByClause(spec.request, spec.sortable, spec.fallback, 'g.key ASC');
  return `
    WITH k AS (${keysInOrder(sort, inPeriod, !single, spec.request, spec.params)}),
         t AS (${totals}),
         p AS (SELECT g.*${rank} FROM (${page.sql}) g)
    SELECT t.*, g.key, ${groupName(group?.kind === 'dim' ? group.names : undefined, 'g')} AS name, ${spec.columns}
      FROM t LEFT JOIN p g ON true
     ${order}`;
}

/** The page's keys in a ranked source's index order within the sort's period (`inPeriod`), only those with more than 0 when `positive`. */
function keysInOrder(sort: RankedPage, inPeriod: string, positive: boolean, request: NormalizedRequest, params: SqlParams): string {
  const key = sort.source.dims[sort.source.ranked!.dim]!;
  return `SELECT ${key} AS key FROM ${sort.source.table} WHERE ${inPeriod}${positive ? ` AND ${sort.column} > 0` : ''} ORDER BY ${sort.column} DESC, ${key} ${pageClause(request, params)}`;
}

/**
 * A grouped question's page keys, in order, from a ranked source's index (rankedSort, the sort's
 * bucket alone from the source that answers it): a statement of the keys with more than 0 in the
 * sort's bucket, with its parameters added to `params`, or null when no ranked source gives the
 * sort. For callers that sum the page's groups themselves; their page is right when it
 * `rankedPageFits`.
 */
export function rankedKeys(
  question: { model: Model; context: AnalyticsContext; groupBy: string; request: NormalizedRequest },
  sortable: FieldMap,
  fallback: { field: string; dir: 'asc' | 'desc' },
  sorts: RankedSorts,
  params: SqlParams,
): string | null {
  const measures = [...new Set(Object.values(sorts).map((s) => s.measure))];
  const aggregate = (bucket: Bucket, into: SqlParams) => aggregateQuery({ ...question, buckets: [bucket], filters: question.request.filters, measures }, into);
  const sort = rankedSort((bucket) => aggregate(bucket, new SqlParams()).source, question, sortable, fallback, sorts);
  return sort && keysInOrder(sort, aggregate(sort.bucket, params).where!, true, question.request, params);
}

/**
 * How many groups of `dim` a ranked page's question has (a scalar subquery): the distinct keys of
 * the rows of the source that answers every bucket, or with no one WHERE (months and edges) its groups.
 */
function groupCount(spec: Pick<Parameters<typeof rankedPageQuery>[0], 'buckets' | 'aggregate' | 'groupBy'>, dim: string, page: ReturnType<BucketAggregate>): string {
  if (page.where === null) return `(SELECT count(*)::int FROM (${spec.aggregate(spec.groupBy).sql}) g)`;
  if (spec.buckets.length === 1) return `(SELECT count(*)::int FROM ${page.source.table} WHERE ${page.where})`;
  // DISTINCT in a subquery hashes the keys; count(DISTINCT …) would sort them (10M, 96,000 rows: 40 → 70 ms).
  return `(SELECT count(*)::int FROM (SELECT DISTINCT ${page.source.dims[dim]} FROM ${page.source.table} WHERE ${page.where}) d)`;
}

/**
 * The month and day of two buckets that are a month from its first day to a day and the same
 * days of that month a year before (to the same day, or the month's last when it is shorter), in
 * either order; else null.
 */
function monthToDate(buckets: readonly Bucket[]): { month: string; day: number } | null {
  if (buckets.length !== 2) return null;
  const [current, previous] = buckets.map((b) => b.range).toSorted((a, b) => (a.from < b.from ? 1 : -1)) as [DateRange, DateRange];
  const month = startOfMonth(current.from);
  const sameDays = yearEarlier(current);
  const fits = current.from === month && startOfMonth(current.to) === month && previous.from === sameDays.from && previous.to === sameDays.to;
  return fits ? { month, day: Number(current.to.slice(8, 10)) } : null;
}

/** The first and last of a source's periods that follow one another with none missing or twice (a run), or null. */
function periodRun(source: Source, periods: ReadonlyArray<string | null>): { first: string; last: string } | null {
  if (source.trailingMonths || source.grain === 'day' || periods.some((p) => p === null)) return null;
  const sorted = (periods as string[]).toSorted();
  const step = source.grain === 'year' ? 12 : 1;
  return sorted.every((p, i) => i === 0 || p === addMonths(sorted[i - 1]!, step)) ? { first: sorted[0]!, last: sorted.at(-1)! } : null;
}

/**
 * Whether a ranked page (rankedPageQuery's rows) is the whole page: it is full, or no group
 * follows it. Short of that, with several buckets, groups with nothing more than 0 in the sort's
 * period may belong on it.
 */
export function rankedPageFits(rows: ReadonlyArray<Record<string, unknown>>, request: NormalizedRequest): boolean {
  const shown = rows.filter((row) => row.key !== null).length;
  return shown === request.pageSize || Number(rows[0]!.total_count) <= (request.pageNumber - 1) * request.pageSize + shown;
}

/** Grouped (and ranked) totals for one period, searched on key and name, sorted and paged. */
export async function groupedQuery(
  db: Db,
  spec: {
    model: Model;
    context: AnalyticsContext;
    groupBy: string;
    range: DateRange;
    request: NormalizedRequest;
    rank?: boolean;
    /** Measures beyond sales, cost and lines (e.g. freight, on-time lines). */
    extra?: readonly ExtraMeasure[];
  },
): Promise<PagedResult<GroupRow>> {
  const extra = spec.extra ?? [];
  const measures: Measure[] = ['sales', 'cost', 'lines', ...extra.map((e) => e.measure)];
  const bucket: Bucket = { id: 'c', range: spec.range };
  const question = { model: spec.model, context: spec.context, buckets: [bucket], filters: spec.request.filters, measures };
  const general = new SqlParams();
  const { sql, source } = bucketAggregate(question, general)(spec.groupBy);
  const sortable = {
    ...Object.fromEntries(Object.entries(GROUP_SORTABLE).filter(([field]) => spec.rank || (field !== 'rank' && field !== 'percentOfTotal'))),
    ...Object.assign({}, ...extra.map((e) => e.sortable)),
  };
  const fallback = defaultSort(spec.model, spec.groupBy);
  const columns = `${money('g.c_sales')} AS sales, ${money('g.c_cost')} AS cost,
             ${money('g.c_sales - g.c_cost')} AS "grossProfit", ${pct('g.c_sales - g.c_cost', 'g.c_sales')} AS "grossProfitPercent",
             coalesce(g.c_lines, 0)::int AS "lineCount"
             ${spec.rank ? `, g.rank, ${pct('g.c_sales', 'g.all_sales')} AS "percentOfTotal"` : ''}
             ${extra.map((e) => `, ${e.column}`).join('')}`;
  const totalsSql = ['sum(g.c_sales) AS t_sales, sum(g.c_cost) AS t_cost, sum(g.c_lines)::bigint AS t_lines', ...extra.flatMap((e) => (e.total ? [e.total] : []))].join(', ');
  const sort = rankedSort(() => source, spec, sortable, fallback, { sales: { bucket, measure: 'sales' }, freight: { bucket, measure: 'freight' } });
  const ranked = new SqlParams();
  const text = sort
    ? rankedPageQuery({
        context: spec.context,
        sort,
        buckets: [bucket],
        aggregate: bucketAggregate(question, ranked),
        measures,
        model: spec.model,
        groupBy: spec.groupBy,
        rank: spec.rank ?? false,
        columns,
        totals: totalsSql,
        request: spec.request,
        sortable,
        fallback,
        params: ranked,
      })
    : pagedOuterQuery({
        model: spec.model,
        groupBy: spec.groupBy,
        aggregateSql: sql,
        windows: spec.rank ? 'rank() OVER (ORDER BY g.c_sales DESC NULLS LAST)::int AS rank, sum(g.c_sales) OVER () AS all_sales' : undefined,
        columns,
        totals: totalsSql,
        request: spec.request,
        sortable,
        fallback,
        params: general,
      });
  const { rows } = await analyticsQuery(db, text, (sort ? ranked : general).values);
  const first = rows[0]!;
  const totals = totalsOf(Number(first.t_sales ?? 0), Number(first.t_cost ?? 0), Number(first.t_lines ?? 0));
  const extraTotals = Object.fromEntries(Object.entries(first).filter(([k]) => k.startsWith('t_') && !['t_sales', 't_cost', 't_lines'].includes(k)));
  return {
    rows: rows
      .filter((row) => row.key !== null)
      .map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'total_count' && !k.startsWith('t_'))) as GroupRow),
    totalCount: Number(first.total_count),
    totals,
    extraTotals,
    source: source.name,
  };
}

export const money = (sql: string) => `round(coalesce(${sql}, 0), 2)`;
export const pct = (num: string, den: string) => `round(100 * (${num}) / nullif(${den}, 0), 2)`;

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function totalsOf(sales: number, cost: number, lineCount: number): Totals {
  return {
    sales: round2(sales),
    cost: round2(cost),
    grossProfit: round2(sales - cost),
    grossProfitPercent: sales === 0 ? null : round2((100 * (sales - cost)) / sales),
    lineCount,
  };
}

export type ComparisonRow = {
  key: string;
  name: string;
  currentSales: number;
  comparisonSales: number;
  change: number;
  changePercent: number | null;
  currentGrossProfit: number;
  comparisonGrossProfit: number;
};

const COMPARISON_SORTABLE: FieldMap = {
  key: 'g.key',
  name: 'g.name',
  currentSales: 'coalesce(g.c_sales, 0)',
  comparisonSales: 'coalesce(g.p_sales, 0)',
  change: '(coalesce(g.c_sales, 0) - coalesce(g.p_sales, 0))',
  changePercent: '((coalesce(g.c_sales, 0) - g.p_sales) / nullif(g.p_sales, 0))',
  currentGrossProfit: 'coalesce(g.c_sales - g.c_cost, 0)',
  comparisonGrossProfit: 'coalesce(g.p_sales - g.p_cost, 0)',
};

/** Grouped totals for a period beside its like-with-like comparison period. */
export async function comparisonQuery(
  db: Db,
  spec: { model: Model; context: AnalyticsContext; groupBy: string; current: DateRange; comparison: DateRange; request: NormalizedRequest },
): Promise<{ rows: ComparisonRow[]; totalCount: number; source: string }> {
  const current: Bucket = { id: 'c', range: spec.current };
  const result = await bucketsPageQuery(db, {
    ...spec,
    buckets: [current, { id: 'p', range: spec.comparison }],
    columns: `${money('g.c_sales')} AS "currentSales", ${money('g.p_sales')} AS "comparisonSales",
             ${money('coalesce(g.c_sales, 0) - coalesce(g.p_sales, 0)')} AS change,
             ${pct('coalesce(g.c_sales, 0) - g.p_sales', 'g.p_sales')} AS "changePercent",
             ${money('g.c_sales - g.c_cost')} AS "currentGrossProfit", ${money('g.p_sales - g.p_cost')} AS "comparisonGrossProfit"`,
    sortable: COMPARISON_SORTABLE,
    fallback: own(spec.model.groupBys, spec.groupBy)?.kind === 'time' ? { field: 'key', dir: 'asc' } : { field: 'currentSales', dir: 'desc' },
    sorts: { currentSales: { bucket: current, measure: 'sales' } },
  });
  return { ...result, rows: result.rows as ComparisonRow[] };
}

/**
 * A page of groups with each bucket's sales and cost (the aggregate's columns <bucket>_<measure>,
 * alias g, shaped by `columns`) and their count: from a ranked source's index when the sort allows
 * (rankedSort: the sort's bucket alone from a ranked source, whatever source answers the others),
 * else, or when that page may miss groups (rankedPageFits), from every group's aggregate. The
 * source names the one that answers every bucket, and the ranked one when its page answered.
 */
async function bucketsPageQuery(
  db: Db,
  spec: {
    model: Model;
    context: AnalyticsContext;
    groupBy: string | null;
    buckets: readonly Bucket[];
    timeKey?: (dateSql: string) => string;
    request: NormalizedRequest;
    columns: string;
    sortable: FieldMap;
    fallback: { field: string; dir: 'asc' | 'desc' };
    sorts: RankedSorts;
  },
): Promise<{ rows: Array<Record<string, unknown>>; totalCount: number; source: string }> {
  const measures: Measure[] = ['sales', 'cost'];
  const question = { model: spec.model, context: spec.context, buckets: spec.buckets, filters: spec.request.filters, measures, timeKey: spec.timeKey };
  const general = new SqlParams();
  const { sql, source } = bucketAggregate(question, general)(spec.groupBy);
  const { request, sortable, fallback, columns } = spec;
  const whole = { text: pagedOuterQuery({ model: spec.model, groupBy: spec.groupBy, aggregateSql: sql, columns, request, sortable, fallback, params: general }), values: general.values };
  const sourceOf = (bucket: Bucket) => bucketAggregate({ ...question, buckets: [bucket] }, new SqlParams())(spec.groupBy).source;
  const groupBy = spec.groupBy;
  const ranks = groupBy === null ? null : rankedSort(sourceOf, { ...spec, groupBy }, sortable, fallback, spec.sorts);
  // A scope's source pages only the questions it answers whole: with another source for the other
  // buckets, their count and totals read that source's every group anyway (a scope keeps no
  // month-to-date counts), and the page's keys cost more than they save (rep@ at scale 40, this
  // month against the same days last year by customer: 28 → 87 ms).
  const sort = ranks && (!ranks.source.scopeColumn || ranks.source.name === source.name) ? ranks : null;
  const ranked = new SqlParams();
  const statements = sort
    ? [
        {
          text: rankedPageQuery({
            ...spec,
            groupBy: groupBy!,
            sort,
            aggregate: bucketAggregate(question, ranked),
            measures,
            rank: false,
            totals: null,
            params: ranked,
          }),
          values: ranked.values,
        },
        // Every group's aggregate only for a page past the groups of the sort's period.
        { ...whole, when: ([page]: ReadonlyArray<{ rows: any[] } | null>) => !rankedPageFits(page!.rows, request) },
      ]
    : [whole];
  const answers = await analyticsQueries(db, statements);
  const rows = (answers[1] ?? answers[0]!).rows;
  const byRank = sort && !answers[1] && sort.source.name !== source.name;
  return {
    rows: rows.filter((row) => row.key !== null).map(({ total_count: _count, ...row }) => row),
    totalCount: Number(rows[0]!.total_count),
    source: byRank ? `${source.name} ranked by ${sort.source.name}` : source.name,
  };
}

export type PeriodTotals = Totals & { invoiceCount: number | null };

/** Totals for several periods at once (KPI, Summary), without grouping. */
export async function periodTotalsQuery(
  db: Db,
  spec: { model: Model; context: AnalyticsContext; buckets: readonly Bucket[]; filters: NormalizedRequest['filters']; countDocuments: boolean },
): Promise<{ totals: Record<string, PeriodTotals>; source: string }> {
  const params = new SqlParams();
  // Documents are counted where the model can count them (invoices and orders, not bookings).
  const countDocuments = spec.countDocuments && spec.model.sources.some((s) => 'invoices' in s.measures);
  const measures: Measure[] = countDocuments ? ['sales', 'cost', 'lines', 'invoices'] : ['sales', 'cost', 'lines'];
  const built = aggregateQuery({ model: spec.model, context: spec.context, groupBy: null, buckets: spec.buckets, filters: spec.filters, measures }, params);
  const { rows } = await analyticsQuery(db, built.sql, params.values);
  const row = rows[0] ?? {};
  const totals: Record<string, PeriodTotals> = {};
  for (const bucket of spec.buckets) {
    const n = (m: string) => Number(row[`${bucket.id}_${m}`] ?? 0);
    totals[bucket.id] = { ...totalsOf(n('sales'), n('cost'), n('lines')), invoiceCount: countDocuments ? n('invoices') : null };
  }
  return { totals, source: built.source.name };
}

export type SeriesRow = { key: string; name: string; sales: number[]; grossProfit: number[] };
export type YearRow = SeriesRow & { years: number[] };

/**
 * Sales and gross profit per group for several periods at once (years, days of a month): one
 * row per group with a value per period. `timeKey` keys rows by a trusted expression of the
 * source's date column instead of a group-by; `sortNames[i]` sorts by the i-th period.
 */
export async function seriesQuery(
  db: Db,
  spec: {
    model: Model;
    context: AnalyticsContext;
    groupBy: string | null;
    periods: readonly DateRange[];
    timeKey?: (dateSql: string) => string;
    sortNames: readonly string[];
    request: NormalizedRequest;
  },
): Promise<{ rows: SeriesRow[]; totalCount: number; source: string }> {
  const buckets: Bucket[] = spec.periods.map((range, i) => ({ id: `y${i}`, range }));
  const sortable: Record<string, string> = { key: 'g.key', name: 'g.name' };
  spec.sortNames.forEach((name, i) => (sortable[name] = `coalesce(g.y${i}_sales, 0)`));
  const result = await bucketsPageQuery(db, {
    ...spec,
    buckets,
    columns: spec.periods.map((_, i) => `${money(`g.y${i}_sales`)} AS y${i}_sales, ${money(`g.y${i}_sales - g.y${i}_cost`)} AS y${i}_gp`).join(', '),
    sortable,
    fallback: spec.timeKey ? { field: 'key', dir: 'asc' } : { field: spec.sortNames[0]!, dir: 'desc' },
    sorts: Object.fromEntries(spec.sortNames.map((name, i) => [name, { bucket: buckets[i]!, measure: 'sales' as const }])),
  });
  return {
    ...result,
    rows: result.rows.map((row) => ({
      key: String(row.key),
      name: String(row.name),
      sales: spec.periods.map((_, i) => Number(row[`y${i}_sales`])),
      grossProfit: spec.periods.map((_, i) => Number(row[`y${i}_gp`])),
    })),
  };
}

/**
 * Sales per group for several years (current, minus 1, minus 2): with groupBy 'month' the key is
 * the (fiscal) month number 1–12, with 'quarter' the (fiscal) quarter 1–4.
 */
export async function yearOverYearQuery(
  db: Db,
  spec: {
    model: Model;
    context: AnalyticsContext;
    groupBy: string;
    years: Array<{ year: number; range: DateRange }>;
    fiscalStartMonth: number;
    request: NormalizedRequest;
  },
): Promise<{ rows: YearRow[]; totalCount: number; source: string }> {
  const group = own(spec.model.groupBys, spec.groupBy);
  if (group?.kind === 'time' && spec.groupBy !== 'month' && spec.groupBy !== 'quarter') {
    throw badRequest(`groupBy '${spec.groupBy}' does not compare years; use month, quarter or a dimension`);
  }
  // Month of the (fiscal) year by calendar month: exact for fiscal years starting on the 1st.
  const monthOfYear = (d: string) => `((extract(month FROM ${d})::int - ${spec.fiscalStartMonth} + 12) % 12 + 1)`;
  const timeKey =
    spec.groupBy === 'month'
      ? (d: string) => `lpad(${monthOfYear(d)}::text, 2, '0')`
      : spec.groupBy === 'quarter'
        ? (d: string) => `'Q' || ((${monthOfYear(d)} - 1) / 3 + 1)::text`
        : undefined;
  const result = await seriesQuery(db, {
    model: spec.model,
    context: spec.context,
    groupBy: timeKey ? null : spec.groupBy,
    periods: spec.years.map((y) => y.range),
    timeKey,
    sortNames: spec.years.map((_, i) => (i === 0 ? 'currentYear' : `minus${i}`)),
    request: spec.request,
  });
  return { ...result, rows: result.rows.map((row) => ({ ...row, years: spec.years.map((y) => y.year) })) };
}

export type ListModel = {
  name: string;
  /**
   * FROM clause with joins (trusted). When it is a table and LEFT JOINs that each find at most
   * one row (names looked up by key), and the WHERE and ORDER BY touch the table alone, the page
   * is cut from the table first and only its rows look their names up (see `lookupsAfterPage`).
   */
  from: string;
  dateColumn: string;
  salesRepColumn: string;
  /** API column → SQL expression, in output order; all sortable and filterable as text. */
  columns: Readonly<Record<string, string>>;
  /** Columns the searchString looks in. */
  searchColumns: readonly string[];
  /**
   * The search's predicate built from its matcher, in place of searchColumns: for a search that
   * looks in other rows than the list's own (an item's alternate codes: EXISTS …).
   */
  searchMatch?: (match: TextMatch) => string;
  filterFields: readonly string[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  tieBreak: string;
  /** Extra trusted predicate (e.g. open lines only). */
  where?: string;
  /** Totals over every matching row (name → summed SQL expression), beside the page. */
  totals?: Readonly<Record<string, string>>;
  /**
   * Columns that are never null: sorted on one, the order has no NULLS clause (it changes
   * nothing there), so a plain date index gives the order in either direction.
   */
  notNull?: readonly string[];
  /**
   * Columns that count days since a date that is never null (today − the date, or that at least
   * 0), sorted by the date itself the other way round, so the date's index gives the order: most
   * days first is the earliest date first, and among days clamped at 0 the earliest date leads.
   */
  daysSince?: Readonly<Record<string, string>>;
};

/**
 * The sort keys of list columns: a day shown as yyyy-mm-dd text sorts as its date does, so it
 * is sorted by the date itself, which a date index can give in order (a page of the newest
 * lines reads 15 index entries instead of sorting every match by its text); a count of days
 * since a date (`daysSince`) sorts by its date.
 */
function sortKeys(model: Pick<ListModel, 'columns' | 'daysSince'>): FieldMap {
  const keys = Object.entries(model.columns).map(([name, sql]) => [name, /^to_char\((.+), 'YYYY-MM-DD'\)$/.exec(sql)?.[1] ?? sql]);
  return { ...Object.fromEntries(keys), ...model.daysSince };
}

/**
 * A list's FROM split into its first table and the joins after it, each join with the alias it
 * adds when it is a lookup (`LEFT JOIN erp.<table> <alias> ON …`, one row per row of the list),
 * and which lookups the statement's `clauses` can do without: those that neither the clauses nor
 * a join kept after them name. Null when the FROM does not start with a table.
 */
function splitLookups(from: string, clauses: readonly string[]) {
  const first = /^\s*(erp\.\w+)\s+(\w+)(\s[\s\S]*)?$/.exec(from);
  if (!first) return null;
  const [, table, alias, rest = ''] = first;
  const joins = rest.trim().split(/(?<!\b(?:LEFT|RIGHT|FULL|INNER|CROSS))\s+(?=(?:\w+\s+)?JOIN\b)/).filter(Boolean);
  const kept: string[] = [];
  const unused: string[] = [];
  // From the last join back: a join can name only the aliases before it.
  for (const join of joins.reverse()) {
    const lookup = /^LEFT JOIN erp\.\w+ (\w+) ON /.exec(join)?.[1];
    const named = lookup !== undefined && lookup !== alias && new RegExp(`\\b${lookup}\\.`).test([...clauses, ...kept].join(' '));
    (lookup === undefined || lookup === alias || named ? kept : unused).unshift(join);
  }
  return { table: table!, alias: alias!, kept, unused };
}

/**
 * A list's FROM as its first table and the LEFT JOINs after it, when the statement's `clauses`
 * (WHERE, ORDER BY) name none of the joined aliases: then the page can be sorted and cut from the
 * table alone (an index in the sort's order reads 15 entries) and the joins run for its rows only,
 * instead of joining every match before the sort. Null for anything else (a subquery, an inner
 * join, a clause on a joined table): that page joins every match first.
 */
export function lookupsAfterPage(from: string, clauses: readonly string[]): { table: string; alias: string; lookups: string } | null {
  const split = splitLookups(from, clauses);
  if (!split || split.kept.length || !split.unused.length) return null;
  return { table: split.table, alias: split.alias, lookups: split.unused.join(' ') };
}

/**
 * A list's FROM without the lookups the `clauses` do not name. PostgreSQL drops such joins by
 * itself, but it still plans the list's table for the columns they joined on, which can keep a
 * count from reading a narrow index alone.
 */
export function withoutUnusedLookups(from: string, clauses: readonly string[]): string {
  const split = splitLookups(from, clauses);
  return split ? [`${split.table} ${split.alias}`, ...split.kept].join(' ') : from;
}

/** A list model's search predicate (searchMatch, else any of its searchColumns), or null without a search. */
export function modelSearch(model: Pick<ListModel, 'columns' | 'searchColumns' | 'searchMatch'>, request: NormalizedRequest, params: SqlParams): string | null {
  if (!model.searchMatch) return searchPredicate(request.searchString, request.searchOperator, model.searchColumns.map((c) => `${model.columns[c]}::text`), params);
  const match = textMatcher(request.searchString, request.searchOperator, params);
  return match && model.searchMatch(match);
}

/**
 * A scoped, searched, filtered, sorted page of rows (documents or their lines), for a period when
 * one is given. The page is one statement (ORDER BY … LIMIT, which an index can answer without
 * reading every match) and the count and totals another, over the same snapshot; a window count
 * (count(*) OVER ()) would fetch and sort every matching row to cut 15. A page that is not full
 * gives the count itself, so the count runs only when the page is full or the totals are asked.
 */
export async function listQuery(
  db: Db,
  spec: {
    model: ListModel;
    context: AnalyticsContext;
    range?: DateRange;
    request: NormalizedRequest;
    /** A statement that answers the count and totals (total_count, t_<name>) for the same rows from a rollup. */
    counts?: { text: string; values: unknown[] };
    /** Extra trusted predicates of this request (an item, a customer), their values added to `params`. */
    extra?: (params: SqlParams) => string[];
  },
): Promise<{ rows: Record<string, unknown>[]; totalCount: number; totals: Record<string, number> }> {
  const { model, request } = spec;
  const params = new SqlParams();
  const where: string[] = model.where ? [model.where] : [];
  if (spec.range) where.push(dateBetween(model.dateColumn, spec.range, params));
  const scope = scopePredicate(spec.context.scope, model.salesRepColumn, params);
  if (scope) where.push(scope);
  where.push(...(spec.extra?.(params) ?? []));
  const filterable = Object.fromEntries(model.filterFields.map((f) => [f, `${model.columns[f]}::text`]));
  where.push(...filterPredicates(request.filters, filterable, params));
  const search = modelSearch(model, request, params);
  if (search) where.push(search);
  const whereValues = [...params.values];
  const daysSince = Object.keys(model.daysSince ?? {});
  const order = orderByClause(request, sortKeys(model), model.defaultSort, model.tieBreak, [...(model.notNull ?? []), ...daysSince], daysSince);
  const select = Object.entries(model.columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');
  const totalNames = Object.keys(model.totals ?? {});
  const totals = Object.entries(model.totals ?? {}).map(([name, sql]) => `, sum(${sql}) AS "t_${name}"`).join('');
  const offset = (request.pageNumber - 1) * request.pageSize;
  /** The page alone tells the count when it is not full; past the end the count and totals are 0, as they were with a window count. */
  const countFromPage = (rows: unknown[]) => rows.length === 0 || (rows.length < request.pageSize && totalNames.length === 0);
  const conditions = where.join(' AND ');
  const late = lookupsAfterPage(model.from, [conditions, order]);
  const pageText = late
    ? `SELECT ${select} FROM (SELECT ${late.alias}.* FROM ${late.table} ${late.alias} WHERE ${conditions} ${order} ${pageClause(request, params)}) ${late.alias} ${late.lookups} ${order}`
    : `SELECT ${select} FROM ${model.from} WHERE ${conditions} ${order} ${pageClause(request, params)}`;
  const [page, count] = await analyticsQueries(db, [
    { text: pageText, values: params.values },
    {
      ...(spec.counts ?? {
        // The count needs the lookups even less: without them an index alone can often count the rows.
        text: `SELECT count(*)::int AS total_count${totals} FROM ${withoutUnusedLookups(model.from, [conditions, totals])} WHERE ${conditions}`,
        values: whereValues,
      }),
      when: ([first]) => !countFromPage(first!.rows),
    },
  ]);
  const rows = page!.rows;
  const sums = count?.rows[0];
  return {
    rows,
    totalCount: sums ? Number(sums.total_count) : rows.length ? offset + rows.length : 0,
    totals: Object.fromEntries(totalNames.map((n) => [n, Number(sums?.[`t_${n}`] ?? 0)])),
  };
}
