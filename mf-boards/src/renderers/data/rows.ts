import { orderedColumns, type ColumnConfigValue, type ColumnFormat, type ComponentConfigValue } from '@tradeboard/shared/boards';
import type { Row } from './format.ts';

/** What the table, chart and export read from any paged result. */
export type TableData = { rows: Row[]; totalCount: number; label?: string; years?: PagedResult['years'] };

type PagedResult = { rows?: Row[]; periods?: Row[]; totalCount?: number; label?: string; years?: { year: number; token?: string; from?: string }[] };

/** The rows of any result: a paged result's rows, or a SummaryResult's periods. */
export function tableData(result: unknown): TableData {
  const paged = (result ?? {}) as PagedResult;
  const rows = Array.isArray(paged.rows) ? paged.rows : Array.isArray(paged.periods) ? paged.periods : [];
  return { rows, totalCount: paged.totalCount ?? rows.length, label: paged.label, years: paged.years };
}

const MONEY_FIELDS = /sales|cost|grossProfit$|change$|amount|price|total|value|balance/i;
const PERCENT_FIELDS = /percent/i;

function guessFormat(field: string, value: unknown): ColumnFormat {
  if (typeof value !== 'number') return /date/i.test(field) ? 'date' : 'text';
  if (PERCENT_FIELDS.test(field)) return 'percent';
  if (MONEY_FIELDS.test(field)) return 'money';
  return Number.isInteger(value) ? 'integer' : 'number';
}

function titleOf(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/**
 * The columns a user edits: the config's, in display order; a component configured without
 * columns gets every plain field of the first row.
 */
export function columnsFor(config: ComponentConfigValue, result: unknown): ColumnConfigValue[] {
  if (config.columnConfigs?.length) return orderedColumns(config);
  const first = tableData(result).rows[0];
  if (!first) return [];
  return Object.entries(first)
    .filter(([, value]) => value === null || typeof value !== 'object' || Array.isArray(value))
    .map(([field, value], displayOrder) => ({
      dataSource: field,
      title: titleOf(field),
      displayOrder,
      isVisible: true,
      format: guessFormat(field, Array.isArray(value) ? value[0] : value),
    }));
}

/**
 * The columns as shown: a column whose rows hold an array (YearOverYear's sales per year) becomes
 * one column per element (`sales.0`, `sales.1` …), titled with the result's years.
 */
export function displayColumns(columns: readonly ColumnConfigValue[], result: unknown): ColumnConfigValue[] {
  const first = tableData(result).rows[0];
  const years = (result as PagedResult | undefined)?.years;
  return columns.flatMap((column) => {
    const value = first?.[column.dataSource];
    if (!Array.isArray(value)) return [column];
    return value.map((_, index) => ({
      ...column,
      dataSource: `${column.dataSource}.${index}`,
      title: `${column.title ?? titleOf(column.dataSource)} ${years?.[index]?.year ?? index + 1}`,
    }));
  });
}
