/**
 * Dynamic date choices (seed 000 §9): every choice is a pure function of a given "today" and
 * the FiscalYear setting, the same on the server (to answer a `dateSlug`) and in the browser
 * (to label a picker). Dates are ISO calendar dates (yyyy-mm-dd) without time or zone; all
 * arithmetic is on day numbers, so it never drifts with the host's time zone.
 *
 * Comparison periods compare like with like (docs/decisions.md "Date choices"):
 * - months, quarters, years and spans of days: the same calendar dates one year earlier
 *   (29 February maps to 28 February), so month-to-date compares with the same days of last
 *   year's month, YTD with the same days last year, a quarter with the same quarter last year;
 * - days and weeks: 52 weeks (364 days) earlier, so weekdays line up.
 * Periods still running (this week, this month, the current quarter, YTD, rolling months) end
 * today; `periodEnd` gives the period's natural end.
 */

export type IsoDate = string;
export type DateRange = { from: IsoDate; to: IsoDate };

export type ResolvedDateChoice = DateRange & {
  slug: string;
  label: string;
  /** The like-with-like period to compare with; null when none applies. */
  comparison: DateRange | null;
  /** The natural end of a period that is still running (e.g. the month's last day). */
  periodEnd: IsoDate;
};

export type DateOptions = {
  /** "Today": an ISO date, or a Date whose local calendar day is taken. */
  today: IsoDate | Date;
  /** The FiscalYear setting (seed default '1990': the fiscal year is the calendar year). */
  fiscalYear?: string | null;
  /** First day of the week, 0 = Sunday (default, US) … 6 = Saturday. */
  weekStartsOn?: number;
};

export const DEFAULT_FISCAL_YEAR_SETTING = '1990';

// ------------------------------------------------------------------------------- day numbers
const DAY_MS = 86_400_000;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = ISO_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/**
 * The dates a caller may name (a custom date or range, a report's from and to): any business
 * period fits, and every date computed from them (a year or 52 weeks earlier) stays a date the
 * database holds — year 0 or 9999 + 1 would fail there.
 */
export const DATE_WINDOW: DateRange = { from: '1900-01-01', to: '2100-12-31' };

/** A yyyy-mm-dd calendar date within DATE_WINDOW. */
export function isDateInWindow(value: unknown): value is IsoDate {
  return isIsoDate(value) && (value as string) >= DATE_WINDOW.from && (value as string) <= DATE_WINDOW.to;
}

