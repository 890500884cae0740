/**
 * Goal against actual (issue 28, seed 001 §7.10 Grouped): the goals of a fiscal year grouped by
 * a goal type, a hierarchy type, FiscalMonth or Complete, beside the actuals — sales and gross
 * profit from the invoice lines, bookings from the bookings (by the booking date basis); activity
 * goals have no actuals until the CRM exists (null). With the month and year to date and pacing.
 *
 * Which goals a group sums: those set at the group-by's level of each config (the goal type is
 * level 0, hierarchy type n level n): at level n a row whose hierarchy value n is set and deeper
 * ones are not. An actual is cut by the group's value and by the values of the levels above it
 * (a customer's goal under rep SR01 counts SR01's sales to that customer).
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

type Goal = { config: GoalConfigRow; level: number; path: Array<[GoalGroupBy, string]>; key: string; month: number; goal1: number; goal2: number };

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

/** The goals at the group-by's level of each config, with the path of values above them. */
async function goalsAt(db: Db, configs: readonly GoalConfigRow[], groupBy: GoalGroupBy): Promise<Goal[]> {
  const goals: Goal[] = [];
  for (const config of configs) {
    const types = [config.goalType, ...hierarchyOf(config)] as GoalGroupBy[];
    const level = groupBy === 'FiscalMonth' || groupBy === 'Complete' ? 0 : types.indexOf(groupBy);
    if (level < 0) continue;
    const deeper = [1, 2, 3, 4, 5].filter((l) => l > level).map((l) => `hierarchy_value${l} IS NULL`);
    const own = level > 0 ? [`hierarchy_value${level} IS NOT NULL`] : [];
    const { rows } = await db.query<Record<string, string | number | null>>(
      `SELECT goal_type_value, goal_month, coalesce(goal1, 0)::float8 AS goal1, coalesce(goal2, 0)::float8 AS goal2,
              hierarchy_value1 AS h1, hierarchy_value2 AS h2, hierarchy_value3 AS h3, hierarchy_value4 AS h4, hierarchy_value5 AS h5
         FROM app.goal_row WHERE goal_config_id = $1 AND goal_type_value IS NOT NULL AND ${[...own, ...deeper].join(' AND ')}`,
      [config.id],
    );
    for (const row of rows) {
      const values = [row.goal_type_value, row.h1, row.h2, row.h3, row.h4, row.h5].slice(0, level + 1).map(String);
      const path = types.slice(0, level + 1).map((type, i) => [type, values[i]!] as [GoalGroupBy, string]);
      const month = Number(row.goal_month ?? 0);
      const key = groupBy === 'Complete' ? 'Complete' : groupBy === 'FiscalMonth' ? String(month) : values[level]!;
      goals.push({ config, level, path, key, month, goal1: Number(row.goal1), goal2: Number(row.goal2) });
    }
  }
  return goals;
}

/** Drops the goals outside a non-administrator's scope: visible when a level names a rep of his, or a customer of one. */
async function visibleGoals(db: Db, scope: DataScope, goals: Goal[]): Promise<Goal[]> {
  if (scope.all) return goals;
  const reps = new Set(scope.salesReps);
  const customers = [...new Set(goals.flatMap((g) => g.path.filter(([t]) => t === 'Customer').map(([, v]) => v)))];
  const mine = new Set<string>();
  if (customers.length) {
    const { rows } = await db.query<{ customer: string }>('SELECT DISTINCT customer FROM erp.customer WHERE customer = ANY($1::text[]) AND sales_rep = ANY($2::text[])', [customers, [...reps]]);
    for (const r of rows) mine.add(r.customer);
  }
  return goals.filter((g) => g.path.some(([type, value]) => (type === 'SalesRep' && reps.has(value)) || (type === 'Customer' && mine.has(value))));
}

type Period = { from: IsoDate; to: IsoDate };
type ActualSource = { table: string; date: string };

