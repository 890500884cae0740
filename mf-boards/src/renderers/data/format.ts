import { formatDate, formatValue, unitOfFormat, type ColumnConfigValue, type ColumnFormat, type ColumnLink } from '@tradeboard/shared/boards';

export type Row = Record<string, unknown>;

/**
 * A cell as the screen (and the Excel export's text) shows it; empty for null. Numbers and dates
 * follow the boards' one formatting module (dates in the user's DateFormatSetting).
 */
export function formatCell(value: unknown, format: ColumnFormat | undefined, datePattern?: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'date') return formatDate(String(value), datePattern);
  // A number that is not finite (a division by zero upstream) shows empty, never "NaN".
  return typeof value === 'number' ? formatValue(value, unitOfFormat(format) ?? 'number') : String(value);
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

/** A document link's number fields, first found wins, and its detail page (seed 000 §2 details/… routes). */
const DOCUMENT_LINKS: Readonly<Record<string, { fields: readonly string[]; page: string }>> = {
  invoice: { fields: ['invoiceNumber'], page: 'invoice' },
  order: { fields: ['orderNumber'], page: 'order' },
  quote: { fields: ['quoteNumber'], page: 'quote' },
  purchaseOrder: { fields: ['poNumber', 'purchaseOrderNumber'], page: 'purchaseOrder' },
};

/** A document's detail page, /details/invoice/{invoiceNumber}?company=…; null when the row has no number. */
function documentHref(link: string, row: Row): string | null {
  const spec = DOCUMENT_LINKS[link];
  const number = spec?.fields.map((field) => text(row, field)).find((value) => value !== undefined);
  if (!spec || !number) return null;
  const company = text(row, 'company');
  return `/details/${spec.page}/${encodeURIComponent(number)}${company ? `?${new URLSearchParams({ company })}` : ''}`;
}

/**
 * Where a linked cell drills through (docs/component-config.md): the account summary filtered to
 * the row's account; an item its item page (details/item, in the row's company); a supplier's supplier summary; an invoice, order,
 * quote or purchase order its detail page (the account when the row has no number). Null when the
 * row lacks what the link needs.
 */
export function drillHref(link: ColumnLink, row: Row): string | null {
  const document = documentHref(link, row);
  if (document) return document;
  if (link === 'item') {
    const itemNumber = text(row, 'itemNumber') ?? text(row, 'key');
    if (!itemNumber) return null;
    const company = text(row, 'company');
    return `/details/item?${new URLSearchParams({ itemNumber, ...(company ? { company } : {}) })}`;
  }
  if (link === 'supplier') {
    const supplier = text(row, 'supplier') ?? text(row, 'key');
    if (!supplier) return null;
    const company = text(row, 'company');
    return `/supplierSummary?${new URLSearchParams({ supplier, ...(company ? { company } : {}) })}`;
  }
  return accountHref(row);
}

/** The value a column shows for a row (a dotted dataSource reads nested fields). */
export function cellValue(row: Row, column: Pick<ColumnConfigValue, 'dataSource'>): unknown {
  return column.dataSource.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Row)[key] : undefined), row);
}
