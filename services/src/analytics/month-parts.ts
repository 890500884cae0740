import { addDays, addMonths, endOfMonth, startOfMonth, type DateRange } from '@tradeboard/shared/dates';

/**
 * A range's whole months (first days, from ≤ to) and its partial edges: what a month rollup answers
 * and what a finer source must. A range running to the end of the data (`dataThrough`) holds its
 * last month whole: the rollup has every line of it there is.
 */
export function monthParts(range: DateRange, dataThrough: string | null): { months: DateRange | null; edges: DateRange[] } {
  const first = range.from === startOfMonth(range.from) ? range.from : addMonths(startOfMonth(range.from), 1);
  const toDataEnd = dataThrough !== null && range.to >= dataThrough;
  const last = range.to === endOfMonth(range.to) || toDataEnd ? startOfMonth(range.to) : addMonths(startOfMonth(range.to), -1);
  if (first > last) return { months: null, edges: [range] };
  return {
    months: { from: first, to: last },
    edges: [
      ...(range.from < first ? [{ from: range.from, to: addDays(first, -1) }] : []),
      ...(range.to > endOfMonth(last) && !toDataEnd ? [{ from: addDays(endOfMonth(last), 1), to: range.to }] : []),
    ],
  };
}

/** How many of the data's last months, the month it ends in first, the recent-month rollups keep (migrations 037, 039 and 042). */
const RECENT_MONTHS = 13;

/** Whether a month (its first day) is one of the data's last RECENT_MONTHS months, which the recent-month rollups keep. */
export function isRecentMonth(month: string, dataThrough: string | null): boolean {
  if (dataThrough === null) return false;
  const last = startOfMonth(dataThrough);
  return month <= last && month > addMonths(last, -RECENT_MONTHS);
}
