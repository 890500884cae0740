/**
 * Goal against actual (issue 28, seed 001 §7.10 Grouped): the goals of a fiscal year grouped by
 * a goal type, a hierarchy type, FiscalMonth or Complete, beside the actuals — sales and gross
 * profit from the invoice lines, bookings from the bookings (by the booking date basis); activity
 * goals have no actuals until the CRM exists (null). With the month and year to date and pacing.
 *
 * Which goals a group sums: those set at the group-by's level of each config (the goal type is
 * level 0, hierarchy type n level n): at level n a row whose hierarchy value n is set and deeper
 * ones are not. An actual is cut by the group's value and by the values of the levels above it
 * (a customer's goal under rep SR01 counts SR01's sales to that customer). The goal rows' sums per
 * path (the year, each month) are kept by triggers as the rows are written (app.goal_path_total,
 * migration 320): the customer level of a 50,000-row setup reads ~2,000 paths, not 25,000 rows
 * (grouped by fiscal month, the level's rows are summed per path and month as they are read).
 *
 * Scope: administrators read every goal; anyone else the goals naming a sales rep of his scope
 * (his own, a manager's team) at any level, or a customer of one; actuals are scoped as always.
 */
import type { GoalGroupBy } from '@tradeboard/shared/contracts';
import { addMonths, addDays, fiscalMonthOf, fiscalYearOf, fiscalYearRange, type IsoDate } from '@tradeboard/shared/dates';
import type { Db } from '../db/database.ts';
import { analyticsToday } from '../analytics/cache.ts';
import { loadAnalyticsContext, scopePredicate, type DataScope } from '../analytics/scope.ts';
import { badRequest, SqlParams } from '../analytics/search-request.ts';
import type { SessionUser } from '../platform/session.ts';
import type { GoalCaller } from './goal-access.ts';
import { findConfig, hierarchyOf, type GoalConfigRow } from './goal-store.ts';
import { elapsedWorkingDays, pace, workingDays } from './pacing.ts';

export type GoalActualRequest = {
  groupBy: GoalGroupBy;
  fiscalYearSlug: string;
  configId: number;
  bookingDateBasis?: string;
  body?: { searchString?: string | null } | null;
};

/** The ERP column of each dimension (Complete and FiscalMonth have none). */
const DIMENSION_COLUMN: Partial<Record<GoalGroupBy, string>> = {
  Company: 'company',
  Branch: 'branch',
  SalesRep: 'sales_rep',
  Customer: 'customer',
  ProductGroup: 'product_group',
};
const TOKEN_OFFSET: Record<string, number> = { current: 0, minus1: -1, minus2: -2, plus1: 1 };

/** The fiscal year a slug names: a year token (current, minus1, minus2, plus1) or the year itself. */
export function fiscalYearOfSlug(slug: string, today: IsoDate, setting: string): number {
  if (slug in TOKEN_OFFSET) return fiscalYearOf(today, setting).fiscalYear + TOKEN_OFFSET[slug]!;
  const year = Number(slug);
  if (!Number.isInteger(year)) throw badRequest(`fiscalYearSlug '${slug}': expected current, minus1, minus2, plus1 or a year`);
  return year;
}

type Path = Array<[GoalGroupBy, string]>;

/**
 * A goal path at the group-by's level (the group's value and those above it; with the fiscal month
 * when grouping by it) and its goal rows summed in SQL: the year (goal1 and goal2), and what the call
 * reads: today's fiscal month and the months before it (monthly; 0 in a quarterly call), or each
 * quarter (quarterly; empty in a monthly call).
 */
type Goal = {
  level: number;
  path: Path;
  key: string;
  goal1: number;
  goal2: number;
  monthGoal: number;
  before: number;
  quarters: Array<{ goal1: number; goal2: number }>;
};

/** The configs a call reads: one (404 when not the caller's) or every config of the kind and year. */
async function configsOf(db: Db, caller: GoalCaller, configId: number, fiscalYear: number): Promise<GoalConfigRow[]> {
  if (configId > 0) return [await findConfig(db, caller, configId)];
  const { rows } = await db.query<{ id: number }>('SELECT goal_config_id AS id FROM app.goal_config WHERE customer_master_id = $1 AND goal_kind = $2 AND goal_year = $3 ORDER BY 1', [
    caller.organization,
    caller.kind,
    fiscalYear,
  ]);
  return Promise.all(rows.map((r) => findConfig(db, caller, r.id)));
}

