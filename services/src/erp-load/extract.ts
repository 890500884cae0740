/**
 * Reading an ERP extract (docs/erp-import.md): a ZIP of CSV or XLSX files, one per table, named
 * after the table (`customer.csv`, `invoice_line.xlsx`), with `<table>.delete.csv` listing the
 * keys to delete; or one XLSX workbook with a sheet per table. Every file becomes its header and
 * its rows as text; typing and checking them is validate.ts's.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';

/** One file of the extract: the rows of a table (or the keys to delete from it), as text. */
export type ExtractFile = {
  fileName: string;
  /** The table named by the file (it may not be one the layouts know). */
  table: string;
  kind: 'rows' | 'delete';
  header: string[];
  /** Each row's cells; a row's number in the file is its index + 2 (the header is row 1). */
  rows: string[][];
};

export class ExtractError extends Error {}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Parses CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks; CRLF or LF).
 * A UTF-8 byte-order mark is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += c;
  }
  if (quoted) throw new ExtractError('a quoted field is not closed before the end of the file');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A cell as CSV would hold it: quoted when it has a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell's value as text: rich text joined, a formula's result, a date as yyyy-MM-dd, an error as empty. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  });
  return rows;
}

function fileOf(fileName: string, table: string, grid: string[][]): ExtractFile {
  const lower = table.toLowerCase();
  const kind = lower.endsWith('.delete') ? 'delete' : 'rows';
  const [header = [], ...rows] = grid;
  return { fileName, table: kind === 'delete' ? lower.slice(0, -'.delete'.length) : lower, kind, header: header.map((h) => h.trim().toLowerCase()), rows };
}

async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

/** The files of an extract: a ZIP of CSV/XLSX files, one XLSX workbook (a sheet per table), or one CSV named after its table. */
export async function readExtract(bytes: Uint8Array, fileName: string): Promise<ExtractFile[]> {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === '.csv') return [fileOf(fileName, path.basename(fileName, extension), parseCsv(Buffer.from(bytes).toString('utf8')))];
  if (!XLSX_MAGIC.every((b, i) => bytes[i] === b)) throw new ExtractError(`${fileName} is not a ZIP, an XLSX workbook or a CSV file`);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ExtractError(`${fileName} cannot be opened as a ZIP file: ${(error as Error).message}`);
  }
  if ('[Content_Types].xml' in entries && Object.keys(entries).some((name) => name.startsWith('xl/'))) {
    const workbook = await workbookOf(bytes);
    return workbook.worksheets.map((sheet) => fileOf(`${fileName}:${sheet.name}`, sheet.name, sheetRows(sheet)));
  }
  const files: ExtractFile[] = [];
  for (const [entry, content] of Object.entries(entries)) {
    const base = path.posix.basename(entry);
    if (entry.endsWith('/') || base.startsWith('.') || entry.startsWith('__MACOSX/')) continue;
    const ext = path.extname(base).toLowerCase();
    const table = path.basename(base, path.extname(base));
    if (ext === '.csv') {
      try {
        files.push(fileOf(base, table, parseCsv(Buffer.from(content).toString('utf8'))));
      } catch (error) {
        throw new ExtractError(`${base}: ${(error as Error).message}`);
      }
    } else if (ext === '.xlsx') {
      const sheet = (await workbookOf(content)).worksheets[0];
      files.push(fileOf(base, table, sheet ? sheetRows(sheet) : []));
    } else files.push({ fileName: base, table, kind: 'rows', header: [], rows: [] });
  }
  if (files.length === 0) throw new ExtractError(`${fileName} holds no files`);
  return files;
}
