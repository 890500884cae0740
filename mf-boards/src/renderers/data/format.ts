import type { ColumnConfigValue, ColumnFormat, ColumnLink } from '@tradeboard/shared/boards';

export type Row = Record<string, unknown>;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** US dollars with no decimals ($1,234,568), as every figure of the product shows money. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** Percent values arrive as percentages (12.5 → 12.5%). */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

function formatDate(value: unknown): string {
  const text = String(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  // Seed §9 DateFormatSetting MM/dd/yyyy.
  return match ? `${match[2]}/${match[3]}/${match[1]}` : text;
}

/** A cell as the screen (and the Excel export's text) shows it; empty for null. */
export function formatCell(value: unknown, format: ColumnFormat | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const numeric = typeof value === 'number' ? value : Number.NaN;
  switch (format) {
    case 'money':
      return Number.isFinite(numeric) ? formatMoney(numeric) : String(value);
    case 'percent':
      return Number.isFinite(numeric) ? formatPercent(numeric) : String(value);
    case 'number':
      return Number.isFinite(numeric) ? number.format(numeric) : String(value);
    case 'integer':
      return Number.isFinite(numeric) ? integer.format(numeric) : String(value);
    case 'date':
      return formatDate(value);
    default:
      return typeof value === 'number' ? number.format(value) : String(value);
  }
}

/** Excel number formats matching formatCell (money: US dollars, 0 decimals). */
export const EXCEL_FORMATS: Partial<Record<ColumnFormat, string>> = {
  money: '"$"#,##0;-"$"#,##0',
  number: '#,##0.##',
  integer: '#,##0',
};

const ACCOUNT_FIELDS = ['customer', 'accountId', 'key'];

function text(row: Row, field: string): string | undefined {
  const value = row[field];
  return value === null || value === undefined || value === '' ? undefined : String(value);
}

function accountHref(row: Row): string | null {
  const accountId = ACCOUNT_FIELDS.map((field) => text(row, field)).find((value) => value !== undefined);
  if (!accountId) return null;
  const query = new URLSearchParams({ accountType: 'customer', accountId });
  const company = text(row, 'company');
  if (company) query.set('company', company);
  return `/accountSummary?${query}`;
}

/**
 * Where a linked cell drills through (docs/component-config.md): the account summary filtered to
 * the row's account; an item's inventory detail; documents have no detail page yet, so they open
 * their account. Null when the row lacks what the link needs.
 */
export function drillHref(link: ColumnLink, row: Row): string | null {
  if (link === 'item') {
    const itemNumber = text(row, 'itemNumber') ?? text(row, 'key');
    return itemNumber ? `/inventoryDetail?${new URLSearchParams({ itemNumber })}` : null;
  }
  return accountHref(row);
}

/** The value a column shows for a row (a dotted dataSource reads nested fields). */
export function cellValue(row: Row, column: Pick<ColumnConfigValue, 'dataSource'>): unknown {
  return column.dataSource.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Row)[key] : undefined), row);
}