/**
 * The goal paths at the group-by's level of each config, their rows summed per path (as kept, or
 * per path and month when by fiscal month), cut to the caller's scope: administrators read every goal; anyone else a path naming a sales rep of his scope
 * at some level, or a customer of one (a customer whose sales rep is his, in any company).
 */
async function goalsAt(db: Db, configs: readonly GoalConfigRow[], groupBy: GoalGroupBy, scope: DataScope, currentMonth: number, sums: 'monthly' | 'quarterly'): Promise<Goal[]> {
  const goals: Goal[] = [];
  for (const config of configs) {
    const types = [config.goalType, ...hierarchyOf(config)] as GoalGroupBy[];
    const level = groupBy === 'FiscalMonth' || groupBy === 'Complete' ? 0 : types.indexOf(groupBy);
    if (level < 0) continue;
    const params = new SqlParams();
    const id = params.add(config.id);
    const monthly = sums === 'monthly';
    const cm = monthly ? params.add(currentMonth) : '';
    /** The caller's scope on the path's values (`value(i)`: the SQL of level i's value). */
    const scoped = (value: (i: number) => string): string | null => {
      if (scope.all) return null;
      const reps = `${params.add(scope.salesReps)}::text[]`;
      const visible = types.slice(0, level + 1).flatMap((type, i) =>
        type === 'SalesRep' ? [`${value(i)} = ANY(${reps})`] : type === 'Customer' ? [`${value(i)} IN (SELECT customer FROM erp.customer WHERE sales_rep = ANY(${reps}))`] : [],
      );
      return visible.length ? `(${visible.join(' OR ')})` : 'false';
    };
    let sql: string;
    if (groupBy !== 'FiscalMonth') {
      // The level's paths and their sums as the goal row triggers keep them (migration 320): one row a path.
      const where = [`goal_config_id = ${id}`, `level = ${params.add(level)}`];
      const visible = scoped((i) => `path[${i + 1}]`);
      if (visible) where.push(visible);
      const quarter = (goal: 1 | 2, q: number) => `(month_goal${goal}[${q * 3 - 2}] + month_goal${goal}[${q * 3 - 1}] + month_goal${goal}[${q * 3}])::float8 AS "q${q}goal${goal}"`;
      const columnsRead = [
        ...Array.from({ length: level + 1 }, (_, i) => `path[${i + 1}] AS h${i}`),
        'goal1::float8 AS goal1',
        'goal2::float8 AS goal2',
        ...(monthly ? [`month_goal1[${cm}::int]::float8 AS "monthGoal"`, `(${['0', ...Array.from({ length: currentMonth - 1 }, (_, m) => `month_goal1[${m + 1}]`)].join(' + ')})::float8 AS before`] : []),
        ...(monthly ? [] : [1, 2, 3, 4].flatMap((q) => [quarter(1, q), quarter(2, q)])),
      ];
      sql = `SELECT ${columnsRead.join(', ')} FROM app.goal_path_total WHERE ${where.join(' AND ')}`;
    } else {
      // By fiscal month: the level's rows grouped by path and month.
      const columns = ['goal_type_value', ...[1, 2, 3, 4, 5].map((l) => `hierarchy_value${l}`)].slice(0, level + 1);
      const where = [`goal_config_id = ${id}`, 'goal_type_value IS NOT NULL'];
      if (level > 0) where.push(`hierarchy_value${level} IS NOT NULL`);
      for (let l = level + 1; l <= 5; l++) where.push(`hierarchy_value${l} IS NULL`);
      const visible = scoped((i) => columns[i]!);
      if (visible) where.push(visible);
      const sum = (goal: 'goal1' | 'goal2', name: string, filter?: string) => `coalesce(sum(${goal})${filter ? ` FILTER (WHERE ${filter})` : ''}, 0)::float8 AS "${name}"`;
      const keys = [...columns.map((column, i) => `${column} AS h${i}`), 'coalesce(goal_month, 0) AS month'];
      const summed = [sum('goal1', 'goal1'), sum('goal2', 'goal2'), sum('goal1', 'monthGoal', `goal_month = ${cm}::int`), sum('goal1', 'before', `goal_month >= 1 AND goal_month < ${cm}::int`)];
      sql = `SELECT ${[...keys, ...summed].join(', ')} FROM app.goal_row WHERE ${where.join(' AND ')} GROUP BY ${[...columns, 'coalesce(goal_month, 0)'].join(', ')}`;
    }
    const { rows } = await db.query<Record<string, string | number | null>>(sql, params.values);
    for (const row of rows) {
      const values = Array.from({ length: level + 1 }, (_, i) => String(row[`h${i}`]));
      const path = values.map((value, i) => [types[i]!, value] as [GoalGroupBy, string]);
      const key = groupBy === 'Complete' ? 'Complete' : groupBy === 'FiscalMonth' ? String(row.month) : values[level]!;
      const quarters = monthly ? [] : [1, 2, 3, 4].map((q) => ({ goal1: Number(row[`q${q}goal1`]), goal2: Number(row[`q${q}goal2`]) }));
      goals.push({ level, path, key, goal1: Number(row.goal1), goal2: Number(row.goal2), monthGoal: Number(row.monthGoal ?? 0), before: Number(row.before ?? 0), quarters });
    }
  }
  return goals;
}