/** Days since 1970-01-01. */
export function dayNumber(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (yyyy-mm-dd): ${date}`);
  const m = ISO_RE.exec(date)!;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

export function fromDayNumber(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A Date's local calendar day as yyyy-mm-dd. */
export function toIsoDate(date: Date): IsoDate {
  const y = String(date.getFullYear()).padStart(4, '0');
  return `${y}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function ymd(date: IsoDate): [number, number, number] {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (yyyy-mm-dd): ${date}`);
  const m = ISO_RE.exec(date)!;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function iso(y: number, m: number, d: number): IsoDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Adds months, keeping the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = ymd(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

export function startOfMonth(date: IsoDate): IsoDate {
  const [y, m] = ymd(date);
  return iso(y, m, 1);
}

export function endOfMonth(date: IsoDate): IsoDate {
  const [y, m] = ymd(date);
  return iso(y, m, daysInMonth(y, m));
}

/** Inclusive count of days in a range. */
export function daysIn(range: DateRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

function normalizeToday(today: IsoDate | Date): IsoDate {
  if (today instanceof Date) return toIsoDate(today);
  if (!isIsoDate(today)) throw new RangeError(`today must be yyyy-mm-dd, got ${today}`);
  return today;
}

// ------------------------------------------------------------------------------- fiscal year
export type FiscalYearStart = { month: number; day: number };

/**
 * The FiscalYear setting names the first day of the fiscal year. Accepted forms:
 * a bare year ('1990', the seed default) — no month or day given, so the fiscal year starts on
 * 1 January (the calendar year); 'yyyy-mm-dd' or 'MM/dd/yyyy' — the month and day of any year
 * (the year part is ignored, it is only an anchor); 'MM-dd' or 'MMdd'; a month number '1'…'12'.
 * Anything else falls back to 1 January. A day past the month's end is clamped (e.g. 29 Feb).
 */
export function parseFiscalYearSetting(value: string | null | undefined): FiscalYearStart {
  const text = (value ?? '').trim();
  let month = 1;
  let day = 1;
  let m: RegExpExecArray | null;
  if ((m = /^\d{4}-(\d{1,2})-(\d{1,2})$/.exec(text))) [month, day] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec(text))) [month, day] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,2})-(\d{1,2})$/.exec(text))) [month, day] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(0[1-9]|1[0-2])(\d{2})$/.exec(text)) && Number(m[2]) >= 1 && Number(m[2]) <= 31)
    [month, day] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,2})$/.exec(text))) month = Number(m[1]);
  if (!(month >= 1 && month <= 12) || !(day >= 1 && day <= 31)) return { month: 1, day: 1 };
  return { month, day: Math.min(day, [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!) };
}

function fiscalStartIn(year: number, start: FiscalYearStart): IsoDate {
  return iso(year, start.month, Math.min(start.day, daysInMonth(year, start.month)));
}

/** The fiscal year containing `date`: its first and last day, and its name (the year it ends in). */
export function fiscalYearOf(date: IsoDate, setting?: string | null): DateRange & { fiscalYear: number } {
  const start = parseFiscalYearSetting(setting ?? DEFAULT_FISCAL_YEAR_SETTING);
  const [y] = ymd(date);
  let from = fiscalStartIn(y, start);
  if (date < from) from = fiscalStartIn(y - 1, start);
  const [fy] = ymd(from);
  const next = fiscalStartIn(fy + 1, start);
  const to = addDays(next, -1);
  return { from, to, fiscalYear: ymd(to)[0] };
}

/** The fiscal year named `fiscalYear` (the calendar year it ends in). */
export function fiscalYearRange(fiscalYear: number, setting?: string | null): DateRange {
  const start = parseFiscalYearSetting(setting ?? DEFAULT_FISCAL_YEAR_SETTING);
  const from = start.month === 1 && start.day === 1 ? fiscalStartIn(fiscalYear, start) : fiscalStartIn(fiscalYear - 1, start);
  return { from, to: addDays(fiscalStartIn(ymd(from)[0] + 1, start), -1) };
}

/** The fiscal quarter (1–4) containing `date` and its range: three-month blocks from the fiscal start. */
export function fiscalQuarterOf(date: IsoDate, setting?: string | null): DateRange & { quarter: number; fiscalYear: number } {
  const year = fiscalYearOf(date, setting);
  for (let q = 0; q < 4; q++) {
    const from = addMonths(year.from, q * 3);
    const to = q === 3 ? year.to : addDays(addMonths(year.from, q * 3 + 3), -1);
    if (date >= from && date <= to) return { from, to, quarter: q + 1, fiscalYear: year.fiscalYear };
  }
  throw new Error('unreachable');
}

/** Fiscal month 1–12 of a date (1 = the month the fiscal year starts in). */
export function fiscalMonthOf(date: IsoDate, setting?: string | null): number {
  const year = fiscalYearOf(date, setting);
  for (let k = 1; k < 12; k++) if (date < addMonths(year.from, k)) return k;
  return 12;
}

// ------------------------------------------------------------------------------- helpers
function calendarQuarter(date: IsoDate): DateRange {
  const [y, m] = ymd(date);
  const first = Math.floor((m - 1) / 3) * 3 + 1;
  return { from: iso(y, first, 1), to: endOfMonth(iso(y, first + 2, 1)) };
}

function weekStart(date: IsoDate, weekStartsOn: number): IsoDate {
  const day = dayNumber(date);
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday
  return fromDayNumber(day - ((weekday - weekStartsOn + 7) % 7));
}

/** The same calendar dates one year earlier (29 Feb → 28 Feb). */
export function yearEarlier(range: DateRange, years = 1): DateRange {
  return { from: addYears(range.from, -years), to: addYears(range.to, -years) };
}

/**
 * One year earlier for a whole month-aligned range: the end stays at a month's end, so
 * February 2024 (to the 29th) compares with February 2023 (to the 28th) and the reverse.
 */
function monthsYearEarlier(range: DateRange): DateRange {
  return { from: addYears(range.from, -1), to: endOfMonth(addYears(range.to, -1)) };
}

function weeksEarlier(range: DateRange, weeks = 52): DateRange {
  return { from: addDays(range.from, -7 * weeks), to: addDays(range.to, -7 * weeks) };
}

// ------------------------------------------------------------------------------- the choices
type Context = { today: IsoDate; fiscalYear: string; weekStartsOn: number };
type Built = { from: IsoDate; to: IsoDate; comparison: DateRange | null; periodEnd?: IsoDate };

type ChoiceDef = { slug: string; label: string; group: 'day' | 'week' | 'month' | 'days' | 'year' | 'quarter' | 'custom'; build: (c: Context) => Built };

function day(offset: number) {
  return (c: Context): Built => {
    const d = addDays(c.today, offset);
    return { from: d, to: d, comparison: weeksEarlier({ from: d, to: d }) };
  };
}

function week(offset: number) {
  return (c: Context): Built => {
    const from = addDays(weekStart(c.today, c.weekStartsOn), offset * 7);
    const periodEnd = addDays(from, 6);
    const to = offset === 0 ? c.today : periodEnd;
    return { from, to, periodEnd, comparison: weeksEarlier({ from, to }) };
  };
}

function month(offset: number) {
  return (c: Context): Built => {
    const from = addMonths(startOfMonth(c.today), offset);
    const periodEnd = endOfMonth(from);
    if (offset === 0) return { from, to: c.today, periodEnd, comparison: yearEarlier({ from, to: c.today }) };
    return { from, to: periodEnd, comparison: monthsYearEarlier({ from, to: periodEnd }) };
  };
}

/** Rolling N months: this month so far and the N−1 months before it. */
function rollingMonths(n: number) {
  return (c: Context): Built => {
    const from = addMonths(startOfMonth(c.today), -(n - 1));
    return { from, to: c.today, periodEnd: endOfMonth(c.today), comparison: yearEarlier({ from, to: c.today }) };
  };
}

/** Last N months: the N whole months before this one. */
function lastMonths(n: number) {
  return (c: Context): Built => {
    const from = addMonths(startOfMonth(c.today), -n);
    const to = addDays(startOfMonth(c.today), -1);
    return { from, to, comparison: monthsYearEarlier({ from, to }) };
  };
}

/** Last N days: today and the N−1 days before it. */
function lastDays(n: number) {
  return (c: Context): Built => {
    const from = addDays(c.today, -(n - 1));
    return { from, to: c.today, comparison: yearEarlier({ from, to: c.today }) };
  };
}

function ytd(c: Context): Built {
  const [y] = ymd(c.today);
  const from = iso(y, 1, 1);
  return { from, to: c.today, periodEnd: iso(y, 12, 31), comparison: yearEarlier({ from, to: c.today }) };
}

function fiscalYtd(c: Context): Built {
  const year = fiscalYearOf(c.today, c.fiscalYear);
  const lastYear = fiscalYearOf(addDays(year.from, -1), c.fiscalYear);
  return { from: year.from, to: c.today, periodEnd: year.to, comparison: { from: lastYear.from, to: addYears(c.today, -1) } };
}

function lastYearYtd(c: Context): Built {
  const [y] = ymd(c.today);
  const range = { from: iso(y - 1, 1, 1), to: addYears(c.today, -1) };
  return { ...range, periodEnd: iso(y - 1, 12, 31), comparison: yearEarlier(range) };
}

function lastYear(c: Context): Built {
  const [y] = ymd(c.today);
  return { from: iso(y - 1, 1, 1), to: iso(y - 1, 12, 31), comparison: { from: iso(y - 2, 1, 1), to: iso(y - 2, 12, 31) } };
}

function lastFiscalYear(c: Context): Built {
  const current = fiscalYearOf(c.today, c.fiscalYear);
  const last = fiscalYearOf(addDays(current.from, -1), c.fiscalYear);
  const before = fiscalYearOf(addDays(last.from, -1), c.fiscalYear);
  return { from: last.from, to: last.to, comparison: { from: before.from, to: before.to } };
}

function quarter(which: 'current' | 'last', fiscal: boolean) {
  return (c: Context): Built => {
    const of = (d: IsoDate) => (fiscal ? fiscalQuarterOf(d, c.fiscalYear) : calendarQuarter(d));
    let q = of(c.today);
    if (which === 'last') q = of(addDays(q.from, -1));
    // The same quarter last year: its start one year back, its length three months.
    const lastYearFrom = addYears(q.from, -1);
    const lastYearQuarter = of(lastYearFrom);
    if (which === 'current') {
      return { from: q.from, to: c.today, periodEnd: q.to, comparison: { from: lastYearQuarter.from, to: addYears(c.today, -1) } };
    }
    return { from: q.from, to: q.to, comparison: { from: lastYearQuarter.from, to: lastYearQuarter.to } };
  };
}

const CHOICES: ChoiceDef[] = [
  { slug: 'today', label: 'Today', group: 'day', build: day(0) },
  { slug: 'yesterday', label: 'Yesterday', group: 'day', build: day(-1) },
  { slug: 'tomorrow', label: 'Tomorrow', group: 'day', build: day(1) },
  { slug: 'this-week', label: 'This Week', group: 'week', build: week(0) },
  { slug: 'last-week', label: 'Last Week', group: 'week', build: week(-1) },
  { slug: 'next-week', label: 'Next Week', group: 'week', build: week(1) },
  { slug: 'this-month', label: 'This Month', group: 'month', build: month(0) },
  { slug: 'last-month', label: 'Last Month', group: 'month', build: month(-1) },
  { slug: 'next-month', label: 'Next Month', group: 'month', build: month(1) },
  { slug: 'rolling-3-months', label: 'Rolling 3 Months', group: 'month', build: rollingMonths(3) },
  { slug: 'rolling-6-months', label: 'Rolling 6 Months', group: 'month', build: rollingMonths(6) },
  { slug: 'rolling-12-months', label: 'Rolling 12 Months', group: 'month', build: rollingMonths(12) },
  { slug: 'last-3-months', label: 'Last 3 Months', group: 'month', build: lastMonths(3) },
  { slug: 'last-6-months', label: 'Last 6 Months', group: 'month', build: lastMonths(6) },
  { slug: 'last-12-months', label: 'Last 12 Months', group: 'month', build: lastMonths(12) },
  { slug: 'last-30-days', label: 'Last 30 Days', group: 'days', build: lastDays(30) },
  { slug: 'last-60-days', label: 'Last 60 Days', group: 'days', build: lastDays(60) },
  { slug: 'last-90-days', label: 'Last 90 Days', group: 'days', build: lastDays(90) },
  { slug: 'last-365-days', label: 'Last 365 Days', group: 'days', build: lastDays(365) },
  { slug: 'year-to-date', label: 'Year to Date', group: 'year', build: ytd },
  { slug: 'fiscal-year-to-date', label: 'Fiscal Year to Date', group: 'year', build: fiscalYtd },
  { slug: 'last-year-to-date', label: 'Last Year YTD', group: 'year', build: lastYearYtd },
  { slug: 'last-year', label: 'Last Year', group: 'year', build: lastYear },
  { slug: 'last-fiscal-year', label: 'Last Fiscal Year', group: 'year', build: lastFiscalYear },
  { slug: 'current-quarter', label: 'Current Quarter', group: 'quarter', build: quarter('current', false) },
  { slug: 'last-quarter', label: 'Last Quarter', group: 'quarter', build: quarter('last', false) },
  { slug: 'current-fiscal-quarter', label: 'Current Fiscal Quarter', group: 'quarter', build: quarter('current', true) },
  { slug: 'last-fiscal-quarter', label: 'Last Fiscal Quarter', group: 'quarter', build: quarter('last', true) },
];

/** The fixed choices, in picker order, plus the two custom ones (see customDateSlug, customRangeSlug). */
export const DATE_CHOICES: ReadonlyArray<{ slug: string; label: string; group: ChoiceDef['group'] }> = [
  ...CHOICES.map(({ slug, label, group }) => ({ slug, label, group })),
  { slug: 'custom-date', label: 'Custom Date', group: 'custom' as const },
  { slug: 'custom-range', label: 'Custom Range', group: 'custom' as const },
];

export const DATE_SLUGS: readonly string[] = CHOICES.map((c) => c.slug);

/** A custom date as a dateSlug: the ISO date itself. */
export function customDateSlug(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (yyyy-mm-dd): ${date}`);
  return date;
}