function actualSource(caller: GoalCaller, bookingDateBasis: string | undefined): ActualSource | null {
  if (caller.kind === 'Sales') return { table: 'erp.invoice_line', date: 'invoice_date' };
  if (caller.kind === 'Bookings') {
    const basis = bookingDateBasis ?? caller.settings.BookingDateBasis ?? 'OrderLineDate';
    return { table: 'erp.booking', date: basis === 'BookingDate' ? 'booking_date' : 'order_line_date' };
  }
  return null;
}

/**
 * Actual amount and gross profit for each goal path (the group's values and those above it), in
 * each period given: one scan of the source grouped by the dimensions the paths use.
 */
async function actualsOf(db: Db, scope: DataScope, source: ActualSource, goals: readonly Goal[], periods: Record<string, Period>, byMonth: boolean, fiscalSetting: string) {
  const dimensions = [...new Set(goals.flatMap((g) => g.path.map(([type]) => type)).filter((t) => DIMENSION_COLUMN[t]))];
  const columns = dimensions.map((d) => DIMENSION_COLUMN[d]!);
  const params = new SqlParams();
  const where = [`${source.date} BETWEEN ${params.add(periods.year!.from)}::date AND ${params.add(periods.year!.to)}::date`];
  const scoped = scopePredicate(scope, 'sales_rep', params);
  if (scoped) where.push(scoped);
  const sums = Object.entries(periods).flatMap(([name, p]) => {
    const filter = `FILTER (WHERE ${source.date} BETWEEN ${params.add(p.from)}::date AND ${params.add(p.to)}::date)`;
    return [`coalesce(sum(sales) ${filter}, 0)::float8 AS "${name}"`, `coalesce(sum(sales - cost) ${filter}, 0)::float8 AS "${name}Profit"`];
  });
  const month = byMonth ? [`date_trunc('month', ${source.date})::date::text AS "startOfMonth"`] : [];
  const groupCols = [...columns, ...(byMonth ? [`date_trunc('month', ${source.date})`] : [])];
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${[...columns, ...month, ...sums].join(', ')} FROM ${source.table} WHERE ${where.join(' AND ')}${groupCols.length ? ` GROUP BY ${groupCols.join(', ')}` : ''}`,
    params.values,
  );
  const fiscalMonths = rows.map((row) => (byMonth ? fiscalMonthOf(String(row.startOfMonth), fiscalSetting) : 0));
  /** The sum over the source rows matching a path (and a fiscal month when by month). */
  return (path: ReadonlyArray<[GoalGroupBy, string]>, name: string, fiscalMonth?: number) => {
    let total = 0;
    for (const [index, row] of rows.entries()) {
      if (!path.every(([type, value]) => !DIMENSION_COLUMN[type] || row[DIMENSION_COLUMN[type]!] === value)) continue;
      if (fiscalMonth !== undefined && fiscalMonths[index] !== fiscalMonth) continue;
      total += Number(row[name] ?? 0);
    }
    return Math.round(total * 100) / 100;
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
  goals: Goal[];
  source: ActualSource | null;
  scope: DataScope;
};

async function prepare(db: Db, user: SessionUser, caller: GoalCaller, request: GoalActualRequest): Promise<Prepared> {
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
  let goals = await visibleGoals(db, context.scope, await goalsAt(db, configs, request.groupBy));
  const search = request.body?.searchString?.trim().toLowerCase();
  if (search) goals = goals.filter((g) => g.key.toLowerCase().includes(search));
  return { fiscalYear, year, today, fiscalSetting, goals, source: actualSource(caller, request.bookingDateBasis), scope: context.scope };
}

const round = (x: number) => Math.round(x * 100) / 100;
const percent = (part: number | null, whole: number) => (part === null || whole <= 0 ? null : Math.round((part / whole) * 1000) / 10);

/** Goal against actual per group for the fiscal year, its current month and the year to date, with pacing. */
export async function goalActuals(db: Db, user: SessionUser, caller: GoalCaller, request: GoalActualRequest) {
  const p = await prepare(db, user, caller, request);
  const { year, today } = p;
  const current = today < year.from ? year.from : today > year.to ? year.to : today;
  const currentMonth = fiscalMonthOf(current, p.fiscalSetting);
  const monthFrom = addMonths(year.from, currentMonth - 1);
  const monthTo = currentMonth === 12 ? year.to : addDays(addMonths(year.from, currentMonth), -1);
  const month = { from: monthFrom, to: monthTo, workingDays: workingDays(monthFrom, monthTo), workingDaysElapsed: elapsedWorkingDays(monthFrom, monthTo, today) };
  const yearDays = workingDays(year.from, year.to);
  const yearElapsed = elapsedWorkingDays(year.from, year.to, today);
  const ytd = { from: year.from, to: today < year.to ? today : year.to };
  const actual = p.source
    ? await actualsOf(db, p.scope, p.source, p.goals, { year: ytd, month: { from: monthFrom, to: month.to < ytd.to ? month.to : ytd.to } }, request.groupBy === 'FiscalMonth', p.fiscalSetting)
    : null;

  const groups = new Map<string, Goal[]>();
  for (const goal of p.goals) groups.set(goal.key, [...(groups.get(goal.key) ?? []), goal]);
  const names = await namesOf(db, request.groupBy, [...groups.keys()]);
  const rows = [...groups].map(([key, goals]) => {
    const goal = round(goals.reduce((s, g) => s + g.goal1, 0));
    const goal2 = round(goals.reduce((s, g) => s + g.goal2, 0));
    const monthGoal = round(goals.filter((g) => g.month === currentMonth).reduce((s, g) => s + g.goal1, 0));
    const before = goals.filter((g) => g.month >= 1 && g.month < currentMonth).reduce((s, g) => s + g.goal1, 0);
    const ytdGoal = today < year.from ? 0 : today > year.to ? goal : round(before + (month.workingDays > 0 ? (monthGoal * month.workingDaysElapsed) / month.workingDays : 0));
    // One path per distinct goal path of the group (the same customer under two reps counts both).
    const paths = [...new Map(goals.map((g) => [JSON.stringify(g.path), g.path])).values()];
    const sum = (name: string, fiscalMonth?: number) => (actual ? round(paths.reduce((s, path) => s + actual(path, name, fiscalMonth), 0)) : null);
    const fiscalMonth = request.groupBy === 'FiscalMonth' ? Number(key) : undefined;
    const yearActual = sum('year', fiscalMonth);
    const monthActual = sum('month', fiscalMonth);
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
      actual2: sum('yearProfit', fiscalMonth),
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
  const p = await prepare(db, user, caller, request);
  const quarters = [0, 1, 2, 3].map((q) => ({ from: addMonths(p.year.from, q * 3), to: q === 3 ? p.year.to : addDays(addMonths(p.year.from, q * 3 + 3), -1) }));
  const periods = Object.fromEntries(quarters.map((q, i) => [`q${i + 1}`, q]));
  const actual = p.source ? await actualsOf(db, p.scope, p.source, p.goals, { year: p.year, ...periods }, false, p.fiscalSetting) : null;
  const groups = new Map<string, Goal[]>();
  for (const goal of p.goals) groups.set(goal.key, [...(groups.get(goal.key) ?? []), goal]);
  const names = await namesOf(db, request.groupBy, [...groups.keys()]);
  const rows = [...groups].flatMap(([key, goals]) => {
    const paths = [...new Map(goals.map((g) => [JSON.stringify(g.path), g.path])).values()];
    return [1, 2, 3, 4].map((quarter) => {
      const inQuarter = goals.filter((g) => Math.ceil(g.month / 3) === quarter);
      const goal = round(inQuarter.reduce((s, g) => s + g.goal1, 0));
      const a = actual ? round(paths.reduce((s, path) => s + actual(path, `q${quarter}`), 0)) : null;
      return {
        key,
        name: names.get(key) ?? key,
        quarter,
        goal,
        goal2: round(inQuarter.reduce((s, g) => s + g.goal2, 0)),
        actual: a,
        actual2: actual ? round(paths.reduce((s, path) => s + actual(path, `q${quarter}Profit`), 0)) : null,
        percentOfGoal: percent(a, goal),
      };
    });
  });
  return { groupBy: request.groupBy, fiscalYear: p.fiscalYear, rows };
}

