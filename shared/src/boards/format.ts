import type { ColumnFormat } from './componentConfig.ts';

// The one formatting module of every figure a board shows (tables, KPIs, tiles, chart axes and
// tooltips, the Excel export's text): units, abbreviations and dates per the user's
// DateFormatSetting. Renderers never format a number or a date on their own.

/** Seed 000 §9 DateFormatSetting default. */
export const DEFAULT_DATE_FORMAT = 'MM/dd/yyyy';

/** What a figure measures: it decides the symbol, the decimals and how an axis abbreviates it. */
export type ValueUnit = 'money' | 'count' | 'number' | 'percent';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactPercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The unit of a column format; null for text and dates. */
export function unitOfFormat(format: ColumnFormat | undefined): ValueUnit | null {
  switch (format) {
    case 'money':
      return 'money';
    case 'integer':
      return 'count';
    case 'number':
      return 'number';
    case 'percent':
      return 'percent';
    default:
      return null;
  }
}

/**
 * The one unit of several figures drawn on one axis: theirs when they agree; money never wins
 * over a count (a count drawn on a $ axis reads as dollars), so mixed units fall back to plain numbers.
 */
export function commonUnit(units: ReadonlyArray<ValueUnit | null>): ValueUnit {
  const known = [...new Set(units.filter((u): u is ValueUnit => u !== null))];
  return known.length === 1 ? known[0]! : 'number';
}

/** US dollars with no decimals ($1,234,568), as every figure of the product shows money (seed 000 §9). */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** Percent values arrive as percentages (12.5 → 12.5%). */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

/** A figure in full (tables, tooltips, KPIs); empty when it is not a finite number. */
export function formatValue(value: number | null | undefined, unit: ValueUnit): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  switch (unit) {
    case 'money':
      return formatMoney(value);
    case 'percent':
      return formatPercent(value);
    case 'count':
      return count.format(value);
    case 'number':
      return number.format(value);
  }
}

/** A figure abbreviated for an axis or a tight tile: $1.5M, 12K, 45%. */
export function formatCompact(value: number | null | undefined, unit: ValueUnit): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  switch (unit) {
    case 'money':
      return compactMoney.format(value);
    case 'percent':
      return `${compactPercent.format(value)}%`;
    case 'count':
    case 'number':
      return compact.format(value);
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The DateFormatSetting tokens (the .NET / date-fns spelling), longest first. */
const DATE_TOKENS = /yyyy|yy|MMM|MM|M|dd|d/g;

/**
 * An ISO calendar date (2026-11-20, or the date of a timestamp) in the user's DateFormatSetting
 * (MM/dd/yyyy, dd.MM.yyyy, yyyy-MM-dd …: tokens yyyy yy MMM MM M dd d). Read as a calendar day, so
 * no time zone moves it. Anything else is returned as it is.
 */
export function formatDate(value: string, pattern: string = DEFAULT_DATE_FORMAT): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const parts: Record<string, string> = {
    yyyy: y,
    yy: y.slice(2),
    MMM: MONTHS[Number(m) - 1] ?? m,
    MM: m,
    M: String(Number(m)),
    dd: d,
    d: String(Number(d)),
  };
  return (pattern || DEFAULT_DATE_FORMAT).replace(DATE_TOKENS, (token) => parts[token]!);
}

/** A period "from – to" in the user's date format. */
export function formatDateRange(from: string, to: string, pattern?: string): string {
  return from === to ? formatDate(from, pattern) : `${formatDate(from, pattern)} – ${formatDate(to, pattern)}`;
}

/** The time grain of a chart's categories (the call's groupBy), when they are periods. */
export type TimeGrain = 'day' | 'month' | 'quarter';

/**
 * A category of a chart axis: a day in the user's date format, a month as "Jan 2026" (a
 * year-over-year month, "01", as "Jan"), a quarter as "Q4 2025"; any other label as it is.
 * `short` (the ticks after the first on a time axis) leaves the year out except at its start:
 * "Dec 2025, Jan 2026, Feb, Mar", days as "11/20", so labels stay level and legible.
 */
export function formatCategory(value: string, grain: TimeGrain | null, pattern: string = DEFAULT_DATE_FORMAT, short = false): string {
  if (grain === 'day' || ISO_DATE.test(value)) {
    // The pattern without its year and the separator beside it: MM/dd/yyyy → MM/dd, yyyy-MM-dd → MM-dd.
    return formatDate(value, short ? pattern.replace(/^y+[^A-Za-z]*|[^A-Za-z]*y+$|y+[^A-Za-z]*/, '') : pattern);
  }
  const month = /^(?:(\d{4})-)?(\d{2})$/.exec(value);
  if (month && (grain === 'month' || month[1])) {
    const name = MONTHS[Number(month[2]) - 1];
    if (name) return month[1] && (!short || month[2] === '01') ? `${name} ${month[1]}` : name;
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(value);
  if (quarter) return short && quarter[2] !== '1' ? `Q${quarter[2]}` : `Q${quarter[2]} ${quarter[1]}`;
  return value;
}

/** A label cut to `max` characters with an ellipsis (long category names on an axis). */
export function truncateLabel(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}