/** A custom range as a dateSlug: 'yyyy-mm-dd_yyyy-mm-dd' (from, to; inclusive). */
export function customRangeSlug(from: IsoDate, to: IsoDate): string {
  if (!isIsoDate(from) || !isIsoDate(to) || from > to) throw new RangeError(`Not a date range: ${from} to ${to}`);
  return `${from}_${to}`;
}

export class DateSlugError extends Error {
  constructor(readonly slug: string) {
    super(`Unknown dateSlug '${slug}'`);
  }
}

/** Whether a dateSlug names a choice (fixed, custom date or custom range). */
export function isDateSlug(slug: string): boolean {
  return DATE_SLUGS.includes(slug) || isDateInWindow(slug) || customRange(slug) !== undefined;
}

/** A custom range slug's dates, when both are within DATE_WINDOW and in order. */
function customRange(slug: string): DateRange | undefined {
  const parts = slug.split('_');
  if (parts.length !== 2 || !isDateInWindow(parts[0]) || !isDateInWindow(parts[1]) || parts[0] > parts[1]) return undefined;
  return { from: parts[0], to: parts[1] };
}

/** Resolves a dateSlug for a "today" and fiscal year setting; throws DateSlugError when unknown. */
export function resolveDateSlug(slug: string, options: DateOptions): ResolvedDateChoice {
  const context: Context = {
    today: normalizeToday(options.today),
    fiscalYear: options.fiscalYear ?? DEFAULT_FISCAL_YEAR_SETTING,
    weekStartsOn: options.weekStartsOn ?? 0,
  };
  const def = CHOICES.find((c) => c.slug === slug);
  if (def) {
    const built = def.build(context);
    return { slug, label: def.label, from: built.from, to: built.to, periodEnd: built.periodEnd ?? built.to, comparison: built.comparison };
  }
  if (isDateInWindow(slug)) {
    return { slug, label: 'Custom Date', from: slug, to: slug, periodEnd: slug, comparison: yearEarlier({ from: slug, to: slug }) };
  }
  const range = customRange(slug);
  if (range) return { slug, label: 'Custom Range', ...range, periodEnd: range.to, comparison: yearEarlier(range) };
  throw new DateSlugError(slug);
}