type Period = { from: IsoDate; to: IsoDate };
type ActualSource = { kind: 'Sales' | 'Bookings'; table: string; date: string; basis?: string };

function actualSource(caller: GoalCaller, bookingDateBasis: string | undefined): ActualSource | null {
  if (caller.kind === 'Sales') return { kind: 'Sales', table: 'erp.invoice_line', date: 'invoice_date' };
  if (caller.kind === 'Bookings') {
    const basis = (bookingDateBasis ?? caller.settings.BookingDateBasis ?? 'OrderLineDate') === 'BookingDate' ? 'BookingDate' : 'OrderLineDate';
    return { kind: 'Bookings', table: 'erp.booking', date: basis === 'BookingDate' ? 'booking_date' : 'order_line_date', basis };
  }
  return null;
}

/** What the actuals are read for: the dimensions the goal paths use, and where from (rollups when they match the data). */
type ActualQuery = {
  source: ActualSource;
  scope: DataScope;
  columns: string[];
  /** The period read: every period asked lies within it. */
  range: Period;
  /** The rollups match the data and the fiscal months are calendar months. */
  rollups: boolean;
  /**
   * Months before it are read from month rollups: the first day of today's month, or of the next one
   * when the data runs through today (the rollup's row of today's month is then the month to date).
   */
  split: IsoDate;
  /** When every goal path names a customer: those customers (the rows read are cut to them). */
  customers: string[] | null;
  /** When every goal path names a product group: those groups (likewise). */
  groups: string[] | null;
  /**
   * When every goal path names both: its customer × product group pairs (the rows read are cut to
   * them, each pair read by index; `customer = ANY(…) AND product_group = ANY(…)` let the planner
   * read every group of the customers when a scope's rep filter came beside it).
   */
  pairs: { customers: string[]; groups: string[] } | null;
};

/**
 * The SQL of the actual rows, one part or two (dimensions, d: a day or a month's first day, sales,
 * cost): the smallest source that holds the dimensions. Without customers or product groups, the
 * day rollups (rep, branch, company); the customers' from the month rollup for the months before
 * the split and the day rollup after it (bookings: the lines); product groups from their month
 * rollup and the lines after the split; customers and product groups together from the month ×
 * customer × product group rollup (migration 280) and the lines after the split. Cut to the goals'
 * customers and product groups when every path names them. The raw rows when the rollups do not
 * match the data or a fiscal month is not a calendar month (bookings by product group: always).
 */
