import { saveBlob } from '@tradeboard/shared/web';
import type { LineColumn, Row } from './documentSpecs.ts';

/** A sheet name Excel accepts (31 characters, none of : \ / ? * [ ]). */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Lines';

/** Saves a document's lines as an XLSX workbook: its columns in order, numbers as numbers (money with cents). exceljs loads only now. */
export async function exportLines(title: string, columns: readonly LineColumn[], lines: readonly Row[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = columns.map((column) => ({
    header: column.title,
    key: column.key,
    width: Math.max(12, column.title.length + 4),
    style: column.type === 'money' ? { numFmt: '"$"#,##0.00;-"$"#,##0.00' } : column.type === 'number' ? { numFmt: '#,##0.##' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) sheet.addRow(columns.map((column) => line[column.key] ?? null));
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${title.replace(/[^\w.-]+/g, '-')}.xlsx`);
}