// ------------------------------------------------------------------------------- due dates
/** Due-date choices (seed §9): due today, tomorrow, or within the next 7/14/21/30 days (from today). */
export const DUE_DATE_CHOICES: ReadonlyArray<{ slug: string; label: string; days: number; within: boolean }> = [
  { slug: 'due-today', label: 'Today', days: 0, within: false },
  { slug: 'due-tomorrow', label: 'Tomorrow', days: 1, within: false },
  { slug: 'due-in-7-days', label: 'In 7 Days', days: 7, within: true },
  { slug: 'due-in-14-days', label: 'In 14 Days', days: 14, within: true },
  { slug: 'due-in-21-days', label: 'In 21 Days', days: 21, within: true },
  { slug: 'due-in-30-days', label: 'In 30 Days', days: 30, within: true },
];

export function resolveDueDateChoice(slug: string, options: Pick<DateOptions, 'today'>): DateRange & { slug: string; label: string } {
  const today = normalizeToday(options.today);
  const choice = DUE_DATE_CHOICES.find((c) => c.slug === slug);
  if (!choice) throw new DateSlugError(slug);
  const to = addDays(today, choice.days);
  return { slug, label: choice.label, from: choice.within ? today : to, to };
}

// ------------------------------------------------------------------------------- year tokens
/** Year tokens (seed §9): the current year, minus 1, minus 2. */
export const YEAR_TOKENS: ReadonlyArray<{ token: 'current' | 'minus1' | 'minus2'; label: string; offset: number }> = [
  { token: 'current', label: 'Current Year', offset: 0 },
  { token: 'minus1', label: 'Current Year - 1', offset: -1 },
  { token: 'minus2', label: 'Current Year - 2', offset: -2 },
];
export type YearToken = (typeof YEAR_TOKENS)[number]['token'];

/**
 * The year a token stands for and its range: the calendar year, or with `fiscal` the fiscal
 * year (named by the year it ends in). The current year's range ends at its natural end.
 */
export function resolveYearToken(
  token: string,
  options: DateOptions & { fiscal?: boolean },
): DateRange & { token: YearToken; year: number } {
  const found = YEAR_TOKENS.find((t) => t.token === token);
  if (!found) throw new DateSlugError(token);
  const today = normalizeToday(options.today);
  if (options.fiscal) {
    const year = fiscalYearOf(today, options.fiscalYear).fiscalYear + found.offset;
    return { token: found.token, year, ...fiscalYearRange(year, options.fiscalYear) };
  }
  const year = ymd(today)[0] + found.offset;
  return { token: found.token, year, from: iso(year, 1, 1), to: iso(year, 12, 31) };
}