function actualParts(q: ActualQuery, params: SqlParams): string[] {
  const { source, columns, range, split } = q;
  const byCustomer = columns.includes('customer');
  const byGroup = columns.includes('product_group');
  const sales = source.kind === 'Sales';
  /** The rows of `table` from `from` to `to` (inclusive, or before it). */
  const part = (table: string, date: string, from: IsoDate, to: { before: IsoDate } | { through: IsoDate }, rollup: boolean) => {
    const where = [`${date} >= ${params.add(from)}::date`, 'before' in to ? `${date} < ${params.add(to.before)}::date` : `${date} <= ${params.add(to.through)}::date`];
    if (rollup && source.basis) where.push(`basis = ${params.add(source.basis)}`);
    const scoped = scopePredicate(q.scope, 'sales_rep', params);
    if (scoped) where.push(scoped);
    if (q.pairs) where.push(`(customer, product_group) IN (SELECT * FROM unnest(${params.add(q.pairs.customers)}::text[], ${params.add(q.pairs.groups)}::text[]))`);
    else if (q.customers) where.push(`customer = ANY(${params.add(q.customers)}::text[])`);
    else if (q.groups) where.push(`product_group = ANY(${params.add(q.groups)}::text[])`);
    return `SELECT ${[...columns, `${date} AS d`, 'sales', 'cost'].join(', ')} FROM ${table} WHERE ${where.join(' AND ')}`;
  };
  const lines = (from: IsoDate) => part(source.table, source.date, from, { through: range.to }, false);
  if (!q.rollups || (byGroup && !sales)) return [lines(range.from)];
  if (!byCustomer && !byGroup) return [part(sales ? 'erp.invoice_day_rep' : 'erp.booking_day_rep', sales ? 'invoice_date' : 'day', range.from, { through: range.to }, true)];
  // Months before the split from a month rollup (d: the month's first day); the days after it by day.
  const groupRollup = byCustomer ? 'erp.invoice_month_customer_product_group' : 'erp.invoice_month_product_group';
  const monthRollup = byGroup ? groupRollup : sales ? 'erp.invoice_month_customer' : 'erp.booking_month_customer';
  const parts: string[] = [];
  if (range.from < split) parts.push(part(monthRollup, 'month', range.from, split <= range.to ? { before: split } : { through: range.to }, true));
  if (range.to >= split) {
    const from = split > range.from ? split : range.from;
    parts.push(byGroup || !sales ? lines(from) : part('erp.invoice_day_customer', 'invoice_date', from, { through: range.to }, true));
  }
  return parts;
}

/**
 * Actual amount and gross profit for each goal path (the group's values and those above it), in
 * each period given: one query grouped by the dimensions the paths use (actualParts), then an
 * index of its rows by each kind of path.
 */
