import { orderedColumns, type ColumnConfigValue, type ColumnFormat, type ComponentConfigValue } from '@tradeboard/shared/boards';
import type { Row } from './format.ts';

/** What the table, chart and export read from any paged result. */
export type TableData = { rows: Row[]; totalCount: number; label?: string };

type PagedResult = { rows?: Row[]; totalCount?: number; label?: string; years?: { year: number }[] };

export function tableData(result: unknown): TableData {
  const paged = (result ?? {}) as PagedResult;
  const rows = Array.isArray(paged.rows) ? paged.rows : [];
  return { rows, totalCount: paged.totalCount ?? rows.length, label: paged.label };
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
 * The columns to show: the config's, in display order; a component configured without columns
 * shows every field of the first row (arrays, as in YearOverYear, one column per element, titled
 * with the result's years).
 */
export function columnsFor(config: ComponentConfigValue, result: unknown): ColumnConfigValue[] {
  if (config.columnConfigs?.length) return orderedColumns(config);
  const first = tableData(result).rows[0];
  if (!first) return [];
  const years = (result as PagedResult).years;
  const columns: ColumnConfigValue[] = [];
  for (const [field, value] of Object.entries(first)) {
    if (Array.isArray(value)) {
      value.forEach((element, index) =>
        columns.push({ dataSource: `${field}.${index}`, title: `${titleOf(field)} ${years?.[index]?.year ?? index + 1}`, displayOrder: columns.length, isVisible: true, format: guessFormat(field, element) }),
      );
    } else if (value === null || typeof value !== 'object') {
      columns.push({ dataSource: field, title: titleOf(field), displayOrder: columns.length, isVisible: true, format: guessFormat(field, value) });
    }
  }
  return columns;
}
