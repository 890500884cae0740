import type { Workbook } from 'exceljs';
import { buildPartRequest, type ColumnConfigValue, type ComponentConfigValue, type FilterValue, type ViewState } from '@tradeboard/shared/boards';
import { saveBlob } from '@tradeboard/shared/web';
import { callPart } from './api.ts';
import { cellValue, EXCEL_FORMATS, formatCell, type Row } from './format.ts';
import { tableData } from './rows.ts';

/** The API's largest page (seed 000 §3 request parameters: at most 500 a page). */
export const EXPORT_PAGE_SIZE = 500;

export type ExportQuery = {
  config: ComponentConfigValue;
  view: ViewState;
  boardFilters: readonly FilterValue[];
  autoSortEnabled: boolean;
};

/** Every row of the current query (its search, filters and sort), page by page; reports rows read so far. */
export async function fetchAllRows(query: ExportQuery, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const request = buildPartRequest(query.config, 'data', { ...query, pageNumber, pageSize: EXPORT_PAGE_SIZE });
    if (!request) return rows;
    const page = tableData(await callPart(request, signal));
    rows.push(...page.rows);
    onProgress(rows.length, page.totalCount);
    if (page.rows.length < EXPORT_PAGE_SIZE || rows.length >= page.totalCount) return rows;
  }
}

/** A sheet name Excel accepts (31 characters, none of : \ / ? * [ ]). */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Export';
}

/**
 * The workbook of an export: one sheet named after the component, the visible columns in their
 * order with their titles, numbers kept as numbers with the screen's formats (money in US dollars
 * with 0 decimals, percentages as on screen).
 */
export async function buildWorkbook(name: string, columns: readonly ColumnConfigValue[], rows: readonly Row[]): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(name));
  sheet.columns = columns.map((column) => ({
    header: column.title ?? column.dataSource,
    key: column.dataSource,
    width: Math.max(12, (column.title ?? column.dataSource).length + 4),
    style: EXCEL_FORMATS[column.format ?? 'text'] ? { numFmt: EXCEL_FORMATS[column.format ?? 'text'] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        const value = cellValue(row, column);
        const numericFormat = column.format === 'money' || column.format === 'number' || column.format === 'integer';
        return numericFormat && typeof value === 'number' ? value : formatCell(value, column.format);
      }),
    );
  }
  return workbook;
}

/** The file name of an export: the component's name, safe for every file system. */
export function exportFileName(name: string): string {
  return `${name.replace(/[<>:"/\\|?*]+/g, ' ').replace(/\s+/g, ' ').trim() || 'Export'}.xlsx`;
}

/** Hands the workbook to the browser as a download. */
export async function downloadWorkbook(workbook: Workbook, fileName: string): Promise<void> {
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