async function actualsOf(db: Db, q: Omit<ActualQuery, 'columns' | 'customers' | 'groups' | 'pairs' | 'range'>, goals: readonly Goal[], periods: Record<string, Period>, byMonth: boolean, fiscalSetting: string) {
  const dimensions = [...new Set(goals.flatMap((g) => g.path.map(([type]) => type)).filter((t) => DIMENSION_COLUMN[t]))];
  const columns = dimensions.map((d) => DIMENSION_COLUMN[d]!);
  /** When every path names a `type`: its values (the rows read are cut to them). */
  const valuesOf = (type: GoalGroupBy) =>
    goals.length > 0 && goals.every((g) => g.path.some(([t]) => t === type)) ? [...new Set(goals.flatMap((g) => g.path.filter(([t]) => t === type).map(([, value]) => value)))] : null;
  const customers = valuesOf('Customer');
  const groups = valuesOf('ProductGroup');
  let pairs: ActualQuery['pairs'] = null;
  if (customers && groups) {
    const distinct = new Map(goals.map((g) => [g.path.find(([t]) => t === 'Customer')![1], g.path.find(([t]) => t === 'ProductGroup')![1]] as const).map((pair) => [JSON.stringify(pair), pair]));
    pairs = { customers: [...distinct.values()].map(([c]) => c), groups: [...distinct.values()].map(([, g]) => g) };
  }
  const spans = Object.values(periods);
  const range = { from: spans.reduce((a, p) => (p.from < a ? p.from : a), spans[0]!.from), to: spans.reduce((a, p) => (p.to > a ? p.to : a), spans[0]!.to) };
  const params = new SqlParams();
  const parts = actualParts({ ...q, columns, customers, groups, pairs, range }, params);
  const names = Object.keys(periods).flatMap((name) => [name, `${name}Profit`]);
  const sums = Object.entries(periods).flatMap(([name, p]) => {
    const filter = `FILTER (WHERE d BETWEEN ${params.add(p.from)}::date AND ${params.add(p.to)}::date)`;
    return [`coalesce(sum(sales) ${filter}, 0)::float8 AS "${name}"`, `coalesce(sum(sales - cost) ${filter}, 0)::float8 AS "${name}Profit"`];
  });
  const month = byMonth ? [`date_trunc('month', d)::date::text AS "startOfMonth"`] : [];
  const groupCols = [...columns, ...(byMonth ? [`date_trunc('month', d)`] : [])];
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${[...columns, ...month, ...sums].join(', ')} FROM (${parts.join(' UNION ALL ')}) x${groupCols.length ? ` GROUP BY ${groupCols.join(', ')}` : ''}`,
    params.values,
  );
  const fiscalMonths = rows.map((row) => (byMonth ? fiscalMonthOf(String(row.startOfMonth), fiscalSetting) : 0));
  /** The rows summed by the values of some of the columns (and the fiscal month when by month). */
  const indexes = new Map<string, Map<string, Record<string, number>>>();
  const indexOf = (cols: readonly string[]) => {
    const signature = cols.join(',');
    let index = indexes.get(signature);
    if (!index) {
      index = new Map();
      for (const [i, row] of rows.entries()) {
        const key = JSON.stringify([...cols.map((c) => row[c]), fiscalMonths[i]]);
        const totals = index.get(key) ?? Object.fromEntries(names.map((n) => [n, 0]));
        for (const n of names) totals[n]! += Number(row[n] ?? 0);
        index.set(key, totals);
      }
      indexes.set(signature, index);
    }
    return index;
  };
  const none: Readonly<Record<string, number>> = {};
  /** The sums of each period over the source rows matching a path (and a fiscal month when by month). */
  return (path: ReadonlyArray<[GoalGroupBy, string]>, fiscalMonth?: number): Readonly<Record<string, number>> => {
    const cut = path.filter(([type]) => DIMENSION_COLUMN[type]);
    const index = indexOf(cut.map(([type]) => DIMENSION_COLUMN[type]!));
    if (byMonth && fiscalMonth === undefined) throw new Error('a fiscal month is needed');
    return index.get(JSON.stringify([...cut.map(([, value]) => value), byMonth ? fiscalMonth : 0])) ?? none;
  };
}

/** The display names of the keys of a dimension. */
async function namesOf(db: Db, groupBy: GoalGroupBy, keys: readonly string[]): Promise<Map<string, string>> {
  const sql: Partial<Record<GoalGroupBy, string>> = {
    Company: 'SELECT company AS key, company_name AS name FROM erp.company WHERE company = ANY($1::text[])',
    Branch: 'SELECT DISTINCT ON (branch) branch AS key, branch_name AS name FROM erp.branch WHERE branch = ANY($1::text[]) ORDER BY branch, company',
    SalesRep: 'SELECT DISTINCT ON (sales_rep) sales_rep AS key, name FROM erp.sales_rep WHERE sales_rep = ANY($1::text[]) ORDER BY sales_rep, company',
    Customer: 'SELECT DISTINCT ON (customer) customer AS key, customer_name AS name FROM erp.customer WHERE customer = ANY($1::text[]) ORDER BY customer, company',
    ProductGroup: 'SELECT DISTINCT ON (product_group) product_group AS key, product_group_name AS name FROM erp.product_group WHERE product_group = ANY($1::text[]) ORDER BY product_group, company',
  };
  const names = new Map<string, string>();
  if (groupBy === 'Complete') names.set('Complete', 'Complete');
  if (groupBy === 'FiscalMonth') for (const key of keys) names.set(key, `Fiscal Month ${key}`);
  const query = sql[groupBy];
  if (query && keys.length) for (const row of (await db.query<{ key: string; name: string }>(query, [keys])).rows) names.set(row.key, row.name);
  return names;
}

type Prepared = {
  fiscalYear: number;
  year: Period;
  today: IsoDate;
  fiscalSetting: string;
  /** The fiscal month of today (the year's first or last when today is outside it). */
  currentMonth: number;
  goals: Goal[];
  actuals: { source: ActualSource | null; scope: DataScope; rollups: boolean; split: IsoDate };
};

async function prepare(db: Db, user: SessionUser, caller: GoalCaller, request: GoalActualRequest, sums: 'monthly' | 'quarterly'): Promise<Prepared> {
  const context = await loadAnalyticsContext(db, user.userMasterId);
  const today = analyticsToday();
  const fiscalSetting = context.fiscalYear;
  const fiscalYear = fiscalYearOfSlug(request.fiscalYearSlug, today, fiscalSetting);
  if (fiscalYear < 1900 || fiscalYear > 2100) throw badRequest(`fiscalYearSlug '${request.fiscalYearSlug}' names a year outside 1900–2100`);
  const year = fiscalYearRange(fiscalYear, fiscalSetting);
  const configs = await configsOf(db, caller, request.configId, fiscalYear);
  if (request.configId > 0) {
    const config = configs[0]!;
    const types = [config.goalType, ...hierarchyOf(config)];
    if (!['FiscalMonth', 'Complete'].includes(request.groupBy) && !types.includes(request.groupBy)) {
      throw badRequest(`groupBy ${request.groupBy} is not a level of ${caller.kind.toLowerCase()} goal setup ${config.id}; expected one of ${[...types, 'FiscalMonth', 'Complete'].join(', ')}`);
    }
    if (request.groupBy === 'Complete' && caller.kind === 'Activity') throw badRequest('groupBy Complete is not used for activity goals');
  }
  const current = today < year.from ? year.from : today > year.to ? year.to : today;
  const currentMonth = fiscalMonthOf(current, fiscalSetting);
  let goals = await goalsAt(db, configs, request.groupBy, context.scope, currentMonth, sums);
  const search = request.body?.searchString?.trim().toLowerCase();
  if (search) goals = goals.filter((g) => g.key.toLowerCase().includes(search));
  const rollups = context.rollupsReady && year.from.endsWith('-01');
  // When the data runs through today, today's month's rollup row is the month to date: read by month through it.
  const monthStart = `${today.slice(0, 7)}-01` as IsoDate;
  const split = context.dataThrough && today >= context.dataThrough ? addMonths(monthStart, 1) : monthStart;
  const actuals = { source: actualSource(caller, request.bookingDateBasis), scope: context.scope, rollups, split };
  return { fiscalYear, year, today, fiscalSetting, currentMonth, goals, actuals };
}

/** The goal paths by group key, with the distinct paths of each (the same customer under two reps counts both). */
function groupsOf(goals: readonly Goal[]): Map<string, { goals: Goal[]; paths: Path[] }> {
  const groups = new Map<string, { goals: Goal[]; paths: Map<string, Path> }>();
  for (const goal of goals) {
    let group = groups.get(goal.key);
    if (!group) groups.set(goal.key, (group = { goals: [], paths: new Map() }));
    group.goals.push(goal);
    group.paths.set(JSON.stringify(goal.path), goal.path);
  }
  return new Map([...groups].map(([key, { goals, paths }]) => [key, { goals, paths: [...paths.values()] }]));
}

const round = (x: number) => Math.round(x * 100) / 100;
/** A group's actual of a period: its paths' sums (each to the cent) added; null without actuals. */
const sumOf = (found: ReadonlyArray<Readonly<Record<string, number>>> | null) => (name: string) =>
  found ? round(found.reduce((s, totals) => s + round(totals[name] ?? 0), 0)) : null;
const percent = (part: number | null, whole: number) => (part === null || whole <= 0 ? null : Math.round((part / whole) * 1000) / 10);

/** Goal against actual per group for the fiscal year, its current month and the year to date, with pacing. */
export async function goalActuals(db: Db, user: SessionUser, caller: GoalCaller, request: GoalActualRequest) {
  const p = await prepare(db, user, caller, request, 'monthly');
  const { year, today, currentMonth } = p;
  const monthFrom = addMonths(year.from, currentMonth - 1);
  const monthTo = currentMonth === 12 ? year.to : addDays(addMonths(year.from, currentMonth), -1);
  const month = { from: monthFrom, to: monthTo, workingDays: workingDays(monthFrom, monthTo), workingDaysElapsed: elapsedWorkingDays(monthFrom, monthTo, today) };
  const yearDays = workingDays(year.from, year.to);
  const yearElapsed = elapsedWorkingDays(year.from, year.to, today);
  const ytd = { from: year.from, to: today < year.to ? today : year.to };
  const { source, ...where } = p.actuals;
  const groups = groupsOf(p.goals);
  // The actuals and the names at once (two connections on PostgreSQL).
  const [actual, names] = await Promise.all([
    source ? actualsOf(db, { source, ...where }, p.goals, { year: ytd, month: { from: monthFrom, to: month.to < ytd.to ? month.to : ytd.to } }, request.groupBy === 'FiscalMonth', p.fiscalSetting) : null,
    namesOf(db, request.groupBy, [...groups.keys()]),
  ]);
  const rows = [...groups].map(([key, { goals, paths }]) => {
    const goal = round(goals.reduce((s, g) => s + g.goal1, 0));
    const goal2 = round(goals.reduce((s, g) => s + g.goal2, 0));
    const monthGoal = round(goals.reduce((s, g) => s + g.monthGoal, 0));
    const before = goals.reduce((s, g) => s + g.before, 0);
    const ytdGoal = today < year.from ? 0 : today > year.to ? goal : round(before + (month.workingDays > 0 ? (monthGoal * month.workingDaysElapsed) / month.workingDays : 0));
    const fiscalMonth = request.groupBy === 'FiscalMonth' ? Number(key) : undefined;
    const sum = sumOf(actual && paths.map((path) => actual(path, fiscalMonth)));
    const yearActual = sum('year');
    const monthActual = sum('month');
    const monthPace = pace(monthGoal, monthActual, month.workingDays, month.workingDaysElapsed);
    const yearPace = pace(goal, yearActual, yearDays, yearElapsed);
    return {
      key,
      name: names.get(key) ?? key,
      goal,
      monthGoal,
      ytdGoal: round(ytdGoal),
      goal2,
      actual: yearActual,
      monthActual,
      actual2: sum('yearProfit'),
      percentOfGoal: percent(yearActual, goal),
      monthPacePercent: monthPace.pacePercent,
      monthNeededPerWorkingDay: monthPace.neededPerWorkingDay,
      yearPacePercent: yearPace.pacePercent,
      yearNeededPerWorkingDay: yearPace.neededPerWorkingDay,
      level: Math.min(...goals.map((g) => g.level)),
    };
  });
  rows.sort((a, b) => (request.groupBy === 'FiscalMonth' ? Number(a.key) - Number(b.key) : b.goal - a.goal || a.key.localeCompare(b.key)));
  return {
    groupBy: request.groupBy,
    fiscalYear: p.fiscalYear,
    from: year.from,
    to: year.to,
    today,
    month,
    workingDays: yearDays,
    workingDaysElapsed: yearElapsed,
    workingDayBasis: 'Weekdays (no Holiday list)',
    rows,
  };
}

/** Goal against actual per group and fiscal quarter. */
export async function goalQuarters(db: Db, user: SessionUser, caller: GoalCaller, request: GoalActualRequest) {
  if (request.groupBy === 'FiscalMonth') throw badRequest('groupBy FiscalMonth has no quarters; use Grouped/FiscalMonth');
  const p = await prepare(db, user, caller, request, 'quarterly');
  const quarters = [0, 1, 2, 3].map((q) => ({ from: addMonths(p.year.from, q * 3), to: q === 3 ? p.year.to : addDays(addMonths(p.year.from, q * 3 + 3), -1) }));
  const periods = Object.fromEntries(quarters.map((q, i) => [`q${i + 1}`, q]));
  const { source, ...where } = p.actuals;
  const groups = groupsOf(p.goals);
  const [actual, names] = await Promise.all([
    source ? actualsOf(db, { source, ...where }, p.goals, { year: p.year, ...periods }, false, p.fiscalSetting) : null,
    namesOf(db, request.groupBy, [...groups.keys()]),
  ]);
  // The groups in the order of the monthly answer: the year's goal descending, then the key.
  const yearGoal = (goals: readonly Goal[]) => round(goals.reduce((s, g) => s + g.goal1, 0));
  const ordered = [...groups].sort(([a, x], [b, y]) => yearGoal(y.goals) - yearGoal(x.goals) || a.localeCompare(b));
  const rows = ordered.flatMap(([key, { goals, paths }]) => {
    const sum = sumOf(actual && paths.map((path) => actual(path)));
    return [1, 2, 3, 4].map((quarter) => {
      const inQuarter = goals.map((g) => g.quarters[quarter - 1]!);
      const goal = round(inQuarter.reduce((s, g) => s + g.goal1, 0));
      const a = sum(`q${quarter}`);
      return {
        key,
        name: names.get(key) ?? key,
        quarter,
        goal,
        goal2: round(inQuarter.reduce((s, g) => s + g.goal2, 0)),
        actual: a,
        actual2: sum(`q${quarter}Profit`),
        percentOfGoal: percent(a, goal),
      };
    });
  });
  return { groupBy: request.groupBy, fiscalYear: p.fiscalYear, rows };
}

